#include "token.hpp"
#include "toon/detail/linkage.hpp"

#include <bit>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstring>

#include "../common/utf8.hpp"

namespace toon::detail {

TOON_FUNC std::size_t skip_quoted(std::string_view s) noexcept {
  for (std::size_t i = find_any2(s, 1, '"', '\\'); i < s.size(); i = find_any2(s, i, '"', '\\')) {
    if (s[i] == '"') return i + 1;
    i += 2;  // an escape and the byte it escapes
  }
  return std::string_view::npos;
}

TOON_FUNC std::size_t find_unquoted(std::string_view s, char c) noexcept { return find_first_unquoted_of(s, c, c); }

TOON_FUNC std::size_t find_first_unquoted_of(std::string_view s, char a, char b) noexcept {
  std::size_t i = 0;
  for (;;) {
    i = find_any3(s, i, a, b, '"');
    if (i >= s.size()) return std::string_view::npos;
    if (s[i] != '"') return i;
    std::size_t q = skip_quoted(s.substr(i));
    if (q == std::string_view::npos) return std::string_view::npos;
    i += q;
  }
}

TOON_FUNC bool unquote(std::string_view s, std::string& scratch, std::string_view& out, std::size_t& consumed,
             scan_error& err) {
  // Fast path: no backslash before the closing quote.
  const std::size_t n = s.size();
  std::size_t i = find_any2(s, 1, '"', '\\');  // 8 bytes at a time
  if (i < n && s[i] == '"') {
    out = s.substr(1, i - 1);
    consumed = i + 1;
    return true;
  }
  scratch.assign(s.data() + 1, i - 1);
  while (i < n) {
    char c = s[i];
    if (c == '"') {
      out = scratch;
      consumed = i + 1;
      return true;
    }
    if (c != '\\') {
      // Copy the run up to the next quote or backslash in one go.
      std::size_t j = i;
      while (j < n && s[j] != '"' && s[j] != '\\') ++j;
      scratch.append(s.data() + i, j - i);
      i = j;
      continue;
    }
    if (i + 1 >= n) break;
    char e = s[i + 1];
    switch (e) {
      case '\\': scratch += '\\'; i += 2; continue;
      case '"': scratch += '"'; i += 2; continue;
      case 'n': scratch += '\n'; i += 2; continue;
      case 'r': scratch += '\r'; i += 2; continue;
      case 't': scratch += '\t'; i += 2; continue;
      case 'u': {
        std::uint32_t cp = 0;
        for (std::size_t k = 0; k < 4; ++k) {
          int h = i + 2 + k < n ? detail::hex_digit(s[i + 2 + k]) : -1;
          if (h < 0) {
            err = {error_code::invalid_escape, "\\u escape needs four hex digits", i};
            return false;
          }
          cp = cp * 16 + static_cast<std::uint32_t>(h);
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) {
          err = {error_code::invalid_escape, "\\u escape of a surrogate code point", i};
          return false;
        }
        append_utf8(scratch, cp);
        i += 6;
        continue;
      }
      default:
        err = {error_code::invalid_escape, "invalid escape sequence", i};
        return false;
    }
  }
  err = {error_code::unterminated_string, "unterminated string", 0};
  return false;
}

TOON_FUNC bool is_number_token(std::string_view t) noexcept {
  std::size_t i = 0, n = t.size();
  if (i < n && t[i] == '-') ++i;
  std::size_t int_start = i;
  while (i < n && t[i] >= '0' && t[i] <= '9') ++i;
  std::size_t int_len = i - int_start;
  if (int_len == 0) return false;
  bool has_more = i < n;
  if (i < n && t[i] == '.') {
    ++i;
    std::size_t f = i;
    while (i < n && t[i] >= '0' && t[i] <= '9') ++i;
    if (i == f) return false;
  }
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < n && (t[i] == '+' || t[i] == '-')) ++i;
    std::size_t f = i;
    while (i < n && t[i] >= '0' && t[i] <= '9') ++i;
    if (i == f) return false;
  }
  if (i != n) return false;
  // Forbidden leading zeros: "05", "-007"; "0.5", "0e1" are fine.
  if (int_len > 1 && t[int_start] == '0') return false;
  (void)has_more;
  return true;
}

