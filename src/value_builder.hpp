// Builds a toon::value from decoder events (last write wins on repeated keys).
#pragma once

#include <string>
#include <vector>

#include "toon/events.hpp"
#include "toon/value.hpp"

namespace toon::detail {

/// event_handler that materialises the document as a toon::value.
class value_builder final : public event_handler {
 public:
  /// The finished value (valid after a successful decode_events()).
  value& result() noexcept { return root_; }

  bool start_object(std::size_t size_hint, std::size_t offset) override;
  bool end_object() override;
  bool start_array(std::size_t size, std::size_t offset) override;
  bool end_array() override;
  bool key(std::string_view k, std::size_t offset) override;
  bool null_value(std::size_t offset) override;
  bool bool_value(bool b, std::size_t offset) override;
  bool int_value(std::int64_t i, std::size_t offset) override;
  bool uint_value(std::uint64_t u, std::size_t offset) override;
  bool double_value(double d, std::size_t offset) override;
  bool big_integer_value(std::string_view digits, std::size_t offset) override;
  bool string_value(std::string_view s, std::size_t offset) override;

 private:
  // Places `v` in the current container (or as the root) and returns it.
  value& place(value&& v);

  value root_;
  std::vector<value*> stack_;  // open containers
  std::string pending_key_;  // key of the next object member
};

}  // namespace toon::detail
