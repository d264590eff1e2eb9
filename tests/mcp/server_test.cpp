// toon::mcp::server message handling: lines in, lines out (docs/mcp.md). Every JSON-RPC error
// code, batches, oversized lines, both protocol eras, pagination, typed results, concurrency,
// cancellation and timeouts. Concurrency is made deterministic with gates the handlers wait
// on; the only timeouts are generous guards against a hang.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
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
constexpr auto guard = 30s;  // failure guard only: a passing test never waits this long

struct echo_args {
  std::string text;
  std::optional<int> times;
};
struct echoed {
  std::string text;
  int times = 1;
  std::optional<std::string> note;
};
struct gate_args {
  std::string name;
};
struct no_args {};

// Handlers that block until the test opens the gate, counting who entered.
struct gate {
  std::mutex m;
  std::condition_variable cv;
  bool open = false;
  int entered = 0;

  void pass() {
    std::unique_lock<std::mutex> lock(m);
    ++entered;
    cv.notify_all();
    cv.wait(lock, [&] { return open; });
  }
  bool wait_entered(int n) {
    std::unique_lock<std::mutex> lock(m);
    return cv.wait_for(lock, guard, [&] { return entered >= n; });
  }
  void release() {
    std::lock_guard<std::mutex> lock(m);
    open = true;
    cv.notify_all();
  }
};

using collector = toon_test::message_collector;

toon::tool_catalog make_catalog(gate& g) {
  toon::tool_catalog cat;
  cat.add_category("main", "Main tools");
  cat.add<echo_args>("echo", "Echo text", "main", [](const echo_args& a) { return echoed{a.text, a.times.value_or(1), {}}; });
  cat.add<echo_args>("echo_list", "Echo text as a list", "main",
                     [](const echo_args& a) { return std::vector<std::string>(static_cast<std::size_t>(a.times.value_or(1)), a.text); });
  cat.add<no_args>("hello", "Say hello", "main", [](const no_args&) { return std::string("hello"); });
  cat.add<no_args>("boom", "Throws", "main", [](const no_args&) -> std::string { throw std::runtime_error("kaboom"); });
  cat.add<gate_args>("wait", "Waits at the gate", "main", [&g](const gate_args& a) {
    g.pass();
    return "passed " + a.name;
  });
  return cat;
}

struct fixture : ::testing::Test {
  gate g;
  toon::tool_catalog cat = make_catalog(g);
  collector out;

  toon::mcp::server_options quiet(toon::mcp::server_options o = {}) {
    o.log = {};
    return o;
  }
  // Sends `line` and returns the one message it produced (nothing else may be answered meanwhile).
  toon::value ask(toon::mcp::server& s, std::string_view line) {
    std::size_t before = out.size();
    s.handle_line(line);  // a tools/call is answered from its thread: wait for the message
    std::vector<toon::value> all = out.wait_for(before + 1);
    EXPECT_EQ(all.size(), before + 1) << line;
    return all.size() > before ? all[before] : toon::value();
  }
  static std::string init_line(std::string_view version = "2025-11-25") {
    return R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":")" + std::string(version) +
           R"(","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";
  }
  void initialize(toon::mcp::server& s) {
    toon::value r = ask(s, init_line());
    ASSERT_TRUE(r.find("result") != nullptr) << toon::to_json(r);
  }
};

int error_code(const toon::value& response) {
  const toon::value* e = response.find("error");
  if (e == nullptr) return 0;
  return static_cast<int>((*e)["code"].as_int64());
}

constexpr std::string_view modern_meta =
    R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}})";

}  // namespace

// ---- JSON-RPC errors ----------------------------------------------------------------------------

TEST_F(fixture, MalformedJsonIsParseErrorWithNullId) {
  toon::mcp::server s(cat, quiet(), out.sink());
  for (std::string_view line : {"garbage", "{\"jsonrpc\":\"2.0\",", "{\"id\":1,}", "\"unterminated"}) {
    toon::value r = ask(s, line);
    EXPECT_EQ(error_code(r), toon::mcp::parse_error) << line;
    EXPECT_TRUE(r["id"].is_null());
    EXPECT_EQ(r["jsonrpc"].as_string(), "2.0");
  }
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":1,"method":"ping"})")), toon::mcp::invalid_params);  // still serving
}

