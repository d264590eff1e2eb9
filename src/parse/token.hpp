// Lexical helpers of the decoder: quoted strings (§7.1), primitive tokens and the number
// grammar (§4), quote-aware searching and delimiter splitting (§11.2).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "toon/detail/fast_token.hpp"
#include "toon/error.hpp"
#include "toon/events.hpp"

namespace toon::detail {

/// std::string_view::npos, shorter: "not found" for the scanners below.
inline constexpr std::size_t npos = std::string_view::npos;

/// An error found by a lexical helper: code, message and byte offset (relative to the text
/// the helper was given).
struct scan_error {
  error_code code = error_code::ok;
  const char* message = "";
  std::size_t offset = 0;
};

/// SWAR (eight bytes at a time) byte search.
namespace swar {
inline constexpr std::uint64_t ones = 0x0101010101010101ULL;
inline constexpr std::uint64_t highs = 0x8080808080808080ULL;

/// Bit 7 of each byte of the result is set exactly where the byte of `w` equals `c` (the exact
/// form: no false positives from borrows).
inline std::uint64_t bytes_equal(std::uint64_t w, char c) noexcept {
  const std::uint64_t x = w ^ (ones * static_cast<unsigned char>(c));
  return ~(((x & ~highs) + ~highs) | x) & highs;
}
}  // namespace swar

/// The line breaks of p[at, at + 64) as bits (bit j: p[at + j] == '\n'), bytes from n on
/// excluded: lines are cut 64 bytes at a time (SSE2 when available) instead of one search per
/// line.
inline std::uint64_t newline_bits(const char* p, std::size_t n, std::size_t at) noexcept {
  std::uint64_t m = 0;
  if (at + 64 <= n) {
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n');
    for (int k = 0; k < 4; ++k) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at + 16 * k));
      m |= static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)))) << (16 * k);
    }
    return m;
#else
    for (int k = 0; k < 8; ++k) {
      std::uint64_t w;
      std::memcpy(&w, p + at + 8 * k, 8);
      std::uint64_t b = swar::bytes_equal(w, '\n');  // bit 7 of each matching byte
      while (b) {
        m |= std::uint64_t{1} << (8 * k + std::countr_zero(b) / 8);
        b &= b - 1;
      }
    }
    return m;
#endif
  }
  for (std::size_t j = 0; at + j < n; ++j)
    if (p[at + j] == '\n') m |= std::uint64_t{1} << j;
  return m;
}

/// Offset of the first byte of s[i..] equal to `a` or `b`, or s.size().
inline std::size_t find_any2(std::string_view s, std::size_t i, char a, char b) noexcept {
  const std::size_t n = s.size();
  const char* p = s.data();
  while (i + 8 <= n) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    const std::uint64_t m = swar::bytes_equal(w, a) | swar::bytes_equal(w, b);
    if (m) return i + static_cast<std::size_t>(std::countr_zero(m) / 8);
    i += 8;
  }
  while (i < n && p[i] != a && p[i] != b) ++i;
  return i;
}

/// Offset of the first byte of s[i..] equal to `a`, `b` or `c`, or s.size().
inline std::size_t find_any3(std::string_view s, std::size_t i, char a, char b, char c) noexcept {
  const std::size_t n = s.size();
  const char* p = s.data();
  while (i + 8 <= n) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    const std::uint64_t m = swar::bytes_equal(w, a) | swar::bytes_equal(w, b) | swar::bytes_equal(w, c);
    if (m) return i + static_cast<std::size_t>(std::countr_zero(m) / 8);
    i += 8;
  }
  while (i < n && p[i] != a && p[i] != b && p[i] != c) ++i;
  return i;
}

/// Trims U+0020 spaces on both ends (§12: exactly spaces, no other whitespace). Inline, with
/// the untrimmed case first: it runs for every key and value.
[[gnu::always_inline]] inline std::string_view trim_spaces(std::string_view s) noexcept {
  if (s.empty() || (s.front() != ' ' && s.back() != ' ')) [[likely]]
    return s;
  std::size_t b = 0, e = s.size();
  while (b < e && s[b] == ' ') ++b;
  while (e > b && s[e - 1] == ' ') --e;
  return s.substr(b, e - b);
}

/// What read_digits() decided about a token.
enum class digits_kind : std::uint8_t { undecided, string, integer, real };

