// toon/typed/shape.hpp - compile-time form analysis of C++ types for the typed encoder.
//
// The toon::value encoder decides the form of every array and object from its content
// (src/encode/shape.cpp). For a C++ type much of that content is fixed by the type, so the typed
// encoder decides it here, at compile time:
//   - kind_mask<T>: which JSON kinds (primitive, array, object) a T can be at run time;
//   - fixed objects: object types whose key set is fixed and whose every member is always a
//     primitive or again a fixed object. A sequence of them is always tabular, and their field
//     tree (`{a,b{c,d}}`) is computed here, as is its header text for each delimiter;
//   - never-group types: object types that can never be a tabular row or a nested field group
//     (no members, or a member that is always an array, ...);
//   - row compatibility: whether rows of two fixed object types pass tabular detection together
//     (same key set, recursively; key order may differ), as the members of a struct must for
//     the struct to be written as a keyed tabular object.
// Whatever cannot be decided here is checked at run time on the typed data, or left to the
// value encoder (see encode_forms.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "toon/detail/writer.hpp"
#include "toon/meta.hpp"
#include "toon/typed/object_info.hpp"
#include "toon/typed/type_kind.hpp"

namespace toon::detail {

/// Bits of kind_mask().
inline constexpr unsigned kind_primitive = 1;
inline constexpr unsigned kind_array = 2;
inline constexpr unsigned kind_object = 4;

/// The type a proxy chain ends at (T itself when T has no proxy).
template <class T, bool = has_meta_proxy<T>>
struct resolved {
  using type = T;
};
template <class T>
struct resolved<T, true> : resolved<std::remove_cvref_t<typename meta<T>::proxy>> {};
template <class T>
using resolved_t = typename resolved<std::remove_cvref_t<T>>::type;

/// The kinds a T can take at run time: a combination of kind_primitive, kind_array and
/// kind_object.
template <class T>
constexpr unsigned kind_mask() noexcept;

namespace shape_impl {

template <class V>
struct variant_mask;
template <class... A>
struct variant_mask<std::variant<A...>> {
  static constexpr unsigned value =
      (0u | ... | (type_kind_v<A> == type_kind::object ? kind_object : kind_mask<A>()));
};

}  // namespace shape_impl

template <class T>
constexpr unsigned kind_mask() noexcept {
  using U = std::remove_cvref_t<T>;
  constexpr type_kind k = type_kind_v<U>;
  if constexpr (std::is_same_v<U, value>) return kind_primitive | kind_array | kind_object;
  else if constexpr (std::is_same_v<U, array>) return kind_array;
  else if constexpr (std::is_same_v<U, object>) return kind_object;
  else if constexpr (k == type_kind::proxy) return kind_mask<typename meta<U>::proxy>();
  else if constexpr (is_primitive_kind(k)) return kind_primitive;
  else if constexpr (k == type_kind::optional || k == type_kind::pointer)
    return kind_primitive | kind_mask<pointee_t<U>>();
  else if constexpr (k == type_kind::sequence || k == type_kind::set ||
                     k == type_kind::fixed_array || k == type_kind::tuple)
    return kind_array;
  else if constexpr (k == type_kind::map || k == type_kind::object) return kind_object;
  else if constexpr (k == type_kind::variant) return shape_impl::variant_mask<U>::value;
  else return 0;  // unsupported: reported where the type is encoded
}

/// True when every T is a primitive.
template <class T>
inline constexpr bool always_primitive_v = kind_mask<T>() == kind_primitive;

/// The object a T is when it is an object, if that is one statically known type: T itself for
/// objects and maps, through proxies, optionals and smart pointers; void otherwise (variants,
/// toon::value, toon::object).
template <class T, type_kind K = type_kind_v<T>>
struct object_view {
  using type = void;
};
template <class T>
struct object_view<T, type_kind::object> {
  using type = T;
};
template <class T>
struct object_view<T, type_kind::map> {
  using type = T;
};
template <class T>
struct object_view<T, type_kind::proxy>
    : object_view<std::remove_cvref_t<typename meta<T>::proxy>> {};
template <class T>
struct object_view<T, type_kind::optional> : object_view<pointee_t<T>> {};
template <class T>
struct object_view<T, type_kind::pointer> : object_view<pointee_t<T>> {};
template <class T>
using object_view_t = typename object_view<std::remove_cvref_t<T>>::type;

/// Index of the member named `name` of object type T; object_info<T>::size when none.
template <class T>
constexpr std::size_t member_index(std::string_view name) noexcept {
  for (std::size_t i = 0; i < object_info<T>::size; ++i)
    if (object_info<T>::names[i] == name) return i;
  return object_info<T>::size;
}

/// Type of member I of object type T.
template <class T, std::size_t I>
using member_t = typename object_info<T>::template type<I>;

/// True when T (through proxies) is an object type with at least one member, each of which is
/// always a primitive or again a fixed object: every T then has the same non-empty key set and
/// the same field tree, so that any number of them form tabular rows.
template <class T>
constexpr bool is_fixed_object() noexcept {
  using R = resolved_t<T>;
  if constexpr (type_kind_v<R> != type_kind::object) {
    return false;
  } else if constexpr (object_info<R>::size == 0) {
    return false;
  } else {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return ((always_primitive_v<member_t<R, I>> || is_fixed_object<member_t<R, I>>()) && ...);
    }(std::make_index_sequence<object_info<R>::size>{});
  }
}

