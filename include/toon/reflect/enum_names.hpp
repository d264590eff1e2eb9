// toon/reflect/enum_names.hpp - compile-time names of enumerators.
//
// The name of enumerator V is read from the compiler's pretty function name of a template
// instantiated with V (GCC >= 11, clang >= 14); a value that names no enumerator prints as a
// cast such as `(color)7`. Every value of the reflected range is probed at compile time:
// [-128, 255] clipped to the underlying type. Enumerators outside that range, and aliases
// beyond the first name of a value, need toon::meta<E>::enumerators. Knows nothing of TOON text.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "toon/reflect/pretty_name.hpp"

namespace toon::reflect {

/// One enumerator and its name.
template <class E>
struct enum_entry {
  E value;
  std::string_view name;
};

/// Smallest and largest underlying values probed for enumerator names.
inline constexpr std::int64_t enum_range_min = -128;
inline constexpr std::int64_t enum_range_max = 255;

namespace detail {

template <auto V>
constexpr std::string_view enum_pretty_name() noexcept {
  return __PRETTY_FUNCTION__;
}

// GCC: "... [with auto V = ns::color::red; ...]" or "(ns::color)7"; clang: "[V = ns::color::red]"
// or "(ns::color)7"; enums in an anonymous namespace print as "(anonymous namespace)::color::red"
// (clang) or "<unnamed>::color::red" (GCC). Returns "" for a value without a name (a cast).
constexpr std::string_view enumerator_name_from(std::string_view s) noexcept {
  const std::string_view v = last_scope_component(pretty_argument(s, "V = "));
  return starts_identifier(v) ? v : std::string_view{};
}

template <class E>
constexpr std::int64_t probe_min() noexcept {
  using U = std::underlying_type_t<E>;
  constexpr auto lo = static_cast<std::int64_t>(std::numeric_limits<U>::min());
  return lo > enum_range_min ? lo : enum_range_min;
}

template <class E>
constexpr std::int64_t probe_max() noexcept {
  using U = std::underlying_type_t<E>;
  // Compare in unsigned 64-bit space so wide unsigned types do not overflow.
  constexpr auto hi = std::numeric_limits<U>::max();
  return static_cast<std::uint64_t>(hi) < static_cast<std::uint64_t>(enum_range_max)
             ? static_cast<std::int64_t>(hi)
             : enum_range_max;
}

template <class E, std::int64_t... I>
constexpr auto probe_names(std::integer_sequence<std::int64_t, I...>) noexcept {
  return std::array<std::string_view, sizeof...(I)>{
      enumerator_name_from(enum_pretty_name<static_cast<E>(probe_min<E>() + I)>())...};
}

// A scoped enumeration declared in a class template has its definition instantiated only when
// a name is looked up in its scope ([temp.inst]); clang prints its values as casts until then
// (GCC instantiates it with the class). Checking for a name no enum has does the lookup.
template <class E>
concept has_scope_probe_name = requires { E::toon_reflect_scope_probe_; };

template <class E>
  requires(!has_scope_probe_name<E>)
inline constexpr auto probed_names =
    probe_names<E>(std::make_integer_sequence<std::int64_t, probe_max<E>() - probe_min<E>() + 1>{});

template <class E>
constexpr std::size_t named_count() noexcept {
  std::size_t n = 0;
  for (std::string_view name : probed_names<E>) n += name.empty() ? 0 : 1;
  return n;
}

template <class E>
constexpr auto collect_entries() noexcept {
  std::array<enum_entry<E>, named_count<E>()> out{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < probed_names<E>.size(); ++i)
    if (!probed_names<E>[i].empty())
      out[n++] = {static_cast<E>(probe_min<E>() + static_cast<std::int64_t>(i)), probed_names<E>[i]};
  return out;
}

}  // namespace detail

/// The named enumerators of E found in the probed range, in increasing value order.
template <class E>
  requires std::is_enum_v<E>
inline constexpr auto enum_entries_v = detail::collect_entries<E>();

}  // namespace toon::reflect
