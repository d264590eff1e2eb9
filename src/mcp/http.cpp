// toon::mcp::http_server: toon::mcp::server over MCP Streamable HTTP with Boost.Beast/Asio
// (docs/mcp.md, "Streamable HTTP").
//
// Threads: http_options::threads run the io_context; each connection works on its own strand.
// A session owns one toon::mcp::server whose routed sink (called on the feeding thread or a
// handler's thread) files each outgoing message into the SSE stream of the request it relates
// to, or the session's standalone (GET) stream, and posts the write to the stream's connection.
// Locks: session::feed orders handle_line() calls; session::mutex guards the streams and is
// never held while calling into the server.
#include "toon/mcp/http.hpp"
#include "toon/detail/linkage.hpp"

#include <sys/random.h>

#include <cerrno>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "jsonrpc.hpp"
#include "toon/json.hpp"

namespace toon::mcp {

namespace http_impl {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = net::ip::tcp;
using steady = std::chrono::steady_clock;

constexpr std::string_view meta_protocol_key = "io.modelcontextprotocol/protocolVersion";
// Bytes of SSE events waiting for a client that does not read, at most (then it is disconnected).
constexpr std::size_t max_unwritten = std::size_t(64) << 20;

// Lower-cases ASCII.
TOON_FUNC std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// The host name of a Host header value or an origin's authority: "[::1]:8080" -> "[::1]",
// "localhost:80" -> "localhost".
TOON_FUNC std::string host_name(std::string_view authority) {
  if (!authority.empty() && authority.front() == '[') {
    std::size_t close = authority.find(']');
    return lower(authority.substr(0, close == std::string_view::npos ? authority.size() : close + 1));
  }
  return lower(authority.substr(0, authority.find(':')));
}

TOON_FUNC bool loopback_name(std::string_view host) { return host == "localhost" || host == "127.0.0.1" || host == "[::1]"; }

// Whether the comma-separated Accept value admits `type` ("application/json", ...).
TOON_FUNC bool accepts(std::string_view accept, std::string_view type) {
  std::string a = lower(accept);
  if (a.find(type) != std::string::npos) return true;
  return a.find("*/*") != std::string::npos;
}

TOON_FUNC bool known_protocol_version(std::string_view v) {
  return v == "2025-03-26" || v == protocol_2025_06_18 || v == protocol_2025_11_25 || v == protocol_2026_07_28;
}

// 128 bits from the kernel's CSPRNG (getrandom), as 32 hex digits.
TOON_FUNC std::string random_session_id() {
  unsigned char bytes[16];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n > 0) got += static_cast<std::size_t>(n);
    else if (errno != EINTR) throw std::runtime_error("getrandom failed");
  }
  static constexpr char hex[] = "0123456789abcdef";
  std::string id;
  for (unsigned char b : bytes) {
    id += hex[b >> 4];
    id += hex[b & 15];
  }
  return id;
}

TOON_FUNC std::string error_body(const value& id, int code, std::string_view message) {
  // Messages may quote what the client sent (a header's value): only printable ASCII is kept,
  // so that the body is always valid JSON text (UTF-8).
  std::string text(message);
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = '?';
  object err;
  err.emplace_back("code", code);
  err.emplace_back("message", std::move(text));
  object m;
  m.emplace_back("jsonrpc", "2.0");
  m.emplace_back("id", id);
  m.emplace_back("error", std::move(err));
  return to_json(value(std::move(m)));
}

struct connection;

// One SSE stream: a POST's (the request's messages up to its response) or the session's
// standalone one (number 0). Events are kept for Last-Event-ID replay.
struct sse_stream {
  std::uint64_t number = 0;
  std::string request_key;  // the request's id as JSON; empty for the standalone stream
  std::deque<std::pair<std::uint64_t, std::string>> events;  // (seq, frame)
  std::uint64_t next_seq = 1;
  bool decided = false;  // the POST chose SSE (frames then go to `conn`) or JSON
  bool done = false;     // the response was filed
  std::shared_ptr<connection> conn;  // the connection writing it now, if any
};

struct session;

}  // namespace http_impl

struct http_server::impl : std::enable_shared_from_this<http_server::impl> {
  std::shared_ptr<const tool_catalog> catalog;
  server_options options;
  http_options http;
  // Owned through a pointer so that shutdown() can destroy it: its queued handlers hold
  // shared_ptrs to this impl, a cycle only the context's destruction breaks.
  std::unique_ptr<http_impl::net::io_context> ioc = std::make_unique<http_impl::net::io_context>();
  std::optional<http_impl::tcp::acceptor> acceptor;
  std::optional<http_impl::net::steady_timer> sweeper;
  std::vector<std::thread> threads;
  std::uint16_t bound_port = 0;

