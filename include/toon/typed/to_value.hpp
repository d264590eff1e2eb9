// toon/typed/to_value.hpp - toon::to_value(x): the toon::value a typed value stands for, and
// toon::to_json(x): its JSON text.
//
// Follows the mapping table of the typed layer (docs/reflection.md): toon::encode(x, options)
// writes exactly toon::encode(toon::to_value(x), options).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cmath>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "toon/detail/timestamp.hpp"
#include "toon/json.hpp"
#include "toon/typed/encode_node.hpp"
#include "toon/typed/enum_info.hpp"
#include "toon/typed/object_info.hpp"
#include "toon/typed/type_kind.hpp"
#include "toon/value.hpp"

namespace toon {

namespace detail {

/// to_value() of any supported type, and of tagged variant alternatives (tag field first).
template <class T>
value to_value_of(const T& x) {
  if constexpr (is_tagged_ref<T>::value) {
    using A = std::remove_cvref_t<decltype(x.object)>;
    object o;
    o.reserve(1 + object_info<A>::size);
    o.emplace_back(std::string(tag_key_of<A>()), value(std::string(tag_of<A>())));
    for_each_member_index<A>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      o.emplace_back(std::string(object_info<A>::names[I]),
                     to_value_of(object_info<A>::template get<I>(x.object)));
    });
    return value(std::move(o));
  } else {
    constexpr type_kind k = type_kind_v<T>;
    if constexpr (k == type_kind::unsupported) {
      static_assert(supported<T>());
      return value();
    } else if constexpr (k == type_kind::dynamic) {
      return value(x);
    } else if constexpr (k == type_kind::proxy) {
      auto&& returned = meta<T>::to_proxy(x);
      const typename meta<T>::proxy& p = returned;
      return to_value_of(p);
    } else if constexpr (k == type_kind::null) {
      return value();
    } else if constexpr (k == type_kind::boolean) {
      return value(static_cast<bool>(x));
    } else if constexpr (k == type_kind::character) {
      return value(std::string(1, x));
    } else if constexpr (k == type_kind::integer) {
      return value(x);
    } else if constexpr (k == type_kind::floating) {
      const double d = static_cast<double>(x);
      return std::isfinite(d) ? value(d) : value();
    } else if constexpr (k == type_kind::string) {
      if constexpr (std::is_pointer_v<T>) {
        if (!x) return value();
      }
      return value(std::string(string_of(x)));
    } else if constexpr (k == type_kind::enumeration) {
      return value(std::string(enum_info<T>::name_or_throw(x)));  // never a number
    } else if constexpr (k == type_kind::time_point) {
      char buf[max_timestamp_chars];
      return value(std::string(buf, format_timestamp(buf, timestamp_of(x))));
    } else if constexpr (k == type_kind::optional || k == type_kind::pointer) {
      return x ? to_value_of(*x) : value();
    } else if constexpr (k == type_kind::sequence || k == type_kind::set ||
                         k == type_kind::fixed_array || k == type_kind::tuple) {
      array a;
      a.reserve(element_count(x));
      for_each_element(x, [&](const auto& e) { a.push_back(to_value_of(e)); });
      return value(std::move(a));
    } else if constexpr (k == type_kind::map) {
      object o;
      o.reserve(x.size());
      for (const auto& [key, v] : x) o.emplace_back(key, to_value_of(v));
      return value(std::move(o));
    } else if constexpr (k == type_kind::variant) {
      return std::visit(
          [](const auto& alt) {
            using A = std::remove_cvref_t<decltype(alt)>;
            if constexpr (type_kind_v<A> == type_kind::object)
              return to_value_of(tagged_ref<A>{alt});
            else
              return to_value_of(alt);
          },
          x);
    } else {  // object
      object o;
      o.reserve(object_info<T>::size);
      for_each_member_index<T>([&](auto i) {
        constexpr std::size_t I = decltype(i)::value;
        o.emplace_back(std::string(object_info<T>::names[I]),
                       to_value_of(object_info<T>::template get<I>(x)));
      });
      return value(std::move(o));
    }
  }
}

}  // namespace detail

/// The toon::value that `x` maps to (docs/reflection.md, the mapping table): objects keep
/// their member order, an empty optional or pointer is a null member (not omitted), an object
/// alternative of a variant gets its tag as its first member, NaN and infinities are null.
/// toon::encode(x, o) == toon::encode(toon::to_value(x), o) for every x and o. Throws
/// toon::toon_error (code invalid_enum) for an enum value that has no name.
template <class T>
[[nodiscard]] value to_value(const T& x) {
  static_assert(detail::supported<T>());
  if constexpr (detail::type_kind_v<T> == detail::type_kind::unsupported) return value();
  else return detail::to_value_of(x);
}

/// `x` as JSON text: to_json(to_value(x), options), for any type the typed encoder accepts
/// (member order kept, empty optionals and pointers as null members, enums by name, time
/// points as ISO 8601 strings). Types convertible to toon::value (numbers, strings,
/// toon::object, ...) take the to_json(const value&) overload. Throws toon::toon_error
/// (invalid_enum) for an enum value that has no name.
template <class T>
  requires(!std::is_convertible_v<const T&, const value&>)
[[nodiscard]] std::string to_json(const T& x, const json_options& options = {}) {
  static_assert(detail::supported<T>());
  return to_json(toon::to_value(x), options);
}

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