/// A token that starts with a digit, as parse_primitive() reads it, when that is decided
/// without it: a leading zero before more digits, digits followed by anything but '.', 'e' or
/// 'E', or a point followed by no digit or by digits and anything but an exponent make a
/// string ("05", "2025-01-15", "1.28.2"); up to 18 digits an integer (`i`); a decimal of at
/// most 15 digits without an exponent is the digits divided by a power of ten, its exact
/// quotient (`d`). Anything else (longer integers and decimals, exponents) is undecided.
[[gnu::always_inline]] inline digits_kind read_digits(std::string_view token, std::int64_t& i, double& d) noexcept {
  const std::size_t n = token.size();
  std::uint64_t acc = 0;  // wraps beyond 19 digits, unused there
  std::size_t k = 0;
  for (; k < n; ++k) {
    const unsigned digit = static_cast<unsigned char>(token[k]) - unsigned{'0'};
    if (digit > 9) break;
    acc = acc * 10 + digit;
  }
  if (k > 1 && token[0] == '0') return digits_kind::string;
  if (k == n) {
    if (n > 18) return digits_kind::undecided;
    i = static_cast<std::int64_t>(acc);
    return digits_kind::integer;
  }
  const char next = token[k];
  if (next != '.' && next != 'e' && next != 'E') return digits_kind::string;
  if (next != '.') return digits_kind::undecided;  // an exponent
  for (++k; k < n && static_cast<unsigned char>(token[k]) - unsigned{'0'} <= 9; ++k) {
  }
  // No number: nothing after the point, or after its digits anything but an exponent ("1.28.2").
  if (token[k - 1] == '.' || (k < n && token[k] != 'e' && token[k] != 'E')) return digits_kind::string;
  const char* e = token.data() + n;
  if (k < n || fast::number_cell(token.data(), e, '\n', d) != e) return digits_kind::undecided;
  return digits_kind::real;
}

namespace detail_table {
// plain_string_start()'s answers, by byte.
inline constexpr auto plain_start = [] {
  struct table {
    bool at[256];
  } t{};
  for (int c = 0; c < 256; ++c)
    t.at[c] = !(c == '"' || c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n');
  return t;
}();
}  // namespace detail_table

/// Whether parse_primitive() reads a token that starts with `c` as a plain unquoted string
/// whatever follows (`c` starts no quoted string, number or true/false/null literal).
[[gnu::always_inline]] inline bool plain_string_start(char c) noexcept {
  return detail_table::plain_start.at[static_cast<unsigned char>(c)];
}

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

/// A decoded primitive token (offset unused).
using primitive = scalar;

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
  /// Next cell; false when exhausted. Inline: it runs once per table cell.
  [[gnu::always_inline]] bool next(std::string_view& cell) noexcept {
    if (done_) return false;
    const std::size_t start = pos_;
    const std::size_t n = s_.size();
    std::size_t i = start;
    for (;;) {
      i = find_any2(s_, i, delim_, '"');
      if (i >= n || s_[i] == delim_) break;
      const std::size_t q = skip_quoted(s_.substr(i));
      if (q == std::string_view::npos) {
        i = n;
        break;
      }
      i += q;
    }
    std::size_t b = start, e = i;
    while (b < e && s_[b] == ' ') ++b;
    while (e > b && s_[e - 1] == ' ') --e;
    cell_offset_ = b;
    cell = s_.substr(b, e - b);
    if (i >= n) done_ = true;
    else pos_ = i + 1;
    return true;
  }
  /// Offset of the last returned cell's start relative to the input.
  [[nodiscard]] std::size_t cell_offset() const noexcept { return cell_offset_; }

 private:
  std::string_view s_;
  char delim_;
  bool done_;
  std::size_t pos_ = 0;
  std::size_t cell_offset_ = 0;
};

/// One pass over a table row of at most 256 bytes: bit masks (one bit per byte) of its
/// delimiters and colons outside double quotes, for rows without backslashes (a quote then
/// always opens or closes a string, so the bytes inside strings are a prefix XOR of the quote
/// bits). SSE2 compares 16 bytes at a time; the last partial block is compared from a
/// zero-padded copy.
struct row_scan {
  static constexpr std::size_t max_size = 256;
  static constexpr std::size_t words = max_size / 64;
  std::uint64_t delims[words] = {};
  std::uint64_t colons[words] = {};
  bool quote = false;

