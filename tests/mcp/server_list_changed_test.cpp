// toon::mcp::server::set_catalog() and notifications/tools/list_changed (docs/mcp.md): the
// listChanged capability, the notification to an initialized 2025-11-25 session and on
// 2026-07-28 subscriptions/listen streams, stale cursors, and calls that outlive a swap.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "message_collector.hpp"
#include "toon/json.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

namespace {

using namespace std::chrono_literals;
constexpr auto guard = 30s;  // failure guard only

struct text_args {
  std::string text;
};

using collector = toon_test::message_collector;

// A catalog of tools named `names`, each echoing its text.
std::shared_ptr<const toon::tool_catalog> catalog_of(const std::vector<std::string>& names) {
  auto cat = std::make_shared<toon::tool_catalog>();
  for (const std::string& n : names)
    cat->add<text_args>(n, "Echo", "", [](const text_args& a) { return a.text; });
  return cat;
}

constexpr std::string_view modern_meta =
    R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}})";
constexpr std::string_view initialize_line =
    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},)"
    R"("clientInfo":{"name":"t","version":"1"}}})";
constexpr std::string_view initialized_line = R"({"jsonrpc":"2.0","method":"notifications/initialized"})";

toon::mcp::server_options options(bool list_changed) {
  toon::mcp::server_options o;
  o.log = {};
  o.tools_list_changed = list_changed;
  return o;
}

std::vector<std::string> names_of(const toon::value& list_result) {
  std::vector<std::string> names;
  for (const toon::value& t : list_result["tools"].as_array()) names.push_back(t["name"].as_string());
  return names;
}

bool is_list_changed(const toon::value& m) {
  const toon::value* method = m.find("method");
  return method != nullptr && method->as_string() == "notifications/tools/list_changed";
}

int error_code(const toon::value& m) {
  const toon::value* e = m.find("error");
  return e == nullptr ? 0 : static_cast<int>((*e)["code"].as_int64());
}

}  // namespace

TEST(ServerListChanged, CapabilityFollowsTheOption) {
  for (bool enabled : {false, true}) {
    collector out;
    toon::mcp::server s(catalog_of({"a"}), options(enabled), out.sink());
    s.handle_line(initialize_line);
    s.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"server/discover","params":{)" + std::string(modern_meta) + "}}");
    std::vector<toon::value> m = out.wait_for(2);
    ASSERT_EQ(m.size(), 2u);
    EXPECT_EQ(m[0]["result"]["capabilities"]["tools"]["listChanged"].as_bool(), enabled);
    EXPECT_EQ(m[1]["result"]["capabilities"]["tools"]["listChanged"].as_bool(), enabled);
  }
}

TEST(ServerListChanged, SessionIsNotifiedAndSeesTheNewCatalog) {
  collector out;
  toon::mcp::server s(catalog_of({"a", "b", "c"}), [] {
    toon::mcp::server_options o = options(true);
    o.page_size = 2;
    return o;
  }(), out.sink());
  s.set_catalog(catalog_of({"x"}));  // no session yet: nothing sent
  EXPECT_EQ(out.size(), 0u);
  s.handle_line(initialize_line);
  s.set_catalog(catalog_of({"a", "b", "c"}));  // initialized not yet notified: nothing sent
  s.handle_line(initialized_line);
  s.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
  std::vector<toon::value> m = out.wait_for(2);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(names_of(m[1]["result"]), (std::vector<std::string>{"a", "b"}));
  const std::string cursor = toon::to_json(m[1]["result"]["nextCursor"]);

  s.set_catalog(catalog_of({"d", "e"}));
  m = out.wait_for(3);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_TRUE(is_list_changed(m[2])) << toon::to_json(m[2]);
  EXPECT_EQ(m[2].find("id"), nullptr);
  EXPECT_EQ(m[2].find("params"), nullptr);

  // The old cursor is rejected; the new list and its tools are served; the old tools are gone.
  s.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":)" + cursor + "}}");
  s.handle_line(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})");
  s.handle_line(R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"a","arguments":{"text":"t"}}})");
  m = out.wait_for(6);
  ASSERT_EQ(m.size(), 6u);
  EXPECT_EQ(error_code(m[3]), toon::mcp::invalid_params);
  EXPECT_EQ(names_of(m[4]["result"]), (std::vector<std::string>{"d", "e"}));
  EXPECT_EQ(error_code(m[5]), toon::mcp::invalid_params);  // unknown tool
  s.handle_line(R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"e","arguments":{"text":"t"}}})");
  s.wait_idle();
  m = out.wait_for(7);
  ASSERT_EQ(m.size(), 7u);
  EXPECT_EQ(m[6]["result"]["content"][0]["text"].as_string(), "t");
}

TEST(ServerListChanged, DisabledOptionSwapsWithoutNotifying) {
  collector out;
  toon::mcp::server s(catalog_of({"a"}), options(false), out.sink());
  s.handle_line(initialize_line);
  s.handle_line(initialized_line);
  s.set_catalog(catalog_of({"b"}));
  s.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
  std::vector<toon::value> m = out.wait_for(2);
  ASSERT_EQ(m.size(), 2u);  // initialize, tools/list: no notification
  EXPECT_EQ(names_of(m[1]["result"]), (std::vector<std::string>{"b"}));
}

