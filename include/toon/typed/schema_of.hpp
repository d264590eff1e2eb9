// toon/typed/schema_of.hpp - typed-param schemas derived from C++ types (docs/typed-params.md).
//
//   toon::schema_of<args>()     the schema (toon::schema) of argument struct `args`
//   toon::typed_params<args>()  its typed-param text, e.g. `path:string! line:int tags:string[]`
//   toon::json_schema<args>()   its JSON Schema 2020-12 (a toon::value), for MCP `inputSchema`
//
// One source of truth: the same mapping as typed encoding and decoding (docs/reflection.md),
// so a value that validates against schema_of<T>() decodes into T and vice versa. Field names
// are the TOON names (meta<T> rename and naming apply); a field is required unless it is an
// optional, a smart pointer, listed in meta<T>::defaulted or of a type with
// meta<T>::all_defaulted — then its default is the value T{} gives it, when that is a
// primitive (a defaulted array, map or struct, an unnamed enum value, NaN state no default).
// schema_of<T>(decode_options) matches decode_options::all_defaulted. Descriptions come from
// meta<T>::description and meta<T>::field_descriptions.
//
// The schema is built once per type, on first use, and cached (thread-safe static).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "toon/meta.hpp"
#include "toon/options.hpp"
#include "toon/schema.hpp"
#include "toon/typed/enum_info.hpp"
#include "toon/typed/object_info.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/typed/type_kind.hpp"
#include "toon/typed/variant_tag.hpp"

