// json_to_toon.cpp - JSON text -> TOON text without toon::value (toon::json_to_toon).
//
// One pass over the JSON text fills a compact tape (json_tape.hpp: 8 bytes an entry, strings
// left in the input), then the tree encoder (tree_encoder.hpp, the one toon::encode uses)
// writes it, so the layout decisions and bytes are those of toon::encode(from_json(text)).
// Whatever the tape does not represent exactly - invalid JSON, a repeated key, a root
// scalar, a lone surrogate escape, a number beyond the double range, options that rewrite the
// document (replacer, omit_null, omit_empty) - goes through from_json and toon::value
// instead, which reports errors with their line and column as it always has.
#include <simdjson.h>
#include "toon/detail/linkage.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "../json_limits.hpp"
#include "json_tape.hpp"
#include "toon/detail/value_encoding.hpp"
#include "toon/json.hpp"
#include "tree_encoder.hpp"

namespace toon {

namespace detail {

TOON_FUNC const json_tape& json_tape::null_tape() noexcept {
  static const json_tape t = [] {
    json_tape n;
    n.entries_.push_back(entry{static_cast<std::uint32_t>(tag::null), 0});
    return n;
  }();
  return t;
}

namespace {

constexpr std::uint64_t ones = 0x0101010101010101ULL;
constexpr std::uint64_t highs = 0x8080808080808080ULL;

// The high bit of each of the 8 bytes of `x` that is a quote, a backslash or a control
// character, little-endian; bytes above the first such byte may be flagged wrongly (borrows),
// the lowest flag is exact.
inline std::uint64_t special_bytes(std::uint64_t x) noexcept {
  const std::uint64_t quote = x ^ (ones * '"');
  const std::uint64_t backslash = x ^ (ones * '\\');
  return (((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) | ((x - ones * 0x20) & ~x)) & highs;
}

// The first quote, backslash or control character in [q, end), or end.
inline const char* find_special(const char* q, const char* end) noexcept {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i control = _mm_set1_epi8(0x1F);
  while (end - q >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
    const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                                     _mm_cmpeq_epi8(_mm_max_epu8(x, control), control));
    if (const int m = _mm_movemask_epi8(hit); m != 0) return q + __builtin_ctz(static_cast<unsigned>(m));
    q += 16;
  }
#endif
  while (end - q >= 8) {
    std::uint64_t x;
    std::memcpy(&x, q, 8);
    if (const std::uint64_t m = special_bytes(x); m != 0) return q + __builtin_ctzll(m) / 8;
    q += 8;
  }
  while (q != end && *q != '"' && *q != '\\' && static_cast<unsigned char>(*q) >= 0x20) ++q;
  return q;
}

inline bool is_space(char c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
inline bool is_json_digit(char c) noexcept { return c >= '0' && c <= '9'; }

inline int hex_digit(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

// Fills a json_tape from JSON text (a recursive descent over the bytes; UTF-8 is validated
// beforehand by simdjson). Any failure means "take the toon::value path".
class json_tape_builder {
 public:
  json_tape_builder(json_tape& t, std::string_view text, std::size_t max_depth) noexcept
      : t_(t), p_(text.data()), end_(text.data() + text.size()), max_depth_(max_depth) {}

  bool run() {
    skip_space();
    if (p_ == end_ || (*p_ != '[' && *p_ != '{')) return false;  // root scalars: value path
    if (!value(0)) return false;
    skip_space();
    return p_ == end_;
  }

 private:
  void skip_space() noexcept {
    while (p_ != end_ && is_space(*p_)) ++p_;
  }

  TOON_DETAIL_ALWAYS_INLINE bool push(json_tape::tag tag, std::uint32_t length, std::uint32_t tail) {
    if (t_.entries_.size() >= UINT32_MAX - 1) return false;
    t_.entries_.push_back(json_tape::entry{static_cast<std::uint32_t>(tag) | (length << 4), tail});
    return true;
  }

  bool value(std::size_t depth) {
    if (p_ == end_) return false;
    switch (*p_) {
      case '{': return object(depth + 1);
      case '[': return array(depth + 1);
      case '"': return string();
      case 't': return literal("true", json_tape::tag::boolean_true);
      case 'f': return literal("false", json_tape::tag::boolean_false);
      case 'n': return literal("null", json_tape::tag::null);
      default: return number();
    }
  }

  bool literal(std::string_view word, json_tape::tag tag) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() || std::memcmp(p_, word.data(), word.size()) != 0)
      return false;
    p_ += word.size();
    return push(tag, 0, 0);
  }

  bool array(std::size_t depth) {
    if (depth > max_depth_) return false;
    const std::size_t at = t_.entries_.size();
    if (!push(json_tape::tag::array, 0, 0)) return false;
    ++p_;
    skip_space();
    std::uint32_t count = 0;
    if (p_ != end_ && *p_ == ']') {
      ++p_;
    } else {
      for (bool more = true; more;) {
        if (!value(depth) || ++count > json_tape::max_length || !separator(']', more)) return false;
      }
    }
    close(at, json_tape::tag::array, count);
    return true;
  }

  bool object(std::size_t depth) {
    if (depth > max_depth_) return false;
    const std::size_t at = t_.entries_.size();
    if (!push(json_tape::tag::object, 0, 0)) return false;
    const std::size_t keys_base = keys_.size();
    ++p_;
    skip_space();
    std::uint32_t count = 0;
    if (p_ != end_ && *p_ == '}') {
      ++p_;
    } else {
      for (bool more = true; more;) {
        if (p_ == end_ || *p_ != '"') return false;
        keys_.push_back(static_cast<std::uint32_t>(t_.entries_.size()));
        if (!string()) return false;
        skip_space();
        if (p_ == end_ || *p_ != ':') return false;
        ++p_;
        skip_space();
        if (!value(depth) || ++count > json_tape::max_length || !separator('}', more)) return false;
      }
    }
    const bool unique = count <= 1 || unique_keys(keys_base);
    keys_.resize(keys_base);
    if (!unique) return false;  // last-wins-at-first-position needs the value path
    close(at, json_tape::tag::object, count);
    return true;
  }

  // After an element or member: a comma (more follow) or `close` (the last one); false for
  // anything else.
  bool separator(char close, bool& more) {
    skip_space();
    if (p_ == end_) return false;
    more = *p_ == ',';
    if (!more && *p_ != close) return false;
    ++p_;
    if (more) skip_space();
    return true;
  }

  void close(std::size_t at, json_tape::tag tag, std::uint32_t count) noexcept {
    t_.entries_[at] = json_tape::entry{static_cast<std::uint32_t>(tag) | (count << 4),
                                       static_cast<std::uint32_t>(t_.entries_.size())};
  }

  // True when the keys keys_[base...] are pairwise different. Objects of a few keys usually
  // repeat the keys of an earlier object of the same size (the rows of a table): such a key
  // list, once checked, is kept per size and compared in one pass.
  bool unique_keys(std::size_t base) {
    const std::size_t n = keys_.size() - base;
    const std::uint32_t* keys = keys_.data() + base;
    if (n < known_.size()) {
      std::vector<std::uint32_t>& known = known_[n];
      if (!known.empty()) {
        std::size_t i = 0;
        while (i < n && same_key(t_.text_at(keys[i]), t_.text_at(known[i]))) ++i;
        if (i == n) return true;
      }
      for (std::size_t i = 1; i < n; ++i) {
        const std::string_view a = t_.text_at(keys[i]);
        for (std::size_t j = 0; j < i; ++j)
          if (same_key(a, t_.text_at(keys[j]))) return false;
      }
      known.assign(keys, keys + n);
      return true;
    }
    sorted_.clear();
    for (std::size_t i = 0; i < n; ++i) sorted_.push_back(t_.text_at(keys[i]));
    std::sort(sorted_.begin(), sorted_.end());
    return std::adjacent_find(sorted_.begin(), sorted_.end()) == sorted_.end();
  }

  // A string (value or key) at the opening quote.
  bool string() {
    const char* start = ++p_;
    const char* q = find_special(start, end_);
    if (q == end_) return false;  // unterminated
    if (*q == '\\') return escaped_string(start, q);
    if (*q != '"') return false;  // a control character
    const auto length = static_cast<std::size_t>(q - start);
    if (length > json_tape::max_length) return false;
    p_ = q + 1;
    return push(json_tape::tag::string, static_cast<std::uint32_t>(length),
                static_cast<std::uint32_t>(start - t_.input_));
  }

  // The rest of a string from its first backslash at `q`: unescaped into the arena.
  bool escaped_string(const char* start, const char* q) {
    std::string& a = t_.arena_;
    const std::size_t offset = a.size();
    a.append(start, q);
    while (q != end_) {
      const char c = *q;
      if (c == '"') {
        const std::size_t length = a.size() - offset;
        if (length > json_tape::max_length || offset > UINT32_MAX) return false;
        p_ = q + 1;
        return push(json_tape::tag::escaped, static_cast<std::uint32_t>(length),
                    static_cast<std::uint32_t>(offset));
      }
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        a.push_back(c);
        ++q;
        continue;
      }
      if (end_ - q < 2) return false;
      switch (q[1]) {
        case '"': a.push_back('"'); break;
        case '\\': a.push_back('\\'); break;
        case '/': a.push_back('/'); break;
        case 'b': a.push_back('\b'); break;
        case 'f': a.push_back('\f'); break;
        case 'n': a.push_back('\n'); break;
        case 'r': a.push_back('\r'); break;
        case 't': a.push_back('\t'); break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(q + 2, cp)) return false;
          q += 6;
          if (cp >= 0xDC00 && cp <= 0xDFFF) return false;  // a lone low surrogate
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            // A high surrogate must be followed by an escaped low one; anything else is left
            // to the value path (which reports it, or reads it as simdjson does).
            std::uint32_t low = 0;
            if (end_ - q < 6 || q[0] != '\\' || q[1] != 'u' || !hex4(q + 2, low) || low < 0xDC00 || low > 0xDFFF)
              return false;
            q += 6;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          put_utf8(a, cp);
          continue;
        }
        default: return false;
      }
      q += 2;
    }
    return false;  // unterminated
  }

