// cli/diagnostics.cpp - error messages with the offending line and a caret.
#include <string>

#include "commands.hpp"

namespace toon_cli {

namespace {

/// Longest source line shown whole; longer lines (minified JSON) show a window.
constexpr std::size_t max_shown_line = 160;
constexpr std::size_t window_half = 70;

bool is_utf8_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

std::string render_error(const toon::error& e, std::string_view source, std::string_view name) {
  if (e.line == 0) return std::string(name) + ": " + e.to_string();

  // Find the line to see whether it is short enough to print as format_error does.
  std::size_t start = 0;
  for (std::uint32_t l = 1; l < e.line; ++l) {
    std::size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos) return toon::format_error(e, source, name);
    start = nl + 1;
  }
  std::size_t end = source.find('\n', start);
  if (end == std::string_view::npos) end = source.size();
  std::string_view line = source.substr(start, end - start);
  if (line.size() <= max_shown_line) return toon::format_error(e, source, name);

  // A long line: show about window_half bytes either side of the column, on UTF-8
  // character boundaries, with "..." where text was cut.
  std::size_t col = e.column > 0 ? e.column - 1 : 0;
  if (col > line.size()) col = line.size();
  std::size_t from = col > window_half ? col - window_half : 0;
  while (from > 0 && is_utf8_continuation(line[from])) --from;
  std::size_t to = col + window_half < line.size() ? col + window_half : line.size();
  while (to < line.size() && is_utf8_continuation(line[to])) ++to;

  std::string excerpt;
  if (from > 0) excerpt += "...";
  excerpt.append(line.substr(from, to - from));
  if (to < line.size()) excerpt += "...";

  toon::error shown = e;
  shown.line = 1;
  shown.column = static_cast<std::uint32_t>(col - from + (from > 0 ? 3 : 0) + 1);
  std::string body = toon::format_error(shown, excerpt);  // "1:C: msg\n<excerpt>\n<caret>"
  std::string out = std::string(name) + ":" + e.to_string();
  std::size_t nl = body.find('\n');
  if (nl != std::string::npos) out.append(body, nl, std::string::npos);
  return out;
}

}  // namespace toon_cli