  std::mutex mutex;  // sessions, stateless, catalog
  std::map<std::string, std::shared_ptr<http_impl::session>, std::less<>> sessions;
  std::shared_ptr<http_impl::session> stateless;

  std::atomic<std::size_t> connections{0}, requests{0}, refused{0};
  std::mutex stop_mutex;
  std::condition_variable stopped_cv;
  bool started = false, stopped = false;

  impl(std::shared_ptr<const tool_catalog> c, server_options o, http_options h)
      : catalog(std::move(c)), options(std::move(o)), http(std::move(h)) {}

  void log(std::string_view message) const {
    if (http.log) http.log(message);
  }

  // A new session (registered unless `id` is empty), or null when max_sessions are open. With
  // `mutex` held.
  std::shared_ptr<http_impl::session> make_session(std::string id);
  void accept();
  void sweep();
  void shutdown();
};

namespace http_impl {

struct session : std::enable_shared_from_this<session> {
  std::string id;  // empty: the stateless 2026-07-28 session
  std::unique_ptr<server> srv;
  std::mutex feed;   // one handle_line at a time
  std::mutex mutex;  // the fields below
  std::map<std::string, std::shared_ptr<sse_stream>, std::less<>> by_request;  // open POST streams
  std::map<std::uint64_t, std::shared_ptr<sse_stream>> streams;  // for replay, bounded
  std::shared_ptr<sse_stream> standalone = std::make_shared<sse_stream>();
  std::uint64_t next_stream = 1;
  std::size_t replay_events = 256;
  steady::time_point last_used = steady::now();
  std::size_t busy = 0;  // requests being handled and streams open

  void route(std::string_view message, const value& related, bool is_response);
  static std::string frame(std::uint64_t stream, std::uint64_t seq, std::string_view data);
};

// An HTTP connection: reads one request at a time; answers it whole, or with an SSE stream.
struct connection : std::enable_shared_from_this<connection> {
  std::shared_ptr<http_server::impl> owner;
  beast::tcp_stream stream;
  beast::flat_buffer buffer;
  std::optional<bhttp::request_parser<bhttp::string_body>> parser;
  std::deque<std::string> out;
  bool writing = false;
  bool streaming = false;       // an SSE response is being written
  bool end_after_write = false;  // the SSE response is complete once `out` drains
  bool keep_alive = true;
  bool closed = false;
  std::shared_ptr<session> stream_session;
  std::shared_ptr<sse_stream> current;  // the SSE stream written now
  std::size_t queued = 0;               // bytes of `out` not written yet (about)
  char probe = 0;                       // one byte read while streaming: detects a closed peer
  bool probing = false;                 // that read is pending
  bool resume_after_probe = false;      // read the next request once it completes

  connection(std::shared_ptr<http_server::impl> o, tcp::socket socket)
      : owner(std::move(o)), stream(std::move(socket)) {}

  ~connection() { owner->connections.fetch_sub(1); }

  void start() {
    net::dispatch(stream.get_executor(), [self = shared_from_this()] { self->read_request(); });
  }

