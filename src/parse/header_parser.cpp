#include "header_parser.hpp"
#include "toon/detail/linkage.hpp"

#include <algorithm>
#include <cstring>

#include "token.hpp"

namespace toon::detail {

namespace {

bool is_delim(char c) noexcept { return c == ',' || c == '\t' || c == '|'; }

// Offset of the first `c` at or after `from` outside quote spans, or npos. A quote span is
// opened by any '"' and closed by the next unescaped '"' (so it may start mid-token: `a"b:c"d`).
std::size_t find_unquoted_from(std::string_view s, char c, std::size_t from) noexcept {
  if (from >= s.size()) return npos;
  const std::size_t i = find_unquoted(s.substr(from), c);
  return i == npos ? npos : from + i;
}

// Offset of the '}' matching the '{' at s[open] (quote spans skipped), or npos.
std::size_t matching_brace(std::string_view s, std::size_t open) noexcept {
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"') {
      const std::size_t q = skip_quoted(s.substr(i));
      if (q == npos) return npos;
      i += q - 1;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return i;
    }
  }
  return npos;
}

struct field_parser {
  std::string_view s;  // the whole line content (offsets in errors are relative to it)
  char delim;
  header& h;
  std::string& scratch;
  scan_error& err;
  int depth = 0;

  bool fail(error_code code, const char* msg, std::size_t at) {
    err = {code, msg, at};
    return false;
  }

  // A field name (§6): a complete quoted string, unescaped, or the raw text (which may hold
  // any character but the active delimiter and unquoted braces, quote spans included).
  bool name(std::size_t b, std::size_t e, std::string_view& out) {
    std::string_view t = s.substr(b, e - b);
    if (t.empty() || t[0] != '"') {
      out = t;
      return true;
    }
    std::size_t consumed = 0;
    scan_error qe;
    if (!unquote(t, scratch, out, consumed, qe)) {
      qe.offset += b;
      err = qe;
      return false;
    }
    if (consumed != t.size()) return fail(error_code::invalid_header, "unexpected characters after a quoted field name", b + consumed);
    if (out.data() == scratch.data()) out = h.owned.emplace_back(out);
    return true;
  }

  // The entries of the field list s[b, e) (between a group's braces), appended in pre-order.
  bool parse_list(std::size_t b, std::size_t e) {
    if (++depth > 64) return fail(error_code::invalid_header, "field groups nested too deeply", b);
    std::size_t entry = b;
    int braces = 0;
    for (std::size_t i = b; i < e; ++i) {
      const char c = s[i];
      if (c == '"') {
        const std::size_t q = skip_quoted(s.substr(i, e - i));
        if (q == npos) break;  // an open quote span runs to the end of the list
        i += q - 1;
      } else if (c == '{') {
        ++braces;
      } else if (c == '}') {
        --braces;
      } else if (c == delim && braces == 0) {
        if (!parse_entry(entry, i)) return false;
        entry = i + 1;
      }
    }
    if (!parse_entry(entry, e)) return false;
    --depth;
    return true;
  }

  // One entry s[b, e): `name` or `name{children}`.
  bool parse_entry(std::size_t b, std::size_t e) {
    while (b < e && s[b] == ' ') ++b;
    while (e > b && s[e - 1] == ' ') --e;
    if (b == e) return fail(error_code::invalid_header, "empty field name", b);
    std::size_t open = find_unquoted(s.substr(b, e - b), '{');
    std::string_view n;
    const std::size_t index = h.fields.size();
    if (open == npos) {
      if (!name(b, e, n)) return false;
      h.fields.push_back(header_field{n, static_cast<std::uint32_t>(index + 1), false});
      ++h.leaf_count;
      return true;
    }
    open += b;
    if (open == b) return fail(error_code::invalid_header, "missing field name before a nested field group", b);
    if (s[open - 1] == ' ') return fail(error_code::invalid_header, "space before a nested field group", open - 1);
    const std::size_t close = matching_brace(s.substr(0, e), open);
    if (close == npos) return fail(error_code::invalid_header, "unmatched '{' in field list", open);
    if (close != e - 1) return fail(error_code::invalid_header, "unexpected content after a nested field group", close + 1);
    if (!name(b, open, n)) return false;
    h.fields.push_back(header_field{n, 0, true});
    if (!parse_list(open + 1, close)) return false;
    h.fields[index].subtree_end = static_cast<std::uint32_t>(h.fields.size());
    return true;
  }
};

