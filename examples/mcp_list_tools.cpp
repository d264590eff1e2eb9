// mcp_list_tools: starts each MCP server given on the command line, connects over stdio
// (server/discover probe, else the initialize handshake), and prints its tools as a TOON table.
//
//   mcp_list_tools -- npx -y @modelcontextprotocol/server-memory -- uvx mcp-server-time
//
// Each `--` starts one server's argv (run without a shell). Exit code 1 when a server fails.
#include <iostream>
#include <string>
#include <vector>

#include "toon/mcp/client.hpp"
#include "toon/toon.hpp"

namespace {

/// The names of a tool's parameters, required ones first and marked with '!'.
std::string parameter_list(const toon::value& schema) {
  std::string out;
  const toon::value* props = schema.find("properties");
  if (props == nullptr || !props->is_object()) return out;
  const toon::value* required = schema.find("required");
  auto is_required = [&](const std::string& name) {
    if (required == nullptr || !required->is_array()) return false;
    for (const toon::value& r : required->as_array())
      if (r.is_string() && r.as_string() == name) return true;
    return false;
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (const toon::member& m : props->as_object()) {
      if (is_required(m.key) != (pass == 0)) continue;
      if (!out.empty()) out += ' ';
      out += m.key;
      if (pass == 0) out += '!';
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::vector<std::string>> servers;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") {
      servers.emplace_back();
    } else if (!servers.empty()) {
      servers.back().push_back(arg);
    } else {
      std::cerr << "usage: mcp_list_tools -- SERVER ARGS... [-- SERVER ARGS...]\n";
      return 2;
    }
  }
  if (servers.empty()) {
    std::cerr << "usage: mcp_list_tools -- SERVER ARGS... [-- SERVER ARGS...]\n";
    return 2;
  }

  int status = 0;
  for (const std::vector<std::string>& command : servers) {
    if (command.empty()) continue;
    toon::mcp::process_options server;
    server.argv = command;
    auto client = toon::mcp::client::connect(server);
    if (!client) {
      std::cerr << command[0] << ": " << client.error().message << '\n';
      status = 1;
      continue;
    }
    auto tools = client->list_tools();
    if (!tools) {
      std::cerr << command[0] << ": " << tools.error().message << '\n';
      status = 1;
      continue;
    }
    toon::array rows;
    for (const toon::mcp::tool_info& tool : *tools) {
      std::string description = tool.description.substr(0, tool.description.find('\n'));
      rows.push_back(toon::object{{"name", tool.name},
                                  {"params", parameter_list(tool.input_schema)},
                                  {"description", description}});
    }
    const toon::mcp::server_info& info = client->server();
    toon::value doc = toon::object{
        {"server", info.name.empty() ? command[0] : info.name},
        {"version", info.version},
        {"protocol", info.protocol_version},
        {"tools", std::move(rows)}};
    std::cout << toon::encode(doc) << "\n\n";
    client->shutdown();
  }
  return status;
}