  void read_request() {
    if (closed) return;
    parser.emplace();
    parser->header_limit(static_cast<std::uint32_t>(std::min<std::size_t>(owner->http.max_header_size, UINT32_MAX)));
    parser->body_limit(owner->http.max_body_size);
    stream.expires_after(owner->http.header_timeout);
    bhttp::async_read_header(stream, buffer, *parser,
                             [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
  }

  void on_header(beast::error_code ec) {
    if (ec) return fail_read(ec);
    stream.expires_after(owner->http.body_timeout);
    bhttp::async_read(stream, buffer, *parser,
                      [self = shared_from_this()](beast::error_code e, std::size_t) { self->on_request(e); });
  }

  void fail_read(beast::error_code ec) {
    if (ec == bhttp::error::header_limit) return refuse_and_close(431, "request header too large");
    if (ec == bhttp::error::body_limit) return refuse_and_close(413, "request body too large");
    if (ec == bhttp::error::end_of_stream || ec == net::error::eof || ec == beast::error::timeout ||
        ec == net::error::operation_aborted || ec == net::error::connection_reset)
      return close();
    // A malformed request (bad chunk sizes, bad header syntax, ...).
    refuse_and_close(400, "malformed HTTP request");
  }

  void refuse_and_close(unsigned status, std::string_view why) {
    owner->refused.fetch_add(1);
    owner->log("mcp http: " + std::to_string(status) + " " + std::string(why));
    keep_alive = false;
    send_response(status, "text/plain", std::string(why) + "\n", {});
  }

  void close() {
    if (closed) return;
    closed = true;
    detach_stream();
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream.close();
  }

  // Leaves the SSE stream being written (the client went away or the response is complete).
  // `delivered`: every event of a finished stream was written, so none is kept for replay.
  void detach_stream(bool delivered = false) {
    if (!stream_session) return;
    {
      std::lock_guard<std::mutex> lock(stream_session->mutex);
      if (current && current->conn.get() == this) current->conn.reset();
      if (delivered && current && current->done) current->events.clear();
      if (stream_session->busy > 0) --stream_session->busy;
      stream_session->last_used = steady::now();
    }
    stream_session.reset();
    current.reset();
  }

  // ---- writing ---------------------------------------------------------------------------------

  static std::string head(unsigned status, std::string_view content_type, std::size_t length, bool chunked,
                          bool keep, const std::vector<std::pair<std::string, std::string>>& extra) {
    std::string h = "HTTP/1.1 " + std::to_string(status) + " " +
                    std::string(bhttp::obsolete_reason(static_cast<bhttp::status>(status))) + "\r\n";
    if (!content_type.empty()) h += "Content-Type: " + std::string(content_type) + "\r\n";
    if (chunked) h += "Transfer-Encoding: chunked\r\nCache-Control: no-cache\r\n";
    else h += "Content-Length: " + std::to_string(length) + "\r\n";
    for (const auto& [name, val] : extra) h += name + ": " + val + "\r\n";
    if (!keep) h += "Connection: close\r\n";
    h += "\r\n";
    return h;
  }

  void send_response(unsigned status, std::string_view content_type, std::string body,
                     const std::vector<std::pair<std::string, std::string>>& extra) {
    std::string bytes = head(status, content_type, body.size(), false, keep_alive, extra);
    bytes += body;
    out.push_back(std::move(bytes));
    end_after_write = true;
    write_next();
  }

  static std::string chunk(std::string_view data) {
    char size[20];
    std::snprintf(size, sizeof size, "%zx\r\n", data.size());
    std::string c(size);
    c += data;
    c += "\r\n";
    return c;
  }

  // Starts an SSE response: the header and the first frames.
  void start_sse(std::string first, const std::vector<std::pair<std::string, std::string>>& extra) {
    streaming = true;
    end_after_write = false;
    std::string bytes = head(200, "text/event-stream", 0, true, keep_alive, extra);
    bytes += chunk(first);
    out.push_back(std::move(bytes));
    write_next();
    watch_peer();
  }

  // While a stream is written, watches for the client closing the connection (a read while
  // nothing else is read). Bytes the client sends meanwhile (pipelined requests) are kept for
  // read_request(), and the watch goes on until the stream ends: a client that goes away after
  // pipelining is noticed too. Bounded: more than a request's worth of such bytes closes.
  void watch_peer() {
    probing = true;
    stream.socket().async_read_some(
        net::buffer(&probe, 1),
        net::bind_executor(stream.get_executor(), [self = shared_from_this()](beast::error_code ec, std::size_t n) {
          self->probing = false;
          if (!ec && n == 1) {  // the client's next bytes (a pipelined request): keep them
            auto b = self->buffer.prepare(1);
            *static_cast<char*>(b.data()) = self->probe;
            self->buffer.commit(1);
            if (self->streaming && !self->resume_after_probe && !self->closed) {
              if (self->buffer.size() > self->owner->http.max_header_size + self->owner->http.max_body_size) {
                self->owner->log("mcp http: closing a stream whose client sends too much meanwhile");
                self->close();
                return;
              }
              self->watch_peer();
              return;
            }
          } else if (ec && self->streaming) {
            self->close();
            return;
          }
          if (self->resume_after_probe) {
            self->resume_after_probe = false;
            self->read_request();
          }
        }));
  }

  // From any thread: an SSE frame of the stream this connection writes; `last` ends it.
  void post_frame(std::string frame, bool last) {
    net::post(stream.get_executor(), [self = shared_from_this(), f = std::move(frame), last]() mutable {
      if (self->closed || !self->streaming) return;
      self->queued += f.size();
      if (self->queued > max_unwritten) {  // a client that does not read: its events stay for replay
        self->owner->log("mcp http: closing a stream whose client does not read");
        self->close();
        return;
      }
      self->out.push_back(chunk(f));
      if (last) self->finish_sse();
      else self->write_next();
    });
  }

  void finish_sse() {
    out.push_back("0\r\n\r\n");
    end_after_write = true;
    write_next();
  }

  void write_next() {
    if (writing || closed) return;
    if (out.empty()) {
      if (end_after_write) done_response();
      return;
    }
    writing = true;
    stream.expires_after(owner->http.write_timeout);
    net::async_write(stream, net::buffer(out.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing = false;
      if (ec) {
        self->close();
        return;
      }
      self->queued -= std::min(self->queued, self->out.front().size());
      self->out.pop_front();
      self->write_next();
    });
  }

  // The response is written whole.
  void done_response() {
    end_after_write = false;
    bool wait_probe = false;
    if (streaming) {
      streaming = false;
      detach_stream(true);
      if (probing && keep_alive) {
        // The probe read is pending: cancel it, and read the next request after it completes
        // (it may have taken that request's first byte).
        beast::error_code ignored;
        stream.socket().cancel(ignored);
        resume_after_probe = true;
        wait_probe = true;
      }
    }
    if (!keep_alive) return close();
    stream.expires_never();
    if (!wait_probe) read_request();
  }

  // ---- requests --------------------------------------------------------------------------------

  void on_request(beast::error_code ec);
  void handle(const bhttp::request<bhttp::string_body>& req);
  void post_message(const bhttp::request<bhttp::string_body>& req, std::string_view session_header);
  void get_stream(const bhttp::request<bhttp::string_body>& req, std::string_view session_header);
  void delete_session(std::string_view session_header);
  void json_error(unsigned status, const value& id, int code, std::string_view message,
                  std::vector<std::pair<std::string, std::string>> extra = {}) {
    owner->refused.fetch_add(1);
    send_response(status, "application/json", error_body(id, code, message), extra);
  }
};

TOON_FUNC std::string session::frame(std::uint64_t stream, std::uint64_t seq, std::string_view data) {
  std::string f = "id: " + std::to_string(stream) + "-" + std::to_string(seq) + "\n";
  if (data.empty()) return f + "data: \n\n";  // a priming event
  f += "event: message\ndata: ";
  f += data;
  f += "\n\n";
  return f;
}

TOON_FUNC void session::route(std::string_view message, const value& related, bool is_response) {
  std::shared_ptr<connection> conn;
  std::string f;
  bool last = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    std::shared_ptr<sse_stream> target;
    std::string key;
    if (!related.is_null()) {
      key = to_json(related);
      auto it = by_request.find(key);
      if (it != by_request.end()) target = it->second;
    }
    if (!target) {
      if (is_response) return;  // a response to a request no stream waits for any more
      target = standalone;
    }
    const std::uint64_t seq = target->next_seq++;
    f = frame(target->number, seq, message);
    target->events.emplace_back(seq, f);
    while (target->events.size() > replay_events) target->events.pop_front();
    if (is_response) {
      target->done = true;
      by_request.erase(key);
      last = true;
    }
    if (target->decided) conn = target->conn;
    if (last && conn) target->conn.reset();
  }
  if (conn) conn->post_frame(std::move(f), last);
}

TOON_FUNC void connection::on_request(beast::error_code ec) {
  if (ec) return fail_read(ec);
  owner->requests.fetch_add(1);
  bhttp::request<bhttp::string_body> req = parser->release();
  keep_alive = req.keep_alive();
  try {
    handle(req);
  } catch (const std::exception& e) {
    owner->log(std::string("mcp http: internal error: ") + e.what());
    if (!streaming && out.empty()) json_error(500, value(), internal_error, "Internal error");
    else close();
  }
}

TOON_FUNC void connection::handle(const bhttp::request<bhttp::string_body>& req) {
  const http_options& opt = owner->http;
  // DNS rebinding: the Host must name this machine (or an allowed host), an Origin too.
  {
    std::string_view raw_host = req[bhttp::field::host];
    for (char c : raw_host)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']'))
        return json_error(400, value(), invalid_request, "Bad Request: malformed Host header");
    std::string host = host_name(raw_host);
    bool ok = loopback_name(host);
    for (const std::string& h : opt.allowed_hosts)
      if (h == "*" || lower(h) == host) ok = true;
    if (!ok) return json_error(403, value(), invalid_request, "Forbidden: Host not allowed");
    auto origin = req.find(bhttp::field::origin);
    if (origin != req.end()) {
      std::string_view o = origin->value();
      bool allowed = false;
      for (const std::string& a : opt.allowed_origins)
        if (a == o) allowed = true;
      for (std::string_view scheme : {"http://", "https://"})
        if (o.substr(0, scheme.size()) == scheme && loopback_name(host_name(o.substr(scheme.size())))) allowed = true;
      if (!allowed) return json_error(403, value(), invalid_request, "Forbidden: Origin not allowed");
    }
  }
  std::string_view target(req.target().data(), req.target().size());
  std::string_view path = target.substr(0, target.find('?'));
  const std::string base = "http://" + std::string(req[bhttp::field::host]);
  // RFC 9728 protected-resource metadata.
  constexpr std::string_view well_known = "/.well-known/oauth-protected-resource";
  if (path == well_known || (path.size() > well_known.size() && path.substr(0, well_known.size()) == well_known &&
                             path.substr(well_known.size()) == opt.path)) {
    if (!opt.resource_metadata.is_object()) return send_response(404, "text/plain", "not found\n", {});
    if (req.method() != bhttp::verb::get) return send_response(405, "text/plain", "method not allowed\n", {{"Allow", "GET"}});
    value doc = opt.resource_metadata;
    if (doc.find("resource") == nullptr) doc.as_object().emplace_back("resource", base + opt.path);
    return send_response(200, "application/json", to_json(doc), {});
  }
  if (path != opt.path) return send_response(404, "text/plain", "not found\n", {});
  if (opt.validate_token) {
    std::string_view auth = req[bhttp::field::authorization];
    std::string_view token;
    if (auth.size() > 7 && lower(auth.substr(0, 7)) == "bearer ") token = auth.substr(7);
    if (token.empty() || !opt.validate_token(token)) {
      std::string challenge = "Bearer";
      if (!token.empty()) challenge += " error=\"invalid_token\",";
      challenge += " resource_metadata=\"" + base + std::string(well_known) + opt.path + "\"";
      return json_error(401, value(), invalid_request, "Unauthorized", {{"WWW-Authenticate", challenge}});
    }
  }
  if (auto v = req.find("mcp-protocol-version"); v != req.end() && !known_protocol_version(v->value()))
    return json_error(400, value(), invalid_request,
                      "Bad Request: unsupported MCP-Protocol-Version " + std::string(v->value()));
  std::string_view session_header = req["mcp-session-id"];
  switch (req.method()) {
    case bhttp::verb::post: return post_message(req, session_header);
    case bhttp::verb::get: return get_stream(req, session_header);
    case bhttp::verb::delete_: return delete_session(session_header);
    default:
      owner->refused.fetch_add(1);
      return send_response(405, "text/plain", "method not allowed\n", {{"Allow", "GET, POST, DELETE"}});
  }
}

