// toon/detail/writer.hpp - the low-level TOON writer (detail: not a stable API).
//
// One writer serves every encoder: the toon::value encoder (encoder.cpp) and typed encoders
// that drive it with plain C++ values. It knows nothing of toon::value. It appends to a
// caller-owned std::string and formats tokens per the spec:
//   - keys and field names, quoted only when §7.3 requires it;
//   - string values, quoted per §7.2 against the delimiter of their context (§11.1), escaped
//     per §7.1;
//   - numbers in canonical form (§2), booleans and null;
//   - array headers `key[N<delim?>]`, keyed headers `key[N:<delim?>]`, field lists
//     `{a,b{c,d}}` (§6);
//   - lines: LF-separated, indented with spaces, no trailing newline (§12).
//
// Hot path: the token functions never allocate (beyond growing the output buffer): the
// quoting decision and the escaping of a string are made in one scan that appends straight
// into the buffer, and numbers are formatted with std::to_chars into a stack buffer.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "toon/detail/force_inline.hpp"
#include "toon/options.hpp"

/// An inline function forced inline in optimized builds (toon/detail/force_inline.hpp).
#define TOON_DETAIL_ALWAYS_INLINE TOON_DETAIL_FORCE_INLINE inline

namespace toon::detail {

/// One entry of a tabular field list (§9.3), as part of a tree stored flat in pre-order:
/// an entry is followed by its `child_count` direct children, each followed by its own
/// subtree. `child_count == 0` marks a leaf field (a row cell); otherwise the entry is a
/// nested field group `name{...}`. Example: `{id,customer{name,country},total}` is
/// {id,0} {customer,2} {name,0} {country,0} {total,0}.
struct field_node {
  std::string_view name;
  std::uint32_t child_count = 0;
};

/// A whole field list: the complete pre-order sequence of one header's field entries (never a
/// slice of it; top-level entries are found by skipping each entry's subtree).
using field_list_view = std::span<const field_node>;

/// Number of leaf fields (row cells) of a flat field list.
[[nodiscard]] std::size_t leaf_count(field_list_view fields) noexcept;

/// Index just past the subtree that starts at `index` (the entry and all its descendants).
[[nodiscard]] std::size_t subtree_end(field_list_view fields, std::size_t index) noexcept;

// ---- Stateless token functions (append to `out`) -----------------------------------------

/// True when `key` must be quoted as a key or field name (§7.3: not `^[A-Za-z_][A-Za-z0-9_.]*$`).
[[nodiscard]] bool key_needs_quotes(std::string_view key) noexcept;

/// True when the string value `s` must be quoted in a context whose relevant delimiter is
/// `d` (§7.2; the document delimiter for `key: value`, the active one for array values,
/// tabular cells and entry-row cells, §11.1).
[[nodiscard]] bool string_needs_quotes(std::string_view s, delimiter d) noexcept;

/// Appends a key or field name, quoted and escaped only when §7.3 requires it.
void append_key(std::string& out, std::string_view key);

/// Appends a string value, quoted and escaped only when §7.2 requires it in the context of
/// delimiter `d`.
void append_string(std::string& out, std::string_view s, delimiter d);

/// Appends `"s"` with §7.1 escaping, whether or not quoting is required.
void append_quoted(std::string& out, std::string_view s);

/// Appends the §7.1 escaped form of `s` without the surrounding quotes.
void append_escaped(std::string& out, std::string_view s);

/// Canonical numbers (§2). Doubles: shortest round-trip digits, plain decimal for
/// 1e-6 <= |n| < 1e21, else exponent form `1e-7`, `1.5e+21`; -0 gives 0; NaN/Inf give null.
void append_int(std::string& out, std::int64_t i);
void append_uint(std::string& out, std::uint64_t u);
void append_double(std::string& out, double d);
/// An integer outside the 64-bit range, as its decimal digits (emitted as is).
void append_big_integer(std::string& out, std::string_view digits);
void append_bool(std::string& out, bool b);
void append_null(std::string& out);

/// Longest text append_double() produces (e.g. "-1.2345678901234567e-308" is 24 bytes).
inline constexpr std::size_t max_double_chars = 32;
/// Formats `d` like append_double() into `buf` (at least max_double_chars bytes); returns
/// the number of bytes written.
std::size_t format_double(char* buf, double d) noexcept;

/// Appends a bracket segment: `[N]`, `[N|]`, `[N<TAB>]`, or keyed `[N:]`, `[N:|]`, ... (§6).
void append_bracket(std::string& out, std::size_t length, delimiter d, bool keyed = false);

/// Appends a fields segment `{f1<d>f2{g1<d>g2}...}` for a flat pre-order field list (§6, §9.3).
void append_fields(std::string& out, field_list_view fields, delimiter d);

// ---- The writer -----------------------------------------------------------------------------

/// Text whose storage stays readable for 32 bytes from its start and up to the next whole
/// 16-byte block past its end, so that it can be copied in fixed-size blocks: the compile-time
/// key texts of the typed encoder (toon/typed/encode_keys.hpp).
struct padded_text {
  const char* data;
  std::size_t size;
};

/// A run of spaces the indentation is copied from.
inline constexpr char indent_spaces[33] = "                                ";

/// Line-oriented writer of one TOON document appended to a caller's buffer. It separates
/// lines with LF (the first line of the document gets none, so the document never starts or
/// ends with a newline, whatever `out` already held) and indents with `indent_size` spaces
/// per depth level.
///
/// Output goes through a raw cursor into `out`: the string is grown (resized) ahead of the
/// cursor in steps of 16 KiB - within its capacity while it lasts, so that a buffer reserved
/// for the whole document (plus a little slack) is never reallocated - and each token costs one
/// bounds check and plain stores instead of std::string bookkeeping per append. Line starts
/// copy indentation and key text in fixed-size blocks. While the writer is alive `out` may hold
/// unwritten bytes past the cursor: it holds exactly the document once the writer is
/// destroyed or buffer() is called.
class writer {
 public:
  /// `indent_size` below 0 is treated as 0. `document_delimiter` must be a valid delimiter.
  writer(std::string& out, int indent_size, delimiter document_delimiter) noexcept;
  writer(std::string& out, const encode_options& options) noexcept
      : writer(out, options.indent_size, options.delimiter) {}
  ~writer() { sync(); }

  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;

