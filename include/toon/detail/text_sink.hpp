// toon/detail/text_sink.hpp - the fast path of the typed decoder and the document builder
// into the parser (detail: not a stable API).
//
// A handler that knows the C++ type of each value it fills (the typed decoder) can take
// unquoted primitives as their text and parse them straight into the target type (an
// `int64_t` field reads digits, a `std::string` field copies the token) instead of receiving
// them classified generically as scalar events. The parser hands such a handler, next to its
// event_handler interface:
//   - a `key: value` line whose value is an unquoted primitive token as one key_text() call;
//   - every other unquoted primitive token (a list item, an inline array's cell, the root
//     primitive) through text_value();
//   - the rows of tables with plain fields, split and trimmed, quoted cells unescaped, the
//     others not classified, through text_row(); or, when the sink asks for them
//     (takes_row_lines) and the parser is bound to it at compile time (a final class),
//     first offered whole as their line through row_line();
//   - likewise (takes_field_lines), the `key: value` lines of an object that the sink reads
//     straight from the text (field_lines(), field_line()).
// Quoted primitives outside rows, rows with a malformed cell and rows of the wrong width still
// arrive as events, so the handler's errors are those of the event path. A sink class that
// declares `static constexpr bool lines_only = true` (the document builder) gets no primitive
// as text: only the lines it reads itself (field_lines(), field_line(), field_seen()); its
// text_value(), key_text() and text_row() are never called.
#pragma once

#include <cstddef>
#include <string_view>

#include "toon/detail/force_inline.hpp"
#include "toon/detail/fast_token.hpp"
#include "toon/error.hpp"
#include "toon/events.hpp"
#include "toon/options.hpp"

