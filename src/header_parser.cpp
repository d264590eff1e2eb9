#include "header_parser.hpp"

#include "token.hpp"

namespace toon::detail {

namespace {

bool is_delim(char c) noexcept { return c == ',' || c == '\t' || c == '|'; }

struct field_parser {
  std::string_view s;  // the whole content
  std::size_t pos;     // current position
  char delim;
  header& h;
  std::string& scratch;
  scan_error& err;
  int depth = 0;

  bool fail(error_code code, const char* msg, std::size_t at) {
    err = {code, msg, at};
    return false;
  }

  // Parses "{entry<delim>entry...}" starting at s[pos] == '{'.
  bool parse_group() {
    if (++depth > 64) return fail(error_code::invalid_header, "field groups nested too deeply", pos);
    std::size_t open = pos;
    ++pos;  // '{'
    std::size_t first_child = h.fields.size();
    for (;;) {
      while (pos < s.size() && s[pos] == ' ') ++pos;
      if (pos >= s.size()) return fail(error_code::invalid_header, "unmatched '{' in fields segment", open);
      if (s[pos] == '}') {
        if (h.fields.size() == first_child)
          return fail(error_code::invalid_header, "empty fields segment", open);
        return fail(error_code::invalid_header, "empty field name", pos);
      }
      // Field name.
      std::string_view name;
      std::size_t name_at = pos;
      if (s[pos] == '"') {
        std::size_t consumed = 0;
        scan_error e;
        if (!unquote(s.substr(pos), scratch, name, consumed, e)) {
          e.offset += pos;
          err = e;
          return false;
        }
        if (name.data() == scratch.data()) name = h.owned.emplace_back(name);
        pos += consumed;
        while (pos < s.size() && s[pos] == ' ') ++pos;
      } else {
        std::size_t b = pos;
        while (pos < s.size() && s[pos] != '{' && s[pos] != '}' && s[pos] != delim) {
          if (is_delim(s[pos]))
            return fail(error_code::delimiter_mismatch,
                        "fields segment uses a different delimiter than the bracket segment", pos);
          if (s[pos] == ':' || s[pos] == '[' || s[pos] == ']' || s[pos] == '"')
            return fail(error_code::invalid_header, "invalid character in field name", pos);
          ++pos;
        }
        name = trim_spaces(s.substr(b, pos - b));
        if (name.empty()) return fail(error_code::invalid_header, "empty field name", name_at);
      }
      std::size_t index = h.fields.size();
      h.fields.push_back(header_field{name, 0, false});
      if (pos < s.size() && s[pos] == '{') {
        h.fields[index].is_group = true;
        if (!parse_group()) return false;
      } else {
        ++h.leaf_count;
      }
      h.fields[index].subtree_end = static_cast<std::uint32_t>(h.fields.size());
      // Duplicate names within this brace group are checked by the parser (strict mode).
      while (pos < s.size() && s[pos] == ' ') ++pos;
      if (pos >= s.size()) return fail(error_code::invalid_header, "unmatched '{' in fields segment", open);
      if (s[pos] == '}') {
        ++pos;
        --depth;
        return true;
      }
      if (s[pos] == delim) {
        ++pos;
        continue;
      }
      if (is_delim(s[pos]))
        return fail(error_code::delimiter_mismatch,
                    "fields segment uses a different delimiter than the bracket segment", pos);
      return fail(error_code::invalid_header, "unexpected character in fields segment", pos);
    }
  }
};

}  // namespace

namespace {
header_status parse_header_impl(std::string_view s, header& h, std::string& scratch, scan_error& err);
}  // namespace

header_status parse_header(std::string_view s, header& h, std::string& scratch, scan_error& err) {
  header_status st = parse_header_impl(s, h, scratch, err);
  // A line without any unquoted colon is never a header: it is a scalar (or a missing
  // colon, which the caller reports in its own context).
  if (st == header_status::malformed && find_unquoted(s, ':') == std::string_view::npos)
    return header_status::not_header;
  return st;
}

namespace {
header_status parse_header_impl(std::string_view s, header& h, std::string& scratch, scan_error& err) {
  h.has_key = false;
  h.key = {};
  h.fields.clear();
  h.leaf_count = 0;
  h.keyed = false;
  h.delim = ',';
  h.inline_values = {};
  h.owned.clear();

  // Key prefix.
  std::size_t pos = 0;
  if (!s.empty() && s[0] == '"') {
    std::size_t consumed = 0;
    std::string_view key;
    scan_error e;
    if (!unquote(s, scratch, key, consumed, e)) {
      // A broken quoted key is reported by the key-value path.
      return header_status::not_header;
    }
    if (consumed >= s.size() || s[consumed] != '[') return header_status::not_header;
    if (key.data() == scratch.data()) key = h.owned.emplace_back(key);
    h.has_key = true;
    h.key = key;
    pos = consumed;
  } else {
    std::size_t i = 0;
    while (i < s.size() && s[i] != '[' && s[i] != ':' && s[i] != '"') ++i;
    if (i >= s.size() || s[i] != '[') return header_status::not_header;
    if (i > 0) {
      std::string_view key = s.substr(0, i);
      if (key.find(' ') != std::string_view::npos || key.find('\t') != std::string_view::npos) {
        err = {error_code::invalid_header, "content between the key and '['", i};
        return header_status::malformed;
      }
      h.has_key = true;
      h.key = key;
    }
    pos = i;
  }
  h.key_offset = 0;

  // Bracket segment.
  std::size_t bracket = pos;
  ++pos;  // '['
  std::size_t digits_begin = pos;
  while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') ++pos;
  std::size_t ndigits = pos - digits_begin;
  if (ndigits == 0) {
    err = {error_code::invalid_header,
           pos < s.size() && s[pos] == ']' ? "array header without a length" : "invalid array length", bracket};
    return header_status::malformed;
  }
  if (ndigits > 1 && s[digits_begin] == '0') {
    err = {error_code::invalid_header, "array length with leading zeros", digits_begin};
    return header_status::malformed;
  }
  if (ndigits > 18) {
    err = {error_code::invalid_header, "array length too large", digits_begin};
    return header_status::malformed;
  }
  std::uint64_t n = 0;
  for (std::size_t i = digits_begin; i < pos; ++i) n = n * 10 + static_cast<std::uint64_t>(s[i] - '0');
  h.length = n;
  if (pos < s.size() && s[pos] == ':') {
    h.keyed = true;
    ++pos;
  }
  if (pos < s.size() && (s[pos] == '\t' || s[pos] == '|')) h.delim = s[pos++];
  if (pos >= s.size() || s[pos] != ']') {
    err = {error_code::invalid_header, "malformed bracket segment", pos < s.size() ? pos : bracket};
    return header_status::malformed;
  }
  ++pos;  // ']'

  // Fields segment.
  if (pos < s.size() && s[pos] == '{') {
    field_parser fp{s, pos, h.delim, h, scratch, err};
    if (!fp.parse_group()) return header_status::malformed;
    pos = fp.pos;
  }
  if (pos >= s.size() || s[pos] != ':') {
    bool eol = pos >= s.size();
    err = {eol ? error_code::missing_colon : error_code::invalid_header,
           eol ? "missing ':' after array header" : "unexpected content after array header", pos};
    return header_status::malformed;
  }
  if (h.keyed && h.fields.empty()) {
    err = {error_code::invalid_header, "keyed header needs a fields segment", bracket};
    return header_status::malformed;
  }
  ++pos;  // ':'
  std::size_t rest_begin = pos;
  while (rest_begin < s.size() && s[rest_begin] == ' ') ++rest_begin;
  h.inline_values = trim_spaces(s.substr(pos));
  h.inline_offset = rest_begin;
  if (!h.fields.empty() && !h.inline_values.empty()) {
    err = {error_code::invalid_header, "content after a tabular header's colon", rest_begin};
    return header_status::malformed;
  }
  return header_status::ok;
}
}  // namespace

}  // namespace toon::detail
