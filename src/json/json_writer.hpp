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
#include <cstring>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "toon/events.hpp"
#include "../document/line_consumer.hpp"
#include "toon/detail/text_sink.hpp"
#include "toon/detail/writer.hpp"

namespace toon::detail {

struct header_field;

/// Appends `s` as a quoted JSON string (RFC 8259): `"` and `\` escaped, \b \f \n \r \t
/// short escapes, other control characters as \u00xx (lowercase hex), everything else
/// (including non-ASCII bytes) written raw - the same output as JSON.stringify.
void append_json_string(std::string& out, std::string_view s);

/// Writes `s` as append_json_string() does at `o`, which has room for 6 * s.size() + 2 bytes;
/// returns the end of what it wrote.
char* write_json_string(char* o, std::string_view s) noexcept;

/// Whether `s` holds no byte that JSON escapes (so `"s"` is its JSON string).
bool json_verbatim(std::string_view s) noexcept;

/// Room write_json_token() needs for `token`.
inline std::size_t json_token_room(std::string_view token) noexcept { return 6 * token.size() + 40; }

/// Writes at `o` (json_token_room(token) bytes of room) the JSON of the scalar that the
/// unquoted TOON token `token` classifies to (§4: a literal, a number, else a string); returns
/// the end of what it wrote. Literals and numbers already in the form the JSON writer gives
/// their value (e.g. `42`, `-3.25`) are copied; the others are parsed and formatted, so the
/// output equals that of the classified scalar's event.
char* write_json_token(char* o, std::string_view token);

/// Writes JSON tokens in document order, handling separators and indentation.
/// The caller supplies a well-formed sequence (key before every object member value).
///
/// The text goes through a pointer into `out`'s storage, which the emitter extends by resizing
/// `out` with headroom past the room asked for: as much as the text written since the last
/// sync(), at least 256 bytes and at most 64 KiB. resize() zero-fills the headroom, so the bytes
/// zero-filled stay within a small multiple of the text (a short value, e.g. one JSON-RPC
/// message, costs a few hundred, not 64 KiB). Until sync() (or the destructor), `out` may hold
/// unwritten bytes past the text. After sync(), `out` holds exactly the text, and its owner may
/// use it (write it out, clear it) before the next write.
class json_emitter {
 public:
  /// `indent` > 0 gives pretty output with that many spaces per level; <= 0 compact.
  json_emitter(std::string& out, int indent) noexcept
      : out_(out), indent_(indent > 0 ? static_cast<std::size_t>(indent) : 0) {}
  ~json_emitter() { sync(); }
  json_emitter(const json_emitter&) = delete;
  json_emitter& operator=(const json_emitter&) = delete;

  /// Trims `out` to the text written (see the class comment).
  void sync() {
    if (!cur_) return;
    out_.resize(static_cast<std::size_t>(cur_ - out_.data()));
    cur_ = end_ = nullptr;
  }
  /// Bytes of text in `out` (synced or not).
  [[nodiscard]] std::size_t size() const noexcept {
    return cur_ ? static_cast<std::size_t>(cur_ - out_.data()) : out_.size();
  }

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  /// Writes a member key (with the separator before it and the colon after it).
  void key(std::string_view k) {
    char* o = member(6 * k.size() + 4);
    o = write_json_string(o, k);
    cur_ = colon(o);
  }
  /// Writes a member key and its value, an unquoted TOON primitive token (key() then
  /// token_value(), in one reservation).
  void key_token(std::string_view k, std::string_view token) {
    char* o = member(6 * k.size() + 4 + json_token_room(token));
    o = colon(write_json_string(o, k));
    cur_ = write_json_token(o, token);
  }
  /// Writes a member key and a value given as its JSON text (copied as is).
  void key_json(std::string_view k, std::string_view json) {
    char* o = member(6 * k.size() + 4 + json.size());
    o = colon(write_json_string(o, k));
    std::memcpy(o, json.data(), json.size());
    cur_ = o + json.size();
  }
  /// Writes a member key already written as JSON (`"name"`, quotes and escapes included).
  void json_key(std::string_view quoted) {
    char* o = member(quoted.size() + 2);
    std::memcpy(o, quoted.data(), quoted.size());
    cur_ = colon(o + quoted.size());
  }

