// toon/reflect/type_name.hpp - the unqualified name of a type, at compile time.
//
// Read from the compiler's pretty function name (GCC >= 11, clang >= 14). Used as the default
// tag of object alternatives of a std::variant. Knows nothing of TOON text.
#pragma once

#include <string_view>

#include "toon/reflect/pretty_name.hpp"

namespace toon::reflect {

namespace detail {

template <class T>
constexpr std::string_view type_pretty_name() noexcept {
  return __PRETTY_FUNCTION__;
}

// GCC: "... [with T = ns::name<args>; std::string_view = ...]"; clang: "... [T = ns::name<args>]".
// The last scope component (outside template arguments), without its template arguments.
constexpr std::string_view unqualified_type_name(std::string_view s) noexcept {
  std::string_view name = last_scope_component(pretty_argument(s, "T = "));
  if (std::size_t lt = name.find('<'); lt != std::string_view::npos) name = name.substr(0, lt);
  return name;
}

}  // namespace detail

/// The name of T without namespaces, enclosing classes or template arguments
/// (`app::shape::circle<int>` gives "circle").
template <class T>
inline constexpr std::string_view type_name_v =
    detail::unqualified_type_name(detail::type_pretty_name<T>());

}  // namespace toon::reflect