  bool hex4(const char* s, std::uint32_t& cp) const noexcept {
    if (end_ - s < 4) return false;
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      const int d = hex_digit(s[i]);
      if (d < 0) return false;
      cp = (cp << 4) | static_cast<std::uint32_t>(d);
    }
    return true;
  }

  static void put_utf8(std::string& a, std::uint32_t cp) {
    if (cp < 0x80) {
      a.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      a.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      a.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      a.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      a.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      a.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      a.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      a.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      a.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      a.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  // A number (RFC 8259 §6). An integer keeps its token; anything else is read as a double,
  // correctly rounded (as simdjson reads it), and must be finite.
  bool number() {
    const char* start = p_;
    if (*p_ == '-') ++p_;
    if (p_ == end_) return false;
    if (*p_ == '0') {
      ++p_;
    } else if (is_json_digit(*p_)) {
      while (p_ != end_ && is_json_digit(*p_)) ++p_;
    } else {
      return false;
    }
    bool integral = true;
    if (p_ != end_ && *p_ == '.') {
      ++p_;
      if (p_ == end_ || !is_json_digit(*p_)) return false;
      while (p_ != end_ && is_json_digit(*p_)) ++p_;
      integral = false;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      ++p_;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !is_json_digit(*p_)) return false;
      while (p_ != end_ && *p_ == '0') ++p_;
      const char* digits = p_;
      while (p_ != end_ && is_json_digit(*p_)) ++p_;
      // simdjson rejects an exponent of more than 18 digits (leading zeros aside), even for 0.
      if (p_ - digits > 18) return false;
      integral = false;
    }
    const auto length = static_cast<std::size_t>(p_ - start);
    if (integral) {
      if (length > json_tape::max_length) return false;
      return push(json_tape::tag::integer, static_cast<std::uint32_t>(length),
                  static_cast<std::uint32_t>(start - t_.input_));
    }
    double d = 0;
    const auto [ptr, ec] = std::from_chars(start, p_, d);
    if (ec != std::errc() || ptr != p_ || !std::isfinite(d)) return false;
    if (t_.reals_.size() >= UINT32_MAX) return false;
    t_.reals_.push_back(d);
    return push(json_tape::tag::real, 0, static_cast<std::uint32_t>(t_.reals_.size() - 1));
  }

  json_tape& t_;
  const char* p_;
  const char* end_;
  std::size_t max_depth_;
  std::vector<std::uint32_t> keys_;       // key entries of the objects being read
  std::vector<std::string_view> sorted_;  // scratch of unique_keys()
  // Per size up to 16, the key entries of the last object found with unique keys.
  std::array<std::vector<std::uint32_t>, 17> known_;
};

