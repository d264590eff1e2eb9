// toon/reflect/naming.hpp - compile-time conversion of identifiers between naming styles.
//
// Words are split at '_' and '-' and where a lower-case letter or digit is followed by an
// upper-case letter ("userID2" -> user, ID2). Knows nothing of TOON text.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "toon/meta.hpp"

namespace toon::reflect {

namespace detail {

constexpr bool is_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower(char c) noexcept { return c >= 'a' && c <= 'z'; }
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr char to_upper(char c) noexcept { return is_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }
constexpr char to_lower(char c) noexcept { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

// Writes the converted name to `out` (when not null) and returns its length.
constexpr std::size_t convert_name(naming policy, std::string_view in, char* out) noexcept {
  if (policy == naming::as_is) {
    if (out)
      for (std::size_t i = 0; i < in.size(); ++i) out[i] = in[i];
    return in.size();
  }
  std::size_t n = 0;
  std::size_t word = 0;  // index of the current word
  bool in_word = false;
  auto put = [&](char c) {
    if (out) out[n] = c;
    ++n;
  };
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == '_' || c == '-') {
      in_word = false;
      continue;
    }
    const bool boundary = in_word && is_upper(c) && i > 0 && (is_lower(in[i - 1]) || is_digit(in[i - 1]));
    if (!in_word || boundary) {
      if (word > 0 || boundary) {
        if (policy == naming::snake_case || policy == naming::upper_snake) put('_');
        else if (policy == naming::kebab_case) put('-');
      }
      if (in_word || word > 0 || boundary) ++word;
      else word = 1;
      in_word = true;
      const bool capital = policy == naming::pascal_case || policy == naming::upper_snake ||
                           (policy == naming::camel_case && word > 1);
      put(capital ? to_upper(c) : to_lower(c));
      continue;
    }
    put(policy == naming::upper_snake ? to_upper(c) : to_lower(c));
  }
  return n;
}

}  // namespace detail

/// Length of `name` converted to `policy`.
constexpr std::size_t converted_length(naming policy, std::string_view name) noexcept {
  return detail::convert_name(policy, name, nullptr);
}

/// `name` converted to `policy`, in a fixed-size array of exactly N characters
/// (N == converted_length(policy, name)).
template <std::size_t N>
constexpr std::array<char, N> convert_name(naming policy, std::string_view name) noexcept {
  std::array<char, N> out{};
  detail::convert_name(policy, name, out.data());
  return out;
}

}  // namespace toon::reflect