void reset(header& h) {
  h.has_key = false;
  h.key = {};
  h.fields.clear();
  h.leaf_count = 0;
  h.keyed = false;
  h.delim = ',';
  h.length = 0;
  h.length_text = {};
  h.inline_values = {};
  h.owned.clear();
  h.names_checked = false;
}

header_status malformed(scan_error& err, error_code code, const char* msg, std::size_t at) {
  err = {code, msg, at};
  return header_status::malformed;
}

}  // namespace

// Classification follows the reference grammar of spec 4.4: a line is a header when it has an
// unquoted '[' (for a quoted key: right after the closing quote) and an unquoted ':' after it.
// Everything else about such a line must then be well formed; a malformed header is an error in
// both modes (4.4 removed the non-strict fallback to a literal key).
TOON_FUNC header_status parse_header(std::string_view s, header& h, std::string& scratch, scan_error& err) {
  reset(h);
  std::size_t bracket;
  if (!s.empty() && s[0] == '"') {
    const std::size_t q = skip_quoted(s);
    if (q == npos || q >= s.size() || s[q] != '[') return header_status::not_header;
    bracket = q;
  } else {
    bracket = find_unquoted(s, '[');
    if (bracket == npos) return header_status::not_header;
  }
  const std::size_t first_colon = find_unquoted(s, ':');
  if (first_colon == npos || first_colon < bracket) return header_status::not_header;

  const std::size_t bracket_end = find_unquoted_from(s, ']', bracket);
  if (bracket_end == npos) return malformed(err, error_code::invalid_header, "unterminated bracket segment", bracket);

  // Field list: a '{' before the colon that follows the bracket segment (searched for up to
  // that colon only: an inline array's values may be long).
  const std::size_t next_colon = first_colon > bracket_end ? first_colon : find_unquoted_from(s, ':', bracket_end);
  std::size_t brace = next_colon == npos ? npos : find_unquoted_from(s.substr(0, next_colon), '{', bracket_end);
  std::size_t brace_end = npos;
  if (brace != npos) {
    if (brace != bracket_end + 1) {
      const bool spaces = trim_spaces(s.substr(bracket_end + 1, brace - bracket_end - 1)).empty();
      return malformed(err, error_code::invalid_header,
                       spaces ? "whitespace between the bracket segment and the field list"
                              : "unexpected content between the bracket segment and the field list",
                       bracket_end + 1);
    }
    brace_end = matching_brace(s, brace);
  }
  const std::size_t after = brace_end != npos ? brace_end + 1 : bracket_end + 1;
  const std::size_t colon = find_unquoted_from(s, ':', after);
  if (colon == npos) return malformed(err, error_code::missing_colon, "missing ':' after the array header", after);
  if (colon != after)
    return malformed(err, error_code::invalid_header,
                     brace != npos && brace_end == npos ? "unmatched '{' in field list"
                                                        : "unexpected content after the array header",
                     after);

  // Key.
  if (bracket > 0) {
    const std::string_view raw = s.substr(0, bracket);
    if (raw.back() == ' ' || raw.back() == '\t')
      return malformed(err, error_code::invalid_header, "whitespace between the key and the bracket segment", bracket - 1);
    h.has_key = true;
    if (raw[0] == '"') {
      std::size_t consumed = 0;
      scan_error qe;
      std::string_view key;
      if (!unquote(raw, scratch, key, consumed, qe)) {
        err = qe;
        return header_status::malformed;
      }
      if (key.data() == scratch.data()) key = h.owned.emplace_back(key);
      h.key = key;
    } else {
      h.key = raw;
    }
  }
  h.key_offset = 0;

  // Bracket segment: N, then ':' (keyed), then a delimiter symbol (tab or pipe).
  std::string_view seg = s.substr(bracket + 1, bracket_end - bracket - 1);
  if (!seg.empty() && (seg.back() == '\t' || seg.back() == '|')) {
    h.delim = seg.back();
    seg.remove_suffix(1);
  }
  if (!seg.empty() && seg.back() == ':') {
    h.keyed = true;
    seg.remove_suffix(1);
  }
  if (seg.empty())
    return malformed(err, error_code::invalid_header,
                     bracket_end == bracket + 1 ? "array header without a length" : "invalid array length", bracket);
  for (const char c : seg)
    if (c < '0' || c > '9') return malformed(err, error_code::invalid_header, "invalid array length", bracket + 1);
  if (seg.size() > 1 && seg[0] == '0')
    return malformed(err, error_code::invalid_header, "array length with leading zeros", bracket + 1);
  h.length_text = seg;
  if (seg.size() > 19) {
    h.length = UINT64_MAX;  // beyond any count; non-strict mode keeps the header (spec 4.4)
  } else {
    std::uint64_t n = 0;
    bool overflow = false;
    for (const char c : seg) {
      const auto d = static_cast<std::uint64_t>(c - '0');
      if (n > (UINT64_MAX - d) / 10) overflow = true;
      n = n * 10 + d;
    }
    h.length = overflow ? UINT64_MAX : n;
  }

  // Field list.
  if (brace != npos) {
    const std::string_view list = s.substr(brace + 1, brace_end - brace - 1);
    // Any unquoted delimiter other than the active one, nested groups included.
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (list[i] == '"') {
        const std::size_t q = skip_quoted(list.substr(i));
        if (q == npos) break;
        i += q - 1;
      } else if (is_delim(list[i]) && list[i] != h.delim) {
        return malformed(err, error_code::delimiter_mismatch,
                         "the field list uses a different delimiter than the bracket segment", brace + 1 + i);
      }
    }
    if (brace_end == brace + 1) return malformed(err, error_code::invalid_header, "empty field list", brace);
    field_parser fp{s, h.delim, h, scratch, err};
    if (!fp.parse_list(brace + 1, brace_end)) return header_status::malformed;
  }
  if (h.keyed && h.fields.empty())
    return malformed(err, error_code::invalid_header, "a keyed header needs a field list", bracket);

  std::size_t rest_begin = colon + 1;
  while (rest_begin < s.size() && s[rest_begin] == ' ') ++rest_begin;
  h.inline_values = trim_spaces(s.substr(colon + 1));
  h.inline_offset = rest_begin;
  if (!h.fields.empty() && !h.inline_values.empty())
    return malformed(err, error_code::invalid_header, "content after the colon of a header with a field list", rest_begin);
  return header_status::ok;
}

