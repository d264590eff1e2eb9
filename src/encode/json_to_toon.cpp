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
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "../common/utf8.hpp"
#include "../json/json_limits.hpp"
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

}  // namespace

#if defined(__GNUC__)
#define TOON_DETAIL_LAMBDA_INLINE __attribute__((always_inline))
#else
#define TOON_DETAIL_LAMBDA_INLINE
#endif

// Fills a json_tape from JSON text: one iterative pass over the bytes (UTF-8 is validated
// beforehand by simdjson), the cursor and the tape's write position in registers, an explicit
// stack of the open containers. Any failure means "take the toon::value path".
class json_tape_builder {
 public:
  json_tape_builder(json_tape& t, std::string_view text, std::size_t max_depth) noexcept
      : t_(t), begin_(text.data()), end_(text.data() + text.size()), max_depth_(max_depth) {}

  bool run();

 private:
  using entry = json_tape::entry;

  struct known_key;

  // An open container: its entry, its element or member count so far, its kind; for an
  // object, the key list expected at its depth (`expect_size` keys) while its keys so far
  // are that list's first ones (see key_tables), else null. run() keeps the innermost one in
  // registers, the enclosing ones in frames_.
  struct frame {
    std::uint32_t at;
    std::uint32_t count;
    bool object;
    std::uint32_t expect_size;
    const known_key* expect;
  };

  static constexpr auto head(json_tape::tag tag, std::uint32_t length) noexcept {
    return static_cast<std::uint32_t>(tag) | (length << 4);
  }

  // Skips JSON whitespace; inline for the common case of none.
  TOON_DETAIL_ALWAYS_INLINE static const char* skip_space(const char* p, const char* end) noexcept {
    if (p != end && static_cast<unsigned char>(*p) <= ' ') [[unlikely]]
      while (p != end && is_space(*p)) ++p;
    return p;
  }

  // A string (value or key) at its opening quote `p`: its entry in `e`; returns the byte past
  // the closing quote, or nullptr.
  TOON_DETAIL_ALWAYS_INLINE const char* string(const char* p, entry& e) {
    const char* start = p + 1;
    const char* q = find_special(start, end_);
    if (q == end_) return nullptr;  // unterminated
    if (*q == '\\') [[unlikely]]
      return escaped_string(start, q, e);
    if (*q != '"') return nullptr;  // a control character
    const auto length = static_cast<std::size_t>(q - start);
    if (length > json_tape::max_length) return nullptr;
    set(e, head(json_tape::tag::string, static_cast<std::uint32_t>(length)),
        static_cast<std::uint32_t>(start - t_.input_));
    return q + 1;
  }

  const char* escaped_string(const char* start, const char* q, entry& e);
  const char* number(const char* p, entry& e);
  const char* real(const char* start, const char* p, entry& e);

  // Stores an entry as one 8-byte word: the caller reads it back as one, and two 4-byte
  // stores read back as one 8-byte load stall store forwarding.
  TOON_DETAIL_ALWAYS_INLINE static void set(entry& e, std::uint32_t head, std::uint32_t tail) noexcept {
    const std::uint64_t word = std::endian::native == std::endian::little
                                   ? head | static_cast<std::uint64_t>(tail) << 32
                                   : tail | static_cast<std::uint64_t>(head) << 32;
    std::memcpy(&e, &word, sizeof word);
  }
  bool unique_keys(const std::uint32_t* keys, std::uint32_t n);
  // Puts the `count` keys so far of the object at entry `at` (taken from its expected list,
  // so not on the key stack) on the key stack.
  void stack_keys(std::uint32_t at, std::uint32_t count) {
    for (std::uint32_t i = 0, k = at + 1; i < count; ++i, k = t_.next(k + 1)) key_stack_.push_back(k);
  }
  bool unique_sorted(const std::uint32_t* keys, std::size_t n);

