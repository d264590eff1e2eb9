// json_writer.hpp - internal: the one JSON text emitter behind toon::to_json (value tree)
// and toon::toon_to_json (decoder event stream).
//
// json_emitter owns the layout (commas, `": "`, pretty indentation in the style of
// JSON.stringify(v, null, indent)) and delegates scalars to append_json_string and to the
// TOON writer's number formatting (ECMAScript Number::toString, which is what both
// JSON.stringify and canonical TOON use), so both paths produce the same bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "toon/events.hpp"
#include "toon/detail/text_sink.hpp"
#include "toon/detail/writer.hpp"

namespace toon::detail {

/// Appends `s` as a quoted JSON string (RFC 8259): `"` and `\` escaped, \b \f \n \r \t
/// short escapes, other control characters as \u00xx (lowercase hex), everything else
/// (including non-ASCII bytes) written raw - the same output as JSON.stringify.
void append_json_string(std::string& out, std::string_view s);

/// Appends the JSON of the scalar that the unquoted TOON token `token` classifies to (§4: a
/// literal, a number, else a string). Literals and numbers already in the form the JSON
/// writer would give their value (e.g. `42`, `-3.25`) are copied; the others are parsed and
/// formatted, so the output equals that of the classified scalar's event.
void append_json_token(std::string& out, std::string_view token);

/// Writes JSON tokens in document order, handling separators and indentation.
/// The caller supplies a well-formed sequence (key before every object member value).
class json_emitter {
 public:
  /// `indent` > 0 gives pretty output with that many spaces per level; <= 0 compact.
  json_emitter(std::string& out, int indent) noexcept
      : out_(out), indent_(indent > 0 ? static_cast<std::size_t>(indent) : 0) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  /// Writes a member key (with the separator before it and the colon after it).
  void key(std::string_view k) {
    frame& f = frames_.back();
    if (f.has_items) out_ += ',';
    f.has_items = true;
    newline();
    append_json_string(out_, k);
    if (indent_ > 0) out_.append(": ", 2);
    else out_ += ':';
  }

  void null_value() { before_value(); out_.append("null", 4); }
  void bool_value(bool b) {
    before_value();
    if (b) out_.append("true", 4);
    else out_.append("false", 5);
  }
  void int_value(std::int64_t i) { before_value(); append_int(out_, i); }
  void uint_value(std::uint64_t u) { before_value(); append_uint(out_, u); }
  void double_value(double d) { before_value(); append_double(out_, d); }
  /// An integer beyond 64 bits, written as its digits.
  void big_integer_value(std::string_view digits) { before_value(); out_.append(digits); }
  void string_value(std::string_view s) { before_value(); append_json_string(out_, s); }
  /// An unquoted TOON primitive token, written as the JSON of the scalar it classifies to:
  /// literals and canonical numbers are copied, others parsed and formatted.
  void token_value(std::string_view token) { before_value(); append_json_token(out_, token); }

  /// Writes a member key already written as JSON (`"name"`, quotes and escapes included).
  void json_key(std::string_view quoted) {
    frame& f = frames_.back();
    if (f.has_items) out_ += ',';
    f.has_items = true;
    newline();
    out_.append(quoted);
    if (indent_ > 0) out_.append(": ", 2);
    else out_ += ':';
  }
  /// The separator and line break due before a value written by the caller itself.
  void before_raw_value() { before_value(); }
  /// Whether the output is compact (no indentation).
  [[nodiscard]] bool compact() const noexcept { return indent_ == 0; }
  /// The output text.
  [[nodiscard]] std::string& out() noexcept { return out_; }

  /// Current nesting depth (open containers).
  [[nodiscard]] std::size_t depth() const noexcept { return frames_.size(); }
  /// True when the innermost open container is an object.
  [[nodiscard]] bool in_object() const noexcept { return !frames_.empty() && frames_.back().is_object; }

 private:
  struct frame {
    bool is_object;
    bool has_items;
  };

  // Separator and line break before a value: only array elements need them here, an object
  // member's value follows its key directly.
  void before_value() {
    if (frames_.empty()) return;
    frame& f = frames_.back();
    if (f.is_object) return;
    if (f.has_items) out_ += ',';
    f.has_items = true;
    newline();
  }
  void open(char c) {
    before_value();
    out_ += c;
    frames_.push_back(frame{c == '{', false});
  }
  void close(char c) {
    bool had_items = frames_.back().has_items;
    frames_.pop_back();
    if (had_items) newline();
    out_ += c;
  }
  void newline() {
    if (indent_ == 0) return;
    out_ += '\n';
    out_.append(frames_.size() * indent_, ' ');
  }

  std::string& out_;
  std::size_t indent_;
  std::vector<frame> frames_;
};

/// An event_handler that writes JSON text as the decoder's events arrive. It also takes the
/// parser's text path (detail/text_sink.hpp): unquoted primitives and table rows as text,
/// written without classifying literals and canonical numbers, rows with their column keys
/// written as JSON once per table.
class json_event_writer final : public event_handler, public text_sink {
 public:
  json_event_writer(std::string& out, int indent) : emitter_(out, indent) { receive_rows(); }

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
  bool text_value(std::string_view token, std::size_t offset) override;
  bool text_row(const text_cell* cells, std::size_t count, std::size_t offset) override;

  /// True once exactly one complete root value has been written.
  [[nodiscard]] bool complete() const noexcept { return roots_ == 1 && emitter_.depth() == 0; }

 private:
  // Sequence checks: cheap guards so a faulty event stream fails instead of writing
  // malformed JSON.
  bool value_allowed(std::size_t offset);

  // Opens a row's object (a value like any other); false when the sequence forbids it.
  bool begin_row(std::size_t count, std::size_t offset);

  json_emitter emitter_;
  // The current table's columns: the keys as JSON (`"name"`) one after the other, where each
  // starts, and (compact output) each key's text with its separator, `{"a":` then `,"b":`.
  std::string column_keys_;
  std::vector<std::size_t> column_at_;
  std::string column_prefixes_;
  std::vector<std::size_t> prefix_at_;
  bool awaiting_value_ = false;  // innermost object: a key was written, its value not begun
  std::size_t roots_ = 0;
};

}  // namespace toon::detail
