// toon/typed/enum_info.hpp - the names enums are written with.
//
// Names come from toon::meta<E>::enumerators when present, else from the reflected enumerator
// names (toon/reflect/enum_names.hpp) converted by meta<E>::naming.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>

#include "toon/meta.hpp"
#include "toon/reflect/enum_names.hpp"
#include "toon/reflect/naming.hpp"

namespace toon::detail {

namespace enum_impl {

template <class E>
constexpr naming naming_of() noexcept {
  if constexpr (has_meta_naming<E>) return meta<E>::naming;
  else return naming::as_is;
}

template <class E, std::size_t I>
struct converted {
  static constexpr std::string_view source = reflect::enum_entries_v<E>[I].name;
  static constexpr std::size_t length = reflect::converted_length(naming_of<E>(), source);
  static constexpr std::array<char, length> chars = reflect::convert_name<length>(naming_of<E>(), source);
  static constexpr std::string_view value{chars.data(), length};
};

template <class E, std::size_t... I>
constexpr auto reflected(std::index_sequence<I...>) noexcept {
  if constexpr (naming_of<E>() == naming::as_is)
    return std::array<reflect::enum_entry<E>, sizeof...(I)>{reflect::enum_entries_v<E>[I]...};
  else
    return std::array<reflect::enum_entry<E>, sizeof...(I)>{
        reflect::enum_entry<E>{reflect::enum_entries_v<E>[I].value, converted<E, I>::value}...};
}

template <class E>
constexpr auto entries() noexcept {
  if constexpr (has_meta_enumerators<E>) {
    constexpr std::size_t n = std::size(meta<E>::enumerators);
    std::array<reflect::enum_entry<E>, n> out{};
    for (std::size_t i = 0; i < n; ++i) out[i] = {meta<E>::enumerators[i].value, meta<E>::enumerators[i].name};
    return out;
  } else {
    return reflected<E>(std::make_index_sequence<reflect::enum_entries_v<E>.size()>{});
  }
}

}  // namespace enum_impl

/// Names of enum E.
template <class E>
struct enum_info {
  static_assert(std::is_enum_v<E>);
  /// Every (value, name) pair, in the order of meta<E>::enumerators or of increasing value.
  static constexpr auto entries = enum_impl::entries<E>();
  static_assert(entries.size() > 0,
                "toon: enum has no reflectable enumerators in [-128, 255]; list them in "
                "toon::meta<E>::enumerators");

  /// The name of `e`; empty when `e` has none.
  static constexpr std::string_view name_of(E e) noexcept {
    for (const auto& entry : entries)
      if (entry.value == e) return entry.name;
    return {};
  }

  /// The value named `name`, if any.
  static constexpr std::optional<E> from_name(std::string_view name) noexcept {
    for (const auto& entry : entries)
      if (entry.name == name) return entry.value;
    return std::nullopt;
  }
};

}  // namespace toon::detail
