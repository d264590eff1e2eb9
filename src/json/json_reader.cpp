// toon::from_json: JSON text -> toon::value through simdjson's On-Demand API.
//
// simdjson validates the text; this file only walks it, keeps object key order (a repeated
// key keeps its first position and takes the last value), classifies numbers (int64,
// uint64, exact big integer from the raw token, else double) and turns simdjson's error
// codes into toon::error values with a line and column.
#include <simdjson.h>
#include "toon/detail/linkage.hpp"

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <unordered_map>
#include <utility>

#include "json_limits.hpp"
#include "toon/json.hpp"
#include "../common/utf8.hpp"

namespace toon {

namespace {

namespace od = simdjson::ondemand;

/// Offset of the first ill-formed UTF-8 sequence, or text.size() when there is none.
std::size_t utf8_error_offset(std::string_view text) noexcept {
  std::size_t bad = detail::find_invalid_utf8(text);
  return bad == std::string_view::npos ? text.size() : bad;
}

/// simdjson's own limit must stay above ours (its root container is at depth 1).
constexpr std::size_t simdjson_depth = detail::max_json_depth + 16;

// A simdjson parser and a padded copy of the text it parses.
struct small_parse {
  static constexpr std::size_t max_text = std::size_t{16} << 10;  // reused up to this size
  od::parser parser;
  std::unique_ptr<char[]> buffer;
  std::size_t capacity = 0;  // bytes of text the buffer holds (plus the padding)