  /// The output so far (trimmed to the written length).
  [[nodiscard]] std::string& buffer() noexcept {
    sync();
    return out_;
  }
  [[nodiscard]] delimiter document_delimiter() const noexcept { return delim_; }
  [[nodiscard]] std::size_t indent_size() const noexcept { return indent_; }
  /// True once a line has been started.
  [[nodiscard]] bool has_lines() const noexcept { return started_; }

  /// A position in the output, for rewind(): lets an encoder write speculatively.
  struct mark_type {
    std::size_t offset;
    bool started;
  };
  [[nodiscard]] mark_type mark() const noexcept {
    return {static_cast<std::size_t>(cur_ - out_.data()), started_};
  }
  /// Drops everything written since `m`.
  void rewind(mark_type m) noexcept {
    cur_ = out_.data() + m.offset;
    started_ = m.started;
  }

  /// Receives the text written so far (see set_flush()).
  using flush_function = void (*)(void* context, std::string& out);
  /// Makes checkpoint() hand `out` to `fn(context, out)` once it holds at least `threshold`
  /// bytes; `fn` may write out and erase any part of it (typically all of it). Lets an encoder
  /// write a large document in pieces, with a bounded buffer.
  void set_flush(flush_function fn, void* context, std::size_t threshold) noexcept {
    flush_fn_ = fn;
    flush_context_ = context;
    flush_threshold_ = threshold;
  }
  /// Called by an encoder where the text written so far is final (no rewind() reaches back
  /// past this point): flushes it when set_flush() asks for it.
  void checkpoint() {
    if (flush_fn_ != nullptr && static_cast<std::size_t>(cur_ - out_.data()) >= flush_threshold_) [[unlikely]]
      flush();
  }

