// Parser of the typed-param form (docs/typed-params.md, "Grammar").
//
// A recursive-descent parser over bytes. Recursion happens only at `{` and `(`, and is
// bounded by options.max_depth; the nesting of the resulting types (which `[]` suffixes and
// unions add to without recursion) is bounded by the same limit, computed from the heights
// of the parsed subtrees, so that every later walk of the model is shallow.
#include <algorithm>
#include "toon/detail/linkage.hpp"
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "schema_internal.hpp"
#include "toon/json.hpp"
#include "toon/schema.hpp"
#include "../parse/token.hpp"
#include "../common/utf8.hpp"

namespace toon {

namespace {

constexpr std::size_t no_brace = static_cast<std::size_t>(-1);

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// Hints for type names borrowed from other notations.
std::string_view type_hint(std::string_view word) noexcept {
  if (word == "integer") return "int";
  if (word == "boolean") return "bool";
  if (word == "float" || word == "double") return "number";
  if (word == "str") return "string";
  if (word == "array" || word == "list") return "T[]";
  return {};
}

class parser {
 public:
  parser(std::string_view text, const typed_params_options& options) : text_(text), options_(options) {
    for (const auto& [name, description] : options_.name_descriptions) named_.emplace(name, description);
  }

  result<schema> run() {
    if (text_.size() > options_.max_size) {
      fail(error_code::size_limit, "typed params longer than " + std::to_string(options_.max_size) + " bytes",
           options_.max_size);
      return std::move(error_);
    }
    if (std::size_t bad = detail::find_invalid_utf8(text_); bad != std::string_view::npos) {
      fail(error_code::invalid_utf8, "invalid UTF-8", bad);
      return std::move(error_);
    }
    schema s;
    std::size_t height = 0;
    if (!parse_list(s.params, s.rest, 0, no_brace, height)) return std::move(error_);
    return s;
  }

 private:
  [[nodiscard]] bool at_end() const noexcept { return pos_ >= text_.size(); }
  [[nodiscard]] char peek() const noexcept { return at_end() ? '\0' : text_[pos_]; }

  bool fail(error_code code, std::string message, std::size_t offset) {
    error_.code = code;
    error_.message = std::move(message);
    detail::set_location(error_, text_, offset);
    return false;
  }

  [[nodiscard]] std::string column_of(std::size_t offset) const {
    return std::to_string(location_of(text_, offset).column);
  }

  // How the byte at `at` is named in messages: 'x', ' ', a whole UTF-8 character, or
  // "end of input".
  [[nodiscard]] std::string found(std::size_t at) const {
    if (at >= text_.size()) return "end of input";
    const auto c = static_cast<unsigned char>(text_[at]);
    if (c < 0x20 || c == 0x7F) {
      static constexpr char hex[] = "0123456789ABCDEF";
      return std::string("control character 0x") + hex[c >> 4] + hex[c & 0xF];
    }
    std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;  // the input is valid UTF-8
    return "'" + std::string(text_.substr(at, n)) + "'";
  }

  bool depth_exceeded(std::size_t offset) {
    return fail(error_code::depth_limit, "nesting deeper than " + std::to_string(options_.max_depth) + " levels",
                offset);
  }

