// toon_writer.cpp - the low-level TOON writer (see toon_writer.hpp).
#include "toon/detail/writer.hpp"
#include "toon/detail/linkage.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <system_error>
#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace toon::detail {

namespace {

// ---- Character classes ----------------------------------------------------------------------

// Class of a byte inside a string value or key:
//   plain  - needs neither quoting nor escaping;
//   quote  - forces quoting but is written literally (':', brackets, braces, the delimiter,
//            any byte that cannot appear in an unquoted key);
//   escape - forces quoting and is escaped (§7.1: '"', '\\', U+0000-U+001F).
enum char_class : std::uint8_t { plain = 0, quote = 1, escape = 2 };

using class_table = std::array<std::uint8_t, 256>;

constexpr void mark_escapes(class_table& t) {
  for (int c = 0; c < 0x20; ++c) t[static_cast<std::size_t>(c)] = escape;
  t['"'] = escape;
  t['\\'] = escape;
}

// §7.2: colon, brackets, braces, the relevant delimiter, quote, backslash, controls.
constexpr class_table make_value_table(char delim) {
  class_table t{};
  t[':'] = quote;
  t['['] = quote;
  t[']'] = quote;
  t['{'] = quote;
  t['}'] = quote;
  t[static_cast<unsigned char>(delim)] = quote;
  mark_escapes(t);  // after the delimiter: tab stays an escape
  return t;
}

// §7.3: anything outside [A-Za-z0-9_.] forces quoting (the first byte is checked apart).
constexpr class_table make_key_table() {
  class_table t{};
  for (auto& c : t) c = quote;
  for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = plain;
  for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = plain;
  for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = plain;
  t['_'] = plain;
  t['.'] = plain;
  mark_escapes(t);
  return t;
}

constexpr class_table comma_table = make_value_table(',');
constexpr class_table tab_table = make_value_table('\t');
constexpr class_table pipe_table = make_value_table('|');
constexpr class_table key_table = make_key_table();

const class_table& value_table(delimiter d) noexcept {
  switch (d) {
    case delimiter::tab: return tab_table;
    case delimiter::pipe: return pipe_table;
    case delimiter::comma: break;
  }
  return comma_table;
}

constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_space_or_tab(char c) noexcept { return c == ' ' || c == '\t'; }

// /^[+-]?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?$/i
[[gnu::noinline]] bool numeric_like(std::string_view s) noexcept {
  std::size_t i = 0;
  const std::size_t n = s.size();
  auto digits = [&] {
    std::size_t start = i;
    while (i < n && is_digit(s[i])) ++i;
    return i > start;
  };
  if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
  if (!digits()) return false;
  if (i < n && s[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == n;
}

// First bytes of a string value that call for the checks of whole_string_needs_quotes():
// '-', '#', space, tab, digits, '+', and the first letters of true, false, null.
constexpr std::array<bool, 256> first_byte_checks = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : std::string_view("-# \t+tfn0123456789")) t[c] = true;
  return t;
}();

// The conditions of §7.2 that depend on the string as a whole rather than on one byte.
inline bool whole_string_needs_quotes(std::string_view s) noexcept {
  if (s.empty()) return true;
  const char first = s.front();
  if (!first_byte_checks[static_cast<unsigned char>(first)]) return is_space_or_tab(s.back());
  if (first == '-' || first == '#') return true;
  if (is_space_or_tab(first) || is_space_or_tab(s.back())) return true;
  if ((s.size() == 4 && (s == "true" || s == "null")) || (s.size() == 5 && s == "false")) return true;
  if ((is_digit(first) || first == '+') && numeric_like(s)) return true;
  return false;
}

void append_escape(std::string& out, unsigned char c) {
  char buf[6] = {'\\', 0, 0, 0, 0, 0};
  switch (c) {
    case '\\': buf[1] = '\\'; break;
    case '"': buf[1] = '"'; break;
    case '\n': buf[1] = 'n'; break;
    case '\r': buf[1] = 'r'; break;
    case '\t': buf[1] = 't'; break;
    default: {
      static constexpr char hex[] = "0123456789abcdef";
      buf[1] = 'u';
      buf[2] = '0';
      buf[3] = '0';
      buf[4] = hex[(c >> 4) & 0xF];
      buf[5] = hex[c & 0xF];
      out.append(buf, 6);
      return;
    }
  }
  out.append(buf, 2);
}

// Appends `s`, quoting it when `quote_now` is set or when a byte of class quote/escape occurs,
// escaping the escape-class bytes. One scan: bytes are appended in runs, and only once
// quoting is known to be needed; the opening quote is emitted as soon as the decision falls,
// which is always before the first run is flushed (runs are flushed only at escapes, and an
// escape forces quoting).
void append_scanned(std::string& out, std::string_view s, const class_table& table, bool quote_now) {
  const char* run = s.data();
  const char* p = run;
  const char* const end = run + s.size();
  bool quoted = quote_now;
  if (quoted) out.push_back('"');
  for (; p != end; ++p) {
    const std::uint8_t cls = table[static_cast<unsigned char>(*p)];
    if (cls == plain) [[likely]]
      continue;
    if (!quoted) {
      out.push_back('"');
      quoted = true;
    }
    if (cls == escape) {
      out.append(run, static_cast<std::size_t>(p - run));
      append_escape(out, static_cast<unsigned char>(*p));
      run = p + 1;
    }
  }
  out.append(run, static_cast<std::size_t>(end - run));
  if (quoted) out.push_back('"');
}

}  // namespace