TOON_FUNC void connection::post_message(const bhttp::request<bhttp::string_body>& req, std::string_view session_header) {
  std::string_view accept = req[bhttp::field::accept];
  if (!accepts(accept, "application/json") || !accepts(accept, "text/event-stream"))
    return json_error(406, value(), invalid_request,
                      "Not Acceptable: the client must accept application/json and text/event-stream");
  std::string content_type = lower(std::string_view(req[bhttp::field::content_type]));
  if (content_type.substr(0, 16) != "application/json")
    return json_error(415, value(), invalid_request, "Unsupported Media Type: the body must be application/json");
  const std::string& body = req.body();
  result<value> parsed = from_json(body);
  if (!parsed) return json_error(400, value(), parse_error, "Parse error: " + parsed.error().to_string());
  const value& msg = *parsed;
  if (msg.is_array())
    return json_error(400, value(), invalid_request, "Invalid Request: JSON-RPC batches are not supported");
  if (!msg.is_object()) return json_error(400, value(), invalid_request, "Invalid Request: a message must be a JSON object");
  const value* method = msg.find("method");
  const value* id = msg.find("id");
  if (id != nullptr && !jsonrpc::valid_id(*id))
    return json_error(400, value(), invalid_request, "Invalid Request: \"id\" must be a string or an integer");
  const bool is_request = method != nullptr && id != nullptr;
  const bool is_initialize = is_request && method->is_string() && method->as_string() == "initialize";

  std::shared_ptr<session> s;
  std::vector<std::pair<std::string, std::string>> extra;
  if (!session_header.empty()) {
    std::lock_guard<std::mutex> lock(owner->mutex);
    auto it = owner->sessions.find(session_header);
    if (it != owner->sessions.end()) s = it->second;
    if (!s) return json_error(404, id ? *id : value(), invalid_request, "Not Found: unknown or ended session");
  } else if (is_initialize) {
    {
      std::lock_guard<std::mutex> lock(owner->mutex);
      s = owner->make_session(random_session_id());
    }
    if (!s) return json_error(503, *id, internal_error, "Service Unavailable: too many sessions");
    extra.emplace_back("Mcp-Session-Id", s->id);
  } else {
    const value* params = msg.find("params");
    const value* meta = params != nullptr && params->is_object() ? params->find("_meta") : nullptr;
    if (meta != nullptr && meta->is_object() && meta->find(meta_protocol_key) != nullptr) {
      std::lock_guard<std::mutex> lock(owner->mutex);
      if (!owner->stateless) owner->stateless = owner->make_session("");
      s = owner->stateless;
    } else {
      return json_error(400, id ? *id : value(), invalid_request, "Bad Request: Mcp-Session-Id header is required");
    }
  }

  if (!is_request) {  // a notification, or the client's answer to a request of ours
    {
      std::lock_guard<std::mutex> feed(s->feed);
      s->srv->handle_line(body);
    }
    {
      std::lock_guard<std::mutex> lock(s->mutex);
      s->last_used = steady::now();
    }
    return send_response(202, "", "", extra);
  }

  auto st = std::make_shared<sse_stream>();
  st->request_key = to_json(*id);
  {
    std::lock_guard<std::mutex> lock(s->mutex);
    if (s->by_request.count(st->request_key) != 0)
      return json_error(409, *id, invalid_request, "Conflict: request id " + st->request_key + " is already in use");
    st->number = s->next_stream++;
    st->conn = shared_from_this();
    s->by_request.emplace(st->request_key, st);
    ++s->busy;
    s->last_used = steady::now();
  }
  {
    std::lock_guard<std::mutex> feed(s->feed);
    s->srv->handle_line(body);
  }
  std::string first;
  bool ended = false;
  {
    std::lock_guard<std::mutex> lock(s->mutex);
    s->last_used = steady::now();
    if (st->done && st->events.size() == 1) {  // answered at once: plain JSON
      std::string frame = std::move(st->events.front().second);
      --s->busy;
      st->conn.reset();
      const std::size_t data = frame.find("data: ");
      std::string json = frame.substr(data + 6, frame.size() - data - 8);
      if (is_initialize && session_header.empty()) {
        result<value> answer = from_json(json);
        if (!answer || answer->find("error") != nullptr) {  // no session after a failed initialize
          extra.clear();
          std::lock_guard<std::mutex> olock(owner->mutex);
          owner->sessions.erase(s->id);
        }
      }
      return send_response(200, "application/json", std::move(json), extra);
    }
    // SSE: a priming event (id, retry, empty data), then what was filed so far.
    st->decided = true;
    first = "retry: " + std::to_string(owner->http.sse_retry.count()) + "\n" + session::frame(st->number, 0, {});
    for (const auto& e : st->events) first += e.second;
    s->streams.emplace(st->number, st);
    while (s->streams.size() > 64) s->streams.erase(s->streams.begin());
    // Answered while handle_line ran, after notifications: the stream is whole already. Read
    // here, under the lock: a response filed after it goes through post_frame().
    ended = st->done;
    if (ended) st->conn.reset();
    stream_session = s;
    current = st;
  }
  start_sse(std::move(first), extra);
  if (ended) finish_sse();
}

