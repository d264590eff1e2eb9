// toon::mcp::client: newline-delimited JSON-RPC over a server's stdin/stdout. One reader/writer
// thread per client owns the pipes (poll on stdout, stderr, stdin when there is something to
// write, and a wake pipe); callers queue their lines and wait on a condition variable for the
// response with their id.
#include "toon/mcp/client.hpp"
#include "client_transport.hpp"
#include "toon/detail/linkage.hpp"
#include "toon/dsl/mcp_dsl.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <functional>
#include <map>
#include <set>
#include <stop_token>
#include <system_error>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "toon/json.hpp"

namespace toon::mcp {
namespace {

constexpr std::array<std::string_view, 4> legacy_versions = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};

bool is_pre_2026_version(std::string_view v) {
  return std::find(legacy_versions.begin(), legacy_versions.end(), v) != legacy_versions.end();
}

toon::error make_error(error_code code, std::string message) {
  toon::error e;
  e.code = code;
  e.message = std::move(message);
  return e;
}

std::string string_member(const value& obj, std::string_view key) {
  const value* v = obj.find(key);
  if (v != nullptr && v->is_string()) return v->as_string();
  return {};
}

bool contains_string(const value* arr, std::string_view s) {
  if (arr == nullptr || !arr->is_array()) return false;
  for (const value& v : arr->as_array())
    if (v.is_string() && v.as_string() == s) return true;
  return false;
}

/// The last `n` bytes of `s`, cut at a line start when one is near.
std::string tail_of(const std::string& s, std::size_t n) {
  if (s.size() <= n) return s;
  std::size_t from = s.size() - n;
  std::size_t nl = s.find('\n', from);
  if (nl != std::string::npos && nl + 1 < s.size() && nl - from < 200) from = nl + 1;
  return s.substr(from);
}

}  // namespace

TOON_FUNC std::string call_result::text() const {
  std::string out;
  if (!content.is_array()) return out;
  for (const value& block : content.as_array()) {
    if (!block.is_object() || string_member(block, "type") != "text") continue;
    if (!out.empty()) out += '\n';
    out += string_member(block, "text");
  }
  return out;
}

/// What became of one request.
struct rpc_outcome {
  enum class kind { result, remote_error, timeout, cancelled, closed } what = kind::closed;
  value payload{};  ///< the result, or the error object
  std::string message{};
};

struct client::impl {
  struct pending {
    bool done = false;
    value response{};
    // An asynchronous request (call_async): nobody waits on `cv`; whoever takes it out of
    // `waiting` (under mu) calls on_done once, outside mu.
    std::function<void(rpc_outcome)> on_done{};
    std::chrono::steady_clock::time_point deadline{};
    std::chrono::milliseconds timeout{0};
    std::int64_t id = 0;
    bool progress = false;  // registered in progress_of under `id`
    // Posts the request's id to `stopped_ids` when the caller's stop token fires (the I/O
    // thread then cancels it). Destroyed with the slot, never under mu.
    std::optional<std::stop_callback<std::function<void()>>> on_stop{};
  };

  client_options opts;
  process proc;
  server_info info;

  mutable std::mutex mu;
  std::condition_variable_any cv;
  std::map<std::int64_t, std::shared_ptr<pending>> waiting;
  std::int64_t next_id = 1;
  // Asynchronous requests by deadline, and those whose stop token fired (the I/O thread ends
  // both); under mu.
  std::set<std::pair<std::chrono::steady_clock::time_point, std::int64_t>> async_deadlines;
  std::vector<std::int64_t> stopped_ids;
  bool io_started = false;  // the I/O thread runs (for a transport: started by the first call_async)
  // When the I/O thread wakes by itself next (the earliest asynchronous deadline it saw, or
  // its tick once call_async was used).
  std::chrono::steady_clock::time_point io_wakes_at = std::chrono::steady_clock::time_point::max();
  bool async_used = false;
  static constexpr std::chrono::milliseconds async_tick{1000};
  // Progress callbacks of running requests, by the progressToken they were sent with (the id).
  // Guarded by progress_mu, which is also held while a callback runs: once a request has
  // removed its entry, its callback (and what it refers to) is no longer used. Lock order: mu,
  // then progress_mu.
  using progress_callback = std::function<void(double, double, std::string_view)>;
  std::mutex progress_mu;
  std::map<std::int64_t, progress_callback> progress_of;
  std::string outbuf;
  bool close_stdin_requested = false;
  bool established = false;  // connect() succeeded: on_close applies from then on
  bool closed = false;  // stdout EOF, or shut down
  bool stop_thread = false;
  bool shut = false;
  std::optional<exit_status> final_status;
  std::string stderr_ring;
  client_stats counters;
  int wake[2] = {-1, -1};
  std::thread io;
  std::mutex shutdown_mu;
  std::unique_ptr<client::transport> tr;  // set: messages go through it, not a process

  impl(client_options o, process p) : opts(std::move(o)), proc(std::move(p)) {}
  impl(client_options o, std::unique_ptr<client::transport> t) : opts(std::move(o)), tr(std::move(t)) {}
  ~impl() { shutdown(); }

  // The transport's connection is usable (for a process: its stdin is open).
  bool writable_locked() const { return tr ? true : proc.stdin_fd() >= 0; }

  bool start_transport(std::string& why) {
    client::transport::sinks s;
    s.deliver = [this](std::string_view m) { handle_line(m); };
    s.closed = [this](std::string_view reason) {
      report_close(reason);
      mark_closed();
    };
    return tr->start(std::move(s), why);
  }

  // Sends one message (text without its line break) through the transport, outside mu.
  bool transport_send(std::string text) {
    if (!text.empty() && text.back() == '\n') text.pop_back();
    return tr->send(std::move(text));
  }

  bool start() {
    if (::pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) return false;
    io = std::thread([this] { run(); });
    io_started = true;
    return true;
  }

