// toon::mcp::call_context through the server's line interface (docs/mcp.md, "The call
// context"): progress notifications with the request's token and in order, the stop token fired
// by notifications/cancelled and by the timeout, the slot freed as soon as a stopped handler
// returns, abandoned handlers counted and bounded, logging/setLevel and the 2026-07-28 per-request
// log level, the client's identity, the bounded worker pool and back-pressure on a full queue.
// The only timeouts are generous guards against a hang, except where a latency is the point.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <mutex>
#include <sstream>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "message_collector.hpp"
#include "toon/json.hpp"
#include "toon/mcp/call_context.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

namespace {

using namespace std::chrono_literals;
constexpr auto guard = 30s;  // failure guard only: a passing test never waits this long

struct steps_args {
  int steps = 3;
};
struct no_args {};
struct log_args {
  std::string text;
};
struct ask_args {
  std::string what;
  int timeout_ms = 30000;
};

}  // namespace

template <>
struct toon::meta<ask_args> {
  static constexpr std::string_view defaulted[] = {"timeout_ms"};
};

namespace {

using collector = toon_test::message_collector;

// A gate that a handler ignoring its stop token waits at.
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

// What the handlers saw, for the checks.
struct observed {
  std::mutex m;
  std::condition_variable cv;
  int started = 0;
  int stopped = 0;  // handlers that returned because their stop token fired
  std::vector<std::string> identity;
  std::chrono::steady_clock::time_point returned_at{};

  void start() {
    std::lock_guard<std::mutex> lock(m);
    ++started;
    cv.notify_all();
  }
  bool wait_started(int n) {
    std::unique_lock<std::mutex> lock(m);
    return cv.wait_for(lock, guard, [&] { return started >= n; });
  }
};

toon::tool_catalog make_catalog(observed& seen, gate& g) {
  toon::tool_catalog cat;
  // Progress: 1..steps, with a repeated value in between (dropped: progress must increase).
  cat.add<steps_args>("steps", "Reports progress", "", [](const steps_args& a, toon::mcp::call_context& ctx) {
    int sent = 0;
    for (int i = 1; i <= a.steps; ++i) {
      if (ctx.progress(i, a.steps, "step " + std::to_string(i))) ++sent;
      if (ctx.progress(i, a.steps)) ++sent;  // not above the last: dropped
    }
    return std::string(ctx.wants_progress() ? "wanted " : "not wanted ") + std::to_string(sent);
  });
  // Waits for its stop token (cancellation or timeout), at most the guard.
  cat.add<no_args>("wait_stop", "Waits until stopped", "", [&seen](const no_args&, toon::mcp::call_context& ctx) {
    seen.start();
    std::mutex m;
    std::condition_variable_any cv;
    std::unique_lock<std::mutex> lock(m);
    bool stopped = cv.wait_for(lock, ctx.stop_token(), guard, [] { return false; }) || ctx.stop_requested();
    {
      std::lock_guard<std::mutex> l(seen.m);
      if (stopped) ++seen.stopped;
      seen.returned_at = std::chrono::steady_clock::now();
      seen.cv.notify_all();
    }
    return std::string(stopped ? "stopped" : "not stopped");
  });
  // Ignores its stop token: waits at the gate.
  cat.add<no_args>("ignore_stop", "Waits at the gate", "", [&g](const no_args&, toon::mcp::call_context&) {
    g.pass();
    return std::string("released");
  });
  cat.add<log_args>("log_all", "Logs at every level", "", [](const log_args& a, toon::mcp::call_context& ctx) {
    int sent = 0;
    for (auto level : {toon::mcp::log_level::debug, toon::mcp::log_level::info, toon::mcp::log_level::warning,
                       toon::mcp::log_level::error, toon::mcp::log_level::emergency})
      if (ctx.log(level, toon::value(a.text), level == toon::mcp::log_level::error ? "db" : "")) ++sent;
    return std::to_string(sent);
  });
  cat.add<no_args>("who", "Tells what its context shows", "", [&seen](const no_args&, const toon::mcp::call_context& ctx) {
    std::lock_guard<std::mutex> lock(seen.m);
    seen.identity = {toon::to_json(ctx.request_id()), std::string(ctx.tool_name()), std::string(ctx.protocol_version()),
                     toon::to_json(ctx.client_info()), toon::to_json(ctx.client_capabilities())};
    return std::string("ok");
  });
  cat.add<no_args>("quick", "Answers at once", "", [](const no_args&) { return std::string("quick"); });
  // Asks the client: roots, a sample or an elicitation; answers with the result or the error.
  cat.add<ask_args>("ask", "Asks the client", "", [](const ask_args& a, toon::mcp::call_context& ctx) {
    const std::chrono::milliseconds timeout(a.timeout_ms);
    toon::result<toon::value> r =
        a.what == "roots"    ? ctx.list_roots(timeout)
        : a.what == "sample" ? ctx.sample(toon::value(toon::object{{"messages", toon::array{}}, {"maxTokens", 10}}), timeout)
                             : ctx.elicit(toon::value(toon::object{{"message", "Name?"}}), timeout);
    if (!r) return "error " + std::string(toon::to_string(r.error().code)) + ": " + r.error().message;
    return toon::to_json(*r);
  });
  return cat;
}

struct context_fixture : ::testing::Test {
  observed seen;
  gate g;
  toon::tool_catalog cat = make_catalog(seen, g);
  collector out;

  ~context_fixture() override { g.release(); }