TEST_F(fixture, LoneSurrogateEscapesAreReadAsReplacementCharacters) {
  // JavaScript's JSON.stringify writes a lone surrogate as "\ud800": valid JSON, answered.
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a\ud800b\ud83d\ude00"}}})");
  ASSERT_EQ(error_code(r), 0) << toon::to_json(r);
  EXPECT_EQ(r["id"].as_int64(), 7);
  EXPECT_EQ(r["result"]["structuredContent"]["text"].as_string(), "a\xEF\xBF\xBD" "b\xF0\x9F\x98\x80");
}

TEST_F(fixture, NullForAnOptionalArgumentIsAbsent) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi","times":null}}})");
  EXPECT_EQ(r["result"]["isError"], toon::value(false)) << toon::to_json(r);
  EXPECT_EQ(r["result"]["structuredContent"]["times"].as_int64(), 1);  // echo's value_or(1)
}

TEST_F(fixture, BatchesAreRejected) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  toon::value r = ask(s, R"([{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}])");
  EXPECT_EQ(error_code(r), toon::mcp::invalid_request);
  EXPECT_TRUE(r["id"].is_null());
  EXPECT_EQ(error_code(ask(s, "[]")), toon::mcp::invalid_request);
}

TEST_F(fixture, InvalidRequests) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  // Not an object; bad ids (null is forbidden by MCP, fractions and objects by JSON-RPC).
  for (std::string_view line : {"42", "\"ping\"", "null", R"({"jsonrpc":"2.0","id":null,"method":"ping"})",
                                R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})", R"({"jsonrpc":"2.0","id":{},"method":"ping"})"}) {
    toon::value r = ask(s, line);
    EXPECT_EQ(error_code(r), toon::mcp::invalid_request) << line;
    EXPECT_TRUE(r["id"].is_null()) << line;
  }
  // The id is readable: it is echoed.
  toon::value r = ask(s, R"({"jsonrpc":"1.0","id":7,"method":"ping"})");
  EXPECT_EQ(error_code(r), toon::mcp::invalid_request);
  EXPECT_EQ(r["id"].as_int64(), 7);
  r = ask(s, R"({"jsonrpc":"2.0","id":"a","params":{}})");
  EXPECT_EQ(error_code(r), toon::mcp::invalid_request);
  EXPECT_EQ(r["id"].as_string(), "a");
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":8,"method":5})")), toon::mcp::invalid_request);
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":9,"method":"ping","params":3})")), toon::mcp::invalid_request);
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":10,"method":"ping","params":[1]})")), toon::mcp::invalid_params);
}

TEST_F(fixture, UnknownMethod) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":"x","method":"resources/list"})");
  EXPECT_EQ(error_code(r), toon::mcp::method_not_found);
  EXPECT_EQ(r["id"].as_string(), "x");
}

TEST_F(fixture, NotificationsAndResponsesAreNotAnswered) {
  toon::mcp::server s(cat, quiet(), out.sink());
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/whatever","params":{"a":1}})");
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"nobody"}})");
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{}})");
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/cancelled"})");
  s.handle_line(R"({"jsonrpc":"2.0","id":5,"result":{}})");
  s.handle_line(R"({"jsonrpc":"2.0","id":6,"error":{"code":1,"message":"m"}})");
  s.handle_line("");
  s.handle_line("   \r");
  s.wait_idle();
  EXPECT_EQ(out.size(), 0u);
  // The first answer is to the next request.
  toon::value r = ask(s, init_line());
  EXPECT_EQ(r["id"].as_int64(), 0);
}

TEST_F(fixture, RequestsBeforeInitializeNeedModernMeta) {
  toon::mcp::server s(cat, quiet(), out.sink());
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})")), toon::mcp::invalid_params);
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hello"}})")),
            toon::mcp::invalid_params);
}

// ---- 2025-11-25: initialize, ping, tools -------------------------------------------------------

