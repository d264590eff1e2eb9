// UTF-8 validation shared by the TOON decoder and the JSON reader, and the UTF-8 encoding of
// code points shared by the escape decoders (typed-param schemas, MCP-DSL).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace toon::detail {

/// Offset of the first ill-formed UTF-8 sequence (truncated or invalid sequences,
/// overlongs, surrogates, code points above U+10FFFF), or npos when `text` is valid.
/// Valid input is checked with simdjson's vectorised validator.
std::size_t find_invalid_utf8(std::string_view text) noexcept;

/// Appends code point `cp` (at most U+10FFFF, not a surrogate) as UTF-8.
void append_utf8(std::string& out, std::uint32_t cp);

/// The value of hexadecimal digit `c` (either case), or -1: for \u escapes and %XX.
constexpr int hex_digit(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace toon::detail