  // A parameter list: the whole text (open == no_brace) or the inside of `{...}` (open is
  // the offset of '{'; the list ends after the closing '}'). `depth` counts the type nodes
  // above each parameter's type; `height` receives the greatest height of their types.
  bool parse_list(std::vector<param>& out, std::optional<param_type>& rest, std::size_t depth, std::size_t open,
                  std::size_t& height) {
    const bool nested = open != no_brace;
    height = 0;
    if (nested && peek() == '}') {
      ++pos_;
      return true;
    }
    if (!nested && at_end()) return true;
    std::unordered_set<std::string> names;
    for (;;) {
      if (peek() == ' ') return fail(error_code::invalid_schema, nested ? "space after '{'" : "leading space", pos_);
      const std::size_t start = pos_;
      std::size_t h = 0;
      if (rest) return fail(error_code::invalid_schema, "'*:T' (other members) must be the last entry", start);
      if (peek() == '.' && text_.substr(pos_, 3) == "...") {
        // `...`: any other members (`*:any`).
        pos_ += 3;
        rest = param_type(param_kind::any);
      } else if (peek() == '*') {
        // `*:T`: the type of members not listed.
        ++pos_;
        if (peek() != ':') return fail(error_code::invalid_schema, "expected ':' after '*', found " + found(pos_), pos_);
        ++pos_;
        param_type t;
        if (!parse_union(t, depth, h, false)) return false;
        rest = std::move(t);
      } else {
        param p;
        if (!parse_param(p, depth, h)) return false;
        if (!names.insert(p.name).second)
          return fail(error_code::duplicate_key, "duplicate parameter \"" + p.name + "\"", start);
        out.push_back(std::move(p));
      }
      height = std::max(height, h);

      if (at_end()) {
        if (!nested) return true;
        return fail(error_code::invalid_schema, "expected '}' to close the '{' at column " + column_of(open), pos_);
      }
      const char c = peek();
      if (c == ' ') {
        ++pos_;
        if (at_end()) return fail(error_code::invalid_schema, "trailing space", pos_ - 1);
        if (peek() == ' ') return fail(error_code::invalid_schema, "double space between parameters", pos_);
        if (nested && peek() == '}') return fail(error_code::invalid_schema, "space before '}'", pos_ - 1);
        continue;
      }
      if (c == '}') {
        if (!nested) return fail(error_code::invalid_schema, "unexpected '}' (no '{' to close)", pos_);
        ++pos_;
        return true;
      }
      return fail(error_code::invalid_schema,
                  std::string(nested ? "expected ' ' or '}'" : "expected ' '") + " after a parameter, found " +
                      found(pos_),
                  pos_);
    }
  }

  // name ":" type [ "!" ] [ "=" default ] [ description ]
  bool parse_param(param& out, std::size_t depth, std::size_t& height) {
    if (!parse_name(out.name)) return false;
    if (const char c = peek(); c != ':') {
      // A name without a type is a string: `path!`, `mode=fast`, `path'File path'`.
      if (!(at_end() || c == ' ' || c == '}' || c == '!' || c == '=' || at_description()))
        return fail(error_code::invalid_schema, "expected ':' after the parameter name, found " + found(pos_), pos_);
      if (depth >= options_.max_depth) return depth_exceeded(pos_);
      out.type = param_type(param_kind::string);
      height = 1;
    } else {
      ++pos_;
      if (!parse_union(out.type, depth, height, false)) return false;
    }
    if (peek() == '!') {
      ++pos_;
      out.required = true;
    }
    if (peek() == '=') {
      ++pos_;
      const std::size_t at = pos_;
      value v;
      if (!parse_default(v)) return false;
      std::vector<error> problems = validate(v, out.type, "");
      if (!problems.empty())
        return fail(error_code::invalid_schema, "invalid default: " + problems.front().message, at);
      out.default_value = std::move(v);
      if (peek() == '!') return fail(error_code::invalid_schema, "a parameter with a default cannot be required", pos_);
    }
    const auto named = named_.find(out.name);
    if (named != named_.end()) {
      // A name of options.name_descriptions: its text unless the parameter has its own, none
      // after `''` (or `""`).
      if (const std::string_view two = text_.substr(pos_, 2); two == "''" || two == "\"\"") {
        pos_ += 2;
        return true;
      }
      if (!at_description()) {
        out.description = std::string(named->second);
        return true;
      }
    }
    if (at_description() && !parse_description(out.description)) return false;
    return true;
  }

  [[nodiscard]] bool at_description() const noexcept {
    const char c = peek();
    return c == '"' || c == '\'' || c == '*' || c == '#';
  }

