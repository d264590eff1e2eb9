// A filesystem and git tool set for an LLM, built with toon::tool_catalog (docs/tools.md).
//
// Each tool is one argument struct (with toon::meta descriptions and defaults) and one handler.
// The program prints the catalog in both forms – the TOON tools table with the category
// summary, and the MCP tools/list JSON – then answers a few tools/call requests, valid and
// invalid, as an MCP server would.
//
// The filesystem tools really work, inside a scratch workspace the program creates in the
// temporary directory (and deletes at the end); paths outside it are refused. The git tools do
// NOT run git: they answer with the command they would run, and say so.
//
// Exit status: 0 when every demonstrated call behaved as expected (it runs as a ctest).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "toon/json.hpp"
#include "toon/toon.hpp"
#include "toon/tools.hpp"

#include "fs_git_tools.hpp"

namespace demo {

// ---- the demonstration -----------------------------------------------------------------------

int failures = 0;

void heading(const std::string& title) { std::cout << "\n=== " << title << " ===\n"; }

// Sends one tools/call request (JSON-RPC, as an MCP client would) and prints the response.
void request(const toon::tool_catalog& cat, int id, const std::string& params_json, toon::call_status expected) {
  std::cout << "\n--> tools/call " << params_json << '\n';
  toon::call_result r = cat.call_mcp_json(params_json);
  std::cout << "<-- " << toon::to_json(r.to_jsonrpc(id)) << '\n';
  std::cout << "    text:\n";
  std::istringstream lines(r.text);
  for (std::string line; std::getline(lines, line);) std::cout << "      " << line << '\n';
  if (r.status != expected) {
    std::cout << "    UNEXPECTED: status " << toon::to_string(r.status) << ", expected " << toon::to_string(expected) << '\n';
    ++failures;
  }
}

void run(const workspace& ws) {
  // A small project to work on.
  fs::create_directories(ws.root() / "src");
  std::ofstream(ws.root() / "README.md") << "# Demo\n\nTODO: write the docs.\n";
  std::ofstream(ws.root() / "src" / "main.cpp") << "int main() {\n  // TODO: parse arguments\n  return 0;\n}\n";

  toon::tool_catalog cat = make_catalog(ws);

  heading("TOON tools table (all tools)");
  std::cout << cat.tools_table() << '\n';
  heading("TOON category summary (for lazy loading)");
  std::cout << cat.categories_table() << '\n';
  heading("TOON tools table of category git");
  std::cout << cat.tools_table("git") << '\n';
  heading("MCP tools/list result (JSON)");
  std::string compact = toon::to_json(cat.mcp_tools_list());
  toon::json_options pretty;
  pretty.indent = 2;
  std::cout << toon::to_json(cat.mcp_tools_list(), pretty) << '\n';
  std::cout << "\n(" << compact.size() << " bytes as compact JSON, " << cat.tools_table().size()
            << " bytes as the TOON table; the table has no parameter descriptions)\n";

  heading("tools/call: valid arguments");
  using st = toon::call_status;
  request(cat, 1, R"({"name":"write_file","arguments":{"path":"notes/todo.txt","content":"TODO: ship it\n","create_dirs":true}})", st::ok);
  request(cat, 2, R"({"name":"read_file","arguments":{"path":"src/main.cpp","lines":{"start":2,"end":3}}})", st::ok);
  request(cat, 3, R"({"name":"search_files","arguments":{"pattern":"todo","options":{"max_results":5}}})", st::ok);
  request(cat, 4, R"({"name":"list_directory","arguments":{}})", st::ok);
  request(cat, 5, R"({"name":"git_commit","arguments":{"message":"Add notes","files":["notes/todo.txt"]}})", st::ok);
  request(cat, 6, R"({"name":"delete_file","arguments":{"path":"notes","recursive":true}})", st::ok);

  heading("tools/call: arguments as TOON");
  std::string toon_args = "pattern: \"return \\\\d+\"\nmode: regex\nextensions[1]: .cpp";
  std::cout << "\n--> search_files with TOON arguments:\n" << toon_args << '\n';
  toon::call_result t = cat.call_toon("search_files", toon_args);
  std::cout << "<-- " << toon::to_json(t.to_mcp()) << '\n';
  if (t.status != st::ok) ++failures;

  heading("tools/call: invalid arguments (every violation, then the expected arguments)");
  request(cat, 7, R"({"name":"search_files","arguments":{"pattern":42,"mode":"fuzzy","options":{"max_results":"5"},"recursive":true}})",
          st::invalid_arguments);
  request(cat, 8, R"({"name":"git_commit","arguments":{"files":["a.txt",7],"author":{"name":"Ada"}}})", st::invalid_arguments);

  heading("tools/call: malformed arguments");
  std::cout << "\n--> read_file with JSON arguments {\"path\": \"README.md\",, }\n";
  toon::call_result m = cat.call_json("read_file", R"({"path": "README.md",, })");
  std::cout << "<-- " << toon::to_json(m.to_mcp()) << '\n';
  if (m.status != st::invalid_arguments) ++failures;

  heading("tools/call: the tool fails");
  request(cat, 9, R"({"name":"read_file","arguments":{"path":"missing.txt"}})", st::tool_failed);
  request(cat, 10, R"({"name":"read_file","arguments":{"path":"../etc/passwd"}})", st::tool_failed);
  request(cat, 11, R"({"name":"delete_file","arguments":{"path":"src"}})", st::tool_failed);

  heading("tools/call: unknown tool (a JSON-RPC error, -32602)");
  request(cat, 12, R"({"name":"git_push","arguments":{}})", st::unknown_tool);
}

}  // namespace demo

int main() {
  fs::path root = fs::temp_directory_path() / ("toon_fs_git_tools_" + std::to_string(std::random_device{}()));
  fs::create_directories(root);
  try {
    demo::run(demo::workspace(fs::canonical(root)));
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << '\n';
    ++demo::failures;
  }
  std::error_code ignored;
  fs::remove_all(root, ignored);
  if (demo::failures > 0) std::cerr << demo::failures << " demonstrated call(s) did not behave as expected\n";
  return demo::failures == 0 ? 0 : 1;
}
