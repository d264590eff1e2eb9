// toon::mcp::connect_http (docs/mcp.md, "Streamable HTTP") against the project's
// http_server on 127.0.0.1: handshake and session (ended with DELETE), tools over JSON and SSE
// answers with progress, a time limit, a bearer token, and bad URLs. Time limits are failure
// guards, except where a timeout is the point.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "toon/mcp/call_context.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/http.hpp"
#include "toon/tools.hpp"

namespace {

using namespace std::chrono_literals;

struct echo_args {
  std::string text;
};
struct steps_args {
  int steps = 3;
};

struct httpc_gate {
  std::mutex m;
  std::condition_variable cv;
  bool open = false;
};

std::shared_ptr<toon::tool_catalog> make_catalog(std::shared_ptr<httpc_gate> gate) {
  auto cat = std::make_shared<toon::tool_catalog>();
  cat->add<echo_args>("echo", "Echoes its text", "", [](const echo_args& a) { return a.text; });
  cat->add<steps_args>("count", "Reports progress", "", [](const steps_args& a, toon::mcp::call_context& ctx) {
    for (int i = 1; i <= a.steps; ++i) ctx.progress(i, a.steps, "step " + std::to_string(i));
    return a.steps * 10;
  });
  cat->add<steps_args>("wait", "Waits for the gate", "", [gate](const steps_args& a) {
    std::unique_lock lock(gate->m);
    gate->cv.wait_for(lock, 10s, [&] { return gate->open; });
    return a.steps;
  });
  return cat;
}

toon::mcp::client_options legacy_client() {
  toon::mcp::client_options o;
  o.probe_discover = false;
  o.request_timeout = 10s;
  o.initialize_timeout = 10s;
  return o;
}

TEST(McpHttpClient, SessionToolsProgressAndDelete) {
  auto gate = std::make_shared<httpc_gate>();
  toon::mcp::http_server srv(make_catalog(gate));
  ASSERT_TRUE(srv.start());
  auto c = toon::mcp::connect_http(srv.url(), {}, legacy_client());
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->server().protocol_version, "2025-11-25");
  EXPECT_EQ(srv.stats().sessions, 1u);

  auto tools = c->list_tools();
  ASSERT_TRUE(tools) << tools.error().message;
  std::vector<std::string> names;
  for (const auto& t : *tools) names.push_back(t.name);
  EXPECT_EQ(names, (std::vector<std::string>{"echo", "count", "wait"}));

  auto echo = c->call_tool("echo", toon::object{{"text", "héllo over HTTP"}});
  ASSERT_TRUE(echo) << echo.error().message;
  EXPECT_EQ(echo->text(), "héllo over HTTP");
  EXPECT_FALSE(echo->is_error);

  std::vector<std::string> seen;
  toon::mcp::call_options co;
  co.on_progress = [&](double done, double total, std::string_view msg) {
    seen.push_back(std::to_string(static_cast<int>(done)) + "/" + std::to_string(static_cast<int>(total)) + " " +
                   std::string(msg));
  };
  auto counted = c->call_tool("count", toon::object{{"steps", 3}}, co);
  ASSERT_TRUE(counted) << counted.error().message;
  EXPECT_EQ(counted->text(), "30");
  EXPECT_EQ(seen, (std::vector<std::string>{"1/3 step 1", "2/3 step 2", "3/3 step 3"}));

  // Several requests at once, each on its own POST.
  std::vector<std::thread> ts;
  std::atomic<int> ok{0};
  for (int i = 0; i < 8; ++i)
    ts.emplace_back([&, i] {
      auto r = c->call_tool("echo", toon::object{{"text", "n" + std::to_string(i)}});
      if (r && r->text() == "n" + std::to_string(i)) ++ok;
    });
  for (auto& t : ts) t.join();
  EXPECT_EQ(ok.load(), 8);

  auto ping = c->ping();
  ASSERT_TRUE(ping) << ping.error().message;

