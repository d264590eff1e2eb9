// toon/typed/type_kind.hpp - how each C++ type maps to the JSON data model.
//
// The mapping table of the typed layer (docs/reflection.md): type_kind_v<T> names the category
// of T; the encoder and decoder dispatch on it. Types outside the table have kind
// `unsupported`, and using them fails with a static_assert naming the type.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "toon/meta.hpp"
#include "toon/typed/object_info.hpp"
#include "toon/value.hpp"

namespace toon::detail {

/// Category of a C++ type in the typed layer.
enum class type_kind : unsigned char {
  unsupported,
  dynamic,       ///< toon::value, toon::array, toon::object: embedded as they are
  proxy,         ///< meta<T>::proxy: written as another type
  null,          ///< std::nullptr_t, std::monostate: null
  boolean,       ///< bool
  character,     ///< char: a one-character string
  integer,       ///< signed and unsigned integers (not bool or char): range-checked numbers
  floating,      ///< float, double, long double
  string,        ///< std::string (decode and encode); std::string_view, const char* (encode)
  enumeration,   ///< enums: their names
  time_point,    ///< std::chrono::system_clock time points: ISO 8601 UTC strings
  optional,      ///< std::optional: null (or an absent field) when empty
  pointer,       ///< std::unique_ptr, std::shared_ptr: null or the pointee
  sequence,      ///< std::vector, std::deque, std::list: arrays
  set,           ///< std::set, std::unordered_set: arrays of unique elements
  fixed_array,   ///< std::array<T, N>: arrays of exactly N elements
  map,           ///< std::map, std::unordered_map with string keys: objects
  tuple,         ///< std::pair, std::tuple: arrays of fixed length, one element per member
  variant,       ///< std::variant: the active alternative (objects tagged, see meta<T>::tag)
  object,        ///< aggregates and classes with meta<T>::fields: objects
};

template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};

template <class T> struct is_pointer_like : std::false_type {};
template <class T> struct is_pointer_like<std::unique_ptr<T>> : std::true_type {};
template <class T> struct is_pointer_like<std::shared_ptr<T>> : std::true_type {};

template <class T> struct is_sequence : std::false_type {};
template <class T, class A> struct is_sequence<std::vector<T, A>> : std::true_type {};
template <class T, class A> struct is_sequence<std::deque<T, A>> : std::true_type {};
template <class T, class A> struct is_sequence<std::list<T, A>> : std::true_type {};

template <class T> struct is_set : std::false_type {};
template <class T, class C, class A> struct is_set<std::set<T, C, A>> : std::true_type {};
template <class T, class H, class E, class A> struct is_set<std::unordered_set<T, H, E, A>> : std::true_type {};

template <class T> struct is_fixed_array : std::false_type {};
template <class T, std::size_t N> struct is_fixed_array<std::array<T, N>> : std::true_type {};

template <class T> struct is_string_map : std::false_type {};
template <class V, class C, class A> struct is_string_map<std::map<std::string, V, C, A>> : std::true_type {};
template <class V, class H, class E, class A>
struct is_string_map<std::unordered_map<std::string, V, H, E, A>> : std::true_type {};

template <class T> struct is_tuple : std::false_type {};
template <class A, class B> struct is_tuple<std::pair<A, B>> : std::true_type {};
template <class... T> struct is_tuple<std::tuple<T...>> : std::true_type {};

template <class T> struct is_variant : std::false_type {};
template <class... T> struct is_variant<std::variant<T...>> : std::true_type {};

template <class T> struct is_system_time_point : std::false_type {};
template <class D>
struct is_system_time_point<std::chrono::time_point<std::chrono::system_clock, D>> : std::true_type {};

namespace kind_impl {

template <class T>
constexpr type_kind classify() noexcept {
  if constexpr (std::is_same_v<T, value> || std::is_same_v<T, array> || std::is_same_v<T, object>)
    return type_kind::dynamic;
  else if constexpr (has_meta_proxy<T>) return type_kind::proxy;
  else if constexpr (std::is_same_v<T, std::nullptr_t> || std::is_same_v<T, std::monostate>)
    return type_kind::null;
  else if constexpr (std::is_same_v<T, bool>) return type_kind::boolean;
  else if constexpr (std::is_same_v<T, char>) return type_kind::character;
  else if constexpr (std::is_integral_v<T>) return type_kind::integer;
  else if constexpr (std::is_floating_point_v<T>) return type_kind::floating;
  else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view> ||
                     std::is_same_v<T, const char*> || std::is_same_v<T, char*>)
    return type_kind::string;
  else if constexpr (std::is_enum_v<T>) return type_kind::enumeration;
  else if constexpr (is_system_time_point<T>::value) return type_kind::time_point;
  else if constexpr (is_optional<T>::value) return type_kind::optional;
  else if constexpr (is_pointer_like<T>::value) return type_kind::pointer;
  else if constexpr (is_sequence<T>::value) return type_kind::sequence;
  else if constexpr (is_set<T>::value) return type_kind::set;
  else if constexpr (is_fixed_array<T>::value) return type_kind::fixed_array;
  else if constexpr (is_string_map<T>::value) return type_kind::map;
  else if constexpr (is_tuple<T>::value) return type_kind::tuple;
  else if constexpr (is_variant<T>::value) return type_kind::variant;
  else if constexpr (object_type<T>) return type_kind::object;
  else return type_kind::unsupported;
}

}  // namespace kind_impl

/// The category of T (cv-qualifiers and references ignored).
template <class T>
inline constexpr type_kind type_kind_v = kind_impl::classify<std::remove_cvref_t<T>>();

/// True for kinds whose values are always TOON primitives (null, booleans, numbers, strings).
constexpr bool is_primitive_kind(type_kind k) noexcept {
  switch (k) {
    case type_kind::null:
    case type_kind::boolean:
    case type_kind::character:
    case type_kind::integer:
    case type_kind::floating:
    case type_kind::string:
    case type_kind::enumeration:
    case type_kind::time_point: return true;
    default: return false;
  }
}

template <class T>
inline constexpr bool always_false_v = false;

/// Fails compilation with a message naming T when T has no mapping. Instantiate it as
/// `static_assert(supported<T>())` where a type is first used.
template <class T>
constexpr bool supported() noexcept {
  if constexpr (type_kind_v<T> == type_kind::unsupported) {
    static_assert(always_false_v<T>,
                  "toon: T cannot be encoded or decoded: it is not an aggregate, has no "
                  "toon::meta<T>::fields or toon::meta<T>::proxy, and is not a supported "
                  "standard type (see docs/reflection.md, the mapping table)");
    return false;
  } else {
    return true;
  }
}

/// The value type of an optional or a smart pointer.
template <class T>
using pointee_t = std::remove_cvref_t<decltype(*std::declval<const T&>())>;

}  // namespace toon::detail
