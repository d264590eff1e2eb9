// The C++ examples of docs/mcp.md, section "The call context", between doc:begin / doc:end
// markers (checked verbatim by the ctest docs.mcp.examples_in_sync), compiled and run here.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "toon/json.hpp"

// doc:begin context_handler
#include <toon/mcp/call_context.hpp>
#include <toon/mcp/server.hpp>
#include <toon/tools.hpp>

#include <condition_variable>
#include <mutex>

struct scan_args {
  int files = 100;
  int pause_ms = 0;
};

template <>
struct toon::meta<scan_args> {
  static constexpr std::string_view defaulted[] = {"files", "pause_ms"};
};

struct scan_report {
  int scanned = 0;
  bool complete = false;
};

// Sleeps `ms`, or less when the call is stopped (cancelled, or past call_timeout); true then.
bool pause_unless_stopped(const toon::mcp::call_context& ctx, int ms) {
  std::mutex m;
  std::condition_variable_any cv;
  std::unique_lock<std::mutex> lock(m);
  cv.wait_for(lock, ctx.stop_token(), std::chrono::milliseconds(ms), [] { return false; });
  return ctx.stop_requested();
}

toon::tool_catalog scan_tools() {
  toon::tool_catalog cat;
  cat.add<scan_args>("scan", "Scans the files", "", [](const scan_args& a, toon::mcp::call_context& ctx) {
    scan_report report;
    for (int i = 1; i <= a.files; ++i) {
      if (pause_unless_stopped(ctx, a.pause_ms)) return report;  // returning frees the slot at once
      report.scanned = i;
      ctx.progress(i, a.files, "scanned file " + std::to_string(i));  // sent if the client asked
    }
    ctx.log(toon::mcp::log_level::info, toon::value("scan complete"), "scanner");  // at its level
    report.complete = true;
    return report;
  });
  return cat;
}
// doc:end

TEST(McpContextDocs, ProgressLogAndResult) {
  // doc:begin context_in_process
  toon::tool_catalog cat = scan_tools();
  std::vector<std::string> sent;
  toon::mcp::server_options options;
  options.log = {};
  toon::mcp::server server(cat, options, [&](std::string_view message) { sent.emplace_back(message); });
  server.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
                     R"("capabilities":{},"clientInfo":{"name":"test","version":"1"}}})");
  server.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"info"}})");
  server.handle_line(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"scan",)"
                     R"("arguments":{"files":2},"_meta":{"progressToken":"scan-1"}}})");
  server.wait_idle();
  // sent[2]: {"jsonrpc":"2.0","method":"notifications/progress",
  //           "params":{"progressToken":"scan-1","progress":1,"total":2,"message":"scanned file 1"}}
  // sent[3]: the same with "progress":2 and "scanned file 2"
  // sent[4]: {"jsonrpc":"2.0","method":"notifications/message",
  //           "params":{"level":"info","logger":"scanner","data":"scan complete"}}
  // sent[5]: {"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"scanned: 2\ncomplete: true"}],
  //           "structuredContent":{"scanned":2,"complete":true},"isError":false}}
  // doc:end
  ASSERT_EQ(sent.size(), 6u);
  EXPECT_EQ(sent[1], R"({"jsonrpc":"2.0","id":2,"result":{}})");
  EXPECT_EQ(sent[2], R"({"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"scan-1","progress":1,"total":2,"message":"scanned file 1"}})");
  EXPECT_EQ(sent[3], R"({"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"scan-1","progress":2,"total":2,"message":"scanned file 2"}})");
  EXPECT_EQ(sent[4], R"({"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"scanner","data":"scan complete"}})");
  EXPECT_EQ(sent[5], R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"scanned: 2\ncomplete: true"}],"structuredContent":{"scanned":2,"complete":true},"isError":false}})");
}

TEST(McpContextDocs, CancellationStopsTheScan) {
  toon::tool_catalog cat = scan_tools();
  std::vector<std::string> sent;
  std::mutex m;
  toon::mcp::server_options options;
  options.log = {};
  options.max_concurrent_calls = 1;
  toon::mcp::server server(cat, options, [&](std::string_view message) {
    std::lock_guard<std::mutex> lock(m);
    sent.emplace_back(message);
  });
  server.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
                     R"("capabilities":{},"clientInfo":{"name":"test","version":"1"}}})");
  // A scan of an hour, cancelled once it has started: it stops, no response, the slot is free.
  server.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"scan",)"
                     R"("arguments":{"files":3600,"pause_ms":1000}}})");
  for (auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
       server.stats().running == 0 && std::chrono::steady_clock::now() < until;)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  auto start = std::chrono::steady_clock::now();
  server.handle_line(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}})");
  server.handle_line(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"scan","arguments":{"files":1}}})");
  server.wait_idle();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  std::lock_guard<std::mutex> lock(m);
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_NE(sent[1].find(R"("id":3)"), std::string::npos) << sent[1];
  EXPECT_EQ(server.stats().cancelled, 1u);
}

TEST(McpContextDocs, OutsideAServerTheContextIsDetached) {
  toon::tool_catalog cat = scan_tools();
  toon::call_result r = cat.call_json("scan", R"({"files":3})");
  EXPECT_EQ(r.text, "scanned: 3\ncomplete: true");
}
