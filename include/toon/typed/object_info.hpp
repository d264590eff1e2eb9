// toon/typed/object_info.hpp - the encoded members of an object type, at compile time.
//
// object_info<T> lists the members T is written with: their final names (explicit rename >
// naming policy > reflected name) and accessors. Sources: toon::meta<T>::fields for classes
// that list their members, else Boost.PFR over an aggregate with our reflected names, minus
// the fields in meta<T>::skip. Misspelt rename/skip entries and duplicate names fail to compile.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include <boost/pfr/core.hpp>

#include "toon/meta.hpp"
#include "toon/reflect/field_names.hpp"
#include "toon/reflect/naming.hpp"

namespace toon::detail {

/// Classes written as TOON objects: aggregates (reflected) and classes with meta<T>::fields.
/// Types with a proxy are written as their proxy instead.
template <class T>
concept object_type = !has_meta_proxy<T> && std::is_class_v<T> &&
                      (has_meta_fields<T> || reflect::reflectable_v<T>);

namespace object_impl {

template <class T>
constexpr naming naming_of() noexcept {
  if constexpr (has_meta_naming<T>) return meta<T>::naming;
  else return naming::as_is;
}

template <class T>
constexpr bool is_skipped(std::string_view name) noexcept {
  if constexpr (has_meta_skip<T>) {
    for (std::string_view s : meta<T>::skip)
      if (s == name) return true;
  }
  return false;
}

template <class T>
constexpr bool skip_entries_exist() noexcept {
  if constexpr (has_meta_skip<T>) {
    for (std::string_view s : meta<T>::skip) {
      bool found = false;
      for (std::string_view n : reflect::field_names_v<T>) found = found || n == s;
      if (!found) return false;
    }
  }
  return true;
}

template <class T>
constexpr bool rename_entries_exist() noexcept {
  if constexpr (has_meta_rename<T>) {
    for (const auto& r : meta<T>::rename) {
      bool found = false;
      for (std::string_view n : reflect::field_names_v<T>) found = found || n == r.field;
      if (!found) return false;
    }
  }
  return true;
}

template <class T>
constexpr std::size_t kept_count() noexcept {
  std::size_t n = 0;
  for (std::string_view name : reflect::field_names_v<T>) n += is_skipped<T>(name) ? 0u : 1u;
  return n;
}

// Physical (PFR) index of each kept member.
template <class T>
constexpr auto kept_indices() noexcept {
  std::array<std::size_t, kept_count<T>()> out{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < reflect::field_names_v<T>.size(); ++i)
    if (!is_skipped<T>(reflect::field_names_v<T>[i])) out[n++] = i;
  return out;
}

template <class T>
constexpr std::string_view explicit_name(std::string_view field) noexcept {
  if constexpr (has_meta_rename<T>) {
    for (const auto& r : meta<T>::rename)
      if (r.field == field) return r.name;
  }
  return {};
}

// Storage for a name produced by the naming policy.
template <class T, std::size_t Physical>
struct policy_name {
  static constexpr std::string_view source = reflect::field_names_v<T>[Physical];
  static constexpr std::size_t length = reflect::converted_length(naming_of<T>(), source);
  static constexpr std::array<char, length> chars = reflect::convert_name<length>(naming_of<T>(), source);
  static constexpr std::string_view value{chars.data(), length};
};

template <class T, std::size_t Physical>
constexpr std::string_view final_name() noexcept {
  constexpr std::string_view source = reflect::field_names_v<T>[Physical];
  if constexpr (!explicit_name<T>(source).empty()) return explicit_name<T>(source);
  else if constexpr (naming_of<T>() == naming::as_is) return source;
  else return policy_name<T, Physical>::value;
}

template <std::size_t N>
constexpr bool unique_names(const std::array<std::string_view, N>& names) noexcept {
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = i + 1; j < N; ++j)
      if (names[i] == names[j]) return false;
  return true;
}

}  // namespace object_impl

/// Members of object type T (see the file comment).
template <class T>
struct object_info;

// Aggregates, reflected.
template <class T>
  requires(object_type<T> && !has_meta_fields<T>)
struct object_info<T> {
  static_assert(object_impl::skip_entries_exist<T>(),
                "toon::meta<T>::skip names a field that T does not have");
  static_assert(object_impl::rename_entries_exist<T>(),
                "toon::meta<T>::rename names a field that T does not have");

  static constexpr auto physical = object_impl::kept_indices<T>();
  /// Number of members written.
  static constexpr std::size_t size = physical.size();

 private:
  template <std::size_t... I>
  static constexpr std::array<std::string_view, size> make_names(std::index_sequence<I...>) noexcept {
    return {object_impl::final_name<T, physical[I]>()...};
  }

 public:
  /// Final names, in declaration order.
  static constexpr std::array<std::string_view, size> names = make_names(std::make_index_sequence<size>{});
  static_assert(object_impl::unique_names(names), "two fields of T have the same TOON name");

  /// The C++ member name of member I (for diagnostics).
  template <std::size_t I>
  static constexpr std::string_view source_name = reflect::field_names_v<T>[physical[I]];

  /// Member I of `object`.
  template <std::size_t I>
  static constexpr decltype(auto) get(T& object) noexcept {
    return boost::pfr::get<physical[I]>(object);
  }
  template <std::size_t I>
  static constexpr decltype(auto) get(const T& object) noexcept {
    return boost::pfr::get<physical[I]>(object);
  }
  /// Type of member I.
  template <std::size_t I>
  using type = std::remove_cvref_t<decltype(boost::pfr::get<physical[I]>(std::declval<T&>()))>;
};

// Classes listing their members in meta<T>::fields.
template <class T>
  requires(object_type<T> && has_meta_fields<T>)
struct object_info<T> {
  static constexpr std::size_t size = std::tuple_size_v<std::remove_cvref_t<decltype(meta<T>::fields)>>;

 private:
  template <std::size_t... I>
  static constexpr std::array<std::string_view, size> make_names(std::index_sequence<I...>) noexcept {
    return {std::get<I>(meta<T>::fields).name...};
  }

 public:
  static constexpr std::array<std::string_view, size> names = make_names(std::make_index_sequence<size>{});
  static_assert(object_impl::unique_names(names), "two entries of toon::meta<T>::fields have the same name");

  template <std::size_t I>
  static constexpr std::string_view source_name = names[I];

  template <std::size_t I>
  static constexpr decltype(auto) get(T& object) noexcept {
    return object.*(std::get<I>(meta<T>::fields).pointer);
  }
  template <std::size_t I>
  static constexpr decltype(auto) get(const T& object) noexcept {
    return object.*(std::get<I>(meta<T>::fields).pointer);
  }
  template <std::size_t I>
  using type = std::remove_cvref_t<decltype(std::declval<T&>().*(std::get<I>(meta<T>::fields).pointer))>;
};

/// Calls f(std::integral_constant<std::size_t, I>{}) for every member index of T, in order.
template <class T, class F>
constexpr void for_each_member_index(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (f(std::integral_constant<std::size_t, I>{}), ...);
  }(std::make_index_sequence<object_info<T>::size>{});
}

}  // namespace toon::detail
