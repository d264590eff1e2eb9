// benchmarks/bench/null_handler.hpp - an event handler that takes every event and does
// nothing, to time the parser alone (table rows as one call each, as the value builder).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "toon/events.hpp"

namespace bench {

/// Takes every event and does nothing.
class null_handler final : public toon::event_handler {
 public:
  null_handler() { receive_rows(); }
  bool start_object(std::size_t, std::size_t) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t, std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool key(std::string_view, std::size_t) override { return true; }
  bool null_value(std::size_t) override { return true; }
  bool bool_value(bool, std::size_t) override { return true; }
  bool int_value(std::int64_t, std::size_t) override { return true; }
  bool uint_value(std::uint64_t, std::size_t) override { return true; }
  bool double_value(double, std::size_t) override { return true; }
  bool big_integer_value(std::string_view, std::size_t) override { return true; }
  bool string_value(std::string_view, std::size_t) override { return true; }
  bool table_row(const toon::scalar*, std::size_t, std::size_t) override { return true; }
};

}  // namespace bench
