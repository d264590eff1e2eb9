// Include cost: a user's one-file MCP server (toon::mcp::server over stdio, one typed tool), as
// in docs/mcp.md (scripts/include-cost.sh).
#include <toon/mcp/server.hpp>
#include <toon/tools.hpp>

#include "record.hpp"

struct lookup_args {
  std::string name;
  int limit = 3;
};

int main() {
  toon::tool_catalog cat;
  cat.add<lookup_args>("lookup", "Looks records up by name", "", [](const lookup_args& a) {
    return std::vector<include_cost_record>(static_cast<std::size_t>(a.limit), include_cost_record{1, a.name});
  });
  toon::mcp::server_options options;
  options.info.name = "records";
  toon::mcp::server server(cat, options);
  return server.serve_stdio();
}