  static toon::mcp::server_options quiet(toon::mcp::server_options o = {}) {
    o.log = {};
    return o;
  }
  static std::string init_line() {
    return R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
           R"("capabilities":{"roots":{}},"clientInfo":{"name":"tester","version":"9"}}})";
  }
  void initialize(toon::mcp::server& s) {
    s.handle_line(init_line());
    ASSERT_TRUE(out.response("0").find("result") != nullptr);
    s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  }
  static std::string call(const std::string& id, std::string_view tool, std::string_view args = "{}",
                          std::string_view meta = {}) {
    std::string line = R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":"tools/call","params":{"name":")" +
                       std::string(tool) + R"(","arguments":)" + std::string(args);
    if (!meta.empty()) line += R"(,"_meta":)" + std::string(meta);
    return line + "}}";
  }
  static std::string cancel(const std::string& id) {
    return R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":)" + id + R"(,"reason":"test"}})";
  }
  static std::string text_of(const toon::value& response) {
    const toon::value* r = response.find("result");
    return r != nullptr ? (*r)["content"][0]["text"].as_string() : "(no result) " + toon::to_json(response);
  }
};

int error_code(const toon::value& response) {
  const toon::value* e = response.find("error");
  return e == nullptr ? 0 : static_cast<int>((*e)["code"].as_int64());
}

std::string modern_meta(std::string_view extra = {}) {
  std::string m = R"({"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"sampling":{}}})";
  if (!extra.empty()) m.insert(m.size() - 1, "," + std::string(extra));
  return m;
}

}  // namespace

// ---- progress ----------------------------------------------------------------------------------

TEST_F(context_fixture, ProgressGoesOutInOrderWithTheTokenBeforeTheResponse) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  s.handle_line(call("1", "steps", R"({"steps":5})", R"({"progressToken":"tok-1"})"));
  toon::value r = out.response("1");
  EXPECT_EQ(text_of(r), "wanted 5");
  std::vector<toon::value> all = out.wait_for(7);
  ASSERT_EQ(all.size(), 7u);  // initialize, 5 progress, the response
  for (int i = 1; i <= 5; ++i) {
    const toon::value& n = all[static_cast<std::size_t>(i)];
    ASSERT_EQ(n["method"].as_string(), "notifications/progress") << toon::to_json(n);
    EXPECT_EQ(n["params"]["progressToken"].as_string(), "tok-1");
    EXPECT_EQ(n["params"]["progress"].as_int64(), i);
    EXPECT_EQ(n["params"]["total"].as_int64(), 5);
    EXPECT_EQ(n["params"]["message"].as_string(), "step " + std::to_string(i));
  }
  EXPECT_EQ(all[6]["id"].as_int64(), 1);
  // An integer token, in 2026-07-28.
  s.handle_line(call("2", "steps", R"({"steps":2})", modern_meta(R"("progressToken":42)")));
  EXPECT_EQ(text_of(out.response("2")), "wanted 2");
  std::vector<toon::value> progress = out.with_method("notifications/progress");
  ASSERT_EQ(progress.size(), 7u);
  EXPECT_EQ(progress[5]["params"]["progressToken"].as_int64(), 42);
  EXPECT_EQ(progress[6]["params"]["progress"].as_int64(), 2);
}

TEST_F(context_fixture, NoProgressWithoutAToken) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  s.handle_line(call("1", "steps", R"({"steps":3})"));
  EXPECT_EQ(text_of(out.response("1")), "not wanted 0");
  EXPECT_TRUE(out.with_method("notifications/progress").empty());
  // A token that is neither a string nor an integer is a clear error.
  s.handle_line(call("2", "steps", R"({"steps":1})", R"({"progressToken":1.5})"));
  toon::value r = out.response("2");
  EXPECT_EQ(error_code(r), toon::mcp::invalid_params);
  EXPECT_NE(r["error"]["message"].as_string().find("progressToken"), std::string::npos);
}

// ---- cancellation and timeouts -------------------------------------------------------------------

TEST_F(context_fixture, CancellationFiresTheStopTokenAndFreesTheSlotAtOnce) {
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 1;
  toon::mcp::server s(cat, o, out.sink());
  initialize(s);
  // Four slow calls cancelled one after the other, then a quick one: each cancelled handler
  // returns when its token fires, and the next call takes the slot at once.
  for (int i = 1; i <= 4; ++i) {
    s.handle_line(call(std::to_string(i), "wait_stop"));
    ASSERT_TRUE(seen.wait_started(i));
    s.handle_line(cancel(std::to_string(i)));
  }
  auto before = std::chrono::steady_clock::now();
  s.handle_line(call("5", "quick"));
  EXPECT_EQ(text_of(out.response("5")), "quick");
  auto waited = std::chrono::steady_clock::now() - before;
  EXPECT_LT(waited, 500ms) << std::chrono::duration_cast<std::chrono::milliseconds>(waited).count() << " ms";
  s.wait_idle();
  {
    std::lock_guard<std::mutex> lock(seen.m);
    EXPECT_EQ(seen.stopped, 4);
  }
  std::vector<toon::value> all = out.wait_for(2);
  EXPECT_EQ(all.size(), 2u);  // initialize and call 5: cancelled calls get no response
  toon::mcp::server_stats st = s.stats();
  EXPECT_EQ(st.cancelled, 4u);
  EXPECT_EQ(st.completed, 1u);
  EXPECT_EQ(st.abandoned, 0u);
  EXPECT_EQ(st.running, 0u);
}

