// benchmarks/datasets/events.hpp - semi-uniform event logs: optional fields, some records
// with a nested error object (so the array is not tabular).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "datasets/random.hpp"

namespace bench {

struct error_info {
  std::string code;
  std::string message;
  std::int64_t retries;
  bool operator==(const error_info&) const = default;
};

struct log_event {
  std::string timestamp;
  std::string level;
  std::string service;
  std::string message;
  std::optional<std::int64_t> status;
  std::optional<std::int64_t> latency_ms;
  std::optional<std::string> user_id;
  std::optional<error_info> error;
  bool operator==(const log_event&) const = default;
};

struct events_doc {
  std::vector<log_event> events;
  bool operator==(const events_doc&) const = default;
};

/// The event-log dataset: `n` events, seed 5; about 10% carry an error object.
inline events_doc make_events(std::size_t n = 5'000) {
  static constexpr std::array<std::string_view, 6> services = {"api", "auth", "billing", "search",
                                                                "worker", "gateway"};
  static constexpr std::array<std::string_view, 6> messages = {
      "request completed", "cache miss", "token refreshed", "job scheduled", "slow query detected",
      "user signed in"};
  static constexpr std::array<std::string_view, 4> codes = {"E_TIMEOUT", "E_UPSTREAM", "E_RATE_LIMIT",
                                                             "E_INVALID"};
  random r(5);
  events_doc d;
  d.events.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    log_event e;
    e.timestamp = timestamp(static_cast<std::int64_t>(i) / 2000, static_cast<std::int64_t>(i) * 37 % 86'400);
    e.service = r.pick(services);
    if (r.chance(0.1)) {
      e.level = "error";
      e.message = "request failed";
      e.status = r.chance(0.5) ? 500 : 503;
      e.error = error_info{std::string(r.pick(codes)), "upstream " + std::string(r.pick(services)) + " did not answer",
                           r.between(0, 3)};
    } else {
      e.level = r.chance(0.8) ? "info" : "warn";
      e.message = r.pick(messages);
      if (r.chance(0.7)) e.status = r.chance(0.9) ? 200 : 404;
    }
    if (r.chance(0.6)) e.latency_ms = r.between(1, 2500);
    if (r.chance(0.5)) {
      // Appended, not "u" + std::to_string(...): GCC 12 reports a false -Wrestrict on that
      // operator+ when this function is inlined into a larger translation unit.
      std::string id(1, 'u');
      id += std::to_string(r.between(1000, 99'999));
      e.user_id = std::move(id);
    }
    d.events.push_back(std::move(e));
  }
  return d;
}

inline std::size_t records_of(const events_doc& d) { return d.events.size(); }

}  // namespace bench
