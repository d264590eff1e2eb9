// toon::mcp::connect_http: the Streamable HTTP client transport (docs/mcp.md, "Streamable
// HTTP"). Synchronous Boost.Beast on plain TCP: each request is POSTed on its own thread, which
// reads the answer (JSON, or an SSE stream it follows until the request's response, resuming
// with GET and Last-Event-ID when the stream is cut); notifications and responses are POSTed
// on the sender's thread, so they keep their order. close() shuts every socket down, joins the
// threads and DELETEs the session.
#include "toon/detail/linkage.hpp"
#include "toon/mcp/http.hpp"
#include "client_transport.hpp"
#include "oauth_agent.hpp"
#include "sse_parser.hpp"

#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <cstdint>
#include <limits>
#include <list>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/buffer_body.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "toon/json.hpp"

namespace toon::mcp {
namespace {

namespace hc_http = boost::beast::http;
using hc_tcp = boost::asio::ip::tcp;

toon::error hc_error(error_code code, std::string message) {
  toon::error e;
  e.code = code;
  e.message = std::move(message);
  return e;
}

struct hc_url {
  std::string host, port, target;
};

result<hc_url> hc_parse_url(std::string_view url) {
  constexpr std::string_view scheme = "http://";
  if (url.substr(0, 5) == "https")
    return hc_error(error_code::io_error, "MCP HTTP: https URLs are not supported (put a TLS proxy in front): " + std::string(url));
  if (url.substr(0, scheme.size()) != scheme)
    return hc_error(error_code::io_error, "MCP HTTP: the URL must start with http://: " + std::string(url));
  std::string_view rest = url.substr(scheme.size());
  std::size_t slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  hc_url u;
  u.target = slash == std::string_view::npos ? "/" : std::string(rest.substr(slash));
  if (authority.empty() || authority.find('@') != std::string_view::npos)
    return hc_error(error_code::io_error, "MCP HTTP: bad host in URL: " + std::string(url));
  std::size_t colon = authority.rfind(':');
  if (!authority.empty() && authority.front() == '[') {  // [v6]:port
    std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return hc_error(error_code::io_error, "MCP HTTP: bad host in URL: " + std::string(url));
    u.host = std::string(authority.substr(1, close - 1));
    colon = authority.size() > close + 1 && authority[close + 1] == ':' ? close + 1 : std::string_view::npos;
  } else {
    u.host = std::string(authority.substr(0, colon));
  }
  u.port = colon == std::string_view::npos ? "80" : std::string(authority.substr(colon + 1));
  unsigned port = 0;
  auto [p, ec] = std::from_chars(u.port.data(), u.port.data() + u.port.size(), port);
  if (ec != std::errc() || p != u.port.data() + u.port.size() || port == 0 || port > 65535 || u.host.empty())
    return hc_error(error_code::io_error, "MCP HTTP: bad host or port in URL: " + std::string(url));
  return u;
}

using hc_sse_parser = sse_parser;  // sse_parser.hpp

class hc_transport final : public client::transport {
 public:
  hc_transport(hc_url u, http_client_options o, std::string url) : url_(std::move(u)), opts_(std::move(o)) {
    if (opts_.oauth && opts_.bearer_token.empty()) {
      max_reauth_ = 1 + std::max(0, opts_.oauth->max_step_ups);
      auth_ = std::make_unique<oauth_agent>(std::move(url), std::move(*opts_.oauth));
    }
  }
  ~hc_transport() override { close(); }

  bool start(sinks s, std::string& why) override {
    sinks_ = std::move(s);
    (void)why;
    return true;
  }

  bool send(std::string message) override {
    result<value> parsed = from_json(message);
    std::optional<value> id;
    if (parsed && parsed->is_object()) {
      const value* m = parsed->find("method");
      const value* i = parsed->find("id");
      if (m != nullptr && i != nullptr && !i->is_null()) id = *i;
    }
    std::unique_lock lock(mu_);
    if (closing_) return false;
    reap_locked();
    if (!id) {  // a notification or a response: POSTed now, in order
      lock.unlock();
      exchange_result r = exchange(hc_http::verb::post, message, nullptr, {});
      return r.status != 0 && r.status < 300;
    }
    auto done = std::make_shared<std::atomic<bool>>(false);
    workers_.push_back(worker{std::thread([this, message = std::move(message), id = std::move(*id), done] {
                                request_worker(message, id);
                                done->store(true);
                              }),
                              done});
    return true;
  }

