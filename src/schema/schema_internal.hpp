// Helpers shared by the typed-params parser, formatter and validator (src/schema/*.cpp).
#pragma once

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

/// `true`, `false` or `null`: words that a bare default reads as literals, not strings.
constexpr bool is_literal_word(std::string_view s) noexcept {
  return s == "true" || s == "false" || s == "null";
}

}  // namespace toon::detail
