// Internal: the server's side of a toon::mcp::call_context (src/mcp/call_context.cpp,
// src/mcp/server.cpp).
#pragma once

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>

#include "toon/error.hpp"
#include "toon/mcp/call_context.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

struct call_context::state {
  value id;
  std::string tool;
  std::string protocol_version;
  value client_info;
  value client_capabilities;
  std::stop_source stop;
  value progress_token;  // null: the request carried none
  // Sends one notification unless the call is over (answered, cancelled, timed out); false then.
  std::function<bool(const value& message)> send;
  // The least severe level the client wants now, or nothing (no messages).
  std::function<std::optional<log_level>()> level;
  // Sends a request to the client and waits for its answer (legacy session only; null: none).
  std::function<result<value>(std::string_view method, const value& params, std::chrono::milliseconds timeout)> ask;

  // Deferred answers (call_context::defer), set by the server: `defer` marks the call deferred
  // (false when it cannot be: over, or deferred already); `complete` answers it (once).
  std::function<bool()> defer;
  std::function<void(toon::call_result)> complete;

  std::mutex progress_mutex;  // orders progress() calls and guards last_progress
  std::optional<double> last_progress;

  // 2026-07-28 multi round-trip requests (MRTR; set up when `ask` is null and `multi_round`):
  // the handler's n-th request to the client is keyed "input-n". An answer the client sent
  // (the request's `inputResponses`, or carried over from an earlier attempt in `requestState`)
  // is returned at once; a request without one is collected, and the call then answers
  // `input_required` with the collected requests instead of the handler's result.
  bool multi_round = false;
  std::mutex input_mutex;           // guards the members below
  value input_responses = object{};  // key -> the client's result
  object input_requests;             // key -> {method, params}: asked in this attempt, unanswered
  std::size_t asked = 0;             // requests made by this attempt so far
};

// What a deferred_answer holds: the call's context, until completed.
struct deferred_answer::state {
  std::shared_ptr<call_context::state> call;
};

}  // namespace toon::mcp
