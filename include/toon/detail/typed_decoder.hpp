// toon/detail/typed_decoder.hpp - the engine of typed decoding (detail: not a stable API).
//
// typed_decoder is an event_handler that writes the decoder's events straight into C++
// objects. It keeps a stack of frames, one per open array or object of the target:
//
//   frame = { target pointer, frame_ops (a static table of plain function pointers made by
//             templates for the target's type), the slot of the pending value, counters }
//
// A value event goes to the slot the top frame designates (the pending field of an object
// frame, a freshly appended element of a sequence frame, ...); a slot is a target pointer
// plus the type_ops of its type, whose functions take the primitive or open the next frame.
// Everything here is type-erased; include/toon/typed/decode_*.hpp generates the tables.
//
// Errors are built only on failure: the path from the frames' current slots (TOON names,
// `[i]` indices, map keys), the line and column from the event's byte offset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "toon/error.hpp"
#include "toon/events.hpp"
#include "toon/detail/text_sink.hpp"
#include "toon/detail/value_events.hpp"
#include "toon/options.hpp"
#include "toon/value.hpp"

namespace toon {
class stream_decoder;
}

namespace toon::detail {

/// Test hook (not an option): when false, the typed decoder declines every offer of `key: value`
/// lines read straight from the text (text_sink::field_lines), so they all take the parser's
/// generic path; property tests compare the two. Change it only while nothing is decoding.
inline bool typed_field_lines = true;

/// One primitive event, as the typed decoder's targets receive it.
using primitive_event = scalar;

/// The data-model kind of an event, as error messages name it ("found <kind>").
std::string_view found_name(primitive_event::kind k) noexcept;
/// found_name(ev.type), with a hint for Python's literals (unquoted True, False, None), which
/// TOON writes true, false and null.
std::string found_text(const primitive_event& ev);

class typed_decoder;
struct frame;

/// What a C++ type does with the values sent to it (one static table per type).
struct type_ops {
  /// Takes a primitive; false stops decoding (an error was reported).
  bool (*primitive)(typed_decoder&, void* target, const primitive_event&);
  /// Opens an object into `target` (pushes a frame, or reports a mismatch).
  bool (*start_object)(typed_decoder&, void* target, std::size_t size_hint, std::size_t offset);
  /// Opens an array into `target`.
  bool (*start_array)(typed_decoder&, void* target, std::size_t size, std::size_t offset);
  /// Appends what the type accepts, for "expected <what>, found <kind>".
  void (*describe)(std::string& out);
  /// Takes an unquoted primitive token when it is in the subset of the grammar this type
  /// parses directly (short integers, short decimals, true/false, plain strings, enumerator
  /// names...) and stores exactly what the scalar it classifies to would store; false leaves
  /// the target as it was (the caller classifies the token). nullptr: always classify.
  bool (*text)(void* target, std::string_view token) noexcept = nullptr;
};

/// Where the next value goes: a target object and its type's operations.
struct slot {
  void* target = nullptr;
  const type_ops* ops = nullptr;
};

/// What a frame wants after one of its values is complete.
enum class done_action : std::uint8_t { keep, pop, abort };

/// Operations of an open array or object frame (one static table per frame type).
struct frame_ops {
  /// An object key: choose the slot of the coming value (sets frame::pending).
  bool (*key)(typed_decoder&, frame&, std::string_view key, std::size_t offset);
  /// The slot of the next value.
  slot (*next)(typed_decoder&, frame&, std::size_t offset);
  /// Called when a value placed by next() is complete (nullptr: nothing to do). `pop` ends the
  /// frame as if its container had ended (wrapper frames), then its parent is told in turn.
  done_action (*done)(typed_decoder&, frame&);
  /// The container ends (before the frame is popped): final checks.
  bool (*end)(typed_decoder&, frame&);
  /// Appends the path segment of the current slot (`.name`, `[3]`, ...; nothing for wrappers).
  void (*segment)(const frame&, std::string& path);
  /// Releases what the frame owns (nullptr: nothing).
  void (*destroy)(frame&) noexcept;
  /// Object frames with named fields (nullptr otherwise): the index of the field named
  /// `key` (or -1), computed once per table column, ...
  std::size_t (*field_index)(std::string_view key) noexcept = nullptr;
  /// ... and a table row into the frame at depth `at` just opened for it: cell j goes to
  /// field fields[j] as key(names[j]) then the cell's primitive would send it.
  bool (*row)(typed_decoder&, std::size_t at, const std::size_t* fields, const std::string_view* names,
              const scalar* cells, std::size_t count, std::size_t offset) = nullptr;
  /// ... and the same row given as unclassified cell texts (text_sink::text_row).
  bool (*text_row)(typed_decoder&, std::size_t at, const std::size_t* fields, const std::string_view* names,
                   const text_cell* cells, std::size_t count, std::size_t offset) = nullptr;
  /// ... and a key with its unquoted primitive value into the frame at depth `at` (what key()
  /// then the value's text would do; nullptr: those two steps).
  bool (*key_text)(typed_decoder&, std::size_t at, std::string_view key, std::size_t key_offset,
                   std::string_view token, std::size_t offset) = nullptr;
  /// ... and text_row() when the table's columns are exactly the type's `field_count` fields
  /// in declaration order (decided once per table): cell j into field j, each through its
  /// field's parser called directly; on success every field was seen and the frame's end
  /// checks are done: the caller pops it without end() (nullptr: text_row() only).
  bool (*ordered_row)(typed_decoder&, std::size_t at, const text_cell* cells) = nullptr;
  /// The number of named fields (object frames with ordered_row).
  std::size_t field_count = 0;
  /// Sequence frames whose elements are objects with fields that all read their cells
  /// straight from a row's line (nullptr otherwise): whether a table's columns are exactly the
  /// element type's fields in declaration order, ...
  bool (*line_columns)(const std::string_view* names, std::size_t count) noexcept = nullptr;
  /// ... and a row of such a table as its line [begin, end): appends an element and fills it
  /// field by field straight from the line. False when some cell is not one its field's fast
  /// parser accepts, or the row's width differs: then nothing was changed (the element is
  /// removed again) and the row takes the cells path.
  bool (*line_row)(frame& f, const char* begin, const char* end, char delim) = nullptr;
  /// Object frames of types whose `key: value` lines can be read straight from the text
  /// (nullptr otherwise; `bits`: the frame's seen-field bits): the lines from `p` (the start of
  /// a line) on that are exactly `run.spaces` spaces, a field's name not seen yet, ": " and a
  /// value that field's direct parser takes, ending with a line feed before `run.end` and not
  /// longer than `run.max_line` bytes, or a struct field's `name:` line with every line of its
  /// object (all taken, else none); stops at the first other line, leaving it as it was.
  /// Returns where that line starts; `lines` gets the number of lines taken.
  const char* (*field_lines)(frame& f, std::uint64_t* bits, const char* p, const field_run& run,
                             std::size_t& lines) = nullptr;
  /// ... one such line given as its content without indentation [k, e): whether it was taken.
  bool (*field_line)(frame& f, std::uint64_t* bits, const char* k, const char* e) = nullptr;
  /// ... whether `key` names a field the object already has a value for.
  bool (*field_seen)(const std::uint64_t* bits, std::string_view key) noexcept = nullptr;
  /// Sequence frames (just opened, empty) whose elements are structs: the `count` items of a
  /// list array read straight from the text (text_sink::list_items): all of them appended and
  /// filled, returning where the line after them starts, or nullptr with the sequence empty.
  const char* (*list_items)(frame& f, const char* p, const field_run& run, std::size_t count,
                            std::size_t& lines) = nullptr;
};

/// One open container of the target.
struct frame {
  const frame_ops* ops = nullptr;
  void* target = nullptr;
  slot pending;              ///< slot chosen by the last key (keyed frames)
  void* extra = nullptr;     ///< frame-specific (an owned temporary, the current map entry, ...)
  std::size_t index = 0;     ///< elements begun, or the pending field's index
  std::size_t aux = 0;       ///< frame-specific (seen-field bits offset, error count, ...)
  std::size_t start = 0;     ///< byte offset of the opening event
  bool flag = false;         ///< the pending std::vector<bool> element
};

/// Type-erased typed decoder (see the file comment).
class typed_decoder final : public event_handler, public text_sink {
 public:
  /// `text` is the input (used only to locate errors; empty with `locate` false).
  typed_decoder(std::string_view text, const decode_options& options, bool locate) noexcept;
  ~typed_decoder() override;
  typed_decoder(const typed_decoder&) = delete;
  typed_decoder& operator=(const typed_decoder&) = delete;