// ---- Field lists ----------------------------------------------------------------------------

TOON_FUNC std::size_t leaf_count(field_list_view fields) noexcept {
  std::size_t n = 0;
  for (const auto& f : fields)
    if (f.child_count == 0) ++n;
  return n;
}

TOON_FUNC std::size_t subtree_end(field_list_view fields, std::size_t index) noexcept {
  std::size_t pending = 1;
  while (pending > 0 && index < fields.size()) {
    pending = pending - 1 + fields[index].child_count;
    ++index;
  }
  return index;
}

// ---- Strings and keys -----------------------------------------------------------------------

TOON_FUNC bool string_needs_quotes(std::string_view s, delimiter d) noexcept {
  if (whole_string_needs_quotes(s)) return true;
  const class_table& table = value_table(d);
  for (char c : s)
    if (table[static_cast<unsigned char>(c)] != plain) return true;
  return false;
}

TOON_FUNC void append_key(std::string& out, std::string_view key) {
  const bool quote_now = key.empty() || (!is_alpha(key.front()) && key.front() != '_');
  append_scanned(out, key, key_table, quote_now);
}

TOON_FUNC void append_string(std::string& out, std::string_view s, delimiter d) {
  append_scanned(out, s, value_table(d), whole_string_needs_quotes(s));
}

TOON_FUNC void append_quoted(std::string& out, std::string_view s) {
  out.push_back('"');
  append_escaped(out, s);
  out.push_back('"');
}

TOON_FUNC void append_escaped(std::string& out, std::string_view s) {
  const char* run = s.data();
  const char* const end = run + s.size();
  for (const char* p = run; p != end; ++p) {
    if (key_table[static_cast<unsigned char>(*p)] == escape) {
      out.append(run, static_cast<std::size_t>(p - run));
      append_escape(out, static_cast<unsigned char>(*p));
      run = p + 1;
    }
  }
  out.append(run, static_cast<std::size_t>(end - run));
}

// ---- Numbers --------------------------------------------------------------------------------

TOON_FUNC void append_int(std::string& out, std::int64_t i) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, i);
  out.append(buf, static_cast<std::size_t>(r.ptr - buf));
}

TOON_FUNC void append_uint(std::string& out, std::uint64_t u) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, u);
  out.append(buf, static_cast<std::size_t>(r.ptr - buf));
}