  // Lines.
  /// Starts a line at `depth`: LF (except before the document's first line), then indentation.
  TOON_DETAIL_ALWAYS_INLINE void begin_line(std::size_t depth) {
    const std::size_t n = depth * indent_;
    if (room() < n + line_slack) [[unlikely]] {
      exact_begin_line(n);
      return;
    }
    cur_ = put_indent(put_newline(cur_), n);
  }
  /// Starts a line at `depth` and writes `text` on it (e.g. a precomputed `key: `): one bounds
  /// check and a few fixed-size copies.
  TOON_DETAIL_ALWAYS_INLINE void begin_line(std::size_t depth, padded_text text) {
    const std::size_t n = depth * indent_;
    if (room() < n + text.size + line_slack) [[unlikely]] {
      exact_begin_line(n);
      raw(std::string_view(text.data, text.size));
      return;
    }
    char* p = put_indent(put_newline(cur_), n);
    if (text.size <= 32) {
      std::memcpy(p, text.data, 32);  // one fixed-size copy, whatever the key
    } else {
      for (std::size_t i = 0; i < text.size; i += 16) std::memcpy(p + i, text.data + i, 16);
    }
    cur_ = p + text.size;
  }
  /// Starts a list-item line at `depth`: begin_line(depth) then "- ".
  void begin_list_item(std::size_t depth) {
    begin_line(depth);
    put2('-', ' ');
  }
  /// Writes a bare "-" line at `depth` (the empty-object list item, §10).
  void empty_list_item(std::size_t depth) {
    begin_line(depth);
    put1('-');
  }

  // Tokens on the current line.
  void raw(std::string_view text) {
    char* p = reserve(text.size());
    std::memcpy(p, text.data(), text.size());
    cur_ = p + text.size();
  }
  void raw(char c) { put1(c); }
  void key(std::string_view k);
  /// A non-empty key the caller knows needs no quotes (§7.3: `^[A-Za-z_][A-Za-z0-9_.]*$`),
  /// copied as is.
  TOON_DETAIL_ALWAYS_INLINE void bare_key(std::string_view k) { short_raw(k); }
  /// begin_line(depth), then a non-empty key the caller knows needs no quotes and ": ", with
  /// one bounds check: the start of a `key: value` line.
  TOON_DETAIL_ALWAYS_INLINE void bare_key_line(std::size_t depth, std::string_view k) {
    const std::size_t n = depth * indent_;
    if (room() < n + k.size() + 2 + line_slack) [[unlikely]] {
      begin_line(depth);
      bare_key(k);
      colon_space();
      return;
    }
    char* p = put_indent(put_newline(cur_), n);
    put_short(p, k.data(), k.size());
    p[k.size()] = ':';
    p[k.size() + 1] = ' ';
    cur_ = p + k.size() + 2;
  }
  /// Non-empty text copied as is, like raw(), inline (for short text: a key, a number).
  TOON_DETAIL_ALWAYS_INLINE void short_raw(std::string_view text) {
    const std::size_t n = text.size();
    char* p = reserve(n);
    put_short(p, text.data(), n);
    cur_ = p + n;
  }
  /// Copies `n` > 0 bytes from `s` to `p` (room checked by the caller): overlapping
  /// fixed-size copies instead of a call to memcpy (keys and numbers are short).
  TOON_DETAIL_ALWAYS_INLINE static void put_short(char* p, const char* s, std::size_t n) noexcept {
    if (n >= 8) {
      if (n > 16) {
        std::memcpy(p, s, n);
      } else {
        std::memcpy(p, s, 8);
        std::memcpy(p + n - 8, s + n - 8, 8);
      }
    } else if (n >= 4) {
      std::memcpy(p, s, 4);
      std::memcpy(p + n - 4, s + n - 4, 4);
    } else {
      p[0] = s[0];
      p[n / 2] = s[n / 2];
      p[n - 1] = s[n - 1];
    }
  }
  /// A string value quoted against delimiter `d` (§7.2, §11.1).
  void string(std::string_view s, delimiter d);
  /// A string value of a `key: value` field or a root primitive (document delimiter).
  void string(std::string_view s) { string(s, delim_); }
  void quoted(std::string_view s);
  TOON_DETAIL_ALWAYS_INLINE void number(std::int64_t i) {
    char* p = reserve(20);  // "-9223372036854775808"
    cur_ = std::to_chars(p, p + 20, i).ptr;
  }
  TOON_DETAIL_ALWAYS_INLINE void number(std::uint64_t u) {
    char* p = reserve(20);  // "18446744073709551615"
    cur_ = std::to_chars(p, p + 20, u).ptr;
  }
  TOON_DETAIL_ALWAYS_INLINE void number(double d) {
    if (room() >= max_double_chars) [[likely]] cur_ += format_double(cur_, d);
    else number_near_end(d);
  }
  void big_integer(std::string_view digits) { raw(digits); }
  void boolean(bool b) {
    char* p = reserve(8);
    std::memcpy(p, b ? "true\0\0\0\0" : "false\0\0\0", 8);  // one 8-byte store
    cur_ = p + (b ? 4 : 5);
  }
  void null() { raw(std::string_view("null", 4)); }
  /// The delimiter between two inline values, row cells or field names.
  void delimiter_char(delimiter d) { put1(static_cast<char>(d)); }
  /// ": " between a key and its primitive value (or an entry key and its cells, or an
  /// inline array header and its values).
  void colon_space() { put2(':', ' '); }
  /// ":" ending a header or an object key whose content follows on deeper lines.
  void colon() { put1(':'); }
  /// " " after an inline array header's colon, before its values.
  void space() { put1(' '); }