TEST_F(context_fixture, TheTimeoutFiresTheStopToken) {
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 1;
  o.call_timeout = 50ms;
  toon::mcp::server s(cat, o, out.sink());
  initialize(s);
  s.handle_line(call("1", "wait_stop"));
  toon::value r = out.response("1");
  EXPECT_TRUE(r["result"]["isError"].as_bool());
  EXPECT_EQ(text_of(r), "tool wait_stop timed out after 50 ms");
  s.wait_idle();
  toon::mcp::server_stats st = s.stats();
  EXPECT_EQ(st.timed_out, 1u);
  EXPECT_EQ(st.abandoned, 0u);  // it returned within stop_grace
  {
    std::lock_guard<std::mutex> lock(seen.m);
    EXPECT_EQ(seen.stopped, 1);
  }
  s.handle_line(call("1", "quick"));  // the id is free again, the slot too
  EXPECT_EQ(out.wait_for(3).size(), 3u);
  EXPECT_EQ(text_of(out.wait_for(3)[2]), "quick");
}

TEST_F(context_fixture, HandlersIgnoringTheirStopTokenAreAbandonedCountedAndBounded) {
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 1;
  o.call_timeout = 20ms;
  o.stop_grace = 20ms;
  o.max_abandoned_calls = 1;
  std::vector<std::string> logged;
  std::mutex log_mutex;
  o.log = [&](std::string_view m) {
    std::lock_guard<std::mutex> lock(log_mutex);
    logged.emplace_back(m);
  };
  toon::mcp::server s(cat, o, out.sink());
  initialize(s);
  // The first is abandoned with its slot freed; the second too, but beyond max_abandoned_calls
  // it keeps its slot until it returns.
  s.handle_line(call("1", "ignore_stop"));
  EXPECT_TRUE(out.response("1")["result"]["isError"].as_bool());
  s.wait_idle();
  EXPECT_EQ(s.stats().abandoned, 1u);
  s.handle_line(call("2", "ignore_stop"));
  EXPECT_TRUE(out.response("2")["result"]["isError"].as_bool());
  ASSERT_TRUE(g.wait_entered(2));
  s.wait_idle();  // abandoned handlers keeping a slot do not count as pending
  toon::mcp::server_stats st = s.stats();
  EXPECT_EQ(st.abandoned, 2u);
  EXPECT_EQ(st.abandoned_running, 2u);
  EXPECT_EQ(st.abandoned_holding_slots, 1u);
  EXPECT_EQ(st.timed_out, 2u);
  EXPECT_EQ(s.abandoned_calls(), 2u);
  // No slot: a quick call waits until the gate opens.
  s.handle_line(call("3", "quick"));
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(s.stats().queued, 1u);
  g.release();
  EXPECT_EQ(text_of(out.response("3")), "quick");
  EXPECT_TRUE(s.wait_abandoned(guard));
  st = s.stats();
  EXPECT_EQ(st.abandoned_running, 0u);
  EXPECT_EQ(st.abandoned_holding_slots, 0u);
  std::lock_guard<std::mutex> lock(log_mutex);
  std::size_t abandon_logs = 0;
  for (const std::string& m : logged)
    if (m.find("ignored its stop token") != std::string::npos) ++abandon_logs;
  EXPECT_EQ(abandon_logs, 2u);
}

// ---- logging -----------------------------------------------------------------------------------

TEST_F(context_fixture, LoggingFollowsSetLevel) {
  toon::mcp::server s(cat, quiet(), out.sink());
  s.handle_line(init_line());
  EXPECT_TRUE(out.response("0")["result"]["capabilities"]["logging"].is_object());
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  // Nothing before the client asks.
  s.handle_line(call("1", "log_all", R"({"text":"a"})"));
  EXPECT_EQ(text_of(out.response("1")), "0");
  s.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"warning"}})");
  EXPECT_TRUE(out.response("2")["result"].is_object());
  s.handle_line(call("3", "log_all", R"({"text":"b"})"));
  EXPECT_EQ(text_of(out.response("3")), "3");
  std::vector<toon::value> logs = out.with_method("notifications/message");
  ASSERT_EQ(logs.size(), 3u);
  EXPECT_EQ(logs[0]["params"]["level"].as_string(), "warning");
  EXPECT_EQ(logs[1]["params"]["level"].as_string(), "error");
  EXPECT_EQ(logs[1]["params"]["logger"].as_string(), "db");
  EXPECT_EQ(logs[2]["params"]["level"].as_string(), "emergency");
  EXPECT_EQ(logs[2]["params"]["data"].as_string(), "b");
  EXPECT_EQ(logs[0]["params"].find("logger"), nullptr);
  // Bad levels are -32602 and change nothing.
  for (std::string_view bad : {R"({"level":"loud"})", R"({"level":3})", "{}"}) {
    s.handle_line(R"({"jsonrpc":"2.0","id":"bad","method":"logging/setLevel","params":)" + std::string(bad) + "}");
    EXPECT_EQ(error_code(out.response("\"bad\"")), toon::mcp::invalid_params) << bad;
    std::lock_guard<std::mutex> lock(out.m);
    out.messages.pop_back();
  }
  s.handle_line(R"({"jsonrpc":"2.0","id":4,"method":"logging/setLevel","params":{"level":"debug"}})");
  s.handle_line(call("5", "log_all", R"({"text":"c"})"));
  EXPECT_EQ(text_of(out.response("5")), "5");
}