  /// The root target.
  void set_root(void* target, const type_ops* ops) noexcept { root_ = {target, ops}; }
  /// Decodes the text given to the constructor into the root.
  result<void> run();
  /// Decodes a value tree into the root (errors have paths, no positions).
  result<void> run(const value& v);
  /// For events fed by a stream_decoder (the constructor's text empty, `locate` false): errors
  /// are located through `stream` (which must outlive the decoding).
  void locate_through(const stream_decoder* stream) noexcept { stream_ = stream; }
  /// The outcome of a decoding driven from outside (stream): `r` is what the stream returned;
  /// field errors recorded by this decoder come first, as run() returns them.
  result<void> complete(result<void> r) { return finish(std::move(r)); }

  // ---- event_handler ----------------------------------------------------------------------
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

  // ---- text_sink: unquoted primitives straight into their targets ---------------------------
  bool text_value(std::string_view token, std::size_t offset) override;
  bool text_row(const text_cell* cells, std::size_t count, std::size_t offset) override;
  bool key_text(std::string_view k, std::size_t key_offset, std::string_view token, std::size_t offset) override;
  bool takes_row_lines() override { return line_ops_ != nullptr; }
  bool row_line(std::string_view line, char delim) override {
    frame& f = frames_.back();
    return f.ops == line_ops_ && line_ops_->line_row(f, line.data(), line.data() + line.size(), delim);
  }
  bool takes_field_lines() override {
    return typed_field_lines && !options_.collect_all_errors && !forced_ && !frames_.empty() &&
           frames_.back().ops->field_lines != nullptr;
  }
  const char* field_lines(const char* p, const field_run& run, std::size_t& lines) override {
    frame& f = frames_.back();
    lines = 0;
    if (!f.ops->field_lines) return p;
    return f.ops->field_lines(f, bits_.data() + f.aux, p, run, lines);
  }
  bool field_line(const char* k, const char* e) override {
    frame& f = frames_.back();
    return f.ops->field_line && f.ops->field_line(f, bits_.data() + f.aux, k, e);
  }
  bool field_seen(std::string_view key) override {
    const frame& f = frames_.back();
    return f.ops->field_seen && f.ops->field_seen(bits_.data() + f.aux, key);
  }
  bool takes_list_items() override {
    return typed_field_lines && !options_.collect_all_errors && !forced_ && !frames_.empty() &&
           frames_.back().ops->list_items != nullptr;
  }
  const char* list_items(const char* p, const field_run& run, std::size_t count, std::size_t& lines) override {
    frame& f = frames_.back();
    lines = 0;
    return f.ops->list_items ? f.ops->list_items(f, p, run, count, lines) : nullptr;
  }
  /// An unquoted token into `s`: its type's direct parser, else the classified scalar.
  bool take_text(slot s, std::string_view token, std::size_t offset) {
    if (s.ops->text && s.ops->text(s.target, token)) return true;
    return take_classified(s, token, offset);
  }
  /// A row cell into `s`.
  bool take_cell(slot s, const text_cell& c) {
    return c.quoted ? take_string(s, c.text, c.offset) : take_text(s, c.text, c.offset);
  }
  /// An unquoted token into `s` through its classification (the scalar event's path).
  bool take_classified(slot s, std::string_view token, std::size_t offset);
  /// A string (a quoted token's content) into `s` (the string event's path).
  bool take_string(slot s, std::string_view text, std::size_t offset);