  void established(std::string_view protocol_version) override {
    std::unique_lock lock(mu_);
    protocol_version_ = std::string(protocol_version);
    if (!opts_.open_get_stream || closing_) return;
    auto done = std::make_shared<std::atomic<bool>>(false);
    workers_.push_back(worker{std::thread([this, done] {
                                get_stream_worker();
                                done->store(true);
                              }),
                              done});
    // The stream is open (or refused) before the client's first request, so that what the
    // server sends on it from then on reaches the client.
    cv_.wait_for(lock, std::chrono::seconds(5), [&] { return get_answered_ || closing_; });
  }

  void close() override {
    std::list<worker> ws;
    {
      std::lock_guard lock(mu_);
      if (closing_) return;
      closing_ = true;
      for (int fd : fds_) ::shutdown(fd, SHUT_RDWR);
      ws.swap(workers_);
    }
    cv_.notify_all();
    for (worker& w : ws)
      if (w.t.joinable()) w.t.join();
    std::string sid;
    {
      std::lock_guard lock(mu_);
      sid = session_id_;
    }
    if (!sid.empty()) (void)exchange(hc_http::verb::delete_, {}, nullptr, {}, true);
  }

 private:
  struct worker {
    std::thread t;
    std::shared_ptr<std::atomic<bool>> done;
  };
  struct exchange_result {
    unsigned status = 0;       // 0: no answer (connection failed or cut)
    bool answered = false;     // the response to the request came
    bool sse = false;          // the answer was an SSE stream
    bool events = false;       // it carried at least one event
    std::string last_event_id;
    std::optional<std::int64_t> retry;
    std::string failure;       // why there was no usable answer
    std::string www_authenticate;  // of a 401 or 403 answer
    std::string token_used;        // the OAuth access token sent ("" none)
  };

  void reap_locked() {
    for (auto it = workers_.begin(); it != workers_.end();) {
      if (it->done->load()) {
        it->t.join();
        it = workers_.erase(it);
      } else {
        ++it;
      }
    }
  }

  void signal_get_answered() {
    {
      std::lock_guard lock(mu_);
      get_answered_ = true;
    }
    cv_.notify_all();
  }

  static bool same_id(const value& a, const value& b) { return to_json(a) == to_json(b); }

  // Delivers one JSON-RPC message text (or each message of a batch); true when it is the
  // response to `id`.
  bool deliver(std::string_view text, const value* id) {
    bool answered = false;
    if (id != nullptr) {
      result<value> v = from_json(text);
      if (v && v->is_object()) {
        const value* i = v->find("id");
        answered = i != nullptr && (v->find("result") != nullptr || v->find("error") != nullptr) && same_id(*i, *id);
      } else if (v && v->is_array()) {
        for (const value& m : v->as_array()) {
          if (!m.is_object()) continue;
          const value* i = m.find("id");
          answered = answered || (i != nullptr && (m.find("result") != nullptr || m.find("error") != nullptr) && same_id(*i, *id));
          sinks_.deliver(to_json(m));
        }
        return answered;
      }
    }
    if (!text.empty() && text.front() == '[') {
      result<value> v = from_json(text);
      if (v && v->is_array()) {
        for (const value& m : v->as_array()) sinks_.deliver(to_json(m));
        return answered;
      }
    }
    sinks_.deliver(text);
    return answered;
  }

  void fail_request(const value& id, std::string why) {
    object err{{"code", -32000}, {"message", std::move(why)}};
    sinks_.deliver(to_json(value(object{{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(err)}})));
  }

  // Waits `ms` unless closing; false when closing.
  bool pause(std::int64_t ms) {
    std::unique_lock lock(mu_);
    return !cv_.wait_for(lock, std::chrono::milliseconds(ms), [&] { return closing_; });
  }

  void request_worker(const std::string& body, const value& id) {
    exchange_result r = exchange(hc_http::verb::post, body, &id, {});
    if (r.answered) return;
    if (r.status == 0 && !r.sse) {  // no HTTP answer: connection refused, cut, or not HTTP
      std::lock_guard lock(mu_);
      if (closing_) return;
    }
    if (r.status >= 300 || !r.sse) {
      fail_request(id, r.failure.empty() ? "HTTP status " + std::to_string(r.status) : r.failure);
      return;
    }
    // Cut before its response: resume with GET and Last-Event-ID when the stream had ids.
    std::string last = r.last_event_id;
    std::int64_t retry = r.retry.value_or(opts_.default_retry.count());
    int attempts = 0;
    while (!last.empty() && attempts < opts_.max_reconnects) {
      if (!pause(retry)) return;
      exchange_result g = exchange(hc_http::verb::get, {}, &id, last);
      if (g.answered) return;
      if (g.status >= 300 || (g.status != 0 && !g.sse)) {
        fail_request(id, "resuming the stream: " + (g.failure.empty() ? "HTTP status " + std::to_string(g.status) : g.failure));
        return;
      }
      attempts = g.events ? 0 : attempts + 1;
      if (!g.last_event_id.empty()) last = g.last_event_id;
      if (g.retry) retry = *g.retry;
    }
    {
      std::lock_guard lock(mu_);
      if (closing_) return;
    }
    fail_request(id, last.empty() ? "the server ended the stream before answering (" + r.failure + ")"
                                  : "the stream could not be resumed after " + std::to_string(attempts) + " attempts");
  }