  void poke() const {
    if (wake[1] >= 0) {
      char b = 1;
      [[maybe_unused]] ssize_t n = ::write(wake[1], &b, 1);
    }
  }

  // ---- the I/O thread -------------------------------------------------------------------
  void run() {
    sigset_t pipe_only;
    ::sigemptyset(&pipe_only);
    ::sigaddset(&pipe_only, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipe_only, nullptr);  // a write to a dead server gives EPIPE

    std::string line;
    bool discarding = false;
    bool out_open = proc.stdout_fd() >= 0, err_open = proc.stderr_fd() >= 0;
    std::array<char, 65536> buf{};
    while (true) {
      bool want_write, stopping;
      int in_fd, timeout_ms;
      {
        std::lock_guard lock(mu);
        stopping = stop_thread;
        in_fd = proc.stdin_fd();  // closed by shutdown() under the lock
        want_write = !outbuf.empty() && in_fd >= 0;
        timeout_ms = poll_timeout_locked();
      }
      if (stopping) {
        if (err_open) read_stderr(buf, err_open);
        return;
      }
      std::array<pollfd, 4> fds{};
      nfds_t n = 0;
      fds[n++] = pollfd{wake[0], POLLIN, 0};
      int out_slot = -1, err_slot = -1, in_slot = -1;
      if (out_open) {
        out_slot = static_cast<int>(n);
        fds[n++] = pollfd{proc.stdout_fd(), POLLIN, 0};
      }
      if (err_open) {
        err_slot = static_cast<int>(n);
        fds[n++] = pollfd{proc.stderr_fd(), POLLIN, 0};
      }
      if (want_write) {
        in_slot = static_cast<int>(n);
        fds[n++] = pollfd{in_fd, POLLOUT, 0};  // if closed meanwhile: flush_locked sees it
      }
      int r = ::poll(fds.data(), n, timeout_ms);
      if (r < 0) {
        if (errno == EINTR) continue;
        break;
      }
      if (fds[0].revents != 0) {
        char drain[256];
        while (::read(wake[0], drain, sizeof drain) > 0) {
        }
      }
      if (in_slot >= 0 && fds[static_cast<std::size_t>(in_slot)].revents != 0) {
        std::lock_guard lock(mu);
        flush_locked();
      }
      if (out_slot >= 0 && fds[static_cast<std::size_t>(out_slot)].revents != 0) {
        while (true) {
          ssize_t got = ::read(proc.stdout_fd(), buf.data(), buf.size());
          if (got > 0) {
            take_output(std::string_view(buf.data(), static_cast<std::size_t>(got)), line, discarding);
            continue;
          }
          if (got < 0 && (errno == EINTR)) continue;
          if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
          out_open = false;  // EOF or error: the server is gone for us
          report_close();
          mark_closed();
          break;
        }
      }
      if (err_slot >= 0 && fds[static_cast<std::size_t>(err_slot)].revents != 0) read_stderr(buf, err_open);
      end_stopped_and_expired();
    }
  }

  // How long the I/O thread may sleep in poll() (mu held): until the earliest deadline of an
  // asynchronous request or its tick (-1: never), 0 when a stopped one waits to be ended. Notes
  // the time it wakes by itself (io_wakes_at), so that call_async wakes it only for an earlier
  // deadline.
  int poll_timeout_locked() {
    if (!stopped_ids.empty()) return 0;
    if (!async_used) {  // no asynchronous request yet (then none has a deadline)
      io_wakes_at = std::chrono::steady_clock::time_point::max();
      return -1;
    }
    // Once asynchronous requests are in use, the thread also wakes every second, so that
    // call_async need not wake it for each new request (a context switch per call): a deadline
    // is at least a millisecond away and mostly seconds.
    const auto now = std::chrono::steady_clock::now();
    io_wakes_at = now + async_tick;
    if (!async_deadlines.empty()) io_wakes_at = std::min(io_wakes_at, async_deadlines.begin()->first);
    return static_cast<int>(std::max<std::int64_t>(0, std::chrono::ceil<std::chrono::milliseconds>(io_wakes_at - now).count()));
  }

  // Ends the asynchronous requests whose stop token fired or whose time limit passed: the server
  // is sent notifications/cancelled, and their callbacks get the outcome (I/O thread).
  void end_stopped_and_expired() {
    std::vector<std::pair<std::int64_t, std::shared_ptr<pending>>> stopped, expired;
    {
      std::lock_guard lock(mu);
      if (stopped_ids.empty() && (async_deadlines.empty() || async_deadlines.begin()->first > std::chrono::steady_clock::now()))
        return;
      for (std::int64_t id : stopped_ids)
        if (auto slot = take_async_locked(id)) stopped.emplace_back(id, std::move(slot));
      stopped_ids.clear();
      const auto now = std::chrono::steady_clock::now();
      while (!async_deadlines.empty() && async_deadlines.begin()->first <= now) {
        std::int64_t id = async_deadlines.begin()->second;
        if (auto slot = take_async_locked(id)) expired.emplace_back(id, std::move(slot));
        else async_deadlines.erase(async_deadlines.begin());
      }
    }
    for (auto& [id, slot] : stopped) {
      (void)notify("notifications/cancelled", object{{"requestId", id}, {"reason", "cancelled by the client"}});
      rpc_outcome o;
      o.what = rpc_outcome::kind::cancelled;
      o.message = "cancelled";
      finish_async(std::move(slot), std::move(o));
    }
    for (auto& [id, slot] : expired) {
      (void)notify("notifications/cancelled", object{{"requestId", id}, {"reason", "timed out"}});
      rpc_outcome o;
      o.what = rpc_outcome::kind::timeout;
      o.message = "no answer within " + std::to_string(slot->timeout.count()) + " ms";
      finish_async(std::move(slot), std::move(o));
    }
  }

