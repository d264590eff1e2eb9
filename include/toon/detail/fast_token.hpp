// toon/detail/fast_token.hpp - exact subsets of the primitive grammar (§4) for typed targets
// that know the type they want (detail: not a stable API).
//
// Each function accepts only tokens whose classification it is certain of, and then gives
// exactly the value the full classifier (parse/token.cpp, parse_primitive) gives; otherwise it
// returns false and the caller classifies the token. Tokens are unquoted and trimmed.
#pragma once

#include <bit>
#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "toon/detail/force_inline.hpp"

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
/// starts like a number is a string unless it is one whole (`-?digits(.digits)?([eE][+-]?digits)?`
/// without a leading zero, as is_number_token() decides): `-`, `05`, `2025-01-15`, `1.28.2`,
/// `12ab`, `1.` are strings. (plain_string_inline: the same, always inline, for the row line
/// readers.)
TOON_DETAIL_FORCE_INLINE inline bool plain_string_inline(std::string_view t) noexcept {
  if (t.empty()) return true;
  const char c = t[0];
  if ((c >= '0' && c <= '9') || c == '-') {
    const std::size_t n = t.size();
    std::size_t i = c == '-' ? 1 : 0;
    const std::size_t int_start = i;
    while (i < n && static_cast<unsigned>(t[i]) - '0' <= 9) ++i;
    const std::size_t int_len = i - int_start;
    if (int_len == 0 || (int_len > 1 && t[int_start] == '0')) return true;
    if (i < n && t[i] == '.') {
      const std::size_t f = ++i;
      while (i < n && static_cast<unsigned>(t[i]) - '0' <= 9) ++i;
      if (i == f) return true;
    }
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
      ++i;
      if (i < n && (t[i] == '+' || t[i] == '-')) ++i;
      const std::size_t f = i;
      while (i < n && static_cast<unsigned>(t[i]) - '0' <= 9) ++i;
      if (i == f) return true;
    }
    return i != n;
  }
  if (c == 't' || c == 'f' || c == 'n') return t != "true" && t != "false" && t != "null";
  return true;
}
inline bool plain_string(std::string_view t) noexcept { return plain_string_inline(t); }

// ---- cells read straight from a table row's line ----------------------------------------------
//
// Each *_cell function reads one cell starting at `p` in a row line ending at `e`, as the
// function of the same name above reads the cell's token: it returns where the cell ends (the
// delimiter, or `e`), or nullptr when the cell is not exactly a token that function accepts
// followed by the delimiter or the end (the caller then leaves the row to the cells path).

/// integer() of the cell at p.
TOON_DETAIL_FORCE_INLINE inline const char* integer_cell(const char* p, const char* e, char delim, std::int64_t& out) noexcept {
  const char* q = p;
  const bool negative = q != e && *q == '-';
  if (negative) ++q;
  const char* digits = q;
  std::uint64_t acc = 0;
  while (q != e) {
    const unsigned d = static_cast<unsigned>(*q) - '0';
    if (d > 9) break;
    acc = acc * 10 + d;
    ++q;
  }
  const std::size_t n = static_cast<std::size_t>(q - digits);
  if (n == 0 || n > 18 || (*digits == '0' && n > 1) || (q != e && *q != delim)) return nullptr;
  out = negative ? -static_cast<std::int64_t>(acc) : static_cast<std::int64_t>(acc);
  return q;
}

/// number() of the cell at p.
TOON_DETAIL_FORCE_INLINE inline const char* number_cell(const char* p, const char* e, char delim, double& out) noexcept {
  const char* q = p;
  const bool negative = q != e && *q == '-';
  if (negative) ++q;
  const char* int_start = q;
  std::uint64_t m = 0;
  while (q != e && static_cast<unsigned>(*q) - '0' <= 9) m = m * 10 + (static_cast<unsigned>(*q++) - '0');
  const std::size_t int_len = static_cast<std::size_t>(q - int_start);
  if (int_len == 0 || int_len > 15 || (int_len > 1 && *int_start == '0')) return nullptr;
  if (q == e || *q == delim) {
    const auto v = static_cast<std::int64_t>(m);
    out = static_cast<double>(negative ? -v : v);
    return q;
  }
  if constexpr (FLT_EVAL_METHOD != 0) return nullptr;
  if (*q != '.') return nullptr;
  const char* frac = ++q;
  while (q != e && static_cast<unsigned>(*q) - '0' <= 9) m = m * 10 + (static_cast<unsigned>(*q++) - '0');
  const std::size_t frac_len = static_cast<std::size_t>(q - frac);
  if (frac_len == 0 || int_len + frac_len > 15 || (q != e && *q != delim)) return nullptr;
  static constexpr double pow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const double d = static_cast<double>(m) / pow10[frac_len];
  out = negative && m != 0 ? -d : d;  // -0 decodes to 0
  return q;
}

