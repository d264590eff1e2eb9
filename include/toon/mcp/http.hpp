// toon/mcp/http.hpp - toon::mcp::http_server: toon::mcp::server over MCP Streamable HTTP
// (docs/mcp.md, "Streamable HTTP").
//
//   toon::mcp::http_options http;
//   http.port = 8080;                        // 127.0.0.1:8080/mcp; 0 picks a free port
//   toon::mcp::http_server srv(catalog, opts, http);
//   if (auto started = srv.start(); !started) return 1;
//   std::printf("%s\n", srv.url().c_str());
//   srv.wait();                              // until stop()
//
// One endpoint (http_options::path) answers POST (a JSON-RPC message: a request is answered
// with application/json, or with a text/event-stream carrying the call's progress, logging
// and requests to the client before its response), GET (the session's server-to-client
// stream) and DELETE (ends the session). `initialize` opens a session (`Mcp-Session-Id`), each
// served by its own toon::mcp::server; a 2026-07-28 request (protocol version in its
// `_meta`) without a session is served statelessly. SSE events carry ids: a client that lost a
// stream gets the rest with GET and `Last-Event-ID`. Host and Origin headers are checked
// against DNS rebinding; sizes, times, connections and sessions are bounded; an optional
// bearer-token check makes it an OAuth protected resource (RFC 9728 metadata served).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/error.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/oauth.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools/catalog.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

/// How an http_server listens and what it accepts. The defaults suit a local server.
struct http_options {
  /// The address to bind: loopback by default (a remote server needs allowed_hosts, TLS in
  /// front of it and validate_token).
  std::string address = "127.0.0.1";
  /// The TCP port; 0 picks a free one (http_server::port() tells which).
  std::uint16_t port = 0;
  /// The MCP endpoint's path.
  std::string path = "/mcp";
  /// Host header names accepted besides localhost, 127.0.0.1 and [::1] (any port); "*"
  /// accepts every Host. Other Host values are refused with 403 (DNS rebinding).
  std::vector<std::string> allowed_hosts{};
  /// Origin header values accepted besides http(s) origins on localhost, 127.0.0.1 and [::1]
  /// (e.g. "https://app.example.com"); a request with another Origin gets 403. Requests
  /// without an Origin (non-browser clients) are accepted.
  std::vector<std::string> allowed_origins{};
  /// Largest request header block, in bytes (431 beyond).
  std::size_t max_header_size = std::size_t(16) << 10;
  /// Largest request body, in bytes (413 beyond).
  std::size_t max_body_size = std::size_t(4) << 20;
  /// Open connections at most; one more is answered with 503 and closed.
  std::size_t max_connections = 256;
  /// Open sessions at most; one more initialize is answered with 503.
  std::size_t max_sessions = 64;
  /// Time for a request's header to arrive, counted from the connection's previous response
  /// (an idle keep-alive connection, or a slow client, is closed after it).
  std::chrono::milliseconds header_timeout{std::chrono::seconds(30)};
  /// Time for a request's body to arrive after its header.
  std::chrono::milliseconds body_timeout{std::chrono::seconds(30)};
  /// Time a client may take to accept one write (a response or an SSE event); a client that
  /// does not read is disconnected after it.
  std::chrono::milliseconds write_timeout{std::chrono::seconds(30)};
  /// A session without requests or open streams this long is ended.
  std::chrono::milliseconds session_timeout{std::chrono::minutes(30)};
  /// The SSE `retry` field sent with each stream's first event: how long a client waits before
  /// it reconnects.
  std::chrono::milliseconds sse_retry{std::chrono::seconds(1)};
  /// Events kept per stream for a client resuming with Last-Event-ID (a stream written whole
  /// to its connection keeps none; a session keeps its last 64 streams).
  std::size_t replay_events = 256;
  /// Threads serving the connections.
  std::size_t threads = 4;
  /// When set, every request to the endpoint needs `Authorization: Bearer TOKEN` for which it
  /// returns true; otherwise 401 with `WWW-Authenticate: Bearer resource_metadata="..."`.
  std::function<bool(std::string_view token)> validate_token{};
  /// The OAuth protected-resource metadata (RFC 9728), e.g. {"authorization_servers":
  /// ["https://auth.example.com"], "scopes_supported": [...]}: when an object, served at
  /// /.well-known/oauth-protected-resource (and that path followed by http_options::path),
  /// with "resource" set to the endpoint's URL when missing.
  value resource_metadata{};
  /// Diagnostics (refused requests, write failures); empty: none.
  std::function<void(std::string_view)> log{};
};