namespace {

std::uint64_t length_of(std::string_view digits) noexcept {
  if (digits.size() > 19) return UINT64_MAX;
  std::uint64_t n = 0;
  for (const char c : digits) {
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (n > (UINT64_MAX - d) / 10) return UINT64_MAX;
    n = n * 10 + d;
  }
  return n;
}

// `v`, a view into the text at `from`, moved to the same place in the text at `to`, where the
// digits [digits_begin, digits_begin + old_digits) became `new_digits` digits.
std::string_view rebase(std::string_view v, const char* from, const char* to, std::size_t digits_begin,
                        std::size_t old_digits, std::size_t new_digits) noexcept {
  if (v.empty()) return v;
  std::size_t off = static_cast<std::size_t>(v.data() - from);
  if (off >= digits_begin) off = off - old_digits + new_digits;
  return {to + off, v.size()};
}

// Copies what a header's text determines apart from its length (key, markers, fields) from
// `from` to `to`, each view passed through `moved`.
template <class Moved>
void copy_shape(const header& from, header& to, Moved moved) {
  to.has_key = from.has_key;
  to.key = moved(from.key);
  to.key_offset = 0;
  to.keyed = from.keyed;
  to.delim = from.delim;
  to.fields.clear();
  for (const header_field& f : from.fields) to.fields.push_back(header_field{moved(f.name), f.subtree_end, f.is_group});
  to.leaf_count = from.leaf_count;
  to.names_checked = from.names_checked;
}

}  // namespace