  // Takes asynchronous request `id` out of `waiting` (mu held): its callback is then the
  // caller's to run, outside mu. Null when it is not (or no longer) waiting.
  std::shared_ptr<pending> take_async_locked(std::int64_t id) {
    auto it = waiting.find(id);
    if (it == waiting.end() || !it->second->on_done) return nullptr;
    std::shared_ptr<pending> slot = std::move(it->second);
    waiting.erase(it);
    async_deadlines.erase({slot->deadline, id});
    return slot;
  }

  // Runs the callback of an asynchronous request taken out of `waiting`, outside mu; the slot
  // (and its stop callback) is released here too, outside mu.
  void finish_async(std::shared_ptr<pending> slot, rpc_outcome outcome) {
    if (slot->progress) {
      std::lock_guard progress_lock(progress_mu);
      progress_of.erase(slot->id);
    }
    try {
      slot->on_done(std::move(outcome));
    } catch (...) {  // a throwing callback must not end the I/O thread
    }
  }

  void read_stderr(std::array<char, 65536>& buf, bool& err_open) {
    while (true) {
      ssize_t got = ::read(proc.stderr_fd(), buf.data(), buf.size());
      if (got > 0) {
        std::lock_guard lock(mu);
        stderr_ring.append(buf.data(), static_cast<std::size_t>(got));
        if (stderr_ring.size() > 2 * opts.stderr_capacity + 4096)
          stderr_ring.erase(0, stderr_ring.size() - opts.stderr_capacity);
        continue;
      }
      if (got < 0 && errno == EINTR) continue;
      if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      err_open = false;
      return;
    }
  }

