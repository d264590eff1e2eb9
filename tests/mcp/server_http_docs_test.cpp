// The C++ examples of docs/mcp.md, section "Streamable HTTP", between doc:begin / doc:end
// markers (checked verbatim by the ctest docs.mcp.examples_in_sync), compiled and run here: the
// server is started on a free port and answers a real initialize request over a socket.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

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

// doc:begin http_client_oauth
#include <toon/mcp/oauth.hpp>

// Connects to `url` as a user who authorizes in a browser when the server asks for OAuth:
// `browse` opens the authorization URL and returns the URL the browser was redirected to.
toon::result<toon::mcp::client> connect_as_user(const std::string& url, const std::string& client_id,
                                                std::function<toon::result<std::string>(const std::string&)> browse) {
  toon::mcp::http_client_options http;
  toon::mcp::oauth_options& auth = http.oauth.emplace();
  auth.client_id = client_id;  // registered beforehand; empty: a metadata document or dynamic registration
  auth.redirect_uri = "http://127.0.0.1:8976/callback";  // where `browse` catches the redirect
  auth.authorize = [browse](const toon::mcp::oauth_authorization_request& r) { return browse(r.url); };
  toon::mcp::client_options options;
  options.initialize_timeout = std::chrono::minutes(5);  // the user's time included
  return toon::mcp::connect_http(url, http, options);
}
// doc:end

namespace {

// A server that needs a bearer token and names an authorization server that is not running
// (127.0.0.1:1): the client reads the server's RFC 9728 metadata, falls back to the default
// endpoints of that origin, and asks the callback to authorize.
std::unique_ptr<toon::mcp::http_server> serve_protected() {
  toon::mcp::http_options http;
  http.validate_token = [](std::string_view token) { return token == "never-issued"; };
  http.resource_metadata =
      toon::from_json(R"({"authorization_servers":["http://127.0.0.1:1"],"scopes_supported":["mcp:read","mcp:write"]})").value();
  auto srv = std::make_unique<toon::mcp::http_server>(nullptr, toon::mcp::server_options{}, http);
  if (!srv->start()) return nullptr;
  return srv;
}

std::string query_encoded(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

}  // namespace

TEST(McpHttpDocs, ClientOAuthAsksTheCallbackWithPkceResourceAndScope) {
  auto srv = serve_protected();
  ASSERT_NE(srv, nullptr);
  std::vector<std::string> asked;
  auto c = connect_as_user(srv->url(), "my-client", [&](const std::string& url) -> toon::result<std::string> {
    asked.push_back(url);
    toon::error e;
    e.code = toon::error_code::unauthorized;
    e.message = "the user closed the browser";
    return e;
  });
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("the user closed the browser"), std::string::npos) << c.error().message;
  ASSERT_EQ(asked.size(), 1u);
  const std::string& u = asked[0];
  EXPECT_EQ(u.rfind("http://127.0.0.1:1/authorize?response_type=code&", 0), 0u) << u;
  EXPECT_NE(u.find("&client_id=my-client&"), std::string::npos) << u;
  EXPECT_NE(u.find("&redirect_uri=" + query_encoded("http://127.0.0.1:8976/callback") + "&"), std::string::npos) << u;
  EXPECT_NE(u.find("&code_challenge_method=S256&"), std::string::npos) << u;
  EXPECT_NE(u.find("&resource=" + query_encoded(srv->url())), std::string::npos) << u;
  EXPECT_NE(u.find("&scope=mcp%3Aread%20mcp%3Awrite"), std::string::npos) << u;  // the resource's scopes_supported
  EXPECT_NE(u.find("&state="), std::string::npos) << u;
}

TEST(McpHttpDocs, ClientOAuthRefusesARedirectWithAnotherState) {
  auto srv = serve_protected();
  ASSERT_NE(srv, nullptr);
  int asked = 0;
  auto c = connect_as_user(srv->url(), "my-client", [&](const std::string&) -> toon::result<std::string> {
    ++asked;
    return std::string("http://127.0.0.1:8976/callback?code=abc&state=forged");
  });
  ASSERT_FALSE(c);
  EXPECT_EQ(asked, 1);
  EXPECT_NE(c.error().message.find("state does not match"), std::string::npos) << c.error().message;
  auto d = connect_as_user(srv->url(), "my-client", [&](const std::string&) -> toon::result<std::string> {
    return std::string("http://127.0.0.1:8976/callback?error=access_denied&error_description=no%20thanks");
  });
  ASSERT_FALSE(d);
  EXPECT_NE(d.error().message.find("authorization refused: access_denied: no thanks"), std::string::npos) << d.error().message;
}

TEST(McpHttpDocs, ClientOAuthWithoutClientIdNeedsRegistration) {
  auto srv = serve_protected();
  ASSERT_NE(srv, nullptr);
  bool asked = false;
  auto c = connect_as_user(srv->url(), "", [&](const std::string&) -> toon::result<std::string> {
    asked = true;
    return std::string();
  });
  ASSERT_FALSE(c);
  EXPECT_FALSE(asked);  // dynamic registration at 127.0.0.1:1 failed first
  EXPECT_NE(c.error().message.find("cannot connect to 127.0.0.1:1"), std::string::npos) << c.error().message;
}