namespace {

// The eight decimal digits of `v` (< 10^8, zero-padded) as ASCII bytes in one integer, most
// significant digit in the lowest byte (the order of a little-endian store). SWAR: the two
// 4-digit halves, then their 2-digit pairs, then single digits are split in parallel lanes by
// multiply-shift divisions exact in these ranges (x / 100 = x * 5243 >> 19 for x < 43699,
// y / 10 = y * 103 >> 10 for y < 179).
inline std::uint64_t eight_digits(std::uint64_t v) noexcept {
  const std::uint64_t x = v / 10000 | (v % 10000) << 32;
  const std::uint64_t hundreds = (x * 5243 >> 19) & 0x0000007F0000007F;
  const std::uint64_t pairs = hundreds | (x - hundreds * 100) << 16;
  const std::uint64_t tens = (pairs * 103 >> 10) & 0x000F000F000F000F;
  return (tens | (pairs - tens * 10) << 8) + 0x3030303030303030;
}

inline void store8(char* p, std::uint64_t x) noexcept { std::memcpy(p, &x, 8); }

// An integer nearest to `x` (|x| < 2^62): one conversion instruction with SSE2.
inline std::int64_t nearest_integer(double x) noexcept {
#if defined(__SSE2__) && defined(__x86_64__)
  return _mm_cvtsd_si64(_mm_set_sd(x));  // rounds to nearest (the default rounding mode)
#else
  return static_cast<std::int64_t>(x + (x < 0 ? -0.5 : 0.5));
#endif
}

// Formats r / 10^6 (|r| < 2^50) as plain decimal with the trailing zeros of its six decimals
// dropped; returns the length. Below 10^8 (the usual case; on a little-endian machine) the
// digits are made in registers and written with fixed-size stores, without data-dependent
// branches.
std::size_t format_micros(char* buf, std::int64_t r) noexcept {
  char* o = buf;
  std::int64_t m = r;
  if (m < 0) {
    *o++ = '-';
    m = -m;
  }
  const auto u = static_cast<std::uint64_t>(m);
  if constexpr (std::endian::native == std::endian::little) {
    if (u < 100000000000000) {
      const std::uint64_t high = eight_digits(u / 100000000), low = eight_digits(u % 100000000);
      // Digits 2..9 of the 16 (the whole part, up to 8 digits); it has at least one digit.
      std::size_t whole = 1;
      for (std::uint64_t p = 10000000; p <= 10000000000000; p *= 10) whole += u >= p ? 1 : 0;
      store8(o, (high >> 16 | low << 48) >> (8 * (8 - whole)));
      o += whole;
      // Digits 10..15: the decimals; `nonzero` has a byte set for each one that is not '0'.
      const std::uint64_t decimals = low >> 16;
      const std::uint64_t nonzero = decimals ^ 0x303030303030;
      if (nonzero == 0) return static_cast<std::size_t>(o - buf);
      *o++ = '.';
      store8(o, decimals);
      o += (64 - std::countl_zero(nonzero) + 7) / 8;
      return static_cast<std::size_t>(o - buf);
    }
  }
  o = std::to_chars(o, buf + max_double_chars, u / 1000000).ptr;
  std::uint64_t frac = u % 1000000;
  if (frac == 0) return static_cast<std::size_t>(o - buf);
  *o++ = '.';
  int k = 6;
  while (frac % 10 == 0) {
    frac /= 10;
    --k;
  }
  for (int i = k - 1; i >= 0; --i) {
    o[i] = static_cast<char>('0' + frac % 10);
    frac /= 10;
  }
  return static_cast<std::size_t>(o + k - buf);
}

}  // namespace