  // description ::= string | "'" plain+ "'" | ( "*" | "#" ) count: a JSON string or the text
  // between single quotes as it stands (neither empty), or the N-th text (1-based) of
  // options.description_table (`*N`; `#N`, the spelling of earlier texts, still reads).
  bool parse_description(std::string& out) {
    const std::size_t start = pos_;
    if (peek() == '"') {
      if (!parse_quoted(out)) return false;
      if (out.empty()) return fail(error_code::invalid_schema, "empty description (leave it out)", start);
      return true;
    }
    if (peek() == '\'') {
      // No escapes: a text with ', \ or a control character is written as a JSON string.
      std::size_t end = pos_ + 1;
      while (end < text_.size() && text_[end] != '\'' && text_[end] != '\\' &&
             static_cast<unsigned char>(text_[end]) >= 0x20)
        ++end;
      if (end >= text_.size()) return fail(error_code::unterminated_string, "unterminated string", start);
      if (text_[end] != '\'')
        return fail(error_code::invalid_schema,
                    found(end) + " in a single-quoted description (write the text as a JSON string)", end);
      if (end == pos_ + 1) return fail(error_code::invalid_schema, "empty description (leave it out)", start);
      out.assign(text_.substr(pos_ + 1, end - pos_ - 1));
      pos_ = end + 1;
      return true;
    }
    const char mark = peek();  // '*' or '#'
    ++pos_;
    if (!is_digit(peek()))
      return fail(error_code::invalid_schema,
                  std::string("expected a description number after '") + mark + "', found " + found(pos_), pos_);
    std::optional<std::uint64_t> n;
    if (!parse_count(n)) return false;
    const std::vector<std::string>& table = options_.description_table;
    if (*n == 0 || *n > table.size())
      return fail(error_code::invalid_schema,
                  "description " + std::string(1, mark) + std::to_string(*n) + " is not in the description table (" +
                      std::to_string(table.size()) + " texts)",
                  start);
    out = table[*n - 1];
    return true;
  }

  // A description at pos_ that belongs to the type just read: taken when `belongs` holds for
  // the byte after it, else left for an outer level (pos_ unchanged). Errors in the
  // description itself are errors wherever it belongs.
  template <class Belongs>
  bool take_description(std::string& out, Belongs belongs) {
    if (!at_description()) return true;
    const std::size_t start = pos_;
    if (const std::string_view two = text_.substr(pos_, 2); two == "''" || two == "\"\"") {
      // An empty text: no type's, but after a parameter of a described name it says "none".
      if (!belongs(start + 2 < text_.size() ? text_[start + 2] : '\0'))
        return true;
      return fail(error_code::invalid_schema, "empty description (leave it out)", start);
    }
    std::string d;
    if (!parse_description(d)) return false;
    if (!belongs(peek())) {
      pos_ = start;
      return true;
    }
    if (!out.empty()) return fail(error_code::invalid_schema, "a second description of one type", start);
    out = std::move(d);
    return true;
  }

  bool parse_name(std::string& out) {
    const std::size_t start = pos_;
    const char c = peek();
    if (c == '"') {
      if (!parse_quoted(out)) return false;
      if (out.empty()) return fail(error_code::invalid_schema, "empty parameter name", start);
      return true;
    }
    if (detail::is_ident_start(c)) {
      while (!at_end() && detail::is_word_char(text_[pos_])) ++pos_;
      out.assign(text_.substr(start, pos_ - start));
      return true;
    }
    if (c == ':') return fail(error_code::invalid_schema, "empty parameter name", pos_);
    if (is_digit(c) || c == '.' || c == '-')
      return fail(error_code::invalid_schema,
                  "a parameter name starts with a letter or '_' (quote other names), found " + found(pos_), pos_);
    return fail(error_code::invalid_schema, "expected a parameter name, found " + found(pos_), pos_);
  }

