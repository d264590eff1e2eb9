// toon/value.hpp - toon::value, the JSON data model with insertion-ordered objects.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace toon {

class value;
struct member;

namespace detail {
/// Storage for the members of toon::object: from the chunks of the member_arena open on this
/// thread (whole-text decoding opens one), else from operator new. Every block carries its
/// owner, so that a block is returned the right way whichever thread frees it.
[[nodiscard]] void* allocate_members(std::size_t bytes);
/// Returns a block of allocate_members() (its chunk is freed with the last block in it).
void deallocate_members(void* p) noexcept;

/// The allocator of toon::object's member vector (stateless: the storage decides, see above).
template <class T>
struct member_allocator {
  using value_type = T;
  using is_always_equal = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  member_allocator() noexcept = default;
  template <class U>
  member_allocator(const member_allocator<U>&) noexcept {}  // NOLINT
  [[nodiscard]] T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / 2 / sizeof(T)) throw std::bad_array_new_length();
    return static_cast<T*>(allocate_members(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t) noexcept { deallocate_members(p); }
  template <class U>
  friend bool operator==(const member_allocator&, const member_allocator<U>&) noexcept { return true; }
};
}  // namespace detail

/// An array of values.
using array = std::vector<value>;

/// An integer outside the 64-bit range, kept exactly as its decimal digits
/// (optional leading '-', no leading zeros). See docs/decoding.md (Numbers).
struct big_integer {
  std::string digits;
  friend bool operator==(const big_integer&, const big_integer&) = default;
};

/// An object: string keys to values, in insertion order. Lookup is linear, which is the
/// fastest choice for the small objects TOON documents are made of. The objects toon::decode
/// makes share chunks of memory for their members (docs/decoding.md, Architecture): one kept
/// alive keeps its chunk (at most 64 KiB) alive.
class object {
 public:
  using iterator = std::vector<member, detail::member_allocator<member>>::iterator;
  using const_iterator = std::vector<member, detail::member_allocator<member>>::const_iterator;

  object() noexcept;
  /// Builds from key/value pairs; a repeated key keeps the last value at the first position.
  object(std::initializer_list<std::pair<std::string_view, value>> init);
  object(const object&);
  object(object&&) noexcept;
  object& operator=(const object&);
  object& operator=(object&&) noexcept;
  ~object();

  [[nodiscard]] std::size_t size() const noexcept;
  [[nodiscard]] bool empty() const noexcept;
  void reserve(std::size_t n);
  void clear() noexcept;

  iterator begin() noexcept;
  iterator end() noexcept;
  const_iterator begin() const noexcept;
  const_iterator end() const noexcept;

  /// Pointer to the value under `key`, or nullptr.
  [[nodiscard]] value* find(std::string_view key) noexcept;
  [[nodiscard]] const value* find(std::string_view key) const noexcept;
  [[nodiscard]] bool contains(std::string_view key) const noexcept { return find(key) != nullptr; }

  /// The value under `key`; throws std::out_of_range when absent.
  [[nodiscard]] value& at(std::string_view key);
  [[nodiscard]] const value& at(std::string_view key) const;

  /// The value under `key`, appending a null one when absent.
  value& operator[](std::string_view key);

  /// Sets `key` to `v`: replaces in place when present (keeping its position), else appends.
  value& insert_or_assign(std::string_view key, value v);

  /// Appends without checking for an existing key (the caller guarantees uniqueness).
  value& emplace_back(std::string key, value v);
  /// Appends a null member under `key` without checking for an existing one (the caller
  /// guarantees uniqueness) and returns its value, to be filled in place.
  value& append(std::string_view key);

  /// Removes `key`; returns whether it was present.
  bool erase(std::string_view key);

  friend bool operator==(const object& a, const object& b) noexcept;

 private:
  std::vector<member, detail::member_allocator<member>> items_;
};

/// A JSON-model value: null, bool, int64, uint64, double, big integer, string, array, object.
class value {
 public:
  /// The kind of a value. Numbers have four kinds; all compare by mathematical value.
#if defined(__GNUC__) && !defined(__clang__)
  // GCC 12's -Wshadow takes the scoped enumerators `array` and `object` for redeclarations of
  // toon::array and toon::object; they are only ever named as kind::array, kind::object.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#endif
  enum class kind : std::uint8_t { null, boolean, integer, uinteger, real, big_integer, string, array, object };
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

  value() noexcept = default;
  value(std::nullptr_t) noexcept {}                                   // NOLINT
  value(bool b) noexcept : v_(b) {}                                   // NOLINT
  template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool> &&
                                          !std::is_same_v<I, char>, int> = 0>
  value(I i) noexcept {  // NOLINT
    if constexpr (std::is_signed_v<I>) v_.template emplace<std::int64_t>(static_cast<std::int64_t>(i));
    else if (static_cast<std::uint64_t>(i) <= static_cast<std::uint64_t>(INT64_MAX))
      v_.template emplace<std::int64_t>(static_cast<std::int64_t>(i));
    else v_.template emplace<std::uint64_t>(static_cast<std::uint64_t>(i));
  }
  value(double d) noexcept : v_(d) {}              // NOLINT
  value(float f) noexcept : v_(double(f)) {}       // NOLINT
  value(toon::big_integer b) : v_(std::move(b)) {} // NOLINT
  value(std::string s) noexcept : v_(std::move(s)) {}  // NOLINT
  value(std::string_view s) : v_(std::string(s)) {}    // NOLINT
  value(const char* s) : v_(std::string(s)) {}         // NOLINT
  value(toon::array a) noexcept : v_(std::move(a)) {}  // NOLINT
  value(toon::object o) noexcept : v_(std::move(o)) {} // NOLINT
  /// `{a, b, c}` is an array, unless every element is a two-element array whose first
  /// element is a string: then it is an object (as in nlohmann::json). Use toon::array{...}
  /// or toon::object{...} to choose explicitly.
  value(std::initializer_list<value> init);

