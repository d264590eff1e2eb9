// The messages a toon::mcp::server sends, collected from its message_sink for the server tests
// (tests/mcp/server*_test.cpp): each one checked to be a single line of JSON and kept parsed.
// Waits are bounded by a generous guard that a passing test never reaches.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/server.hpp"

namespace toon_test {

/// Failure guard of every wait: a passing test never waits this long.
inline constexpr std::chrono::seconds collector_guard{30};

/// Collects a server's messages in the order it sends them.
struct message_collector {
  std::mutex m;
  std::condition_variable cv;
  std::vector<toon::value> messages;  // parsed; guarded by m

  /// The sink to give the server: every message must be one line of JSON.
  toon::mcp::message_sink sink() {
    return [this](std::string_view s) {
      EXPECT_EQ(s.find('\n'), std::string_view::npos) << s;
      toon::result<toon::value> v = toon::from_json(s);
      EXPECT_TRUE(v.has_value()) << s;
      std::lock_guard<std::mutex> lock(m);
      messages.push_back(v ? *v : toon::value());
      cv.notify_all();
    };
  }

  /// Waits until n messages have arrived (or the guard ends) and returns all of them.
  std::vector<toon::value> wait_for(std::size_t n) {
    std::unique_lock<std::mutex> lock(m);
    cv.wait_for(lock, collector_guard, [&] { return messages.size() >= n; });
    return messages;
  }

  /// Waits for the response to request `id` (a JSON text, e.g. "7" or "\"a\""); null if none.
  toon::value response(const std::string& id) {
    std::unique_lock<std::mutex> lock(m);
    toon::value found;
    cv.wait_for(lock, collector_guard, [&] {
      for (const toon::value& v : messages)
        if (v.find("id") != nullptr && toon::to_json(v["id"]) == id) {
          found = v;
          return true;
        }
      return false;
    });
    return found;
  }

  /// The messages so far whose method is `method`.
  std::vector<toon::value> with_method(std::string_view method) {
    std::lock_guard<std::mutex> lock(m);
    std::vector<toon::value> out;
    for (const toon::value& v : messages)
      if (is_method(v, method)) out.push_back(v);
    return out;
  }

  /// Waits for the n-th (1-based) message whose method is `method`; null if none.
  toon::value wait_method(std::string_view method, std::size_t n = 1) {
    std::unique_lock<std::mutex> lock(m);
    toon::value found;
    cv.wait_for(lock, collector_guard, [&] {
      std::size_t seen = 0;
      for (const toon::value& v : messages)
        if (is_method(v, method) && ++seen == n) {
          found = v;
          return true;
        }
      return false;
    });
    return found;
  }

  /// How many messages have arrived.
  std::size_t size() {
    std::lock_guard<std::mutex> lock(m);
    return messages.size();
  }

 private:
  static bool is_method(const toon::value& v, std::string_view method) {
    const toon::value* mv = v.find("method");
    return mv != nullptr && mv->is_string() && mv->as_string() == method;
  }
};

}  // namespace toon_test