  void null_value() { put(value_room(4), "null", 4); }
  void bool_value(bool b) {
    if (b) put(value_room(4), "true", 4);
    else put(value_room(5), "false", 5);
  }
  void int_value(std::int64_t i);
  void uint_value(std::uint64_t u);
  void double_value(double d);
  /// An integer beyond 64 bits, written as its digits.
  void big_integer_value(std::string_view digits) { put(value_room(digits.size()), digits.data(), digits.size()); }
  void string_value(std::string_view s) { cur_ = write_json_string(value_room(6 * s.size() + 2), s); }
  /// An unquoted TOON primitive token, written as the JSON of the scalar it classifies to.
  void token_value(std::string_view token) { cur_ = write_json_token(value_room(json_token_room(token)), token); }

  /// Compact output only: room for `n` bytes at the end of the text, the separator due before
  /// a value written there (an array element's comma) already written. The caller writes at
  /// most `n` bytes and gives the end to commit().
  char* raw_value(std::size_t n) { return value_room(n); }
  /// Room for `n` more bytes at the end of the text.
  char* room(std::size_t n) {
    if (static_cast<std::size_t>(end_ - cur_) < n) [[unlikely]]
      grow(n);
    return cur_;
  }
  /// Ends the text at `end` (after writing through raw_value() or room()).
  void commit(char* end) noexcept { cur_ = end; }
  /// Whether the output is compact (no indentation).
  [[nodiscard]] bool compact() const noexcept { return indent_ == 0; }

  /// Where the text ends, and whether the innermost container has items yet.
  struct mark {
    std::size_t size;
    bool has_items;
  };
  [[nodiscard]] mark position() const noexcept { return {size(), !frames_.empty() && frames_.back().has_items}; }
  /// Drops what was written after `m`, in the same innermost container.
  void rewind(const mark& m) {
    if (cur_) cur_ = out_.data() + m.size;
    else out_.resize(m.size);
    if (!frames_.empty()) frames_.back().has_items = m.has_items;
  }

  /// Current nesting depth (open containers).
  [[nodiscard]] std::size_t depth() const noexcept { return frames_.size(); }
  /// True when the innermost open container is an object.
  [[nodiscard]] bool in_object() const noexcept { return !frames_.empty() && frames_.back().is_object; }

 private:
  struct frame {
    bool is_object;
    bool has_items;
  };

  void grow(std::size_t n);

  void put(char* o, const char* s, std::size_t n) noexcept {
    std::memcpy(o, s, n);
    cur_ = o + n;
  }
  // Room for a line break and indentation, then `n` bytes.
  std::size_t newline_room() const noexcept { return indent_ ? 1 + (frames_.size() + 1) * indent_ : 0; }
  char* newline(char* o) const noexcept {
    if (indent_ == 0) return o;
    *o++ = '\n';
    const std::size_t k = frames_.size() * indent_;
    std::memset(o, ' ', k);
    return o + k;
  }
  // The separator and line break before a member key; returns where the key goes (with room
  // for `n` bytes of key and colon).
  char* member(std::size_t n) {
    char* o = room(n + 2 + newline_room());
    frame& f = frames_.back();
    if (f.has_items) *o++ = ',';
    f.has_items = true;
    return newline(o);
  }
  char* colon(char* o) const noexcept {
    *o++ = ':';
    if (indent_ > 0) *o++ = ' ';
    return o;
  }
  // Room for a value of `n` bytes, after the separator and line break due before it: only
  // array elements need them here, an object member's value follows its key directly.
  char* value_room(std::size_t n) {
    char* o = room(n + 1 + newline_room());
    if (frames_.empty()) return o;
    frame& f = frames_.back();
    if (f.is_object) return o;
    if (f.has_items) *o++ = ',';
    f.has_items = true;
    return newline(o);
  }
  void open(char c) {
    char* o = value_room(1);
    *o++ = c;
    cur_ = o;
    frames_.push_back(frame{c == '{', false});
  }
  void close(char c) {
    bool had_items = frames_.back().has_items;
    frames_.pop_back();
    char* o = room(2 + newline_room());
    if (had_items) o = newline(o);
    *o++ = c;
    cur_ = o;
  }

  std::string& out_;
  std::size_t indent_;
  char* cur_ = nullptr;  // end of the text in out_'s storage (null: synced)
  char* end_ = nullptr;  // end of out_'s storage
  std::size_t start_ = 0;  // size of out_ at the first grow() after the last sync()
  std::vector<frame> frames_;
};

class document_builder;

/// An event_handler that writes JSON text as the decoder's events arrive. It also takes the
/// parser's text path (detail/text_sink.hpp): unquoted primitives and table rows as text,
/// written without classifying literals and canonical numbers, rows with their column keys
/// written as JSON once per table.
class json_event_writer final : public event_handler, public text_sink, public line_consumer {
 public:
  json_event_writer(std::string& out, int indent) : emitter_(out, indent) { receive_rows(); }

