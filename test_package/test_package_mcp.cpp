// Conan test_package, component toon::mcp: an MCP server (with the tool catalog of the core and
// the MCP-DSL of toon::dsl) answers initialize and tools/list, and an MCP-DSL call runs a tool.
#include <toon/dsl/catalog.hpp>
#include <toon/mcp/server.hpp>
#include <toon/tools.hpp>

#include <iostream>
#include <string>
#include <string_view>
#include <vector>

struct greet_args {
  std::string name;
};

int main() {
  toon::tool_catalog catalog;
  catalog.add<greet_args>("greet", "Greets someone", "", [](const greet_args& a) { return "hello " + a.name; });

  if (toon::mcp_dsl::call(catalog, "> tools/call {name: greet, args: {name: dsl}}").text != "hello dsl") {
    std::cerr << "MCP-DSL call failed\n";
    return 1;
  }

  std::vector<std::string> sent;
  toon::mcp::server server(catalog, {}, [&](std::string_view message) { sent.emplace_back(message); });
  server.handle_line(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
      R"("capabilities":{},"clientInfo":{"name":"test_package","version":"1"}}})");
  server.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  server.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})");
  server.wait_idle();
  if (sent.size() != 2 || sent[1].find("\"greet\"") == std::string::npos) {
    std::cerr << "unexpected tools/list answer: " << (sent.empty() ? std::string("(none)") : sent.back()) << '\n';
    return 1;
  }
  std::cout << "toon::mcp test_package: ok\n";
  return 0;
}