TEST(ServerListChanged, SubscriptionsListenStreams) {
  collector out;
  toon::mcp::server s(catalog_of({"a"}), options(true), out.sink());
  auto listen = [&](std::string_view id, std::string_view filter) {
    s.handle_line(R"({"jsonrpc":"2.0","id":)" + std::string(id) + R"(,"method":"subscriptions/listen","params":{"notifications":)" +
                  std::string(filter) + "," + std::string(modern_meta) + "}}");
  };
  listen(R"("tools")", R"({"toolsListChanged":true,"promptsListChanged":true})");
  listen("7", R"({"resourcesListChanged":true})");
  std::vector<toon::value> m = out.wait_for(2);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0]["method"].as_string(), "notifications/subscriptions/acknowledged");
  EXPECT_EQ(m[0]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"].as_string(), "tools");
  EXPECT_EQ(toon::to_json(m[0]["params"]["notifications"]), R"({"toolsListChanged":true})");  // no prompts here
  EXPECT_EQ(m[1]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"].as_int64(), 7);
  EXPECT_EQ(toon::to_json(m[1]["params"]["notifications"]), "{}");

  s.set_catalog(catalog_of({"b"}));  // only the "tools" stream asked for it
  m = out.wait_for(3);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_TRUE(is_list_changed(m[2]));
  EXPECT_EQ(m[2]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"].as_string(), "tools");

  // An open stream's id is in use; a cancelled stream gets nothing more, and no response.
  s.handle_line(R"({"jsonrpc":"2.0","id":"tools","method":"tools/call","params":{"name":"b","arguments":{"text":"t"},)" +
                std::string(modern_meta) + "}}");
  listen(R"("tools")", R"({"toolsListChanged":true})");
  m = out.wait_for(5);
  ASSERT_EQ(m.size(), 5u);
  EXPECT_EQ(error_code(m[3]), toon::mcp::invalid_request);
  EXPECT_EQ(error_code(m[4]), toon::mcp::invalid_request);
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"tools"}})");
  s.set_catalog(catalog_of({"c"}));
  s.handle_line(R"({"jsonrpc":"2.0","id":8,"method":"server/discover","params":{)" + std::string(modern_meta) + "}}");
  m = out.wait_for(6);
  ASSERT_EQ(m.size(), 6u);
  EXPECT_EQ(m[5]["id"].as_int64(), 8);
}

TEST(ServerListChanged, SubscriptionsListenErrors) {
  collector out;
  toon::mcp::server s(catalog_of({"a"}), options(true), out.sink());
  s.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":{)" + std::string(modern_meta) + "}}");
  s.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"subscriptions/listen","params":{"notifications":[],)" +
                std::string(modern_meta) + "}}");
  s.handle_line(initialize_line);
  s.handle_line(R"({"jsonrpc":"2.0","id":3,"method":"subscriptions/listen","params":{"notifications":{}}})");
  std::vector<toon::value> m = out.wait_for(4);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_EQ(error_code(m[0]), toon::mcp::invalid_params);
  EXPECT_EQ(error_code(m[1]), toon::mcp::invalid_params);
  EXPECT_EQ(error_code(m[3]), toon::mcp::method_not_found);  // not a 2025-11-25 method
}

TEST(ServerListChanged, RunningCallsKeepTheirCatalog) {
  std::mutex mu;
  std::condition_variable cv;
  bool entered = false;
  bool open = false;
  auto old_catalog = std::make_shared<toon::tool_catalog>();
  old_catalog->add<text_args>("slow", "Waits", "", [&](const text_args& a) {
    std::unique_lock<std::mutex> lock(mu);
    entered = true;
    cv.notify_all();
    cv.wait(lock, [&] { return open; });
    return a.text;
  });
  std::weak_ptr<const toon::tool_catalog> watch = old_catalog;
  collector out;
  toon::mcp::server s(std::shared_ptr<const toon::tool_catalog>(std::move(old_catalog)), options(true), out.sink());
  s.handle_line(initialize_line);
  s.handle_line(initialized_line);
  s.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow","arguments":{"text":"done"}}})");
  {
    std::unique_lock<std::mutex> lock(mu);
    ASSERT_TRUE(cv.wait_for(lock, guard, [&] { return entered; }));
  }
  s.set_catalog(catalog_of({"fast"}));
  EXPECT_FALSE(watch.expired());  // the running call holds it
  {
    std::lock_guard<std::mutex> lock(mu);
    open = true;
  }
  cv.notify_all();
  s.wait_idle();
  std::vector<toon::value> m = out.wait_for(3);
  ASSERT_EQ(m.size(), 3u);  // initialize, list_changed, the call's result
  EXPECT_TRUE(is_list_changed(m[1]));
  EXPECT_EQ(m[2]["result"]["content"][0]["text"].as_string(), "done");
  // Released once the handler's thread has let go of the call (just after wait_idle()).
  auto until = std::chrono::steady_clock::now() + guard;
  while (!watch.expired() && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(1ms);
  EXPECT_TRUE(watch.expired());
}
