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

  std::mutex progress_mutex;  // orders progress() calls and guards last_progress
  std::optional<double> last_progress;
};

}  // namespace toon::mcp