TEST_F(fixture, InitializeNegotiatesTheVersion) {
  toon::mcp::server_options o = quiet();
  o.info.name = "unit";
  o.info.version = "9.9";
  o.instructions = "be nice";
  toon::mcp::server s(cat, o, out.sink());
  toon::value r = ask(s, init_line("2025-11-25"));
  EXPECT_EQ(r["result"]["protocolVersion"].as_string(), "2025-11-25");
  EXPECT_EQ(r["result"]["serverInfo"]["name"].as_string(), "unit");
  EXPECT_EQ(r["result"]["serverInfo"]["version"].as_string(), "9.9");
  EXPECT_EQ(r["result"]["instructions"].as_string(), "be nice");
  EXPECT_TRUE(r["result"]["capabilities"]["tools"].is_object());
  EXPECT_EQ(ask(s, init_line("2025-06-18"))["result"]["protocolVersion"].as_string(), "2025-06-18");
  EXPECT_EQ(ask(s, init_line("1999-01-01"))["result"]["protocolVersion"].as_string(), "2025-11-25");
  EXPECT_EQ(ask(s, init_line("2026-07-28"))["result"]["protocolVersion"].as_string(), "2025-11-25");
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":3,"method":"initialize","params":{}})")), toon::mcp::invalid_params);
}

TEST_F(fixture, Ping) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":"p","method":"ping"})");
  EXPECT_EQ(toon::to_json(r), R"({"jsonrpc":"2.0","id":"p","result":{}})");
}

TEST_F(fixture, ToolsListPagesWithOpaqueCursors) {
  toon::mcp::server_options o = quiet();
  o.page_size = 2;
  toon::mcp::server s(cat, o, out.sink());
  initialize(s);
  std::vector<std::string> names;
  std::string request = R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})";
  int pages = 0;
  for (;;) {
    toon::value r = ask(s, request);
    ASSERT_TRUE(r.find("result") != nullptr) << toon::to_json(r);
    for (const toon::value& t : r["result"]["tools"].as_array()) names.push_back(t["name"].as_string());
    ++pages;
    const toon::value* next = r["result"].find("nextCursor");
    if (next == nullptr || pages > 10) break;
    request = R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":)" + toon::to_json(*next) + "}}";
  }
  EXPECT_EQ(pages, 3);
  EXPECT_EQ(names, (std::vector<std::string>{"echo", "echo_list", "hello", "boom", "wait"}));
  for (std::string_view bad : {R"("nope")", R"("toon-mcp:99")", R"("toon-mcp:0")", "12", R"("toon-mcp:-1")"}) {
    std::string line = R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":)" + std::string(bad) + "}}";
    EXPECT_EQ(error_code(ask(s, line)), toon::mcp::invalid_params) << bad;
  }
}

TEST_F(fixture, ToolsListCarriesOutputSchemas) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}})");
  const toon::array& tools = r["result"]["tools"].as_array();
  ASSERT_EQ(tools.size(), 5u);
  // The optional `times` also takes null (tool_catalog::null_as_absent, on by default).
  EXPECT_EQ(toon::to_json(tools[0]["inputSchema"]),
            R"({"type":"object","properties":{"text":{"type":"string"},"times":{"anyOf":[{"type":"integer","minimum":-2147483648,"maximum":2147483647},{"type":"null"}]}},)"
            R"("required":["text"],"additionalProperties":false})");
  // A struct result: its schema, optional fields also allowing null.
  EXPECT_EQ(toon::to_json(tools[0]["outputSchema"]),
            R"({"type":"object","properties":{"text":{"type":"string"},"times":{"type":"integer","minimum":-2147483648,"maximum":2147483647},)"
            R"("note":{"anyOf":[{"type":"string"},{"type":"null"}]}},"required":["text","times"],"additionalProperties":false})");
  // Any other type: wrapped as {"result": ...}.
  EXPECT_EQ(toon::to_json(tools[1]["outputSchema"]),
            R"({"type":"object","properties":{"result":{"type":"array","items":{"type":"string"}}},"required":["result"],"additionalProperties":false})");
  EXPECT_EQ(tools[2].find("outputSchema"), nullptr);  // a string result
  EXPECT_EQ(r["result"].find("resultType"), nullptr);  // legacy results have none
  EXPECT_EQ(r["result"].find("nextCursor"), nullptr);
}