TOON_FUNC void connection::get_stream(const bhttp::request<bhttp::string_body>& req, std::string_view session_header) {
  if (!accepts(req[bhttp::field::accept], "text/event-stream"))
    return json_error(406, value(), invalid_request, "Not Acceptable: the client must accept text/event-stream");
  if (session_header.empty())
    return json_error(400, value(), invalid_request, "Bad Request: Mcp-Session-Id header is required");
  std::shared_ptr<session> s;
  {
    std::lock_guard<std::mutex> lock(owner->mutex);
    auto it = owner->sessions.find(session_header);
    if (it != owner->sessions.end()) s = it->second;
  }
  if (!s) return json_error(404, value(), invalid_request, "Not Found: unknown or ended session");
  std::string first = "retry: " + std::to_string(owner->http.sse_retry.count()) + "\n";
  std::shared_ptr<sse_stream> st;
  bool ended = false;
  {
    std::lock_guard<std::mutex> lock(s->mutex);
    std::string_view last = req["last-event-id"];
    if (!last.empty()) {  // resume: "STREAM-SEQ"
      std::uint64_t number = 0, seq = 0;
      std::size_t dash = last.find('-');
      try {
        if (dash == std::string_view::npos) throw std::invalid_argument("no dash");
        number = std::stoull(std::string(last.substr(0, dash)));
        seq = std::stoull(std::string(last.substr(dash + 1)));
      } catch (const std::exception&) {
        return json_error(400, value(), invalid_request, "Bad Request: malformed Last-Event-ID");
      }
      if (number == 0) st = s->standalone;
      else if (auto it = s->streams.find(number); it != s->streams.end()) st = it->second;
      if (!st) return json_error(404, value(), invalid_request, "Not Found: no such event stream to resume");
      for (const auto& e : st->events)
        if (e.first > seq) first += e.second;
      ended = st->done;
    } else {
      st = s->standalone;
    }
    if (!ended) {
      if (st->conn && last.empty())
        return json_error(409, value(), invalid_request, "Conflict: this stream is already open");
      if (st->conn) {  // resuming: the client lost the old connection, whether or not we noticed
        net::post(st->conn->stream.get_executor(), [old = st->conn] { old->close(); });
      }
      st->conn = shared_from_this();
      st->decided = true;
    }
    if (first.back() != '\n' || first.find("id: ") == std::string::npos)
      first += session::frame(st->number, 0, {});  // priming when there is nothing to replay
    ++s->busy;
    s->last_used = steady::now();
    stream_session = s;
    current = st;
  }
  start_sse(std::move(first), {});
  if (ended) finish_sse();
}

