// JSON output: toon::to_json (value tree), toon::toon_to_json (decoder events), and the
// shared scalar formatting of json_writer.hpp.
#include "json_writer.hpp"
#include "toon/detail/linkage.hpp"

#include "toon/detail/writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <bit>
#include <cstring>
#include <system_error>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "../parse/header_parser.hpp"
#include "../parse/token.hpp"

#include "toon/decode.hpp"
#include "toon/json.hpp"

namespace toon::detail {

namespace {

// For each byte: 0 when written as is, else the character after the backslash
// ('u' for the \u00xx form).
constexpr std::array<char, 256> make_escape_table() {
  std::array<char, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[static_cast<std::size_t>(c)] = 'u';
  t['\b'] = 'b';
  t['\f'] = 'f';
  t['\n'] = 'n';
  t['\r'] = 'r';
  t['\t'] = 't';
  t['"'] = '"';
  t['\\'] = '\\';
  return t;
}
constexpr std::array<char, 256> escape_table = make_escape_table();

}  // namespace

namespace {

// Offset of the first byte of s[i, n) that JSON escapes (a control character, '"' or '\\'),
// or n. SSE2: 16 bytes per step (a byte is <= 0x1F exactly when max(b, 0x1F) == 0x1F).
inline std::size_t next_escape(const char* s, std::size_t i, std::size_t n) noexcept {
#if defined(__SSE2__)
  const __m128i ctl = _mm_set1_epi8(0x1F);
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  while (i + 16 <= n) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
    const __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, ctl), ctl),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
    const unsigned m = static_cast<unsigned>(_mm_movemask_epi8(hit));
    if (m) return i + static_cast<std::size_t>(std::countr_zero(m));
    i += 16;
  }
#endif
  while (i < n && escape_table[static_cast<unsigned char>(s[i])] == 0) ++i;
  return i;
}

}  // namespace

namespace {

// Whether any byte of the eight in `w` is escaped by JSON: below 0x20 (exact as a yes/no
// test: (w - 0x20..) & ~w & 0x80.. is nonzero iff some byte is < 0x20), '"' or '\\'.
inline bool escapes_in_word(std::uint64_t w) noexcept {
  return (((w - swar::ones * 0x20) & ~w & swar::highs) | swar::bytes_equal(w, '"') | swar::bytes_equal(w, '\\')) != 0;
}

// Copies s[0, n) to `o` when it holds no byte that JSON escapes, and returns true; false
// otherwise (with some of o[0, n) written, which the caller writes over). Short strings (most
// keys and values) take a few overlapping word loads and stores instead of a byte loop and a
// memcpy call; longer ones (SSE2) 16 bytes a step, each block checked and stored in one pass,
// the last block overlapping the one before.
inline bool copy_if_nothing_to_escape(char* o, const char* s, std::size_t n) noexcept {
  if (n >= 16) {
#if defined(__SSE2__)
    const __m128i ctl = _mm_set1_epi8(0x1F);
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    auto block = [&](std::size_t i) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
      const __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, ctl), ctl),
                                       _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(o + i), v);
      return _mm_movemask_epi8(hit) == 0;
    };
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16)
      if (!block(i)) return false;
    return i == n || block(n - 16);
#else
    if (next_escape(s, 0, n) != n) return false;
    std::memcpy(o, s, n);
    return true;
#endif
  }
  if (n >= 8) {
    std::uint64_t a, b;
    std::memcpy(&a, s, 8);
    std::memcpy(&b, s + n - 8, 8);
    if (escapes_in_word(a) || escapes_in_word(b)) return false;
    std::memcpy(o, &a, 8);
    std::memcpy(o + n - 8, &b, 8);
    return true;
  }
  if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, s, 4);
    std::memcpy(&b, s + n - 4, 4);
    if (escapes_in_word(std::uint64_t{a} | (std::uint64_t{b} << 32))) return false;
    std::memcpy(o, &a, 4);
    std::memcpy(o + n - 4, &b, 4);
    return true;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (escape_table[static_cast<unsigned char>(s[i])] != 0) return false;
  for (std::size_t i = 0; i < n; ++i) o[i] = s[i];
  return true;
}