TEST_F(fixture, ToolsCallResults) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi","times":2}}})");
  EXPECT_EQ(toon::to_json(r),
            R"({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"text: hi\ntimes: 2\nnote: null"}],)"
            R"("structuredContent":{"text":"hi","times":2,"note":null},"isError":false}})");
  r = ask(s, R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo_list","arguments":{"text":"a","times":2}}})");
  EXPECT_EQ(toon::to_json(r["result"]["structuredContent"]), R"({"result":["a","a"]})");
  EXPECT_EQ(r["result"]["content"][0]["text"].as_string(), "[2]: a,a");
  r = ask(s, R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"hello"}})");
  EXPECT_EQ(toon::to_json(r), R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"hello"}],"isError":false}})");
}

// server_options::structured_text: the JSON text of structuredContent instead of its TOON
// encoding; results without structuredContent and errors are unchanged.
TEST_F(fixture, StructuredResultsMayCarryTheirJsonAsText) {
  toon::mcp::server_options o = quiet();
  o.structured_text = toon::mcp::structured_text_format::json;
  toon::mcp::server s(cat, o, out.sink());
  initialize(s);
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi","times":2}}})");
  EXPECT_EQ(r["result"]["content"][0]["text"].as_string(), R"({"text":"hi","times":2,"note":null})");
  EXPECT_EQ(toon::to_json(r["result"]["structuredContent"]), R"({"text":"hi","times":2,"note":null})");
  r = ask(s, R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo_list","arguments":{"text":"a","times":2}}})");
  EXPECT_EQ(r["result"]["content"][0]["text"].as_string(), R"({"result":["a","a"]})");
  r = ask(s, R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"hello"}})");
  EXPECT_EQ(r["result"]["content"][0]["text"].as_string(), "hello");
  r = ask(s, R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"text":3}}})");
  EXPECT_TRUE(r["result"]["isError"].as_bool());
  EXPECT_EQ(r["result"]["content"][0]["text"].as_string().rfind("invalid arguments for tool echo:", 0), 0u);
}

TEST_F(fixture, ToolErrorsAreResultsAndProtocolErrorsAreErrors) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  // Invalid arguments: a tool execution error the model can correct.
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":3,"extra":1}}})");
  ASSERT_TRUE(r.find("result") != nullptr) << toon::to_json(r);
  EXPECT_TRUE(r["result"]["isError"].as_bool());
  EXPECT_EQ(r["result"].find("structuredContent"), nullptr);
  EXPECT_EQ(r["result"]["content"][0]["text"].as_string(),
            "invalid arguments for tool echo:\nargs.text: expected string, found number\nargs.extra: unknown field\n"
            "expected arguments: text:string! times:int");
  // A handler that throws.
  r = ask(s, R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"boom","arguments":{}}})");
  EXPECT_TRUE(r["result"]["isError"].as_bool());
  EXPECT_EQ(r["result"]["content"][0]["text"].as_string(), "tool boom failed: kaboom");
  // Unknown tool, missing name, arguments not an object: -32602.
  r = ask(s, R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ech"}})");
  EXPECT_EQ(error_code(r), toon::mcp::invalid_params);
  EXPECT_EQ(r["error"]["message"].as_string(),
            "unknown tool \"ech\" (did you mean echo?); available tools: echo, echo_list, hello, boom, wait");
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{}})")), toon::mcp::invalid_params);
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":5,"method":"tools/call"})")), toon::mcp::invalid_params);
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"hello","arguments":[1]}})")),
            toon::mcp::invalid_params);
}

// ---- 2026-07-28: stateless -----------------------------------------------------------------------