  // ---- for the generated operations ---------------------------------------------------------
  [[nodiscard]] const decode_options& options() const noexcept { return options_; }
  /// Opens a frame.
  void push(const frame& f) { frames_.push_back(f); }
  /// The innermost frame (precondition: one is open).
  [[nodiscard]] frame& top() noexcept { return frames_.back(); }
  /// The frame at depth `at` (0: outermost).
  [[nodiscard]] frame& frame_at(std::size_t at) noexcept { return frames_[at]; }
  /// After a value went into the frame at depth `at`: completes frames the value left open
  /// (wrappers). False stops decoding.
  bool value_complete(std::size_t at) { return frames_.size() == at + 1 || value_done(); }
  /// Closes the innermost frame (releasing what it owns).
  void pop() noexcept;
  /// Seen-field bits of the open object frames (a stack of 64-bit words).
  [[nodiscard]] std::vector<std::uint64_t>& bits() noexcept { return bits_; }
  /// Drops the seen-field bits from index `at` on (a closing object frame's and any above).
  void release_bits(std::size_t at) noexcept {
    if (at < bits_.size()) bits_.erase(bits_.begin() + static_cast<std::ptrdiff_t>(at), bits_.end());
  }
  /// How many elements to reserve for a declared length: hostile `[999999999]` headers are
  /// capped by the input (an element takes at least a few bytes of it), or by 4096.
  [[nodiscard]] std::size_t reserve_for(std::size_t declared) const noexcept {
    const std::size_t cap = reserve_limit(text_.size());
    return declared < cap ? declared : cap;
  }
  /// Errors reported so far.
  [[nodiscard]] std::size_t error_count() const noexcept { return errors_.size(); }

