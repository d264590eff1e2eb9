// toon::value and toon::object.
#include "toon/value.hpp"
#include "toon/detail/linkage.hpp"

#include "toon/detail/writer.hpp"
#include "member_arena.hpp"
#include "toon/encode.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <stdexcept>

namespace toon {

// ---- member storage (member_arena.hpp) ---------------------------------------------------------

// A block: a 16-byte head holding its chunk (nullptr: from operator new), then the members.
// A chunk: its count of live blocks in the first 16 bytes, then blocks. While an arena fills a
// chunk the count holds member_chunk_bias less the frees so far (subtracted atomically); the
// arena takes the bias off, less the blocks it carved, when it lets the chunk go.
namespace detail {

struct member_chunk {
  std::atomic<std::size_t> live;
};
constexpr std::size_t member_head = 16;
constexpr std::size_t member_chunk_bias = std::size_t(1) << 62;
constexpr std::size_t member_chunk_max = std::size_t(64) << 10;

TOON_VAR thread_local member_arena* open_member_arena = nullptr;

// Takes `n` off the chunk's count of live blocks; frees the chunk when none is left.
TOON_FUNC void drop_member_blocks(member_chunk* c, std::size_t n) noexcept {
  if (c->live.fetch_sub(n, std::memory_order_acq_rel) == n) {
    c->~member_chunk();
    ::operator delete(c);
  }
}

TOON_FUNC void* allocate_members(std::size_t bytes) {
  if (member_arena* a = open_member_arena)
    if (void* p = a->allocate(bytes)) return p;
  void* raw = ::operator new(bytes + member_head);
  *static_cast<member_chunk**>(raw) = nullptr;
  return static_cast<char*>(raw) + member_head;
}

TOON_FUNC void deallocate_members(void* p) noexcept {
  if (!p) return;
  char* raw = static_cast<char*>(p) - member_head;
  member_chunk* owner = *reinterpret_cast<member_chunk**>(raw);
  if (owner) drop_member_blocks(owner, 1);
  else ::operator delete(raw);
}

TOON_FUNC member_arena::member_arena(std::size_t input_size) noexcept : previous_(open_member_arena) {
  // Four bytes of members per byte of text (a `key: value` line of 15 bytes makes a 72-byte
  // member), at least 512 bytes and at most 4 KiB for the first chunk.
  const std::size_t guess = input_size < 1024 ? 4 * input_size : 4096;
  next_size_ = guess < 512 ? 512 : (guess + 15) & ~std::size_t(15);
  open_member_arena = this;
}

TOON_FUNC member_arena::~member_arena() {
  release();
  open_member_arena = previous_;
}

TOON_FUNC void* member_arena::allocate(std::size_t bytes) {
  const std::size_t need = (bytes + member_head + 15) & ~std::size_t(15);
  if (need > member_chunk_max / 4) return nullptr;
  if (static_cast<std::size_t>(end_ - next_) < need) {
    release();
    // The chunk's own head first; a block larger than the chunk planned gets a chunk its size.
    const std::size_t size = next_size_ < need + member_head ? need + member_head : next_size_;
    void* raw = ::operator new(size);
    chunk_ = new (raw) member_chunk{member_chunk_bias};
    next_ = static_cast<char*>(raw) + member_head;
    end_ = static_cast<char*>(raw) + size;
    blocks_ = 0;
    next_size_ = next_size_ * 2 < member_chunk_max ? next_size_ * 2 : member_chunk_max;
  }
  char* block = next_;
  next_ += need;
  ++blocks_;
  *reinterpret_cast<member_chunk**>(block) = chunk_;
  return block + member_head;
}

TOON_FUNC void member_arena::release() noexcept {
  if (!chunk_) return;
  // What the count loses: the bias, less the blocks carved (the frees so far already left it).
  drop_member_blocks(chunk_, member_chunk_bias - blocks_);
  chunk_ = nullptr;
  next_ = end_ = nullptr;
}

}  // namespace detail

TOON_FUNC object::object(std::initializer_list<std::pair<std::string_view, value>> init) {
  items_.reserve(init.size());
  for (const auto& [k, v] : init) insert_or_assign(k, v);
}

TOON_FUNC value* object::find(std::string_view key) noexcept {
  for (auto& m : items_)
    if (m.key == key) return &m.value;
  return nullptr;
}

TOON_FUNC const value* object::find(std::string_view key) const noexcept {
  for (const auto& m : items_)
    if (m.key == key) return &m.value;
  return nullptr;
}

TOON_FUNC value& object::at(std::string_view key) {
  if (value* v = find(key)) return *v;
  throw std::out_of_range("toon::object: no key '" + std::string(key) + "'");
}

TOON_FUNC const value& object::at(std::string_view key) const {
  if (const value* v = find(key)) return *v;
  throw std::out_of_range("toon::object: no key '" + std::string(key) + "'");
}

TOON_FUNC value& object::operator[](std::string_view key) {
  if (value* v = find(key)) return *v;
  return emplace_back(std::string(key), value());
}

TOON_FUNC value& object::insert_or_assign(std::string_view key, value v) {
  if (value* existing = find(key)) {
    *existing = std::move(v);
    return *existing;
  }
  return emplace_back(std::string(key), std::move(v));
}

TOON_FUNC value& object::emplace_back(std::string key, value v) {
  // Braced: clang 14 has no parenthesized aggregate initialization.
  return items_.emplace_back(member{std::move(key), std::move(v)}).value;
}

TOON_FUNC bool object::erase(std::string_view key) {
  auto it = std::find_if(items_.begin(), items_.end(), [&](const member& m) { return m.key == key; });
  if (it == items_.end()) return false;
  items_.erase(it);
  return true;
}

TOON_FUNC bool operator==(const object& a, const object& b) noexcept { return a.items_ == b.items_; }

TOON_FUNC value::value(std::initializer_list<value> init) {
  bool is_object = init.size() > 0 && std::all_of(init.begin(), init.end(), [](const value& e) {
    return e.is_array() && e.as_array().size() == 2 && e.as_array()[0].is_string();
  });
  if (is_object) {
    toon::object o;
    o.reserve(init.size());
    for (const auto& e : init) o.insert_or_assign(e.as_array()[0].as_string(), e.as_array()[1]);
    v_ = std::move(o);
  } else {
    v_ = toon::array(init.begin(), init.end());
  }
}

TOON_FUNC double value::to_double() const {
  switch (type()) {
    case kind::integer: return static_cast<double>(std::get<std::int64_t>(v_));
    case kind::uinteger: return static_cast<double>(std::get<std::uint64_t>(v_));
    case kind::real: return std::get<double>(v_);
    case kind::big_integer: return std::strtod(std::get<toon::big_integer>(v_).digits.c_str(), nullptr);
    default: throw std::bad_variant_access();
  }
}

TOON_FUNC const value* value::find(std::string_view key) const noexcept {
  const auto* o = std::get_if<toon::object>(&v_);
  return o ? o->find(key) : nullptr;
}

TOON_FUNC const value& value::operator[](std::string_view key) const { return as_object().at(key); }

TOON_FUNC const value& value::operator[](std::size_t index) const { return as_array().at(index); }

TOON_FUNC std::size_t value::size() const noexcept {
  if (const auto* a = std::get_if<toon::array>(&v_)) return a->size();
  if (const auto* o = std::get_if<toon::object>(&v_)) return o->size();
  return 0;
}

namespace {

// A big integer equals a double when the digits are the double's exact decimal expansion,
// or its canonical (shortest round-trip) form, which is what encoders write for it.
bool big_equals_double(const big_integer& b, double d) {
  if (!std::isfinite(d) || std::trunc(d) != d) return false;
  char canon[detail::max_double_chars];
  if (std::string_view(canon, detail::format_double(canon, d)) == b.digits) return true;
  char buf[400];
  int n = std::snprintf(buf, sizeof buf, "%.0f", d);
  return n > 0 && std::string_view(buf, static_cast<std::size_t>(n)) == b.digits;
}

bool numbers_equal(const value& a, const value& b) noexcept {
  using k = value::kind;
  k ka = a.type(), kb = b.type();
  if (ka == k::big_integer || kb == k::big_integer) {
    if (ka == k::big_integer && kb == k::big_integer) return a.as_big_integer() == b.as_big_integer();
    const value& big = ka == k::big_integer ? a : b;
    const value& other = ka == k::big_integer ? b : a;
    // A big integer is outside the 64-bit range, so it never equals an int64/uint64.
    if (other.type() != k::real) return false;
    return big_equals_double(big.as_big_integer(), other.as_double());
  }
  if (ka == k::real || kb == k::real) {
    if (ka == k::real && kb == k::real) return a.as_double() == b.as_double();  // -0 == 0
    const value& r = ka == k::real ? a : b;
    const value& i = ka == k::real ? b : a;
    double d = r.as_double();
    if (std::trunc(d) != d || !std::isfinite(d)) return false;
    bool exact;
    if (i.type() == k::integer) {
      if (d < -9223372036854775808.0 || d >= 9223372036854775808.0) return false;
      exact = static_cast<std::int64_t>(d) == i.as_int64();
    } else {
      if (d < 0 || d >= 18446744073709551616.0) return false;
      exact = static_cast<std::uint64_t>(d) == i.as_uint64();
    }
    if (exact) return true;
    // Above 2^53 a double's canonical text ("29999999999999990") is not its exact value
    // (29999999999999992); an integer with those digits is what encoding it produces.
    char canon[detail::max_double_chars];
    char digits[24];
    std::size_t n = detail::format_double(canon, d);
    auto res = i.type() == k::integer ? std::to_chars(digits, digits + sizeof digits, i.as_int64())
                                      : std::to_chars(digits, digits + sizeof digits, i.as_uint64());
    return std::string_view(canon, n) == std::string_view(digits, static_cast<std::size_t>(res.ptr - digits));
  }
  if (ka == kb) return ka == k::integer ? a.as_int64() == b.as_int64() : a.as_uint64() == b.as_uint64();
  // int64 vs uint64: constructors normalise non-negative values below 2^63 to int64, but
  // decoded or hand-built values may differ, so compare mathematically.
  std::int64_t i = ka == k::integer ? a.as_int64() : b.as_int64();
  std::uint64_t u = ka == k::integer ? b.as_uint64() : a.as_uint64();
  return i >= 0 && static_cast<std::uint64_t>(i) == u;
}

}  // namespace

TOON_FUNC bool operator==(const value& a, const value& b) noexcept {
  if (a.is_number() && b.is_number()) return numbers_equal(a, b);
  if (a.type() != b.type()) return false;
  return a.v_ == b.v_;
}

TOON_FUNC bool equal_unordered(const value& a, const value& b) noexcept {
  if (a.is_array() && b.is_array()) {
    const auto& x = a.as_array();
    const auto& y = b.as_array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!equal_unordered(x[i], y[i])) return false;
    return true;
  }
  if (a.is_object() && b.is_object()) {
    const auto& x = a.as_object();
    const auto& y = b.as_object();
    if (x.size() != y.size()) return false;
    for (const auto& m : x) {
      const value* other = y.find(m.key);
      if (!other || !equal_unordered(m.value, *other)) return false;
    }
    return true;
  }
  return a == b;
}

TOON_FUNC std::string_view kind_name(value::kind k) noexcept {
  switch (k) {
    case value::kind::null: return "null";
    case value::kind::boolean: return "bool";
    case value::kind::integer:
    case value::kind::uinteger:
    case value::kind::real:
    case value::kind::big_integer: return "number";
    case value::kind::string: return "string";
    case value::kind::array: return "array";
    case value::kind::object: return "object";
  }
  return "unknown";
}

TOON_FUNC std::ostream& operator<<(std::ostream& os, const value& v) {
  const std::string text = encode(v);
  return os.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace toon
