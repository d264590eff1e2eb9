// compile.cpp - MCP-DSL text to JSON-RPC / MCP values (docs/mcp-dsl.md).
//
// One pass: a pull lexer (one token of lookahead, saved and restored for the few LL(k)
// decisions) feeding a recursive-descent parser that builds the toon::value directly. The
// scope of each object (initialize params, response result, tool body, ...) decides the
// context-dependent abbreviations and where type expressions are read.
#include "toon/dsl/mcp_dsl.hpp"
#include "toon/detail/linkage.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>
#include <cstdint>
#include <system_error>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "../common/utf8.hpp"
#include "dsl_common.hpp"
#include "toon/json.hpp"

namespace toon::mcp_dsl {
namespace {

using detail::scope;

enum class tk : std::uint8_t {
  end, word, string, number, multiline, lbrace, rbrace, lbracket, rbracket, lparen, rparen, comma,
  colon, dcolon, pipe, bang, question, equals, at, hash, plus, dot, slash, gt, lt, amp, ellipsis,
};

std::string_view tk_name(tk k) noexcept {
  switch (k) {
    case tk::end: return "end of input";
    case tk::word: return "identifier";
    case tk::string: return "string";
    case tk::number: return "number";
    case tk::multiline: return "'|' text block";
    case tk::lbrace: return "'{'";
    case tk::rbrace: return "'}'";
    case tk::lbracket: return "'['";
    case tk::rbracket: return "']'";
    case tk::lparen: return "'('";
    case tk::rparen: return "')'";
    case tk::comma: return "','";
    case tk::colon: return "':'";
    case tk::dcolon: return "'::'";
    case tk::pipe: return "'|'";
    case tk::bang: return "'!'";
    case tk::question: return "'?'";
    case tk::equals: return "'='";
    case tk::at: return "'@'";
    case tk::hash: return "'#'";
    case tk::plus: return "'+'";
    case tk::dot: return "'.'";
    case tk::slash: return "'/'";
    case tk::gt: return "'>'";
    case tk::lt: return "'<'";
    case tk::amp: return "'&'";
    case tk::ellipsis: return "'...'";
  }
  return "token";
}

struct token {
  tk kind = tk::end;
  std::size_t begin = 0;
  std::size_t end = 0;
  bool newline_before = false;  ///< a line break lies between the previous token and this one
  /// Offset of a `#` comment skipped before this token that started right after another token
  /// (`> tools/list# {}`), npos when none: where a message id was meant, it is reported.
  std::size_t glued_comment = std::string_view::npos;
  std::string text;             ///< word, decoded string / text block, or number literal
};

/// Internal failure, caught at the API boundary and turned into a toon::error.
struct failure {
  error_code code;
  std::string message;
  std::size_t offset;
};

/// Finds the members of one object under construction, and of the objects its capability
/// paths (`a.b.c`) and annotations nest in it, so that building an object of n members takes
/// O(n) time: a linear scan while an object is small, then a hash index of member positions
/// keyed by the member's path from the outer object ("<length>:<key>" per segment), built the
/// first time the object is searched once it has grown. Members are only ever appended, so
/// positions stay valid.
class member_finder {
 public:
  /// Appends the segment `key` to the encoded path `path`.
  static void push(std::string& path, std::string_view key) {
    path += std::to_string(key.size());
    path += ':';
    path += key;
  }

  /// The member `key` of `obj`, the object at encoded path `prefix` ("" for the outer one).
  value* find(object& obj, const std::string& prefix, std::string_view key) {
    if (!indexed(prefix)) {
      if (obj.size() < linear_limit) return obj.find(key);
      std::size_t i = 0;
      for (const member& m : obj) {
        scratch_ = prefix;
        push(scratch_, m.key);
        pos_[scratch_] = i++;
      }
      indexed_.insert(prefix);
    }
    scratch_ = prefix;
    push(scratch_, key);
    auto it = pos_.find(scratch_);
    if (it == pos_.end()) return nullptr;
    return &(obj.begin() + static_cast<std::ptrdiff_t>(it->second))->value;
  }

  /// Appends `key` (not present: the caller has checked with find()) to `obj` at `prefix`.
  value& add(object& obj, const std::string& prefix, std::string key, value v) {
    if (indexed(prefix)) {
      scratch_ = prefix;
      push(scratch_, key);
      pos_[scratch_] = obj.size();
    }
    return obj.emplace_back(std::move(key), std::move(v));
  }

 private:
  /// Whether the object at `prefix` has its index; no hashing while no object has one (the
  /// common case: every member of every small object passes here).
  bool indexed(const std::string& prefix) const { return !indexed_.empty() && indexed_.count(prefix) != 0; }

  static constexpr std::size_t linear_limit = 16;
  std::unordered_map<std::string, std::size_t> pos_;
  std::unordered_set<std::string> indexed_;
  std::string scratch_;
};

class parser {
 public:
  parser(std::string_view src, const compile_options& options) : src_(src), options_(options) {}

  std::vector<value> run() {
    std::vector<value> items;
    lex();
    while (tok_.kind != tk::end) parse_item(items);
    return items;
  }

 private:
  std::string_view src_;
  const compile_options& options_;
  std::size_t pos_ = 0;
  std::size_t depth_ = 0;
  std::size_t literal_ = 0;  // > 0 inside the arguments of tools/call, prompts/get
  std::size_t open_at_ = std::string_view::npos;  // where the innermost nesting construct opened
  const std::string root_{};  // the encoded path of an object for its own member_finder
  token tok_;
  // Type aliases declared so far (`type Name = type`), with their size in values, and the
  // values their uses have copied (bounded: aliases of aliases must not blow up).
  struct alias {
    value schema;
    std::size_t nodes = 0;  // values in schema
    std::size_t depth = 0;  // nesting of schema (a scalar schema: 1)
  };
  std::map<std::string, alias, std::less<>> aliases_;
  std::size_t alias_copies_ = 0;

  // ---------------------------------------------------------------------------------------
  // Lexer

  [[noreturn]] void fail(error_code code, std::string message, std::size_t offset) const {
    throw failure{code, std::move(message), offset};
  }
  [[noreturn]] void fail_here(std::string message) const {
    fail(error_code::dsl_syntax, std::move(message), tok_.begin);
  }
  [[noreturn]] void unexpected(std::string_view expected) const {
    std::string m = "expected ";
    m += expected;
    m += ", found ";
    if (tok_.kind == tk::word) {
      m += '\'';
      m += tok_.text;
      m += '\'';
    } else {
      m += tk_name(tok_.kind);
    }
    fail_here(std::move(m));
  }

  char at(std::size_t i) const noexcept { return i < src_.size() ? src_[i] : '\0'; }
  static bool digit(char c) noexcept { return c >= '0' && c <= '9'; }