  c->shutdown();  // DELETE ends the session
  EXPECT_FALSE(c->connected());
  for (int i = 0; i < 100 && srv.stats().sessions != 0; ++i) std::this_thread::sleep_for(20ms);
  EXPECT_EQ(srv.stats().sessions, 0u);
  auto after = c->call_tool("echo", toon::object{{"text", "x"}});
  ASSERT_FALSE(after);
  EXPECT_EQ(after.error().code, toon::error_code::protocol_error);
}

TEST(McpHttpClient, StatelessRevisionOverHttp) {
  auto gate = std::make_shared<httpc_gate>();
  toon::mcp::http_server srv(make_catalog(gate));
  ASSERT_TRUE(srv.start());
  toon::mcp::client_options o;
  o.request_timeout = 10s;
  auto c = toon::mcp::connect_http(srv.url(), {}, o);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->server().protocol_version, "2026-07-28");
  EXPECT_TRUE(c->server().stateless);
  auto echo = c->call_tool("echo", toon::object{{"text", "stateless"}});
  ASSERT_TRUE(echo) << echo.error().message;
  EXPECT_EQ(echo->text(), "stateless");
}

TEST(McpHttpClient, TimeLimitAndCancellation) {
  auto gate = std::make_shared<httpc_gate>();
  toon::mcp::http_server srv(make_catalog(gate));
  ASSERT_TRUE(srv.start());
  auto c = toon::mcp::connect_http(srv.url(), {}, legacy_client());
  ASSERT_TRUE(c) << c.error().message;
  auto started = std::chrono::steady_clock::now();
  auto r = c->call_tool("wait", toon::object{{"steps", 1}}, 300ms);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::timeout);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);

  std::stop_source stop;
  toon::mcp::call_options co;
  co.stop = stop.get_token();
  std::thread canceller([&] {
    std::this_thread::sleep_for(100ms);
    stop.request_stop();
  });
  auto cancelled = c->call_tool("wait", toon::object{{"steps", 1}}, co);
  canceller.join();
  ASSERT_FALSE(cancelled);
  EXPECT_EQ(cancelled.error().code, toon::error_code::timeout);
  EXPECT_NE(cancelled.error().message.find("cancelled"), std::string::npos);
  {
    std::lock_guard lock(gate->m);
    gate->open = true;
  }
  gate->cv.notify_all();
  auto echo = c->call_tool("echo", toon::object{{"text", "still here"}});
  ASSERT_TRUE(echo) << echo.error().message;
  EXPECT_EQ(echo->text(), "still here");
}

TEST(McpHttpClient, BearerToken) {
  auto gate = std::make_shared<httpc_gate>();
  toon::mcp::http_options h;
  h.validate_token = [](std::string_view t) { return t == "s3cret"; };
  toon::mcp::http_server srv(make_catalog(gate), {}, h);
  ASSERT_TRUE(srv.start());
  auto refused = toon::mcp::connect_http(srv.url(), {}, legacy_client());
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("401"), std::string::npos) << refused.error().message;

  toon::mcp::http_client_options wrong;
  wrong.bearer_token = "nope";
  EXPECT_FALSE(toon::mcp::connect_http(srv.url(), wrong, legacy_client()));

  toon::mcp::http_client_options right;
  right.bearer_token = "s3cret";
  auto c = toon::mcp::connect_http(srv.url(), right, legacy_client());
  ASSERT_TRUE(c) << c.error().message;
  auto echo = c->call_tool("echo", toon::object{{"text", "authorized"}});
  ASSERT_TRUE(echo) << echo.error().message;
  EXPECT_EQ(echo->text(), "authorized");

  toon::mcp::http_client_options header;
  header.headers.emplace_back("Authorization", "Bearer s3cret");
  auto c2 = toon::mcp::connect_http(srv.url(), header, legacy_client());
  ASSERT_TRUE(c2) << c2.error().message;
}

