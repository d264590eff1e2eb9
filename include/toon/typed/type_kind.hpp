// toon/typed/type_kind.hpp - how each C++ type maps to the JSON data model.
//
// The mapping table of the typed layer (docs/reflection.md): type_kind_v<T> names the category
// of T; the encoder and decoder dispatch on it. Types outside the table have kind
// `unsupported`, and using them fails with a static_assert naming the type (or the struct
// member) and suggesting what to use instead.
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
#include "toon/reflect/type_name.hpp"
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

/// The value type of an optional or a smart pointer.
template <class T>
using pointee_t = std::remove_cvref_t<decltype(*std::declval<const T&>())>;

// ---- diagnostics of unsupported types -----------------------------------------------------------

/// Why a type cannot be encoded or decoded, looking through optionals, smart pointers,
/// containers, tuples and variants (not into structs: each struct is checked where it is used).
enum class unsupported_reason : unsigned char { none, raw_pointer, map_key, other };

template <class T> struct is_std_map : std::false_type {};
template <class K, class V, class C, class A> struct is_std_map<std::map<K, V, C, A>> : std::true_type {};
template <class K, class V, class H, class E, class A>
struct is_std_map<std::unordered_map<K, V, H, E, A>> : std::true_type {};

template <class T>
constexpr unsupported_reason unsupported_reason_of() noexcept;

template <class... T>
constexpr unsupported_reason first_unsupported_reason() noexcept {
  unsupported_reason out = unsupported_reason::none;
  ((out = out == unsupported_reason::none ? unsupported_reason_of<T>() : out), ...);
  return out;
}

template <class T> struct element_reasons;
template <class... T> struct element_reasons<std::tuple<T...>> {
  static constexpr unsupported_reason value = first_unsupported_reason<T...>();
};
template <class A, class B> struct element_reasons<std::pair<A, B>> {
  static constexpr unsupported_reason value = first_unsupported_reason<A, B>();
};
template <class... T> struct element_reasons<std::variant<T...>> {
  static constexpr unsupported_reason value = first_unsupported_reason<T...>();
};

template <class T>
constexpr unsupported_reason unsupported_reason_of() noexcept {
  using U = std::remove_cvref_t<T>;
  constexpr type_kind k = type_kind_v<U>;
  if constexpr (k == type_kind::unsupported) {
    if constexpr (std::is_pointer_v<U> || std::is_member_pointer_v<U>) return unsupported_reason::raw_pointer;
    else if constexpr (is_std_map<U>::value) return unsupported_reason::map_key;
    else return unsupported_reason::other;
  } else if constexpr (k == type_kind::optional || k == type_kind::pointer) {
    return unsupported_reason_of<pointee_t<U>>();
  } else if constexpr (k == type_kind::sequence || k == type_kind::set || k == type_kind::fixed_array) {
    return unsupported_reason_of<typename U::value_type>();
  } else if constexpr (k == type_kind::map) {
    return unsupported_reason_of<typename U::mapped_type>();
  } else if constexpr (k == type_kind::tuple || k == type_kind::variant) {
    return element_reasons<U>::value;
  } else {
    return unsupported_reason::none;
  }
}

// The messages. Each static_assert's condition names the offending type or member, so that
// the compiler's diagnostic shows it next to the message: GCC prints the member as a string
// (`unsupported_member<fixed_label<13>{"node::parent"}>::...`), clang as characters.
#define TOON_DETAIL_RAW_POINTER_MESSAGE \
  "toon: raw pointers are not supported; use std::unique_ptr, std::optional or toon::meta<T>::proxy"
#define TOON_DETAIL_MAP_KEY_MESSAGE                                                                 \
  "toon: map keys must be strings; use std::map<std::string, V> or std::unordered_map<std::string, " \
  "V> (convert other keys to strings), or toon::meta<T>::proxy"
#define TOON_DETAIL_UNSUPPORTED_MESSAGE                                                          \
  "toon: unsupported type: not an aggregate, without toon::meta<T>::fields or "                 \
  "toon::meta<T>::proxy, and not a supported standard type (see docs/reflection.md, the mapping " \
  "table)"