  void lex() {
    bool newline = false;
    std::size_t glued = std::string_view::npos;
    const std::size_t start = pos_;
    // Whitespace and comments.
    for (;;) {
      if (pos_ >= src_.size()) break;
      char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (c == '\n') {
        newline = true;
        ++pos_;
      } else if (c == '#' && !hash_is_id_marker(pos_)) {
        if (pos_ == start && pos_ > 0) glued = pos_;
        while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;
      } else {
        break;
      }
    }
    tok_.newline_before = newline;
    tok_.glued_comment = glued;
    tok_.begin = pos_;
    tok_.text.clear();
    if (pos_ >= src_.size()) {
      tok_.kind = tk::end;
      tok_.end = pos_;
      return;
    }
    char c = src_[pos_];
    auto single = [&](tk k) {
      tok_.kind = k;
      tok_.end = ++pos_;
    };
    switch (c) {
      case '{': return single(tk::lbrace);
      case '}': return single(tk::rbrace);
      case '[': return single(tk::lbracket);
      case ']': return single(tk::rbracket);
      case '(': return single(tk::lparen);
      case ')': return single(tk::rparen);
      case ',': return single(tk::comma);
      case '!': return single(tk::bang);
      case '?': return single(tk::question);
      case '=': return single(tk::equals);
      case '@': return single(tk::at);
      case '#': return single(tk::hash);
      case '+': return single(tk::plus);
      case '.':
        if (at(pos_ + 1) == '.' && at(pos_ + 2) == '.') {
          tok_.kind = tk::ellipsis;
          pos_ += 3;
          tok_.end = pos_;
          return;
        }
        return single(tk::dot);
      case '&': return single(tk::amp);
      case '/': return single(tk::slash);
      case '>': return single(tk::gt);
      case '<': return single(tk::lt);
      case ':':
        if (at(pos_ + 1) == ':') {
          tok_.kind = tk::dcolon;
          pos_ += 2;
          tok_.end = pos_;
          return;
        }
        return single(tk::colon);
      case '|': return lex_pipe();
      case '"': return lex_string();
      default: break;
    }
    if (c == '-' || digit(c)) return lex_number();
    if (detail::is_ident_start(c)) {
      std::size_t b = pos_;
      while (pos_ < src_.size() && detail::is_ident_char(src_[pos_])) ++pos_;
      tok_.kind = tk::word;
      tok_.text.assign(src_.substr(b, pos_ - b));
      tok_.end = pos_;
      return;
    }
    std::string m = "unexpected character ";
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
      static constexpr char hex[] = "0123456789abcdef";
      m += "byte 0x";
      m += hex[static_cast<unsigned char>(c) >> 4];
      m += hex[static_cast<unsigned char>(c) & 15];
    } else {
      m += '\'';
      m += c;
      m += '\'';
    }
    fail(error_code::dsl_syntax, std::move(m), pos_);
  }

  /// `#` marks a message id when followed by a digit, '-', '"' or `null`; else a comment.
  bool hash_is_id_marker(std::size_t p) const noexcept {
    char n = at(p + 1);
    return digit(n) || n == '-' || n == '"' || src_.substr(p + 1, 4) == "null";
  }

  void lex_number() {
    std::size_t b = pos_;
    std::size_t p = pos_;
    if (at(p) == '-') ++p;
    if (!digit(at(p))) fail(error_code::dsl_syntax, "unexpected character '-'", b);
    if (at(p) == '0' && digit(at(p + 1))) fail(error_code::dsl_syntax, "number with a leading zero", b);
    while (digit(at(p))) ++p;
    if (at(p) == '.' && digit(at(p + 1))) {
      ++p;
      while (digit(at(p))) ++p;
    }
    if ((at(p) == 'e' || at(p) == 'E') &&
        (digit(at(p + 1)) || ((at(p + 1) == '+' || at(p + 1) == '-') && digit(at(p + 2))))) {
      p += 2;
      while (digit(at(p))) ++p;
    }
    if (detail::is_ident_char(at(p))) fail(error_code::dsl_syntax, "malformed number", b);
    tok_.kind = tk::number;
    tok_.text.assign(src_.substr(b, p - b));
    pos_ = p;
    tok_.end = p;
  }

  bool read_hex4(std::size_t p, std::uint32_t& out) const noexcept {
    out = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      char h = at(p + i);
      out <<= 4;
      if (digit(h)) out |= static_cast<std::uint32_t>(h - '0');
      else if (h >= 'a' && h <= 'f') out |= static_cast<std::uint32_t>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') out |= static_cast<std::uint32_t>(h - 'A' + 10);
      else return false;
    }
    return true;
  }

