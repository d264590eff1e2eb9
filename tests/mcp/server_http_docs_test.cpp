// The C++ examples of docs/mcp.md, section "Streamable HTTP", between doc:begin / doc:end
// markers (checked verbatim by the ctest docs.mcp.examples_in_sync), compiled and run here: the
// server is started on a free port and answers a real initialize request over a socket.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "toon/json.hpp"

// doc:begin http_serve
#include <toon/mcp/http.hpp>
#include <toon/tools.hpp>

struct add_args {
  int a = 0;
  int b = 0;
};

// Serves one tool on http://127.0.0.1:PORT/mcp until the server is stopped or destroyed.
std::unique_ptr<toon::mcp::http_server> serve_adder(std::uint16_t port) {
  auto cat = std::make_shared<toon::tool_catalog>();
  cat->add<add_args>("add", "Adds two integers", "", [](const add_args& x) { return x.a + x.b; });
  toon::mcp::server_options options;
  options.info.name = "adder";
  toon::mcp::http_options http;
  http.port = port;                                    // 0: a free port, see port()
  http.allowed_origins = {"https://app.example.com"};  // a web app allowed to call it
  auto srv = std::make_unique<toon::mcp::http_server>(cat, options, http);
  if (auto started = srv->start(); !started) {         // io_error: the port is taken, ...
    std::fprintf(stderr, "%s\n", started.error().message.c_str());
    return nullptr;
  }
  return srv;  // srv->url(): "http://127.0.0.1:PORT/mcp"
}
// doc:end

namespace {

// POSTs `body` to 127.0.0.1:port/mcp with `extra` header lines; the whole response.
std::string post(std::uint16_t port, const std::string& body, const std::string& extra = "") {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return {};
  }
  std::string req = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
                    "Accept: application/json, text/event-stream\r\n" + extra +
                    "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  (void)::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
  std::string out;
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 10000) <= 0) break;
    char buf[4096];
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

const std::string initialize =
    R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";

}  // namespace

TEST(McpHttpDocs, ServesOverHttp) {
  std::unique_ptr<toon::mcp::http_server> srv = serve_adder(0);
  ASSERT_NE(srv, nullptr);
  EXPECT_EQ(srv->url(), "http://127.0.0.1:" + std::to_string(srv->port()) + "/mcp");
  std::string r = post(srv->port(), initialize);
  ASSERT_EQ(r.substr(0, 12), "HTTP/1.1 200") << r;
  EXPECT_NE(r.find("Mcp-Session-Id: "), std::string::npos) << r;
  EXPECT_NE(r.find(R"("name":"adder")"), std::string::npos) << r;
  r = post(srv->port(), initialize, "Origin: https://app.example.com\r\n");
  EXPECT_EQ(r.substr(0, 12), "HTTP/1.1 200") << r;
  r = post(srv->port(), initialize, "Origin: https://evil.example.com\r\n");
  EXPECT_EQ(r.substr(0, 12), "HTTP/1.1 403") << r;
}

TEST(McpHttpDocs, BearerTokens) {
  // doc:begin http_auth
  toon::mcp::http_options http;
  http.validate_token = [](std::string_view token) { return token == "s3cret"; };  // or ask your IdP
  http.resource_metadata = toon::from_json(R"({"authorization_servers":["https://auth.example.com"]})").value();
  // doc:end
  toon::mcp::http_server srv(nullptr, {}, http);
  ASSERT_TRUE(srv.start());
  std::string r = post(srv.port(), initialize);
  ASSERT_EQ(r.substr(0, 12), "HTTP/1.1 401") << r;
  EXPECT_NE(r.find("WWW-Authenticate: Bearer resource_metadata=\"http://127.0.0.1/.well-known/oauth-protected-resource/mcp\""),
            std::string::npos)
      << r;
  r = post(srv.port(), initialize, "Authorization: Bearer s3cret\r\n");
  EXPECT_EQ(r.substr(0, 12), "HTTP/1.1 200") << r;
}

// doc:begin http_client
// Calls the adder at `url` (e.g. "http://127.0.0.1:3001/mcp") over Streamable HTTP.
toon::result<std::string> add_remotely(const std::string& url, const std::string& token) {
  toon::mcp::http_client_options http;
  http.bearer_token = token;  // sent as "Authorization: Bearer ..." when not empty
  toon::mcp::client_options options;
  options.request_timeout = std::chrono::seconds(30);
  auto c = toon::mcp::connect_http(url, http, options);  // initialize, session id kept
  if (!c) return c.error();
  auto r = c->call_tool("add", toon::object{{"a", 2}, {"b", 3}});
  if (!r) return r.error();
  return r->text();  // "5"; the session ends with DELETE when c goes out of scope
}
// doc:end

TEST(McpHttpDocs, ClientCallsOverHttp) {
  std::unique_ptr<toon::mcp::http_server> srv = serve_adder(0);
  ASSERT_NE(srv, nullptr);
  auto sum = add_remotely(srv->url(), "");
  ASSERT_TRUE(sum) << sum.error().message;
  EXPECT_EQ(*sum, "5");
  EXPECT_EQ(srv->stats().sessions, 0u);  // ended with DELETE
  auto bad = add_remotely("http://127.0.0.1:1/mcp", "");
  ASSERT_FALSE(bad);
}