template <class T>
constexpr bool never_group() noexcept;

/// True when a member of type M makes every row holding it fail tabular detection: it is
/// always an array, or always an object that can never be a field group.
template <class M>
constexpr bool never_cell() noexcept {
  constexpr unsigned mask = kind_mask<M>();
  if constexpr (mask == kind_array) {
    return true;
  } else if constexpr (mask == kind_object && !std::is_void_v<object_view_t<M>>) {
    return never_group<object_view_t<M>>();
  } else {
    return false;
  }
}

/// True when an object of type T (an object type or a string map) can never be a tabular row
/// or a nested field group: it has no members, or one of them is never a cell; for a map,
/// its values are never cells (an empty map fails too).
template <class T>
constexpr bool never_group() noexcept {
  using R = resolved_t<T>;
  if constexpr (type_kind_v<R> == type_kind::object) {
    if constexpr (object_info<R>::size == 0) {
      return true;
    } else {
      return []<std::size_t... I>(std::index_sequence<I...>) {
        return (never_cell<member_t<R, I>>() || ...);
      }(std::make_index_sequence<object_info<R>::size>{});
    }
  } else if constexpr (type_kind_v<R> == type_kind::map) {
    return never_cell<typename R::mapped_type>();
  } else {
    return false;
  }
}

template <class A, class B>
constexpr bool rows_compatible() noexcept;

namespace shape_impl {

// Member I of fixed object A against the member of fixed object B with the same name.
template <class A, class B, std::size_t I>
constexpr bool member_compatible() noexcept {
  constexpr std::size_t j = member_index<B>(object_info<A>::names[I]);
  if constexpr (j == object_info<B>::size) {
    return false;
  } else {
    using MA = member_t<A, I>;
    using MB = member_t<B, j>;
    if constexpr (always_primitive_v<MA>) return always_primitive_v<MB>;
    else if constexpr (always_primitive_v<MB>) return false;
    else return rows_compatible<resolved_t<MA>, resolved_t<MB>>();
  }
}

}  // namespace shape_impl

/// For fixed object types A and B: true when rows of type A followed by rows of type B pass
/// tabular detection (same key sets, and each column primitive in both or a compatible nested
/// group in both). The field tree is then A's.
template <class A, class B>
constexpr bool rows_compatible() noexcept {
  using RA = resolved_t<A>;
  using RB = resolved_t<B>;
  if constexpr (std::is_same_v<RA, RB>) {
    return true;
  } else if constexpr (object_info<RA>::size != object_info<RB>::size) {
    return false;
  } else {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (shape_impl::member_compatible<RA, RB, I>() && ...);
    }(std::make_index_sequence<object_info<RA>::size>{});
  }
}

/// The verdict of tabular detection for rows that are all objects, when it depends on types only.
enum class rows_verdict : unsigned char {
  tabular,  ///< always passes: the header is that of the first row type
  list,     ///< always fails
  unknown,  ///< depends on the content: decided at run time
};

/// Header (field tree) type of rows whose object views are OV... (all objects at run time):
/// the first row type when all are fixed objects compatible with it, else void.
template <class... OV>
struct rows_header {
  using type = void;
};
template <class First, class... Rest>
  requires((!std::is_void_v<First> && ... && !std::is_void_v<Rest>) && is_fixed_object<First>() &&
           (is_fixed_object<Rest>() && ...) && (rows_compatible<First, Rest>() && ...))
struct rows_header<First, Rest...> {
  using type = resolved_t<First>;
};
template <class... OV>
using rows_header_t = typename rows_header<OV...>::type;

namespace shape_impl {

template <class OV>
constexpr bool known_never_group() noexcept {
  if constexpr (std::is_void_v<OV>) return false;
  else return never_group<OV>();
}

}  // namespace shape_impl

