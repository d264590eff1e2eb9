// toon/mcp/call_context.hpp - toon::mcp::call_context: what a tool handler served by
// toon::mcp::server may know of and do for its call (docs/mcp.md, "The call context").
//
//   cat.add<count_args>("count", "Counts slowly", "",
//       [](const count_args& a, toon::mcp::call_context& ctx) -> toon::result<int> {
//         for (int i = 1; i <= a.to; ++i) {
//           if (ctx.stop_requested()) return toon::error{...};     // cancelled, or timed out
//           ctx.progress(i, a.to, "counting");                     // notifications/progress
//         }
//         ctx.log(toon::mcp::log_level::info, toon::value("done"));  // notifications/message
//         return a.to;
//       });
//
// A handler taking (const Args&, call_context&) gets its call's context; one taking
// (const Args&) keeps working as before. Outside a server (tool_catalog::call) the context is
// detached: no request id, progress and log do nothing, the stop token never fires.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <chrono>
#include <memory>
#include <optional>
#include <stop_token>
#include <string_view>

#include "toon/error.hpp"
#include "toon/tools/call_result.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

/// The severity of a log message (RFC 5424 syslog levels, least severe first), as MCP
/// `logging/setLevel` and `notifications/message` name them.
enum class log_level { debug, info, notice, warning, error, critical, alert, emergency };

/// The protocol name of `level`: "debug", "info", ..., "emergency".
[[nodiscard]] std::string_view log_level_name(log_level level) noexcept;
/// The level named `name` (protocol spelling), or nothing for an unknown name.
[[nodiscard]] std::optional<log_level> parse_log_level(std::string_view name) noexcept;

class call_context;

/// The answer of a call whose handler returned before it had one (call_context::defer()):
/// complete() answers the call later, from any thread. Move-only; one that is destroyed
/// without complete() answers the call as failed, so that no call is left without an answer.
class deferred_answer {
 public:
  /// Nothing to answer (complete() does nothing).
  deferred_answer() noexcept = default;
  deferred_answer(deferred_answer&& other) noexcept : state_(std::move(other.state_)) {}
  deferred_answer& operator=(deferred_answer&& other) noexcept;
  deferred_answer(const deferred_answer&) = delete;
  deferred_answer& operator=(const deferred_answer&) = delete;
  ~deferred_answer();

  /// Answers the call with `r`, as if its handler had returned it. Only the first call counts;
  /// nothing is sent when the call was cancelled or timed out meanwhile (its stop token fired).
  void complete(toon::call_result r);
  /// True until complete() was called (or for a default-constructed one: false).
  [[nodiscard]] bool pending() const noexcept { return state_ != nullptr; }

 private:
  friend class call_context;
  struct state;
  explicit deferred_answer(std::shared_ptr<state> s) noexcept : state_(std::move(s)) {}
  std::shared_ptr<state> state_;
};

/// One tools/call as its handler sees it. Handed by reference to a handler declared as
/// f(const Args&, toon::mcp::call_context&), valid until the handler returns (a copy shares the
/// same call and stays usable afterwards: it then reports nothing). The accessors may be used
/// from any thread; progress() and log() send from the calling thread, in call order.
class call_context {
 public:
  /// A detached context (no request; reports nothing; never stopped).
  call_context() noexcept = default;

  /// The JSON-RPC id of the tools/call request (null when detached).
  [[nodiscard]] const value& request_id() const noexcept;
  /// The name of the tool called (empty when detached).
  [[nodiscard]] std::string_view tool_name() const noexcept;
  /// The protocol revision of the request: "2025-11-25" (or "2025-06-18"), "2026-07-28"; empty
  /// when detached.
  [[nodiscard]] std::string_view protocol_version() const noexcept;
  /// The client's `clientInfo` (initialize, or a 2026-07-28 request's
  /// `_meta["io.modelcontextprotocol/clientInfo"]`): {"name","version",...}; null when unknown.
  [[nodiscard]] const value& client_info() const noexcept;
  /// The client's capabilities (initialize, or the 2026-07-28 request's `_meta`): an object;
  /// null when detached.
  [[nodiscard]] const value& client_capabilities() const noexcept;