TOON_FUNC header_status header_memo::parse(std::string_view s, header& out, std::string& scratch, scan_error& err) {
  // The entry that answered last first: a run of records repeats the same header.
  // Entries whose first bytes differ are passed over without a call (head_, mask_).
  answered_ = true;
  const std::uint64_t w = head_of(s);
  if ((w & mask_[last_]) == head_[last_] && reuse(entries_[last_], s, out)) return header_status::ok;
  for (std::size_t k = 0; k < slots; ++k) {
    if ((w & mask_[k]) == head_[k] && k != last_ && reuse(entries_[k], s, out)) {
      last_ = k;
      return header_status::ok;
    }
  }
  answered_ = false;
  const header_status st = parse_header(s, out, scratch, err);
  if (st == header_status::ok) answered_ = remember(s, out);
  return st;
}

namespace {

// memcmp(a, b, n) == 0 for the short texts of headers, 8 bytes a step (the last step
// overlapping the one before), without a call.
inline bool same_header_bytes(const char* a, const char* b, std::size_t n) noexcept {
  if (n < 8) {
    for (std::size_t i = 0; i < n; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  std::uint64_t x, y;
  for (std::size_t i = 0; i + 8 < n; i += 8) {
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    if (x != y) return false;
  }
  std::memcpy(&x, a + n - 8, 8);
  std::memcpy(&y, b + n - 8, 8);
  return x == y;
}

}  // namespace

TOON_FUNC bool header_memo::reuse(const entry& m, std::string_view s, header& out) {
  const std::size_t suffix = m.line.size() - m.digits_end;
  if (s.size() < m.digits_begin + 1 + suffix || s[0] != m.line[0] ||  // (the first byte: most misses, no call)
      !same_header_bytes(s.data(), m.line.data(), m.digits_begin))
    return false;
  std::size_t i = m.digits_begin;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  const std::size_t digits = i - m.digits_begin;
  if (digits == 0 || (digits > 1 && s[m.digits_begin] == '0')) return false;
  if (s.size() - i < suffix || !same_header_bytes(s.data() + i, m.line.data() + m.digits_end, suffix)) return false;
  // The same header up to its colon; what follows the colon is this line's own.
  const std::size_t colon_end = i + suffix;
  const std::string_view inline_values = trim_spaces(s.substr(colon_end));
  if (!m.parsed.fields.empty() && !inline_values.empty()) return false;  // malformed: parse_header says why
  const std::size_t old_digits = m.digits_end - m.digits_begin;
  copy_shape(m.parsed, out, [&](std::string_view v) {
    return rebase(v, m.line.data(), s.data(), m.digits_begin, old_digits, digits);
  });
  out.length_text = s.substr(m.digits_begin, digits);
  out.length = length_of(out.length_text);
  std::size_t rest_begin = colon_end;
  while (rest_begin < s.size() && s[rest_begin] == ' ') ++rest_begin;
  out.inline_values = inline_values;
  out.inline_offset = rest_begin;
  out.owned.clear();
  return true;
}

TOON_FUNC bool header_memo::remember(std::string_view s, const header& h) {
  if (!h.owned.empty()) return false;  // unescaped names live in the header, not in the line
  // The colon ends the remembered text: it is the last ':' before the inline values.
  std::size_t colon = h.inline_offset;
  while (colon > 0 && s[colon - 1] == ' ') --colon;
  if (colon == 0 || s[colon - 1] != ':') return false;
  const std::string_view text = s.substr(0, colon);
  // The length's digits, found through the parsed header (a '[' may also stand in a quoted key
  // or field name): the remembered text is the line but them, outside any quote span, so a line
  // equal to it but for those digits parses the same.
  if (h.length_text.empty() || h.length_text.data() <= s.data() || h.length_text.data() >= s.data() + colon) return false;
  const std::size_t begin = static_cast<std::size_t>(h.length_text.data() - s.data());
  const std::size_t end = begin + h.length_text.size();
  if (s[begin - 1] != '[' || end >= colon) return false;
  entry& m = entries_[next_];
  last_ = next_;
  next_ = (next_ + 1) % slots;
  m.line.assign(text);
  m.digits_begin = begin;
  m.digits_end = end;
  copy_shape(h, m.parsed, [&](std::string_view v) { return rebase(v, s.data(), m.line.data(), 0, 0, 0); });
  m.valid = true;
  const std::size_t known = std::min<std::size_t>(8, begin);  // bytes before the digits
  mask_[last_] = known == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * known)) - 1;
  head_[last_] = head_of(text) & mask_[last_];
  return true;
}

}  // namespace toon::detail