  /// False when the row is longer than max_size or holds a backslash (nothing usable).
  bool scan(std::string_view s, char delim) noexcept {
    const std::size_t n = s.size();
    if (n > max_size) return false;
    std::uint64_t quotes[words] = {};
    for (std::size_t w = 0; w * 64 < n; ++w) delims[w] = colons[w] = 0;
    std::uint32_t any_quote = 0, any_backslash = 0;
    for (std::size_t at = 0; at < n; at += 16) {
      const char* p = s.data() + at;
      char pad[16];
      if (at + 16 > n) {
        std::memset(pad, 0, sizeof pad);
        std::memcpy(pad, p, n - at);
        p = pad;
      }
      std::uint32_t d, q, c, b;
#if defined(__SSE2__)
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      d = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(delim))));
      q = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('"'))));
      c = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(':'))));
      b = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
#else
      d = q = c = b = 0;
      for (int k = 0; k < 16; ++k) {
        d |= static_cast<std::uint32_t>(p[k] == delim) << k;
        q |= static_cast<std::uint32_t>(p[k] == '"') << k;
        c |= static_cast<std::uint32_t>(p[k] == ':') << k;
        b |= static_cast<std::uint32_t>(p[k] == '\\') << k;
      }
#endif
      const std::size_t w = at / 64, shift = at % 64;
      delims[w] |= static_cast<std::uint64_t>(d) << shift;
      colons[w] |= static_cast<std::uint64_t>(c) << shift;
      quotes[w] |= static_cast<std::uint64_t>(q) << shift;
      any_quote |= q;
      any_backslash |= b;
    }
    if (any_backslash) return false;
    quote = any_quote != 0;
    if (quote) {
      // Inside strings: from an opening quote up to its closing one (prefix XOR, carried
      // across words); delimiters and colons there do not count.
      std::uint64_t carry = 0;
      for (std::size_t w = 0; w * 64 < n; ++w) {
        std::uint64_t x = quotes[w];
        x ^= x << 1;
        x ^= x << 2;
        x ^= x << 4;
        x ^= x << 8;
        x ^= x << 16;
        x ^= x << 32;
        x ^= carry;
        carry = (x >> 63) ? ~std::uint64_t(0) : 0;
        delims[w] &= ~x;
        colons[w] &= ~x;
      }
    }
    return true;
  }
  /// Whether a colon comes before the first delimiter (§9.3: a key-value line).
  [[nodiscard]] bool colon_first(std::size_t n) const noexcept {
    for (std::size_t w = 0; w * 64 < n; ++w) {
      if (delims[w] | colons[w]) {
        const std::uint64_t first = (delims[w] | colons[w]) & (~(delims[w] | colons[w]) + 1);
        return (colons[w] & first) != 0;
      }
    }
    return false;
  }
};

/// Splits a row that holds no double quote: every delimiter ends a cell. Cells are trimmed of
/// spaces like cell_splitter's. With SSE2 the delimiters are found 16 bytes at a time, one bit
/// per byte, and each cell costs a bit scan.
class plain_row_splitter {
 public:
  plain_row_splitter(std::string_view s, char delim) noexcept : s_(s), delim_(delim), done_(s.empty()) {
    mask_ = block(0);
  }

  /// Next cell; false when the row is exhausted.
  [[gnu::always_inline]] bool next(std::string_view& cell) noexcept {
    if (done_) return false;
    std::size_t end = s_.size();
    while (mask_ == 0 && base_ + 16 < s_.size()) {
      base_ += 16;
      mask_ = block(base_);
    }
    if (mask_ != 0) {
      end = base_ + static_cast<std::size_t>(std::countr_zero(mask_));
      mask_ &= mask_ - 1;
    } else {
      done_ = true;
    }
    std::size_t b = start_, e = end;
    while (b < e && s_[b] == ' ') ++b;
    while (e > b && s_[e - 1] == ' ') --e;
    cell_offset_ = b;
    cell = s_.substr(b, e - b);
    start_ = end + 1;
    return true;
  }
  /// Offset of the last returned cell's start relative to the row.
  [[nodiscard]] std::size_t cell_offset() const noexcept { return cell_offset_; }

 private:
  // Bit k set: s_[at + k] is the delimiter (k < 16, within the row).
  std::uint32_t block(std::size_t at) const noexcept {
    const std::size_t n = s_.size();
#if defined(__SSE2__)
    if (at + 16 <= n) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s_.data() + at));
      return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(delim_))));
    }
#endif
    std::uint32_t m = 0;
    for (std::size_t k = 0; k < 16 && at + k < n; ++k)
      if (s_[at + k] == delim_) m |= std::uint32_t(1) << k;
    return m;
  }

  std::string_view s_;
  char delim_;
  bool done_;
  std::size_t start_ = 0;
  std::size_t base_ = 0;
  std::uint32_t mask_ = 0;
  std::size_t cell_offset_ = 0;
};

}  // namespace toon::detail