/// A member's label, "type::member", as a structural value (a template argument).
template <std::size_t N>
struct fixed_label {
  char chars[N + 1]{};
};

template <class T, std::size_t I>
constexpr auto member_label() noexcept {
  constexpr std::string_view type = reflect::type_name_v<T>;
  constexpr std::string_view member = object_info<T>::template source_name<I>;
  fixed_label<type.size() + 2 + member.size()> out{};
  std::size_t n = 0;
  for (char c : type) out.chars[n++] = c;
  out.chars[n++] = ':';
  out.chars[n++] = ':';
  for (char c : member) out.chars[n++] = c;
  return out;
}

#if defined(__clang__)
// Clang prints a character array argument as numbers: the label is spelt as characters.
template <char... C>
struct unsupported_member {
  static constexpr bool is_not_a_raw_pointer = false;
  static constexpr bool has_string_keys = false;
  static constexpr bool has_a_supported_type = false;
};
template <class T, std::size_t I>
struct member_check {
  static constexpr auto label = member_label<T, I>();
  template <std::size_t... J>
  static auto spell(std::index_sequence<J...>) -> unsupported_member<label.chars[J]...>;
  using type = decltype(spell(std::make_index_sequence<sizeof(label.chars) - 1>{}));
};
#else
template <auto Label>
struct unsupported_member {
  static constexpr bool is_not_a_raw_pointer = false;
  static constexpr bool has_string_keys = false;
  static constexpr bool has_a_supported_type = false;
};
template <class T, std::size_t I>
struct member_check {
  using type = unsupported_member<member_label<T, I>()>;
};
#endif

template <class T>
struct unsupported_type {
  static constexpr bool is_not_a_raw_pointer = false;
  static constexpr bool has_string_keys = false;
  static constexpr bool has_a_supported_type = false;
};

// Asserts with the message for `reason`; Named is unsupported_member<label> or unsupported_type<T>.
template <class Named, unsupported_reason Reason>
constexpr bool report_unsupported() noexcept {
  if constexpr (Reason == unsupported_reason::raw_pointer) {
    static_assert(Named::is_not_a_raw_pointer, TOON_DETAIL_RAW_POINTER_MESSAGE);
  } else if constexpr (Reason == unsupported_reason::map_key) {
    static_assert(Named::has_string_keys, TOON_DETAIL_MAP_KEY_MESSAGE);
  } else {
    static_assert(Named::has_a_supported_type, TOON_DETAIL_UNSUPPORTED_MESSAGE);
  }
  return false;
}

template <class T, std::size_t I>
constexpr bool member_supported() noexcept {
  constexpr unsupported_reason reason = unsupported_reason_of<typename object_info<T>::template type<I>>();
  if constexpr (reason == unsupported_reason::none) return true;
  else return report_unsupported<typename member_check<T, I>::type, reason>();
}

template <class T, std::size_t... I>
constexpr bool members_supported(std::index_sequence<I...>) noexcept {
  return (member_supported<T, I>() && ...);
}

#undef TOON_DETAIL_RAW_POINTER_MESSAGE
#undef TOON_DETAIL_MAP_KEY_MESSAGE
#undef TOON_DETAIL_UNSUPPORTED_MESSAGE

/// Fails compilation when T has no mapping, with a message saying why and what to use instead:
/// for a struct, the message names the member (`node::parent`) whose type is a raw pointer, a
/// map with keys other than strings, or another unsupported type (also inside optionals,
/// containers, tuples and variants). Instantiate it as `static_assert(supported<T>())` where a
/// type is first used.
template <class T>
constexpr bool supported() noexcept {
  constexpr type_kind k = type_kind_v<T>;
  if constexpr (k == type_kind::object) {
    return members_supported<std::remove_cvref_t<T>>(std::make_index_sequence<object_info<std::remove_cvref_t<T>>::size>{});
  } else if constexpr (constexpr unsupported_reason reason = unsupported_reason_of<T>();
                       reason != unsupported_reason::none) {
    return report_unsupported<unsupported_type<std::remove_cvref_t<T>>, reason>();
  } else {
    return true;
  }
}

}  // namespace toon::detail