TOON_FUNC bool json_tape::parse(std::string_view json, std::size_t max_depth) {
  entries_.clear();
  reals_.clear();
  arena_.clear();
  input_ = json.data();
  if (json.size() >= UINT32_MAX) return false;
  if (!simdjson::validate_utf8(json.data(), json.size())) return false;
  if (json.substr(0, 3) == "\xEF\xBB\xBF") json.remove_prefix(3);  // RFC 8259 §8.1
  // A member is two entries for at least 4 bytes of text ("":0,), and structural density
  // beyond that is rare: reserve for one entry per 4 bytes (address space; pages are touched
  // only as the tape fills), growing only for denser documents.
  entries_.reserve(json.size() / 4 + 16);
  return json_tape_builder(*this, json, max_depth).run();
}

}  // namespace detail

namespace {

// The toon::value path: from_json, then the value encoder (with the replacer and omit passes).
result<void> through_value(std::string& out, std::string_view json, const encode_options& options) {
  auto v = from_json(json);
  if (!v) return v.error();
  detail::encode_value_owned(out, std::move(*v), options);
  return {};
}

}  // namespace

namespace {

// Reads `json` into `tape`; false when the value path must take it (see json_tape::parse).
bool read_tape(detail::json_tape& tape, std::string_view json) {
  bool parsed = false;
  try {
    parsed = tape.parse(json, detail::max_json_depth);
  } catch (const std::bad_alloc&) {
    parsed = false;  // the value path reports what it can
  }
  if (!parsed) tape = detail::json_tape();  // give its memory back first
  return parsed;
}

void encode_tape(detail::writer& w, const detail::json_tape& tape) {
  detail::tree_encoder<detail::tape_model> encoder(w);
  encoder.root(detail::tape_value(&tape, 0));
}

// Thrown through the encoder when a text_sink asks to stop.
struct sink_stopped {};

}  // namespace

