// toon/reflect/type_name.hpp - the unqualified name of a type, at compile time.
//
// Read from the compiler's pretty function name (GCC >= 11, clang >= 14). Used as the default
// tag of object alternatives of a std::variant. Knows nothing of TOON text.
#pragma once

#include <string_view>

namespace toon::reflect {

namespace detail {

template <class T>
constexpr std::string_view type_pretty_name() noexcept {
  return __PRETTY_FUNCTION__;
}

// GCC: "... [with T = ns::name<args>; std::string_view = ...]"; clang: "... [T = ns::name<args>]".
constexpr std::string_view unqualified_type_name(std::string_view s) noexcept {
  std::size_t begin = s.find("T = ");
  if (begin == std::string_view::npos) return {};
  begin += 4;
  std::size_t end = s.find_first_of(";]", begin);
  if (end == std::string_view::npos) end = s.size();
  std::string_view full = s.substr(begin, end - begin);
  // Drop template arguments, then every enclosing scope.
  if (std::size_t lt = full.find('<'); lt != std::string_view::npos) full = full.substr(0, lt);
  if (std::size_t colon = full.rfind("::"); colon != std::string_view::npos)
    full = full.substr(colon + 2);
  return full;
}

}  // namespace detail

/// The name of T without namespaces, enclosing classes or template arguments
/// (`app::shape::circle<int>` gives "circle").
template <class T>
inline constexpr std::string_view type_name_v =
    detail::unqualified_type_name(detail::type_pretty_name<T>());

}  // namespace toon::reflect
