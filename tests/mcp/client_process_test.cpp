// toon::mcp::process and toon::mcp::client against a scripted fake server
// (tests/mcp/fake_mcp_server.py): handshake fallback and the stateless path, pagination,
// concurrency, timeouts with cancellation, malformed and oversized lines, server requests,
// early exits, shutdown escalation, resource limits, and no zombie or descriptor left behind.
#include <gtest/gtest.h>
#include <signal.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/client.hpp"

namespace {

using namespace std::chrono_literals;
using toon::mcp::client;
using toon::mcp::client_options;
using toon::mcp::process;
using toon::mcp::process_options;

std::size_t open_fds() {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/fd")) ++n;
  return n;
}

/// True when `pid` is no child of ours any more (reaped: no zombie left).
bool reaped(int pid) {
  errno = 0;
  return ::waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

process_options fake(const std::string& scenario) {
  process_options o;
  o.argv = {TOON_TEST_PYTHON, TOON_TEST_FAKE_SERVER, scenario};
  return o;
}

/// Waits (up to a generous guard, never a timed assertion) until the server's stderr holds `text`.
bool stderr_shows(const client& c, const std::string& text) {
  for (int i = 0; i < 2000; ++i) {
    if (c.stderr_tail().find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(5ms);
  }
  return false;
}

/// Every test checks that no descriptor outlives it.
class McpClient : public ::testing::Test {
 protected:
  void SetUp() override { fds_before_ = open_fds(); }
  void TearDown() override { EXPECT_EQ(open_fds(), fds_before_) << "a descriptor leaked"; }
  std::size_t fds_before_ = 0;
};

TEST_F(McpClient, ProcessRunsAnArgvWithoutAShell) {
  process_options o;
  o.argv = {"sh", "-c", "read line; echo \"got $line\"; echo oops >&2; exit 7"};
  auto p = process::spawn(o);
  ASSERT_TRUE(p) << p.error().message;
  int pid = p->pid();
  ASSERT_GT(pid, 0);
  ASSERT_EQ(::write(p->stdin_fd(), "hi\n", 3), 3);
  toon::mcp::exit_status st = p->shutdown(20s, 1s);
  EXPECT_EQ(st.code, 7);
  EXPECT_EQ(st.signal, 0);
  EXPECT_EQ(st.to_string(), "exit code 7");
  char buf[64] = {};
  ssize_t n = ::read(p->stdout_fd(), buf, sizeof buf - 1);
  EXPECT_EQ(std::string(buf, n > 0 ? static_cast<std::size_t>(n) : 0), "got hi\n");
  EXPECT_TRUE(reaped(pid));
}

#if defined(__linux__)
// end_with_parent: a child spawned with it gets SIGTERM when its parent is killed (SIGKILL, no
// cleanup), where one spawned without it runs on. In a forked harness that is a subreaper, so the
// orphans come back to it and their ends can be read: exit 0 when both behaved so.
TEST_F(McpClient, EndWithParentTakesTheChildDownWhenTheParentIsKilled) {
  const pid_t harness = ::fork();
  ASSERT_GE(harness, 0);
  if (harness == 0) {
    if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) ::_exit(10);
    int pids[2];
    if (::pipe(pids) != 0) ::_exit(11);
    const pid_t parent = ::fork();
    if (parent < 0) ::_exit(12);
    if (parent == 0) {  // spawns two `sleep 30`, with and without end_with_parent, then waits
      process_options with, without;
      with.argv = without.argv = {"sleep", "30"};
      with.end_with_parent = true;
      auto a = process::spawn(with);
      auto b = process::spawn(without);
      if (!a || !b) ::_exit(13);
      const int children[2] = {a->pid(), b->pid()};
      if (::write(pids[1], children, sizeof children) != static_cast<ssize_t>(sizeof children)) ::_exit(14);
      ::pause();
      ::_exit(0);
    }
    ::close(pids[1]);
    int children[2] = {0, 0};
    if (::read(pids[0], children, sizeof children) != static_cast<ssize_t>(sizeof children)) ::_exit(15);
    ::kill(parent, SIGKILL);
    ::waitpid(parent, nullptr, 0);
    int status = 0;
    if (::waitpid(children[0], &status, 0) != children[0]) ::_exit(16);
    const bool with_ended = WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM;
    // The other one is still running: still not reapable.
    const bool without_runs = ::waitpid(children[1], &status, WNOHANG) == 0;
    ::kill(children[1], SIGKILL);
    ::waitpid(children[1], nullptr, 0);
    ::_exit(with_ended ? (without_runs ? 0 : 2) : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(harness, &status, 0), harness);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: the child did not end by SIGTERM with its parent; 2: the child without "
                                       "end_with_parent ended too; 10+: the harness failed";
}
#endif

TEST_F(McpClient, SpawnFailuresAreErrorsWithTheReason) {
  process_options missing;
  missing.argv = {"toon-no-such-program-anywhere"};
  auto a = process::spawn(missing);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().code, toon::error_code::io_error);
  EXPECT_NE(a.error().message.find("not found"), std::string::npos);

  process_options bad_dir = fake("legacy");
  bad_dir.working_directory = "/nonexistent/toon/dir";
  auto b = process::spawn(bad_dir);
  ASSERT_FALSE(b);
  EXPECT_NE(b.error().message.find("working directory"), std::string::npos) << b.error().message;

  process_options not_exec;
  not_exec.argv = {TOON_TEST_FAKE_SERVER};  // a script without the exec bit
  auto c = process::spawn(not_exec);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, toon::error_code::io_error);
}

TEST_F(McpClient, LegacyServerGetsTheInitializeHandshakeAndPagedTools) {
  auto c = client::connect(fake("legacy"));
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_FALSE(c->server().stateless);
  EXPECT_EQ(c->server().protocol_version, "2025-11-25");
  EXPECT_EQ(c->server().name, "fake");
  EXPECT_EQ(c->server().version, "1.2.3");
  EXPECT_EQ(c->server().instructions, "fake legacy server");
  EXPECT_TRUE(c->server().capabilities.find("tools") != nullptr);

  auto tools = c->list_tools();
  ASSERT_TRUE(tools) << tools.error().message;
  ASSERT_EQ(tools->size(), 6u);  // 3 on the first page, 3 behind the cursor
  EXPECT_EQ((*tools)[0].name, "echo");
  EXPECT_EQ((*tools)[0].description, "Echoes its arguments");
  EXPECT_TRUE((*tools)[0].input_schema.is_object());
  EXPECT_EQ((*tools)[5].name, "ask");

  toon::value args = toon::object{{"a", 1}, {"b", toon::array{"x", true}}};
  auto r = c->call_tool("echo", args);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_FALSE(r->is_error);
  EXPECT_EQ(r->text(), R"({"a": 1, "b": ["x", true]})");
  EXPECT_EQ(r->structured_content, (toon::value(toon::object{{"echo", args}})));

  auto unknown = c->call_tool("nope", toon::object{});
  ASSERT_TRUE(unknown);
  EXPECT_TRUE(unknown->is_error);

  auto pong = c->ping();
  ASSERT_TRUE(pong) << pong.error().message;
  EXPECT_TRUE(pong->is_object());

  auto bad = c->request("no/such/method");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, toon::error_code::remote_error);
  EXPECT_NE(bad.error().message.find("-32601"), std::string::npos);

