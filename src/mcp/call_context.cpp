// toon::mcp::call_context: progress, logging, cancellation and the client's identity for a tool
// handler served by toon::mcp::server (docs/mcp.md, "The call context").
#include "toon/mcp/call_context.hpp"
#include "toon/tools/handler.hpp"  // declares detached_call_context() ([[nodiscard]]), defined here
#include "toon/detail/linkage.hpp"

#include <array>
#include <chrono>
#include <string>
#include <cstdint>
#include <utility>

#include "call_context_state.hpp"

namespace toon::mcp {

namespace {

constexpr std::array<std::string_view, 8> level_names{"debug", "info",     "notice", "warning",
                                                      "error", "critical", "alert",  "emergency"};

const value& null_value() noexcept {
  static const value none;
  return none;
}

// A progress figure: an integer when it is one (as most clients expect), else a double.
value number(double d) {
  if (d == static_cast<double>(static_cast<std::int64_t>(d)) && d > -9007199254740992.0 && d < 9007199254740992.0)
    return value(static_cast<std::int64_t>(d));
  return value(d);
}

}  // namespace

TOON_FUNC std::string_view log_level_name(log_level level) noexcept {
  const auto i = static_cast<std::size_t>(level);
  return i < level_names.size() ? level_names[i] : std::string_view("debug");
}

TOON_FUNC std::optional<log_level> parse_log_level(std::string_view name) noexcept {
  for (std::size_t i = 0; i < level_names.size(); ++i)
    if (level_names[i] == name) return static_cast<log_level>(i);
  return std::nullopt;
}

TOON_FUNC call_context& detached_call_context() noexcept {
  static call_context detached;  // no state: every member reports nothing, so sharing it is safe
  return detached;
}

TOON_FUNC const value& call_context::request_id() const noexcept { return state_ ? state_->id : null_value(); }

TOON_FUNC std::string_view call_context::tool_name() const noexcept {
  return state_ ? std::string_view(state_->tool) : std::string_view();
}

TOON_FUNC std::string_view call_context::protocol_version() const noexcept {
  return state_ ? std::string_view(state_->protocol_version) : std::string_view();
}

TOON_FUNC const value& call_context::client_info() const noexcept {
  return state_ ? state_->client_info : null_value();
}

TOON_FUNC const value& call_context::client_capabilities() const noexcept {
  return state_ ? state_->client_capabilities : null_value();
}

TOON_FUNC std::stop_token call_context::stop_token() const noexcept {
  return state_ ? state_->stop.get_token() : std::stop_token();
}

TOON_FUNC bool call_context::stop_requested() const noexcept { return state_ && state_->stop.stop_requested(); }

TOON_FUNC bool call_context::wants_progress() const noexcept { return state_ && !state_->progress_token.is_null(); }

TOON_FUNC bool call_context::progress(double done, double total, std::string_view message) {
  if (!wants_progress() || !state_->send) return false;
  std::lock_guard<std::mutex> lock(state_->progress_mutex);
  if (state_->last_progress && !(done > *state_->last_progress)) return false;  // must increase
  object params;
  params.emplace_back("progressToken", state_->progress_token);
  params.emplace_back("progress", number(done));
  if (total > 0) params.emplace_back("total", number(total));
  if (!message.empty()) params.emplace_back("message", std::string(message));
  object n;
  n.emplace_back("jsonrpc", "2.0");
  n.emplace_back("method", "notifications/progress");
  n.emplace_back("params", std::move(params));
  if (!state_->send(value(std::move(n)))) return false;
  state_->last_progress = done;
  return true;
}

TOON_FUNC bool call_context::log_enabled(log_level level) const noexcept {
  if (!state_ || !state_->level) return false;
  try {
    std::optional<log_level> wanted = state_->level();
    return wanted && level >= *wanted;
  } catch (...) {
    return false;
  }
}

TOON_FUNC bool call_context::log(log_level level, const value& data, std::string_view logger) {
  if (!log_enabled(level) || !state_->send) return false;
  object params;
  params.emplace_back("level", std::string(log_level_name(level)));
  if (!logger.empty()) params.emplace_back("logger", std::string(logger));
  params.emplace_back("data", data);
  object n;
  n.emplace_back("jsonrpc", "2.0");
  n.emplace_back("method", "notifications/message");
  n.emplace_back("params", std::move(params));
  return state_->send(value(std::move(n)));
}

namespace {

result<value> cannot_ask(std::string message) {
  error e;
  e.code = error_code::protocol_error;
  e.message = std::move(message);
  return e;
}

// The capability a client must have declared for a request `method` to it, or empty.
std::string_view capability_of(std::string_view method) {
  if (method == "sampling/createMessage") return "sampling";
  if (method == "elicitation/create") return "elicitation";
  if (method == "roots/list") return "roots";
  return {};
}

}  // namespace

TOON_FUNC result<value> call_context::request(std::string_view method, const value& params,
                                              std::chrono::milliseconds timeout) {
  if (!state_) return cannot_ask("no client to ask: the call has no MCP server (a detached call_context)");
  if (!state_->ask && !state_->multi_round)
    return cannot_ask("the server sends no requests to the client in a " + state_->protocol_version +
                      " request (stateless); " + std::string(method) + " is not available");
  if (!params.is_object()) return cannot_ask(std::string(method) + ": params must be an object");
  std::string_view capability = capability_of(method);
  if (!capability.empty() &&
      (!state_->client_capabilities.is_object() || state_->client_capabilities.find(capability) == nullptr))
    return cannot_ask("the client did not declare the " + std::string(capability) + " capability, so " +
                      std::string(method) + " cannot be sent");
  if (state_->ask) return state_->ask(method, params, timeout);
  // 2026-07-28: multi round-trip requests (see call_context::state).
  std::lock_guard<std::mutex> lock(state_->input_mutex);
  std::string key = "input-" + std::to_string(++state_->asked);
  if (const value* answer = state_->input_responses.find(key); answer != nullptr) return *answer;
  object request;
  request.emplace_back("method", std::string(method));
  request.emplace_back("params", params);
  state_->input_requests.insert_or_assign(key, std::move(request));
  error e;
  e.code = error_code::input_required;
  e.message = std::string(method) + ": the client answers with the retried request (2026-07-28 multi round-trip "
              "request \"" + key + "\"); this attempt of the call ends with input_required";
  return e;
}

TOON_FUNC result<deferred_answer> call_context::defer() {
  error e;
  e.code = error_code::protocol_error;
  if (!state_ || !state_->defer) {
    e.message = "no server to answer through later (a detached call_context): answer by returning";
    return e;
  }
  if (!state_->defer()) {
    e.message = "the call is over, or its answer was deferred already";
    return e;
  }
  return deferred_answer(std::make_shared<deferred_answer::state>(deferred_answer::state{state_}));
}
TOON_FUNC deferred_answer& deferred_answer::operator=(deferred_answer&& other) noexcept {
  if (this != &other) {
    if (state_) {  // the answer this one held: failed, as the destructor would
      deferred_answer dropped(std::move(state_));
    }
    state_ = std::move(other.state_);
  }
  return *this;
}
TOON_FUNC deferred_answer::~deferred_answer() {
  if (!state_) return;
  toon::call_result r;
  r.status = toon::call_status::tool_failed;
  r.text = "tool " + state_->call->tool + " failed: its handler deferred the answer and dropped it unanswered";
  try {
    complete(std::move(r));
  } catch (...) {  // a destructor must not throw (allocation failure)
  }
}
TOON_FUNC void deferred_answer::complete(toon::call_result r) {
  if (!state_) return;
  std::shared_ptr<state> s = std::move(state_);
  if (s->call->complete) s->call->complete(std::move(r));
}
TOON_FUNC result<value> call_context::sample(const value& params, std::chrono::milliseconds timeout) {
  return request("sampling/createMessage", params, timeout);
}

TOON_FUNC result<value> call_context::elicit(const value& params, std::chrono::milliseconds timeout) {
  return request("elicitation/create", params, timeout);
}

TOON_FUNC result<value> call_context::list_roots(std::chrono::milliseconds timeout) {
  return request("roots/list", object{}, timeout);
}

}  // namespace toon::mcp