namespace toon::detail {

/// One cell of a row given as text: an unquoted token as written (trimmed), or the unescaped
/// content of a quoted one (`quoted`: it is a string whatever it holds).
struct text_cell {
  std::string_view text;
  std::size_t offset = 0;  ///< byte offset of the cell in the input
  bool quoted = false;
};

/// The most object levels a sink may open in one field_lines() or list_items() call
/// (field_run::room is capped there). Sinks read nested objects' lines by recursion, one call
/// per level; the cap bounds their stack whatever decode_options::max_depth is. Deeper
/// objects are declined and read by the parser, which keeps its scopes on the heap.
inline constexpr std::size_t max_field_run_room = 32;

/// Where the `key: value` lines offered to a sink may be read (text_sink::field_lines()).
struct field_run {
  const char* end = nullptr;  ///< the readable text ends here (only complete lines are taken)
  std::size_t spaces = 0;     ///< the object's indentation
  std::size_t indent = 0;     ///< spaces per level (a nested `key:` object's lines: spaces + indent); 0: not known yet
  std::size_t max_line = 0;   ///< the longest line allowed, in bytes
  std::size_t room = 0;       ///< object levels that may still be opened under the depth limit
  bool eof = false;           ///< `end` is the document's end: its last line may end there without a line feed
};

/// The end of the line from p in `run`: its line feed, or `run.end` when the document ends
/// there without one (run.eof); nullptr when the line is not complete.
TOON_DETAIL_FORCE_INLINE inline const char* run_line_end(const char* p, const field_run& run) noexcept {
  const char* nl = fast::line_feed(p, run.end);
  return nl || !run.eof ? nl : run.end;
}
/// Where the line after the one ending at `nl` (run_line_end()) starts: `run.end` after the
/// document's last line.
TOON_DETAIL_FORCE_INLINE inline const char* run_next_line(const char* nl, const field_run& run) noexcept {
  return nl == run.end ? nl : nl + 1;
}
/// The lines of `run` from p (the start of a line), each offered to `take(line, key, end,
/// after, next)` while it is complete (or the document's last line, run.eof), starts with
/// exactly `run.spaces` spaces and then something, and is at most `run.max_line` bytes long:
/// [line, end) is the line, `key` where its content starts, `after` where the next line
/// starts; `take` returns true with `next` set to where to go on (after the lines it took), or
/// false to stop. Returns where the first line not taken starts.
template <class Take>
TOON_DETAIL_FORCE_INLINE inline const char* run_lines(const char* p, const field_run& run, Take&& take) {
  while (fast::indented(p, run.end, run.spaces)) {
    const char* k = p + run.spaces;
    const char* nl = run_line_end(k, run);
    if (nl == nullptr) break;
    const char* after = run_next_line(nl, run);
    if (nl == k || static_cast<std::size_t>(nl - p) > run.max_line) break;
    if (!take(p, k, nl, after, p)) break;
  }
  return p;
}
/// Whether the line at q ends an object whose lines are at `run.spaces + run.indent` before
/// anything in it is read: complete, within the line size limit, not blank nor a comment,
/// its indentation a whole number of levels up to `run.spaces` (without tabs); or the
/// document's end (run.eof), with nothing or only empty lines left.
inline bool run_block_end(const char* q, const field_run& run) noexcept {
  const char* s = q;
  while (s < run.end && *s == ' ') ++s;
  if (s >= run.end || *s == '\n') {  // the end of the text, or a blank line
    if (!run.eof || s != q) return false;
    while (s < run.end && *s == '\n') ++s;
    return s == run.end;
  }
  const std::size_t lead = static_cast<std::size_t>(s - q);
  if (lead > run.spaces || lead % run.indent != 0) return false;
  if (*s == '\r' || *s == '\t' || *s == '#') return false;  // blank, tab, comment (§5.1)
  const char* nl = run_line_end(s, run);
  return nl != nullptr && static_cast<std::size_t>(nl - q) <= run.max_line;
}

/// Receives unquoted primitives as text (see the file comment).
class text_sink {
 public:
  /// An unquoted primitive token (never empty-quoted, never starting with '"'); `offset` is
  /// its byte offset. Same meaning as the scalar event the token classifies to.
  virtual bool text_value(std::string_view token, std::size_t offset) = 0;
  /// A key (at `key_offset`) and its unquoted primitive value: what key() then text_value()
  /// would do, in one call.
  virtual bool key_text(std::string_view key, std::size_t key_offset, std::string_view token, std::size_t offset) = 0;
  /// A table row (after begin_table): `count` cells in column order; `offset` is the row's.
  /// Same meaning as the table_row() event its cells classify to.
  virtual bool text_row(const text_cell* cells, std::size_t count, std::size_t offset) = 0;
  /// Whether the rows of the table just begun (asked once, after begin_table) may be offered
  /// whole through row_line().
  virtual bool takes_row_lines() { return false; }
  /// A row of that table as its line (after the indentation; `delim` the table's delimiter),
  /// offered before the row is split. True: the sink took the row whole, with the values its
  /// cells would give through text_row(). False: the sink declined and changed nothing (the
  /// parser then splits the row as usual, so errors are those of the cells path).
  virtual bool row_line(std::string_view, char) { return false; }
  /// Whether the `key: value` lines of the object just begun (asked once, after start_object)
  /// may be offered through field_lines() and field_line().
  virtual bool takes_field_lines() { return false; }
  /// Lines of that object from `p` (the start of a line) up to `run.end`, each of the object's
  /// fields (`run.spaces` spaces of indentation) and at most `run.max_line` bytes long: the
  /// sink takes the lines it reads as the key_text() calls of their key and value would, in
  /// order, and stops at the first other line (one it does not read, or with other
  /// indentation). A `key:` line of a nested object is taken with all the lines of that object
  /// (as the events of its scope would give them), or not at all. Returns where the first line
  /// not taken starts; `lines` gets the number of lines taken.
  virtual const char* field_lines(const char* p, const field_run&, std::size_t& lines) {
    lines = 0;
    return p;
  }
  /// One line of that object given as its content without indentation [key, end): true when
  /// the sink took it (as above), false when it declined and changed nothing.
  virtual bool field_line(const char*, const char*) { return false; }
  /// Whether `key` names a field of that object which already has a value (lines taken by the
  /// sink are not among the keys the parser saw: its duplicate check asks here too).
  virtual bool field_seen(std::string_view) { return false; }
  /// Whether the items of the list array just begun (asked once, after start_array) may be
  /// offered through list_items().
  virtual bool takes_list_items() { return false; }
  /// The `count` items of that list from `p` (the start of the line after its header) up to
  /// `run.end`: `- ` lines at `run.spaces` spaces, each with its object's lines one level deeper.
  /// The sink takes all of them, as the events of the items would give them, when the line after
  /// them ends the list (no deeper than its header), and returns where that line starts
  /// (`lines`: the number of lines taken); or none (nullptr: the array is as start_array() left
  /// it, and the parser reads the items).
  virtual const char* list_items(const char*, const field_run&, std::size_t, std::size_t& lines) {
    lines = 0;
    return nullptr;
  }

 protected:
  ~text_sink() = default;
};

/// decode_events() with a text sink (`sink` may be null: plain decode_events()).
result<void> decode_events_to(std::string_view text, event_handler& handler, text_sink* sink,
                              const decode_options& options);

}  // namespace toon::detail