TEST_F(context_fixture, LoggingPerRequestIn2026) {
  toon::mcp::server s(cat, quiet(), out.sink());
  s.handle_line(call("1", "log_all", R"({"text":"a"})", modern_meta()));
  EXPECT_EQ(text_of(out.response("1")), "0");  // no logLevel: no messages
  s.handle_line(call("2", "log_all", R"({"text":"b"})", modern_meta(R"("io.modelcontextprotocol/logLevel":"error")")));
  EXPECT_EQ(text_of(out.response("2")), "2");
  std::vector<toon::value> logs = out.with_method("notifications/message");
  ASSERT_EQ(logs.size(), 2u);
  EXPECT_EQ(logs[0]["params"]["level"].as_string(), "error");
  s.handle_line(call("3", "log_all", R"({"text":"c"})", modern_meta(R"("io.modelcontextprotocol/logLevel":"verbose")")));
  EXPECT_EQ(error_code(out.response("3")), toon::mcp::invalid_params);
  s.handle_line(R"({"jsonrpc":"2.0","id":4,"method":"logging/setLevel","params":{"level":"info","_meta":)" + modern_meta() + "}}");
  EXPECT_EQ(error_code(out.response("4")), toon::mcp::method_not_found);
}

// ---- identity ----------------------------------------------------------------------------------

TEST_F(context_fixture, TheContextShowsTheRequestAndTheClient) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);
  s.handle_line(call("\"req-7\"", "who"));
  EXPECT_EQ(text_of(out.response("\"req-7\"")), "ok");
  {
    std::lock_guard<std::mutex> lock(seen.m);
    EXPECT_EQ(seen.identity, (std::vector<std::string>{R"("req-7")", "who", "2025-11-25", R"({"name":"tester","version":"9"})",
                                                        R"({"roots":{}})"}));
  }
  s.handle_line(call("8", "who", "{}", modern_meta(R"("io.modelcontextprotocol/clientInfo":{"name":"modern","version":"2"})")));
  EXPECT_EQ(text_of(out.response("8")), "ok");
  std::lock_guard<std::mutex> lock(seen.m);
  EXPECT_EQ(seen.identity, (std::vector<std::string>{"8", "who", "2026-07-28", R"({"name":"modern","version":"2"})",
                                                      R"({"sampling":{}})"}));
}

TEST(CallContext, ADetachedContextReportsNothing) {
  toon::tool_catalog cat;
  cat.add<steps_args>("steps", "Reports progress", "", [](const steps_args& a, toon::mcp::call_context& ctx) {
    bool any = ctx.progress(1, a.steps) || ctx.log(toon::mcp::log_level::emergency, toon::value("x"));
    return std::string(any || ctx.stop_requested() || ctx.stop_token().stop_possible() || !ctx.request_id().is_null()
                           ? "reported"
                           : "quiet");
  });
  EXPECT_EQ(cat.call_json("steps", R"({"steps":2})").text, "quiet");
  EXPECT_FALSE(cat.find("steps")->output_schema.has_value());
  EXPECT_TRUE(static_cast<bool>(cat.find("steps")->context_handler));
  EXPECT_EQ(toon::mcp::parse_log_level("critical"), toon::mcp::log_level::critical);
  EXPECT_EQ(toon::mcp::log_level_name(toon::mcp::log_level::notice), "notice");
  EXPECT_FALSE(toon::mcp::parse_log_level("Info").has_value());
}

// ---- deferred answers ------------------------------------------------------------------------------

namespace {

// Deferred answers parked by the "later" tool, for the test to complete; the contexts too.
struct parked_answers {
  std::mutex m;
  std::condition_variable cv;
  std::vector<toon::mcp::deferred_answer> answers;
  std::vector<toon::mcp::call_context> contexts;
  std::vector<std::string> errors;
  gate hold;  // the "hold" tool waits here
  bool wait_parked(std::size_t n) {
    std::unique_lock<std::mutex> lock(m);
    return cv.wait_for(lock, guard, [&] { return answers.size() >= n; });
  }
  // Completes the answer of request `id` (its JSON) from another thread (as a client's reading
  // thread would).
  void complete_from_thread(const std::string& id, std::string text) {
    toon::mcp::deferred_answer a;
    {
      std::lock_guard<std::mutex> lock(m);
      for (std::size_t i = 0; i < contexts.size(); ++i)
        if (toon::to_json(contexts[i].request_id()) == id) a = std::move(answers[i]);
    }
    ASSERT_TRUE(a.pending()) << "no open answer for request " << id;
    std::thread([a = std::move(a), text = std::move(text)]() mutable {
      toon::call_result r;
      r.text = std::move(text);
      a.complete(std::move(r));
    }).join();
  }
};

struct mode_args {
  std::string mode;  // "park", "early", "drop", "twice"
};

std::string this_thread_id() {
  std::ostringstream id;
  id << std::this_thread::get_id();
  return id.str();
}

toon::tool_catalog deferring_catalog(parked_answers& parked) {
  toon::tool_catalog cat;
  cat.add<mode_args>("later", "Answers later", "", [&parked](const mode_args& a, toon::mcp::call_context& ctx) {
    toon::result<toon::mcp::deferred_answer> later = ctx.defer();
    if (!later) return "cannot defer: " + later.error().message;
    if (a.mode == "early") {  // answered before the handler returns
      toon::call_result r;
      r.text = "early";
      later->complete(std::move(r));
      EXPECT_FALSE(later->pending());
      return std::string("ignored");
    }
    if (a.mode == "drop") return std::string("ignored too");  // `later` is destroyed unanswered
    if (a.mode == "twice") {
      toon::result<toon::mcp::deferred_answer> again = ctx.defer();
      std::lock_guard<std::mutex> lock(parked.m);
      parked.errors.push_back(again ? std::string("deferred twice") : again.error().message);
    }
    std::lock_guard<std::mutex> lock(parked.m);
    parked.answers.push_back(std::move(*later));
    parked.contexts.push_back(ctx);
    parked.cv.notify_all();
    return std::string("ignored as well");
  });
  cat.add<no_args>("quick", "Answers at once", "", [](const no_args&) { return std::string("quick"); });
  cat.add<no_args>("hold", "Waits at the gate", "", [&parked](const no_args&) {
    parked.hold.pass();
    return std::string("held");
  });
  // Nonblocking: run on the reading thread when a slot is free; tells the thread it ran on.
  toon::tool here = toon::tool_catalog::make_tool<no_args>("here", "Tells its thread", "",
                                                            [](const no_args&) { return this_thread_id(); });
  here.nonblocking = true;
  cat.add_tool(std::move(here));
  return cat;
}

// The fixture with the deferring tools.
struct deferred_fixture : context_fixture {
  parked_answers parked;
  toon::tool_catalog later_cat = deferring_catalog(parked);
};

}  // namespace

