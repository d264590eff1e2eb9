// Builds a toon::value from decoder events (last write wins on repeated keys).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/key_index.hpp"
#include "../document/line_consumer.hpp"
#include "toon/detail/text_sink.hpp"
#include "toon/detail/value_events.hpp"
#include "toon/events.hpp"
#include "toon/value.hpp"

namespace toon::detail {

class document_builder;

/// event_handler that materialises the document as a toon::value. Bound to the parser with a
/// line reader (toon::decode: read_lines_with()), it also takes the lines the document builder
/// reads straight from the text, copying the nodes it reads (text_sink::field_lines,
/// list_items); otherwise every value comes as an event.
class value_builder final : public event_handler, public text_sink, public line_consumer {
 public:
  /// As a text sink it takes only the lines its reader reads (text_sink.hpp).
  static constexpr bool lines_only = true;

  /// `unique_keys`: the event source guarantees no repeated key within an object (the strict
  /// parser rejects them), so members are appended without looking for an earlier one.
  /// `input_size` bounds what declared lengths may reserve (hostile `[999999999]` headers).
  explicit value_builder(bool unique_keys = false, std::size_t input_size = 0) noexcept
      : unique_keys_(unique_keys), reserve_cap_(reserve_limit(input_size)) {
    receive_rows();
  }

  /// The finished value (valid after a successful decode_events()).
  value& result() noexcept { return root_; }

  /// Takes the lines `reader` reads (its input viewing the text the parser reads), from the
  /// next object or list on.
  void read_lines_with(document_builder* reader) noexcept { reader_ = reader; }

  // ---- text_sink: the reader's lines (lines_only: no primitive arrives as text) -----------
  bool text_value(std::string_view, std::size_t) override { return false; }
  bool key_text(std::string_view, std::size_t, std::string_view, std::size_t) override { return false; }
  bool text_row(const text_cell*, std::size_t, std::size_t) override { return false; }
  bool takes_field_lines() override { return reader_ != nullptr; }
  const char* field_lines(const char* p, const field_run& run, std::size_t& lines) override;
  bool field_line(const char* k, const char* e) override;
  bool field_seen(std::string_view k) override;
  bool takes_list_items() override { return reader_ != nullptr; }
  const char* list_items(const char* p, const field_run& run, std::size_t count, std::size_t& lines) override;
  /// line_consumer: a member or item the reader took, copied in.
  void take(const node_member& m, bool member) override;

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
  // created by key()), to be filled in place. Inline: every value event starts here.
  value& slot() {
    if (stack_.empty()) return root_;
    if (array* a = stack_.back().arr) return a->emplace_back();
    return *pending_;
  }

  // An open container (one of `obj`, `arr`; the other null, so that no event looks at the
  // variant's index) and the width slot of the objects it holds (see widths_).
  struct open_container {
    object* obj;
    array* arr;
    std::uint32_t slot;  // of an array's elements; an object's members use the key's slot
    std::uint32_t taken_end = 0;  // an object's: past the last member its reader took (fewer than 32)
  };
  // The keys of the innermost object's members (fewer than 32), copied to seed_bytes_, as
  // views in keys_seen_ (stable while the reader appends members); their count, or 32 when
  // there are more.
  std::size_t current_keys();
  // The width slot of a key: a hash of its length and of its first and last bytes.
  static std::uint32_t key_slot(std::string_view k) noexcept {
    const std::size_t n = k.size();
    if (n == 0) return 0;
    return static_cast<std::uint32_t>(n * 131u + static_cast<unsigned char>(k[0]) * 31u +
                                      static_cast<unsigned char>(k[n - 1])) %
           width_slots;
  }

  value root_;
  std::vector<open_container> stack_;
  value* pending_ = nullptr;  // the member created by key(), awaiting its value
  std::uint32_t pending_slot_ = 0;  // key_slot() of that member's key
  // The largest member count of the objects closed under each width slot (0: none yet). A new
  // object without a size hint reserves that many: the objects under one key (`labels`,
  // `schema`, `content`) or the elements of one array (rows, list items) mostly share their
  // width, and the largest one seen (up to max_width) saves the growth steps of the wider ones.
  static constexpr std::uint32_t width_slots = 256;
  static constexpr std::size_t max_width = 16;
  std::uint8_t widths_[width_slots] = {};
  bool unique_keys_ = false;
  std::size_t reserve_cap_;
  std::vector<std::string_view> columns_;  // keys of the current table's rows
  // Non-strict mode: where each column's cell goes in a row (the position of the column's
  // first occurrence among the distinct names), when the header repeats a name.
  std::vector<std::size_t> column_slot_;
  bool columns_repeat_ = false;
  key_index_stack keys_;  // non-strict mode: repeated keys of large objects
  document_builder* reader_ = nullptr;
  std::string seed_bytes_;
  std::string_view keys_seen_[32];
};

}  // namespace toon::detail