  // postfix [ description ] { "|" postfix [ description ] } (or with "^"): a union when there
  // are two or more alternatives (`^`: exactly one matches). A description after an
  // alternative is its own when a separator follows, or `)` in parentheses (`in_parens`);
  // else it is left to the parameter.
  bool parse_union(param_type& out, std::size_t depth, std::size_t& height, bool in_parens) {
    auto alternative_description = [&](param_type& t) {
      return take_description(t.description, [&](char c) { return c == '|' || c == '^' || (in_parens && c == ')'); });
    };
    param_type first;
    std::size_t h = 0;
    if (!parse_postfix(first, depth, h)) return false;
    if (!alternative_description(first)) return false;
    const char separator = peek();
    if (separator != '|' && separator != '^') {
      out = std::move(first);
      height = h;
      return true;
    }
    const bool exclusive = separator == '^';
    // The alternatives sit one level below the union.
    if (depth + 1 + h > options_.max_depth) return depth_exceeded(pos_);
    param_type u(param_kind::any_of);
    u.exclusive = exclusive;
    std::size_t tallest = 0;
    auto add = [&](param_type&& t, std::size_t th) {
      if (!exclusive && t.kind == param_kind::any_of && !t.exclusive && t.description.empty()) {
        // a parenthesized `|` union (without a description of its own): flattened
        for (param_type& inner : t.items) u.items.push_back(std::move(inner));
        tallest = std::max(tallest, th - 1);
      } else {
        u.items.push_back(std::move(t));
        tallest = std::max(tallest, th);
      }
    };
    add(std::move(first), h);
    while (peek() == '|' || peek() == '^') {
      if (peek() != separator)
        return fail(error_code::invalid_schema, "'|' and '^' mixed in one union (parenthesize one of them)", pos_);
      ++pos_;
      const char c = peek();
      if (!(detail::is_word_char(c) || c == '"' || c == '{' || c == '('))  // a type or an a/b enum
        return fail(error_code::invalid_schema, std::string("expected a type after '") + separator + "', found " + found(pos_),
                    pos_);
      param_type t;
      if (!parse_postfix(t, depth + 1, h)) return false;
      if (!alternative_description(t)) return false;
      add(std::move(t), h);
    }
    out = std::move(u);
    height = tallest + 1;
    return true;
  }

  // primary [ constraints ] { [ description ] "[]" [ constraints ] }: a description before
  // `[]` is the element's.
  bool parse_postfix(param_type& out, std::size_t depth, std::size_t& height) {
    const char first = peek();
    if (!parse_primary(out, depth, height)) return false;
    if (peek() == '(') {
      if (first == '(') return fail(error_code::invalid_schema, "constraints cannot follow a parenthesized type", pos_);
      if (!parse_constraints(out)) return false;
    }
    for (;;) {
      if (!take_description(out.description, [](char c) { return c == '['; })) return false;
      if (peek() != '[') break;
      const std::size_t open = pos_;
      if (pos_ + 1 >= text_.size() || text_[pos_ + 1] != ']')
        return fail(error_code::invalid_schema, "expected ']' after '[', found " + found(pos_ + 1), pos_ + 1);
      ++height;
      if (depth + height > options_.max_depth) return depth_exceeded(open);
      pos_ += 2;
      out = param_type::array_of(std::move(out));
      if (peek() == '(' && !parse_constraints(out)) return false;
    }
    return true;
  }

  // A number of a constraint: -?digits(.digits)?(e[+-]?digits)?, which stops before "..".
  bool parse_constraint_number(value& out) {
    const std::size_t start = pos_;
    std::size_t i = pos_;
    auto digits = [&] {
      const std::size_t from = i;
      while (i < text_.size() && is_digit(text_[i])) ++i;
      return i > from;
    };
    if (i < text_.size() && text_[i] == '-') ++i;
    if (!digits()) return fail(error_code::invalid_schema, "expected a number, found " + found(i), i);
    if (i + 1 < text_.size() && text_[i] == '.' && is_digit(text_[i + 1])) {
      ++i;
      digits();
    }
    if (i < text_.size() && (text_[i] == 'e' || text_[i] == 'E')) {
      ++i;
      if (i < text_.size() && (text_[i] == '+' || text_[i] == '-')) ++i;
      if (!digits()) return fail(error_code::invalid_schema, "expected exponent digits, found " + found(i), i);
    }
    pos_ = i;
    return parse_number(text_.substr(start, i - start), start, out);
  }

  // A bound of a numeric range: a number, or `max` / `-max` for 2^53-1 / -(2^53-1).
  bool parse_bound(value& out) {
    const bool negative = peek() == '-';
    const std::size_t word = pos_ + (negative ? 1 : 0);
    const auto letter_or_digit = [](char c) { return detail::is_ident_start(c) || is_digit(c); };
    if (text_.substr(word, 3) == "max" && (word + 3 >= text_.size() || !letter_or_digit(text_[word + 3]))) {
      pos_ = word + 3;
      out = value(negative ? -detail::max_safe_integer : detail::max_safe_integer);
      return true;
    }
    return parse_constraint_number(out);
  }