TOON_FUNC void connection::delete_session(std::string_view session_header) {
  if (session_header.empty())
    return json_error(400, value(), invalid_request, "Bad Request: Mcp-Session-Id header is required");
  std::shared_ptr<session> s;
  {
    std::lock_guard<std::mutex> lock(owner->mutex);
    auto it = owner->sessions.find(session_header);
    if (it != owner->sessions.end()) {
      s = it->second;
      owner->sessions.erase(it);
    }
  }
  if (!s) return json_error(404, value(), invalid_request, "Not Found: unknown or ended session");
  // Ends the open streams; the server (its calls waited for) goes when the last user drops it.
  std::vector<std::shared_ptr<connection>> open;
  {
    std::lock_guard<std::mutex> lock(s->mutex);
    if (s->standalone->conn) open.push_back(s->standalone->conn);
    for (auto& [key, st] : s->by_request)
      if (st->conn && st->conn.get() != this) open.push_back(st->conn);
  }
  for (auto& c : open)
    net::post(c->stream.get_executor(), [c] {
      if (c->streaming) c->finish_sse();
    });
  send_response(200, "", "", {});
}

}  // namespace http_impl

TOON_FUNC std::shared_ptr<http_impl::session> http_server::impl::make_session(std::string id) {
  auto s = std::make_shared<http_impl::session>();
  s->id = std::move(id);
  s->replay_events = std::max<std::size_t>(http.replay_events, 1);
  if (!s->id.empty() && sessions.size() >= http.max_sessions) return nullptr;
  std::weak_ptr<http_impl::session> weak = s;
  s->srv = std::make_unique<server>(catalog, options,
                                    routed_message_sink([weak](std::string_view m, const value& related, bool response) {
                                      if (auto self = weak.lock()) self->route(m, related, response);
                                    }));
  if (!s->id.empty()) sessions.emplace(s->id, s);
  return s;
}