  EXPECT_TRUE(stderr_shows(*c, "initialized"));  // notifications/initialized was sent
  int pid = c->pid();
  toon::mcp::exit_status st = c->shutdown();
  EXPECT_TRUE(st.success()) << st.to_string();
  EXPECT_TRUE(reaped(pid));
  EXPECT_FALSE(c->connected());
  EXPECT_NE(c->stderr_tail().find("stdin closed"), std::string::npos);
  auto after = c->ping();
  ASSERT_FALSE(after);
  EXPECT_EQ(after.error().code, toon::error_code::protocol_error);
}

TEST_F(McpClient, ModernServerIsSpokenToStatelesslyWithMeta) {
  auto c = client::connect(fake("modern"));
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_TRUE(c->server().stateless);
  EXPECT_EQ(c->server().protocol_version, "2026-07-28");
  EXPECT_EQ(c->server().name, "fake");
  EXPECT_EQ(c->server().instructions, "fake modern server");
  auto tools = c->list_tools();  // the fake answers -32602 when _meta is missing
  ASSERT_TRUE(tools) << tools.error().message;
  EXPECT_EQ(tools->size(), 6u);
  auto r = c->call_tool("echo", toon::object{{"k", "v"}});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->text(), R"({"k": "v"})");
  auto alive = c->ping();  // server/discover: 2026-07-28 has no ping
  ASSERT_TRUE(alive) << alive.error().message;
  EXPECT_TRUE(alive->find("supportedVersions") != nullptr);
  EXPECT_EQ(c->stderr_tail().find("initialized"), std::string::npos);  // no handshake
}

