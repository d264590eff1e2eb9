// The TOON structural parser, push-driven: bytes go in with feed() in chunks of any size, and
// every complete line is parsed at once against a stack of open scopes (one small frame each),
// sending events to an event_handler. Whole-document decoding (decode_events) is "feed
// everything, then finish" on this same code; toon::stream_decoder exposes it for streams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "toon/error.hpp"
#include "toon/events.hpp"
#include "toon/options.hpp"

namespace toon::detail {

/// A parse error: code, message, the absolute byte offset, and the line it is on (number, the
/// offset where that line's content may be counted from, and its text) so that a stream can
/// locate it after the bytes are gone.
struct parse_failure {
  error_code code;
  std::string message;
  std::size_t offset;
  std::uint32_t line = 0;
  std::size_t line_start = 0;
  std::string line_text;
  std::string path{};  ///< path of the value concerned (count mismatches), may be empty
};

/// Thrown when a handler event returned false.
struct handler_abort {};

class push_parser_impl;
class text_sink;

/// The parser. feed() and finish() throw parse_failure or handler_abort.
class push_parser {
 public:
  /// `sink`, when not null, takes unquoted primitives as text (detail/text_sink.hpp).
  push_parser(event_handler& handler, const decode_options& options, text_sink* sink = nullptr);
  ~push_parser();
  push_parser(const push_parser&) = delete;
  push_parser& operator=(const push_parser&) = delete;

  /// Parses every line that `chunk` completes; keeps the unfinished tail.
  void feed(std::string_view chunk);
  /// Parses the last line and closes every open scope (counts checked).
  void finish();
  /// Declares that the bytes fed stay valid until the parser is destroyed (one whole
  /// document): keys are then not copied for the duplicate check.
  void set_stable_input(std::string_view whole) noexcept;

  /// Locates a handler failure offset: line number, line start and text of the line holding
  /// it, if the parser still knows that line (the current line or an open scope's first line).
  [[nodiscard]] bool locate(std::size_t offset, std::uint32_t& line, std::size_t& line_start,
                            std::string& text) const;

 private:
  std::unique_ptr<push_parser_impl> impl_;
};

/// Decodes one whole document: checks the size limit and the options, runs `parse(context)` (a
/// parser fed all of `text`, which stays valid throughout) and turns its parse_failure or
/// handler_abort into the error located in `text`, as decode_events() reports it.
result<void> decode_whole(std::string_view text, event_handler& handler, const decode_options& options,
                          void (*parse)(void* context), void* context);

/// decode_whole() with a parser of type `Parser` (push_parser, or bound_parse.hpp's
/// parser_core on a known handler type) made from `handler`, `options` and `sink` (may be null).
template <class Parser, class Handler, class Sink>
result<void> decode_whole_with(std::string_view text, Handler& handler, Sink* sink, const decode_options& options) {
  struct context {
    std::string_view text;
    Handler& handler;
    Sink* sink;
    const decode_options& options;
  } c{text, handler, sink, options};
  return decode_whole(text, handler, options, [](void* p) {
    context& c = *static_cast<context*>(p);
    Parser parser(c.handler, c.options, c.sink);
    parser.set_stable_input(c.text);
    parser.feed(c.text);
    parser.finish();
  }, &c);
}

}  // namespace toon::detail