  /// Fires when the client cancels the request (notifications/cancelled) or its call_timeout
  /// passes (server_options::call_timeout). Use it with std::stop_callback or
  /// std::condition_variable_any::wait(lock, token, pred).
  [[nodiscard]] std::stop_token stop_token() const noexcept;
  /// stop_token().stop_requested(): the handler should return soon (its result is dropped).
  [[nodiscard]] bool stop_requested() const noexcept;

  /// True when the request carried a `_meta.progressToken`: progress() then reports.
  [[nodiscard]] bool wants_progress() const noexcept;
  /// Sends `notifications/progress` {progressToken, progress: done, total, message} when the
  /// request carried a progress token and the call is not over; `total` <= 0 and an empty
  /// `message` are left out. `done` must increase from one call to the next (the spec's rule):
  /// a value not above the last one sent is dropped. True when sent.
  bool progress(double done, double total = 0, std::string_view message = {});

  /// True when a message of `level` would be sent now: the client asked for that level or a
  /// less severe one (logging/setLevel in a 2025-11-25 session, the request's
  /// `_meta["io.modelcontextprotocol/logLevel"]` in 2026-07-28). Nothing is sent before it asks.
  [[nodiscard]] bool log_enabled(log_level level) const noexcept;
  /// Sends `notifications/message` {level, logger, data} when log_enabled(level) and the call is
  /// not over; an empty `logger` is left out. True when sent.
  bool log(log_level level, const value& data, std::string_view logger = {});

  /// Asks the client to sample its model (`sampling/createMessage` with `params`: {"messages":
  /// [...], "maxTokens": N, ...}) and waits for its result ({"role","content","model",...}).
  /// See request() for the errors; needs the client's `sampling` capability.
  result<value> sample(const value& params, std::chrono::milliseconds timeout = std::chrono::seconds(60));
  /// Asks the user, through the client, for input (`elicitation/create` with `params`:
  /// {"message", "requestedSchema"}); the result is {"action": "accept"|"decline"|"cancel",
  /// "content"}. Needs the client's `elicitation` capability.
  result<value> elicit(const value& params, std::chrono::milliseconds timeout = std::chrono::seconds(60));
  /// The client's roots (`roots/list`): {"roots": [{"uri","name"},...]}. Needs the client's
  /// `roots` capability.
  result<value> list_roots(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  /// Sends request `method` with `params` (an object) to the client and waits for its result,
  /// at most `timeout` and only while the call is not stopped (then the server sends the client
  /// notifications/cancelled for it). Errors: error_code::timeout; error_code::remote_error
  /// (the client answered with a JSON-RPC error, its code and message in the message);
  /// error_code::protocol_error when it cannot be sent: a detached context, the capability
  /// missing, the call already over or stopped, or server_options::max_client_requests pending
  /// already.
  ///
  /// In a 2026-07-28 request the server sends no requests (stateless); it uses multi round-trip
  /// requests instead: the handler's n-th request is keyed "input-n"; when the client's retried
  /// call carries its answer (`inputResponses`, or earlier answers echoed in `requestState`),
  /// the answer is returned at once, otherwise error_code::input_required, and the call then
  /// answers `resultType: "input_required"` with every request this attempt made unanswered
  /// (the handler's own result is dropped), and the client calls the tool again with the
  /// answers. The handler therefore runs once per round: it should ask before it acts, and ask
  /// in the same order each time. `timeout` does not apply there.
  result<value> request(std::string_view method, const value& params, std::chrono::milliseconds timeout);

  /// Answers this call later: the handler may return at once (what it returns is then ignored)
  /// and the call stays open until the returned deferred_answer is completed, from any thread.
  /// Meanwhile the call holds no worker thread and no max_concurrent_calls slot (the server
  /// keeps at most server_options::max_deferred_calls open), while its stop token, progress()
  /// and log() keep working; call_timeout still applies. For handlers that wait on something
  /// with a callback of its own, such as a proxy's request to another server
  /// (toon::mcp::client::call_tool_async). Errors: protocol_error for a detached context (no
  /// server to answer through: answer synchronously instead) or a call already deferred or over.
  result<deferred_answer> defer();

  /// The server's side of a context (internal).
  struct state;
  /// A context for the server's call `s` (internal: made by toon::mcp::server).
  explicit call_context(std::shared_ptr<state> s) noexcept : state_(std::move(s)) {}

 private:
  std::shared_ptr<state> state_;
};

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