  // Copies `text` into the buffer, zero padding after it; false when out of memory.
  bool copy(std::string_view text) noexcept {
    if (buffer == nullptr || capacity < text.size()) {
      buffer.reset(new (std::nothrow) char[text.size() + simdjson::SIMDJSON_PADDING]);
      if (buffer == nullptr) {
        capacity = 0;
        return false;
      }
      capacity = text.size();
    }
    if (!text.empty()) std::memcpy(buffer.get(), text.data(), text.size());
    std::memset(buffer.get() + text.size(), 0, simdjson::SIMDJSON_PADDING);
    return true;
  }
  [[nodiscard]] simdjson::padded_string_view view(std::size_t size) const noexcept {
    return simdjson::padded_string_view(buffer.get(), size, capacity + simdjson::SIMDJSON_PADDING);
  }
};

/// Objects up to this size find repeated keys by a linear scan; larger ones use a hash index.
constexpr std::size_t linear_key_scan_limit = 32;

bool is_json_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trim_right(std::string_view s) noexcept {
  while (!s.empty() && is_json_space(s.back())) s.remove_suffix(1);
  return s;
}

/// True for an integer token of the JSON grammar: -?(0|[1-9][0-9]*).
bool is_json_integer(std::string_view t) noexcept {
  if (!t.empty() && t.front() == '-') t.remove_prefix(1);
  if (t.empty() || (t.front() == '0' && t.size() > 1)) return false;
  for (char c : t)
    if (c < '0' || c > '9') return false;
  return true;
}

/// True for a number token of the JSON grammar (RFC 8259 §6).
bool is_json_number(std::string_view t) noexcept {
  std::size_t i = 0, n = t.size();
  auto digits = [&] {
    std::size_t start = i;
    while (i < n && t[i] >= '0' && t[i] <= '9') ++i;
    return i > start;
  };
  if (i < n && t[i] == '-') ++i;
  if (i < n && t[i] == '0') ++i;
  else if (!digits()) return false;
  if (i < n && t[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < n && (t[i] == '+' || t[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == n;
}

// ---- error locations for stage-1 failures (simdjson gives no position for these) ----


/// What a lexical scan of the strings finds: the first raw control character inside a
/// string, or the opening quote of a string that never closes.
struct string_scan {
  std::size_t control = std::string_view::npos;
  std::size_t unclosed = std::string_view::npos;
};

string_scan scan_strings(std::string_view text) noexcept {
  string_scan r;
  bool in_string = false;
  std::size_t open = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (!in_string) {
      if (c == '"') {
        in_string = true;
        open = i;
      }
      continue;
    }
    if (c == '\\') {
      ++i;  // the escaped character cannot end the string
    } else if (c == '"') {
      in_string = false;
    } else if (static_cast<unsigned char>(c) < 0x20 && r.control == std::string_view::npos) {
      r.control = i;
    }
  }
  if (in_string) r.unclosed = open;
  return r;
}

// The raw text of a scalar (value and document spell the call differently).
simdjson::error_code raw_token(od::value& v, std::string_view& out) noexcept {
  out = v.raw_json_token();
  return simdjson::SUCCESS;
}
simdjson::error_code raw_token(od::document& d, std::string_view& out) noexcept {
  return d.raw_json_token().get(out);
}

// ---- the walker ------------------------------------------------------------------------

class json_reader {
 public:
  explicit json_reader(std::string_view text) : text_(text) {}

  result<value> run();

 private:
  // Records an error at byte `offset` of the input.
  bool fail(error_code code, std::string message, std::size_t offset) {
    err_.code = code;
    err_.message = std::move(message);
    detail::set_location(err_, text_, offset);
    return false;
  }
  // "Unexpected end of input", placed just after the last non-blank character (so the
  // caret sits on a line with text, not on an empty last line).
  bool fail_at_end() {
    return fail(error_code::invalid_json, "unexpected end of input", trim_right(text_).size());
  }
  // Records a simdjson error at `where` (a pointer into the padded copy), or at the
  // document's current position when `where` is null.
  bool fail(simdjson::error_code ec, const char* where);
  std::size_t offset_of(const char* p) const noexcept {
    return static_cast<std::size_t>(p - base_) + base_offset_;
  }
  // Offset of the document's current token (the end of the input when past the last one).
  std::size_t current_offset() noexcept {
    const char* p = nullptr;
    if (doc_->current_location().get(p) != simdjson::SUCCESS || p == nullptr) return text_.size();
    return offset_of(p);
  }

  bool parse_value(od::value v, value& out, std::size_t depth);
  bool parse_array(od::array a, value& out, std::size_t depth);
  bool parse_object(od::object o, value& out, std::size_t depth);
  template <class V>
  bool parse_scalar(V& v, od::json_type type, value& out, bool root);
  template <class V>
  bool parse_number(V& v, std::string_view token, value& out);
  bool parse_root_number(std::string_view token, value& out);

  std::string_view text_;
  const char* base_ = nullptr;    // start of the padded copy being walked
  std::size_t base_offset_ = 0;   // offset in text_ that base_ corresponds to
  od::document* doc_ = nullptr;
  error err_;
};

bool json_reader::fail(simdjson::error_code ec, const char* where) {
  std::size_t off = where ? offset_of(where) : current_offset();
  if (off >= text_.size()) return fail_at_end();
  switch (ec) {
    case simdjson::DEPTH_ERROR:
      return fail(error_code::depth_limit,
                  "nesting deeper than " + std::to_string(detail::max_json_depth) + " levels", off);
    case simdjson::STRING_ERROR:
      return fail(error_code::invalid_json, "invalid escape or lone surrogate in string", off);
    case simdjson::NUMBER_ERROR:
    case simdjson::NUMBER_OUT_OF_RANGE:
      return fail(error_code::invalid_json, "invalid number", off);
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR:
      return fail(error_code::invalid_json, "invalid literal", off);
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT: return fail_at_end();
    case simdjson::TRAILING_CONTENT:
      return fail(error_code::invalid_json, "unexpected content after the JSON value", off);
    default: break;
  }
  // Structural errors (TAPE_ERROR, INCORRECT_TYPE on a malformed token, ...): name the
  // character found where something else was expected.
  char c = text_[off];
  std::string msg = "unexpected ";
  if (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7F) {
    msg += '\'';
    msg += c;
    msg += '\'';
  } else {
    msg += "character";
  }
  return fail(error_code::invalid_json, std::move(msg), off);
}

result<value> json_reader::run() {
  // RFC 8259 §8.1 lets a parser ignore a leading byte order mark; positions still count it.
  std::string_view body = text_;
  if (body.substr(0, 3) == "\xEF\xBB\xBF") {
    body.remove_prefix(3);
    base_offset_ = 3;
  }
  // Small texts (tool calls picked out of a token stream, arguments strings, one message of a
  // protocol) are parsed with this thread's parser and padded buffer, kept from one call to
  // the next: no allocation per call. Larger ones get their own, freed afterwards.
  thread_local small_parse cache;
  std::optional<small_parse> own;
  small_parse& with = body.size() <= small_parse::max_text ? cache : own.emplace();
  if (!with.copy(body)) {
    error e;
    e.code = error_code::size_limit;
    e.message = "out of memory copying the JSON input";
    return e;
  }
  base_ = with.buffer.get();

  od::parser& parser = with.parser;
  od::document doc;
  auto ec = simdjson::SUCCESS;
  if (parser.capacity() < body.size() || parser.max_depth() != simdjson_depth || body.empty())
    ec = parser.allocate(body.size(), simdjson_depth);
  if (ec == simdjson::SUCCESS) ec = parser.iterate(with.view(body.size())).get(doc);
  if (ec != simdjson::SUCCESS) {
    // Stage-1 failures: locate them with a small lexical scan.
    switch (ec) {
      case simdjson::EMPTY: fail(error_code::invalid_json, "no JSON value in the input", 0); break;
      case simdjson::UTF8_ERROR: fail(error_code::invalid_json, "invalid UTF-8", utf8_error_offset(text_)); break;
      case simdjson::UNESCAPED_CHARS: {
        auto s = scan_strings(text_);
        fail(error_code::invalid_json, "unescaped control character in string",
             s.control != std::string_view::npos ? s.control : 0);
        break;
      }
      case simdjson::UNCLOSED_STRING: {
        auto s = scan_strings(text_);
        fail(error_code::invalid_json, "unterminated string",
             s.unclosed != std::string_view::npos ? s.unclosed : text_.size());
        break;
      }
      case simdjson::CAPACITY: fail(error_code::size_limit, "JSON input too large", 0); break;
      case simdjson::DEPTH_ERROR:
        fail(error_code::depth_limit, "nesting deeper than " + std::to_string(detail::max_json_depth) + " levels", 0);
        break;
      default: fail(error_code::invalid_json, simdjson::error_message(ec), 0); break;
    }
    return err_;
  }
  doc_ = &doc;

  od::json_type type{};
  if (auto ec = doc.type().get(type); ec != simdjson::SUCCESS) {
    fail(ec, nullptr);
    return err_;
  }
  value out;
  if (type == od::json_type::array || type == od::json_type::object) {
    const char* start = nullptr;
    if (auto ec = doc.current_location().get(start); ec != simdjson::SUCCESS) start = base_;
    od::value v;
    if (auto ec = doc.get_value().get(v); ec != simdjson::SUCCESS) {
      fail(ec, start);
      return err_;
    }
    if (!parse_value(v, out, 0)) return err_;
    // Anything after the root container is an error.
    const char* rest = nullptr;
    if (doc.current_location().get(rest) == simdjson::SUCCESS && rest != nullptr &&
        offset_of(rest) < text_.size()) {
      fail(error_code::invalid_json, "unexpected content after the JSON value", offset_of(rest));
      return err_;
    }
  } else {
    if (!parse_scalar(doc, type, out, true)) return err_;
  }
  return out;
}

bool json_reader::parse_value(od::value v, value& out, std::size_t depth) {
  od::json_type type{};
  if (auto ec = v.type().get(type); ec != simdjson::SUCCESS) return fail(ec, nullptr);
  switch (type) {
    case od::json_type::array: {
      if (depth >= detail::max_json_depth) return fail(simdjson::DEPTH_ERROR, nullptr);
      od::array a;
      if (auto ec = v.get_array().get(a); ec != simdjson::SUCCESS) return fail(ec, nullptr);
      return parse_array(a, out, depth + 1);
    }
    case od::json_type::object: {
      if (depth >= detail::max_json_depth) return fail(simdjson::DEPTH_ERROR, nullptr);
      od::object o;
      if (auto ec = v.get_object().get(o); ec != simdjson::SUCCESS) return fail(ec, nullptr);
      return parse_object(o, out, depth + 1);
    }
    default: return parse_scalar(v, type, out, false);
  }
}

bool json_reader::parse_array(od::array a, value& out, std::size_t depth) {
  out = toon::array{};
  toon::array& arr = out.as_array();
  for (auto element : a) {
    od::value v;
    if (auto ec = std::move(element).get(v); ec != simdjson::SUCCESS) return fail(ec, nullptr);
    arr.emplace_back();
    if (!parse_value(v, arr.back(), depth)) return false;
  }
  return true;
}

bool json_reader::parse_object(od::object o, value& out, std::size_t depth) {
  out = toon::object{};
  toon::object& obj = out.as_object();
  // Hash index of the keys, built once the object outgrows the linear scan.
  std::unordered_map<std::string, std::size_t> index;
  for (auto field : o) {
    od::field f;
    if (auto ec = std::move(field).get(f); ec != simdjson::SUCCESS) return fail(ec, nullptr);
    std::string_view key;
    if (auto ec = f.unescaped_key().get(key); ec != simdjson::SUCCESS) return fail(ec, nullptr);

    value* slot = nullptr;
    if (index.empty() && obj.size() < linear_key_scan_limit) {
      slot = obj.find(key);
    } else {
      if (index.empty()) {
        index.reserve(obj.size() * 2);
        std::size_t i = 0;
        for (const member& m : obj) index.emplace(m.key, i++);
      }
      auto [it, inserted] = index.try_emplace(std::string(key), obj.size());
      if (!inserted) slot = &(obj.begin() + static_cast<std::ptrdiff_t>(it->second))->value;
    }
    if (slot != nullptr) *slot = value();  // repeated key: last value wins, first position kept
    else slot = &obj.emplace_back(std::string(key), value());

    if (!parse_value(f.value(), *slot, depth)) return false;
  }
  return true;
}

template <class V>
bool json_reader::parse_scalar(V& v, od::json_type type, value& out, bool root) {
  // Start of the token, for error positions; the raw token runs to the next structural
  // character and includes trailing whitespace.
  std::string_view raw;
  if (auto ec = raw_token(v, raw); ec != simdjson::SUCCESS) return fail(ec, nullptr);
  const char* start = raw.data();
  std::string_view token = trim_right(raw);
  if (root) {
    // A root scalar must be the whole document.
    std::size_t end = offset_of(token.data()) + token.size();
    for (std::size_t i = end; i < text_.size(); ++i)
      if (!is_json_space(text_[i]))
        return fail(error_code::invalid_json, "unexpected content after the JSON value", i);
  }
  if constexpr (std::is_same_v<V, od::document>) {
    if (type == od::json_type::number) return parse_root_number(token, out);
  }
  switch (type) {
    case od::json_type::number: return parse_number(v, token, out);
    case od::json_type::string: {
      std::string_view s;
      if (auto ec = v.get_string().get(s); ec != simdjson::SUCCESS)
        return fail(ec, ec == simdjson::TRAILING_CONTENT ? token.data() + token.size() : start);
      out = std::string(s);
      return true;
    }
    // Literals: simdjson has already delimited the token, so compare it whole (this also
    // sidesteps simdjson 3.0's root-level is_null() misreading "null" plus whitespace).
    // An unread value is skipped by the enclosing iterator.
    case od::json_type::boolean:
      if (token == "true") out = true;
      else if (token == "false") out = false;
      else return fail(simdjson::T_ATOM_ERROR, start);
      return true;
    case od::json_type::null:
      if (token != "null") return fail(simdjson::N_ATOM_ERROR, start);
      out = nullptr;
      return true;
    default: return fail(simdjson::TAPE_ERROR, start);
  }
}

// simdjson 3.0 copies a root-level number into a small buffer before parsing it, which
// truncates long tokens (a 21-digit integer reads as its first 20 digits). So a root number
// is parsed as the only element of a one-element array built around its token.
bool json_reader::parse_root_number(std::string_view token, value& out) {
  std::string wrapped;
  wrapped.reserve(token.size() + 2);
  wrapped += '[';
  wrapped += token;
  wrapped += ']';
  simdjson::padded_string padded(wrapped);
  if (padded.data() == nullptr) return fail(error_code::size_limit, "out of memory", 0);

  // Offsets inside the wrapped copy map back to the token's place in the input.
  const char* saved_base = base_;
  std::size_t saved_offset = base_offset_;
  std::size_t token_offset = offset_of(token.data());
  base_ = padded.data() + 1;
  base_offset_ = token_offset;

  bool ok = false;
  od::parser parser;
  od::document doc;
  od::array arr;
  if (parser.iterate(padded).get(doc) == simdjson::SUCCESS && doc.get_array().get(arr) == simdjson::SUCCESS) {
    for (auto element : arr) {
      od::value v;
      if (auto ec = std::move(element).get(v); ec != simdjson::SUCCESS) {
        fail(ec, base_);
        break;
      }
      ok = parse_number(v, trim_right(v.raw_json_token()), out);
      break;
    }
  } else {
    fail(simdjson::NUMBER_ERROR, base_);
  }
  base_ = saved_base;
  base_offset_ = saved_offset;
  return ok;
}

/// Longest number token handed to simdjson's double parser: up to 19 significant digits
/// its exact fast path covers; longer tokens go through std::from_chars.
constexpr std::size_t max_simdjson_double_chars = 19;

template <class V>
bool json_reader::parse_number(V& v, std::string_view token, value& out) {
  const char* start = token.data();
  bool integral = is_json_integer(token);
  if (integral) {
    std::int64_t i = 0;
    if (v.get_int64().get(i) == simdjson::SUCCESS) {
      out = i;
      return true;
    }
    if (token.front() != '-') {
      std::uint64_t u = 0;
      if (v.get_uint64().get(u) == simdjson::SUCCESS) {
        out = u;
        return true;
      }
    }
    // Beyond 64 bits: keep the exact digits (the JSON grammar already rules out '+' and
    // leading zeros, so the token is in normal form). simdjson skips the unread value.
    std::int64_t probe = 0;
    if (std::from_chars(token.data(), token.data() + token.size(), probe).ec == std::errc::result_out_of_range) {
      std::uint64_t uprobe = 0;
      if (token.front() == '-' ||
          std::from_chars(token.data(), token.data() + token.size(), uprobe).ec == std::errc::result_out_of_range) {
        out = big_integer{std::string(token)};
        return true;
      }
    }
    // In range but rejected by simdjson: the token is cut short by the end of the input.
  }
  double d = 0;
  simdjson::error_code ec = simdjson::NUMBER_ERROR;
  if (!integral && token.size() > max_simdjson_double_chars && is_json_number(token)) {
    // simdjson 3.0's slow path misreads some tokens with more than 19 significant digits
    // (0.30000000000000000001 reads as 0.1155...); from_chars rounds correctly, and a
    // valid JSON number is valid from_chars input. Out-of-range magnitudes fall through.
    if (auto r = std::from_chars(token.data(), token.data() + token.size(), d);
        r.ec == std::errc() && r.ptr == token.data() + token.size()) {
      out = d;
      return true;
    }
  } else if (!integral) {
    ec = v.get_double().get(d);
  }
  if (ec == simdjson::SUCCESS) {
    out = d;
    return true;
  }
  bool valid = is_json_number(token);
  if (valid && !integral) {
    // simdjson rejects magnitudes beyond the double range (underflow reads as 0).
    double probe = 0;
    if (std::from_chars(token.data(), token.data() + token.size(), probe).ec == std::errc::result_out_of_range)
      return fail(error_code::invalid_json, "number out of range", offset_of(start));
  }
  // A number (or the start of one, like "-" or "1e") cut off by the end of the input.
  if (offset_of(start) + token.size() >= text_.size() && (valid || is_json_number(std::string(token) + '0')))
    return fail_at_end();
  return fail(ec, start);
}

/// The code unit of the \u escape at text[i] (text[i] == '\\'), or -1 when it is not one.
long escaped_unit(std::string_view text, std::size_t i) noexcept {
  if (i + 6 > text.size() || text[i] != '\\' || text[i + 1] != 'u') return -1;
  long cp = 0;
  for (std::size_t k = i + 2; k < i + 6; ++k) {
    int h = detail::hex_digit(text[k]);
    if (h < 0) return -1;
    cp = cp * 16 + h;
  }
  return cp;
}

/// Rewrites, inside the strings of `text`, every \u escape of a lone surrogate as \ufffd
/// (the same length, so offsets, lines and columns stay those of the original). Returns
/// whether it changed anything.
bool replace_lone_surrogate_escapes(std::string& text) {
  bool changed = false;
  std::size_t i = 0, n = text.size();
  while (i < n) {
    if (text[i] != '"') {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < n && text[j] != '"') {
      if (text[j] != '\\') {
        ++j;
        continue;
      }
      long cp = escaped_unit(text, j);
      if (cp < 0xD800 || cp > 0xDFFF) {  // not a surrogate (or not a \u escape)
        j += cp < 0 ? 2 : 6;
        continue;
      }
      if (cp <= 0xDBFF) {
        long low = escaped_unit(text, j + 6);
        if (low >= 0xDC00 && low <= 0xDFFF) {  // a well-formed pair
          j += 12;
          continue;
        }
      }
      text.replace(j + 2, 4, "fffd");
      changed = true;
      j += 6;
    }
    i = j + 1;
  }
  return changed;
}

}  // namespace

TOON_FUNC result<value> from_json(std::string_view json) { return json_reader(json).run(); }

TOON_FUNC result<value> from_json(std::string_view json, const json_read_options& options) {
  result<value> r = json_reader(json).run();
  if (r || !options.replace_lone_surrogates || r.error().code != error_code::invalid_json) return r;
  // simdjson rejects lone surrogates; read a copy where they are escaped as U+FFFD instead.
  std::string fixed(json);
  if (!replace_lone_surrogate_escapes(fixed)) return r;
  return json_reader(fixed).run();
}

}  // namespace toon