TEST_F(deferred_fixture, DeferredAnswersFreeTheSlotAndComeFromAnyThread) {
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 1;
  toon::mcp::server s(later_cat, o, out.sink());
  initialize(s);
  s.handle_line(call("1", "later", R"({"mode":"park"})"));
  s.handle_line(call("2", "later", R"({"mode":"twice"})"));
  ASSERT_TRUE(parked.wait_parked(2));
  // Both handlers returned; their calls hold no slot, so a quick call runs at once.
  s.handle_line(call("3", "quick"));
  EXPECT_EQ(text_of(out.response("3")), "quick");
  EXPECT_EQ(s.stats().deferred, 2u);  // ... while both stay open
  parked.complete_from_thread("2", "second");
  EXPECT_EQ(text_of(out.response("2")), "second");
  parked.complete_from_thread("1", "first");
  EXPECT_EQ(text_of(out.response("1")), "first");
  s.wait_idle();
  toon::mcp::server_stats st = s.stats();
  EXPECT_EQ(st.deferred, 0u);
  EXPECT_EQ(st.completed, 3u);
  EXPECT_EQ(out.wait_for(4).size(), 4u);  // initialize and the three answers, nothing twice
  std::lock_guard<std::mutex> lock(parked.m);
  ASSERT_EQ(parked.errors.size(), 1u);
  EXPECT_NE(parked.errors[0].find("deferred already"), std::string::npos) << parked.errors[0];
}

TEST_F(deferred_fixture, AnswersGivenEarlyOrDroppedStillAnswerOnce) {
  toon::mcp::server s(later_cat, quiet(), out.sink());
  initialize(s);
  s.handle_line(call("1", "later", R"({"mode":"early"})"));
  EXPECT_EQ(text_of(out.response("1")), "early");
  s.handle_line(call("2", "later", R"({"mode":"drop"})"));
  toon::value dropped = out.response("2");
  EXPECT_TRUE(dropped["result"]["isError"].as_bool());
  EXPECT_EQ(text_of(dropped), "tool later failed: its handler deferred the answer and dropped it unanswered");
  s.wait_idle();
  EXPECT_EQ(out.wait_for(3).size(), 3u);
  // Outside a server there is nothing to answer through.
  EXPECT_EQ(later_cat.call_json("later", R"({"mode":"park"})").text,
            "cannot defer: no server to answer through later (a detached call_context): answer by returning");
}

TEST_F(deferred_fixture, DeferredCallsReportProgressAndStopWhenCancelledOrTimedOut) {
  toon::mcp::server_options o = quiet();
  o.call_timeout = 300ms;
  toon::mcp::server s(later_cat, o, out.sink());
  initialize(s);
  s.handle_line(call("1", "later", R"({"mode":"park"})", R"({"progressToken":"p"})"));
  ASSERT_TRUE(parked.wait_parked(1));
  toon::mcp::call_context ctx1;
  {
    std::lock_guard<std::mutex> lock(parked.m);
    ctx1 = parked.contexts[0];
  }
  EXPECT_TRUE(ctx1.progress(1, 2, "half"));  // the handler has returned: the call is still open
  EXPECT_EQ(out.wait_method("notifications/progress")["params"]["message"].as_string(), "half");
  EXPECT_FALSE(ctx1.stop_requested());
  s.handle_line(cancel("1"));
  EXPECT_TRUE(ctx1.stop_requested());
  EXPECT_FALSE(ctx1.progress(2, 2)) << "a cancelled call reports nothing more";
  parked.complete_from_thread("1", "too late");  // dropped: the call was cancelled
  // Time-out: answered as timed out, the stop token fired, never abandoned (no thread).
  s.handle_line(call("2", "later", R"({"mode":"park"})"));
  toon::value timed = out.response("2");
  EXPECT_TRUE(timed["result"]["isError"].as_bool());
  EXPECT_EQ(text_of(timed), "tool later timed out after 300 ms");
  ASSERT_TRUE(parked.wait_parked(2));
  {
    std::lock_guard<std::mutex> lock(parked.m);
    EXPECT_TRUE(parked.contexts[1].stop_requested());
  }
  EXPECT_EQ(s.stats().deferred, 1u);  // until its answer comes, however late
  parked.complete_from_thread("2", "much too late");
  s.wait_idle();
  toon::mcp::server_stats st = s.stats();
  EXPECT_EQ(st.deferred, 0u);
  EXPECT_EQ(st.cancelled, 1u);
  EXPECT_EQ(st.timed_out, 1u);
  EXPECT_EQ(st.abandoned, 0u);
  EXPECT_EQ(st.completed, 0u);
  EXPECT_EQ(out.wait_for(3).size(), 3u);  // initialize, the progress, the time-out: nothing else
}