TOON_FUNC bool parse_primitive(std::string_view token, std::string& scratch, primitive& out, scan_error& err) {
  if (!token.empty() && token[0] == '"') {
    std::size_t consumed = 0;
    std::string_view s;
    if (!unquote(token, scratch, s, consumed, err)) return false;
    if (consumed != token.size()) {
      err = {error_code::unexpected_line, "unexpected characters after a quoted string", consumed};
      return false;
    }
    out.type = primitive::kind::string;
    out.text = s;
    return true;
  }
  switch (token.size()) {
    case 4:
      if (token == "true") { out.type = primitive::kind::boolean; out.b = true; return true; }
      if (token == "null") { out.type = primitive::kind::null; return true; }
      break;
    case 5:
      if (token == "false") { out.type = primitive::kind::boolean; out.b = false; return true; }
      break;
    default: break;
  }
  char c0 = token.empty() ? '\0' : token[0];
  if ((c0 >= '0' && c0 <= '9') || c0 == '-') {
    // One pass over the §4 number grammar; integers of up to 18 digits are accumulated on the
    // way (they cannot overflow int64), everything else goes through from_chars below.
    const std::size_t n = token.size();
    const bool negative = c0 == '-';
    std::size_t i = negative ? 1 : 0;
    const std::size_t int_start = i;
    std::uint64_t acc = 0;
    while (i < n && token[i] >= '0' && token[i] <= '9') acc = acc * 10 + static_cast<unsigned>(token[i++] - '0');
    const std::size_t int_len = i - int_start;
    if (int_len == 0 || (int_len > 1 && token[int_start] == '0')) {
      out.type = primitive::kind::string;  // "-", "-x", "05": not numbers
      out.text = token;
      return true;
    }
    if (i == n && int_len <= 18) {
      out.type = primitive::kind::integer;
      out.i = negative ? -static_cast<std::int64_t>(acc) : static_cast<std::int64_t>(acc);
      return true;
    }
    if (i < n && token[i] != '.' && token[i] != 'e' && token[i] != 'E') {
      out.type = primitive::kind::string;  // digits then something else: "2024-01-15", "12ab"
      out.text = token;
      return true;
    }
    if (FLT_EVAL_METHOD == 0 && i < n && token[i] == '.' && int_len <= 15) {
      // Short decimals (at most 15 significant digits in all, no exponent): the digits as an
      // integer below 2^53 divided by an exact power of ten is one correctly rounded IEEE
      // operation (Clinger's fast path), so this equals from_chars.
      static constexpr double pow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                         1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
      std::size_t j = i + 1;
      std::uint64_t m = acc;
      while (j < n && token[j] >= '0' && token[j] <= '9') m = m * 10 + static_cast<unsigned>(token[j++] - '0');
      const std::size_t frac_len = j - i - 1;
      if (j == n && frac_len > 0 && int_len + frac_len <= 15) {
        double d = static_cast<double>(m) / pow10[frac_len];
        out.type = primitive::kind::real;
        out.d = negative && m != 0 ? -d : d;  // -0 decodes to 0
        return true;
      }
    }
    const bool integral = i == n;
    if (is_number_token(token)) {
      const char* b = token.data();
      const char* e = b + token.size();
      if (integral) {
        std::int64_t i = 0;
        auto r = std::from_chars(b, e, i);
        if (r.ec == std::errc() && r.ptr == e) {
          out.type = primitive::kind::integer;
          out.i = i;
          return true;
        }
        if (c0 != '-') {
          std::uint64_t u = 0;
          auto ru = std::from_chars(b, e, u);
          if (ru.ec == std::errc() && ru.ptr == e) {
            out.type = primitive::kind::uinteger;
            out.u = u;
            return true;
          }
        }
        out.type = primitive::kind::big_integer;
        out.text = token;
        return true;
      }
      double d = 0;
      auto r = std::from_chars(b, e, d);
      if (r.ec == std::errc() && r.ptr == e && std::isfinite(d)) {
        out.type = primitive::kind::real;
        out.d = d == 0 ? 0.0 : d;  // -0 decodes to 0
        return true;
      }
      if (r.ec == std::errc::result_out_of_range && r.ptr == e) {
        // Underflow rounds to zero; overflow is outside the numeric domain and stays
        // the token's text (as the reference implementation does).
        bool underflow = false;
        std::size_t epos = token.find_first_of("eE");
        if (epos != std::string_view::npos && epos + 1 < token.size() && token[epos + 1] == '-') underflow = true;
        if (underflow) {
          out.type = primitive::kind::real;
          out.d = 0.0;
          return true;
        }
      }
    }
  }
  out.type = primitive::kind::string;
  out.text = token;
  return true;
}

}  // namespace toon::detail