/// Counters of an http_server (http_server::stats()).
struct http_stats {
  /// Connections open now.
  std::size_t connections = 0;
  /// Sessions open now.
  std::size_t sessions = 0;
  /// Requests read whole since the start.
  std::size_t requests = 0;
  /// Requests or connections refused (4xx/5xx statuses, limits) since the start.
  std::size_t refused = 0;
};

/// Serves a tool catalog over MCP Streamable HTTP (protocol revisions 2025-11-25, 2025-06-18,
/// and 2026-07-28 without sessions): each session runs its own toon::mcp::server made with
/// the catalog and a copy of the server_options (server_options::methods included, so
/// server_features work as on stdio).
class http_server {
 public:
  /// A server for `catalog` (null: no tools), not listening yet.
  http_server(std::shared_ptr<const tool_catalog> catalog, server_options options = {}, http_options http = {});
  /// stop().
  ~http_server();
  http_server(const http_server&) = delete;
  http_server& operator=(const http_server&) = delete;

  /// Binds and listens, then serves on http_options::threads threads until stop(). Errors:
  /// io_error (the address cannot be bound, or start() was called before).
  result<void> start();
  /// The port listened on (0 before start()).
  [[nodiscard]] std::uint16_t port() const noexcept;
  /// The endpoint's URL: http://ADDRESS:PORT/PATH.
  [[nodiscard]] std::string url() const;
  /// Stops listening, closes every connection and ends the sessions (waiting for their calls).
  /// From any thread but a handler's; later calls do nothing.
  void stop();
  /// Blocks until stop() was called (from another thread or a signal handler's helper).
  void wait();

  /// Serves `catalog` from now on in every session (server::set_catalog).
  void set_catalog(std::shared_ptr<const tool_catalog> catalog);
  /// server::notify_resource_updated in every session; the number of sessions told.
  std::size_t notify_resource_updated(std::string_view uri);
  /// The counters now.
  [[nodiscard]] http_stats stats() const;

  /// The implementation (opaque).
  struct impl;

 private:
  std::shared_ptr<impl> impl_;
};

/// How connect_http reaches an MCP server over Streamable HTTP.
struct http_client_options {
  /// Extra request headers sent with every request (name, value).
  std::vector<std::pair<std::string, std::string>> headers{};
  /// When not empty, sent as `Authorization: Bearer TOKEN` (and oauth is not used).
  std::string bearer_token{};
  /// When set, a request answered 401 (or 403 insufficient_scope) runs the OAuth 2.1 flow of
  /// toon/mcp/oauth.hpp and is sent again with the token obtained (docs/mcp.md, "OAuth").
  std::optional<oauth_options> oauth{};
  /// Largest response header block, in bytes.
  std::size_t max_header_size = std::size_t(64) << 10;
  /// Largest JSON response body, in bytes.
  std::size_t max_body_size = std::size_t(64) << 20;
  /// Largest SSE event (its data lines together), in bytes; a bigger one ends its stream.
  std::size_t max_event_size = std::size_t(64) << 20;
  /// Wait before reconnecting a stream when the server sent no SSE `retry`.
  std::chrono::milliseconds default_retry{1000};
  /// Reconnections of a stream in a row without an event in between before it is given up.
  int max_reconnects = 5;
  /// Open the GET stream for server-to-client messages after the handshake (a server
  /// answering 405 offers none).
  bool open_get_stream = true;
};

/// Connects a client to the MCP endpoint at `url` (http://HOST[:PORT]/PATH; https is not
/// supported) over Streamable HTTP: each message is POSTed with `Accept: application/json,
/// text/event-stream` and answered with JSON or an SSE stream; `Mcp-Session-Id` and
/// `MCP-Protocol-Version` are sent once known, streams cut before their response resume with
/// GET and `Last-Event-ID` after the SSE `retry`, the GET stream carries the server's own
/// messages, and shutdown() ends the session with DELETE. Handshake, time limits, cancellation,
/// progress and callbacks as client::connect. With http_client_options::oauth, a 401 or 403
/// insufficient_scope answer authorizes the client and the request is sent again (at most
/// 1 + oauth_options::max_step_ups times). Errors: io_error (a bad URL), then those of
/// client::connect (an HTTP error status, or a failed authorization, is a remote_error naming it).
[[nodiscard]] result<client> connect_http(std::string_view url, http_client_options http = {}, client_options options = {});

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP       // this component's sources too
#define TOON_DETAIL_WANT_MCP_HTTP  // ... and its HTTP source (src/header_only/mcp_http.inl)
#include "toon/detail/header_only.hpp"
#endif
