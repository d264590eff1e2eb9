// toon/reflect/field_names.hpp - compile-time member names of aggregates.
//
// Boost.PFR 1.81 binds aggregate members but has no names, so names are read from the
// compiler's pretty function name of a template instantiated with a pointer to each
// member of a never-defined object (the technique of PFR 2.x and reflect-cpp). Works on
// GCC >= 11 and clang >= 14 (which needs the pointer wrapped in a class-type argument).
// This layer knows nothing of TOON text.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>

#include <boost/pfr/core.hpp>
#include <boost/pfr/tuple_size.hpp>

namespace toon::reflect {

/// True for types whose members can be reflected: aggregates that are not arrays.
template <class T>
inline constexpr bool reflectable_v =
    std::is_aggregate_v<T> && !std::is_array_v<T> && std::is_class_v<T> && !std::is_union_v<T>;

/// Number of members of a reflectable aggregate.
template <class T>
inline constexpr std::size_t field_count_v = boost::pfr::tuple_size_v<T>;

namespace detail {

template <class T>
struct fake_holder {
  const T value;
};

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-var-template"
#pragma clang diagnostic ignored "-Wundefined-internal"
#endif

// Declared, never defined: only the addresses of its members are used, at compile time.
template <class T>
extern const fake_holder<T> fake_object;

template <class P>
struct pointer_wrapper {
  P pointer;
};
template <class P>
pointer_wrapper(P) -> pointer_wrapper<P>;

template <class T, std::size_t I>
consteval auto member_pointer() noexcept {
  return pointer_wrapper{&boost::pfr::get<I>(fake_object<T>.value)};
}

#if defined(__clang__)
#pragma clang diagnostic pop
#endif

template <auto Wrapped>
consteval std::string_view pretty_name() noexcept {
  return __PRETTY_FUNCTION__;
}

// Extracts "name" from the pretty name: clang prints `[Wrapped = {&fake_object.value.name}]`,
// GCC `[with auto Wrapped = pointer_wrapper<...>{(& fake_object<T>.fake_holder<T>::value.T::name)}; ...]`.
consteval std::string_view member_name_from(std::string_view s) noexcept {
  std::size_t start = s.find("Wrapped = ");
  if (start == std::string_view::npos) return {};
  // GCC wraps the address expression in parentheses; type names may hold "{anonymous}".
  std::size_t end = s.find(")}", start);
  if (end == std::string_view::npos) end = s.rfind('}');
  if (end == std::string_view::npos || end <= start) return {};
  std::size_t begin = s.find_last_of(".:", end - 1) + 1;
  return s.substr(begin, end - begin);
}

template <class T, std::size_t I>
consteval std::string_view field_name_impl() noexcept {
  return member_name_from(pretty_name<member_pointer<T, I>()>());
}

template <class T, std::size_t... I>
consteval std::array<std::string_view, sizeof...(I)> field_names_impl(std::index_sequence<I...>) noexcept {
  return {field_name_impl<T, I>()...};
}

}  // namespace detail

/// The name of member I of T, as written in the source.
template <class T, std::size_t I>
inline constexpr std::string_view field_name_v = [] {
  static_assert(reflectable_v<T>, "toon::reflect: T must be an aggregate class (or customise toon::meta<T>)");
  return detail::field_name_impl<T, I>();
}();

/// All member names of T, in declaration order.
template <class T>
inline constexpr std::array<std::string_view, field_count_v<T>> field_names_v = [] {
  static_assert(reflectable_v<T>, "toon::reflect: T must be an aggregate class (or customise toon::meta<T>)");
  return detail::field_names_impl<T>(std::make_index_sequence<field_count_v<T>>{});
}();

}  // namespace toon::reflect