TOON_FUNC result<void> json_to_toon_to(std::string& out, std::string_view json, const encode_options& options) {
  detail::check_encode_options(options);
  if (options.replacer || options.omit_null || options.omit_empty) return through_value(out, json, options);
  detail::json_tape tape;
  if (!read_tape(tape, json)) return through_value(out, json, options);
  // Room for TOON as large as half the JSON (address space until written; usually enough, so
  // that the string is not copied as it grows).
  out.reserve(out.size() + json.size() / 2 + 64);
  detail::writer w(out, options);
  encode_tape(w, tape);
  return {};
}

TOON_FUNC result<void> json_to_toon(std::string_view json, const encode_options& options, const text_sink& sink,
                          std::size_t piece_size) {
  detail::check_encode_options(options);
  std::string buffer;
  auto stopped = [] {
    error e;
    e.code = error_code::io_error;
    e.message = "the output sink stopped the conversion";
    return e;
  };
  detail::json_tape tape;
  if (options.replacer || options.omit_null || options.omit_empty || !read_tape(tape, json)) {
    if (auto r = through_value(buffer, json, options); !r) return r;
    if (!buffer.empty() && !sink(buffer)) return stopped();
    return {};
  }
  buffer.reserve(piece_size + (piece_size >> 2));
  try {
    detail::writer w(buffer, options);
    w.set_flush(
        [](void* context, std::string& out) {
          if (!(*static_cast<const text_sink*>(context))(out)) throw sink_stopped{};
          out.clear();
        },
        const_cast<text_sink*>(&sink), piece_size);
    encode_tape(w, tape);
  } catch (const sink_stopped&) {
    return stopped();
  }
  if (!buffer.empty() && !sink(buffer)) return stopped();
  return {};
}

TOON_FUNC result<std::string> json_to_toon(std::string_view json, const encode_options& options) {
  std::string out;
  if (auto r = json_to_toon_to(out, json, options); !r) return r.error();
  return out;
}

}  // namespace toon
