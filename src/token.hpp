// Lexical helpers of the decoder: quoted strings (§7.1), primitive tokens and the number
// grammar (§4), quote-aware searching and delimiter splitting (§11.2).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "line_scanner.hpp"

namespace toon::detail {

/// Trims U+0020 spaces on both ends (§12: exactly spaces, no other whitespace).
std::string_view trim_spaces(std::string_view s) noexcept;

/// Offset of the first occurrence of `c` outside double quotes, or npos.
std::size_t find_unquoted(std::string_view s, char c) noexcept;

/// Offset of the first occurrence of `a` or `b` outside double quotes, or npos.
std::size_t find_first_unquoted_of(std::string_view s, char a, char b) noexcept;

/// Offset just past the closing quote of the quoted token starting at s[0] == '"',
/// or npos when unterminated. Escapes are skipped, not validated.
std::size_t skip_quoted(std::string_view s) noexcept;

/// Unescapes the quoted token `s` (which starts with '"'). On success returns true, sets
/// `out` (a view into `s` when there are no escapes, else into `scratch`) and `consumed`
/// (bytes up to and including the closing quote). On failure sets `err` (offset relative
/// to s.data()).
bool unquote(std::string_view s, std::string& scratch, std::string_view& out, std::size_t& consumed,
             scan_error& err);

/// A decoded primitive token.
struct primitive {
  enum class kind : std::uint8_t { null, boolean, integer, uinteger, real, big_integer, string } type;
  bool b = false;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  std::string_view text;  ///< string contents (unescaped) or big-integer digits
};

/// Decodes an already trimmed value token per §4 (quoted string, true/false/null, number,
/// else unquoted string). Returns false with `err` set for bad quoted tokens.
bool parse_primitive(std::string_view token, std::string& scratch, primitive& out, scan_error& err);

/// True when `token` matches the §4 number grammar without forbidden leading zeros.
bool is_number_token(std::string_view token) noexcept;

/// Quote-aware cursor over delimiter-separated cells. Each call to next() yields one
/// trimmed cell; an empty input yields no cells.
class cell_splitter {
 public:
  cell_splitter(std::string_view s, char delim) noexcept : s_(s), delim_(delim), done_(s.empty()) {}
  /// Next cell; false when exhausted.
  bool next(std::string_view& cell) noexcept;
  /// Offset of the last returned cell's start relative to the input.
  [[nodiscard]] std::size_t cell_offset() const noexcept { return cell_offset_; }

 private:
  std::string_view s_;
  char delim_;
  bool done_;
  std::size_t pos_ = 0;
  std::size_t cell_offset_ = 0;
};

}  // namespace toon::detail