  [[nodiscard]] kind type() const noexcept { return static_cast<kind>(v_.index()); }
  [[nodiscard]] bool is_null() const noexcept { return type() == kind::null; }
  [[nodiscard]] bool is_bool() const noexcept { return type() == kind::boolean; }
  [[nodiscard]] bool is_number() const noexcept {
    auto k = type();
    return k == kind::integer || k == kind::uinteger || k == kind::real || k == kind::big_integer;
  }
  [[nodiscard]] bool is_string() const noexcept { return type() == kind::string; }
  [[nodiscard]] bool is_array() const noexcept { return type() == kind::array; }
  [[nodiscard]] bool is_object() const noexcept { return type() == kind::object; }
  /// Null, bool, number or string.
  [[nodiscard]] bool is_primitive() const noexcept { return !is_array() && !is_object(); }

  /// Typed access; throws std::bad_variant_access on the wrong kind.
  [[nodiscard]] bool as_bool() const { return std::get<bool>(v_); }
  [[nodiscard]] std::int64_t as_int64() const { return std::get<std::int64_t>(v_); }
  [[nodiscard]] std::uint64_t as_uint64() const { return std::get<std::uint64_t>(v_); }
  [[nodiscard]] double as_double() const { return std::get<double>(v_); }
  [[nodiscard]] const toon::big_integer& as_big_integer() const { return std::get<toon::big_integer>(v_); }
  [[nodiscard]] const std::string& as_string() const { return std::get<std::string>(v_); }
  [[nodiscard]] std::string& as_string() { return std::get<std::string>(v_); }
  [[nodiscard]] const toon::array& as_array() const { return std::get<toon::array>(v_); }
  [[nodiscard]] toon::array& as_array() { return std::get<toon::array>(v_); }
  [[nodiscard]] const toon::object& as_object() const { return std::get<toon::object>(v_); }
  [[nodiscard]] toon::object& as_object() { return std::get<toon::object>(v_); }

  /// Any number as a double (big integers rounded); throws std::bad_variant_access otherwise.
  [[nodiscard]] double to_double() const;

  /// Replaces the content with a `T` (one of std::string, toon::array, toon::object,
  /// toon::big_integer, ...) constructed in place from `args`; returns it.
  template <class T, class... Args>
  T& emplace(Args&&... args) {
    return v_.template emplace<T>(std::forward<Args>(args)...);
  }

  /// Pointer access: nullptr on the wrong kind.
  template <class T>
  [[nodiscard]] T* get_if() noexcept { return std::get_if<T>(&v_); }
  template <class T>
  [[nodiscard]] const T* get_if() const noexcept { return std::get_if<T>(&v_); }

  /// Object member lookup: nullptr when not an object or the key is absent.
  [[nodiscard]] const value* find(std::string_view key) const noexcept;
  /// Object member access; throws when not an object or the key is absent.
  [[nodiscard]] const value& operator[](std::string_view key) const;
  /// Array element access; throws when not an array or out of range.
  [[nodiscard]] const value& operator[](std::size_t index) const;
  /// Elements of an array or members of an object; 0 for primitives.
  [[nodiscard]] std::size_t size() const noexcept;

  /// JSON-model equality of spec §2: numbers by mathematical value (-0 == 0, 1 == 1.0),
  /// strings by bytes, arrays in order, objects by the same ordered key sequence.
  friend bool operator==(const value& a, const value& b) noexcept;

 private:
  std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, toon::big_integer,
               std::string, toon::array, toon::object>
      v_{nullptr};
};

/// One object member.
struct member {
  std::string key;
  toon::value value;
  friend bool operator==(const member&, const member&) = default;
};

inline object::object() noexcept = default;
inline object::object(const object&) = default;
inline object::object(object&&) noexcept = default;
inline object& object::operator=(const object&) = default;
inline object& object::operator=(object&&) noexcept = default;
inline object::~object() = default;
inline std::size_t object::size() const noexcept { return items_.size(); }
inline bool object::empty() const noexcept { return items_.empty(); }
inline void object::reserve(std::size_t n) { items_.reserve(n); }
inline void object::clear() noexcept { items_.clear(); }
inline object::iterator object::begin() noexcept { return items_.begin(); }
inline object::iterator object::end() noexcept { return items_.end(); }
inline object::const_iterator object::begin() const noexcept { return items_.begin(); }
inline object::const_iterator object::end() const noexcept { return items_.end(); }
inline value& object::append(std::string_view key) {
  member& m = items_.emplace_back();
  m.key.assign(key.data(), key.size());
  return m.value;
}

/// Equality where the members of objects may appear in any order (used to compare tabular
/// round trips, whose decoded key order is the header's); numbers as in operator==.
[[nodiscard]] bool equal_unordered(const value& a, const value& b) noexcept;

/// Short name of a kind ("null", "bool", "number", "string", "array", "object").
[[nodiscard]] std::string_view kind_name(value::kind k) noexcept;

/// Writes `v` as a TOON document with the default encode options (no trailing newline), as
/// toon::encode(v) does: `std::cout << v << '\n';`.
std::ostream& operator<<(std::ostream& os, const value& v);

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