TEST_F(deferred_fixture, NonblockingToolsRunOnTheReadingThreadWhenASlotIsFree) {
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 1;
  toon::mcp::server s(later_cat, o, out.sink());
  initialize(s);
  s.handle_line(call("1", "here"));
  EXPECT_EQ(text_of(out.response("1")), this_thread_id()) << "run by handle_line's caller";
  // With the only slot taken, it waits in the queue and runs on a worker like any call.
  s.handle_line(call("2", "hold"));
  ASSERT_TRUE(parked.hold.wait_entered(1));
  s.handle_line(call("3", "here"));
  EXPECT_EQ(s.stats().queued, 1u);
  parked.hold.release();
  EXPECT_EQ(text_of(out.response("2")), "held");
  toon::value r3 = out.response("3");
  EXPECT_NE(text_of(r3), this_thread_id());
  EXPECT_EQ(text_of(r3).rfind("(no result)", 0), std::string::npos) << toon::to_json(r3);
  s.wait_idle();
  EXPECT_EQ(s.stats().completed, 3u);
}

TEST_F(deferred_fixture, MaxDeferredCallsStopsTheReadingUntilOneIsAnswered) {
  toon::mcp::server_options o = quiet();
  o.max_deferred_calls = 2;
  toon::mcp::server s(later_cat, o, out.sink());
  initialize(s);
  s.handle_line(call("1", "later", R"({"mode":"park"})"));
  s.handle_line(call("2", "later", R"({"mode":"park"})"));
  ASSERT_TRUE(parked.wait_parked(2));
  for (auto until = std::chrono::steady_clock::now() + guard; s.stats().deferred < 2 && std::chrono::steady_clock::now() < until;)
    std::this_thread::sleep_for(1ms);
  ASSERT_EQ(s.stats().deferred, 2u);
  // A third call: the reader waits for room (it reads nothing meanwhile) ...
  std::atomic<bool> read{false};
  std::thread reader([&] {
    s.handle_line(call("3", "later", R"({"mode":"park"})"));
    read = true;
  });
  std::this_thread::sleep_for(200ms);
  EXPECT_FALSE(read.load()) << "the reader went on with max_deferred_calls open";
  // ... until one of the two is answered.
  parked.complete_from_thread("1", "first");
  reader.join();
  EXPECT_TRUE(read.load());
  EXPECT_EQ(text_of(out.response("1")), "first");
  ASSERT_TRUE(parked.wait_parked(3));
  parked.complete_from_thread("2", "second");
  parked.complete_from_thread("3", "third");
  EXPECT_EQ(text_of(out.response("3")), "third");
  s.wait_idle();
  EXPECT_EQ(s.stats().completed, 3u);
}

// ---- the pool and back-pressure -----------------------------------------------------------------

TEST_F(context_fixture, AFullQueueStopsTheReadingInsteadOfFailingCalls) {
  int in[2];
  int res[2];
  ASSERT_EQ(::pipe(in), 0);
  ASSERT_EQ(::pipe(res), 0);
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 2;
  o.max_queued_calls = 8;
  constexpr int calls = 10000;
  std::thread writer([&] {
    std::string input = init_line() + "\n";
    for (int i = 1; i <= calls; ++i) input += call(std::to_string(i), "quick") + "\n";
    const char* p = input.data();
    std::size_t left = input.size();
    while (left > 0) {
      ssize_t w = ::write(in[1], p, left);
      if (w <= 0) break;
      p += w;
      left -= static_cast<std::size_t>(w);
    }
    ::close(in[1]);
  });
  std::string output;
  std::thread reader([&] {
    char buf[65536];
    for (ssize_t n; (n = ::read(res[0], buf, sizeof buf)) > 0;) output.append(buf, static_cast<std::size_t>(n));
  });
  int status = 0;
  std::size_t workers = 0;
  {
    toon::mcp::server s(cat, o);
    status = s.serve(in[0], res[1]);
    workers = s.stats().workers;
    EXPECT_EQ(s.stats().completed, static_cast<std::size_t>(calls));
  }
  writer.join();
  ::close(res[1]);
  reader.join();
  ::close(res[0]);
  ::close(in[0]);
  EXPECT_EQ(status, 0);
  EXPECT_LE(workers, 2u);
  int ok = 0;
  int failed = 0;
  for (std::size_t start = 0; start < output.size();) {
    std::size_t nl = output.find('\n', start);
    ASSERT_NE(nl, std::string::npos);
    toon::result<toon::value> v = toon::from_json(std::string_view(output).substr(start, nl - start));
    ASSERT_TRUE(v.has_value());
    start = nl + 1;
    if ((*v)["id"].as_int64() == 0) continue;
    if (v->find("result") != nullptr && (*v)["result"]["content"][0]["text"].as_string() == "quick") ++ok;
    else ++failed;
  }
  EXPECT_EQ(ok, calls);
  EXPECT_EQ(failed, 0);
}

// A reader waiting for queue room must still read the answers to the requests that running
// handlers sent the client: with one slot and a queue of one, a handler awaiting roots/list and
// two queued calls would otherwise block the reader until the request timed out.
TEST_F(context_fixture, AFullQueueStillReadsTheClientsAnswers) {
  toon::mcp::server_options o = quiet();
  o.max_concurrent_calls = 1;
  o.max_queued_calls = 1;
  toon::mcp::server s(cat, o, out.sink());
  initialize(s);
  std::thread feeder([&] {
    s.handle_line(call("1", "ask", R"({"what":"roots"})"));
    toon::value request = out.wait_method("roots/list");
    s.handle_line(call("2", "quick"));
    s.handle_line(call("3", "quick"));  // the queue holds call 2: room only because of the pending request
    s.handle_line(R"({"jsonrpc":"2.0","id":)" + toon::to_json(request["id"]) + R"(,"result":{"roots":[]}})");
  });
  EXPECT_EQ(text_of(out.response("1")), R"({"roots":[]})");
  EXPECT_EQ(text_of(out.response("2")), "quick");
  EXPECT_EQ(text_of(out.response("3")), "quick");
  feeder.join();
  s.wait_idle();
  EXPECT_EQ(s.stats().completed, 3u);
}