TEST_F(McpClient, SilentProbeFallsBackToInitialize) {
  client_options o;
  o.discover_timeout = 300ms;
  auto c = client::connect(fake("silent"), o);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_FALSE(c->server().stateless);
  EXPECT_EQ(c->server().protocol_version, "2025-11-25");
}

TEST_F(McpClient, ProbeOffGoesStraightToInitialize) {
  client_options o;
  o.probe_discover = false;
  // The modern fake requires _meta on every request, so a bare initialize is refused: proof
  // that no probe went first.
  auto c = client::connect(fake("modern"), o);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, toon::error_code::remote_error);
}

TEST_F(McpClient, RecognizedModernErrorDoesNotFallBack) {
  auto c = client::connect(fake("modern_only"));
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, toon::error_code::remote_error);
  EXPECT_NE(c.error().message.find("-32022"), std::string::npos) << c.error().message;
}

TEST_F(McpClient, ServerThatExitsEarlyFailsConnectWithItsStderr) {
  auto c = client::connect(fake("exit_early"));
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, toon::error_code::protocol_error);
  EXPECT_NE(c.error().message.find("exit code 3"), std::string::npos) << c.error().message;
  EXPECT_NE(c.error().message.find("cannot start"), std::string::npos) << c.error().message;
}

TEST_F(McpClient, ServerThatExitsMidCallFailsThatCallAndLaterOnes) {
  std::atomic<int> closes{0};
  client_options o;
  o.on_close = [&closes](std::string_view why) {
    if (why.find("the server closed its output") != std::string_view::npos) ++closes;
  };
  auto c = client::connect(fake("legacy"), o);
  ASSERT_TRUE(c) << c.error().message;
  auto r = c->call_tool("bye", toon::object{});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::protocol_error);
  EXPECT_FALSE(c->connected());
  EXPECT_EQ(closes.load(), 1) << "on_close reports the server's end once";
  auto again = c->call_tool("echo", toon::object{});
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, toon::error_code::protocol_error);
  int pid = c->pid();
  EXPECT_TRUE(c->shutdown().success());
  EXPECT_EQ(closes.load(), 1) << "nor again on shutdown";
  if (pid > 0) {
    EXPECT_TRUE(reaped(pid));
  }
}

// A server that closed its stdin: the calling thread's write gets EPIPE (SIGPIPE, which this
// test program does not ignore, is blocked for the write and taken back), the request fails, and
// the program lives on.
TEST_F(McpClient, WritingToAServerThatClosedItsStdinIsAnErrorNotSigpipe) {
  struct sigaction current {};
  ASSERT_EQ(::sigaction(SIGPIPE, nullptr, &current), 0);
  ASSERT_EQ(current.sa_handler, SIG_DFL) << "the test needs SIGPIPE's default action (termination)";
  auto c = client::connect(fake("legacy"));
  ASSERT_TRUE(c) << c.error().message;
  auto deaf = c->call_tool("deaf", toon::object{});
  ASSERT_TRUE(deaf) << deaf.error().message;
  toon::mcp::call_options quick;
  quick.timeout = std::chrono::milliseconds(300);
  auto r = c->call_tool("echo", toon::object{{"x", 1}}, quick);
  ASSERT_FALSE(r);
  EXPECT_TRUE(r.error().code == toon::error_code::protocol_error || r.error().code == toon::error_code::timeout)
      << r.error().message;
  sigset_t pending;
  ASSERT_EQ(::sigpending(&pending), 0);
  EXPECT_FALSE(::sigismember(&pending, SIGPIPE)) << "a SIGPIPE was left pending";
  c->shutdown();  // SIGTERM ends it
}

TEST_F(McpClient, TimeoutSendsCancelledAndTheConnectionStaysUsable) {
  auto c = client::connect(fake("legacy"));
  ASSERT_TRUE(c) << c.error().message;
  auto r = c->call_tool("slow", toon::object{}, 200ms);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::timeout);
  EXPECT_TRUE(stderr_shows(*c, ": timed out"));  // "cancelled <id>: timed out"
  auto ok = c->call_tool("echo", toon::object{{"after", "timeout"}});
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(ok->text(), R"({"after": "timeout"})");
}