TOON_FUNC std::size_t format_double(char* buf, double d) noexcept {
  if (!std::isfinite(d)) {
    std::memcpy(buf, "null", 4);
    return 4;
  }
  if (d == 0) {  // 0 and -0
    buf[0] = '0';
    return 1;
  }
  // Few decimals (prices, rates, integral values): d equals r / 10^k for an integer r and
  // the smallest such k <= 6. Below 2^50 in scaled units, doubles are spaced at most 1/4
  // apart, so r is the only k-decimal candidate and its digits are the shortest round-trip
  // ones (the decimal r/10^k reads back as the correctly rounded quotient, which is d). One
  // test at k = 6 suffices: r6 / 10^6 is the same rational number as r / 10^k, and the
  // trailing zeros of r6 give k.
  if (const double a = std::fabs(d); a < 0x1p50 / 1e6) {
    // A nearest integer (any near integer would do: the test decides). The digits are made
    // from it while the test (a division) is still running: its outcome is predictable.
    const std::int64_t r = nearest_integer(d * 1e6);
    if (static_cast<double>(r) / 1e6 == d) return format_micros(buf, r);
  }
  // Where Number::toString uses plain decimal notation its digits are the shortest round-trip
  // ones, which to_chars prints in fixed form - up to 1e15 (< 2^53), above which fixed form
  // would spell out the exact binary value instead of zeros after the shortest digits.
  if (const double a = std::fabs(d); a >= 1e-6 && a < 1e15)
    return static_cast<std::size_t>(std::to_chars(buf, buf + max_double_chars, d, std::chars_format::fixed).ptr - buf);
  // Shortest round-trip digits in scientific form: [-]D[.DDD]e(+|-)XX[X].
  char sci[max_double_chars];
  auto r = std::to_chars(sci, sci + sizeof sci, d, std::chars_format::scientific);
  const char* p = sci;
  const char* const end = r.ptr;
  char* o = buf;
  if (*p == '-') {
    *o++ = '-';
    ++p;
  }
  char digits[20];
  int k = 0;  // number of significant digits
  digits[k++] = *p++;
  if (*p == '.') {
    ++p;
    while (*p != 'e') digits[k++] = *p++;
  }
  ++p;  // 'e'
  const bool exp_negative = *p == '-';
  ++p;  // sign
  int exp10 = 0;
  while (p != end) exp10 = exp10 * 10 + (*p++ - '0');
  if (exp_negative) exp10 = -exp10;

  // Number::toString (ECMA-262): the value is 0.d1d2...dk * 10^n.
  const int n = exp10 + 1;
  if (k <= n && n <= 21) {  // integer: digits then n-k zeros
    std::memcpy(o, digits, static_cast<std::size_t>(k));
    o += k;
    for (int i = k; i < n; ++i) *o++ = '0';
  } else if (0 < n && n <= 21) {  // decimal point inside the digits
    std::memcpy(o, digits, static_cast<std::size_t>(n));
    o += n;
    *o++ = '.';
    std::memcpy(o, digits + n, static_cast<std::size_t>(k - n));
    o += k - n;
  } else if (-6 < n && n <= 0) {  // 0.000ddd
    *o++ = '0';
    *o++ = '.';
    for (int i = n; i < 0; ++i) *o++ = '0';
    std::memcpy(o, digits, static_cast<std::size_t>(k));
    o += k;
  } else {  // exponent form: d[.ddd]e(+|-)x
    *o++ = digits[0];
    if (k > 1) {
      *o++ = '.';
      std::memcpy(o, digits + 1, static_cast<std::size_t>(k - 1));
      o += k - 1;
    }
    *o++ = 'e';
    const int e = n - 1;
    *o++ = e < 0 ? '-' : '+';
    auto er = std::to_chars(o, buf + max_double_chars, e < 0 ? -e : e);
    o = er.ptr;
  }
  return static_cast<std::size_t>(o - buf);
}

TOON_FUNC void append_double(std::string& out, double d) {
  char buf[max_double_chars];
  out.append(buf, format_double(buf, d));
}

TOON_FUNC void append_big_integer(std::string& out, std::string_view digits) { out.append(digits); }

TOON_FUNC void append_bool(std::string& out, bool b) {
  if (b) out.append("true", 4);
  else out.append("false", 5);
}

TOON_FUNC void append_null(std::string& out) { out.append("null", 4); }

// ---- Headers --------------------------------------------------------------------------------

TOON_FUNC void append_bracket(std::string& out, std::size_t length, delimiter d, bool keyed) {
  char buf[28];
  char* o = buf;
  *o++ = '[';
  o = std::to_chars(o, buf + 24, length).ptr;
  if (keyed) *o++ = ':';
  if (d != delimiter::comma) *o++ = static_cast<char>(d);
  *o++ = ']';
  out.append(buf, static_cast<std::size_t>(o - buf));
}

namespace {

// Writes `count` sibling entries starting at `index`; returns the index past them.
std::size_t append_field_entries(std::string& out, field_list_view fields, std::size_t index,
                                 std::size_t count, delimiter d) {
  for (std::size_t j = 0; j < count && index < fields.size(); ++j) {
    if (j > 0) out.push_back(static_cast<char>(d));
    const field_node& f = fields[index++];
    append_key(out, f.name);
    if (f.child_count > 0) {
      out.push_back('{');
      index = append_field_entries(out, fields, index, f.child_count, d);
      out.push_back('}');
    }
  }
  return index;
}

}  // namespace

TOON_FUNC void append_fields(std::string& out, field_list_view fields, delimiter d) {
  out.push_back('{');
  std::size_t index = 0;
  bool first = true;
  while (index < fields.size()) {
    if (!first) out.push_back(static_cast<char>(d));
    first = false;
    index = append_field_entries(out, fields, index, 1, d);
  }
  out.push_back('}');
}

