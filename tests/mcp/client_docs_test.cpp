// The C++ examples of docs/mcp.md (Client), compiled and run against the scripted fake server
// (tests/mcp/fake_mcp_server.py). ctest docs.mcp.examples_in_sync checks that every ```cpp
// block of docs/mcp.md appears verbatim between the markers of a tests/mcp/*docs*_test.cpp.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

// doc:begin client_connect
#include <toon/mcp/client.hpp>
#include <toon/toon.hpp>

#include <iostream>

// Starts a server, prints its tools as a TOON table and calls one of them.
int show_tools(const std::vector<std::string>& argv) {
  toon::mcp::process_options server;
  server.argv = argv;  // run as is: no shell, argv[0] looked up on PATH
  server.environment = std::vector<std::string>{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp"};
  server.limits.cpu_seconds = 60;           // RLIMIT_CPU
  server.limits.address_space_bytes = 4ull << 30;  // RLIMIT_AS
  server.limits.open_files = 256;           // RLIMIT_NOFILE

  auto client = toon::mcp::client::connect(server);
  if (!client) {
    std::cerr << client.error().message << '\n';  // ends with the server's stderr tail
    return 1;
  }
  std::cout << client->server().name << " speaks " << client->server().protocol_version << '\n';

  auto tools = client->list_tools();  // every page
  if (!tools) return 1;
  toon::array rows;
  for (const toon::mcp::tool_info& t : *tools)
    rows.push_back(toon::object{{"name", t.name}, {"description", t.description}});
  std::cout << toon::encode(toon::value(toon::object{{"tools", std::move(rows)}})) << '\n';

  using namespace std::chrono_literals;
  auto result = client->call_tool("echo", toon::object{{"text", "hi"}}, 5s);
  if (!result) {
    // error_code::timeout (notifications/cancelled was sent), remote_error (a JSON-RPC error),
    // protocol_error (the server exited or broke the protocol).
    std::cerr << result.error().message << '\n';
    return 1;
  }
  std::cout << (result->is_error ? "tool failed: " : "") << result->text() << '\n';
  return 0;  // ~client: stdin closed, the server waited for, SIGTERM, SIGKILL; always reaped
}
// doc:end

// doc:begin client_cache
#include <toon/mcp/client.hpp>

// Registers two categories; only the one used is started.
bool use_cache(const std::vector<std::string>& files_server, const std::vector<std::string>& git_server) {
  toon::mcp::tool_cache cache;
  toon::mcp::process_options files, git;
  files.argv = files_server;
  git.argv = git_server;
  cache.add("files", files);
  cache.add("git", git);

  auto tools = cache.tools("files");  // starts the "files" server and lists its tools
  if (!tools) return false;
  auto again = cache.tools("files");  // kept: no request
  auto result = cache.call("files", "echo", toon::object{{"text", "hi"}});
  return again && result && cache.loaded("files") && !cache.loaded("git");  // git never started
}
// doc:end

namespace {

std::vector<std::string> fake(const std::string& scenario) {
  return {TOON_TEST_PYTHON, TOON_TEST_FAKE_SERVER, scenario};
}

TEST(McpClientDocs, ShowTools) {
  testing::internal::CaptureStdout();
  int status = show_tools(fake("legacy"));
  std::string out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("fake speaks 2025-11-25"), std::string::npos) << out;
  EXPECT_NE(out.find("tools[6]{name,description}:"), std::string::npos) << out;
  EXPECT_NE(out.find(R"({"text": "hi"})"), std::string::npos) << out;
}

TEST(McpClientDocs, ShowToolsReportsAServerThatCannotStart) {
  testing::internal::CaptureStderr();
  int status = show_tools(fake("exit_early"));
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, 1);
  EXPECT_NE(err.find("cannot start"), std::string::npos) << err;
}

TEST(McpClientDocs, UseCache) {
  EXPECT_TRUE(use_cache(fake("legacy"), fake("exit_early")));  // "git" would fail: never started
}

}  // namespace