/// boolean() of the cell at p.
TOON_DETAIL_FORCE_INLINE inline const char* boolean_cell(const char* p, const char* e, char delim, bool& out) noexcept {
  const std::size_t n = static_cast<std::size_t>(e - p);
  if (n >= 4 && std::memcmp(p, "true", 4) == 0 && (n == 4 || p[4] == delim)) {
    out = true;
    return p + 4;
  }
  if (n >= 5 && std::memcmp(p, "false", 5) == 0 && (n == 5 || p[5] == delim)) {
    out = false;
    return p + 5;
  }
  return nullptr;
}

/// The first of the bytes a, b, c at or after p in the line [line, e), or e. 16 bytes at a
/// time with SSE2 (the last block of a line of 16 bytes or more is read as the line's last 16
/// bytes, never past e).
TOON_DETAIL_FORCE_INLINE inline const char* find3(const char* p, const char* e, const char* line, char a, char b, char c) noexcept {
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(a);
  const __m128i vb = _mm_set1_epi8(b);
  const __m128i vc = _mm_set1_epi8(c);
  auto any = [&](const char* at) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
    const __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)), _mm_cmpeq_epi8(v, vc));
    return static_cast<unsigned>(_mm_movemask_epi8(m));
  };
  while (e - p >= 16) {
    if (const unsigned m = any(p)) return p + std::countr_zero(m);
    p += 16;
  }
  if (p == e) return e;
  if (e - line >= 16) {
    const char* s = e - 16;
    const unsigned m = any(s) >> (p - s);
    return m ? p + std::countr_zero(m) : e;
  }
#else
  (void)line;
#endif
  while (p != e && *p != a && *p != b && *p != c) ++p;
  return p;
}

/// The end of the unquoted cell at p in the line [line, e): the first delimiter, double quote
/// or backslash at or after p, or e.
TOON_DETAIL_FORCE_INLINE inline const char* cell_end(const char* p, const char* e, const char* line, char delim) noexcept {
  return find3(p, e, line, delim, '"', '\\');
}

/// The quoted cell at p (*p == '"') without a backslash: its content in [p + 1, returned
/// pointer - 1), the returned pointer being the delimiter after the closing quote or e;
/// nullptr when the cell is anything else (a backslash, no closing quote, or something other
/// than the delimiter after it).
TOON_DETAIL_FORCE_INLINE inline const char* quoted_cell(const char* p, const char* e, const char* line, char delim) noexcept {
  const char* q = find3(p + 1, e, line, '"', '\\', '"');
  if (q == e || *q != '"') return nullptr;
  ++q;
  return q == e || *q == delim ? q : nullptr;
}

/// Whether the line at p (within [p, e)) starts with exactly `spaces` spaces followed by a byte
/// of [p, e) that is not a space.
TOON_DETAIL_FORCE_INLINE inline bool indented(const char* p, const char* e, std::size_t spaces) noexcept {
  if (static_cast<std::size_t>(e - p) <= spaces) return false;
  std::size_t s = 0;
#if defined(__SSE2__)
  if (e - p >= 16 + static_cast<std::ptrdiff_t>(spaces & ~std::size_t{15})) {
    const __m128i sp = _mm_set1_epi8(' ');
    for (; spaces - s >= 16; s += 16)
      if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + s)), sp)) != 0xFFFF)
        return false;
    const unsigned m = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + s)), sp)));
    return static_cast<std::size_t>(std::countr_zero(~m)) == spaces - s;
  }
#endif
  while (s < spaces && p[s] == ' ') ++s;
  return s == spaces && p[s] != ' ';
}

/// A header's bracket after its `[` at p (before e): `N]`, `N|]` or `N\t]`, N a count
/// without leading zeros of at most 9 digits. Returns where `]` ends with `count` and
/// `delim` (',' unless given) set, or nullptr when it is anything else.
TOON_DETAIL_FORCE_INLINE inline const char* bracket(const char* p, const char* e, std::size_t& count, char& delim) noexcept {
  const char* digits = p;
  count = 0;
  while (p < e && *p >= '0' && *p <= '9' && p - digits < 9) count = count * 10 + static_cast<std::size_t>(*p++ - '0');
  if (p == digits || count == 0 || *digits == '0' || p == e) return nullptr;
  if (*p == '|' || *p == '\t') {
    delim = *p++;
    if (p == e) return nullptr;
  }
  return *p == ']' ? p + 1 : nullptr;
}

/// The first line feed in [p, e), or nullptr. 16 bytes at a time with SSE2 while they lie in
/// [p, e).
TOON_DETAIL_FORCE_INLINE inline const char* line_feed(const char* p, const char* e) noexcept {
#if defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n');
  while (e - p >= 16) {
    const unsigned m = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), nl)));
    if (m) return p + std::countr_zero(m);
    p += 16;
  }
#endif
  return static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(e - p)));
}

}  // namespace toon::detail::fast
