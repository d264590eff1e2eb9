// toon_writer.cpp - the low-level TOON writer (see toon_writer.hpp).
#include "toon/detail/writer.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <system_error>

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
bool numeric_like(std::string_view s) noexcept {
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

// The conditions of §7.2 that depend on the string as a whole rather than on one byte.
bool whole_string_needs_quotes(std::string_view s) noexcept {
  if (s.empty()) return true;
  const char first = s.front();
  if (first == '-' || first == '#') return true;
  if (is_space_or_tab(first) || is_space_or_tab(s.back())) return true;
  if (s == "true" || s == "false" || s == "null") return true;
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

std::size_t leaf_count(field_list_view fields) noexcept {
  std::size_t n = 0;
  for (const auto& f : fields)
    if (f.child_count == 0) ++n;
  return n;
}

std::size_t subtree_end(field_list_view fields, std::size_t index) noexcept {
  std::size_t pending = 1;
  while (pending > 0 && index < fields.size()) {
    pending = pending - 1 + fields[index].child_count;
    ++index;
  }
  return index;
}

// ---- Strings and keys -----------------------------------------------------------------------

bool key_needs_quotes(std::string_view key) noexcept {
  if (key.empty()) return true;
  if (!is_alpha(key.front()) && key.front() != '_') return true;
  for (char c : key)
    if (key_table[static_cast<unsigned char>(c)] != plain) return true;
  return false;
}

bool string_needs_quotes(std::string_view s, delimiter d) noexcept {
  if (whole_string_needs_quotes(s)) return true;
  const class_table& table = value_table(d);
  for (char c : s)
    if (table[static_cast<unsigned char>(c)] != plain) return true;
  return false;
}

void append_key(std::string& out, std::string_view key) {
  const bool quote_now = key.empty() || (!is_alpha(key.front()) && key.front() != '_');
  append_scanned(out, key, key_table, quote_now);
}

void append_string(std::string& out, std::string_view s, delimiter d) {
  append_scanned(out, s, value_table(d), whole_string_needs_quotes(s));
}

void append_quoted(std::string& out, std::string_view s) {
  out.push_back('"');
  append_escaped(out, s);
  out.push_back('"');
}

void append_escaped(std::string& out, std::string_view s) {
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

void append_int(std::string& out, std::int64_t i) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, i);
  out.append(buf, static_cast<std::size_t>(r.ptr - buf));
}

void append_uint(std::string& out, std::uint64_t u) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, u);
  out.append(buf, static_cast<std::size_t>(r.ptr - buf));
}

std::size_t format_double(char* buf, double d) noexcept {
  if (!std::isfinite(d)) {
    std::memcpy(buf, "null", 4);
    return 4;
  }
  if (d == 0) {  // 0 and -0
    buf[0] = '0';
    return 1;
  }
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

void append_double(std::string& out, double d) {
  char buf[max_double_chars];
  out.append(buf, format_double(buf, d));
}

void append_big_integer(std::string& out, std::string_view digits) { out.append(digits); }

void append_bool(std::string& out, bool b) {
  if (b) out.append("true", 4);
  else out.append("false", 5);
}

void append_null(std::string& out) { out.append("null", 4); }

// ---- Headers --------------------------------------------------------------------------------

void append_bracket(std::string& out, std::size_t length, delimiter d, bool keyed) {
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

void append_fields(std::string& out, field_list_view fields, delimiter d) {
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

writer::writer(std::string& out, int indent_size, delimiter document_delimiter) noexcept
    : out_(out),
      indent_(indent_size > 0 ? static_cast<std::size_t>(indent_size) : 0),
      delim_(document_delimiter) {}

void writer::begin_line(std::size_t depth) {
  if (started_) out_.push_back('\n');
  started_ = true;
  out_.append(depth * indent_, ' ');
}

void writer::begin_list_item(std::size_t depth) {
  begin_line(depth);
  out_.append("- ", 2);
}

void writer::empty_list_item(std::size_t depth) {
  begin_line(depth);
  out_.push_back('-');
}

void writer::header(std::string_view k, std::size_t length, delimiter d, field_list_view f,
                    bool keyed) {
  append_key(out_, k);
  keyless_header(length, d, f, keyed);
}

void writer::keyless_header(std::size_t length, delimiter d, field_list_view f, bool keyed) {
  append_bracket(out_, length, d, keyed);
  if (!f.empty()) append_fields(out_, f, d);
  out_.push_back(':');
}

void writer::empty_array_field(std::size_t depth, std::string_view k) {
  begin_line(depth);
  append_key(out_, k);
  out_.append(": []", 4);
}

void writer::object_field(std::size_t depth, std::string_view k) {
  begin_line(depth);
  append_key(out_, k);
  out_.push_back(':');
}

}  // namespace toon::detail