TEST_F(McpClient, StopTokenCancelsARequest) {
  auto c = client::connect(fake("legacy"));
  ASSERT_TRUE(c) << c.error().message;
  std::stop_source source;
  toon::mcp::call_options o;
  o.stop = source.get_token();
  o.timeout = 60s;
  std::thread stopper([&] {
    EXPECT_TRUE(stderr_shows(*c, "slow call"));  // the server has the call
    source.request_stop();
  });
  auto r = c->call_tool("slow", toon::object{}, o);
  stopper.join();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::timeout);
  EXPECT_NE(r.error().message.find("cancelled"), std::string::npos);
  EXPECT_TRUE(stderr_shows(*c, ": cancelled by the client"));
}

// call_tool_async: each callback runs once, with what call_tool would give (the answer, a
// time-out, a cancellation, the connection's end), on the client's I/O thread.
namespace {
struct async_outcomes {
  std::mutex m;
  std::condition_variable cv;
  std::vector<toon::result<toon::mcp::call_result>> got;
  std::vector<std::thread::id> threads;
  std::function<void(toon::result<toon::mcp::call_result>)> collect() {
    return [this](toon::result<toon::mcp::call_result> r) {
      std::lock_guard<std::mutex> lock(m);
      got.push_back(std::move(r));
      threads.push_back(std::this_thread::get_id());
      cv.notify_all();
    };
  }
  bool wait_for(std::size_t n) {
    std::unique_lock<std::mutex> lock(m);
    return cv.wait_for(lock, 30s, [&] { return got.size() >= n; });
  }
};
}  // namespace

TEST_F(McpClient, AsyncCallsAnswerThroughTheirCallbackOnce) {
  auto c = client::connect(fake("legacy"));
  ASSERT_TRUE(c) << c.error().message;
  async_outcomes out;
  for (int i = 0; i < 50; ++i) c->call_tool_async("echo", toon::object{{"i", i}}, {}, out.collect());
  ASSERT_TRUE(out.wait_for(50));
  std::vector<int> seen;
  {
    std::lock_guard<std::mutex> lock(out.m);
    for (std::size_t k = 0; k < out.got.size(); ++k) {
      ASSERT_TRUE(out.got[k]) << out.got[k].error().message;
      seen.push_back(static_cast<int>(out.got[k]->structured_content["echo"]["i"].as_int64()));
      EXPECT_NE(out.threads[k], std::this_thread::get_id()) << "callbacks run on the client's I/O thread";
    }
  }
  std::sort(seen.begin(), seen.end());
  for (int i = 0; i < 50; ++i) EXPECT_EQ(seen[static_cast<std::size_t>(i)], i);
  // A tool error is a result with is_error, as with call_tool.
  async_outcomes err;
  c->call_tool_async("nope", toon::object{}, {}, err.collect());
  ASSERT_TRUE(err.wait_for(1));
  ASSERT_TRUE(err.got[0]);
  EXPECT_TRUE(err.got[0]->is_error);
  EXPECT_EQ(err.got[0]->text(), "unknown tool nope");
}

TEST_F(McpClient, AsyncCallsTimeOutOrStopAndTheServerIsToldSo) {
  auto c = client::connect(fake("legacy"));
  ASSERT_TRUE(c) << c.error().message;
  async_outcomes timed;
  toon::mcp::call_options quick;
  quick.timeout = 200ms;
  c->call_tool_async("slow", toon::object{}, quick, timed.collect());
  ASSERT_TRUE(timed.wait_for(1));
  ASSERT_FALSE(timed.got[0]);
  EXPECT_EQ(timed.got[0].error().code, toon::error_code::timeout);
  EXPECT_NE(timed.got[0].error().message.find("no answer within 200 ms"), std::string::npos) << timed.got[0].error().message;
  EXPECT_TRUE(stderr_shows(*c, ": timed out"));

  async_outcomes stopped;
  std::stop_source source;
  toon::mcp::call_options o;
  o.stop = source.get_token();
  o.timeout = 60s;
  c->call_tool_async("slow", toon::object{}, o, stopped.collect());
  ASSERT_TRUE(stderr_shows(*c, "slow call"));
  source.request_stop();
  ASSERT_TRUE(stopped.wait_for(1));
  ASSERT_FALSE(stopped.got[0]);
  EXPECT_NE(stopped.got[0].error().message.find("cancelled"), std::string::npos) << stopped.got[0].error().message;
  EXPECT_TRUE(stderr_shows(*c, ": cancelled by the client"));
  // A token stopped before the call: ended at once, never answered twice.
  async_outcomes early;
  c->call_tool_async("echo", toon::object{}, o, early.collect());
  ASSERT_TRUE(early.wait_for(1));
  auto ok = c->call_tool("echo", toon::object{{"after", "stop"}});
  ASSERT_TRUE(ok) << ok.error().message;
  std::lock_guard<std::mutex> lock(early.m);
  EXPECT_EQ(early.got.size(), 1u);
}