  static bool hex4(const char* s, const char* end, std::uint32_t& cp) noexcept {
    if (end - s < 4) return false;
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      const int d = detail::hex_digit(s[i]);
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

  json_tape& t_;
  const char* begin_;
  const char* end_;
  std::size_t max_depth_;
  std::vector<frame> frames_;             // the enclosing open containers, outermost first
  // The key entries of the open objects that unique_keys() is to check, in order: an object
  // that takes its keys from an expected list has none here until a key departs from it.
  std::vector<std::uint32_t> key_stack_;
  std::vector<std::string_view> sorted_;  // scratch of unique_sorted()
  // A key list of up to 16 keys found unique: per key, the head of an unescaped key entry of
  // its length, that head with the key's tag (bare when it needs no quotes), and its bytes in
  // the input. Fixed storage: keeping or copying a list allocates nothing.
  static constexpr std::size_t max_known_keys = 16;
  struct known_key {
    std::uint32_t head;
    std::uint32_t tagged;
    const char* text;
  };
  struct key_list {
    std::uint32_t size = 0;  // 0: none
    known_key keys[max_known_keys];  // the first `size` are set
  };
  // Per nesting depth (up to 32), the key list of the last object of that depth found unique
  // (empty when none): objects at one depth usually repeat their predecessor's keys (the
  // rows of a table, the nested objects of list items). A key of the input that is the
  // expected one (same bytes, then the closing quote) is taken with the known key's entry
  // head, without scanning it; an object whose keys are exactly the expected list is known
  // to have unique keys, bare ones tagged, without unique_keys().
  static constexpr std::size_t max_expected_depth = 32;
  // Key lists found unique, by a hash of their size, first and last keys (the last list of
  // each slot), and the expected lists; allocated at the first object that needs them.
  static constexpr std::size_t known_slots = 61;
  struct key_tables {
    key_list known[known_slots];
    key_list expected[max_expected_depth];
  };
  std::unique_ptr<key_tables> tables_;
  // The slot of tables_->known that unique_keys() last found or filled, or null when it kept
  // no list (more than 16 keys, or an escaped key).
  const key_list* last_known_ = nullptr;
};

TOON_FUNC bool json_tape_builder::run() {
  const char* const end = end_;
  const char* p = skip_space(begin_, end);
  if (p == end || (*p != '[' && *p != '{')) return false;  // root scalars: value path
  json_tape::entry_buffer& entries = t_.entries_;
  entry* base = entries.data();
  entry* out = base + entries.size();
  entry* limit = base + entries.capacity();
  // Every entry but the root's takes at least 2 bytes of text (`0,`), so a text under 4 GiB
  // never makes 2^32 entries.
  const auto push = [&](entry e) TOON_DETAIL_LAMBDA_INLINE {
    if (out == limit) [[unlikely]] {
      const auto used = static_cast<std::size_t>(out - base);
      entries.set_size(used);
      entries.reserve(entries.capacity() * 2 + 64);
      base = entries.data();
      out = base + used;
      limit = base + entries.capacity();
    }
    *out++ = e;
  };
  const auto index = [&]() TOON_DETAIL_LAMBDA_INLINE { return static_cast<std::uint32_t>(out - base); };
  frames_.clear();
  key_stack_.clear();
  entry e{};
  // The innermost open container (see frame), and the number of open containers.
  frame f{0, 0, false, 0, nullptr};
  std::size_t depth = 0;

value:  // a value at p (whitespace skipped)
  if (p == end) return false;
  switch (*p) {
    case '{':
    case '[': {
      if (depth >= max_depth_) return false;
      if (depth != 0) frames_.push_back(f);
      const bool object = *p == '{';
      f = frame{index(), 0, object, 0, nullptr};
      if (object && depth < max_expected_depth && tables_ != nullptr && tables_->expected[depth].size != 0) {
        f.expect = tables_->expected[depth].keys;
        f.expect_size = tables_->expected[depth].size;
      }
      ++depth;
      push(entry{0, 0});  // set when the container closes
      p = skip_space(p + 1, end);
      if (p == end) return false;
      if (*p == (object ? '}' : ']')) {
        ++p;
        goto close;
      }
      if (object) goto key;
      goto value;
    }
    case '"':
      p = string(p, e);
      if (p == nullptr) return false;
      push(e);
      goto next;
    case 't':
      if (end - p < 4 || std::memcmp(p, "true", 4) != 0) return false;
      p += 4;
      push(entry{head(json_tape::tag::boolean_true, 0), 0});
      goto next;
    case 'f':
      if (end - p < 5 || std::memcmp(p, "false", 5) != 0) return false;
      p += 5;
      push(entry{head(json_tape::tag::boolean_false, 0), 0});
      goto next;
    case 'n':
      if (end - p < 4 || std::memcmp(p, "null", 4) != 0) return false;
      p += 4;
      push(entry{head(json_tape::tag::null, 0), 0});
      goto next;
    default:
      p = number(p, e);
      if (p == nullptr) return false;
      push(e);
      goto next;
  }

key:  // a member's key at p (whitespace skipped), then its colon
  if (p == end || *p != '"') return false;
  if (f.expect != nullptr) {
    // The expected key: its bytes, then the closing quote (a known key has no quote,
    // backslash or control character, so the string ends there and is that key).
    if (f.count < f.expect_size) {
      const known_key& k = f.expect[f.count];
      const std::size_t n = k.head >> 4;
      if (static_cast<std::size_t>(end - p) > n + 1 && p[n + 1] == '"' && same_bytes(p + 1, k.text, n)) {
        push(entry{k.tagged, static_cast<std::uint32_t>(p + 1 - t_.input_)});
        p = skip_space(p + n + 2, end);
        goto colon;
      }
    }
    // Not the expected list: unique_keys() checks the keys at the close.
    stack_keys(f.at, f.count);
    f.expect = nullptr;
  }
  p = string(p, e);
  if (p == nullptr) return false;
  key_stack_.push_back(index());
  push(e);
  p = skip_space(p, end);
colon:
  if (p == end || *p != ':') return false;
  p = skip_space(p + 1, end);
  goto value;

next:  // after a value of the innermost open container: a comma or its end
  if (++f.count > json_tape::max_length) return false;
  p = skip_space(p, end);
  if (p == end) return false;
  if (*p == ',') {
    p = skip_space(p + 1, end);
    if (f.object) goto key;
    goto value;
  }
  if (*p != (f.object ? '}' : ']')) return false;
  ++p;

close:  // the innermost open container just ended (at p)
  --depth;  // now the number of enclosing containers
  t_.indent_units_ += static_cast<std::size_t>(f.count) * depth;
  entries.set_size(index());
  if (f.object && f.count != 0) {
    if (f.expect == nullptr || f.count != f.expect_size) {
      if (f.expect != nullptr) stack_keys(f.at, f.count);  // fewer keys than expected
      // The object's keys are the last f.count on the key stack (those of the objects inside
      // it are gone). A repeated key: last-wins-at-first-position needs the value path.
      const std::size_t keys_at = key_stack_.size() - f.count;
      if (!unique_keys(key_stack_.data() + keys_at, f.count)) return false;
      key_stack_.resize(keys_at);
      if (depth < max_expected_depth) {
        key_list& expected = tables_->expected[depth];
        expected.size = 0;
        if (last_known_ != nullptr) {
          std::copy_n(last_known_->keys, last_known_->size, expected.keys);
          expected.size = last_known_->size;
        }
      }
    }
  }
  base[f.at] = entry{head(f.object ? json_tape::tag::object : json_tape::tag::array, f.count), index()};
  if (depth == 0) return skip_space(p, end) == end;
  f = frames_.back();
  frames_.pop_back();
  goto next;
}

// The rest of a string from its first backslash at `q`: unescaped into the arena.
TOON_FUNC const char* json_tape_builder::escaped_string(const char* start, const char* q, entry& e) {
  std::string& a = t_.arena_;
  const std::size_t offset = a.size();
  a.append(start, q);
  while (q != end_) {
    const char c = *q;
    if (c == '"') {
      const std::size_t length = a.size() - offset;
      if (length > json_tape::max_length || offset > UINT32_MAX) return nullptr;
      set(e, head(json_tape::tag::escaped, static_cast<std::uint32_t>(length)), static_cast<std::uint32_t>(offset));
      return q + 1;
    }
    if (static_cast<unsigned char>(c) < 0x20) return nullptr;
    if (c != '\\') {
      a.push_back(c);
      ++q;
      continue;
    }
    if (end_ - q < 2) return nullptr;
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
        if (!hex4(q + 2, end_, cp)) return nullptr;
        q += 6;
        if (cp >= 0xDC00 && cp <= 0xDFFF) return nullptr;  // a lone low surrogate
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          // A high surrogate must be followed by an escaped low one; anything else is left
          // to the value path (which reports it, or reads it as simdjson does).
          std::uint32_t low = 0;
          if (end_ - q < 6 || q[0] != '\\' || q[1] != 'u' || !hex4(q + 2, end_, low) || low < 0xDC00 || low > 0xDFFF)
            return nullptr;
          q += 6;
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        put_utf8(a, cp);
        continue;
      }
      default: return nullptr;
    }
    q += 2;
  }
  return nullptr;  // unterminated
}

