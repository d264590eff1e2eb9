// Error names, messages and the caret formatter.
#include "toon/error.hpp"
#include "toon/detail/linkage.hpp"

#include "located_text.hpp"

namespace toon {

TOON_FUNC std::string_view to_string(error_code code) noexcept {
  switch (code) {
    case error_code::ok: return "ok";
    case error_code::invalid_utf8: return "invalid_utf8";
    case error_code::invalid_escape: return "invalid_escape";
    case error_code::unterminated_string: return "unterminated_string";
    case error_code::missing_colon: return "missing_colon";
    case error_code::invalid_header: return "invalid_header";
    case error_code::delimiter_mismatch: return "delimiter_mismatch";
    case error_code::length_mismatch: return "length_mismatch";
    case error_code::width_mismatch: return "width_mismatch";
    case error_code::invalid_indentation: return "invalid_indentation";
    case error_code::unexpected_indentation: return "unexpected_indentation";
    case error_code::blank_line_in_array: return "blank_line_in_array";
    case error_code::trailing_content: return "trailing_content";
    case error_code::unexpected_line: return "unexpected_line";
    case error_code::duplicate_key: return "duplicate_key";
    case error_code::depth_limit: return "depth_limit";
    case error_code::size_limit: return "size_limit";
    case error_code::invalid_json: return "invalid_json";
    case error_code::type_mismatch: return "type_mismatch";
    case error_code::out_of_range: return "out_of_range";
    case error_code::missing_field: return "missing_field";
    case error_code::unknown_field: return "unknown_field";
    case error_code::invalid_enum: return "invalid_enum";
    case error_code::io_error: return "io_error";
    case error_code::invalid_schema: return "invalid_schema";
    case error_code::timeout: return "timeout";
    case error_code::protocol_error: return "protocol_error";
    case error_code::remote_error: return "remote_error";
    case error_code::no_document: return "no_document";
    case error_code::json_input: return "json_input";
    case error_code::dsl_syntax: return "dsl_syntax";
    case error_code::dsl_inexpressible: return "dsl_inexpressible";
    case error_code::refusal: return "refusal";
    case error_code::unauthorized: return "unauthorized";
    case error_code::input_required: return "input_required";
  }
  return "unknown";
}

TOON_FUNC std::string detail::located_text(std::uint32_t line, std::uint32_t column, std::string_view path,
                                 std::string_view message) {
  std::string out;
  if (line != 0) {
    out += std::to_string(line);
    out += ':';
    out += std::to_string(column);
    out += ": ";
  }
  if (!path.empty()) {
    out += path;
    out += ": ";
  }
  out += message;
  return out;
}

TOON_FUNC std::string error::to_string() const { return detail::located_text(line, column, path, message); }

TOON_FUNC location location_of(std::string_view source, std::size_t offset) noexcept {
  if (offset > source.size()) offset = source.size();
  location loc;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (source[i] == '\n') {
      ++loc.line;
      line_start = i + 1;
    }
  }
  loc.column = static_cast<std::uint32_t>(offset - line_start + 1);
  return loc;
}

namespace {

// Lines longer than this (minified JSON, say) are shown as a window around the column.
constexpr std::size_t max_shown_line = 160;
constexpr std::size_t window_half = 70;

bool is_utf8_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// A source line as shown under an error message: `text` with "..." markers where it was cut.
struct shown_line {
  std::string_view prefix;
  std::string_view text;
  std::string_view suffix;
  std::size_t caret = 0;  // 0-based byte column of the caret within prefix + text

  std::string joined() const {
    std::string out;
    out.reserve(prefix.size() + text.size() + suffix.size());
    out += prefix;
    out += text;
    out += suffix;
    return out;
  }
};

// The line of `source` that starts at byte `start`, without its LF or CRLF.
std::string_view line_at(std::string_view source, std::size_t start) noexcept {
  std::size_t end = source.find('\n', start);
  if (end == std::string_view::npos) end = source.size();
  std::string_view text = source.substr(start, end - start);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text;
}

// Cuts `text` to a window of about window_half bytes either side of 0-based column `col`
// (on UTF-8 boundaries) when it is longer than max_shown_line.
shown_line window_around(std::string_view text, std::size_t col) noexcept {
  if (col > text.size()) col = text.size();
  shown_line out;
  if (text.size() > max_shown_line) {
    std::size_t from = col > window_half ? col - window_half : 0;
    while (from > 0 && is_utf8_continuation(text[from])) --from;
    std::size_t to = col + window_half < text.size() ? col + window_half : text.size();
    while (to < text.size() && is_utf8_continuation(text[to])) ++to;
    if (from > 0) out.prefix = "...";
    if (to < text.size()) out.suffix = "...";
    text = text.substr(from, to - from);
    col -= from;
  }
  out.text = text;
  out.caret = out.prefix.size() + col;
  return out;
}

}  // namespace

namespace detail {

TOON_FUNC void set_location(error& e, std::string_view source, std::size_t offset) {
  if (offset > source.size()) offset = source.size();
  const location loc = location_of(source, offset);
  e.line = loc.line;
  e.column = loc.column;
  const shown_line shown = window_around(line_at(source, offset - (loc.column - 1)), loc.column - 1);
  e.source_line = shown.joined();
  e.source_column = static_cast<std::uint32_t>(shown.caret + 1);
}

TOON_FUNC void append_source_context(std::string& out, std::string_view line, std::uint32_t column) {
  out += '\n';
  out += line;
  out += '\n';
  // Keep tabs so the caret lines up under tab-containing text.
  const std::size_t caret = column > 0 ? column - 1 : 0;
  for (std::size_t i = 0; i < caret; ++i) out += i < line.size() && line[i] == '\t' ? '\t' : ' ';
  out += '^';
}

}  // namespace detail

TOON_FUNC std::string format_error(const error& e, std::string_view source, std::string_view file_name) {
  std::string out;
  if (!file_name.empty()) {
    out += file_name;
    out += e.line != 0 ? ":" : ": ";  // "reply:3:1: ..." but "reply: no document ..."
  }
  out += e.to_string();
  if (e.line == 0) return out;
  // Find the source line.
  std::size_t start = 0;
  for (std::uint32_t l = 1; l < e.line; ++l) {
    std::size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos) return out;
    start = nl + 1;
  }
  const shown_line shown = window_around(line_at(source, start), e.column > 0 ? e.column - 1 : 0);
  detail::append_source_context(out, shown.joined(), static_cast<std::uint32_t>(shown.caret + 1));
  return out;
}

TOON_FUNC toon_error::toon_error(toon::error e) : std::runtime_error(e.to_string()), error_(std::move(e)) {}

}  // namespace toon
