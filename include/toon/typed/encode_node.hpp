// toon/typed/encode_node.hpp - what a typed value is at run time, for encoding.
//
// visit_node() looks through the indirections of the mapping table (proxies, optionals, smart
// pointers, variants, toon::value) and calls a visitor with the concrete node a value stands
// for: a primitive, an array-like (sequence, set, std::array, tuple), an object-like (object
// type, string map, or a tagged object alternative of a variant), or a dynamic toon::array /
// toon::object. It never allocates (a proxy's to_proxy() may).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "toon/detail/timestamp.hpp"
#include "toon/meta.hpp"
#include "toon/reflect/type_name.hpp"
#include "toon/typed/encode_keys.hpp"
#include "toon/typed/enum_info.hpp"
#include "toon/typed/object_info.hpp"
#include "toon/typed/shape.hpp"
#include "toon/typed/type_kind.hpp"
#include "toon/typed/variant_tag.hpp"
#include "toon/value.hpp"

namespace toon::detail {

/// An object alternative of a std::variant: written as an object whose first field is the tag.
template <class Alt>
struct tagged_ref {
  const Alt& object;
};

template <class T>
struct is_tagged_ref : std::false_type {};
template <class Alt>
struct is_tagged_ref<tagged_ref<Alt>> : std::true_type {};

/// The digits of a toon::value big integer, as a primitive node.
struct big_integer_ref {
  std::string_view digits;
};

/// Category of a concrete node (the argument visit_node() passes to its visitor).
enum class node_category : unsigned char { primitive, array, object, dynamic };

/// The category of concrete node type N.
template <class N>
constexpr node_category category_of() noexcept {
  if constexpr (is_tagged_ref<N>::value) {
    return node_category::object;
  } else if constexpr (std::is_same_v<N, big_integer_ref>) {
    return node_category::primitive;
  } else {
    constexpr type_kind k = type_kind_v<N>;
    if constexpr (is_primitive_kind(k)) return node_category::primitive;
    else if constexpr (k == type_kind::sequence || k == type_kind::set ||
                       k == type_kind::fixed_array || k == type_kind::tuple)
      return node_category::array;
    else if constexpr (k == type_kind::map || k == type_kind::object) return node_category::object;
    else return node_category::dynamic;  // toon::array, toon::object
  }
}

/// The kind_mask() bit of concrete node type N.
template <class N>
constexpr unsigned node_kind() noexcept {
  constexpr node_category c = category_of<N>();
  if constexpr (c == node_category::primitive) return kind_primitive;
  else if constexpr (c == node_category::array) return kind_array;
  else if constexpr (c == node_category::object) return kind_object;
  else if constexpr (std::is_same_v<N, array>) return kind_array;
  else return kind_object;
}

/// Calls `f(node)` with the concrete node `x` stands for (see the file comment): an empty
/// optional or pointer gives nullptr; an object alternative of a variant gives tagged_ref.
template <class T, class F>
void visit_node(const T& x, F&& f) {
  constexpr type_kind k = type_kind_v<T>;
  if constexpr (std::is_same_v<T, value>) {
    switch (x.type()) {
      case value::kind::null: f(nullptr); return;
      case value::kind::boolean: f(x.as_bool()); return;
      case value::kind::integer: f(x.as_int64()); return;
      case value::kind::uinteger: f(x.as_uint64()); return;
      case value::kind::real: f(x.as_double()); return;
      case value::kind::big_integer: f(big_integer_ref{x.as_big_integer().digits}); return;
      case value::kind::string: f(x.as_string()); return;
      case value::kind::array: f(x.as_array()); return;
      case value::kind::object: f(x.as_object()); return;
    }
  } else if constexpr (k == type_kind::proxy) {
    auto&& returned = meta<T>::to_proxy(x);
    const typename meta<T>::proxy& p = returned;
    visit_node(p, f);
  } else if constexpr (k == type_kind::optional || k == type_kind::pointer) {
    if (x) visit_node(*x, f);
    else f(nullptr);
  } else if constexpr (k == type_kind::variant) {
    std::visit(
        [&](const auto& alt) {
          using A = std::remove_cvref_t<decltype(alt)>;
          if constexpr (type_kind_v<A> == type_kind::object) f(tagged_ref<A>{alt});
          else visit_node(alt, f);
        },
        x);
  } else if constexpr (k == type_kind::unsupported) {
    static_assert(supported<T>());
  } else {
    f(x);
  }
}

/// The kind (kind_primitive, kind_array or kind_object) of `x` at run time.
template <class T>
unsigned runtime_kind(const T& x) {
  constexpr unsigned mask = kind_mask<T>();
  if constexpr (mask == kind_primitive || mask == kind_array || mask == kind_object) {
    return mask;
  } else {
    unsigned kind = 0;
    visit_node(x, [&](const auto& n) { kind = node_kind<std::remove_cvref_t<decltype(n)>>(); });
    return kind;
  }
}

/// True when `x` is an object without members at run time.
template <class T>
bool is_empty_object(const T& x) {
  bool empty = false;
  visit_node(x, [&](const auto& n) {
    using N = std::remove_cvref_t<decltype(n)>;
    if constexpr (is_tagged_ref<N>::value) empty = false;
    else if constexpr (std::is_same_v<N, object>) empty = n.empty();
    else if constexpr (category_of<N>() != node_category::object) empty = false;
    else if constexpr (type_kind_v<N> == type_kind::map) empty = n.empty();
    else empty = object_info<N>::size == 0;
  });
  return empty;
}

// ---- Array-likes ------------------------------------------------------------------------------

/// Number of elements of an array-like node.
template <class A>
std::size_t element_count(const A& a) noexcept {
  if constexpr (type_kind_v<A> == type_kind::tuple) return std::tuple_size_v<A>;
  else return a.size();
}

/// Calls `f(element)` for each element of an array-like node, in order.
template <class A, class F>
void for_each_element(const A& a, F&& f) {
  if constexpr (type_kind_v<A> == type_kind::tuple) {
    std::apply([&](const auto&... e) { (f(e), ...); }, a);
  } else {
    for (const auto& e : a) f(e);
  }
}

/// True when every element type of array-like A has kind mask `mask` (false for an empty
/// tuple type).
template <class A>
constexpr bool elements_have_mask(unsigned mask) noexcept {
  if constexpr (type_kind_v<A> == type_kind::tuple) {
    return []<std::size_t... I>([[maybe_unused]] unsigned m, std::index_sequence<I...>) {
      return sizeof...(I) > 0 && ((kind_mask<std::tuple_element_t<I, A>>() == m) && ...);
    }(mask, std::make_index_sequence<std::tuple_size_v<A>>{});
  } else {
    return kind_mask<typename A::value_type>() == mask;
  }
}

/// True when every element of an array-like node is a primitive at run time (true if empty).
template <class A>
bool all_primitive_elements(const A& a) {
  if constexpr (std::is_same_v<A, array>) {
    for (const value& v : a)
      if (!v.is_primitive()) return false;
    return true;
  } else if constexpr (elements_have_mask<A>(kind_primitive)) {
    return true;
  } else {
    bool all = true;
    for_each_element(a, [&](const auto& e) { all = all && runtime_kind(e) == kind_primitive; });
    return all;
  }
}

// ---- Object-likes -----------------------------------------------------------------------------

/// Name of member I of object type O, as a key_text name type.
template <class O, std::size_t I>
struct member_name {
  static constexpr std::string_view value = object_info<O>::names[I];
};

/// Tag key of object alternative A of a variant, as a key_text name type.
template <class A>
struct tag_name {
  static constexpr std::string_view value = tag_key_of<A>();
};

/// Calls `f(key, value, first)` for each member of an object-like node, in order: `key` is a
/// static_key, or a runtime_key for a map; `first` is std::true_type / std::false_type when
/// known at compile time, else a bool.
template <class O, class F>
void for_each_member(const O& o, F&& f) {
  if constexpr (is_tagged_ref<O>::value) {
    using A = std::remove_cvref_t<decltype(o.object)>;
    f(static_key<tag_name<A>>{}, tag_of<A>(), std::true_type{});
    for_each_member_index<A>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      f(static_key<member_name<A, I>>{}, object_info<A>::template get<I>(o.object),
        std::false_type{});
    });
  } else if constexpr (type_kind_v<O> == type_kind::map) {
    bool first = true;
    for (const auto& [k, v] : o) {
      f(runtime_key{k}, v, first);
      first = false;
    }
  } else {
    for_each_member_index<O>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      f(static_key<member_name<O, I>>{}, object_info<O>::template get<I>(o),
        std::bool_constant<I == 0>{});
    });
  }
}

/// Number of members of an object-like node.
template <class O>
std::size_t member_count(const O& o) noexcept {
  if constexpr (is_tagged_ref<O>::value)
    return 1 + object_info<std::remove_cvref_t<decltype(o.object)>>::size;
  else if constexpr (type_kind_v<O> == type_kind::map) return o.size();
  else return object_info<O>::size;
}

// ---- Primitives -------------------------------------------------------------------------------

/// The timestamp of a system_clock time point, floored to whole nanoseconds.
template <class D>
timestamp timestamp_of(std::chrono::time_point<std::chrono::system_clock, D> tp) noexcept {
  using namespace std::chrono;
  const auto since = tp.time_since_epoch();
  const auto whole = floor<seconds>(since);
  const auto fraction = floor<nanoseconds>(since - whole);
  return {static_cast<std::int64_t>(whole.count()), static_cast<std::uint32_t>(fraction.count())};
}

/// The string a string-kind primitive holds (for a null const char*: none, it is written null).
template <class S>
constexpr std::string_view string_of(const S& s) noexcept {
  if constexpr (std::is_pointer_v<S>) return s ? std::string_view(s) : std::string_view();
  else return std::string_view(s);
}

}  // namespace toon::detail