TEST_F(context_fixture, StopCallbacksMayUseTheContext) {
  // A stop callback runs on the thread that requests the stop (the reading thread for a
  // cancellation): it may report through the context without deadlocking the server.
  toon::tool_catalog c;
  std::atomic<bool> entered{false};
  c.add<no_args>("cb", "Logs from its stop callback", "", [&entered](const no_args&, toon::mcp::call_context& ctx) {
    std::mutex m;
    std::condition_variable_any cv;
    std::stop_callback on_stop(ctx.stop_token(), [&ctx] { ctx.log(toon::mcp::log_level::info, toon::value("stopping")); });
    entered = true;
    std::unique_lock<std::mutex> lock(m);
    cv.wait_for(lock, ctx.stop_token(), guard, [] { return false; });
    return std::string("done");
  });
  toon::mcp::server s(c, quiet(), out.sink());
  initialize(s);
  s.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}})");
  s.handle_line(call("2", "cb"));
  for (auto until = std::chrono::steady_clock::now() + guard; !entered && std::chrono::steady_clock::now() < until;)
    std::this_thread::sleep_for(1ms);
  s.handle_line(cancel("2"));
  s.wait_idle();
  EXPECT_EQ(s.stats().cancelled, 1u);
  EXPECT_TRUE(out.with_method("notifications/message").empty());  // the call was over: dropped
}

// ---- requests to the client ----------------------------------------------------------------------

