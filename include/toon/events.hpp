// toon/events.hpp - the decoder's event interface, shared by every consumer
// (value builder, JSON writer, typed decoder).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "toon/error.hpp"
#include "toon/options.hpp"

namespace toon {

/// One primitive of the document (null, bool, number or string) as the decoder parsed it;
/// table rows arrive as arrays of these (event_handler::table_row).
struct scalar {
  /// The parsed kind; numbers have four (as toon::value::kind).
  enum class kind : std::uint8_t { null, boolean, integer, uinteger, real, big_integer, string };
  kind type = kind::null;
  bool b = false;          ///< boolean
  std::int64_t i = 0;      ///< integer
  std::uint64_t u = 0;     ///< uinteger (above INT64_MAX)
  double d = 0;            ///< real
  std::string_view text;   ///< string (unescaped) or big-integer digits; valid during the call
  std::size_t offset = 0;  ///< byte offset of the token in the input
};

/// Receives the decoder's events in document order. Every event carries the byte offset of
/// the token in the input, so a consumer can report a line and column when it rejects
/// something (see location_of()). String views are valid only during the call.
///
/// A handler returns `false` from any event to stop decoding; decode_events() then returns
/// the error the handler set through fail() (or a generic one).
///
/// Sequence: a document is exactly one value. A value is a primitive event, or
/// `start_object` (`key` value)* `end_object`, or `start_array` value* `end_array`.
/// Keys within one object are unique in strict mode; non-strict mode may repeat a key
/// (last write wins: consumers must replace the earlier value).
class event_handler {
 public:
  virtual ~event_handler() = default;

  /// Opens an object. `size_hint` is the declared entry count for keyed tables, the number of
  /// fields for a row's object (and its nested field groups) in a table with nested fields,
  /// else 0.
  virtual bool start_object(std::size_t size_hint, std::size_t offset) = 0;
  virtual bool end_object() = 0;
  /// Opens an array. `size` is the declared length [N] (0 for `[]`); a successful strict
  /// decode delivers exactly that many elements, while in non-strict mode it is only a hint.
  virtual bool start_array(std::size_t size, std::size_t offset) = 0;
  virtual bool end_array() = 0;
  /// An object key (unescaped).
  virtual bool key(std::string_view k, std::size_t offset) = 0;

  virtual bool null_value(std::size_t offset) = 0;
  virtual bool bool_value(bool b, std::size_t offset) = 0;
  virtual bool int_value(std::int64_t i, std::size_t offset) = 0;
  virtual bool uint_value(std::uint64_t u, std::size_t offset) = 0;
  virtual bool double_value(double d, std::size_t offset) = 0;
  /// An integer outside the 64-bit range, as its exact decimal digits.
  virtual bool big_integer_value(std::string_view digits, std::size_t offset) = 0;
  /// A string value (unescaped).
  virtual bool string_value(std::string_view s, std::size_t offset) = 0;

  // ---- table rows (optional) -----------------------------------------------------------------
  // A handler that calls receive_rows() in its constructor gets the rows of tables whose
  // header lists plain fields (no nested field groups) as one table_row() call each, instead
  // of start_object / (key value)* / end_object. begin_table() names the columns once, right
  // after the table's start_array (tabular array) or start_object (keyed table); in a keyed
  // table each row follows its key() event. Rows of other tables, and rows the parser must
  // report an error for, still arrive as separate events, so such a handler accepts both.

  /// The columns of the table whose rows follow (views valid until the table ends).
  virtual bool begin_table(const std::string_view* names, std::size_t count, std::size_t offset) {
    (void)names, (void)count, (void)offset;
    return true;
  }
  /// One row: `count` cells in column order; `offset` is the row's line.
  virtual bool table_row(const scalar* cells, std::size_t count, std::size_t offset) {
    (void)cells, (void)count, (void)offset;
    return false;
  }
  /// Whether this handler takes table_row() events.
  [[nodiscard]] bool receives_rows() const noexcept { return rows_; }

  /// The error to report after an event returned false (code ok means "aborted by handler").
  [[nodiscard]] const error& failure() const noexcept { return failure_; }

 protected:
  /// Asks for table_row() events (call from the constructor).
  void receive_rows() noexcept { rows_ = true; }

  /// Records why the handler stops; `offset` locates it in the input.
  bool fail(error_code code, std::string message, std::size_t offset) {
    failure_.code = code;
    failure_.message = std::move(message);
    failure_offset_ = offset;
    return false;
  }

 private:
  error failure_;
  std::size_t failure_offset_ = 0;
  bool rows_ = false;

 public:
  /// Offset recorded by fail().
  [[nodiscard]] std::size_t failure_offset() const noexcept { return failure_offset_; }
};

/// Parses TOON `text` and sends its events to `handler`. Errors carry line and column.
result<void> decode_events(std::string_view text, event_handler& handler,
                           const decode_options& options = {});

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