TEST_F(fixture, DiscoverAndStatelessRequests) {
  toon::mcp::server_options o = quiet();
  o.info.name = "unit";
  o.ttl_ms = 1234;
  o.cache_scope = "private";
  o.page_size = 4;
  toon::mcp::server s(cat, o, out.sink());
  // No initialize: every request says its version.
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":"d","method":"server/discover","params":{)" + std::string(modern_meta) + "}}");
  const toon::value& d = r["result"];
  EXPECT_EQ(d["resultType"].as_string(), "complete");
  EXPECT_EQ(toon::to_json(d["supportedVersions"]), R"(["2026-07-28","2025-11-25","2025-06-18"])");
  EXPECT_TRUE(d["capabilities"]["tools"].is_object());
  EXPECT_EQ(d["ttlMs"].as_int64(), 1234);
  EXPECT_EQ(d["cacheScope"].as_string(), "private");
  EXPECT_EQ(d["_meta"]["io.modelcontextprotocol/serverInfo"]["name"].as_string(), "unit");

  r = ask(s, R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{)" + std::string(modern_meta) + "}}");
  EXPECT_EQ(r["result"]["resultType"].as_string(), "complete");
  EXPECT_EQ(r["result"]["ttlMs"].as_int64(), 1234);
  EXPECT_EQ(r["result"]["cacheScope"].as_string(), "private");
  EXPECT_EQ(r["result"]["tools"].as_array().size(), 4u);
  std::string cursor = toon::to_json(r["result"]["nextCursor"]);
  r = ask(s, R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":)" + cursor + "," + std::string(modern_meta) + "}}");
  EXPECT_EQ(r["result"]["tools"].as_array().size(), 1u);
  EXPECT_EQ(r["result"]["cacheScope"].as_string(), "private");  // the same scope on every page
  EXPECT_EQ(r["result"].find("nextCursor"), nullptr);

  r = ask(s, R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"},)" +
                 std::string(modern_meta) + "}}");
  EXPECT_EQ(r["result"]["resultType"].as_string(), "complete");
  EXPECT_FALSE(r["result"]["isError"].as_bool());
  EXPECT_EQ(r["result"]["structuredContent"]["text"].as_string(), "x");
  EXPECT_EQ(r["result"].find("ttlMs"), nullptr);  // not a cacheable result

  // ping was removed in 2026-07-28.
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":4,"method":"ping","params":{)" + std::string(modern_meta) + "}}")),
            toon::mcp::method_not_found);
}

TEST_F(fixture, ModernVersionErrors) {
  toon::mcp::server s(cat, quiet(), out.sink());
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}}})");
  EXPECT_EQ(error_code(r), toon::mcp::unsupported_protocol_version);
  EXPECT_EQ(toon::to_json(r["error"]["data"]), R"({"supported":["2026-07-28","2025-11-25","2025-06-18"],"requested":"2099-01-01"})");
  // A legacy version in _meta is not a stateless version either.
  r = ask(s, R"({"jsonrpc":"2.0","id":2,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-11-25","io.modelcontextprotocol/clientCapabilities":{}}}})");
  EXPECT_EQ(error_code(r), toon::mcp::unsupported_protocol_version);
  // Missing client capabilities, a version that is not a string, no _meta at all.
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}})")),
            toon::mcp::invalid_params);
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":7}}})")),
            toon::mcp::invalid_params);
  EXPECT_EQ(error_code(ask(s, R"({"jsonrpc":"2.0","id":5,"method":"server/discover"})")), toon::mcp::invalid_params);
}

// ---- the byte stream -------------------------------------------------------------------------------