// Copies s[0, n) to `o`: short texts with overlapping word loads and stores, no call.
inline void copy_short(char* o, const char* s, std::size_t n) noexcept {
  if (n >= 8 && n <= 16) {
    std::uint64_t a, b;
    std::memcpy(&a, s, 8);
    std::memcpy(&b, s + n - 8, 8);
    std::memcpy(o, &a, 8);
    std::memcpy(o + n - 8, &b, 8);
  } else if (n >= 4 && n < 8) {
    std::uint32_t a, b;
    std::memcpy(&a, s, 4);
    std::memcpy(&b, s + n - 4, 4);
    std::memcpy(o, &a, 4);
    std::memcpy(o + n - 4, &b, 4);
  } else if (n < 4) {
    for (std::size_t i = 0; i < n; ++i) o[i] = s[i];
  } else {
    std::memcpy(o, s, n);
  }
}

}  // namespace

namespace {

// write_json_string() for a string with something to escape (out of line: the common case
// stays small).
[[gnu::noinline]] char* write_escaped(char* o, const char* p, std::size_t n) noexcept {
  static constexpr char hex[] = "0123456789abcdef";
  std::size_t run = 0;  // start of the pending run of bytes written as is
  std::size_t i = next_escape(p, 0, n);
  while (i < n) {
    std::memcpy(o, p + run, i - run);
    o += i - run;
    const auto c = static_cast<unsigned char>(p[i]);
    const char e = escape_table[c];
    *o++ = '\\';
    if (e == 'u') {
      const char u[5] = {'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
      std::memcpy(o, u, 5);
      o += 5;
    } else {
      *o++ = e;
    }
    run = i + 1;
    i = next_escape(p, run, n);
  }
  std::memcpy(o, p + run, n - run);
  o += n - run;
  *o++ = '"';
  return o;
}

}  // namespace

TOON_FUNC char* write_json_string(char* o, std::string_view s) noexcept {
  const char* p = s.data();
  const std::size_t n = s.size();
  *o++ = '"';
  if (copy_if_nothing_to_escape(o, p, n)) [[likely]] {
    o[n] = '"';
    return o + n + 1;
  }
  return write_escaped(o, p, n);
}

TOON_FUNC bool json_verbatim(std::string_view s) noexcept { return next_escape(s.data(), 0, s.size()) == s.size(); }

TOON_FUNC void append_json_string(std::string& out, std::string_view s) {
  const std::size_t at = out.size();
  out.resize(at + 6 * s.size() + 2);
  char* end = write_json_string(out.data() + at, s);
  out.resize(static_cast<std::size_t>(end - out.data()));
}

namespace {

// Whether the number token `t` (a '-' or digit first) is written by the JSON writer exactly as
// it stands, i.e. it is in the form append_int()/append_double() give its value:
//   - an integer of at most 18 digits without a leading zero, other than "-0" (int64, printed
//     back as the same digits);
//   - a decimal `I.F` without exponent, at most 15 significant digits in all (so they are the
//     shortest digits that read back to the same double: two decimals of up to 15 digits never
//     round to one double), F not ending in '0', I without a leading zero, and when I is "0"
//     at most five zeros opening F (|x| >= 1e-6: plain notation), not all of it zero.
// Everything else (exponents, trailing zeros, "-0", long digit strings) is parsed and formatted.
inline bool canonical_number(std::string_view t) noexcept {
  const std::size_t n = t.size();
  std::size_t i = t[0] == '-' ? 1 : 0;
  const std::size_t int_start = i;
  while (i < n && static_cast<unsigned>(t[i] - '0') < 10) ++i;
  const std::size_t int_len = i - int_start;
  if (int_len == 0 || (int_len > 1 && t[int_start] == '0')) return false;
  if (i == n) return int_len <= 18 && !(int_start == 1 && t[1] == '0');
  if (t[i] != '.') return false;
  const std::size_t frac_start = ++i;
  while (i < n && static_cast<unsigned>(t[i] - '0') < 10) ++i;
  const std::size_t frac_len = i - frac_start;
  if (i != n || frac_len == 0 || int_len + frac_len > 15 || t[n - 1] == '0') return false;
  if (t[int_start] == '0') {  // 0.F: at most five leading zeros (and F is not all zero)
    std::size_t z = frac_start;
    while (z < n && t[z] == '0') ++z;
    if (z - frac_start > 5) return false;
  }
  return true;
}

}  // namespace

TOON_FUNC char* write_json_token(char* o, std::string_view token) {
  const std::size_t n = token.size();
  if (n != 0) {
    const char c0 = token[0];
    if (static_cast<unsigned>(c0 - '0') < 10 || c0 == '-') {
      if (canonical_number(token)) {
        copy_short(o, token.data(), n);
        return o + n;
      }
    } else if (n == 4 && (token == "true" || token == "null")) {
      std::memcpy(o, token.data(), 4);
      return o + 4;
    } else if (n == 5 && token == "false") {
      std::memcpy(o, "false", 5);
      return o + 5;
    } else {
      // Not a literal and not starting like a number: a string whatever it holds.
      return write_json_string(o, token);
    }
  }
  scalar p{};
  scan_error e;
  std::string scratch;
  parse_primitive(token, scratch, p, e);  // an unquoted token always classifies
  switch (p.type) {
    case scalar::kind::null: std::memcpy(o, "null", 4); return o + 4;
    case scalar::kind::boolean:
      std::memcpy(o, p.b ? "true" : "false", p.b ? 4 : 5);
      return o + (p.b ? 4 : 5);
    case scalar::kind::integer: return std::to_chars(o, o + 24, p.i).ptr;
    case scalar::kind::uinteger: return std::to_chars(o, o + 24, p.u).ptr;
    case scalar::kind::real: return o + format_double(o, p.d);
    case scalar::kind::big_integer:
      std::memcpy(o, p.text.data(), p.text.size());
      return o + p.text.size();
    case scalar::kind::string: return write_json_string(o, p.text);
  }
  return o;
}

// ---- json_emitter --------------------------------------------------------------------------

TOON_FUNC void json_emitter::grow(std::size_t n) {
  if (!cur_) start_ = out_.size();  // synced: the text from here on is this round's
  const std::size_t used = cur_ ? static_cast<std::size_t>(cur_ - out_.data()) : out_.size();
  // Headroom as large as the text of this round, within [256 B, 64 KiB] (see the class
  // comment): resize() zero-fills it, so the zero-filling is proportional to the text written;
  // the capacity itself grows geometrically (std::string's own policy).
  const std::size_t headroom = std::clamp(used - start_, std::size_t(256), std::size_t(64) << 10);
  out_.resize(used + n + headroom);
  cur_ = out_.data() + used;
  end_ = out_.data() + out_.size();
}

TOON_FUNC void json_emitter::int_value(std::int64_t i) {
  char* o = value_room(24);
  cur_ = std::to_chars(o, o + 24, i).ptr;
}

TOON_FUNC void json_emitter::uint_value(std::uint64_t u) {
  char* o = value_room(24);
  cur_ = std::to_chars(o, o + 24, u).ptr;
}

TOON_FUNC void json_emitter::double_value(double d) {
  char* o = value_room(max_double_chars);
  cur_ = o + format_double(o, d);
}

// ---- json_event_writer -------------------------------------------------------------

TOON_FUNC bool json_event_writer::root_value(std::size_t offset) {
  if (roots_ != 0) return fail(error_code::trailing_content, "second root value in event stream", offset);
  ++roots_;
  return true;
}

TOON_FUNC bool json_event_writer::sequence_error(const char* message, std::size_t offset) {
  return fail(error_code::unexpected_line, message, offset);
}

TOON_FUNC bool json_event_writer::start_array(std::size_t /*size*/, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.begin_array();
  return true;
}

TOON_FUNC bool json_event_writer::end_array() {
  if (emitter_.depth() == 0 || emitter_.in_object())
    return fail(error_code::unexpected_line, "unbalanced end of array in event stream", 0);
  emitter_.end_array();
  return true;
}

TOON_FUNC bool json_event_writer::null_value(std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.null_value();
  return true;
}

TOON_FUNC bool json_event_writer::bool_value(bool b, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.bool_value(b);
  return true;
}

TOON_FUNC bool json_event_writer::int_value(std::int64_t i, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.int_value(i);
  return true;
}

TOON_FUNC bool json_event_writer::uint_value(std::uint64_t u, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.uint_value(u);
  return true;
}

TOON_FUNC bool json_event_writer::double_value(double d, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.double_value(d);
  return true;
}

TOON_FUNC bool json_event_writer::big_integer_value(std::string_view digits, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.big_integer_value(digits);
  return true;
}

TOON_FUNC bool json_event_writer::begin_table(const std::string_view* names, std::size_t count, std::size_t) {
  column_keys_.clear();
  column_at_.clear();
  column_prefixes_.clear();
  prefix_at_.clear();
  for (std::size_t j = 0; j < count; ++j) {
    column_at_.push_back(column_keys_.size());
    append_json_string(column_keys_, names[j]);
    prefix_at_.push_back(column_prefixes_.size());
    column_prefixes_ += j == 0 ? '{' : ',';
    append_json_string(column_prefixes_, names[j]);
    column_prefixes_ += ':';
  }
  column_at_.push_back(column_keys_.size());
  prefix_at_.push_back(column_prefixes_.size());
  prefixes_ = &column_prefixes_;
  prefix_offsets_ = &prefix_at_;
  row_end_ = "}";
  nested_ = false;
  return true;
}

namespace {

// The JSON text of a row of the field group [b, e) before each of its leaves (appended to
// `text`, each leaf's text ending at a cut in `cuts`): `{"a":` or `,"b":`, a group's key
// followed by its own first leaf's opening `{"c":`, the `}` of groups closed since the last
// leaf before the separator. What follows the last leaf stays in `text`.
void nested_prefixes(const header_field* fields, std::uint32_t b, std::uint32_t e, std::string& text,
                     std::vector<std::size_t>& cuts) {
  for (std::uint32_t i = b; i < e; i = fields[i].subtree_end) {
    text += i == b ? '{' : ',';
    append_json_string(text, fields[i].name);
    text += ':';
    if (fields[i].is_group) nested_prefixes(fields, i + 1, fields[i].subtree_end, text, cuts);
    else cuts.push_back(text.size());
  }
  text += '}';
}

}  // namespace

TOON_FUNC bool json_event_writer::begin_nested_table(const header_field* fields, std::size_t count) {
  if (!emitter_.compact() || count == 0) return false;
  // A field list seen lately (a list of records repeats its nested tables, several in turn):
  // its texts are still there.
  for (nested_layout& l : layouts_) {
    if (l.fields.size() != count) continue;
    std::size_t at = 0;
    std::size_t i = 0;
    for (; i < count; ++i) {
      const nested_field& k = l.fields[i];
      const header_field& f = fields[i];
      if (k.size != f.name.size() || k.subtree_end != f.subtree_end || k.is_group != f.is_group ||
          std::memcmp(l.names.data() + at, f.name.data(), k.size) != 0)
        break;
      at += k.size;
    }
    if (i == count) return use_layout(l);
  }
  nested_layout& l = layouts_[next_layout_];
  next_layout_ = (next_layout_ + 1) % layouts_.size();
  l.fields.clear();
  l.names.clear();
  for (std::size_t i = 0; i < count; ++i) {
    l.fields.push_back(nested_field{fields[i].name.size(), fields[i].subtree_end, fields[i].is_group});
    l.names += fields[i].name;
  }
  std::string text;
  std::vector<std::size_t> cuts;
  nested_prefixes(fields, 0, static_cast<std::uint32_t>(count), text, cuts);
  if (cuts.empty()) {  // no leaf (a header's groups are never empty): rows as events
    l.fields.clear();
    return false;
  }
  // prefixes: the text up to the last leaf; at: where each leaf's starts, and its end; end:
  // the rest.
  l.at.assign(1, 0);
  l.at.insert(l.at.end(), cuts.begin(), cuts.end());
  const std::size_t last = cuts.back();
  l.prefixes.assign(text, 0, last);
  l.end.assign(text, last);
  return use_layout(l);
}

TOON_FUNC bool json_event_writer::use_layout(const nested_layout& l) {
  column_at_.assign(l.at.size(), 0);  // begin_row() checks a row's width against its size - 1
  prefixes_ = &l.prefixes;
  prefix_offsets_ = &l.at;
  row_end_ = l.end;
  nested_ = true;
  return true;
}

TOON_FUNC bool json_event_writer::begin_row(std::size_t count, std::size_t offset) {
  if (count + 1 != column_at_.size())
    return fail(error_code::width_mismatch, "table row does not match the table's columns", offset);
  return value_allowed(offset);
}

TOON_FUNC bool json_event_writer::table_row(const scalar* cells, std::size_t count, std::size_t offset) {
  if (nested_) [[unlikely]]  // nested tables' rows come as text (begin_nested_table())
    return sequence_error("table_row() in a table of nested groups", offset);
  if (!begin_row(count, offset)) return false;
  emitter_.begin_object();
  for (std::size_t j = 0; j < count; ++j) {
    emitter_.json_key(std::string_view(column_keys_).substr(column_at_[j], column_at_[j + 1] - column_at_[j]));
    const scalar& c = cells[j];
    switch (c.type) {
      case scalar::kind::null: emitter_.null_value(); break;
      case scalar::kind::boolean: emitter_.bool_value(c.b); break;
      case scalar::kind::integer: emitter_.int_value(c.i); break;
      case scalar::kind::uinteger: emitter_.uint_value(c.u); break;
      case scalar::kind::real: emitter_.double_value(c.d); break;
      case scalar::kind::big_integer: emitter_.big_integer_value(c.text); break;
      case scalar::kind::string: emitter_.string_value(c.text); break;
    }
  }
  emitter_.end_object();
  return true;
}

TOON_FUNC bool json_event_writer::text_row(const text_cell* cells, std::size_t count, std::size_t offset) {
  if (!begin_row(count, offset)) return false;
  if (emitter_.compact()) {
    // `{"a":v,"b":w}` with the keys and separators written once per table.
    const std::string& prefix_text = *prefixes_;
    const std::vector<std::size_t>& prefix_at = *prefix_offsets_;
    const std::string_view row_end = row_end_;
    std::size_t room = prefix_text.size() + row_end.size();
    for (std::size_t j = 0; j < count; ++j) room += json_token_room(cells[j].text);
    char* o = emitter_.raw_value(room);
    const char* prefixes = prefix_text.data();
    for (std::size_t j = 0; j < count; ++j) {
      const std::size_t k = prefix_at[j + 1] - prefix_at[j];
      std::memcpy(o, prefixes + prefix_at[j], k);
      o += k;
      o = cells[j].quoted ? write_json_string(o, cells[j].text) : write_json_token(o, cells[j].text);
    }
    std::memcpy(o, row_end.data(), row_end.size());
    emitter_.commit(o + row_end.size());
    return true;
  }
  if (nested_) [[unlikely]]  // compact only (begin_nested_table())
    return sequence_error("nested table row in indented output", offset);
  emitter_.begin_object();
  for (std::size_t j = 0; j < count; ++j) {
    emitter_.json_key(std::string_view(column_keys_).substr(column_at_[j], column_at_[j + 1] - column_at_[j]));
    if (cells[j].quoted) emitter_.string_value(cells[j].text);
    else emitter_.token_value(cells[j].text);
  }
  emitter_.end_object();
  return true;
}

namespace {

void emit_value(json_emitter& em, const value& v) {
  switch (v.type()) {
    case value::kind::null: em.null_value(); break;
    case value::kind::boolean: em.bool_value(v.as_bool()); break;
    case value::kind::integer: em.int_value(v.as_int64()); break;
    case value::kind::uinteger: em.uint_value(v.as_uint64()); break;
    case value::kind::real: em.double_value(v.as_double()); break;
    case value::kind::big_integer: em.big_integer_value(v.as_big_integer().digits); break;
    case value::kind::string: em.string_value(v.as_string()); break;
    case value::kind::array:
      em.begin_array();
      for (const value& e : v.as_array()) emit_value(em, e);
      em.end_array();
      break;
    case value::kind::object:
      em.begin_object();
      for (const member& m : v.as_object()) {
        em.key(m.key);
        emit_value(em, m.value);
      }
      em.end_object();
      break;
  }
}

}  // namespace

}  // namespace toon::detail

