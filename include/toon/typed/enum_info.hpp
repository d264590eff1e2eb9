// toon/typed/enum_info.hpp - the names enums are written with.
//
// Names come from toon::meta<E>::enumerators when present, else from the reflected enumerator
// names (toon/reflect/enum_names.hpp: the values of meta<E>::enum_range, default [-128, 255],
// plus powers of two, all-ones masks and the underlying type's limits) converted by
// meta<E>::naming. A value without a name is never written as a number: encoding it throws
// toon::toon_error (invalid_enum), decoding one is an invalid_enum error.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "toon/error.hpp"
#include "toon/meta.hpp"
#include "toon/reflect/enum_names.hpp"
#include "toon/reflect/naming.hpp"
#include "toon/reflect/type_name.hpp"

namespace toon::detail {

namespace enum_impl {

template <class E>
constexpr naming naming_of() noexcept {
  if constexpr (has_meta_naming<E>) return meta<E>::naming;
  else return naming::as_is;
}

/// The range probed for the reflected names of E: meta<E>::enum_range, else the default.
template <class E>
struct range_of {
  static constexpr std::int64_t min = [] {
    if constexpr (has_meta_enum_range<E>) return static_cast<std::int64_t>(meta<E>::enum_range.first);
    else return reflect::enum_range_min;
  }();
  static constexpr std::int64_t max = [] {
    if constexpr (has_meta_enum_range<E>) return static_cast<std::int64_t>(meta<E>::enum_range.second);
    else return reflect::enum_range_max;
  }();
  static_assert(min <= max, "toon: toon::meta<E>::enum_range of this enum is empty (first > second)");
  static_assert(!reflect::detail::clipped_range<E, min, max>::empty,
                "toon: toon::meta<E>::enum_range of this enum holds no value of its underlying type");
  static_assert(!reflect::detail::clipped_range<E, min, max>::too_wide,
                "toon: toon::meta<E>::enum_range of this enum is wider than 4096 values "
                "(toon::reflect::enum_range_limit); list the enumerators in toon::meta<E>::enumerators");
};

template <class E>
inline constexpr const auto& reflected_entries = reflect::enum_entries_v<E, range_of<E>::min, range_of<E>::max>;

template <class E, std::size_t I>
struct converted {
  static constexpr std::string_view source = reflected_entries<E>[I].name;
  static constexpr std::size_t length = reflect::converted_length(naming_of<E>(), source);
  static constexpr std::array<char, length> chars = reflect::convert_name<length>(naming_of<E>(), source);
  static constexpr std::string_view value{chars.data(), length};
};

template <class E, std::size_t... I>
constexpr auto reflected(std::index_sequence<I...>) noexcept {
  if constexpr (naming_of<E>() == naming::as_is)
    return std::array<reflect::enum_entry<E>, sizeof...(I)>{reflected_entries<E>[I]...};
  else
    return std::array<reflect::enum_entry<E>, sizeof...(I)>{
        reflect::enum_entry<E>{reflected_entries<E>[I].value, converted<E, I>::value}...};
}

template <class E>
constexpr auto entries() noexcept {
  if constexpr (has_meta_enumerators<E>) {
    constexpr std::size_t n = std::size(meta<E>::enumerators);
    std::array<reflect::enum_entry<E>, n> out{};
    for (std::size_t i = 0; i < n; ++i) out[i] = {meta<E>::enumerators[i].value, meta<E>::enumerators[i].name};
    return out;
  } else {
    (void)range_of<E>::min;  // its checks
    return reflected<E>(std::make_index_sequence<reflected_entries<E>.size()>{});
  }
}

/// True when every name of `list` is non-empty and distinct.
template <class Entries>
constexpr bool names_distinct(const Entries& list) noexcept {
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i].name.empty()) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (list[j].name == list[i].name) return false;
  }
  return true;
}

/// Throws the error of an enum value without a name (kept out of line of the callers).
[[noreturn]] inline void throw_unnamed(std::string_view type, std::string value) {
  std::string message = "enum ";
  message += type;
  message += " has no name for the value ";
  message += value;
  message += " (a value without a name is not written as a number: name every enumerator with "
             "toon::meta<";
  message += type;
  message += ">::enum_range or ::enumerators, see docs/reflection.md)";
  throw toon_error(error{error_code::invalid_enum, std::move(message)});
}

}  // namespace enum_impl

/// Names of enum E.
template <class E>
struct enum_info {
  static_assert(std::is_enum_v<E>);
  static_assert(!(has_meta_enum_range<E> && has_meta_enumerators<E>),
                "toon: toon::meta<E> of this enum declares both `enumerators` and `enum_range`; keep one "
                "(`enumerators` lists every name, `enum_range` is where reflected names are looked for)");
  /// Every (value, name) pair, in the order of meta<E>::enumerators or of increasing value.
  static constexpr auto entries = enum_impl::entries<E>();
  static_assert(entries.size() > 0,
                "toon: enum has no reflectable enumerators (probed: [-128, 255] or toon::meta<E>::enum_range, "
                "powers of two, all-ones masks, the underlying type's limits); list them in "
                "toon::meta<E>::enumerators or set toon::meta<E>::enum_range");
  static_assert(enum_impl::names_distinct(entries),
                "toon: two enumerators of this enum have the same name (in toon::meta<E>::enumerators, or "
                "after toon::meta<E>::naming), or one has an empty name");

  /// The name of `e`; empty when `e` has none.
  static constexpr std::string_view name_of(E e) noexcept {
    for (const auto& entry : entries)
      if (entry.value == e) return entry.name;
    return {};
  }

  /// The name of `e`; throws toon::toon_error (code invalid_enum) when `e` has none.
  static std::string_view name_or_throw(E e) {
    const std::string_view name = name_of(e);
    if (name.empty()) [[unlikely]]
      enum_impl::throw_unnamed(reflect::type_name_v<E>, std::to_string(reflect::detail::wide_value(e)));
    return name;
  }

  /// The value named `name`, if any.
  static constexpr std::optional<E> from_name(std::string_view name) noexcept {
    for (const auto& entry : entries)
      if (entry.name == name) return entry.value;
    return std::nullopt;
  }

  /// The enumerator whose underlying value is `v` (a signed or unsigned 64-bit integer), if it
  /// has a name.
  template <class I>
  static constexpr std::optional<E> from_number(I v) noexcept {
    for (const auto& entry : entries)
      if (std::cmp_equal(reflect::detail::wide_value(entry.value), v)) return entry.value;
    return std::nullopt;
  }
};

}  // namespace toon::detail
