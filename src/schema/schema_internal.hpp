// Helpers shared by the typed-params parser, formatter and validator (src/schema/*.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace toon::detail {

/// `[A-Za-z_]`: a character that may start a bare name or a bare default string.
constexpr bool is_ident_start(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/// `[A-Za-z0-9_.-]`: a character of a bare name, enum value or default string.
constexpr bool is_word_char(char c) noexcept {
  return is_ident_start(c) || (c >= '0' && c <= '9') || c == '.' || c == '-';
}

/// `[A-Za-z_][A-Za-z0-9_.-]*`: a name (or default string) written without quotes.
constexpr bool is_bare_name(std::string_view s) noexcept {
  if (s.empty() || !is_ident_start(s[0])) return false;
  for (char c : s)
    if (!is_word_char(c)) return false;
  return true;
}

/// `[A-Za-z0-9_.-]+`: an enum value written without quotes.
constexpr bool is_bare_word(std::string_view s) noexcept {
  if (s.empty()) return false;
  for (char c : s)
    if (!is_word_char(c)) return false;
  return true;
}

/// 2^53-1 (JavaScript's Number.MAX_SAFE_INTEGER): a range bound written `max` (`-max` for its
/// negative) in typed params.
inline constexpr std::int64_t max_safe_integer = 9007199254740991;

/// `true`, `false` or `null`: words that a bare default reads as literals, not strings.
constexpr bool is_literal_word(std::string_view s) noexcept {
  return s == "true" || s == "false" || s == "null";
}

/// Whether a `pattern` is one that validation runs through std::regex: at most 256 bytes and
/// 8 levels of parentheses, so that compiling it (a recursive descent in libstdc++) stays
/// shallow. Longer or deeper patterns are not checked (import_json_schema reports them).
constexpr bool pattern_within_limits(std::string_view p) noexcept {
  if (p.size() > 256) return false;
  int depth = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '\\') {
      ++i;
    } else if (p[i] == '(') {
      if (++depth > 8) return false;
    } else if (p[i] == ')') {
      --depth;
    }
  }
  return true;
}

/// Strings longer than this are not matched against patterns: libstdc++'s matcher recurses
/// per character.
inline constexpr std::size_t max_pattern_subject = 1024;

}  // namespace toon::detail