// ---- writer ---------------------------------------------------------------------------------

namespace {

// Copies `s` to `dst`; returns the union (bitwise or) of the classes of its bytes in `table`.
std::uint8_t copy_scalar(char* dst, std::string_view s, const class_table& table) noexcept {
  std::uint8_t acc = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    acc |= table[c];
    dst[i] = static_cast<char>(c);
  }
  return acc;
}

#if defined(__SSE2__)
// Copies `s` (at least 4 bytes) to `dst` by blocks, passing each block to `acc.add()`: 16
// bytes at a time for n >= 16 (the last block overlapping the previous one), two overlapping
// 8- or 4-byte halves (repeated to fill 16 bytes) below. Loads and stores stay within s and
// dst[0, n). Without Store, only reads (dst unused).
template <class Accumulator, bool Store = true>
void copy_blocks(char* dst, std::string_view s, Accumulator& acc) noexcept {
  const std::size_t n = s.size();
  const char* src = s.data();
  if (n >= 16) {
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
      acc.add(x);
      if constexpr (Store) _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), x);
    }
    if (i < n) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + n - 16));
      acc.add(x);
      if constexpr (Store) _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + n - 16), x);
    }
  } else if (n >= 8) {
    const __m128i lo = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src));
    const __m128i hi = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + n - 8));
    if constexpr (Store) {
      _mm_storel_epi64(reinterpret_cast<__m128i*>(dst), lo);
      _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + n - 8), hi);
    }
    acc.add(_mm_unpacklo_epi64(lo, hi));
  } else {
    std::uint32_t lo, hi;
    std::memcpy(&lo, src, 4);
    std::memcpy(&hi, src + n - 4, 4);
    if constexpr (Store) {
      std::memcpy(dst, &lo, 4);
      std::memcpy(dst + n - 4, &hi, 4);
    }
    acc.add(_mm_set_epi32(static_cast<int>(hi), static_cast<int>(lo), static_cast<int>(hi), static_cast<int>(lo)));
  }
}

// The classes of the bytes of a string value (§7.2), block by block: `quote` for ':' '[' ']'
// '{' '}' and the delimiter, `escape` for '"' '\\' and the controls <= 0x1F, as 0xFF marks.
// '[' and '{', ']' and '}' differ only in bit 0x20, so each pair takes one comparison.
struct value_classes {
  __m128i delim;
  __m128i quote_marks = _mm_setzero_si128();
  __m128i escape_marks = _mm_setzero_si128();

  void add(__m128i x) noexcept {
    const __m128i folded = _mm_or_si128(x, _mm_set1_epi8(0x20));
    const __m128i control_max = _mm_set1_epi8(0x1F);
    const __m128i brackets = _mm_or_si128(_mm_cmpeq_epi8(folded, _mm_set1_epi8('{')),
                                          _mm_cmpeq_epi8(folded, _mm_set1_epi8('}')));
    const __m128i q = _mm_or_si128(brackets, _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(':')),
                                                          _mm_cmpeq_epi8(x, delim)));
    const __m128i e = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                                                _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))),
                                   _mm_cmpeq_epi8(_mm_max_epu8(x, control_max), control_max));
    quote_marks = _mm_or_si128(quote_marks, q);
    escape_marks = _mm_or_si128(escape_marks, e);
  }
  // The union of the classes seen (one test when there is none).
  [[nodiscard]] std::uint8_t classes() const noexcept {
    if (_mm_movemask_epi8(_mm_or_si128(quote_marks, escape_marks)) == 0) [[likely]] return plain;
    return static_cast<std::uint8_t>((_mm_movemask_epi8(quote_marks) != 0 ? quote : plain) |
                                     (_mm_movemask_epi8(escape_marks) != 0 ? escape : plain));
  }
};

// Whether all bytes of a key are of [A-Za-z0-9_.] (§7.3), block by block (signed comparisons:
// bytes >= 0x80 are negative, outside every range).
struct key_bytes {
  __m128i outside = _mm_setzero_si128();