  void lex_string() {
    std::size_t b = pos_;
    std::size_t p = pos_ + 1;
    std::string& out = tok_.text;
    for (;;) {
      if (p >= src_.size()) fail(error_code::unterminated_string, "string without its closing quote", b);
      char c = src_[p];
      if (c == '"') break;
      if (c != '\\') {
        // Copy the run up to the next quote or backslash in one go.
        std::size_t q = p;
        while (q < src_.size() && src_[q] != '"' && src_[q] != '\\') ++q;
        out.append(src_.substr(p, q - p));
        p = q;
        continue;
      }
      char e = at(p + 1);
      switch (e) {
        case 'n': out += '\n'; p += 2; break;
        case 't': out += '\t'; p += 2; break;
        case 'r': out += '\r'; p += 2; break;
        case 'b': out += '\b'; p += 2; break;
        case 'f': out += '\f'; p += 2; break;
        case '"': out += '"'; p += 2; break;
        case '\\': out += '\\'; p += 2; break;
        case '/': out += '/'; p += 2; break;
        case '{':
          if (at(p + 2) != '{') fail(error_code::invalid_escape, "'\\{' must be followed by a second '{'", p);
          out += "{{";
          p += 3;
          break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!read_hex4(p + 2, cp)) fail(error_code::invalid_escape, "'\\u' needs four hex digits", p);
          std::size_t next = p + 6;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            std::uint32_t lo = 0;
            if (at(next) != '\\' || at(next + 1) != 'u' || !read_hex4(next + 2, lo) || lo < 0xDC00 || lo > 0xDFFF)
              fail(error_code::invalid_escape, "high surrogate without its low surrogate", p);
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            next += 6;
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            fail(error_code::invalid_escape, "lone low surrogate", p);
          }
          toon::detail::append_utf8(out, cp);
          p = next;
          break;
        }
        default: fail(error_code::invalid_escape, "unknown escape sequence", p);
      }
    }
    tok_.kind = tk::string;
    pos_ = p + 1;
    tok_.end = pos_;
  }

  /// `|` followed by nothing but spaces (and a comment) up to the line end opens a text
  /// block: the following lines indented deeper than the `|` line, base indentation
  /// stripped. Anywhere else `|` is the union operator.
  void lex_pipe() {
    std::size_t b = pos_;
    std::size_t p = pos_ + 1;
    while (at(p) == ' ' || at(p) == '\t' || at(p) == '\r') ++p;
    if (at(p) == '#') {
      while (p < src_.size() && src_[p] != '\n') ++p;
    }
    if (p < src_.size() && src_[p] != '\n') {
      tok_.kind = tk::pipe;
      pos_ = b + 1;
      tok_.end = pos_;
      return;
    }
    // Indentation of the line holding the '|'.
    std::size_t line_start = src_.rfind('\n', b);
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    std::size_t header_indent = 0;
    while (at(line_start + header_indent) == ' ' || at(line_start + header_indent) == '\t') ++header_indent;

    std::string& out = tok_.text;
    std::size_t end_of_block = p;  // after the last content line (before its line break)
    std::size_t base = std::string_view::npos;
    std::size_t pending_blank = 0;
    std::size_t line = p < src_.size() ? p + 1 : p;
    while (line < src_.size()) {
      std::size_t eol = src_.find('\n', line);
      if (eol == std::string_view::npos) eol = src_.size();
      std::size_t ind = 0;
      while (line + ind < eol && src_[line + ind] == ' ') ++ind;
      std::size_t first = line + ind;
      while (first < eol && (src_[first] == ' ' || src_[first] == '\t' || src_[first] == '\r')) ++first;
      if (first == eol) {  // blank line
        ++pending_blank;
        line = eol + 1;
        continue;
      }
      if (at(line + ind) == '\t' && (base == std::string_view::npos || ind < base))
        fail(error_code::dsl_syntax, "tab in the indentation of a '|' text block", line + ind);
      if (base == std::string_view::npos) {
        if (ind <= header_indent) break;
        base = ind;
        pending_blank = 0;  // blank lines before the first content line are not content
      } else if (ind < base) {
        // Inside a `{` or `[` opened on an earlier line, what follows a block sits at the
        // indentation of the line holding the '|' (the next member) or less (the closing
        // bracket): a line between that and the block's own indentation is a mistake, not keys.
        const bool opened_before = open_at_ != std::string_view::npos && open_at_ < line_start;
        if (opened_before && ind > header_indent)
          fail(error_code::dsl_syntax,
               "text block line indented less than the block's first line (the block ends only at the "
               "indentation of the line holding '|' or less)",
               line + ind);
        break;
      }
      if (!out.empty() || pending_blank > 0 || end_of_block != p) {
        if (end_of_block != p) out += '\n';
        out.append(pending_blank, '\n');
      }
      pending_blank = 0;
      std::size_t content_end = eol;
      if (content_end > line && src_[content_end - 1] == '\r') --content_end;
      out.append(src_.substr(line + base, content_end - (line + base)));
      end_of_block = eol;
      line = eol + 1;
    }
    tok_.kind = tk::multiline;
    pos_ = end_of_block;
    tok_.end = end_of_block;
  }

  struct saved {
    std::size_t pos;
    token tok;
  };
  saved save() const { return {pos_, tok_}; }
  void restore(saved s) {
    pos_ = s.pos;
    tok_ = std::move(s.tok);
  }
  /// Kind of the token after the current one (lexes ahead, then restores).
  tk peek_kind() {
    saved s = save();
    lex();
    tk k = tok_.kind;
    restore(std::move(s));
    return k;
  }

  bool is(tk k) const noexcept { return tok_.kind == k; }
  bool is_word(std::string_view w) const noexcept { return tok_.kind == tk::word && tok_.text == w; }
  void expect(tk k, std::string_view what) {
    if (tok_.kind != k) unexpected(what);
    lex();
  }

  struct depth_guard {
    parser& p;
    std::size_t outer_open;
    explicit depth_guard(parser& owner, std::size_t offset) : p(owner), outer_open(owner.open_at_) {
      if (++p.depth_ > p.options_.max_depth)
        p.fail(error_code::depth_limit, "nesting deeper than max_depth", offset);
      p.open_at_ = offset;
    }
    ~depth_guard() {
      --p.depth_;
      p.open_at_ = outer_open;
    }
    depth_guard(const depth_guard&) = delete;
    depth_guard& operator=(const depth_guard&) = delete;
  };

  // ---------------------------------------------------------------------------------------
  // Documents and messages

  void parse_item(std::vector<value>& items) {
    switch (tok_.kind) {
      case tk::gt: items.push_back(parse_request()); return;
      case tk::bang: items.push_back(parse_notification()); return;
      case tk::lt: items.push_back(parse_response()); return;
      default: break;
    }
    if (tok_.kind == tk::word) {
      if (tok_.text == "x") {
        items.push_back(parse_error_message());
        return;
      }
      if (tok_.text == "T" || tok_.text == "R" || tok_.text == "P" || tok_.text == "RT") {
        parse_definition(items);
        return;
      }
      if (tok_.text == "server") {
        items.push_back(parse_server());
        return;
      }
      if (tok_.text == "type" && peek_kind() == tk::word) {
        parse_alias();
        return;
      }
    }
    unexpected("a message ('>', '<', '!', 'x'), a definition ('T', 'R', 'P', 'RT'), 'type' or 'server'");
  }

  static bool builtin_type(std::string_view w) noexcept {
    return w == "str" || w == "int" || w == "num" || w == "bool" || w == "null" || w == "uri" || w == "blob" ||
           w == "enum";
  }

  /// Adds the values of `v` to `nodes` and returns its nesting (a scalar: 1). Alias schemas are
  /// bounded by max_depth, and so is this recursion.
  static std::size_t measure(const value& v, std::size_t& nodes) noexcept {
    ++nodes;
    std::size_t deepest = 0;
    if (const array* a = v.get_if<array>())
      for (const value& e : *a) deepest = std::max(deepest, measure(e, nodes));
    else if (const object* o = v.get_if<object>())
      for (const member& m : *o) deepest = std::max(deepest, measure(m.value, nodes));
    return deepest + 1;
  }

  /// Values that type aliases may copy in all, over the whole document: a constant plus a
  /// quarter of the input's size (docs/mcp-dsl.md, "Limits"), so that memory stays
  /// proportional to the input however aliases are chained.
  std::size_t alias_budget() const noexcept { return std::size_t{65536} + src_.size() / 4; }

  /// `type Name = type`: a name for a type expression, usable in the types that follow it (as
  /// a type, and spread into object types with `...Name`). Produces no item.
  void parse_alias() {
    lex();  // type
    const std::size_t name_at = tok_.begin;
    std::string name = std::move(tok_.text);
    if (builtin_type(name)) fail(error_code::dsl_syntax, "'" + name + "' is a built-in type, not an alias name", name_at);
    if (aliases_.find(name) != aliases_.end())
      fail(error_code::duplicate_key, "type alias \"" + name + "\" declared twice", name_at);
    lex();
    expect(tk::equals, "'=' after the type alias name");
    alias a;
    a.schema = parse_type(false).schema;
    a.depth = measure(a.schema, a.nodes);
    aliases_.emplace(std::move(name), std::move(a));
  }

  /// The schema of alias `name` (copied), or nullptr when there is none.
  const value* use_alias(std::string_view name, std::size_t at) {
    auto it = aliases_.find(name);
    if (it == aliases_.end()) return nullptr;
    // Both checked before the schema is copied.
    if (depth_ + it->second.depth > options_.max_depth)
      fail(error_code::depth_limit, "type alias \"" + it->first + "\" nests deeper than max_depth here", at);
    alias_copies_ += it->second.nodes;
    if (alias_copies_ > alias_budget())
      fail(error_code::size_limit, "type aliases expand to too large a document", at);
    return &it->second.schema;
  }

  std::string parse_method() {
    std::string method;
    if (is(tk::string)) {
      method = std::move(tok_.text);
      lex();
      return method;
    }
    if (!is(tk::word)) unexpected("a method name");
    method = std::move(tok_.text);
    lex();
    while (is(tk::slash) && !tok_.newline_before) {
      lex();
      if (!is(tk::word)) unexpected("a method name segment after '/'");
      method += '/';
      method += tok_.text;
      lex();
    }
    return method;
  }

  value parse_id(bool allow_null) {
    if (!is(tk::hash)) {
      if (tok_.glued_comment != std::string_view::npos)
        fail(error_code::dsl_syntax,
             "expected the message id: '#' is followed by an integer or a string (#1, #\"a\"); "
             "this '#' starts a comment",
             tok_.glued_comment);
      unexpected("'#' and the message id");
    }
    lex();
    value id;
    if (is(tk::number)) {
      id = number_value();
      if (id.type() != value::kind::integer && id.type() != value::kind::uinteger && id.type() != value::kind::big_integer)
        fail_here("a message id must be an integer or a string");
    } else if (is(tk::string)) {
      id = value(std::move(tok_.text));
    } else if (allow_null && is_word("null")) {
      id = value(nullptr);
    } else {
      unexpected("an integer or string message id");
    }
    lex();
    return id;
  }

  value number_value() {
    // Integers of up to 18 digits are exact in int64: the common case (ids, counts) without
    // the JSON parser; everything else (fractions, exponents, big integers) goes through
    // from_json, which keeps every number exactly as the JSON bridge does.
    const std::string& t = tok_.text;
    if (t.size() <= 18 && t.find_first_of(".eE") == std::string::npos) {
      std::int64_t i = 0;
      auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), i);
      if (ec == std::errc() && end == t.data() + t.size()) return value(i);
    }
    auto r = from_json(tok_.text);
    if (!r) fail_here("number out of the range of a double");
    // A literal with a non-zero digit that reads as 0 has underflowed: refused like an overflow
    // rather than silently changed.
    if (const double* d = r->get_if<double>(); d != nullptr && *d == 0.0) {
      std::string_view mantissa(t);
      mantissa = mantissa.substr(0, mantissa.find_first_of("eE"));
      if (mantissa.find_first_of("123456789") != std::string_view::npos)
        fail_here("number out of the range of a double (too small: it would read as 0)");
    }
    return std::move(r).value();
  }

  /// A value starting on the same line as the message header (params, result, data).
  /// Another item may follow on the same line (`> ping#1 > ping#2`): `>`, `<` and `!` never
  /// start a value.
  bool value_follows_on_line() const noexcept {
    return tok_.kind != tk::end && !tok_.newline_before && tok_.kind != tk::gt && tok_.kind != tk::lt &&
           tok_.kind != tk::bang;
  }

  /// `x #`: an error item, not the bare string "x" (which is never followed by '#').
  bool error_item_follows() {
    return is_word("x") && peek_kind() == tk::hash;
  }

  value parse_request() {
    lex();
    std::string method = parse_method();
    value id = parse_id(false);
    value msg(object{});
    object& o = *msg.get_if<object>();
    o.emplace_back("jsonrpc", value("2.0"));
    o.emplace_back("id", std::move(id));
    const scope params_scope = method == "initialize"                               ? scope::initialize_params
                               : method == "tools/call" || method == "prompts/get" ? scope::call_params
                                                                                   : scope::generic;
    o.emplace_back("method", value(std::move(method)));
    if (value_follows_on_line()) {
      if (!is(tk::lbrace)) unexpected("'{' opening the params");
      o.emplace_back("params", parse_object(params_scope));
    }
    return msg;
  }

  value parse_notification() {
    lex();
    std::string method = parse_method();
    value msg(object{});
    object& o = *msg.get_if<object>();
    o.emplace_back("jsonrpc", value("2.0"));
    o.emplace_back("method", value(std::move(method)));
    if (value_follows_on_line()) {
      if (!is(tk::lbrace)) unexpected("'{' opening the params");
      o.emplace_back("params", parse_object(scope::generic));
    }
    return msg;
  }

  value parse_response() {
    lex();
    value id = parse_id(false);
    value msg(object{});
    object& o = *msg.get_if<object>();
    o.emplace_back("jsonrpc", value("2.0"));
    o.emplace_back("id", std::move(id));
    if (value_follows_on_line() && !error_item_follows()) {
      o.emplace_back("result", is(tk::lbrace) ? parse_object(scope::result) : parse_value());
    } else {
      o.emplace_back("result", value(object{}));
    }
    return msg;
  }

  value parse_error_message() {
    lex();
    value id = parse_id(true);
    if (!is(tk::number)) unexpected("the error code");
    value code = number_value();
    if (code.type() != value::kind::integer) fail_here("the error code must be an integer");
    lex();
    expect(tk::colon, "':' between the error code and its message");
    std::string message;
    if (is(tk::string) || is(tk::word)) message = std::move(tok_.text);
    else unexpected("the error message (a string or an identifier)");
    lex();
    value msg(object{});
    object& o = *msg.get_if<object>();
    o.emplace_back("jsonrpc", value("2.0"));
    o.emplace_back("id", std::move(id));
    value err(object{});
    object& e = *err.get_if<object>();
    e.emplace_back("code", std::move(code));
    e.emplace_back("message", value(std::move(message)));
    if (value_follows_on_line() && !error_item_follows()) e.emplace_back("data", parse_value());
    o.emplace_back("error", std::move(err));
    return msg;
  }

  // ---------------------------------------------------------------------------------------
  // Definitions

  static scope body_scope(std::string_view keyword) noexcept {
    if (keyword == "T") return scope::tool_body;
    if (keyword == "R") return scope::resource_body;
    if (keyword == "P") return scope::prompt_body;
    return scope::template_body;
  }

  /// `T name {...}`, `T "name" {...}` or a collection `T[] [label] { a: {...}, b: "..." }`
  /// (one item per entry).
  void parse_definition(std::vector<value>& out) {
    std::string keyword = std::move(tok_.text);
    lex();
    scope s = body_scope(keyword);
    if (is(tk::lbracket)) {
      lex();
      expect(tk::rbracket, "']' after '[' in a definition collection");
      if (is(tk::word) || is(tk::string)) lex();  // the collection's label names nothing in JSON
      if (!is(tk::lbrace)) unexpected("'{' opening the definition collection");
      depth_guard guard(*this, tok_.begin);
      lex();
      while (!is(tk::rbrace)) {
        if (skip_comma()) continue;
        if (!is(tk::word) && !is(tk::string)) unexpected("a definition name or '}'");
        std::string name = std::move(tok_.text);
        lex();
        expect(tk::colon, "':' after the definition name");
        out.push_back(parse_named_entry(keyword, s, std::move(name)));
      }
      lex();
      return;
    }
    if (!is(tk::word) && !is(tk::string)) unexpected("the definition name");
    std::string name = std::move(tok_.text);
    lex();
    out.push_back(definition_body(s, std::move(name)));
  }

  value definition_body(scope s, std::string name) {
    if (!is(tk::lbrace)) unexpected("'{' opening the definition body");
    value def(object{});
    object& o = *def.get_if<object>();
    o.emplace_back("name", value(std::move(name)));
    parse_object_into(o, s);
    return def;
  }

  /// One entry of a collection: a block, a string (R: the uri, else the description) or,
  /// for tools, a type expression (the input schema).
  value parse_named_entry(std::string_view keyword, scope s, std::string name) {
    if (is(tk::lbrace)) return definition_body(s, std::move(name));
    value def(object{});
    object& o = *def.get_if<object>();
    o.emplace_back("name", value(std::move(name)));
    if (is(tk::string)) {
      o.emplace_back(keyword == "R" ? "uri" : "description", value(std::move(tok_.text)));
      lex();
      while (is(tk::dcolon)) skip_cast();
      return def;
    }
    if (keyword != "T") unexpected("'{' or a string for this collection entry");
    o.emplace_back("inputSchema", parse_type(false).schema);
    return def;
  }

  value parse_server() {
    lex();
    if (!is(tk::word) && !is(tk::string)) unexpected("the server name");
    value server(object{});
    object& o = *server.get_if<object>();
    o.emplace_back("name", value(std::move(tok_.text)));
    lex();
    if (is(tk::word) && tok_.text.size() > 1 && tok_.text[0] == 'v' && digit(tok_.text[1])) {
      // vMAJOR(.MINOR)*: the lexer stopped at the first '.', read the rest from the source.
      std::size_t b = tok_.begin + 1;
      std::size_t p = tok_.end;
      for (std::size_t i = b; i < p; ++i)
        if (!digit(src_[i])) fail_here("malformed version (expected vX.Y.Z)");
      while (at(p) == '.' && digit(at(p + 1))) {
        ++p;
        while (digit(at(p))) ++p;
      }
      if (detail::is_ident_char(at(p)) || at(p) == '.') fail(error_code::dsl_syntax, "malformed version (expected vX.Y.Z)", p);
      o.emplace_back("version", value(std::string(src_.substr(b, p - b))));
      pos_ = p;
      lex();
    }
    parse_object_into(o, scope::server_body);
    return server;
  }

  // ---------------------------------------------------------------------------------------
  // Objects

  value parse_object(scope s) {
    value v(object{});
    parse_object_into(*v.get_if<object>(), s);
    return v;
  }

  /// Reads `{ member* }` into `o`: fields, annotations, capability paths, nested definitions.
  void parse_object_into(object& o, scope s) {
    if (!is(tk::lbrace)) unexpected("'{'");
    depth_guard guard(*this, tok_.begin);
    if (literal_ > 0 && s == scope::generic) s = scope::literal;
    member_finder members;
    lex();
    while (!is(tk::rbrace)) {
      switch (tok_.kind) {
        case tk::comma: lex(); continue;
        case tk::at: parse_annotation_member(o, members); continue;
        case tk::string: {
          std::size_t key_at = tok_.begin;
          std::string key = std::move(tok_.text);
          lex();
          skip_modifier();
          expect(tk::colon, "':' after the key");
          if (members.find(o, root_, key)) fail(error_code::duplicate_key, "duplicate key \"" + key + "\"", key_at);
          value v = parse_value();
          members.add(o, root_, std::move(key), std::move(v));
          continue;
        }
        case tk::word: break;
        default: unexpected("a key, an annotation, a definition or '}'");
      }
      const std::string& w = tok_.text;
      if (w == "T" || w == "R" || w == "P" || w == "RT") {
        tk next = peek_kind();
        if (next == tk::word || next == tk::string || next == tk::lbracket) {
          parse_nested_definition(o, members);
          continue;
        }
      }
      std::size_t key_at = tok_.begin;
      std::string word = std::move(tok_.text);
      lex();
      if (is(tk::colon) || ((is(tk::bang) || is(tk::question)) && peek_kind() == tk::colon)) {
        skip_modifier();
        lex();  // ':'
        parse_field(o, members, s, word, key_at);
      } else {
        parse_capability(o, members, std::move(word), key_at);
      }
    }
    lex();
  }

  /// Consumes a ',' between members or elements (commas are optional separators).
  bool skip_comma() {
    if (!is(tk::comma)) return false;
    lex();
    return true;
  }

  void skip_modifier() {
    if (is(tk::bang) || is(tk::question)) lex();
  }

  void parse_field(object& o, member_finder& members, scope s, std::string_view word, std::size_t key_at) {
    std::string_view key = detail::expand_key(word, s);
    if (members.find(o, root_, key))
      fail(error_code::duplicate_key, "duplicate key \"" + std::string(key) + "\"", key_at);
    value v;
    if (s == scope::tool_body && (key == "inputSchema" || key == "outputSchema")) {
      v = parse_type(false).schema;
    } else if (s == scope::prompt_body && key == "arguments") {
      // `{a: str!}` (the DSL's form) or the JSON form `[{name: a, required: true}]`, which the
      // TypeScript decompiler writes.
      v = is(tk::lbracket) ? parse_value() : parse_prompt_arguments();
    } else if (s == scope::call_params && key == "arguments") {
      // A tool's or prompt's own argument names: `desc`, `v`, `ok` stay what they are.
      ++literal_;
      v = parse_value();
      --literal_;
    } else if (word == "ok" && s != scope::literal) {
      std::size_t at_value = tok_.begin;
      value b = parse_value();
      const bool* flag = b.get_if<bool>();
      if (!flag) fail(error_code::dsl_syntax, "'ok' takes true or false (it stands for the negated isError)", at_value);
      v = value(!*flag);
    } else {
      v = parse_value();
    }
    members.add(o, root_, std::string(key), std::move(v));
  }

  /// `name` or `a.b.c` as an object member: {"name": {}} / {"a": {"b": {"c": true}}}, merged.
  /// Every segment nests one object deeper: a path counts against max_depth.
  void parse_capability(object& o, member_finder& members, std::string first, std::size_t key_at) {
    std::vector<std::string> path;
    path.push_back(std::move(first));
    while (is(tk::dot)) {
      if (depth_ + path.size() >= options_.max_depth)
        fail(error_code::depth_limit, "capability path nests deeper than max_depth", tok_.begin);
      lex();
      if (!is(tk::word)) unexpected("a capability name after '.'");
      path.push_back(std::move(tok_.text));
      lex();
    }
    object* cur = &o;
    std::string prefix;  // the encoded path of *cur
    for (std::size_t i = 0; i < path.size(); ++i) {
      bool last = i + 1 == path.size();
      value* existing = members.find(*cur, prefix, path[i]);
      if (last && path.size() > 1) {
        if (existing && !(existing->get_if<bool>() && *existing->get_if<bool>()))
          fail(error_code::duplicate_key, "capability \"" + path[i] + "\" conflicts with an earlier member", key_at);
        if (!existing) members.add(*cur, prefix, path[i], value(true));
        return;
      }
      if (!existing) existing = &members.add(*cur, prefix, path[i], value(object{}));
      object* next = existing->get_if<object>();
      if (!next) fail(error_code::duplicate_key, "capability \"" + path[i] + "\" conflicts with an earlier member", key_at);
      cur = next;
      member_finder::push(prefix, path[i]);
    }
  }

  void parse_nested_definition(object& o, member_finder& members) {
    std::size_t at_def = tok_.begin;
    std::string_view key = detail::collection_key(tok_.text);
    std::vector<value> defs;
    parse_definition(defs);
    value* coll = members.find(o, root_, key);
    if (!coll) coll = &members.add(o, root_, std::string(key), value(array{}));
    array* arr = coll->get_if<array>();
    if (!arr) fail(error_code::duplicate_key, "nested definition conflicts with the member \"" + std::string(key) + "\"", at_def);
    for (auto& d : defs) arr->push_back(std::move(d));
  }

  /// `@name`, `@name: value`, `@name(args)` as an object member: annotations.<name>, with
  /// the tool hints spelled out; `@impl(name, version)` sets name and version.
  void parse_annotation_member(object& o, member_finder& members) {
    std::size_t at_ann = tok_.begin;
    lex();
    if (!is(tk::word)) unexpected("an annotation name after '@'");
    std::string name = std::move(tok_.text);
    lex();
    if (name == "impl" && is(tk::lparen)) {
      array args = parse_arguments();
      if (args.empty() || args.size() > 2) fail(error_code::dsl_syntax, "@impl takes (name) or (name, version)", at_ann);
      static constexpr std::string_view keys[] = {"name", "version"};
      for (std::size_t i = 0; i < args.size(); ++i) {
        if (members.find(o, root_, keys[i]))
          fail(error_code::duplicate_key, "@impl sets \"" + std::string(keys[i]) + "\" twice", at_ann);
        members.add(o, root_, std::string(keys[i]), std::move(args[i]));
      }
      return;
    }
    value v = annotation_value();
    value* ann = members.find(o, root_, "annotations");
    if (!ann) ann = &members.add(o, root_, "annotations", value(object{}));
    object* a = ann->get_if<object>();
    if (!a) fail(error_code::duplicate_key, "annotation conflicts with the member \"annotations\"", at_ann);
    static const std::string annotations_path = [] {
      std::string p;
      member_finder::push(p, "annotations");
      return p;
    }();
    std::string_view key = detail::expand_annotation(name);
    if (members.find(*a, annotations_path, key)) fail(error_code::duplicate_key, "duplicate annotation @" + name, at_ann);
    members.add(*a, annotations_path, std::string(key), std::move(v));
  }

  value annotation_value() {
    if (is(tk::colon)) {
      lex();
      return parse_value();
    }
    if (is(tk::lparen)) return value(parse_arguments());
    return value(true);
  }

  array parse_arguments() {
    depth_guard guard(*this, tok_.begin);
    lex();  // '('
    array args;
    while (!is(tk::rparen)) {
      if (skip_comma()) continue;
      if (is(tk::end)) unexpected("')'");
      args.push_back(parse_value());
    }
    lex();
    return args;
  }

  /// `args: { name: type! ... }` of a prompt: [{"name": ..., "required": true}, ...].
  value parse_prompt_arguments() {
    if (!is(tk::lbrace)) unexpected("'{' opening the prompt arguments");
    depth_guard guard(*this, tok_.begin);
    lex();
    array out;
    object names;  // the names so far (null values), for the duplicate check
    member_finder seen;
    while (!is(tk::rbrace)) {
      if (skip_comma()) continue;
      if (!is(tk::word) && !is(tk::string)) unexpected("an argument name or '}'");
      std::size_t name_at = tok_.begin;
      std::string name = std::move(tok_.text);
      lex();
      bool required = field_modifier();
      expect(tk::colon, "':' after the argument name");
      typed t = parse_type(true);
      if (is(tk::equals)) {
        lex();
        (void)parse_value();  // MCP prompt arguments have no default (docs/mcp-dsl.md)
      }
      if (seen.find(names, root_, name)) fail(error_code::duplicate_key, "duplicate argument \"" + name + "\"", name_at);
      seen.add(names, root_, name, value());
      value arg(object{});
      object& a = *arg.get_if<object>();
      a.emplace_back("name", value(std::move(name)));
      if (required || t.required) a.emplace_back("required", value(true));
      out.push_back(std::move(arg));
    }
    lex();
    return value(std::move(out));
  }

  /// `!` / `?` after a field name: true for `!`.
  bool field_modifier() {
    if (is(tk::bang)) {
      lex();
      return true;
    }
    if (is(tk::question)) lex();
    return false;
  }

  // ---------------------------------------------------------------------------------------
  // Values

  void skip_cast() {
    // '::' name: a type hint on a value, which has no JSON counterpart.
    read_cast_name();
  }

  /// Reads the name after the current '::' token (format names may hold '-').
  std::string read_cast_name() {
    std::size_t p = tok_.end;
    std::size_t b = p;
    if (!detail::is_ident_start(at(p))) fail(error_code::dsl_syntax, "expected a name after '::'", p);
    while (detail::is_ident_char(at(p)) || (at(p) == '-' && detail::is_ident_char(at(p + 1)))) ++p;
    pos_ = p;
    std::string name(src_.substr(b, p - b));
    lex();
    return name;
  }

  value parse_value() {
    value v = parse_primary_value();
    while (is(tk::dcolon)) skip_cast();
    return v;
  }

  static value content(std::string_view type, std::string_view key, std::string text) {
    value v(object{});
    object& o = *v.get_if<object>();
    o.emplace_back("type", value(type));
    o.emplace_back(std::string(key), value(std::move(text)));
    return v;
  }

  value parse_primary_value() {
    switch (tok_.kind) {
      case tk::lbrace: return parse_object(scope::generic);
      case tk::lbracket: return parse_array();
      case tk::string:
      case tk::multiline: {
        value v(std::move(tok_.text));
        lex();
        return v;
      }
      case tk::number: {
        value v = number_value();
        lex();
        return v;
      }
      case tk::at: return parse_annotation_value();
      case tk::word: break;
      default: unexpected("a value");
    }
    const std::string& w = tok_.text;
    if (w == "true" || w == "false") {
      bool b = w == "true";
      lex();
      return value(b);
    }
    if (w == "null") {
      lex();
      return value(nullptr);
    }
    if (value c; try_content(c)) return c;
    if (w == "T" || w == "R" || w == "P" || w == "RT") {
      if (peek_kind() == tk::lbrace) return parse_inline_definition();
    }
    value v(std::move(tok_.text));
    lex();
    return v;
  }

  /// txt"..." / txt| ..., img"..."::fmt, aud"..."::fmt, res{name}, emb{...}.
  bool try_content(value& out) {
    const std::string& w = tok_.text;
    if (w == "txt") {
      tk next = peek_kind();
      if (next != tk::string && next != tk::multiline) return false;
      lex();
      out = content("text", "text", std::move(tok_.text));
      lex();
      return true;
    }
    if (w == "img" || w == "aud") {
      if (peek_kind() != tk::string) return false;
      bool image = w == "img";
      lex();
      out = content(image ? "image" : "audio", "data", std::move(tok_.text));
      lex();
      if (is(tk::dcolon)) {
        std::string mime = image ? "image/" : "audio/";
        mime += read_cast_name();
        out.get_if<object>()->emplace_back("mimeType", value(std::move(mime)));
      }
      return true;
    }
    if (w == "res" || w == "emb") {
      if (peek_kind() != tk::lbrace) return false;
      bool embedded = w == "emb";
      lex();
      value v(object{});
      object& o = *v.get_if<object>();
      o.emplace_back("type", value("resource"));
      if (embedded) {
        o.emplace_back("resource", parse_object(scope::generic));
      } else {
        lex();  // '{'
        if (!is(tk::word) && !is(tk::string)) unexpected("a resource name in res{...}");
        value uri(object{});
        uri.get_if<object>()->emplace_back("uri", value(std::move(tok_.text)));
        lex();
        expect(tk::rbrace, "'}' closing res{...}");
        o.emplace_back("resource", std::move(uri));
      }
      out = std::move(v);
      return true;
    }
    return false;
  }

  /// T{name} (a tool reference) or T{name: {...}} / R{...} / P{...} / RT{...} (a definition).
  value parse_inline_definition() {
    std::string keyword = std::move(tok_.text);
    lex();  // '{'
    depth_guard guard(*this, tok_.begin);
    lex();
    if (!is(tk::word) && !is(tk::string)) unexpected("a name");
    std::string name = std::move(tok_.text);
    lex();
    if (is(tk::rbrace) && keyword == "T") {
      lex();
      value v(object{});
      object& o = *v.get_if<object>();
      o.emplace_back("type", value("tool"));
      o.emplace_back("name", value(std::move(name)));
      return v;
    }
    expect(tk::colon, "':' after the definition name");
    value def = definition_body(body_scope(keyword), std::move(name));
    expect(tk::rbrace, "'}' closing the inline definition");
    return def;
  }

  /// `@name...` as a value: an object, so one level of nesting.
  value parse_annotation_value() {
    std::size_t at_ann = tok_.begin;
    depth_guard guard(*this, at_ann);
    lex();
    if (!is(tk::word)) unexpected("an annotation name after '@'");
    std::string name = std::move(tok_.text);
    lex();
    value v(object{});
    object& o = *v.get_if<object>();
    if (name == "impl" && is(tk::lparen)) {
      array args = parse_arguments();
      if (args.empty() || args.size() > 2) fail(error_code::dsl_syntax, "@impl takes (name) or (name, version)", at_ann);
      o.emplace_back("name", std::move(args[0]));
      if (args.size() == 2) o.emplace_back("version", std::move(args[1]));
      return v;
    }
    value inner = annotation_value();
    o.emplace_back(std::string(detail::expand_annotation(name)), std::move(inner));
    return v;
  }

  value parse_array() {
    depth_guard guard(*this, tok_.begin);
    lex();
    array out;
    while (!is(tk::rbracket)) {
      if (skip_comma()) continue;
      if (is(tk::word) && (tok_.text == "u" || tok_.text == "a" || tok_.text == "s") && peek_kind() == tk::colon) {
        out.push_back(parse_role_message());
        continue;
      }
      if (is(tk::end)) unexpected("']'");
      out.push_back(parse_value());
    }
    lex();
    return value(std::move(out));
  }

  /// `u: "text"`, `a: img"..."::png + res{x}`: {"role": ..., "content": ...}.
  value parse_role_message() {
    std::string_view role = tok_.text == "u" ? "user" : tok_.text == "a" ? "assistant" : "system";
    lex();
    lex();  // ':'
    value body;
    if (is(tk::string) || is(tk::multiline)) {
      body = content("text", "text", std::move(tok_.text));
      lex();
    } else {
      array parts;
      for (;;) {
        value part;
        if (!is(tk::word) || !(try_content(part) || try_tool_ref(part)))
          unexpected("a string, a '|' text block or content (txt, img, aud, res, emb, T{...})");
        parts.push_back(std::move(part));
        if (!is(tk::plus)) break;
        lex();
      }
      body = parts.size() == 1 ? std::move(parts[0]) : value(std::move(parts));
    }
    value v(object{});
    object& o = *v.get_if<object>();
    o.emplace_back("role", value(role));
    o.emplace_back("content", std::move(body));
    return v;
  }

  bool try_tool_ref(value& out) {
    if (tok_.text != "T" || peek_kind() != tk::lbrace) return false;
    out = parse_inline_definition();
    return true;
  }

  // ---------------------------------------------------------------------------------------
  // Type expressions -> JSON Schema

  struct typed {
    value schema;
    bool required = false;
    bool optional = false;
  };

  /// type_expr: unions of intersections of casts of primaries. `field` allows the `!` / `?`
  /// modifiers, which only mean something on an object field (or prompt argument).
  typed parse_type(bool field) {
    depth_guard guard(*this, tok_.begin);
    return parse_joined(field, tk::pipe, "oneOf", &parser::parse_intersection_type);
  }

  /// `A & B & ...`: {"allOf": [A, B, ...]}; binds tighter than `|`.
  typed parse_intersection_type(bool field) {
    return parse_joined(field, tk::amp, "allOf", &parser::parse_cast_type);
  }

  /// `A op B op ...` of `part`s: A alone, or {key: [A, B, ...]}; a `!` or `?` on any part is
  /// the field's.
  typed parse_joined(bool field, tk op, std::string_view key, typed (parser::*part)(bool)) {
    const std::size_t start = tok_.begin;
    typed first = (this->*part)(field);
    if (!is(op)) return first;
    typed joined;
    joined.required = first.required;
    joined.optional = first.optional;
    array members;
    members.push_back(std::move(first.schema));
    while (is(op)) {
      lex();
      typed t = (this->*part)(field);
      joined.required = joined.required || t.required;
      joined.optional = joined.optional || t.optional;
      members.push_back(std::move(t.schema));
    }
    if (joined.required && joined.optional) fail(error_code::dsl_syntax, "both '!' and '?' on one type", start);
    joined.schema = value(object{});
    joined.schema.get_if<object>()->emplace_back(std::string(key), value(std::move(members)));
    return joined;
  }

  typed parse_cast_type(bool field) {
    typed t = parse_primary_type(field);
    while (is(tk::dcolon)) {
      std::string format = read_cast_name();
      t.schema.get_if<object>()->insert_or_assign("format", value(std::move(format)));
      read_type_modifier(t, field);
    }
    return t;
  }

  void read_type_modifier(typed& t, bool field) {
    if (!is(tk::bang) && !is(tk::question)) return;
    if (!field) fail_here("'!' and '?' only apply to object fields");
    if (is(tk::bang)) t.required = true;
    else t.optional = true;
    if (t.required && t.optional) fail_here("both '!' and '?' on one type");
    lex();
  }

  static value schema_of_type(std::string_view type) {
    value v(object{});
    v.get_if<object>()->emplace_back("type", value(type));
    return v;
  }

  typed parse_primary_type(bool field) {
    typed t;
    switch (tok_.kind) {
      case tk::lbracket: {
        depth_guard guard(*this, tok_.begin);
        lex();
        t.schema = schema_of_type("array");
        if (!is(tk::rbracket)) t.schema.get_if<object>()->emplace_back("items", parse_type(false).schema);
        expect(tk::rbracket, "']' closing the array type");
        break;
      }
      case tk::lbrace: t.schema = parse_object_type(); break;
      case tk::lparen: {
        lex();
        t.schema = parse_type(false).schema;
        expect(tk::rparen, "')'");
        break;
      }
      case tk::word: {
        const std::string& w = tok_.text;
        if (w == "str") t.schema = schema_of_type("string");
        else if (w == "int") t.schema = schema_of_type("integer");
        else if (w == "num") t.schema = schema_of_type("number");
        else if (w == "bool") t.schema = schema_of_type("boolean");
        else if (w == "null") t.schema = schema_of_type("null");
        else if (w == "uri") {
          t.schema = schema_of_type("string");
          t.schema.get_if<object>()->emplace_back("format", value("uri"));
        } else if (w == "blob") {
          t.schema = schema_of_type("string");
          t.schema.get_if<object>()->emplace_back("contentEncoding", value("base64"));
        } else if (w == "enum" && peek_kind() == tk::lbracket) {
          t.schema = parse_enum();
          break;
        } else if (const value* aliased = use_alias(w, tok_.begin)) {
          t.schema = *aliased;
        } else {
          t.schema = value(object{});
          t.schema.get_if<object>()->emplace_back("$ref", value("#/definitions/" + w));
        }
        lex();
        break;
      }
      default: unexpected("a type (str, int, num, bool, uri, blob, null, [...], {...}, enum[...], a name or '(')");
    }
    read_type_modifier(t, field);
    return t;
  }

  value parse_enum() {
    lex();  // enum
    lex();  // '['
    array values;
    while (!is(tk::rbracket)) {
      if (skip_comma()) continue;
      if (!is(tk::word) && !is(tk::string)) unexpected("an enum value (identifier or string) or ']'");
      values.emplace_back(std::move(tok_.text));
      lex();
    }
    lex();
    value v = schema_of_type("string");
    v.get_if<object>()->emplace_back("enum", value(std::move(values)));
    return v;
  }

  /// `...Name` in an object type: the properties (and required names) of the object type that
  /// alias Name stands for, in its order, where the spread stands.
  void spread_alias(object& properties, member_finder& names, array& required) {
    const std::size_t at = tok_.begin;
    lex();  // ...
    if (!is(tk::word) || tok_.newline_before) unexpected("a type alias name after '...'");
    std::string name = std::move(tok_.text);
    const value* s = use_alias(name, at);
    if (s == nullptr) fail(error_code::dsl_syntax, "'..." + name + "': no type alias of that name is declared before", at);
    const value* type = s->find("type");
    if (type == nullptr || !type->is_string() || type->as_string() != "object")
      fail(error_code::dsl_syntax, "'..." + name + "': only an object type can be spread", at);
    for (const member& m : s->as_object()) {
      if (m.key == "properties") {
        for (const member& p : m.value.as_object()) {
          if (names.find(properties, root_, p.key))
            fail(error_code::duplicate_key, "duplicate property \"" + p.key + "\"", at);
          names.add(properties, root_, p.key, p.value);
        }
      } else if (m.key == "required") {
        for (const value& r : m.value.as_array()) required.push_back(r);
      } else if (m.key != "type") {
        fail(error_code::dsl_syntax, "'..." + name + "': only an object type without '" + m.key + "' can be spread", at);
      }
    }
    lex();
  }

  /// `{ name: type [= default] ... }`: {"type": "object", "properties": {...}, "required": [...]}.
  value parse_object_type() {
    depth_guard guard(*this, tok_.begin);
    lex();
    object properties;
    member_finder names;
    array required;
    while (!is(tk::rbrace)) {
      if (skip_comma()) continue;
      if (is(tk::ellipsis)) {
        spread_alias(properties, names, required);
        continue;
      }
      if (!is(tk::word) && !is(tk::string)) unexpected("a property name, '...' or '}'");
      std::size_t name_at = tok_.begin;
      std::string name = std::move(tok_.text);
      lex();
      bool name_required = false;
      bool name_optional = false;
      if (is(tk::bang)) name_required = true;
      else if (is(tk::question)) name_optional = true;
      if (name_required || name_optional) lex();
      expect(tk::colon, "':' after the property name");
      typed t = parse_type(true);
      bool req = name_required || t.required;
      if (req && (name_optional || t.optional)) fail(error_code::dsl_syntax, "both '!' and '?' on one property", name_at);
      if (is(tk::equals)) {
        lex();
        t.schema.get_if<object>()->emplace_back("default", parse_value());
      }
      if (names.find(properties, root_, name))
        fail(error_code::duplicate_key, "duplicate property \"" + name + "\"", name_at);
      if (req) required.emplace_back(name);
      names.add(properties, root_, std::move(name), std::move(t.schema));
    }
    lex();
    value v = schema_of_type("object");
    object& o = *v.get_if<object>();
    if (!properties.empty()) o.emplace_back("properties", value(std::move(properties)));
    if (!required.empty()) o.emplace_back("required", value(std::move(required)));
    return v;
  }
};