  // Headers.
  void bracket(std::size_t length, delimiter d, bool keyed = false);
  void fields(field_list_view f, delimiter d);
  /// Writes a whole header on the current line: `[key][N<d>]{fields}:` (fields omitted when
  /// empty; `[N:<d>]` when keyed, which requires fields). No space after the colon.
  void header(std::string_view key, std::size_t length, delimiter d, field_list_view f = {},
              bool keyed = false);
  /// Same without a key (root headers and `- [M]:` list items).
  void keyless_header(std::size_t length, delimiter d, field_list_view f = {}, bool keyed = false);

  // Whole-line conveniences.
  /// `key: []` (empty array in field position, §9.1).
  void empty_array_field(std::size_t depth, std::string_view k);
  /// `key:` (empty or nested object, §8).
  void object_field(std::size_t depth, std::string_view k);

 private:
  /// Spare bytes a line start needs beyond its content: the fixed-size copies of
  /// indentation and of a padded text (32 bytes each) may overshoot.
  static constexpr std::size_t line_slack = 1 + 32 + 32;

  [[nodiscard]] std::size_t room() const noexcept { return static_cast<std::size_t>(end_ - cur_); }
  /// Writes the LF separating lines (none before the first line); returns the cursor past it.
  TOON_DETAIL_ALWAYS_INLINE char* put_newline(char* p) noexcept {
    *p = '\n';
    p += started_ ? 1 : 0;
    started_ = true;
    return p;
  }
  /// Writes `n` spaces at `p` (up to 32 as one fixed-size copy); returns the end.
  TOON_DETAIL_ALWAYS_INLINE static char* put_indent(char* p, std::size_t n) noexcept {
    if (n <= 32) std::memcpy(p, indent_spaces, 32);
    else std::memset(p, ' ', n);
    return p + n;
  }
  /// begin_line() with exact reservations (near the end of the buffer's capacity).
  void exact_begin_line(std::size_t n);
  /// number(double) with an exact reservation (near the end of the buffer's capacity).
  void number_near_end(double d);
  /// At least `n` writable bytes at the cursor; returns the cursor.
  char* reserve(std::size_t n) {
    if (static_cast<std::size_t>(end_ - cur_) < n) [[unlikely]]
      grow(n);
    return cur_;
  }
  void grow(std::size_t n);
  void flush();
  /// Trims `out_` to the written length.
  void sync() noexcept;
  void put1(char c) {
    char* p = reserve(1);
    *p = c;
    cur_ = p + 1;
  }
  void put2(char a, char b) {
    char* p = reserve(2);
    p[0] = a;
    p[1] = b;
    cur_ = p + 2;
  }
  std::size_t append_field_entries(field_list_view fields, std::size_t index, std::size_t count, delimiter d);

  std::string& out_;
  char* cur_;  ///< next byte to write, inside out_
  char* end_;  ///< end of the writable (resized) part of out_
  std::size_t indent_;
  delimiter delim_;
  bool started_ = false;
  flush_function flush_fn_ = nullptr;
  void* flush_context_ = nullptr;
  std::size_t flush_threshold_ = 0;
};

}  // namespace toon::detail