  /// Takes the lines `reader` reads (its input viewing the text the parser reads) from the next
  /// object or list on, writing the nodes it reads (text_sink::field_lines, list_items).
  void read_lines_with(document_builder* reader) { reader_ = reader; }

  bool start_object(std::size_t /*size_hint*/, std::size_t offset) override {
    if (!value_allowed(offset)) return false;
    emitter_.begin_object();
    if (reader_) key_frames_.push_back({key_ends_.size(), 0});
    return true;
  }
  bool end_object() override {
    if (!emitter_.in_object() || awaiting_value_) [[unlikely]]
      return sequence_error("unbalanced end of object in event stream", 0);
    emitter_.end_object();
    if (reader_ && !key_frames_.empty()) {
      key_ends_.resize(key_frames_.back().begin);
      key_bytes_.resize(key_ends_.empty() ? 0 : key_ends_.back());
      key_frames_.pop_back();
    }
    return true;
  }
  bool start_array(std::size_t size, std::size_t offset) override;
  bool end_array() override;
  bool key(std::string_view k, std::size_t offset) override {
    if (!emitter_.in_object() || awaiting_value_) [[unlikely]]
      return sequence_error("key outside an object in event stream", offset);
    emitter_.key(k);
    awaiting_value_ = true;
    if (reader_) record_key(k);
    return true;
  }
  bool null_value(std::size_t offset) override;
  bool bool_value(bool b, std::size_t offset) override;
  bool int_value(std::int64_t i, std::size_t offset) override;
  bool uint_value(std::uint64_t u, std::size_t offset) override;
  bool double_value(double d, std::size_t offset) override;
  bool big_integer_value(std::string_view digits, std::size_t offset) override;
  bool string_value(std::string_view s, std::size_t offset) override {
    if (!value_allowed(offset)) return false;
    emitter_.string_value(s);
    return true;
  }
  bool begin_table(const std::string_view* names, std::size_t count, std::size_t offset) override;
  bool table_row(const scalar* cells, std::size_t count, std::size_t offset) override;
  /// key() and text_value() at once (the parser's `key: value` lines, when it is bound to
  /// this class at compile time).
  bool key_text_value(std::string_view k, std::string_view token, std::size_t offset) {
    if (!emitter_.in_object() || awaiting_value_) [[unlikely]]
      return sequence_error("key outside an object in event stream", offset);
    emitter_.key_token(k, token);
    if (reader_) record_key(k);
    return true;
  }
  /// key() and string_value() at once for a quoted TOON token `"..."` whose content needs no
  /// escaping in JSON (then the token is its JSON string); false, with nothing done, when the
  /// content has a quote, a backslash or a control character.
  bool key_quoted_value(std::string_view k, std::string_view quoted, std::size_t offset, bool& done) {
    done = false;
    if (!json_verbatim(quoted.substr(1, quoted.size() - 2))) return true;
    if (!emitter_.in_object() || awaiting_value_) [[unlikely]]
      return sequence_error("key outside an object in event stream", offset);
    emitter_.key_json(k, quoted);
    done = true;
    if (reader_) record_key(k);
    return true;
  }
  bool text_value(std::string_view token, std::size_t offset) override {
    if (!value_allowed(offset)) return false;
    emitter_.token_value(token);
    return true;
  }
  bool text_row(const text_cell* cells, std::size_t count, std::size_t offset) override;
  /// begin_table() for a header whose field list has nested groups (`a,b{c,d}`: pre-order,
  /// as header::fields), when the parser is bound to this class at compile time: the rows then
  /// come as text_row() calls with one cell per leaf field, written as their nested objects
  /// (`{"a":1,"b":{"c":2,"d":3}}`). Compact output only: false (nothing changed) otherwise, and
  /// the rows come as events.
  bool begin_nested_table(const header_field* fields, std::size_t count);
  /// The text path's `key: value` line (when the parser reaches this class through
  /// event_handler): as key_text_value().
  bool key_text(std::string_view k, std::size_t key_offset, std::string_view token, std::size_t) override {
    return key_text_value(k, token, key_offset);
  }
  // The reader's lines (read_lines_with()).
  bool takes_field_lines() override { return reader_ != nullptr; }
  const char* field_lines(const char* p, const field_run& run, std::size_t& lines) override;
  bool field_line(const char* k, const char* e) override;
  bool field_seen(std::string_view k) override;
  bool takes_list_items() override { return reader_ != nullptr; }
  const char* list_items(const char* p, const field_run& run, std::size_t count, std::size_t& lines) override;
  /// line_consumer: a member or item the reader took, written.
  void take(const node_member& m, bool member) override;