  bool parse_count(std::optional<std::uint64_t>& out) {
    const std::size_t start = pos_;
    std::uint64_t n = 0;
    while (!at_end() && is_digit(peek())) ++pos_;
    const std::string_view digits = text_.substr(start, pos_ - start);
    auto r = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (digits.empty() || r.ec != std::errc() || (digits.size() > 1 && digits[0] == '0'))
      return fail(error_code::invalid_schema, "expected a count (0, 1, 2, ...), found " + found(start), start);
    out = n;
    return true;
  }

  // "(" constraint { "," constraint } ")" after a type, with pos_ at '(': a range `lo..hi`
  // (`>lo`, `<hi` exclusive, for int/number; counts for string, array, object), `%n`,
  // `unique`, a format name, a quoted pattern. Each at most once, where it applies.
  bool parse_constraints(param_type& t) {
    const std::size_t open = pos_;
    ++pos_;
    param_constraints& c = t.constraints;
    const bool numeric = t.kind == param_kind::integer || t.kind == param_kind::number;
    const bool sized = t.kind == param_kind::string || t.kind == param_kind::array || t.kind == param_kind::object;
    const std::string type_name = t.kind == param_kind::array ? std::string("an array") : format_param_type(t);
    if (!numeric && !sized)
      return fail(error_code::invalid_schema, "no constraints apply to " + type_name, open);
    bool have_range = false, have_multiple = false, have_unique = false, have_format = false, have_pattern = false;
    auto once = [&](bool& seen, const char* what, std::size_t at) {
      if (seen) return fail(error_code::invalid_schema, std::string("a second ") + what + " in one constraint list", at);
      seen = true;
      return true;
    };
    for (;;) {
      const std::size_t at = pos_;
      const char ch = peek();
      if (ch == '>' || ch == '<' || ch == '-' || ch == '.' || is_digit(ch)) {
        if (!once(have_range, "range", at)) return false;
        if (numeric) {
          if (peek() == '>') {
            ++pos_;
            c.exclusive_minimum = true;
          }
          if (peek() != '.') {
            value v;
            if (!parse_bound(v)) return false;
            c.minimum = std::move(v);
          } else if (c.exclusive_minimum) {
            return fail(error_code::invalid_schema, "expected a number after '>'", pos_);
          }
        } else if (peek() != '.' && !parse_count(c.min_length)) {
          return false;
        }
        if (text_.substr(pos_, 2) != "..")
          return fail(error_code::invalid_schema, "expected '..' in the range, found " + found(pos_), pos_);
        pos_ += 2;
        if (numeric) {
          if (peek() == '<') {
            ++pos_;
            c.exclusive_maximum = true;
          }
          if (peek() == '-' || peek() == 'm' || is_digit(peek())) {
            value v;
            if (!parse_bound(v)) return false;
            c.maximum = std::move(v);
          } else if (c.exclusive_maximum) {
            return fail(error_code::invalid_schema, "expected a number after '<'", pos_);
          }
          if (!c.minimum && !c.maximum) return fail(error_code::invalid_schema, "a range without bounds", at);
        } else {
          if (is_digit(peek()) && !parse_count(c.max_length)) return false;
          if (!c.min_length && !c.max_length) return fail(error_code::invalid_schema, "a range without bounds", at);
        }
      } else if (ch == '%') {
        if (!numeric) return fail(error_code::invalid_schema, "'%' (multiple of) applies to int and number", at);
        if (!once(have_multiple, "'%'", at)) return false;
        ++pos_;
        value v;
        if (!parse_constraint_number(v)) return false;
        if (!(v.to_double() > 0)) return fail(error_code::invalid_schema, "'%' needs a positive number", at + 1);
        c.multiple_of = std::move(v);
      } else if (ch == '"') {
        if (t.kind != param_kind::string) return fail(error_code::invalid_schema, "a pattern applies to string", at);
        if (!once(have_pattern, "pattern", at)) return false;
        std::string p;
        if (!parse_quoted(p)) return false;
        c.pattern = std::move(p);
      } else if (detail::is_ident_start(ch)) {
        while (!at_end() && detail::is_word_char(text_[pos_])) ++pos_;
        const std::string_view word = text_.substr(at, pos_ - at);
        if (word == "unique") {
          if (t.kind != param_kind::array) return fail(error_code::invalid_schema, "unique applies to arrays", at);
          if (!once(have_unique, "unique", at)) return false;
          c.unique_items = true;
        } else {
          if (!numeric && t.kind != param_kind::string)
            return fail(error_code::invalid_schema, "a format applies to string, int and number", at);
          if (!once(have_format, "format", at)) return false;
          c.format = std::string(word);
        }
      } else {
        return fail(error_code::invalid_schema, "expected a constraint, found " + found(pos_), pos_);
      }
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ')') {
        ++pos_;
        return true;
      }
      return fail(error_code::invalid_schema,
                  "expected ',' or ')' in the constraints at column " + column_of(open) + ", found " + found(pos_), pos_);
    }
  }

