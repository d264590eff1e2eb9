// mcp_list_tools: starts each MCP server given on the command line, connects over stdio
// (server/discover probe, else the initialize handshake), and prints its tools as a TOON tools
// table: each inputSchema converted to typed params (toon/mcp/compact.hpp, docs/mcp.md).
//
//   mcp_list_tools -- npx -y @modelcontextprotocol/server-memory -- uvx mcp-server-time
//
// Each `--` starts one server's argv (run without a shell). Exit code 1 when a server fails.
#include <iostream>
#include <string>
#include <vector>

#include "toon/mcp/client.hpp"
#include "toon/mcp/compact.hpp"
#include "toon/toon.hpp"

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
    toon::value table = toon::mcp::tools_table_value(toon::mcp::compact_tools(*tools));
    const toon::mcp::server_info& info = client->server();
    toon::value doc = toon::object{
        {"server", info.name.empty() ? command[0] : info.name},
        {"version", info.version},
        {"protocol", info.protocol_version},
        {"tools", std::move(table.as_object().at("tools"))}};
    std::cout << toon::encode(doc) << "\n\n";
    client->shutdown();
  }
  return status;
}