  /// Writes what it can of outbuf (non-blocking). Called with mu held.
  void flush_locked() {
    while (!outbuf.empty() && proc.stdin_fd() >= 0) {
      ssize_t put = ::write(proc.stdin_fd(), outbuf.data(), outbuf.size());
      if (put > 0) {
        outbuf.erase(0, static_cast<std::size_t>(put));
        continue;
      }
      if (put < 0 && errno == EINTR) continue;
      if (put < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      outbuf.clear();  // EPIPE: the server no longer reads
      proc.close_stdin();
      return;
    }
  }

  void take_output(std::string_view chunk, std::string& line, bool& discarding) {
    while (!chunk.empty()) {
      std::size_t nl = chunk.find('\n');
      std::string_view piece = chunk.substr(0, nl);
      if (!discarding) {
        if (line.size() + piece.size() > opts.max_line_bytes) {
          discarding = true;
          line.clear();
          line.shrink_to_fit();
          std::lock_guard lock(mu);
          ++counters.dropped_lines;
        } else {
          line.append(piece);
        }
      }
      if (nl == std::string_view::npos) return;
      if (!discarding) handle_line(line);
      line.clear();
      discarding = false;
      chunk.remove_prefix(nl + 1);
    }
  }

  void handle_line(std::string_view text) {
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    if (text.find_first_not_of(" \t") == std::string_view::npos) return;
    result<value> parsed = from_json(text, json_read_options{.replace_lone_surrogates = true});
    if (!parsed || !parsed->is_object()) {
      std::lock_guard lock(mu);
      ++counters.malformed_lines;
      return;
    }
    value& msg = *parsed;
    const value* method = msg.find("method");
    const value* id = msg.find("id");
    if (method != nullptr && method->is_string()) {
      if (id != nullptr && !id->is_null()) {
        answer_server_request(method->as_string(), *id, msg.find("params"));
      } else if (method->as_string() == "notifications/progress" && take_progress(msg)) {
        // given to the request's callback
      } else if (opts.on_notification) {
        try {
          opts.on_notification(msg);
        } catch (...) {  // a throwing callback must not end the reader thread
        }
      }
      return;
    }
    if (id != nullptr && (msg.find("result") != nullptr || msg.find("error") != nullptr)) {
      std::optional<std::int64_t> key;
      if (id->type() == value::kind::integer) key = id->as_int64();
      else if (id->type() == value::kind::uinteger && id->as_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
        key = static_cast<std::int64_t>(id->as_uint64());
      std::shared_ptr<pending> async;
      {
        std::lock_guard lock(mu);
        auto it = key ? waiting.find(*key) : waiting.end();
        if (it == waiting.end()) {
          ++counters.unmatched_responses;
          return;
        }
        if (it->second->on_done) {
          async = take_async_locked(*key);
        } else {
          it->second->done = true;
          it->second->response = std::move(msg);
          waiting.erase(it);
          cv.notify_all();
          return;
        }
      }
      finish_async(std::move(async), outcome_of(msg));
      return;
    }
    std::lock_guard lock(mu);
    ++counters.malformed_lines;
  }

  // A `notifications/progress` for a request with a progress callback: to that callback (true).
  bool take_progress(const value& msg) {
    const value* params = msg.find("params");
    const value* token = params != nullptr && params->is_object() ? params->find("progressToken") : nullptr;
    if (token == nullptr || token->type() != value::kind::integer) return false;
    const value* done = params->find("progress");
    if (done == nullptr || !done->is_number()) return false;
    std::lock_guard lock(progress_mu);
    auto it = progress_of.find(token->as_int64());
    if (it == progress_of.end()) return false;
    const value* total = params->find("total");
    const value* message = params->find("message");
    try {
      it->second(done->to_double(), total != nullptr && total->is_number() ? total->to_double() : 0.0,
                  message != nullptr && message->is_string() ? std::string_view(message->as_string()) : std::string_view{});
    } catch (...) {  // a throwing callback must not end the reader thread
    }
    return true;
  }

  void answer_server_request(const std::string& method, const value& id, const value* params) {
    object reply{{"jsonrpc", "2.0"}, {"id", id}};
    bool answered = method == "ping";
    if (method == "ping") {
      reply.insert_or_assign("result", object{});
    } else if (opts.on_request) {
      answered = true;
      result<value> r = make_error(error_code::remote_error, "the client's request handler failed");
      try {
        r = opts.on_request(method, params != nullptr ? *params : value{});
      } catch (...) {  // a throwing callback must not end the reader thread
      }
      if (r) {
        reply.insert_or_assign("result", r->is_null() ? value(object{}) : std::move(*r));
      } else {
        reply.insert_or_assign("error", object{{"code", -32603}, {"message", r.error().message}});
      }
    } else {
      reply.insert_or_assign("error", object{{"code", -32601}, {"message", "Method not found: " + method}});
    }
    std::string text = to_json(value(std::move(reply)));
    if (tr) {
      {
        std::lock_guard lock(mu);
        if (!answered) ++counters.refused_requests;
        if (close_stdin_requested) return;
      }
      (void)tr->send(std::move(text));
      return;
    }
    text += '\n';
    std::lock_guard lock(mu);
    if (!answered) ++counters.refused_requests;
    if (proc.stdin_fd() >= 0 && !close_stdin_requested) outbuf += text;
    // Written on the next loop turn (this is the I/O thread itself).
  }

  // client_options::on_close, unless the client is shutting the server down itself.
  void report_close(std::string_view reason = {}) {
    {
      std::lock_guard lock(mu);
      if (!established || closed || close_stdin_requested || stop_thread || !opts.on_close) return;
    }
    std::string why = reason.empty() ? "the server closed its output (it exited or crashed)" : std::string(reason);
    std::string err = stderr_snippet();
    if (!err.empty()) why += "; server stderr: " + err;
    try {
      opts.on_close(why);
    } catch (...) {  // a throwing callback must not end the reader thread
    }
  }

  void mark_closed() {
    std::vector<std::shared_ptr<pending>> async;
    {
      std::lock_guard lock(mu);
      if (closed) return;
      closed = true;
      for (auto& [key, slot] : waiting) {
        if (slot->on_done) async.push_back(std::move(slot));
        else slot->done = true;  // response stays null: closed
      }
      waiting.clear();
      async_deadlines.clear();
      cv.notify_all();
    }
    for (std::shared_ptr<pending>& slot : async) {
      rpc_outcome o;
      o.message = "the server closed the connection before answering";
      finish_async(std::move(slot), std::move(o));
    }
  }

  // ---- the callers' side ----------------------------------------------------------------
  std::string stderr_snippet() const {
    std::lock_guard lock(mu);
    std::string t = tail_of(stderr_ring, 2000);
    while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
    return t;
  }

  value with_meta(value params) const {
    if (!info.stateless) return params;
    if (!params.is_object()) params = object{};
    object& p = params.as_object();
    value& meta = p["_meta"];
    if (!meta.is_object()) meta = object{};
    object& m = meta.as_object();
    m.insert_or_assign("io.modelcontextprotocol/protocolVersion", info.protocol_version);
    m.insert_or_assign("io.modelcontextprotocol/clientInfo",
                       object{{"name", opts.client_name}, {"version", opts.client_version}});
    m.insert_or_assign("io.modelcontextprotocol/clientCapabilities",
                       opts.capabilities.is_object() ? opts.capabilities : value(object{}));
    return params;
  }

  bool enqueue(std::string text) {
    if (tr) {
      {
        std::lock_guard lock(mu);
        if (closed || close_stdin_requested) return false;
      }
      return transport_send(std::move(text));
    }
    std::lock_guard lock(mu);
    if (closed || close_stdin_requested || proc.stdin_fd() < 0) return false;
    write_locked(std::move(text));
    return true;
  }

  /// Queues `text` for the server's stdin and writes it from this thread when nothing is queued
  /// before it (one thread hop fewer per request; the pipe is non-blocking); what remains goes to
  /// the I/O thread. Called with mu held, from a thread other than the I/O thread.
  void write_locked(std::string text) {
    if (!outbuf.empty()) {  // queued before it: the I/O thread writes both, in order
      outbuf += text;
      poke();
      return;
    }
    outbuf = std::move(text);
    flush_from_caller_locked();
    if (!outbuf.empty()) poke();
  }

  /// flush_locked() from a thread other than the I/O thread, with SIGPIPE blocked meanwhile (a
  /// dead server gives EPIPE, and the signal it raised is taken back), so that a program that
  /// does not ignore SIGPIPE is not killed by it. Called with mu held.
  void flush_from_caller_locked() {
    sigset_t pipe_only, old;
    ::sigemptyset(&pipe_only);
    ::sigaddset(&pipe_only, SIGPIPE);
    if (::pthread_sigmask(SIG_BLOCK, &pipe_only, &old) != 0) return;  // the I/O thread writes it
    flush_locked();
    if (!::sigismember(&old, SIGPIPE)) {
      sigset_t pending;
      ::sigemptyset(&pending);
      if (::sigpending(&pending) == 0 && ::sigismember(&pending, SIGPIPE)) {
        const timespec zero{};
        [[maybe_unused]] int taken = ::sigtimedwait(&pipe_only, nullptr, &zero);
      }
      ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    }
  }

  result<void> notify(std::string_view method, value params) {
    object msg{{"jsonrpc", "2.0"}, {"method", std::string(method)}};
    if (!params.is_null()) msg.insert_or_assign("params", std::move(params));
    std::string text = to_json(value(std::move(msg)));
    text += '\n';
    if (!enqueue(std::move(text)))
      return make_error(error_code::protocol_error, "MCP: the connection to the server is closed");
    return {};
  }

  // With a progress callback: the request's id becomes its progressToken (in params' _meta)
  // and the callback is registered under it; true then. Called with mu held.
  bool register_progress_locked(std::int64_t id, value& params, const progress_callback* on_progress) {
    if (on_progress == nullptr || !*on_progress) return false;
    if (!params.is_object()) params = object{};
    value& meta = params.as_object()["_meta"];
    if (!meta.is_object()) meta = object{};
    meta.as_object().insert_or_assign("progressToken", id);
    std::lock_guard progress_lock(progress_mu);
    progress_of.emplace(id, *on_progress);
    return true;
  }

  // Writes request `id` (written from this thread when nothing is queued), or for a transport
  // leaves its text in `via_transport`, to be sent outside mu. Called with mu held.
  void send_request_locked(std::int64_t id, std::string_view method, value params, std::string& via_transport) {
    object msg{{"jsonrpc", "2.0"}, {"id", id}, {"method", std::string(method)}};
    if (!params.is_null()) msg.insert_or_assign("params", std::move(params));
    if (tr) {
      via_transport = to_json(value(std::move(msg)));
      return;
    }
    std::string line = to_json(value(std::move(msg)));
    line += '\n';
    write_locked(std::move(line));
  }

  rpc_outcome call(std::string_view method, value params, std::chrono::milliseconds timeout,
                   std::stop_token stop, bool cancel_on_timeout, const progress_callback* on_progress = nullptr) {
    rpc_outcome out;
    auto slot = std::make_shared<pending>();
    std::int64_t id;
    std::string via_transport;
    {
      std::lock_guard lock(mu);
      if (closed || close_stdin_requested || !writable_locked()) {
        out.message = "the connection to the server is closed";
        return out;
      }
      id = next_id++;
      register_progress_locked(id, params, on_progress);
      waiting.emplace(id, slot);
      send_request_locked(id, method, std::move(params), via_transport);
    }
    if (tr && !tr->send(std::move(via_transport))) {
      std::lock_guard lock(mu);
      if (waiting.erase(id) != 0) {
        slot->done = true;  // response stays null: closed
      }
    }
    auto deadline = std::chrono::steady_clock::now() + timeout;
    bool done;
    {
      std::unique_lock lock(mu);
      done = cv.wait_until(lock, stop, deadline, [&] { return slot->done; });
      if (!done) waiting.erase(id);
    }
    if (on_progress != nullptr && *on_progress) {
      std::lock_guard progress_lock(progress_mu);
      progress_of.erase(id);
    }
    if (!done) {
      bool stopped = stop.stop_requested();
      out.what = stopped ? rpc_outcome::kind::cancelled : rpc_outcome::kind::timeout;
      out.message = stopped ? "cancelled" : "no answer within " + std::to_string(timeout.count()) + " ms";
      if (cancel_on_timeout) {
        (void)notify("notifications/cancelled",
                     object{{"requestId", id}, {"reason", stopped ? "cancelled by the client" : "timed out"}});
      }
      return out;
    }
    if (slot->response.is_null()) {
      out.message = "the server closed the connection before answering";
      return out;
    }
    return outcome_of(slot->response);
  }

  // The outcome a response message (an object with `result` or `error`) gives; moves from it.
  static rpc_outcome outcome_of(value& response) {
    rpc_outcome out;
    object& resp = response.as_object();
    if (value* err = resp.find("error")) {
      out.what = rpc_outcome::kind::remote_error;
      out.payload = std::move(*err);
      return out;
    }
    out.what = rpc_outcome::kind::result;
    out.payload = std::move(resp["result"]);
    return out;
  }

  // Sends request `method` without waiting: `on_done` gets its outcome once, on the I/O thread
  // (the answer, the connection's end, the time limit, or the stop token firing), or on this
  // thread when it cannot be sent. See client::call_tool_async.
  void call_async(std::string_view method, value params, std::chrono::milliseconds timeout, std::stop_token stop,
                  const progress_callback* on_progress, std::function<void(rpc_outcome)> on_done) {
    auto slot = std::make_shared<pending>();
    slot->on_done = std::move(on_done);
    slot->timeout = timeout;
    std::int64_t id;
    std::string via_transport;
    bool wake_io = false;
    {
      std::unique_lock lock(mu);
      if (closed || close_stdin_requested || !writable_locked() || (tr && !io_started && !start())) {
        lock.unlock();  // the callback may use the client (outcome_error takes mu)
        rpc_outcome out;
        out.message = "the connection to the server is closed";
        slot->on_done(std::move(out));
        return;
      }
      id = next_id++;
      slot->id = id;
      slot->progress = register_progress_locked(id, params, on_progress);
      slot->deadline = std::chrono::steady_clock::now() + timeout;
      async_deadlines.emplace(slot->deadline, id);
      async_used = true;
      wake_io = slot->deadline < io_wakes_at;  // else the I/O thread wakes in time by itself
      waiting.emplace(id, slot);
      send_request_locked(id, method, std::move(params), via_transport);
    }
    if (wake_io) poke();
    if (tr && !tr->send(std::move(via_transport))) {
      std::shared_ptr<pending> taken;
      {
        std::lock_guard lock(mu);
        taken = take_async_locked(id);
      }
      if (taken) {
        rpc_outcome out;
        out.message = "the connection to the server is closed";
        finish_async(std::move(taken), std::move(out));
      }
      return;
    }
    // The caller's stop token ends the request on the I/O thread (a callback destroyed while it
    // runs, or run under mu, could not be used safely here).
    if (stop.stop_possible())
      slot->on_stop.emplace(stop, std::function<void()>([this, id] {
        std::lock_guard lock(mu);
        if (closed) return;  // ended with the connection already
        stopped_ids.push_back(id);
        poke();
      }));
  }

  toon::error outcome_error(std::string_view method, const rpc_outcome& o, bool with_stderr = true) const {
    switch (o.what) {
      case rpc_outcome::kind::timeout:
        return make_error(error_code::timeout, "MCP " + std::string(method) + ": " + o.message);
      case rpc_outcome::kind::cancelled:
        return make_error(error_code::timeout, "MCP " + std::string(method) + ": cancelled");
      case rpc_outcome::kind::remote_error: {
        std::string m = "MCP " + std::string(method) + ": server error";
        if (const value* c = o.payload.find("code"); c != nullptr && c->is_number())
          m += " " + to_json(*c);
        std::string text = string_member(o.payload, "message");
        if (!text.empty()) m += ": " + text;
        if (const value* d = o.payload.find("data"); d != nullptr && !d->is_null()) m += " (" + to_json(*d) + ")";
        return make_error(error_code::remote_error, m);
      }
      default: {
        std::string m = "MCP " + std::string(method) + ": " + o.message;
        if (with_stderr) {
          std::string err = stderr_snippet();
          if (!err.empty()) m += "; server stderr: " + err;
        }
        return make_error(error_code::protocol_error, m);
      }
    }
  }

  std::chrono::milliseconds limit(const call_options& o) const {
    return o.timeout.count() > 0 ? o.timeout : opts.request_timeout;
  }

  // Rounds of a 2026-07-28 multi round-trip request before the client gives up.
  static constexpr int max_input_rounds = 10;

  result<value> request(std::string_view method, value params, const call_options& o) {
    params = with_meta(std::move(params));
    rpc_outcome first = call(method, params, limit(o), o.stop, true, &o.on_progress);
    return rounds(method, std::move(params), std::move(first), o);
  }

  // The result of request `method` sent with `params` (with_meta applied), whose first answer
  // is `r`: on a 2026-07-28 server, input_required answers are fulfilled through on_request and
  // the request sent again until it completes.
  result<value> rounds(std::string_view method, value params, rpc_outcome r, const call_options& o) {
    for (int round = 0;; ++round) {
      if (round > 0) r = call(method, params, limit(o), o.stop, true, &o.on_progress);
      if (r.what != rpc_outcome::kind::result) return outcome_error(method, r);
      if (!info.stateless || !r.payload.is_object()) return std::move(r.payload);
      std::string type = string_member(r.payload, "resultType");
      if (type.empty() || type == "complete") return std::move(r.payload);
      const bool may_need_input = method == "tools/call" || method == "resources/read" || method == "prompts/get";
      if (type != "input_required" || !may_need_input)
        return make_error(error_code::protocol_error,
                          "MCP " + std::string(method) + ": unexpected resultType \"" + type + "\"");
      // Multi round-trip request: answer each input request through on_request, then call again
      // with the answers and the server's requestState echoed as it came.
      if (round + 1 >= max_input_rounds)
        return make_error(error_code::protocol_error, "MCP " + std::string(method) + ": still input_required after " +
                                                          std::to_string(max_input_rounds) + " rounds");
      const value* requests = r.payload.find("inputRequests");
      const value* state = r.payload.find("requestState");
      if ((requests != nullptr && !requests->is_object()) || (state != nullptr && !state->is_string()) ||
          (requests == nullptr && state == nullptr))
        return make_error(error_code::protocol_error,
                          "MCP " + std::string(method) + ": malformed input_required result (inputRequests must be an "
                          "object, requestState a string, and one of them present)");
      object answers;
      if (requests != nullptr)
        for (const auto& m : requests->as_object()) {
          const value* sub_method = m.value.find("method");
          if (!m.value.is_object() || sub_method == nullptr || !sub_method->is_string())
            return make_error(error_code::protocol_error,
                              "MCP " + std::string(method) + ": input request \"" + m.key + "\" has no method");
          if (!opts.on_request)
            return make_error(error_code::protocol_error, "MCP " + std::string(method) + ": the server needs input (" +
                                                              sub_method->as_string() +
                                                              ") and client_options::on_request is not set");
          const value* sub_params = m.value.find("params");
          result<value> answer = opts.on_request(sub_method->as_string(), sub_params != nullptr ? *sub_params : value{});
          if (!answer)
            return make_error(answer.error().code, "MCP " + std::string(method) + ": answering " + sub_method->as_string() +
                                                       " failed: " + answer.error().message);
          answers.emplace_back(m.key, answer->is_null() ? value(object{}) : std::move(*answer));
        }
      object& p = params.as_object();
      p.erase("inputResponses");
      p.erase("requestState");
      if (!answers.empty()) p.emplace_back("inputResponses", std::move(answers));
      if (state != nullptr) p.emplace_back("requestState", *state);
    }
  }

  // ---- connecting -----------------------------------------------------------------------
  result<void> handshake() {
    if (opts.probe_discover) {
      info.stateless = true;
      info.protocol_version = std::string(modern_protocol_version);
      rpc_outcome r = call("server/discover", with_meta(object{}), opts.discover_timeout, {}, false);
      info.stateless = false;
      info.protocol_version.clear();
      if (r.what == rpc_outcome::kind::closed) return outcome_error("server/discover", r, false);
      if (r.what == rpc_outcome::kind::result && r.payload.is_object()) {
        const value* versions = r.payload.find("supportedVersions");
        if (contains_string(versions, modern_protocol_version)) {
          info.stateless = true;
          info.protocol_version = std::string(modern_protocol_version);
          if (tr) tr->established(modern_protocol_version);
          if (const value* caps = r.payload.find("capabilities")) info.capabilities = *caps;
          info.instructions = string_member(r.payload, "instructions");
          if (const value* meta = r.payload.find("_meta"); meta != nullptr && meta->is_object()) {
            if (const value* si = meta->find("io.modelcontextprotocol/serverInfo"); si != nullptr && si->is_object()) {
              info.name = string_member(*si, "name");
              info.version = string_member(*si, "version");
            }
          }
          return {};
        }
        bool legacy_ok = false;
        for (std::string_view v : legacy_versions) legacy_ok = legacy_ok || contains_string(versions, v);
        if (!legacy_ok)
          return make_error(error_code::protocol_error,
                            "MCP: the server supports none of this client's protocol versions: " +
                                (versions != nullptr ? to_json(*versions) : std::string("[]")));
      } else if (r.what == rpc_outcome::kind::remote_error) {
        const value* c = r.payload.find("code");
        std::int64_t code = (c != nullptr && c->type() == value::kind::integer) ? c->as_int64() : 0;
        if (code <= -32020 && code >= -32099) {  // a recognized modern error: no fallback
          const value* data = r.payload.find("data");
          const value* supported = data != nullptr ? data->find("supported") : nullptr;
          bool legacy_ok = false;
          for (std::string_view v : legacy_versions) legacy_ok = legacy_ok || contains_string(supported, v);
          if (code != -32022 || !legacy_ok) return outcome_error("server/discover", r, false);
        }
      }
      // Any other error, a timeout, or a result without a modern version: a legacy server.
    }
    object params{{"protocolVersion", std::string(legacy_protocol_version)},
                  {"capabilities", opts.capabilities.is_object() ? opts.capabilities : value(object{})},
                  {"clientInfo", object{{"name", opts.client_name}, {"version", opts.client_version}}}};
    rpc_outcome r = call("initialize", std::move(params), opts.initialize_timeout, {}, false);
    if (r.what != rpc_outcome::kind::result) return outcome_error("initialize", r, false);
    if (tr && r.payload.is_object()) tr->established(string_member(r.payload, "protocolVersion"));
    if (!r.payload.is_object()) return make_error(error_code::protocol_error, "MCP initialize: the result is not an object");
    std::string version = string_member(r.payload, "protocolVersion");
    if (!is_pre_2026_version(version))
      return make_error(error_code::protocol_error, "MCP initialize: unsupported protocol version \"" + version + "\"");
    info.protocol_version = version;
    if (const value* caps = r.payload.find("capabilities")) info.capabilities = *caps;
    info.instructions = string_member(r.payload, "instructions");
    if (const value* si = r.payload.find("serverInfo"); si != nullptr && si->is_object()) {
      info.name = string_member(*si, "name");
      info.version = string_member(*si, "version");
    }
    return notify("notifications/initialized", value{});
  }

  exit_status shutdown() {
    std::lock_guard guard(shutdown_mu);
    {
      // End of input, closed here under the lock (the I/O thread touches stdin only under it):
      // unwritten bytes are dropped.
      std::lock_guard lock(mu);
      if (shut) return final_status.value_or(exit_status{});
      shut = true;
      close_stdin_requested = true;
      outbuf.clear();
      proc.close_stdin();
    }
    if (tr) {
      tr->close();
      mark_closed();
      wait_for_round_threads();
      stop_io_thread();
      std::lock_guard lock(mu);
      final_status = exit_status{};
      return *final_status;
    }
    poke();
    exit_status st;
    if (proc.pid() > 0 || proc.status()) st = proc.shutdown(opts.shutdown_grace, opts.shutdown_grace);
    stop_io_thread();
    mark_closed();
    wait_for_round_threads();
    std::lock_guard lock(mu);
    proc.close_output();
    final_status = st;
    return st;
  }

  // Runs `f` on a thread of its own (the multi round-trip continuation of call_tool_async);
  // shutdown() waits for such threads, which end quickly once the connection is closed. Run on
  // the calling thread when no thread can be had.
  std::size_t round_threads = 0;
  std::condition_variable round_threads_done;
  void run_rounds(std::function<void()> f) {
    {
      std::lock_guard lock(mu);
      ++round_threads;
    }
    auto body = [this, f = std::move(f)]() mutable {
      try {
        f();
      } catch (...) {  // a throwing callback must not end the program
      }
      std::lock_guard lock(mu);
      if (--round_threads == 0) round_threads_done.notify_all();
    };
    try {
      std::thread(body).detach();
    } catch (const std::system_error&) {
      body();
    }
  }
  void wait_for_round_threads() {
    std::unique_lock lock(mu);
    round_threads_done.wait(lock, [&] { return round_threads == 0; });
  }

  // Ends the I/O thread (when it runs) and closes the wake pipe.
  void stop_io_thread() {
    {
      std::lock_guard lock(mu);
      stop_thread = true;
    }
    poke();
    if (io.joinable()) io.join();
    std::lock_guard lock(mu);
    for (int& fd : wake) {
      if (fd >= 0) ::close(fd);
      fd = -1;
    }
  }
};

TOON_FUNC client::client(std::unique_ptr<impl> p) : impl_(std::move(p)) {}
TOON_FUNC client::client(client&&) noexcept = default;
TOON_FUNC client& client::operator=(client&&) noexcept = default;
TOON_FUNC client::~client() = default;

TOON_FUNC result<client> client::connect(const process_options& server, client_options options) {
  result<process> p = process::spawn(server);
  if (!p) return p.error();
  auto im = std::make_unique<impl>(std::move(options), std::move(*p));
  if (!im->start()) return make_error(error_code::io_error, "MCP: could not create the wake pipe");
  result<void> hs = im->handshake();
  if (!hs) {
    toon::error e = hs.error();
    exit_status st = im->shutdown();
    if (e.code == error_code::protocol_error || e.code == error_code::timeout) {
      e.message += " (server " + st.to_string() + ")";
      std::string err = im->stderr_snippet();
      if (!err.empty()) e.message += "; server stderr: " + err;
    }
    return e;
  }
  {
    std::lock_guard lock(im->mu);
    im->established = true;
  }
  return client(std::move(im));
}

TOON_FUNC result<client> client::connect(std::unique_ptr<transport> t, client_options options) {
  if (!t) return make_error(error_code::io_error, "MCP: no transport");
  auto im = std::make_unique<impl>(std::move(options), std::move(t));
  std::string why;
  if (!im->start_transport(why)) return make_error(error_code::io_error, "MCP: " + why);
  result<void> hs = im->handshake();
  if (!hs) {
    toon::error e = hs.error();
    (void)im->shutdown();
    return e;
  }
  {
    std::lock_guard lock(im->mu);
    im->established = true;
  }
  return client(std::move(im));
}

TOON_FUNC const server_info& client::server() const { return impl_->info; }

TOON_FUNC result<value> client::request(std::string_view method, value params, const call_options& options) {
  return impl_->request(method, std::move(params), options);
}

TOON_FUNC result<void> client::notify(std::string_view method, value params) { return impl_->notify(method, std::move(params)); }

TOON_FUNC result<value> client::ping(const call_options& options) {
  // 2026-07-28 removed ping; server/discover is its liveness check there.
  if (impl_->info.stateless) return impl_->request("server/discover", object{}, options);
  return impl_->request("ping", value{}, options);
}

TOON_FUNC result<std::vector<tool_info>> client::list_tools(const call_options& options) {
  std::vector<tool_info> tools;
  std::string cursor;
  std::vector<std::string> seen;
  for (int page = 0; page < 10000; ++page) {
    value params = object{};
    if (!cursor.empty()) params.as_object().insert_or_assign("cursor", cursor);
    result<value> r = impl_->request("tools/list", std::move(params), options);
    if (!r) return r.error();
    const value* list = r->find("tools");
    if (list == nullptr || !list->is_array())
      return make_error(error_code::protocol_error, "MCP tools/list: the result has no tools array");
    for (const value& t : list->as_array()) {
      if (!t.is_object() || string_member(t, "name").empty())
        return make_error(error_code::protocol_error, "MCP tools/list: a tool without a name");
      tool_info info;
      info.name = string_member(t, "name");
      info.title = string_member(t, "title");
      if (info.title.empty()) {
        if (const value* ann = t.find("annotations"); ann != nullptr && ann->is_object()) info.title = string_member(*ann, "title");
      }
      info.description = string_member(t, "description");
      if (const value* s = t.find("inputSchema")) info.input_schema = *s;
      if (const value* s = t.find("outputSchema")) info.output_schema = *s;
      info.raw = t;
      tools.push_back(std::move(info));
    }
    const value* next = r->find("nextCursor");
    if (next == nullptr || next->is_null()) return tools;
    if (!next->is_string() || next->as_string().empty())
      return make_error(error_code::protocol_error, "MCP tools/list: nextCursor is not a non-empty string");
    cursor = next->as_string();
    if (std::find(seen.begin(), seen.end(), cursor) != seen.end())
      return make_error(error_code::protocol_error, "MCP tools/list: the server repeated cursor " + cursor);
    seen.push_back(cursor);
  }
  return make_error(error_code::protocol_error, "MCP tools/list: more than 10000 pages");
}

namespace {

// A tools/call result object as a call_result.
result<call_result> tool_result_of(value r) {
  if (!r.is_object()) return make_error(error_code::protocol_error, "MCP tools/call: the result is not an object");
  call_result out;
  object& obj = r.as_object();
  if (value* c = obj.find("content"); c != nullptr && c->is_array()) out.content = *c;
  else out.content = array{};
  if (value* s = obj.find("structuredContent")) out.structured_content = *s;
  if (value* e = obj.find("isError"); e != nullptr && e->is_bool()) out.is_error = e->as_bool();
  out.raw = std::move(r);
  return out;
}

}  // namespace

TOON_FUNC result<call_result> client::call_tool(std::string_view name, const value& arguments, const call_options& options) {
  object params{{"name", std::string(name)}};
  params.insert_or_assign("arguments", arguments.is_null() ? value(object{}) : arguments);
  result<value> r = impl_->request("tools/call", std::move(params), options);
  if (!r) return r.error();
  return tool_result_of(std::move(*r));
}

TOON_FUNC void client::call_tool_async(std::string_view name, const value& arguments, const call_options& options,
                                       std::function<void(result<call_result>)> done) {
  object params{{"name", std::string(name)}};
  params.insert_or_assign("arguments", arguments.is_null() ? value(object{}) : arguments);
  impl* self = impl_.get();
  const bool stateless = self->info.stateless;
  value sent = self->with_meta(value(std::move(params)));
  // A 2026-07-28 server asking for input (multi round-trip request): the rounds go on as in
  // call_tool, on a thread of their own, since they wait for answers the I/O thread reads.
  std::shared_ptr<value> again = stateless ? std::make_shared<value>(sent) : nullptr;
  auto on_done = [self, again, options, done = std::move(done)](rpc_outcome o) mutable {
    if (again && o.what == rpc_outcome::kind::result && o.payload.is_object() &&
        string_member(o.payload, "resultType") == "input_required") {
      self->run_rounds([self, again, options, done = std::move(done), o = std::move(o)]() mutable {
        result<value> r = self->rounds("tools/call", std::move(*again), std::move(o), options);
        done(r ? tool_result_of(std::move(*r)) : result<call_result>(r.error()));
      });
      return;
    }
    // Any other outcome is final: rounds() gives it as request() would (its params unused).
    result<value> r = self->rounds("tools/call", value{}, std::move(o), options);
    done(r ? tool_result_of(std::move(*r)) : result<call_result>(r.error()));
  };
  self->call_async("tools/call", std::move(sent), self->limit(options), options.stop, &options.on_progress,
                   std::move(on_done));
}

TOON_FUNC result<call_result> client::call_dsl(std::string_view request, const call_options& options) {
  result<mcp_dsl::tool_call> c = mcp_dsl::compile_tool_call(request);
  if (!c) return std::move(c).error();
  return call_tool(c->name, c->arguments, options);
}

TOON_FUNC result<call_result> client::call_tool(std::string_view name, const value& arguments, std::chrono::milliseconds timeout) {
  call_options o;
  o.timeout = timeout;
  return call_tool(name, arguments, o);
}

TOON_FUNC std::string client::stderr_tail() const {
  std::lock_guard lock(impl_->mu);
  return tail_of(impl_->stderr_ring, impl_->opts.stderr_capacity);
}

TOON_FUNC client_stats client::stats() const {
  std::lock_guard lock(impl_->mu);
  return impl_->counters;
}

TOON_FUNC bool client::connected() const {
  std::lock_guard lock(impl_->mu);
  return !impl_->closed && !impl_->shut;
}

TOON_FUNC int client::pid() const { return impl_->proc.pid(); }

TOON_FUNC exit_status client::shutdown() { return impl_->shutdown(); }

}  // namespace toon::mcp