  /// Reports an error at the current slot's path. True when decoding goes on (collecting).
  bool report(error_code code, std::string message, std::size_t offset);
  /// Reports an error with an explicit path.
  bool report_at(error_code code, std::string message, std::size_t offset, std::string path);
  /// Repair mode with decode_options::leniency.enum_case: enumerator names in any case.
  [[nodiscard]] bool enum_case_repairs() const noexcept { return options_.repairs && options_.leniency.enum_case; }
  /// Repair mode with decode_options::leniency.numbers_in_strings.
  [[nodiscard]] bool number_repairs() const noexcept {
    return options_.repairs && options_.leniency.numbers_in_strings;
  }
  /// Records a repair at the current slot's path and `offset` (repair mode only).
  void record_repair(repair_kind kind, std::string message, std::size_t offset);
  /// A string event holding a TOON number (number_repairs()): `out` becomes that number's
  /// event and the repair is recorded. False when the string holds no number.
  bool number_in_string(const primitive_event& ev, primitive_event& out);
  /// Appends "; did you mean `<name>`?" when one of the `count` names (name_of(i), via a plain
  /// function and context) is close to `name`.
  static void append_suggestion(std::string& message, std::string_view name, std::size_t count,
                                std::string_view (*name_of)(const void* context, std::size_t i), const void* context);
  /// "expected <what>, found <found>" at the current slot.
  bool mismatch(void (*describe)(std::string&), std::string_view found, std::size_t offset);
  /// A container where `describe` was expected: reports, then (collecting) skips its content.
  bool reject_container(void (*describe)(std::string&), bool is_object, std::size_t offset);
  /// Swallows the content of a container just opened (the event was already taken).
  void skip_container(std::size_t offset);
  /// Turns the top frame into one that swallows the rest of its container (after an error).
  void skip_top() noexcept;

  /// Path of the first `frame_count` frames' current slots (the root is "").
  [[nodiscard]] std::string path_of(std::size_t frame_count) const;
  /// Path of the value the top frame is filling (every frame but the top's slot).
  [[nodiscard]] std::string frame_path() const { return path_of(frames_.empty() ? 0 : frames_.size() - 1); }
  /// Appends a key segment: `.key` for identifiers (`key` at the start of a path), else
  /// `["key"]` (JSON-escaped).
  static void append_key_segment(std::string& path, std::string_view key);
  /// Appends `[i]`.
  static void append_index_segment(std::string& path, std::size_t i);

  /// Sends `v` as events into `target` (variant objects whose tag was not the first key).
  /// Errors inside are located at `offset`.
  bool replay_into(const value& v, slot target, std::size_t offset);

  /// The operations of a slot that swallows one value.
  static const type_ops skip_ops;

 private:
  slot current_slot(std::size_t offset);
  bool primitive(const primitive_event& ev);
  bool value_done();
  bool end_container();
  result<void> finish(result<void> r);

  std::string_view text_;
  const decode_options& options_;
  bool locate_;
  const stream_decoder* stream_ = nullptr;
  bool aborted_ = false;
  bool forced_ = false;
  slot root_;
  slot forced_slot_;
  std::vector<frame> frames_;
  std::vector<std::uint64_t> bits_;
  std::vector<error> errors_;
  // Table rows: the columns of the current table, and their field indexes in the frame type
  // `columns_ops_` (computed at the table's first row; -1: the key() path).
  std::vector<std::string_view> columns_;
  std::vector<std::size_t> column_fields_;
  const frame_ops* columns_ops_ = nullptr;
  bool columns_in_order_ = false;  // column_fields_[j] == j for every column
  // The sequence frame's operations when the current table's rows go in as lines (row_line).
  const frame_ops* line_ops_ = nullptr;
  std::string scratch_;  // take_classified()
};

// ---- toon::value, toon::array, toon::object targets (any value) -------------------------------

/// toon::value target.
extern const type_ops dynamic_value_ops;
/// toon::array target.
extern const type_ops dynamic_array_ops;
/// toon::object target.
extern const type_ops dynamic_object_ops;

/// Appends `s` JSON-escaped (without quotes).
void append_json_escaped(std::string& out, std::string_view s);

/// Decodes the whole of `text` into `decoder` (its events and its text sink), with the parser
/// bound to it at compile time (src/parse/typed_parse.cpp).
result<void> decode_typed(std::string_view text, typed_decoder& decoder, const decode_options& options);

}  // namespace toon::detail