TEST_F(fixture, ServeSkipsOversizedLinesAndGoesOn) {
  int in[2];
  int res[2];
  ASSERT_EQ(::pipe(in), 0);
  ASSERT_EQ(::pipe(res), 0);
  toon::mcp::server_options o = quiet();
  o.max_line_size = 300;  // the initialize line fits, the long ones do not
  std::string input = init_line() + "\n" + std::string(5000, 'x') + "\n" +
                      R"({"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"echo","arguments":{"text":")" +
                      std::string(400, 'y') + "\"}}}\n" + R"({"jsonrpc":"2.0","id":2,"method":"ping"})" + "\r\n" +
                      R"({"jsonrpc":"2.0","id":3,"method":"ping"})";  // the last line has no newline
  std::thread writer([&] {
    const char* p = input.data();
    std::size_t left = input.size();
    while (left > 0) {  // in small pieces, so that lines are split across reads
      std::size_t n = std::min<std::size_t>(left, 7);
      ssize_t w = ::write(in[1], p, n);
      if (w <= 0) break;
      p += w;
      left -= static_cast<std::size_t>(w);
    }
    ::close(in[1]);
  });
  int status = 0;
  {
    toon::mcp::server s(cat, o);
    status = s.serve(in[0], res[1]);
  }
  writer.join();
  ::close(res[1]);
  ::close(in[0]);
  std::string output;
  char buf[4096];
  for (ssize_t n; (n = ::read(res[0], buf, sizeof buf)) > 0;) output.append(buf, static_cast<std::size_t>(n));
  ::close(res[0]);
  EXPECT_EQ(status, 0);
  std::vector<toon::value> messages;
  for (std::size_t start = 0; start < output.size();) {
    std::size_t nl = output.find('\n', start);
    ASSERT_NE(nl, std::string::npos) << "every message ends with a newline";
    toon::result<toon::value> v = toon::from_json(std::string_view(output).substr(start, nl - start));
    ASSERT_TRUE(v.has_value());
    messages.push_back(*v);
    start = nl + 1;
  }
  ASSERT_EQ(messages.size(), 5u) << output;
  EXPECT_EQ(messages[0]["id"].as_int64(), 0);
  EXPECT_EQ(error_code(messages[1]), toon::mcp::invalid_request);
  EXPECT_TRUE(messages[1]["id"].is_null());
  EXPECT_EQ(error_code(messages[2]), toon::mcp::invalid_request);  // the long tools/call
  EXPECT_TRUE(messages[2]["id"].is_null());
  EXPECT_EQ(toon::to_json(messages[3]), R"({"jsonrpc":"2.0","id":2,"result":{}})");
  EXPECT_EQ(toon::to_json(messages[4]), R"({"jsonrpc":"2.0","id":3,"result":{}})");
}

// ---- concurrency, cancellation, timeouts --------------------------------------------------------

std::string wait_call(int id, std::string_view name) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":"tools/call","params":{"name":"wait","arguments":{"name":")" +
         std::string(name) + "\"}}}";
}

TEST_F(fixture, CallsRunConcurrentlyUpToTheLimit) {
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 2;
  toon::mcp::server s(cat, o, out.sink());
  initialize(s);
  s.handle_line(wait_call(1, "a"));
  s.handle_line(wait_call(2, "b"));
  s.handle_line(wait_call(3, "c"));
  ASSERT_TRUE(g.wait_entered(2));
  // Two handlers wait at the gate, the third call is queued; other requests are answered.
  EXPECT_EQ(s.pending_calls(), 3u);
  {
    std::lock_guard<std::mutex> lock(g.m);
    EXPECT_EQ(g.entered, 2);
  }
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":"p","method":"ping"})");
  EXPECT_EQ(r["id"].as_string(), "p");
  // A request id in flight may not be reused.
  EXPECT_EQ(error_code(ask(s, wait_call(1, "again"))), toon::mcp::invalid_request);
  g.release();
  s.wait_idle();
  std::vector<toon::value> all = out.wait_for(6);
  ASSERT_EQ(all.size(), 6u);
  std::vector<std::string> texts;
  for (std::size_t i = 3; i < all.size(); ++i) texts.push_back(all[i]["result"]["content"][0]["text"].as_string());
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(texts, (std::vector<std::string>{"passed a", "passed b", "passed c"}));
  EXPECT_EQ(g.entered, 3);
}

TEST_F(fixture, CancelledCallsGetNoResponse) {
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 1;
  toon::mcp::server s(cat, o, out.sink());
  initialize(s);
  s.handle_line(wait_call(1, "running"));
  s.handle_line(wait_call(2, "queued"));
  s.handle_line(wait_call(3, "kept"));
  ASSERT_TRUE(g.wait_entered(1));
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"test"}})");
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}})");
  EXPECT_EQ(s.pending_calls(), 2u);  // the running handler goes on until it returns; 2 left the queue
  g.release();
  s.wait_idle();
  toon::value r = ask(s, R"({"jsonrpc":"2.0","id":"p","method":"ping"})");
  std::vector<toon::value> all = out.wait_for(3);
  ASSERT_EQ(all.size(), 3u);  // initialize, call 3, ping
  EXPECT_EQ(all[1]["id"].as_int64(), 3);
  EXPECT_EQ(all[1]["result"]["content"][0]["text"].as_string(), "passed kept");
  EXPECT_EQ(all[2]["id"].as_string(), "p");
  EXPECT_EQ(g.entered, 2);  // the queued call never ran
}