  bool parse_primary(param_type& out, std::size_t depth, std::size_t& height) {
    if (depth >= options_.max_depth) return depth_exceeded(pos_);
    const std::size_t start = pos_;
    const char c = peek();
    if (c == '{' || c == '(') {
      if (++recursion_ > options_.max_depth) return depth_exceeded(start);
      ++pos_;
      bool ok = false;
      if (c == '{') {
        std::size_t h = 0;
        out = param_type::object_with({});
        std::optional<param_type> rest;
        ok = parse_list(out.fields, rest, depth + 1, start, h);
        if (ok && rest) out.items.push_back(std::move(*rest));
        height = h + 1;
      } else {
        ok = parse_union(out, depth, height, true);
        if (ok && peek() != ')')
          ok = fail(error_code::invalid_schema,
                    "expected ')' to close the '(' at column " + column_of(start) + ", found " + found(pos_), pos_);
        if (ok) ++pos_;
      }
      --recursion_;
      return ok;
    }
    // An enum of two or more values: a/b/c (its first value bare or quoted, then '/').
    if (c == '"' || (detail::is_word_char(c) && !detail::is_ident_start(c))) {
      std::string first;
      if (c == '"') {
        if (!parse_quoted(first)) return false;
      } else {
        while (!at_end() && detail::is_word_char(text_[pos_])) ++pos_;
        first.assign(text_.substr(start, pos_ - start));
      }
      if (peek() != '/') return fail(error_code::invalid_schema, "expected a type, found " + found(start), start);
      height = 1;
      return parse_slash_enum(out, std::move(first));
    }
    if (!detail::is_ident_start(c)) return fail(error_code::invalid_schema, "expected a type, found " + found(pos_), pos_);
    while (!at_end() && detail::is_word_char(text_[pos_])) ++pos_;
    const std::string_view word = text_.substr(start, pos_ - start);
    height = 1;
    if (peek() == '/') return parse_slash_enum(out, std::string(word));
    if (word == "string") out = param_type(param_kind::string);
    else if (word == "int") out = param_type(param_kind::integer);
    else if (word == "number") out = param_type(param_kind::number);
    else if (word == "bool") out = param_type(param_kind::boolean);
    else if (word == "object") out = param_type(param_kind::object);
    else if (word == "null") out = param_type(param_kind::null);
    else if (word == "any") out = param_type(param_kind::any);
    else if (word == "enum") {
      if (peek() != '(') return fail(error_code::invalid_schema, "expected '(' after enum, found " + found(pos_), pos_);
      return parse_enum(out);
    } else {
      std::string message = "unknown type \"" + std::string(word) + "\"";
      if (std::string_view hint = type_hint(word); !hint.empty()) message += " (did you mean " + std::string(hint) + "?)";
      return fail(error_code::invalid_schema, std::move(message), start);
    }
    return true;
  }

  enum class enum_value { read, none, failed };
  // One enum value at pos_ into `v`: a quoted string or a bare word (read), neither (none, pos_
  // unchanged) or a bad quoted string (failed, the error set).
  enum_value parse_enum_value(std::string& v) {
    const std::size_t start = pos_;
    const char c = peek();
    if (c == '"') return parse_quoted(v) ? enum_value::read : enum_value::failed;
    if (!detail::is_word_char(c)) return enum_value::none;
    while (!at_end() && detail::is_word_char(text_[pos_])) ++pos_;
    v.assign(text_.substr(start, pos_ - start));
    return enum_value::read;
  }