error make_error(std::string_view src, failure f) {
  error e;
  e.code = f.code;
  e.message = std::move(f.message);
  toon::detail::set_location(e, src, f.offset > src.size() ? src.size() : f.offset);
  return e;
}

}  // namespace

TOON_FUNC result<std::vector<value>> compile(std::string_view dsl, const compile_options& options) {
  if (dsl.size() > options.max_input_size) {
    error e;
    e.code = error_code::size_limit;
    e.message = "input larger than max_input_size";
    return e;
  }
  if (std::size_t bad = toon::detail::find_invalid_utf8(dsl); bad != std::string_view::npos) {
    static constexpr char hex[] = "0123456789abcdef";
    const auto byte = static_cast<unsigned char>(dsl[bad]);
    std::string m = "invalid UTF-8 (byte 0x";
    m += hex[byte >> 4];
    m += hex[byte & 15];
    m += "): MCP-DSL text is UTF-8";
    return make_error(dsl, failure{error_code::invalid_utf8, std::move(m), bad});
  }
  try {
    parser p(dsl, options);
    return p.run();
  } catch (failure& f) {
    return make_error(dsl, std::move(f));
  }
}

TOON_FUNC result<value> compile_one(std::string_view dsl, const compile_options& options) {
  auto items = compile(dsl, options);
  if (!items) return std::move(items).error();
  if (items->size() != 1) {
    error e;
    e.code = error_code::dsl_syntax;
    e.message = "expected exactly one message or definition, found " + std::to_string(items->size());
    return e;
  }
  return std::move((*items)[0]);
}

TOON_FUNC result<std::string> compile_to_json(std::string_view dsl, int indent, const compile_options& options) {
  auto items = compile(dsl, options);
  if (!items) return std::move(items).error();
  std::string out;
  json_options jo;
  jo.indent = indent > 0 ? indent : 0;
  for (const value& v : *items) {
    to_json_to(out, v, jo);
    out += '\n';
  }
  return out;
}

}  // namespace toon::mcp_dsl