namespace toon {

TOON_FUNC void to_json_to(std::string& out, const value& v, const json_options& options) {
  detail::json_emitter em(out, options.indent);
  detail::emit_value(em, v);
  em.sync();
}

TOON_FUNC std::string to_json(const value& v, const json_options& options) {
  std::string out;
  to_json_to(out, v, options);
  return out;
}

TOON_FUNC result<std::string> toon_to_json(std::string_view toon_text, const decode_options& decode_opts,
                                 const json_options& json) {
  std::string out;
  if (!decode_opts.strict) {
    // Non-strict mode may repeat keys (last write wins), which needs the value tree.
    auto v = decode(toon_text, decode_opts);
    if (!v) return std::move(v).error();
    to_json_to(out, *v, json);
    return out;
  }
  // JSON is usually a little larger than the TOON it comes from.
  out.reserve(toon_text.size() + toon_text.size() / 2 + 16);
  detail::json_event_writer writer(out, json.indent);
  auto r = detail::decode_to_json(toon_text, writer, decode_opts);
  if (!r) return r.error();
  writer.sync();
  if (!writer.complete()) {
    error e;
    e.code = error_code::unexpected_line;
    e.message = "incomplete event stream from the decoder";
    return e;
  }
  return out;
}

}  // namespace toon