  /// Trims `out` to the text written (json_emitter::sync()); done by the destructor too.
  void sync() { emitter_.sync(); }
  /// Bytes of JSON text written so far.
  [[nodiscard]] std::size_t size() const noexcept { return emitter_.size(); }

  /// True once exactly one complete root value has been written.
  [[nodiscard]] bool complete() const noexcept { return roots_ == 1 && emitter_.depth() == 0; }

 private:
  // Sequence checks: cheap guards so a faulty event stream fails instead of writing
  // malformed JSON.
  bool value_allowed(std::size_t offset) {
    if (emitter_.depth() == 0) [[unlikely]]
      return root_value(offset);
    if (emitter_.in_object()) {
      if (!awaiting_value_) [[unlikely]]
        return sequence_error("object value without a key", offset);
      awaiting_value_ = false;
    }
    return true;
  }
  // The root value (a second one is an error).
  bool root_value(std::size_t offset);
  // Fails with error_code::unexpected_line and `message`.
  bool sequence_error(const char* message, std::size_t offset);

  // Opens a row's object (a value like any other); false when the sequence forbids it.
  bool begin_row(std::size_t count, std::size_t offset);

  json_emitter emitter_;
  // The current table's columns: the keys as JSON (`"name"`) one after the other, where each
  // starts, and (compact output) each key's text with its separator, `{"a":` then `,"b":`.
  std::string column_keys_;
  std::vector<std::size_t> column_at_;
  std::string column_prefixes_;
  std::vector<std::size_t> prefix_at_;
  // The texts text_row() writes in compact output: those of the flat table above, or of the
  // nested table's layout.
  const std::string* prefixes_ = &column_prefixes_;
  const std::vector<std::size_t>* prefix_offsets_ = &prefix_at_;
  std::string_view row_end_ = "}";  // what closes a row's object (and its groups')
  bool nested_ = false;  // the table's columns are leaves of nested groups (compact only)
  // The last nested tables' field lists (each field's name size, subtree end and kind, the
  // names one after the other) and their texts.
  struct nested_field {
    std::size_t size;
    std::uint32_t subtree_end;
    bool is_group;
  };
  struct nested_layout {
    std::vector<nested_field> fields;
    std::string names;
    std::string prefixes;        // the row's text before its last leaf's cell
    std::vector<std::size_t> at;  // where each leaf's text in prefixes starts, and its end
    std::string end;             // the row's text after its last cell
  };
  bool use_layout(const nested_layout& l);
  std::array<nested_layout, 4> layouts_;
  std::size_t next_layout_ = 0;
  bool awaiting_value_ = false;  // innermost object: a key was written, its value not begun
  std::size_t roots_ = 0;

  // With a reader: the keys of each open object (the first 32), which the lines it reads must
  // not repeat; copies, one after the other in key_bytes_, each one's end in key_ends_.
  struct key_frame {
    std::size_t begin;  // the object's first key in key_ends_
    std::size_t count;  // its keys so far (those past 32 not kept)
  };
  void record_key(std::string_view k) {
    if (key_frames_.empty()) return;
    key_frame& f = key_frames_.back();
    if (f.count++ >= 32) return;
    key_bytes_.append(k);
    key_ends_.push_back(key_bytes_.size());
  }
  // The innermost object's first keys (32 at most) as views into key_bytes_ (keys_seen_); how
  // many (32: the object holds 32 or more, and the reader reads none of its lines).
  std::size_t current_keys();
  document_builder* reader_ = nullptr;
  std::vector<std::string_view> taken_keys_;  // a read's keys (views of the text), recorded after it
  std::vector<key_frame> key_frames_;
  std::string key_bytes_;
  std::vector<std::size_t> key_ends_;
  std::string_view keys_seen_[32];
};

/// decode_events() into the JSON writer (unquoted primitives and rows through its text path),
/// the parser bound to it at compile time.
result<void> decode_to_json(std::string_view text, json_event_writer& writer, const decode_options& options);

}  // namespace toon::detail