namespace toon {

namespace detail {

/// Recursive types (a struct holding a vector of itself) are cut at this depth: deeper levels
/// are described as a plain `object` / `any`.
inline constexpr int max_schema_depth = 16;

template <class T>
param_type param_type_of(int depth, bool all_defaulted);

/// The default a schema states for a defaulted field holding `x`: its value when that is a
/// primitive the field's type admits. None for an enum value without a name (T{} of an enum
/// whose enumerators all differ from 0), a NaN or infinity (written null), arrays and objects.
template <class F>
std::optional<value> stated_default(const F& x) {
  constexpr type_kind k = type_kind_v<F>;
  if constexpr (k == type_kind::enumeration) {
    const std::string_view name = enum_info<F>::name_of(x);
    if (name.empty()) return std::nullopt;
    return value(std::string(name));
  } else if constexpr (k == type_kind::proxy) {
    return stated_default(static_cast<const std::remove_cvref_t<typename meta<F>::proxy>&>(meta<F>::to_proxy(x)));
  } else if constexpr (k == type_kind::null || k == type_kind::boolean || k == type_kind::integer ||
                       k == type_kind::floating || k == type_kind::character || k == type_kind::string ||
                       k == type_kind::time_point) {
    value v = to_value(x);
    if (v.is_null() && k != type_kind::null) return std::nullopt;
    return v;
  } else {
    return std::nullopt;
  }
}

template <class T>
std::string field_description_of(std::string_view source_name) {
  if constexpr (has_meta_field_descriptions<T>) {
    for (const auto& d : meta<T>::field_descriptions)
      if (d.field == source_name) return std::string(d.description);
  }
  return {};
}

template <class T>
std::string type_description_of() {
  if constexpr (has_meta_description<T>) return std::string(meta<T>::description);
  else return {};
}

// The fields of object type T (with `tag_key: enum(tag)` first when T is a variant alternative).
// `all_defaulted`: decode_options::all_defaulted (every field of every type is defaulted).
template <class T>
std::vector<param> params_of(int depth, bool tagged, bool all_defaulted) {
  std::vector<param> out;
  out.reserve(object_info<T>::size + (tagged ? 1 : 0));
  if (tagged) {
    param tag;
    tag.name = std::string(tag_key_of<T>());
    tag.type = param_type::enum_of({std::string(tag_of<T>())});
    tag.required = true;
    out.push_back(std::move(tag));
  }
  [[maybe_unused]] const T defaults{};
  for_each_member_index<T>([&](auto index) {
    constexpr std::size_t I = decltype(index)::value;
    using F = typename object_info<T>::template type<I>;
    constexpr std::string_view source = object_info<T>::template source_name<I>;
    param p;
    p.name = std::string(object_info<T>::names[I]);
    constexpr type_kind k = type_kind_v<F>;
    // An optional field is expressed by not being required; its type is the value type.
    if constexpr (k == type_kind::optional || k == type_kind::pointer) p.type = param_type_of<pointee_t<F>>(depth + 1, all_defaulted);
    else p.type = param_type_of<F>(depth + 1, all_defaulted);
    p.description = field_description_of<T>(source);
    if constexpr (k == type_kind::optional || k == type_kind::pointer) {
      p.required = false;
    } else if (all_defaulted || meta_defaulted_field<T>(source, object_info<T>::names[I])) {
      p.required = false;
      // The typed-param form states primitive defaults only (docs/typed-params.md); a
      // defaulted array, map or struct is optional with no stated default.
      p.default_value = stated_default(object_info<T>::template get<I>(defaults));
    } else {
      p.required = true;
    }
    out.push_back(std::move(p));
  });
  return out;
}

template <class T>
param_type object_type_of(int depth, bool tagged, bool all_defaulted) {
  if (depth > max_schema_depth) return param_type(param_kind::object);
  return param_type::object_with(params_of<T>(depth, tagged, all_defaulted));
}

template <class V, std::size_t... I>
param_type variant_type_of(int depth, bool all_defaulted, std::index_sequence<I...>) {
  std::vector<param_type> alternatives;
  auto add = [&]<class A>(std::type_identity<A>) {
    if constexpr (type_kind_v<A> == type_kind::object) alternatives.push_back(object_type_of<A>(depth, true, all_defaulted));
    else alternatives.push_back(param_type_of<A>(depth, all_defaulted));
  };
  (add(std::type_identity<std::variant_alternative_t<I, V>>{}), ...);
  if (alternatives.size() == 1) return std::move(alternatives.front());
  return param_type::any_of(std::move(alternatives));
}

template <class Tuple, std::size_t... I>
param_type tuple_type_of(int depth, bool all_defaulted, std::index_sequence<I...>) {
  std::vector<param_type> alternatives;
  (alternatives.push_back(param_type_of<std::tuple_element_t<I, Tuple>>(depth, all_defaulted)), ...);
  // Elements of different types: an array of their union (duplicates removed).
  std::vector<param_type> unique;
  for (param_type& t : alternatives) {
    bool seen = false;
    for (const param_type& u : unique) seen = seen || u == t;
    if (!seen) unique.push_back(std::move(t));
  }
  if (unique.size() == 1) return param_type::array_of(std::move(unique.front()));
  return param_type::array_of(param_type::any_of(std::move(unique)));
}

template <class E>
param_type enum_type_of() {
  std::vector<std::string> names;
  for (const auto& entry : enum_info<E>::entries) names.emplace_back(entry.name);
  return param_type::enum_of(std::move(names));
}

/// The param_type of C++ type T (see the file comment).
template <class T>
param_type param_type_of(int depth, bool all_defaulted) {
  static_assert(supported<T>());
  constexpr type_kind k = type_kind_v<T>;
  if (depth > max_schema_depth) return param_type(param_kind::any);
  if constexpr (k == type_kind::dynamic) {
    if constexpr (std::is_same_v<T, array>) return param_type::array_of(param_type(param_kind::any));
    else if constexpr (std::is_same_v<T, object>) return param_type(param_kind::object);
    else return param_type(param_kind::any);
  } else if constexpr (k == type_kind::proxy) {
    return param_type_of<std::remove_cvref_t<typename meta<T>::proxy>>(depth, all_defaulted);
  } else if constexpr (k == type_kind::null) {
    return param_type(param_kind::null);
  } else if constexpr (k == type_kind::boolean) {
    return param_type(param_kind::boolean);
  } else if constexpr (k == type_kind::integer) {
    // The range of a fixed-width type, as typed decoding enforces it: in the JSON Schema and
    // validation, not in the text (still `int`). 64-bit types: unsigned ones state minimum 0.
    param_type t(param_kind::integer);
    if constexpr (sizeof(T) < sizeof(std::int64_t)) {
      t.constraints.minimum = value(static_cast<std::int64_t>(std::numeric_limits<T>::min()));
      t.constraints.maximum = value(static_cast<std::int64_t>(std::numeric_limits<T>::max()));
      t.constraints.implied_range = true;
    } else if constexpr (std::is_unsigned_v<T>) {
      t.constraints.minimum = value(std::int64_t{0});
      t.constraints.implied_range = true;
    }
    return t;
  } else if constexpr (k == type_kind::floating) {
    return param_type(param_kind::number);
  } else if constexpr (k == type_kind::character || k == type_kind::string || k == type_kind::time_point) {
    return param_type(param_kind::string);
  } else if constexpr (k == type_kind::enumeration) {
    return enum_type_of<T>();
  } else if constexpr (k == type_kind::optional || k == type_kind::pointer) {
    // Outside a field (an array element, a variant alternative): the value or null.
    param_type inner = param_type_of<pointee_t<T>>(depth, all_defaulted);
    if (inner.kind == param_kind::any || inner.kind == param_kind::null) return inner;
    return param_type::any_of({std::move(inner), param_type(param_kind::null)});
  } else if constexpr (k == type_kind::sequence || k == type_kind::set || k == type_kind::fixed_array) {
    return param_type::array_of(param_type_of<std::remove_cvref_t<typename T::value_type>>(depth + 1, all_defaulted));
  } else if constexpr (k == type_kind::map) {
    return param_type(param_kind::object);
  } else if constexpr (k == type_kind::tuple) {
    return tuple_type_of<T>(depth + 1, all_defaulted, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (k == type_kind::variant) {
    return variant_type_of<T>(depth, all_defaulted, std::make_index_sequence<std::variant_size_v<T>>{});
  } else {
    static_assert(k == type_kind::object);
    return object_type_of<T>(depth, false, all_defaulted);
  }
}

}  // namespace detail

/// The typed-param schema of argument type T (an aggregate or a class with meta<T>::fields).
template <class T>
const schema& schema_of() {
  static_assert(detail::supported<T>());
  static_assert(detail::type_kind_v<T> == detail::type_kind::object,
                "toon::schema_of<T>: T must be a struct (the tool's argument type)");
  static const schema s = [] {
    schema out;
    out.params = detail::params_of<T>(0, false, false);
    out.description = detail::type_description_of<T>();
    return out;
  }();
  return s;
}

/// The schema of what toon::decode<T>(text, options) and toon::from_value<T>(v, options)
/// accept: with options.all_defaulted, no field at any depth is required (each states T{}'s
/// value where schema_of<T>() would for a defaulted field); otherwise schema_of<T>().
/// Use json_schema(schema_of<T>(options)) for its JSON Schema.
template <class T>
const schema& schema_of(const decode_options& options) {
  if (!options.all_defaulted) return schema_of<T>();
  static const schema s = [] {
    schema out;
    out.params = detail::params_of<T>(0, false, true);
    out.description = detail::type_description_of<T>();
    return out;
  }();
  return s;
}

/// The typed-param text of T: format_typed_params(schema_of<T>()).
template <class T>
const std::string& typed_params() {
  static const std::string text = format_typed_params(schema_of<T>());
  return text;
}

/// The JSON Schema 2020-12 of T: json_schema(schema_of<T>()).
template <class T>
value json_schema(const json_schema_options& options = {}) {
  return json_schema(schema_of<T>(), options);
}

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