  void add(__m128i x) noexcept {
    const __m128i lower = _mm_or_si128(x, _mm_set1_epi8(0x20));
    const __m128i alpha = _mm_and_si128(_mm_cmpgt_epi8(lower, _mm_set1_epi8('a' - 1)),
                                        _mm_cmplt_epi8(lower, _mm_set1_epi8('z' + 1)));
    const __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('0' - 1)),
                                        _mm_cmplt_epi8(x, _mm_set1_epi8('9' + 1)));
    const __m128i other = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('_')), _mm_cmpeq_epi8(x, _mm_set1_epi8('.')));
    const __m128i inside = _mm_or_si128(alpha, _mm_or_si128(digit, other));
    outside = _mm_or_si128(outside, _mm_andnot_si128(inside, _mm_set1_epi8(-1)));
  }
  [[nodiscard]] bool all_inside() const noexcept { return _mm_movemask_epi8(outside) == 0; }
};

std::uint8_t copy_value_simd(char* dst, std::string_view s, char delim) noexcept {
  value_classes acc{_mm_set1_epi8(delim)};
  copy_blocks(dst, s, acc);
  return acc.classes();
}
#endif

// Copies the key `k` to `dst`; returns the union of its byte classes in the key table (§7.3).
std::uint8_t copy_key(char* dst, std::string_view k) noexcept {
#if defined(__SSE2__)
  if (k.size() >= 4) {
    key_bytes acc;
    copy_blocks(dst, k, acc);
    if (acc.all_inside()) [[likely]] return plain;
  }
#endif
  return copy_scalar(dst, k, key_table);
}

// Copies the string value `s` to `dst`; returns the union of its byte classes (§7.2).
std::uint8_t copy_value(char* dst, std::string_view s, delimiter d) noexcept {
#if defined(__SSE2__)
  if (s.size() >= 4) return copy_value_simd(dst, s, static_cast<char>(d));
#endif
  return copy_scalar(dst, s, value_table(d));
}

// Length of `"s"` with §7.1 escapes.
std::size_t quoted_size(std::string_view s) noexcept {
  std::size_t n = s.size() + 2;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (key_table[u] != escape) continue;
    n += (u == '\\' || u == '"' || u == '\n' || u == '\r' || u == '\t') ? 1 : 5;
  }
  return n;
}

// Writes `"s"` with §7.1 escapes at `p`; returns the end.
char* put_quoted(char* p, std::string_view s) noexcept {
  *p++ = '"';
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (key_table[u] != escape) [[likely]] {
      *p++ = c;
      continue;
    }
    *p++ = '\\';
    switch (u) {
      case '\\': *p++ = '\\'; break;
      case '"': *p++ = '"'; break;
      case '\n': *p++ = 'n'; break;
      case '\r': *p++ = 'r'; break;
      case '\t': *p++ = 't'; break;
      default: {
        static constexpr char hex[] = "0123456789abcdef";
        *p++ = 'u';
        *p++ = '0';
        *p++ = '0';
        *p++ = hex[(u >> 4) & 0xF];
        *p++ = hex[u & 0xF];
      }
    }
  }
  *p++ = '"';
  return p;
}

}  // namespace

TOON_FUNC bool key_needs_quotes(std::string_view key) noexcept {
  if (key.empty()) return true;
  if (!is_alpha(key.front()) && key.front() != '_') return true;
#if defined(__SSE2__)
  if (key.size() >= 4) {
    key_bytes acc;
    copy_blocks<key_bytes, false>(nullptr, key, acc);
    return !acc.all_inside();
  }
#endif
  for (char c : key)
    if (key_table[static_cast<unsigned char>(c)] != plain) return true;
  return false;
}

TOON_FUNC writer::writer(std::string& out, int indent_size, delimiter document_delimiter) noexcept
    : out_(out),
      cur_(out.data() + out.size()),
      end_(cur_),
      indent_(indent_size > 0 ? static_cast<std::size_t>(indent_size) : 0),
      delim_(document_delimiter) {}

TOON_FUNC void writer::grow(std::size_t n) {
  // resize() zero-fills what it adds: grow by steps of 16 KiB (or n), so that the bytes are
  // zero-filled just before they are written, while in the L1 cache. Within the capacity
  // there is no reallocation; beyond it std::string reallocates geometrically.
  constexpr std::size_t step = std::size_t(1) << 14;
  const auto used = static_cast<std::size_t>(cur_ - out_.data());
  const std::size_t want = used + std::max(n, step);
  if (used + n <= out_.capacity()) out_.resize(std::min(want, out_.capacity()));
  else out_.resize(want);
  cur_ = out_.data() + used;
  end_ = out_.data() + out_.size();
}

