// Builds a toon::value from decoder events (last write wins on repeated keys).
#pragma once

#include <string>
#include <vector>

#include "../common/key_index.hpp"
#include "toon/detail/value_events.hpp"
#include "toon/events.hpp"
#include "toon/value.hpp"

namespace toon::detail {

/// event_handler that materialises the document as a toon::value.
class value_builder final : public event_handler {
 public:
  /// `unique_keys`: the event source guarantees no repeated key within an object (the strict
  /// parser rejects them), so members are appended without looking for an earlier one.
  /// `input_size` bounds what declared lengths may reserve (hostile `[999999999]` headers).
  explicit value_builder(bool unique_keys = false, std::size_t input_size = 0) noexcept
      : unique_keys_(unique_keys), reserve_cap_(reserve_limit(input_size)) {
    receive_rows();
  }

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
  bool begin_table(const std::string_view* names, std::size_t count, std::size_t offset) override;
  bool table_row(const scalar* cells, std::size_t count, std::size_t offset) override;

 private:
  // The null value where the next value goes (the root, a new array element, or the member
  // created by key()), to be filled in place.
  value& slot();

  value root_;
  std::vector<value*> stack_;  // open containers
  value* pending_ = nullptr;  // the member created by key(), awaiting its value
  // Member count of the last object closed at each nesting depth: a new object without a size
  // hint reserves that many (rows of a table, items of a list share their width).
  std::vector<std::size_t> widths_;
  bool unique_keys_ = false;
  std::size_t reserve_cap_;
  std::vector<std::string_view> columns_;  // keys of the current table's rows
  // Non-strict mode: where each column's cell goes in a row (the position of the column's
  // first occurrence among the distinct names), when the header repeats a name.
  std::vector<std::size_t> column_slot_;
  bool columns_repeat_ = false;
  key_index_stack keys_;  // non-strict mode: repeated keys of large objects
};

}  // namespace toon::detail