TEST_F(McpClient, AsyncCallsFailWhenTheServerGoesAway) {
  auto c = client::connect(fake("legacy"));
  ASSERT_TRUE(c) << c.error().message;
  async_outcomes pending;
  c->call_tool_async("slow", toon::object{}, {}, pending.collect());
  ASSERT_TRUE(stderr_shows(*c, "slow call"));
  auto bye = c->call_tool("bye", toon::object{});
  EXPECT_FALSE(bye);
  ASSERT_TRUE(pending.wait_for(1));
  ASSERT_FALSE(pending.got[0]);
  EXPECT_EQ(pending.got[0].error().code, toon::error_code::protocol_error);
  EXPECT_NE(pending.got[0].error().message.find("closed the connection"), std::string::npos) << pending.got[0].error().message;
  // After the end: the callback runs on the calling thread, before call_tool_async returns.
  async_outcomes after;
  c->call_tool_async("echo", toon::object{}, {}, after.collect());
  std::lock_guard<std::mutex> lock(after.m);
  ASSERT_EQ(after.got.size(), 1u);
  EXPECT_FALSE(after.got[0]);
  EXPECT_EQ(after.threads[0], std::this_thread::get_id());
}

TEST_F(McpClient, MalformedOversizedAndUnknownLinesAreCountedAndSkipped) {
  client_options o;
  o.max_line_bytes = 4096;
  auto c = client::connect(fake("legacy"), o);
  ASSERT_TRUE(c) << c.error().message;
  // The fake writes two malformed lines, a response to an unknown id, a 100 kB response to
  // this very request (dropped: over max_line_bytes), a blank line, then the real answer.
  auto r = c->call_tool("noisy", toon::object{{"oversized", 100000}});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->text(), "after the noise");
  toon::mcp::client_stats s = c->stats();
  EXPECT_EQ(s.malformed_lines, 2u);
  EXPECT_EQ(s.dropped_lines, 1u);
  EXPECT_EQ(s.unmatched_responses, 1u);
  EXPECT_TRUE(c->ping());
}

TEST_F(McpClient, LoneSurrogateEscapesInAnswersAreReadAsReplacementCharacters) {
  // An upstream answer with "\ud800" (valid JSON) is an answer, not a malformed line: the
  // proxy forwards it with U+FFFD in place of the lone surrogate.
  auto c = client::connect(fake("legacy"));
  ASSERT_TRUE(c) << c.error().message;
  auto r = c->call_tool("lone", toon::object{});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->text(), "a\xEF\xBF\xBD" "b");
  EXPECT_EQ(r->structured_content["s"].as_string(), "\xEF\xBF\xBD");
  EXPECT_EQ(c->stats().malformed_lines, 0u);
}

TEST_F(McpClient, ServerRequestsGetMethodNotFoundExceptPing) {
  std::atomic<int> list_changed{0};
  client_options o;
  o.on_notification = [&](const toon::value& msg) {
    if (msg.find("method") != nullptr && msg.find("method")->as_string() == "notifications/tools/list_changed")
      ++list_changed;
  };
  auto c = client::connect(fake("legacy"), o);
  ASSERT_TRUE(c) << c.error().message;
  auto r = c->call_tool("ask", toon::object{});
  ASSERT_TRUE(r) << r.error().message;
  auto answer = toon::from_json(r->text());
  ASSERT_TRUE(answer) << r->text();
  ASSERT_NE(answer->find("code"), nullptr) << r->text();
  EXPECT_EQ(*answer->find("code"), toon::value(-32601));
  EXPECT_EQ(c->stats().refused_requests, 1u);
  EXPECT_EQ(list_changed.load(), 1);  // sent right after initialize, before this answer
}

