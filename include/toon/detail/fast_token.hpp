// toon/detail/fast_token.hpp - exact subsets of the primitive grammar (§4) for typed targets
// that know the type they want (detail: not a stable API).
//
// Each function accepts only tokens whose classification it is certain of, and then gives
// exactly the value the full classifier (parse/token.cpp, parse_primitive) gives; otherwise it
// returns false and the caller classifies the token. Tokens are unquoted and trimmed.
#pragma once

#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace toon::detail::fast {

/// An integer of at most 18 digits without leading zeros (`0`, `-42`, `1234`): the integer
/// the classifier gives (such tokens cannot overflow int64).
inline bool integer(std::string_view t, std::int64_t& out) noexcept {
  const char* p = t.data();
  const std::size_t n = t.size();
  std::size_t i = n != 0 && p[0] == '-' ? 1 : 0;
  const std::size_t digits = n - i;
  if (digits == 0 || digits > 18 || (p[i] == '0' && digits > 1)) return false;
  std::uint64_t acc = 0;
  for (; i < n; ++i) {
    const unsigned d = static_cast<unsigned>(p[i]) - '0';
    if (d > 9) return false;
    acc = acc * 10 + d;
  }
  out = p[0] == '-' ? -static_cast<std::int64_t>(acc) : static_cast<std::int64_t>(acc);
  return true;
}

/// A number as a double: an integer() token (the classifier's integer, converted), or a
/// decimal `-?D+.D+` of at most 15 digits in all without a leading zero in its integer part
/// other than `0.` (the classifier's exact fast path: digits ÷ a power of ten).
inline bool number(std::string_view t, double& out) noexcept {
  const char* p = t.data();
  const std::size_t n = t.size();
  const bool negative = n != 0 && p[0] == '-';
  std::size_t i = negative ? 1 : 0;
  const std::size_t int_start = i;
  std::uint64_t m = 0;
  while (i < n && static_cast<unsigned>(p[i]) - '0' <= 9) m = m * 10 + (static_cast<unsigned>(p[i++]) - '0');
  const std::size_t int_len = i - int_start;
  if (int_len == 0 || int_len > 15 || (int_len > 1 && p[int_start] == '0')) return false;
  if (i == n) {
    const auto v = static_cast<std::int64_t>(m);
    out = static_cast<double>(negative ? -v : v);
    return true;
  }
  if constexpr (FLT_EVAL_METHOD != 0) return false;
  if (p[i] != '.') return false;
  std::size_t j = i + 1;
  while (j < n && static_cast<unsigned>(p[j]) - '0' <= 9) m = m * 10 + (static_cast<unsigned>(p[j++]) - '0');
  const std::size_t frac_len = j - i - 1;
  if (j != n || frac_len == 0 || int_len + frac_len > 15) return false;
  static constexpr double pow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const double d = static_cast<double>(m) / pow10[frac_len];
  out = negative && m != 0 ? -d : d;  // -0 decodes to 0
  return true;
}

/// `true` or `false`.
inline bool boolean(std::string_view t, bool& out) noexcept {
  if (t.size() == 4 && std::memcmp(t.data(), "true", 4) == 0) {
    out = true;
    return true;
  }
  if (t.size() == 5 && std::memcmp(t.data(), "false", 5) == 0) {
    out = false;
    return true;
  }
  return false;
}

/// Whether the token is certainly a string: not a literal, and not a number. A token that
/// starts like a number is a string when its integer part is empty (`-`, `-x`), has a leading
/// zero (`05`), or is followed by anything but `.`, `e` or `E` (`2025-01-15`, `12ab`); the
/// remaining cases are left to the classifier.
inline bool plain_string(std::string_view t) noexcept {
  if (t.empty()) return true;
  const char c = t[0];
  if ((c >= '0' && c <= '9') || c == '-') {
    const std::size_t n = t.size();
    std::size_t i = c == '-' ? 1 : 0;
    const std::size_t int_start = i;
    while (i < n && static_cast<unsigned>(t[i]) - '0' <= 9) ++i;
    const std::size_t int_len = i - int_start;
    if (int_len == 0 || (int_len > 1 && t[int_start] == '0')) return true;
    return i < n && t[i] != '.' && t[i] != 'e' && t[i] != 'E';
  }
  if (c == 't' || c == 'f' || c == 'n') return t != "true" && t != "false" && t != "null";
  return true;
}

}  // namespace toon::detail::fast