// A number (RFC 8259 §6) at `p`: its entry in `e`; returns the byte past it, or nullptr.
// An integer keeps its token, and so does a decimal whose TOON form is its own text (§2):
// no exponent, no trailing zero in the fraction, at most 15 digits (so that its shortest
// round-trip digits are its own), and not below 1e-6 in magnitude (where TOON writes an
// exponent). Anything else is read as a double, correctly rounded (as simdjson reads it), and
// must be finite.
TOON_DETAIL_ALWAYS_INLINE const char* json_tape_builder::number(const char* p, entry& e) {
  const char* const end = end_;
  const char* start = p;
  if (*p == '-') ++p;
  if (p == end) return nullptr;
  const char* const int_start = p;
  if (*p == '0') {
    ++p;
  } else if (is_json_digit(*p)) {
    while (p != end && is_json_digit(*p)) ++p;
  } else {
    return nullptr;
  }
  const bool int_zero = p - int_start == 1 && *int_start == '0';
  const auto int_digits = static_cast<std::size_t>(p - int_start);
  bool verbatim = true;  // integers, and decimals written as they are
  if (p != end && *p == '.') {
    ++p;
    const char* const fraction = p;
    if (p == end || !is_json_digit(*p)) return nullptr;
    while (p != end && is_json_digit(*p)) ++p;
    const auto fraction_digits = static_cast<std::size_t>(p - fraction);
    std::size_t leading_zeros = 0;
    if (int_zero)
      while (leading_zeros < fraction_digits && fraction[leading_zeros] == '0') ++leading_zeros;
    verbatim = p[-1] != '0' && (int_zero ? leading_zeros <= 5 && fraction_digits <= 15
                                         : int_digits + fraction_digits <= 15);
  }
  if (p != end && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p != end && (*p == '+' || *p == '-')) ++p;
    if (p == end || !is_json_digit(*p)) return nullptr;
    while (p != end && *p == '0') ++p;
    const char* digits = p;
    while (p != end && is_json_digit(*p)) ++p;
    // simdjson rejects an exponent of more than 18 digits (leading zeros aside), even for 0.
    if (p - digits > 18) return nullptr;
    verbatim = false;
  }
  const auto length = static_cast<std::size_t>(p - start);
  if (verbatim) {
    if (length > json_tape::max_length) return nullptr;
    set(e, head(json_tape::tag::number_text, static_cast<std::uint32_t>(length)),
        static_cast<std::uint32_t>(start - t_.input_));
    return p;
  }
  return real(start, p, e);
}