  // The rest of value "/" value { "/" value }, the first value read, pos_ at the first '/'.
  bool parse_slash_enum(param_type& out, std::string first) {
    out = param_type::enum_of({});
    std::unordered_set<std::string> seen;
    seen.insert(first);
    out.enum_values.push_back(std::move(first));
    while (peek() == '/') {
      ++pos_;
      const std::size_t start = pos_;
      std::string v;
      const enum_value got = parse_enum_value(v);
      if (got == enum_value::failed) return false;
      if (got == enum_value::none)
        return fail(error_code::invalid_schema, "expected an enum value after '/', found " + found(pos_), pos_);
      if (!seen.insert(v).second)
        return fail(error_code::duplicate_key, "duplicate enum value \"" + v + "\"", start);
      out.enum_values.push_back(std::move(v));
    }
    return true;
  }

  // "(" value { "|" value } ")" with pos_ at '('.
  bool parse_enum(param_type& out) {
    const std::size_t open = pos_;
    ++pos_;
    out = param_type::enum_of({});
    std::unordered_set<std::string> seen;
    for (;;) {
      const std::size_t start = pos_;
      std::string v;
      const enum_value got = parse_enum_value(v);
      if (got == enum_value::failed) return false;
      if (got == enum_value::none) {
        if (peek() == ')' && out.enum_values.empty()) return fail(error_code::invalid_schema, "empty enum", pos_);
        return fail(error_code::invalid_schema, "expected an enum value, found " + found(pos_), pos_);
      }
      if (!seen.insert(v).second)
        return fail(error_code::duplicate_key, "duplicate enum value \"" + v + "\"", start);
      out.enum_values.push_back(std::move(v));
      if (peek() == '|') {
        ++pos_;
        continue;
      }
      if (peek() == ')') {
        ++pos_;
        return true;
      }
      return fail(error_code::invalid_schema,
                  "expected '|' or ')' in the enum at column " + column_of(open) + ", found " + found(pos_), pos_);
    }
  }

