// toon/meta.hpp - the customization point of the typed layer: toon::meta<T>.
//
// Specialize toon::meta<T> (in namespace toon, or as `template <> struct toon::meta<T>`) to
// change how T maps to TOON. Every member is optional; use only those you need:
//
//   template <> struct toon::meta<user> {
//     static constexpr toon::naming naming = toon::naming::camel_case;  // policy for all fields
//     static constexpr toon::renamed rename[] = {{"user_id", "id"}};   // explicit names
//     static constexpr std::string_view skip[] = {"cache"};            // fields left out
//   };
//
// Precedence for a field's name: explicit `rename` > `naming` policy > the reflected name.
//
// Which fields must be present when decoding: every field except std::optional, smart pointers
// and those listed in `defaulted` (absent ones keep the value T{} gives them):
//     static constexpr std::string_view defaulted[] = {"retries"};
// or, for every field of the type at once (the initializers are the defaults):
//     static constexpr bool all_defaulted = true;
// decode_options::all_defaulted does the same for every type of one decode call. Schemas agree
// (toon::schema_of): such fields are not required, and state T{}'s value when it is a primitive.
//
// Other members:
//   - `fields`: a tuple of toon::field("name", &T::member) listing the members of a class that
//     is not an aggregate (private members: befriend the specialization); replaces reflection.
//   - `enumerators` (enums): toon::enumerator<E>{E::value, "name"}... replaces reflected names.
//   - `enum_range` (enums): `static constexpr auto enum_range = std::pair{-1000, 1000};` the
//     values probed for reflected enumerator names, instead of [-128, 255] (powers of two,
//     all-ones masks and the underlying type's limits are probed in any case). Every
//     enumerator must be found one way or the other: a value without a name is an error when
//     encoding (toon::toon_error, invalid_enum) and when decoding. See docs/reflection.md.
//   - `proxy`, `to_proxy`, `from_proxy`: T is written as another supported type:
//       using proxy = std::string;
//       static std::string to_proxy(const T&);
//       static toon::result<T> from_proxy(std::string&&);   // an error becomes a decode error
//   - `tag` (object alternatives of a std::variant): the value of the tag field, default the
//     type's unqualified name; `tag_key` (on the alternative): the tag field, default "type".
//   - `description` (and `field_descriptions`): human-readable text for schemas.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <array>
#include <concepts>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace toon {

/// Customization point; see the file comment. The primary template is empty.
template <class T>
struct meta {};

/// Naming policy applied to reflected field names (and enumerator names). Input names may be
/// snake_case, camelCase, PascalCase or kebab-case; words split at '_', '-' and lower-to-upper
/// case changes.
enum class naming : unsigned char {
  as_is,        ///< the name as written in the source
  camel_case,   ///< userId
  pascal_case,  ///< UserId
  snake_case,   ///< user_id
  kebab_case,   ///< user-id
  upper_snake,  ///< USER_ID
};

/// An explicit field name: `field` is the C++ member name, `name` the name in TOON.
struct renamed {
  std::string_view field;
  std::string_view name;
};

/// An explicit enumerator name for toon::meta<E>::enumerators.
template <class E>
struct enumerator {
  E value;
  std::string_view name;
};

/// A description of one field, for toon::meta<T>::field_descriptions.
struct field_description {
  std::string_view field;
  std::string_view description;
};

/// One member of a class listed in toon::meta<T>::fields.
template <class Class, class Member>
struct field_ref {
  std::string_view name;
  Member Class::*pointer;
};

/// Makes a toon::meta<T>::fields entry: toon::field("name", &T::member).
template <class Class, class Member>
constexpr field_ref<Class, Member> field(std::string_view name, Member Class::*pointer) noexcept {
  return {name, pointer};
}

// ---- detection of meta members (used by the typed layer) --------------------------------------

namespace detail {

template <class T>
concept has_meta_fields = requires { std::tuple_size<std::remove_cvref_t<decltype(meta<T>::fields)>>::value; };

template <class T>
concept has_meta_rename = requires { std::size(meta<T>::rename); meta<T>::rename[0].field; };

template <class T>
concept has_meta_skip = requires { std::string_view(meta<T>::skip[0]); std::size(meta<T>::skip); };

template <class T>
concept has_meta_defaulted = requires { std::string_view(meta<T>::defaulted[0]); std::size(meta<T>::defaulted); };

template <class T>
concept has_meta_all_defaulted = requires { { meta<T>::all_defaulted } -> std::convertible_to<bool>; };

/// Whether T's field (C++ name `source`, TOON name `name`) may be absent when decoding because
/// of meta<T>::all_defaulted or meta<T>::defaulted (optionals and pointers aside).
template <class T>
constexpr bool meta_defaulted_field(std::string_view source, std::string_view name) noexcept {
  if constexpr (has_meta_all_defaulted<T>) {
    if (static_cast<bool>(meta<T>::all_defaulted)) return true;
  }
  if constexpr (has_meta_defaulted<T>) {
    for (std::string_view s : meta<T>::defaulted)
      if (s == source || s == name) return true;
  }
  return false;
}

template <class T>
concept has_meta_naming = requires { { meta<T>::naming } -> std::convertible_to<naming>; };

template <class T>
concept has_meta_enumerators = requires { std::size(meta<T>::enumerators); meta<T>::enumerators[0].name; };

template <class T>
concept has_meta_enum_range = requires {
  { meta<T>::enum_range.first } -> std::convertible_to<long long>;
  { meta<T>::enum_range.second } -> std::convertible_to<long long>;
};

template <class T>
concept has_meta_proxy = requires(const T& t) {
  typename meta<T>::proxy;
  { meta<T>::to_proxy(t) } -> std::convertible_to<typename meta<T>::proxy>;
  meta<T>::from_proxy(std::declval<typename meta<T>::proxy&&>());
};

template <class T>
concept has_meta_tag = requires { std::string_view(meta<T>::tag); };

template <class T>
concept has_meta_tag_key = requires { std::string_view(meta<T>::tag_key); };

template <class T>
concept has_meta_description = requires { std::string_view(meta<T>::description); };

template <class T>
concept has_meta_field_descriptions = requires { std::size(meta<T>::field_descriptions); meta<T>::field_descriptions[0].description; };

}  // namespace detail

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