TEST_F(fixture, HungHandlersTimeOutAndTheServerGoesOn) {
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 1;
  o.call_timeout = std::chrono::milliseconds(20);
  {
    toon::mcp::server s(cat, o, out.sink());
    initialize(s);
    s.handle_line(wait_call(1, "hung"));
    std::vector<toon::value> all = out.wait_for(2);  // the timeout's answer, gate still closed
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[1]["id"].as_int64(), 1);
    EXPECT_TRUE(all[1]["result"]["isError"].as_bool());
    EXPECT_EQ(all[1]["result"]["content"][0]["text"].as_string(), "tool wait timed out after 20 ms");
    s.wait_idle();
    EXPECT_EQ(s.abandoned_calls(), 1u);
    EXPECT_EQ(s.pending_calls(), 0u);
    // The slot was freed: another call runs, and gets its answer.
    toon::value r = ask(s, R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hello"}})");
    EXPECT_EQ(r["result"]["content"][0]["text"].as_string(), "hello");
    // The abandoned handler ends later; its result is dropped.
    EXPECT_FALSE(s.wait_abandoned(std::chrono::milliseconds(0)));
    g.release();
    EXPECT_TRUE(s.wait_abandoned(guard));
  }
  EXPECT_EQ(out.size(), 3u);
}

// ---- the catalog's typed results -----------------------------------------------------------------

TEST(ToolCatalogStructured, TypedResultsCarryStructuredValues) {
  gate g;
  toon::tool_catalog cat = make_catalog(g);
  toon::call_result r = cat.call_json("echo", R"({"text":"a"})");
  ASSERT_TRUE(r.structured.has_value());
  EXPECT_EQ(toon::to_json(*r.structured), R"({"text":"a","times":1,"note":null})");
  EXPECT_EQ(r.text, toon::encode(echoed{"a", 1, {}}));
  EXPECT_FALSE(cat.call_json("hello", "{}").structured.has_value());
  EXPECT_FALSE(cat.call_json("echo", R"({"text":1})").structured.has_value());
  ASSERT_TRUE(cat.find("echo")->output_schema.has_value());
  EXPECT_FALSE(cat.find("hello")->output_schema.has_value());
  // to_mcp() is unchanged: no structuredContent.
  EXPECT_EQ(r.to_mcp().find("structuredContent"), nullptr);
}

TEST(ToolCatalogStructured, ResultWrappedHandlers) {
  toon::tool_catalog cat;
  cat.add<no_args>("typed", "toon::result<T>", "", [](const no_args&) -> toon::result<echoed> { return echoed{"x", 2, "n"}; });
  cat.add<no_args>("nothing", "toon::result<void>", "", [](const no_args&) -> toon::result<void> { return {}; });
  cat.add<no_args>("count", "a number", "", [](const no_args&) { return 42; });
  ASSERT_TRUE(cat.find("typed")->output_schema.has_value());
  EXPECT_EQ(*cat.find("typed")->output_schema, *make_catalog(*std::make_unique<gate>()).find("echo")->output_schema);
  EXPECT_FALSE(cat.find("nothing")->output_schema.has_value());
  EXPECT_EQ(toon::to_json(*cat.find("count")->output_schema),
            R"({"type":"object","properties":{"result":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},"required":["result"],"additionalProperties":false})");
  toon::call_result typed = cat.call("typed", toon::value());
  ASSERT_TRUE(typed.structured.has_value());
  EXPECT_EQ(toon::to_json(*typed.structured), R"({"text":"x","times":2,"note":"n"})");
  EXPECT_FALSE(cat.call("nothing", toon::value()).structured.has_value());
  EXPECT_EQ(cat.call("nothing", toon::value()).text, "ok");
  EXPECT_EQ(toon::to_json(*cat.call("count", toon::value()).structured), R"({"result":42})");
}