  // A JSON string (RFC 8259 §7) with pos_ at its opening quote.
  bool parse_quoted(std::string& out) {
    const std::size_t open = pos_;
    ++pos_;
    out.clear();
    for (;;) {
      if (at_end()) return fail(error_code::unterminated_string, "unterminated string", open);
      const char c = text_[pos_];
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return fail(error_code::invalid_schema, found(pos_) + " in a quoted string (write it as an escape)", pos_);
      if (c != '\\') {
        // Copy the run of plain bytes at once.
        std::size_t end = pos_ + 1;
        while (end < text_.size() && text_[end] != '"' && text_[end] != '\\' &&
               static_cast<unsigned char>(text_[end]) >= 0x20)
          ++end;
        out.append(text_.substr(pos_, end - pos_));
        pos_ = end;
        continue;
      }
      const std::size_t esc = pos_;
      if (esc + 1 >= text_.size()) return fail(error_code::unterminated_string, "unterminated string", open);
      const char e = text_[esc + 1];
      pos_ = esc + 2;
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t unit = 0;
          if (!read_hex4(esc, unit)) return false;
          if (unit >= 0xDC00 && unit <= 0xDFFF)
            return fail(error_code::invalid_escape, "unpaired surrogate " + std::string(text_.substr(esc, 6)), esc);
          if (unit >= 0xD800 && unit <= 0xDBFF) {
            std::uint32_t low = 0;
            const std::size_t second = pos_;
            if (text_.substr(second, 2) != "\\u" || !read_hex4(second, low) || low < 0xDC00 || low > 0xDFFF) {
              error_ = {};
              return fail(error_code::invalid_escape, "unpaired surrogate " + std::string(text_.substr(esc, 6)), esc);
            }
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
          }
          detail::append_utf8(out, unit);
          break;
        }
        default: {
          std::string what = found(esc + 1);
          if (what.front() == '\'')
            return fail(error_code::invalid_escape, "invalid escape \"\\" + what.substr(1, what.size() - 2) + "\"", esc);
          return fail(error_code::invalid_escape, "invalid escape: '\\' followed by " + what, esc);
        }
      }
    }
  }

  // Four hex digits after the `\u` at `esc`; advances pos_ past them.
  bool read_hex4(std::size_t esc, std::uint32_t& unit) {
    unit = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      const std::size_t at = esc + 2 + i;
      const int d = at < text_.size() ? detail::hex_digit(text_[at]) : -1;
      if (d < 0) return fail(error_code::invalid_escape, "\\u must be followed by 4 hex digits", esc);
      unit = unit * 16 + static_cast<std::uint32_t>(d);
    }
    pos_ = esc + 6;
    return true;
  }

  // number | true | false | null | bare string | quoted string | JSON array or object
  bool parse_default(value& out) {
    const std::size_t start = pos_;
    const char c = peek();
    if (c == '[' || c == '{') {
      // Compact JSON: the extent is found by bracket depth outside strings, then read as JSON.
      std::size_t depth = 0;
      std::size_t i = pos_;
      bool in_string = false;
      for (; i < text_.size(); ++i) {
        const char ch = text_[i];
        if (in_string) {
          if (ch == '\\') ++i;
          else if (ch == '"') in_string = false;
          continue;
        }
        if (ch == '"') in_string = true;
        else if (ch == '[' || ch == '{') ++depth;
        else if ((ch == ']' || ch == '}') && --depth == 0) break;
        else if (ch == ' ') break;
        if (depth > options_.max_depth) return depth_exceeded(i);
      }
      if (i >= text_.size() || depth != 0)
        return fail(error_code::invalid_schema, "unterminated JSON default", start);
      ++i;
      auto parsed = from_json(text_.substr(start, i - start));
      if (!parsed) return fail(error_code::invalid_schema, "invalid JSON default: " + parsed.error().message, start);
      pos_ = i;
      out = std::move(*parsed);
      return true;
    }
    if (c == '"') {
      std::string s;
      if (!parse_quoted(s)) return false;
      out = std::move(s);
      return true;
    }
    if (is_digit(c) || c == '-') {
      while (!at_end() && (detail::is_word_char(text_[pos_]) || text_[pos_] == '+')) ++pos_;
      return parse_number(text_.substr(start, pos_ - start), start, out);
    }
    if (detail::is_ident_start(c)) {
      while (!at_end() && detail::is_word_char(text_[pos_])) ++pos_;
      const std::string_view word = text_.substr(start, pos_ - start);
      if (word == "true") out = true;
      else if (word == "false") out = false;
      else if (word == "null") out = nullptr;
      else out = std::string(word);
      return true;
    }
    return fail(error_code::invalid_schema, "expected a default value, found " + found(pos_), pos_);
  }

  bool parse_number(std::string_view token, std::size_t start, value& out) {
    if (!detail::is_number_token(token))
      return fail(error_code::invalid_schema, "invalid number \"" + std::string(token) + "\" (quote strings)", start);
    const char* b = token.data();
    const char* e = b + token.size();
    if (token.find_first_of(".eE") == std::string_view::npos) {
      std::int64_t i = 0;
      if (auto r = std::from_chars(b, e, i); r.ec == std::errc() && r.ptr == e) {
        out = i;
        return true;
      }
      std::uint64_t u = 0;
      if (auto r = std::from_chars(b, e, u); token[0] != '-' && r.ec == std::errc() && r.ptr == e) {
        out = u;
        return true;
      }
      out = big_integer{std::string(token)};
      return true;
    }
    double d = 0;
    auto r = std::from_chars(b, e, d);
    if (r.ec != std::errc() || r.ptr != e || !std::isfinite(d))
      return fail(error_code::invalid_schema, "number out of range \"" + std::string(token) + "\"", start);
    out = d == 0 ? 0.0 : d;  // -0 is 0
    return true;
  }

  std::unordered_map<std::string_view, std::string_view> named_;  // options_.name_descriptions
  std::string_view text_;
  const typed_params_options& options_;
  std::size_t pos_ = 0;
  std::size_t recursion_ = 0;
  error error_;
};

}  // namespace

TOON_FUNC result<schema> parse_typed_params(std::string_view text, const typed_params_options& options) {
  return parser(text, options).run();
}

}  // namespace toon