// A number that is not kept as text: read as a double.
TOON_FUNC const char* json_tape_builder::real(const char* start, const char* p, entry& e) {
  double d = 0;
  const auto [ptr, ec] = std::from_chars(start, p, d);
  if (ec != std::errc() || ptr != p || !std::isfinite(d)) return nullptr;
  if (t_.reals_.size() >= UINT32_MAX) return nullptr;
  t_.reals_.push_back(d);
  set(e, head(json_tape::tag::real, 0), static_cast<std::uint32_t>(t_.reals_.size() - 1));
  return p;
}

// True when the `n` keys of an object (their entries' indices) are pairwise different; tags
// those that need no quotes `bare` (objects of up to 16 keys). Objects of a few keys usually
// repeat the keys of an earlier object (the rows of a table, the nested objects of list
// items): such a key list, once checked, is kept in a slot chosen by its size, first and last
// keys, with its bare keys, and compared with a later one in one pass.
TOON_FUNC bool json_tape_builder::unique_keys(const std::uint32_t* keys, std::uint32_t n) {
  last_known_ = nullptr;
  if (tables_ == nullptr) tables_.reset(new key_tables);  // default-initialized: sizes only
  if (n > max_known_keys) return unique_sorted(keys, n);

  const char* const text = t_.input_;
  // The slot: size, the first key's length and end bytes, the last key's length and first
  // byte (lists of one depth often share their first key: "description", "type", ...).
  const std::string_view first = t_.text_at(keys[0]);
  const std::string_view last = t_.text_at(keys[n - 1]);
  const std::size_t hash = n * 7 + first.size() * 31 + last.size() * 131 +
                           (first.empty() ? 0
                                          : static_cast<unsigned char>(first.front()) * 3U +
                                                static_cast<unsigned char>(first.back())) +
                           (last.empty() ? 0 : static_cast<unsigned char>(last.front()) * 17U);
  key_list& known = tables_->known[hash % known_slots];
  if (known.size == n) {
    // Same keys: each an unescaped string of the same bytes (its head is the known key's
    // with the string tag, or already tagged when it was taken as an expected key). A key
    // found equal to a known bare key is tagged bare at once.
    std::size_t i = 0;
    for (; i < n; ++i) {
      const known_key& k = known.keys[i];
      std::uint32_t& h = t_.entries_[keys[i]].head;
      if ((h != k.head && h != k.tagged) || !same_bytes(text + t_.entries_[keys[i]].tail, k.text, k.head >> 4))
        break;
      h = k.tagged;
    }
    if (i == n) {
      last_known_ = &known;
      return true;
    }
  }
  for (std::size_t i = 1; i < n; ++i) {
    const std::string_view a = t_.text_at(keys[i]);
    for (std::size_t j = 0; j < i; ++j)
      if (same_key(a, t_.text_at(keys[j]))) return false;
  }
  // A new key list: kept when all its keys are of the input.
  known.size = 0;
  constexpr auto string_tag = static_cast<std::uint32_t>(json_tape::tag::string);
  constexpr auto bare_tag = static_cast<std::uint32_t>(json_tape::tag::bare);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t& h = t_.entries_[keys[i]].head;
    const std::uint32_t tag = h & 15U;
    if (tag != string_tag && tag != bare_tag) return true;  // an escaped key: no list kept
    const char* key = text + t_.entries_[keys[i]].tail;
    const std::uint32_t length = h >> 4;
    const std::uint32_t tagged = (length << 4) | (key_needs_quotes({key, length}) ? string_tag : bare_tag);
    h = tagged;
    known.keys[i] = known_key{(length << 4) | string_tag, tagged, key};
  }
  known.size = n;
  last_known_ = &known;
  return true;
}

// unique_keys() for a larger object: sorted keys, no two adjacent ones equal.
TOON_FUNC bool json_tape_builder::unique_sorted(const std::uint32_t* keys, std::size_t n) {
  sorted_.clear();
  for (std::size_t i = 0; i < n; ++i) sorted_.push_back(t_.text_at(keys[i]));
  std::sort(sorted_.begin(), sorted_.end());
  return std::adjacent_find(sorted_.begin(), sorted_.end()) == sorted_.end();
}

TOON_FUNC bool json_tape::parse(std::string_view json, std::size_t max_depth) {
  entries_.clear();
  reals_.clear();
  arena_.clear();
  indent_units_ = 0;
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
  // Room for TOON as large as the JSON with every member and element on a line of its own,
  // indented by its depth (address space until written; usually enough, so that the string
  // is not reallocated and copied as it grows).
  const std::size_t indent = options.indent_size > 0 ? static_cast<std::size_t>(options.indent_size) : 0;
  out.reserve(out.size() + json.size() + tape.indent_units() * indent + 64);
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
