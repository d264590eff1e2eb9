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
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_set>
#include <utility>

#include "schema_internal.hpp"
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
  parser(std::string_view text, const typed_params_options& options) noexcept : text_(text), options_(options) {}

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
    if (!parse_list(s.params, 0, no_brace, height)) return std::move(error_);
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
  bool parse_list(std::vector<param>& out, std::size_t depth, std::size_t open, std::size_t& height) {
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
      param p;
      std::size_t h = 0;
      if (!parse_param(p, depth, h)) return false;
      height = std::max(height, h);
      if (!names.insert(p.name).second)
        return fail(error_code::duplicate_key, "duplicate parameter \"" + p.name + "\"", start);
      out.push_back(std::move(p));

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

  // name ":" type [ "!" | "=" default ]
  bool parse_param(param& out, std::size_t depth, std::size_t& height) {
    if (!parse_name(out.name)) return false;
    if (peek() != ':')
      return fail(error_code::invalid_schema, "expected ':' after the parameter name, found " + found(pos_), pos_);
    ++pos_;
    if (!parse_union(out.type, depth, height)) return false;
    if (peek() == '!') {
      ++pos_;
      out.required = true;
      if (peek() == '=') return fail(error_code::invalid_schema, "a required parameter cannot have a default", pos_);
    } else if (peek() == '=') {
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

  // postfix { "|" postfix }: a union when there are two or more alternatives.
  bool parse_union(param_type& out, std::size_t depth, std::size_t& height) {
    param_type first;
    std::size_t h = 0;
    if (!parse_postfix(first, depth, h)) return false;
    if (peek() != '|') {
      out = std::move(first);
      height = h;
      return true;
    }
    // The alternatives sit one level below the union.
    if (depth + 1 + h > options_.max_depth) return depth_exceeded(pos_);
    param_type u(param_kind::any_of);
    std::size_t tallest = 0;
    auto add = [&](param_type&& t, std::size_t th) {
      if (t.kind == param_kind::any_of) {  // a parenthesized union: flattened
        for (param_type& inner : t.items) u.items.push_back(std::move(inner));
        tallest = std::max(tallest, th - 1);
      } else {
        u.items.push_back(std::move(t));
        tallest = std::max(tallest, th);
      }
    };
    add(std::move(first), h);
    while (peek() == '|') {
      ++pos_;
      const char c = peek();
      if (!(detail::is_ident_start(c) || c == '{' || c == '('))
        return fail(error_code::invalid_schema, "expected a type after '|', found " + found(pos_), pos_);
      param_type t;
      if (!parse_postfix(t, depth + 1, h)) return false;
      add(std::move(t), h);
    }
    out = std::move(u);
    height = tallest + 1;
    return true;
  }

  // primary { "[]" }
  bool parse_postfix(param_type& out, std::size_t depth, std::size_t& height) {
    if (!parse_primary(out, depth, height)) return false;
    while (peek() == '[') {
      const std::size_t open = pos_;
      if (pos_ + 1 >= text_.size() || text_[pos_ + 1] != ']')
        return fail(error_code::invalid_schema, "expected ']' after '[', found " + found(pos_ + 1), pos_ + 1);
      ++height;
      if (depth + height > options_.max_depth) return depth_exceeded(open);
      pos_ += 2;
      out = param_type::array_of(std::move(out));
    }
    return true;
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
        ok = parse_list(out.fields, depth + 1, start, h);
        height = h + 1;
      } else {
        ok = parse_union(out, depth, height);
        if (ok && peek() != ')')
          ok = fail(error_code::invalid_schema,
                    "expected ')' to close the '(' at column " + column_of(start) + ", found " + found(pos_), pos_);
        if (ok) ++pos_;
      }
      --recursion_;
      return ok;
    }
    if (!detail::is_ident_start(c)) return fail(error_code::invalid_schema, "expected a type, found " + found(pos_), pos_);
    while (!at_end() && detail::is_word_char(text_[pos_])) ++pos_;
    const std::string_view word = text_.substr(start, pos_ - start);
    height = 1;
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

  // "(" value { "|" value } ")" with pos_ at '('.
  bool parse_enum(param_type& out) {
    const std::size_t open = pos_;
    ++pos_;
    out = param_type::enum_of({});
    std::unordered_set<std::string> seen;
    for (;;) {
      const std::size_t start = pos_;
      std::string v;
      const char c = peek();
      if (c == '"') {
        if (!parse_quoted(v)) return false;
      } else if (detail::is_word_char(c)) {
        while (!at_end() && detail::is_word_char(text_[pos_])) ++pos_;
        v.assign(text_.substr(start, pos_ - start));
      } else if (c == ')' && out.enum_values.empty()) {
        return fail(error_code::invalid_schema, "empty enum", pos_);
      } else {
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

  // number | true | false | null | bare string | quoted string
  bool parse_default(value& out) {
    const std::size_t start = pos_;
    const char c = peek();
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