  void get_stream_worker() {
    std::string last;
    std::int64_t retry = opts_.default_retry.count();
    int attempts = 0;
    while (attempts < opts_.max_reconnects) {
      exchange_result g = exchange(hc_http::verb::get, {}, nullptr, last);
      signal_get_answered();
      if (g.status >= 300 || (g.status != 0 && !g.sse)) return;  // 405: no stream offered
      if (!g.last_event_id.empty()) last = g.last_event_id;
      if (g.retry) retry = *g.retry;
      attempts = g.events ? 0 : attempts + 1;
      if (!pause(retry)) return;
    }
  }

  // One HTTP exchange, sent again after an OAuth authorization when answered 401 or 403
  // insufficient_scope (at most max_reauth_ times).
  exchange_result exchange(hc_http::verb verb, const std::string& body, const value* id, const std::string& last_event_id,
                           bool even_closing = false) {
    for (int reauth = 0;; ++reauth) {
      exchange_result r = exchange_once(verb, body, id, last_event_id, even_closing);
      if (!auth_ || even_closing || (r.status != 401 && r.status != 403)) return r;
      if (reauth >= max_reauth_) {
        r.failure = "HTTP status " + std::to_string(r.status) + " after " + std::to_string(reauth) + " authorizations";
        return r;
      }
      result<void> ok = auth_->on_challenge(r.status, r.www_authenticate, r.token_used);
      if (!ok) {
        r.failure = "HTTP status " + std::to_string(r.status) + ", " + std::string(to_string(ok.error().code)) + ": " + ok.error().message;
        return r;
      }
    }
  }

  // One HTTP exchange on a new connection.
  exchange_result exchange_once(hc_http::verb verb, const std::string& body, const value* id, const std::string& last_event_id,
                                bool even_closing) {
    exchange_result out;
    boost::asio::io_context ioc;
    hc_tcp::socket sock(ioc);
    boost::system::error_code ec;
    hc_tcp::resolver resolver(ioc);
    auto endpoints = resolver.resolve(url_.host, url_.port, ec);
    if (ec) {
      out.failure = "cannot resolve " + url_.host + ": " + ec.message();
      return out;
    }
    std::string session, version;
    {
      std::lock_guard lock(mu_);
      if (closing_ && !even_closing) return out;
      session = session_id_;
      version = protocol_version_;
    }
    // Registered before connecting so that close() can cut it at any point.
    sock.open(endpoints.begin()->endpoint().protocol(), ec);
    if (ec) {
      out.failure = ec.message();
      return out;
    }
    const int fd = sock.native_handle();
    {
      std::lock_guard lock(mu_);
      if (closing_ && !even_closing) return out;
      fds_.insert(fd);
    }
    struct unregister {
      hc_transport* self;
      int fd;
      ~unregister() {
        std::lock_guard lock(self->mu_);
        self->fds_.erase(fd);
      }
    } guard{this, fd};
    if (even_closing) {  // the DELETE at close: bounded in time
      timeval tv{2, 0};
      ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
      ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    }
    sock.connect(endpoints.begin()->endpoint(), ec);
    for (auto it = std::next(endpoints.begin()); ec && it != endpoints.end(); ++it) {
      sock.close();
      sock.open(it->endpoint().protocol(), ec);
      if (!ec) sock.connect(it->endpoint(), ec);
    }
    if (ec) {
      out.failure = "cannot connect to " + url_.host + ":" + url_.port + ": " + ec.message();
      return out;
    }
    hc_http::request<hc_http::string_body> req{verb, url_.target, 11};
    req.set(hc_http::field::host, url_.port == "80" ? url_.host : url_.host + ":" + url_.port);
    req.set(hc_http::field::user_agent, "toon-cpp");
    if (verb == hc_http::verb::post) {
      req.set(hc_http::field::content_type, "application/json");
      req.set(hc_http::field::accept, "application/json, text/event-stream");
    } else if (verb == hc_http::verb::get) {
      req.set(hc_http::field::accept, "text/event-stream");
    }
    if (!session.empty()) req.set("Mcp-Session-Id", session);
    if (!version.empty()) req.set("MCP-Protocol-Version", version);
    if (!last_event_id.empty()) req.set("Last-Event-ID", last_event_id);
    if (!opts_.bearer_token.empty()) {
      req.set(hc_http::field::authorization, "Bearer " + opts_.bearer_token);
    } else if (auth_) {
      out.token_used = auth_->access_token();
      if (!out.token_used.empty()) req.set(hc_http::field::authorization, "Bearer " + out.token_used);
    }
    for (const auto& [name, val] : opts_.headers) req.set(name, val);
    req.body() = body;
    req.prepare_payload();
    hc_http::write(sock, req, ec);
    if (ec) {
      out.failure = "sending the request: " + ec.message();
      return out;
    }
    boost::beast::flat_buffer buf;
    hc_http::response_parser<hc_http::buffer_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(std::min<std::size_t>(opts_.max_header_size, UINT32_MAX)));
    parser.body_limit((std::numeric_limits<std::uint64_t>::max)());
    hc_http::read_header(sock, buf, parser, ec);
    if (ec) {
      out.failure = "reading the answer: " + ec.message();
      return out;
    }
    auto& res = parser.get();
    out.status = res.result_int();
    if (auto wa = res.find(hc_http::field::www_authenticate); wa != res.end() && (out.status == 401 || out.status == 403))
      out.www_authenticate = std::string(wa->value().substr(0, 16384));
    if (verb == hc_http::verb::get && id == nullptr) signal_get_answered();
    if (auto sid = res.find("Mcp-Session-Id"); sid != res.end() && !sid->value().empty()) {
      std::lock_guard lock(mu_);
      if (session_id_.empty()) session_id_ = std::string(sid->value());
    }
    std::string type;
    if (auto ct = res.find(hc_http::field::content_type); ct != res.end()) type = std::string(ct->value());
    std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    out.sse = type.rfind("text/event-stream", 0) == 0;
    if (verb == hc_http::verb::delete_ || (out.status == 202 && !out.sse)) return out;