TEST(McpHttpClient, BadUrlsAndNoServer) {
  for (const char* url : {"ftp://x/mcp", "https://127.0.0.1/mcp", "http://", "http://host:99999/mcp", "http://h:x/"}) {
    auto c = toon::mcp::connect_http(url, {}, legacy_client());
    ASSERT_FALSE(c) << url;
    EXPECT_EQ(c.error().code, toon::error_code::io_error) << url;
  }
  // A port bound here but not listening: connections are refused.
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  socklen_t len = sizeof addr;
  ASSERT_EQ(::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len), 0);
  std::string url = "http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + "/mcp";
  auto c = toon::mcp::connect_http(url, {}, legacy_client());
  ::close(fd);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("cannot connect"), std::string::npos) << c.error().message;
}

}  // namespace

namespace {

// A hostile HTTP server on 127.0.0.1: answers every request with `response` (whatever the
// request was), then closes the connection.
class canned_server {
 public:
  explicit canned_server(std::string response) : response_(std::move(response)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    (void)::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    socklen_t len = sizeof addr;
    (void)::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    (void)::listen(fd_, 16);
    thread_ = std::thread([this] {
      for (;;) {
        int c = ::accept(fd_, nullptr, nullptr);
        if (c < 0) return;
        char buf[65536];
        (void)::recv(c, buf, sizeof buf, 0);  // the request (small)
        std::string_view rest = response_;
        while (!rest.empty()) {
          ssize_t n = ::send(c, rest.data(), rest.size(), MSG_NOSIGNAL);
          if (n <= 0) break;
          rest.remove_prefix(static_cast<std::size_t>(n));
        }
        ::close(c);
      }
    });
  }
  ~canned_server() {
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    thread_.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/mcp"; }

 private:
  std::string response_;
  int fd_ = -1;
  std::uint16_t port_ = 0;
  std::thread thread_;
};

}  // namespace

TEST(McpHttpClient, HostileServersGiveTypedErrors) {
  toon::mcp::http_client_options small;
  small.max_event_size = 4096;
  small.max_body_size = 4096;
  small.max_header_size = 2048;
  auto expect_fails_fast = [&](const std::string& response, const char* what) -> std::string {
    canned_server srv(response);
    auto started = std::chrono::steady_clock::now();
    auto c = toon::mcp::connect_http(srv.url(), small, legacy_client());
    EXPECT_LT(std::chrono::steady_clock::now() - started, 5s) << what;
    EXPECT_FALSE(c) << what;
    return c ? std::string() : c.error().message;
  };
  // An SSE event far over the limit (a 1 MiB data line).
  std::string huge = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: " + std::string(1 << 20, 'x') + "\n\n";
  EXPECT_NE(expect_fails_fast(huge, "sse").find("SSE event over 4096 bytes"), std::string::npos);
  // A JSON body over the limit.
  std::string body(100000, ' ');
  std::string big_json = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
                         "\r\n\r\n" + body;
  EXPECT_NE(expect_fails_fast(big_json, "json").find("an answer over 4096 bytes"), std::string::npos);
  // A header block over the limit.
  std::string big_header = "HTTP/1.1 200 OK\r\nX-Junk: " + std::string(10000, 'j') + "\r\nContent-Length: 0\r\n\r\n";
  EXPECT_NE(expect_fails_fast(big_header, "header").find("reading the answer"), std::string::npos);
  // Not HTTP at all, malformed chunked encoding, a wrong content type, an error status.
  expect_fails_fast("SSH-2.0-OpenSSH\r\n", "garbage");
  expect_fails_fast("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n",
                    "chunked");
  EXPECT_NE(expect_fails_fast("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 2\r\n\r\nhi", "type")
                .find("text/html"),
            std::string::npos);
  EXPECT_NE(expect_fails_fast("HTTP/1.1 500 Oops\r\nContent-Length: 4\r\n\r\nboom", "500").find("HTTP status 500: boom"),
            std::string::npos);
  // An SSE stream that ends without the response and without event ids: not resumable.
  EXPECT_NE(expect_fails_fast("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n: just a comment\n\n", "cut")
                .find("ended the stream before answering"),
            std::string::npos);
}
