// toon/stream.hpp - incremental (push) decoding: TOON bytes fed in chunks of any size, events
// delivered as soon as the line that determines them is complete (docs/streaming.md).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <memory>
#include <string_view>

#include "toon/error.hpp"
#include "toon/events.hpp"
#include "toon/options.hpp"
#include "toon/value.hpp"

namespace toon {

/// Decodes a TOON document from byte chunks, sending its events to a handler.
///
/// Call feed() with the bytes as they arrive (chunks may split lines, escapes and UTF-8
/// sequences anywhere), then finish(). Events go out as soon as a line is complete: a key and
/// its primitive, a table row, `start_object`/`start_array` when the header line ends. Checks
/// that need a scope's end (declared counts) are made when the scope closes or in finish().
/// Errors have the code, message, line and column that toon::decode_events() gives for the
/// same bytes; after an error every call returns it again. Memory: the unfinished last line
/// (at most decode_options::max_line_size bytes) and one small frame per open scope, whatever
/// the number of lines. String views passed to the handler are valid during the call only
/// (table column names: until the table ends).
class stream_decoder {
 public:
  /// A decoder sending events to `handler` (which must outlive it).
  explicit stream_decoder(event_handler& handler, const decode_options& options = {});
  ~stream_decoder();
  stream_decoder(stream_decoder&&) noexcept;
  stream_decoder& operator=(stream_decoder&&) noexcept;

  /// Parses every line `chunk` completes; keeps the unfinished tail.
  result<void> feed(std::string_view chunk);
  /// Ends the input: parses the last line and closes every open scope.
  result<void> finish();

  /// Sets `e.line` and `e.column` for byte `offset` of the input, if the decoder still holds
  /// the line it is on (the line being parsed, or the first line of an open scope): for a
  /// handler that reports its own error during an event. False (and `e` unchanged) otherwise.
  bool locate(std::size_t offset, error& e) const;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

/// Decodes a TOON document into a toon::value from byte chunks, with the value decoded so far
/// readable between calls (partial()): for showing a document while it streams in.
///
/// Values only grow: partial() after a feed() holds everything partial() held before, with
/// only its last open containers (the tail) extended; a primitive appears only once its line
/// is complete, and never changes afterwards. Exception: in non-strict mode a repeated key
/// replaces the earlier value in place (last write wins, as toon::decode does).
class value_stream {
 public:
  /// A decoder with `options` (as toon::decode takes them).
  explicit value_stream(const decode_options& options = {});
  ~value_stream();
  value_stream(value_stream&&) noexcept;
  value_stream& operator=(value_stream&&) noexcept;

  /// Parses every line `chunk` completes into the value.
  result<void> feed(std::string_view chunk);
  /// Ends the input; the whole value (equal to toon::decode of all the bytes fed), moved out.
  result<value> finish();
  /// The value decoded so far: null until the document's first line is known, then the root
  /// container growing as lines complete (no copy; valid until the next call; null again after
  /// finish() moved the value out).
  [[nodiscard]] const value& partial() const noexcept;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
