// toon::mcp::server serving one no-op tool over stdio, for mcp_bench.cpp (docs/benchmarks.md,
// "MCP over stdio"), with the default server_options.
#include <string>

#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

namespace {
struct no_args {};
}  // namespace

int main() {
  toon::tool_catalog cat;
  cat.add<no_args>("noop", "Does nothing", "", [](const no_args&) { return std::string("ok"); });
  toon::mcp::server_options options;
  options.info.name = "toon-noop";
  options.log = {};
  toon::mcp::server server(cat, options);
  return server.serve_stdio() == 0 ? 0 : 1;
}