/// Tabular verdict for rows with object views OV... (each void when unknown), all of which are
/// objects at run time.
template <class... OV>
constexpr rows_verdict static_rows_verdict() noexcept {
  if constexpr (!std::is_void_v<rows_header_t<OV...>>) return rows_verdict::tabular;
  else if constexpr ((shape_impl::known_never_group<OV>() || ...)) return rows_verdict::list;
  else if constexpr ((std::is_void_v<OV> || ...)) return rows_verdict::unknown;
  else if constexpr ((is_fixed_object<OV>() && ...)) return rows_verdict::list;  // incompatible
  else return rows_verdict::unknown;
}

// ---- Field trees and header text ------------------------------------------------------------

/// True when `key` is written without quotes as a key or field name (§7.3); constexpr
/// counterpart of !key_needs_quotes().
constexpr bool key_is_plain(std::string_view key) noexcept {
  if (key.empty()) return false;
  const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (!alpha(key.front()) && key.front() != '_') return false;
  for (char c : key)
    if (!alpha(c) && !(c >= '0' && c <= '9') && c != '_' && c != '.') return false;
  return true;
}

/// Number of entries of the field tree of fixed object type H.
template <class H>
constexpr std::size_t field_node_count() noexcept {
  using R = resolved_t<H>;
  return []<std::size_t... I>(std::index_sequence<I...>) {
    std::size_t n = 0;
    ((n += 1 + [] {
        if constexpr (always_primitive_v<member_t<R, I>>) return std::size_t{0};
        else return field_node_count<member_t<R, I>>();
      }()),
     ...);
    return n;
  }(std::make_index_sequence<object_info<R>::size>{});
}

namespace shape_impl {

template <class H>
constexpr void fill_field_nodes(field_node* out, std::size_t& pos) noexcept {
  using R = resolved_t<H>;
  for_each_member_index<R>([&](auto i) {
    constexpr std::size_t I = decltype(i)::value;
    using M = member_t<R, I>;
    if constexpr (always_primitive_v<M>) {
      out[pos++] = field_node{object_info<R>::names[I], 0};
    } else {
      out[pos++] = field_node{object_info<R>::names[I],
                              static_cast<std::uint32_t>(object_info<resolved_t<M>>::size)};
      fill_field_nodes<M>(out, pos);
    }
  });
}

// Renders `count` sibling entries starting at nodes[index] like append_fields() does; returns
// the index past them. Only counts when `out` is null.
constexpr std::size_t render_siblings(const field_node* nodes, std::size_t size, std::size_t index,
                                      std::size_t count, char d, char* out,
                                      std::size_t& pos) noexcept {
  const auto put = [&](char c) {
    if (out) out[pos] = c;
    ++pos;
  };
  for (std::size_t j = 0; j < count && index < size; ++j) {
    if (j > 0) put(d);
    const field_node& f = nodes[index++];
    for (char c : f.name) put(c);
    if (f.child_count > 0) {
      put('{');
      index = render_siblings(nodes, size, index, f.child_count, d, out, pos);
      put('}');
    }
  }
  return index;
}

constexpr std::size_t render_fields(const field_node* nodes, std::size_t size, char d,
                                    char* out) noexcept {
  std::size_t pos = 0;
  if (out) out[pos] = '{';
  ++pos;
  std::size_t index = 0;
  bool first = true;
  while (index < size) {
    if (!first) {
      if (out) out[pos] = d;
      ++pos;
    }
    first = false;
    index = render_siblings(nodes, size, index, 1, d, out, pos);
  }
  if (out) out[pos] = '}';
  ++pos;
  return pos;
}

}  // namespace shape_impl

/// The field tree of fixed object type H, flat in pre-order (see detail::field_node).
template <class H>
inline constexpr auto field_nodes_v = [] {
  std::array<field_node, field_node_count<H>()> nodes{};
  std::size_t pos = 0;
  shape_impl::fill_field_nodes<H>(nodes.data(), pos);
  return nodes;
}();

/// True when no field name of H's tree needs quotes, so that its header text is a constant.
template <class H>
inline constexpr bool plain_field_names_v = [] {
  for (const field_node& f : field_nodes_v<H>)
    if (!key_is_plain(f.name)) return false;
  return true;
}();

/// The fields segment `{a<d>b{c<d>d}}` of H's header for delimiter character D (valid when
/// plain_field_names_v<H>; otherwise the writer quotes names at run time).
template <class H, char D>
struct header_text {
 private:
  static constexpr std::size_t length =
      shape_impl::render_fields(field_nodes_v<H>.data(), field_nodes_v<H>.size(), D, nullptr);
  static constexpr std::array<char, length> chars = [] {
    std::array<char, length> out{};
    shape_impl::render_fields(field_nodes_v<H>.data(), field_nodes_v<H>.size(), D, out.data());
    return out;
  }();

 public:
  static constexpr std::string_view value{chars.data(), length};
};

}  // namespace toon::detail