TEST_F(context_fixture, RequestsToTheClientGetTheirAnswers) {
  toon::mcp::server s(cat, quiet(), out.sink());
  initialize(s);  // capabilities {"roots":{}}
  s.handle_line(call("1", "ask", R"({"what":"roots"})"));
  toon::value request = out.wait_method("roots/list");
  ASSERT_TRUE(request.find("id") != nullptr) << toon::to_json(request);
  EXPECT_EQ(request["id"].as_string(), "toon-mcp-1");
  EXPECT_TRUE(request["params"].is_object());
  s.handle_line(R"({"jsonrpc":"2.0","id":"toon-mcp-1","result":{"roots":[{"uri":"file:///w","name":"w"}]}})");
  EXPECT_EQ(text_of(out.response("1")), R"({"roots":[{"uri":"file:///w","name":"w"}]})");
  // An error answer, and an answer to no request (ignored).
  s.handle_line(call("2", "ask", R"({"what":"roots"})"));
  request = out.wait_method("roots/list", 2);
  s.handle_line(R"({"jsonrpc":"2.0","id":"toon-mcp-999","result":{}})");
  s.handle_line(R"({"jsonrpc":"2.0","id":)" + toon::to_json(request["id"]) + R"(,"error":{"code":-32601,"message":"no roots here"}})");
  EXPECT_EQ(text_of(out.response("2")), "error remote_error: roots/list: the client answered with error -32601: no roots here");
  // Without the capability nothing is sent.
  s.handle_line(call("3", "ask", R"({"what":"elicit"})"));
  EXPECT_EQ(text_of(out.response("3")),
            "error protocol_error: the client did not declare the elicitation capability, so elicitation/create cannot be sent");
  EXPECT_TRUE(out.with_method("elicitation/create").empty());
}

TEST_F(context_fixture, RequestsToTheClientTimeOutOrStopWithTheCall) {
  toon::mcp::server_options o = quiet();
  o.max_client_requests = 1;
  toon::mcp::server s(cat, o, out.sink());
  initialize(s);
  s.handle_line(call("1", "ask", R"({"what":"roots","timeout_ms":20})"));
  EXPECT_EQ(text_of(out.response("1")), "error timeout: roots/list: no answer from the client within 20 ms");
  toon::value cancelled = out.wait_method("notifications/cancelled");
  EXPECT_EQ(cancelled["params"]["requestId"].as_string(), "toon-mcp-1");
  EXPECT_EQ(cancelled["params"]["reason"].as_string(), "timed out");
  // A pending request; a second one is over the limit of 1.
  s.handle_line(call("2", "ask", R"({"what":"roots"})"));
  toon::value pending = out.wait_method("roots/list", 2);
  s.handle_line(call("3", "ask", R"({"what":"roots"})"));
  EXPECT_EQ(text_of(out.response("3")), "error protocol_error: too many requests to the client pending (max_client_requests 1)");
  // Cancelling the call stops the wait at once: the client is told, no response to call 2.
  s.handle_line(cancel("2"));
  toon::value told = out.wait_method("notifications/cancelled", 2);
  EXPECT_EQ(told["params"]["requestId"], pending["id"]);
  EXPECT_EQ(told["params"]["reason"].as_string(), "the tool call was stopped");
  s.wait_idle();
  EXPECT_EQ(s.stats().cancelled, 1u);
  std::lock_guard<std::mutex> lock(out.m);
  for (const toon::value& m : out.messages)
    EXPECT_FALSE(m.find("id") != nullptr && toon::to_json(m["id"]) == "2") << toon::to_json(m);
}

// 2026-07-28: no requests to the client; multi round-trip requests instead (call_context::request).
TEST_F(context_fixture, MultiRoundTripRequestsIn2026) {
  toon::mcp::server s(cat, quiet(), out.sink());
  s.handle_line(call("1", "ask", R"({"what":"sample"})", modern_meta()));
  toon::value first = out.response("1");
  const toon::value* r = first.find("result");
  ASSERT_NE(r, nullptr) << toon::to_json(first);
  EXPECT_EQ((*r)["resultType"].as_string(), "input_required");
  EXPECT_EQ(toon::to_json((*r)["inputRequests"]),
            R"({"input-1":{"method":"sampling/createMessage","params":{"messages":[],"maxTokens":10}}})");
  EXPECT_EQ(r->find("requestState"), nullptr);  // no answers yet: nothing to carry
  EXPECT_EQ(r->find("content"), nullptr);
  EXPECT_TRUE(out.with_method("sampling/createMessage").empty());  // nothing sent as a request
  // The retry with the answer completes.
  const std::string answer = R"({"role":"assistant","content":{"type":"text","text":"hi"},"model":"m"})";
  s.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask","arguments":{"what":"sample"},)"
                R"("inputResponses":{"input-1":)" + answer + R"(},"_meta":)" + modern_meta() + "}}");
  toon::value second = out.response("2");
  EXPECT_EQ(second["result"]["resultType"].as_string(), "complete") << toon::to_json(second);
  EXPECT_EQ(text_of(second), answer);
  // Without the capability the request is refused at once, as in a session.
  s.handle_line(call("3", "ask", R"({"what":"elicit"})", modern_meta()));
  EXPECT_EQ(text_of(out.response("3")),
            "error protocol_error: the client did not declare the elicitation capability, so elicitation/create cannot be sent");
  // A requestState this server did not write is invalid params.
  s.handle_line(R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ask","arguments":{},)"
                R"("requestState":"not json","_meta":)" + modern_meta() + "}}");
  EXPECT_EQ(error_code(out.response("4")), -32602);
}

// Two requests in turn: the first answer travels in requestState while the second is asked.
TEST_F(context_fixture, MultiRoundTripAnswersCarriedInRequestState) {
  toon::tool_catalog c;
  c.add<no_args>("two", "Asks twice", "", [](const no_args&, toon::mcp::call_context& ctx) -> toon::result<std::string> {
    auto a = ctx.sample(toon::value(toon::object{{"messages", toon::array{}}, {"maxTokens", 1}}));
    if (!a) return a.error();
    auto b = ctx.sample(toon::value(toon::object{{"messages", toon::array{}}, {"maxTokens", 2}}));
    if (!b) return b.error();
    return (*a)["model"].as_string() + "+" + (*b)["model"].as_string();
  });
  toon::mcp::server s(c, quiet(), out.sink());
  auto line = [](int id, std::string_view extra) {
    return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":"tools/call","params":{"name":"two","arguments":{})" +
           std::string(extra) + R"(,"_meta":)" + modern_meta() + "}}";
  };
  s.handle_line(line(1, ""));
  toon::value r1 = out.response("1")["result"];
  ASSERT_EQ(r1["resultType"].as_string(), "input_required");
  EXPECT_EQ(r1["inputRequests"]["input-1"]["params"]["maxTokens"].as_int64(), 1);
  s.handle_line(line(2, R"(,"inputResponses":{"input-1":{"model":"A"}})"));
  toon::value r2 = out.response("2")["result"];
  ASSERT_EQ(r2["resultType"].as_string(), "input_required") << toon::to_json(r2);
  EXPECT_EQ(r2["inputRequests"].as_object().size(), 1u);
  EXPECT_EQ(r2["inputRequests"]["input-2"]["params"]["maxTokens"].as_int64(), 2);
  ASSERT_TRUE(r2["requestState"].is_string());
  s.handle_line(line(3, R"(,"inputResponses":{"input-2":{"model":"B"}},"requestState":)" + toon::to_json(r2["requestState"])));
  toon::value r3 = out.response("3");
  EXPECT_EQ(r3["result"]["resultType"].as_string(), "complete");
  EXPECT_EQ(text_of(r3), "A+B");
  // The state alone, without the new answer: asked again.
  s.handle_line(line(4, R"(,"requestState":)" + toon::to_json(r2["requestState"])));
  EXPECT_EQ(out.response("4")["result"]["inputRequests"].as_object().size(), 1u);
}

// ---- claim_stdout ---------------------------------------------------------------------------
namespace {

// Everything readable from `fd` until its write ends are closed.
std::string read_all(int fd) {
  std::string out;
  char buf[512];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  return out;
}

}  // namespace

// In a child process whose stdout and stderr are pipes: prints before the claim reach stdout,
// prints after it reach stderr, the claimed descriptor reaches the real stdout, and a second
// claim gives the same descriptor.
TEST(ClaimStdout, StrayPrintsGoToStderrFromTheClaimOn) {
  int out[2], err[2];
  ASSERT_EQ(::pipe(out), 0);
  ASSERT_EQ(::pipe(err), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(err[1], STDERR_FILENO);
    ::close(out[0]), ::close(out[1]), ::close(err[0]), ::close(err[1]);
    std::printf("before\n");  // buffered: the claim flushes it to the real stdout
    const int fd = toon::mcp::claim_stdout();
    std::printf("stray printf\n");
    std::fflush(stdout);
    const bool same = toon::mcp::claim_stdout() == fd;
    const char protocol[] = "{\"jsonrpc\":\"2.0\"}\n";
    const bool wrote = fd >= 0 && ::write(fd, protocol, sizeof protocol - 1) == static_cast<ssize_t>(sizeof protocol - 1);
    ::_exit(same && wrote ? 0 : 3);
  }
  ::close(out[1]);
  ::close(err[1]);
  const std::string stdout_text = read_all(out[0]);
  const std::string stderr_text = read_all(err[0]);
  ::close(out[0]);
  ::close(err[0]);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(stdout_text, "before\n{\"jsonrpc\":\"2.0\"}\n");
  EXPECT_EQ(stderr_text, "stray printf\n");
}