TOON_FUNC void writer::flush() {
  sync();
  flush_fn_(flush_context_, out_);
  cur_ = out_.data() + out_.size();
  end_ = cur_;
}

TOON_FUNC void writer::sync() noexcept {
  out_.resize(static_cast<std::size_t>(cur_ - out_.data()));
  cur_ = out_.data() + out_.size();
  end_ = cur_;
}

TOON_FUNC void writer::exact_begin_line(std::size_t n) {
  char* p = reserve(n + 1);
  if (started_) *p++ = '\n';
  started_ = true;
  std::memset(p, ' ', n);
  cur_ = p + n;
}

// Reservations are exact or nearly (the unescaped size plus quotes, the longest number), so
// that a buffer reserved for the document plus a little slack is never reallocated.

TOON_FUNC void writer::key(std::string_view k) {
  char* p = reserve(k.size() + 2);
  const bool quote_now = k.empty() || (!is_alpha(k.front()) && k.front() != '_');
  const std::uint8_t classes = copy_key(p, k);
  if (!quote_now && classes == plain) {
    cur_ = p + k.size();
  } else if ((classes & escape) == 0) {  // quoted, nothing to escape
    std::memmove(p + 1, p, k.size());
    p[0] = '"';
    p[k.size() + 1] = '"';
    cur_ = p + k.size() + 2;
  } else {
    quoted(k);
  }
}

TOON_FUNC void writer::string(std::string_view s, delimiter d) {
  const std::size_t n = s.size();
  char* p = reserve(n + 2);
  const std::uint8_t classes = copy_value(p, s, d);
  if (classes == plain && !whole_string_needs_quotes(s)) {
    cur_ = p + n;
  } else if ((classes & escape) == 0) {  // quoted, nothing to escape
    std::memmove(p + 1, p, n);
    p[0] = '"';
    p[n + 1] = '"';
    cur_ = p + n + 2;
  } else {
    quoted(s);
  }
}

TOON_FUNC void writer::quoted(std::string_view s) { cur_ = put_quoted(reserve(quoted_size(s)), s); }

TOON_FUNC void writer::number_near_end(double d) {
  char buf[max_double_chars];
  const std::size_t n = format_double(buf, d);
  char* p = reserve(n);
  std::memcpy(p, buf, n);
  cur_ = p + n;
}

TOON_FUNC void writer::bracket(std::size_t length, delimiter d, bool keyed) {
  char* const start = reserve(24);  // '[' 20 digits ':' delimiter ']'
  char* o = start;
  *o++ = '[';
  o = std::to_chars(o, start + 21, length).ptr;
  if (keyed) *o++ = ':';
  if (d != delimiter::comma) *o++ = static_cast<char>(d);
  *o++ = ']';
  cur_ = o;
}

TOON_FUNC std::size_t writer::append_field_entries(field_list_view fields, std::size_t index, std::size_t count,
                                         delimiter d) {
  for (std::size_t j = 0; j < count && index < fields.size(); ++j) {
    if (j > 0) put1(static_cast<char>(d));
    const field_node& f = fields[index++];
    key(f.name);
    if (f.child_count > 0) {
      put1('{');
      index = append_field_entries(fields, index, f.child_count, d);
      put1('}');
    }
  }
  return index;
}

TOON_FUNC void writer::fields(field_list_view f, delimiter d) {
  put1('{');
  std::size_t index = 0;
  bool first = true;
  while (index < f.size()) {
    if (!first) put1(static_cast<char>(d));
    first = false;
    index = append_field_entries(f, index, 1, d);
  }
  put1('}');
}

TOON_FUNC void writer::header(std::string_view k, std::size_t length, delimiter d, field_list_view f,
                    bool keyed) {
  key(k);
  keyless_header(length, d, f, keyed);
}

TOON_FUNC void writer::keyless_header(std::size_t length, delimiter d, field_list_view f, bool keyed) {
  bracket(length, d, keyed);
  if (!f.empty()) fields(f, d);
  put1(':');
}

TOON_FUNC void writer::empty_array_field(std::size_t depth, std::string_view k) {
  begin_line(depth);
  key(k);
  raw(std::string_view(": []", 4));
}

TOON_FUNC void writer::object_field(std::size_t depth, std::string_view k) {
  begin_line(depth);
  key(k);
  put1(':');
}

}  // namespace toon::detail