    char chunk[16384];
    std::string text;
    hc_sse_parser sse(opts_.max_event_size);
    bool too_big = false;
    while (!parser.is_done()) {
      res.body().data = chunk;
      res.body().size = sizeof chunk;
      hc_http::read_some(sock, buf, parser, ec);
      if (ec == hc_http::error::need_buffer) ec = {};
      std::size_t got = sizeof chunk - res.body().size;
      if (got > 0) {
        std::string_view piece(chunk, got);
        if (out.sse && out.status < 300) {
          bool ok = sse.feed(piece, [&](hc_sse_parser::event e) {
            if (e.type != "message" || e.data.empty()) return;
            out.events = true;
            if (deliver(e.data, id)) out.answered = true;
          });
          if (!ok) {
            too_big = true;
            break;
          }
          if (out.answered) break;  // the request's stream is done for us
        } else {
          if (text.size() + got > opts_.max_body_size) {
            too_big = true;
            break;
          }
          text.append(piece);
        }
      }
      if (ec) break;
    }
    out.last_event_id = sse.last_event_id();
    out.retry = sse.retry();
    if (too_big) {
      out.failure = out.sse ? "an SSE event over " + std::to_string(opts_.max_event_size) + " bytes"
                            : "an answer over " + std::to_string(opts_.max_body_size) + " bytes";
      if (!out.sse) out.status = out.status < 300 ? 502 : out.status;
      return out;
    }
    if (ec && !out.sse) {
      out.failure = "reading the answer: " + ec.message();
      out.status = 0;
      return out;
    }
    if (ec) out.failure = ec.message();
    if (out.status >= 300) {
      std::string snippet = text.substr(0, 300);
      out.failure = "HTTP status " + std::to_string(out.status) + (snippet.empty() ? std::string() : ": " + snippet);
      return out;
    }
    if (!out.sse) {
      if (type.rfind("application/json", 0) != 0) {
        out.failure = "HTTP status " + std::to_string(out.status) + " with content type \"" + type + "\"";
        out.status = 502;
        return out;
      }
      if (!text.empty() && deliver(text, id)) out.answered = true;
      if (id != nullptr && !out.answered) {
        out.failure = "the JSON answer is not the request's response";
        out.status = 502;
      }
    }
    return out;
  }

  hc_url url_;
  http_client_options opts_;
  std::unique_ptr<oauth_agent> auth_;  // null: no OAuth
  int max_reauth_ = 0;
  sinks sinks_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool closing_ = false;
  bool get_answered_ = false;  // the GET stream's first request was answered (or failed)
  std::string session_id_, protocol_version_;
  std::set<int> fds_;
  std::list<worker> workers_;
};

}  // namespace

TOON_FUNC result<client> connect_http(std::string_view url, http_client_options http, client_options options) {
  result<hc_url> u = hc_parse_url(url);
  if (!u) return u.error();
  return client::connect(std::make_unique<hc_transport>(std::move(*u), std::move(http), std::string(url)), std::move(options));
}

}  // namespace toon::mcp