TOON_FUNC void http_server::impl::accept() {
  acceptor->async_accept(http_impl::net::make_strand(*ioc), [self = shared_from_this()](
                                                                boost::beast::error_code ec, http_impl::tcp::socket socket) {
    if (ec) {
      if (ec == http_impl::net::error::operation_aborted || !self->acceptor->is_open()) return;
      self->accept();
      return;
    }
    // SSE events are small separate writes: without this, Nagle's algorithm and the peer's
    // delayed ACK hold each one back up to 40 ms.
    boost::beast::error_code ignored;
    socket.set_option(http_impl::tcp::no_delay(true), ignored);
    const std::size_t now = self->connections.fetch_add(1) + 1;
    auto conn = std::make_shared<http_impl::connection>(self, std::move(socket));
    if (now > self->http.max_connections) {
      conn->keep_alive = false;
      http_impl::net::dispatch(conn->stream.get_executor(), [conn] {
        conn->refuse_and_close(503, "too many connections");
      });
    } else {
      conn->start();
    }
    self->accept();
  });
}

TOON_FUNC void http_server::impl::sweep() {
  sweeper->expires_after(std::min<std::chrono::milliseconds>(http.session_timeout, std::chrono::seconds(5)));
  sweeper->async_wait([self = shared_from_this()](boost::beast::error_code ec) {
    if (ec) return;
    std::vector<std::shared_ptr<http_impl::session>> expired;
    {
      std::lock_guard<std::mutex> lock(self->mutex);
      const auto now = http_impl::steady::now();
      for (auto it = self->sessions.begin(); it != self->sessions.end();) {
        bool idle = false;
        {
          std::lock_guard<std::mutex> slock(it->second->mutex);
          idle = it->second->busy == 0 && now - it->second->last_used > self->http.session_timeout;
        }
        if (idle && it->second->srv->pending_calls() == 0) {
          expired.push_back(it->second);
          it = self->sessions.erase(it);
        } else {
          ++it;
        }
      }
    }
    expired.clear();  // their servers end here, outside the lock
    self->sweep();
  });
}

TOON_FUNC void http_server::impl::shutdown() {
  {
    std::lock_guard<std::mutex> lock(stop_mutex);
    if (!started || stopped) {
      stopped = true;
      stopped_cv.notify_all();
      return;
    }
    stopped = true;
  }
  http_impl::net::post(*ioc, [self = shared_from_this()] {
    boost::beast::error_code ignored;
    self->acceptor->close(ignored);
    if (self->sweeper) self->sweeper->cancel();
  });
  ioc->stop();
  bool on_io_thread = false;
  for (std::thread& t : threads) {
    if (!t.joinable()) continue;
    if (t.get_id() == std::this_thread::get_id()) {
      t.detach();
      on_io_thread = true;
    } else {
      t.join();
    }
  }
  threads.clear();
  std::map<std::string, std::shared_ptr<http_impl::session>, std::less<>> ended;
  std::shared_ptr<http_impl::session> ended_stateless;
  {
    std::lock_guard<std::mutex> lock(mutex);
    ended.swap(sessions);
    ended_stateless.swap(stateless);
  }
  // A stream's connection and its session hold each other (sse_stream::conn,
  // connection::stream_session): a stream still open now would keep both, and the impl, alive.
  auto unlink = [](const std::shared_ptr<http_impl::session>& s) {
    std::lock_guard<std::mutex> lock(s->mutex);
    s->standalone->conn.reset();
    for (auto& [key, st] : s->by_request) st->conn.reset();
    for (auto& [number, st] : s->streams) st->conn.reset();
  };
  for (auto& [id, s] : ended) unlink(s);
  if (ended_stateless) unlink(ended_stateless);
  ended.clear();
  ended_stateless.reset();
  if (!on_io_thread) {
    // The handlers still queued (the accept, the sweep timer, connections' reads and writes)
    // hold shared_ptrs to this impl and to their connections: destroying the context destroys
    // them, so nothing keeps the impl alive. The I/O objects go first.
    acceptor.reset();
    sweeper.reset();
    ioc.reset();
  }
  {
    std::lock_guard<std::mutex> lock(stop_mutex);
    stopped_cv.notify_all();
  }
}

