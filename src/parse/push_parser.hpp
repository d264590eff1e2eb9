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
class json_event_writer;
class typed_decoder;

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

/// One whole document (bytes that stay valid throughout) into the JSON writer, with the
/// writer's calls bound at compile time; throws as push_parser does.
void parse_whole_to_json(std::string_view text, json_event_writer& writer, const decode_options& options);

/// One whole document into the typed decoder (as its text sink too), with the decoder's calls
/// bound at compile time (typed_parse.cpp); throws as push_parser does.
void parse_whole_typed(std::string_view text, typed_decoder& decoder, const decode_options& options);

/// decode_events_to() of a whole document into the typed decoder through parse_whole_typed.
result<void> decode_typed(std::string_view text, typed_decoder& decoder, const decode_options& options);

}  // namespace toon::detail
