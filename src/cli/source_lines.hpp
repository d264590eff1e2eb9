// cli/source_lines.hpp - the input lines an error may point at, kept while a document is
// decoded block by block, so that the diagnostic shows the line as when the whole text was read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "toon/error.hpp"

namespace toon_cli {

/// The raw text of the last complete input line and of the unfinished one (with the lines of
/// the block being decoded), and of line 1 when the input starts with a byte order mark (a
/// diagnostic shows that line with it). Memory: two lines and one block.
class recent_lines {
 public:
  /// Appends the next block of the input (before it is decoded).
  void add(std::string_view block) { tail_.append(block.data(), block.size()); }
  /// Drops what precedes the last complete line (after the block was decoded).
  void trim();
  /// The text of 1-based line `n` without its line break, when it is still held.
  [[nodiscard]] std::optional<std::string_view> line(std::uint64_t n) const;
  /// Lines of the input so far (line breaks + 1).
  [[nodiscard]] std::uint64_t line_count() const;

 private:
  std::string tail_;         // input from the start of line first_ on
  std::uint64_t first_ = 1;  // number of the line tail_ starts with
  std::optional<std::string> bom_line_;  // line 1, when it starts with a BOM and left tail_
};

/// Reads line `n` (1-based, without its line break) of the input that starts at byte `start`
/// of the regular file open as `fd`, with pread(2). False when it has fewer lines or cannot be
/// read.
bool read_line_at(int fd, std::int64_t start, std::uint64_t n, std::string& out);

/// Renders `e` as render_error() does for the whole text, given the raw text of line e.line
/// (`line`; unknown: nullopt). Without it, the context the decoder kept (e.source_line) is
/// shown, or none when `line_exists` is false.
[[nodiscard]] std::string render_error_line(const toon::error& e, std::optional<std::string_view> line,
                                            bool line_exists, std::string_view name);

}  // namespace toon_cli