TOON_FUNC http_server::http_server(std::shared_ptr<const tool_catalog> catalog, server_options options, http_options http)
    : impl_(std::make_shared<impl>(std::move(catalog), std::move(options), std::move(http))) {}

TOON_FUNC http_server::~http_server() { stop(); }

TOON_FUNC result<void> http_server::start() {
  auto fail = [](std::string message) -> result<void> {
    error e;
    e.code = error_code::io_error;
    e.message = std::move(message);
    return e;
  };
  {
    std::lock_guard<std::mutex> lock(impl_->stop_mutex);
    if (impl_->started || impl_->stopped) return fail("http_server::start: already started");
    impl_->started = true;
  }
  boost::beast::error_code ec;
  auto address = http_impl::net::ip::make_address(impl_->http.address, ec);
  if (ec) return fail("http_server: bad address " + impl_->http.address + ": " + ec.message());
  http_impl::tcp::endpoint endpoint(address, impl_->http.port);
  auto& acc = impl_->acceptor.emplace(*impl_->ioc);
  acc.open(endpoint.protocol(), ec);
  if (!ec) acc.set_option(http_impl::net::socket_base::reuse_address(true), ec);
  if (!ec) acc.bind(endpoint, ec);
  if (!ec) acc.listen(http_impl::net::socket_base::max_listen_connections, ec);
  if (ec) {
    {
      std::lock_guard<std::mutex> lock(impl_->stop_mutex);
      impl_->stopped = true;
    }
    return fail("http_server: cannot listen on " + impl_->http.address + ":" + std::to_string(impl_->http.port) +
                ": " + ec.message());
  }
  impl_->bound_port = acc.local_endpoint().port();
  impl_->sweeper.emplace(*impl_->ioc);
  impl_->accept();
  impl_->sweep();
  const std::size_t n = std::max<std::size_t>(impl_->http.threads, 1);
  for (std::size_t i = 0; i < n; ++i)
    impl_->threads.emplace_back([self = impl_] {
      for (;;) {
        try {
          self->ioc->run();
          return;
        } catch (const std::exception& e) {
          self->log(std::string("mcp http: ") + e.what());
        }
      }
    });
  return {};
}

TOON_FUNC std::uint16_t http_server::port() const noexcept { return impl_->bound_port; }

TOON_FUNC std::string http_server::url() const {
  std::string host = impl_->http.address;
  if (host.find(':') != std::string::npos) host = "[" + host + "]";
  return "http://" + host + ":" + std::to_string(impl_->bound_port) + impl_->http.path;
}

TOON_FUNC void http_server::stop() { impl_->shutdown(); }

TOON_FUNC void http_server::wait() {
  std::unique_lock<std::mutex> lock(impl_->stop_mutex);
  impl_->stopped_cv.wait(lock, [&] { return impl_->stopped; });
}

TOON_FUNC void http_server::set_catalog(std::shared_ptr<const tool_catalog> catalog) {
  std::vector<std::shared_ptr<http_impl::session>> all;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->catalog = catalog;
    for (auto& [id, s] : impl_->sessions) all.push_back(s);
    if (impl_->stateless) all.push_back(impl_->stateless);
  }
  for (auto& s : all) s->srv->set_catalog(catalog);
}

TOON_FUNC std::size_t http_server::notify_resource_updated(std::string_view uri) {
  std::vector<std::shared_ptr<http_impl::session>> all;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    for (auto& [id, s] : impl_->sessions) all.push_back(s);
  }
  std::size_t told = 0;
  for (auto& s : all)
    if (s->srv->notify_resource_updated(uri)) ++told;
  return told;
}

TOON_FUNC http_stats http_server::stats() const {
  http_stats st;
  st.connections = impl_->connections.load();
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    st.sessions = impl_->sessions.size();
  }
  st.requests = impl_->requests.load();
  st.refused = impl_->refused.load();
  return st;
}

}  // namespace toon::mcp
