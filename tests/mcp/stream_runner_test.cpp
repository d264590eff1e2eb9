// toon::mcp::tool_runner: intercepted calls run concurrently through a tool_catalog, results on
// their own channel (toon/mcp/tool_runner.hpp, docs/streaming.md).
#include "toon/mcp/tool_runner.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "toon/toon.hpp"

namespace {

using namespace std::chrono_literals;
using toon::mcp::run_status;
using toon::mcp::tool_result;
using toon::mcp::tool_runner;

struct echo_args {
  std::string text;
};
struct wait_args {
  std::string for_tool;
};

toon::mcp::intercepted_call call(std::string id, std::string name, std::string_view args_json) {
  toon::mcp::intercepted_call c;
  c.id = std::move(id);
  c.name = std::move(name);
  c.arguments = toon::from_json(args_json).value();
  return c;
}

// Two tools that each wait (up to 5 s) for the other to have started: they only both succeed
// when they run at the same time.
struct rendezvous {
  std::mutex m;
  std::condition_variable cv;
  std::vector<std::string> started;
  bool wait_for(const std::string& me, const std::string& other) {
    std::unique_lock<std::mutex> lock(m);
    started.push_back(me);
    cv.notify_all();
    return cv.wait_for(lock, 5s, [&] { return std::find(started.begin(), started.end(), other) != started.end(); });
  }
};

TEST(ToolRunner, CallsRunConcurrentlyAndReportIdStatusDuration) {
  rendezvous meet;
  toon::tool_catalog cat;
  cat.add<wait_args>("a", "waits for b", "", [&](const wait_args& w) -> toon::result<std::string> {
    if (!meet.wait_for("a", w.for_tool)) return toon::error{toon::error_code::timeout, "b never started"};
    return std::string("a done");
  });
  cat.add<wait_args>("b", "waits for a", "", [&](const wait_args& w) -> toon::result<std::string> {
    if (!meet.wait_for("b", w.for_tool)) return toon::error{toon::error_code::timeout, "a never started"};
    return std::string("b done");
  });
  tool_runner runner(toon::mcp::catalog_backend(cat));
  EXPECT_TRUE(runner.submit(call("call-1", "a", R"({"for_tool":"b"})")));
  EXPECT_TRUE(runner.submit(call("call-2", "b", R"({"for_tool":"a"})")));
  std::vector<tool_result> all = runner.wait_all();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].id, "call-1");
  EXPECT_EQ(all[0].name, "a");
  EXPECT_EQ(all[0].status, run_status::ok) << all[0].result.text();
  EXPECT_EQ(all[0].result.text(), "a done");
  EXPECT_EQ(all[1].id, "call-2");
  EXPECT_EQ(all[1].result.text(), "b done");
  EXPECT_GT(all[0].duration.count(), 0);
  EXPECT_EQ(runner.outstanding(), 0u);
  EXPECT_FALSE(runner.next().has_value());
}

TEST(ToolRunner, StatusesAndTheBoundOnCalls) {
  toon::tool_catalog cat;
  cat.add<echo_args>("echo", "echo", "", [](const echo_args& a) { return a.text; });
  toon::mcp::runner_options o;
  o.max_calls = 3;
  tool_runner runner(toon::mcp::catalog_backend(cat), o);
  runner.submit(call("call-1", "echo", R"({"text":"hi"})"));
  runner.submit(call("call-2", "echo", R"({"text":5})"));     // invalid arguments
  runner.submit(call("call-3", "missing", R"({})"));          // unknown tool
  EXPECT_FALSE(runner.submit(call("call-4", "echo", R"({"text":"late"})")));
  EXPECT_EQ(runner.submitted(), 4u);
  std::vector<tool_result> all = runner.wait_all();
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[0].status, run_status::ok);
  EXPECT_EQ(all[0].result.text(), "hi");
  EXPECT_EQ(all[1].status, run_status::tool_error);
  EXPECT_NE(all[1].result.text().find("expected string"), std::string::npos) << all[1].result.text();
  EXPECT_EQ(all[2].status, run_status::tool_error);
  EXPECT_EQ(all[3].status, run_status::refused);
  ASSERT_TRUE(all[3].failure.has_value());
  EXPECT_NE(all[3].failure->message.find("more than 3"), std::string::npos);

  const std::string msg = toon::mcp::results_message(all);
  const toon::value v = toon::decode(msg).value();
  ASSERT_EQ(v.find("results")->as_array().size(), 4u);
  EXPECT_EQ(*v.find("results")->as_array()[3].find("status"), toon::value("refused"));
  EXPECT_EQ(*v.find("outputs")->find("call-1"), toon::value("hi"));
}

TEST(ToolRunner, BackendFailuresAndExceptions) {
  tool_runner runner([](std::string_view name, const toon::value&, std::stop_token) -> toon::result<toon::mcp::call_result> {
    if (name == "throws") throw std::runtime_error("boom");
    return toon::error{toon::error_code::timeout, "no answer"};
  });
  runner.submit(call("call-1", "slow", "{}"));
  runner.submit(call("call-2", "throws", "{}"));
  std::vector<tool_result> all = runner.wait_all();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].status, run_status::failed);
  EXPECT_EQ(all[0].failure->code, toon::error_code::timeout);
  EXPECT_EQ(all[1].status, run_status::failed);
  EXPECT_NE(all[1].failure->message.find("boom"), std::string::npos);
}

TEST(ToolRunner, ResultsArriveWhileTheStreamGoesOn) {
  // The interceptor hands each call to the runner as soon as it is recognised; the call's
  // result is there before the stream ends.
  std::mutex m;
  std::condition_variable cv;
  bool stream_done = false;
  toon::tool_catalog cat;
  cat.add<echo_args>("echo", "echo", "", [](const echo_args& a) { return a.text; });
  cat.add<echo_args>("after_stream", "waits for the stream's end", "", [&](const echo_args& a) {
    std::unique_lock<std::mutex> lock(m);
    cv.wait_for(lock, 5s, [&] { return stream_done; });
    return a.text + (stream_done ? " (after)" : " (timeout)");
  });
  tool_runner runner(toon::mcp::catalog_backend(cat));
  std::string shown;
  toon::mcp::stream_interceptor in([&](toon::mcp::stream_piece&& p) {
    if (p.call) runner.submit(*p.call);
    else shown += p.text;
  });
  in.feed("First {\"tool\":\"echo\",\"arguments\":{\"text\":\"one\"}} then\n");
  std::optional<tool_result> first = runner.next();  // while the stream is still open
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->result.text(), "one");
  in.feed("tool: after_stream\ntext: two\n\nbye");
  in.finish();
  {
    std::lock_guard<std::mutex> lock(m);
    stream_done = true;
  }
  cv.notify_all();
  std::vector<tool_result> rest = runner.wait_all();
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0].id, "call-2");
  EXPECT_EQ(rest[0].result.text(), "two (after)");
  EXPECT_EQ(shown, "First  then\n\nbye");
}

}  // namespace