TEST_F(McpClient, ConcurrentCallsAreMatchedById) {
  auto c = client::connect(fake("legacy"));
  ASSERT_TRUE(c) << c.error().message;
  std::atomic<int> good{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 25; ++i) {
        toon::value args = toon::object{{"t", t}, {"i", i}};
        auto r = c->call_tool("echo", args);
        if (r && r->structured_content == toon::value(toon::object{{"echo", args}})) ++good;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(good.load(), 200);
}

TEST_F(McpClient, ShutdownEscalatesToSigkillForAStubbornServer) {
  client_options o;
  o.shutdown_grace = 200ms;
  auto c = client::connect(fake("stubborn"), o);
  ASSERT_TRUE(c) << c.error().message;
  int pid = c->pid();
  toon::mcp::exit_status st = c->shutdown();
  EXPECT_EQ(st.signal, SIGKILL) << st.to_string();
  EXPECT_TRUE(reaped(pid));
  EXPECT_EQ(c->shutdown().signal, SIGKILL);  // idempotent
}

TEST_F(McpClient, EnvironmentWorkingDirectoryAndLimitsApplyInTheChild) {
  auto dir = std::filesystem::temp_directory_path() / ("toon-mcp-limits-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  ::setenv("TOON_MCP_PARENT_ONLY", "1", 1);
  process_options p = fake("legacy");
  p.environment = std::vector<std::string>{"FAKE_ENV=hello", "PATH=/usr/bin:/bin"};
  p.working_directory = dir.string();
  p.limits.cpu_seconds = 100;
  p.limits.address_space_bytes = 2ull << 30;
  p.limits.open_files = 64;
  auto c = client::connect(p);
  ASSERT_TRUE(c) << c.error().message;
  auto r = c->call_tool("limits", toon::object{});
  ASSERT_TRUE(r) << r.error().message;
  const toon::value& s = r->structured_content;
  ASSERT_TRUE(s.is_object()) << toon::to_json(r->raw);
  EXPECT_EQ(*s.find("cpu"), toon::value(100));
  EXPECT_EQ(*s.find("as"), toon::value(std::int64_t(2) << 30));
  EXPECT_EQ(*s.find("nofile"), toon::value(64));
  EXPECT_EQ(s.find("cwd")->as_string(), std::filesystem::canonical(dir).string());
  EXPECT_EQ(s.find("env")->as_string(), "hello");
  EXPECT_TRUE(s.find("parent")->is_null());  // set here, not passed on: the environment is explicit
  // Only stdin, stdout, stderr (and the descriptor listing /proc/self/fd) are open in the child.
  ASSERT_TRUE(s.find("fds")->is_array());
  for (const toon::value& fd : s.find("fds")->as_array()) EXPECT_LE(fd.as_int64(), 3) << toon::to_json(*s.find("fds"));
  c->shutdown();
  std::filesystem::remove_all(dir);
}

TEST_F(McpClient, DestructorShutsDownAndReaps) {
  int pid = 0;
  {
    auto c = client::connect(fake("legacy"));
    ASSERT_TRUE(c) << c.error().message;
    pid = c->pid();
    ASSERT_GT(pid, 0);
  }
  EXPECT_TRUE(reaped(pid));
}

TEST_F(McpClient, ToolCacheStartsAServerOnFirstUseAndKeepsItsTools) {
  toon::mcp::tool_cache cache;
  cache.add("fake", fake("legacy"));
  cache.add("modern", fake("modern"));
  EXPECT_EQ(cache.categories(), (std::vector<std::string>{"fake", "modern"}));
  EXPECT_FALSE(cache.loaded("fake"));
  auto first = cache.tools("fake");
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(first->size(), 6u);
  EXPECT_FALSE(cache.loaded("modern"));  // never started
  auto r = cache.call("fake", "echo", toon::object{{"x", 1}});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->text(), R"({"x": 1})");
  // The list_changed the fake sent after initialize may mark the list stale; a reload is then
  // served by the same server. Either way the second answer equals the first.
  auto second = cache.tools("fake");
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_EQ(second->size(), first->size());
  EXPECT_TRUE(cache.loaded("fake"));
  cache.invalidate("fake");
  EXPECT_FALSE(cache.loaded("fake"));
  auto unknown = cache.tools("nope");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, toon::error_code::io_error);
  cache.shutdown_all();
  EXPECT_FALSE(cache.loaded("fake"));
}

}  // namespace
