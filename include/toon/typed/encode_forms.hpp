// toon/typed/encode_forms.hpp - form selection of the typed encoder.
//
// Mirrors the toon::value encoder's decisions (src/encode/shape.cpp) on typed data: what the types
// decide is decided at compile time (shape.hpp); what depends on the content is checked at
// run time on the typed data when that is exact and cheap (sizes, the kinds of the elements,
// empty objects, row columns that mix kinds); anything else is reported as `fallback`, and the
// caller then encodes that subtree through toon::to_value() and the value encoder.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "toon/typed/encode_node.hpp"
#include "toon/typed/shape.hpp"

namespace toon::detail {

/// The form of an array (see src/encode/shape.hpp), or `fallback` when only the value encoder can
/// tell.
enum class typed_form : unsigned char {
  empty,
  primitives,
  arrays_of_primitives,
  tabular,  ///< with the header of tabular_header_t<A>
  list,
  fallback,
};

/// Whether an object is written in keyed tabular form (§9.5).
enum class keyed_form : unsigned char {
  no,
  yes,  ///< with the header of keyed_header_t<O>
  fallback,
};

namespace forms_impl {

template <class A, class = std::make_index_sequence<std::tuple_size_v<A>>>
struct tuple_rows;
template <class A, std::size_t... I>
struct tuple_rows<A, std::index_sequence<I...>> {
  using view = void;  // no common row type
  using header = rows_header_t<object_view_t<std::tuple_element_t<I, A>>...>;
  static constexpr rows_verdict verdict =
      static_rows_verdict<object_view_t<std::tuple_element_t<I, A>>...>();
};

template <class A>
struct array_rows {
  using view = object_view_t<typename A::value_type>;
  using header = rows_header_t<view>;
  static constexpr rows_verdict verdict = static_rows_verdict<view>();
};
template <class A>
  requires(type_kind_v<A> == type_kind::tuple)
struct array_rows<A> : tuple_rows<A> {};

template <class O, class = std::make_index_sequence<object_info<O>::size>>
struct member_rows;
template <class O, std::size_t... I>
struct member_rows<O, std::index_sequence<I...>> {
  using view = void;  // no common row type
  using header = rows_header_t<object_view_t<member_t<O, I>>...>;
  static constexpr rows_verdict verdict = static_rows_verdict<object_view_t<member_t<O, I>>...>();
  // Some member is never an object: never keyed tabular.
  static constexpr bool some_never_object = ((!(kind_mask<member_t<O, I>>() & kind_object)) || ...);
};

// For rows that are all objects whose object view is struct type S: true when some column is
// neither all primitives nor all non-empty objects, so that tabular detection fails (exact; the
// columns of a fixed type are skipped, they always pass).
template <class S, class EachRow>
bool some_column_fails(EachRow& each_row) {
  bool fails = false;
  for_each_member_index<S>([&](auto i) {
    constexpr std::size_t I = decltype(i)::value;
    using M = member_t<S, I>;
    if constexpr (!always_primitive_v<M> && !is_fixed_object<M>()) {
      bool primitives = true, objects = true;
      each_row([&](const auto& row) {
        visit_node(row, [&](const auto& n) {
          if constexpr (std::is_same_v<std::remove_cvref_t<decltype(n)>, S>) {
            const auto& m = object_info<S>::template get<I>(n);
            const unsigned k = runtime_kind(m);
            primitives = primitives && k == kind_primitive;
            objects = objects && k == kind_object && !is_empty_object(m);
          }
        });
      });
      fails = fails || (!primitives && !objects);
    }
  });
  return fails;
}

// The objects-only rows of an array-like or a keyed candidate: tabular, list or fallback. OV is
// the rows' common object view type when there is one (else void).
template <rows_verdict V, class OV, class EachRow>
typed_form object_rows_form(EachRow&& each_row) {
  if constexpr (V == rows_verdict::tabular) {
    return typed_form::tabular;
  } else if constexpr (V == rows_verdict::list) {
    return typed_form::list;
  } else {
    // An empty object in any row, or a column mixing kinds, fails detection; anything else
    // needs the value encoder.
    bool some_empty = false;
    each_row([&](const auto& e) { some_empty = some_empty || is_empty_object(e); });
    if (some_empty) return typed_form::list;
    if constexpr (!std::is_void_v<OV>) {
      if constexpr (type_kind_v<OV> == type_kind::object) {
        if (some_column_fails<OV>(each_row)) return typed_form::list;
      }
    }
    return typed_form::fallback;
  }
}

}  // namespace forms_impl

/// The field tree type of array-like A when it is tabular (void when it never is).
template <class A>
using tabular_header_t = typename forms_impl::array_rows<A>::header;

/// The field tree type of object-like O when it is keyed tabular (void when it never is).
template <class O>
struct keyed_header {
  using type = void;
};
template <class O>
  requires(!is_tagged_ref<O>::value && type_kind_v<O> == type_kind::object &&
           object_info<O>::size >= 2)
struct keyed_header<O> {
  using type = typename forms_impl::member_rows<O>::header;
};
template <class O>
  requires(!is_tagged_ref<O>::value && type_kind_v<O> == type_kind::map)
struct keyed_header<O> {
  using type = rows_header_t<object_view_t<typename O::mapped_type>>;
};
template <class O>
using keyed_header_t = typename keyed_header<O>::type;

/// The form of array-like node `a` (src/encode/shape.cpp classify_array()).
template <class A>
typed_form classify_array(const A& a) {
  if (element_count(a) == 0) return typed_form::empty;
  using rows = forms_impl::array_rows<A>;
  const auto each_row = [&](auto&& f) { for_each_element(a, f); };
  const auto inner_primitives = [&] {
    bool all = true;
    for_each_element(a, [&](const auto& e) {
      visit_node(e, [&](const auto& n) {
        using N = std::remove_cvref_t<decltype(n)>;
        if constexpr (category_of<N>() == node_category::array || std::is_same_v<N, array>)
          all = all && all_primitive_elements(n);
      });
    });
    return all ? typed_form::arrays_of_primitives : typed_form::list;
  };
  if constexpr (elements_have_mask<A>(kind_primitive)) {
    return typed_form::primitives;
  } else if constexpr (elements_have_mask<A>(kind_array)) {
    return inner_primitives();
  } else if constexpr (elements_have_mask<A>(kind_object)) {
    return forms_impl::object_rows_form<rows::verdict, typename rows::view>(each_row);
  } else {
    bool primitives = true, arrays = true, objects = true;
    for_each_element(a, [&](const auto& e) {
      const unsigned k = runtime_kind(e);
      primitives = primitives && k == kind_primitive;
      arrays = arrays && k == kind_array;
      objects = objects && k == kind_object;
    });
    if (primitives) return typed_form::primitives;
    if (arrays) return inner_primitives();
    if (objects) return forms_impl::object_rows_form<rows::verdict, typename rows::view>(each_row);
    return typed_form::list;
  }
}

/// Whether object-like node `o` is written in keyed tabular form (src/encode/shape.cpp
/// keyed_tabular(): at least two members, each a non-empty object, passing tabular detection).
template <class O>
keyed_form classify_object(const O& o) {
  const auto to_keyed = [](typed_form f) {
    return f == typed_form::tabular ? keyed_form::yes
           : f == typed_form::fallback ? keyed_form::fallback
                                       : keyed_form::no;
  };
  if constexpr (is_tagged_ref<O>::value) {
    return keyed_form::no;  // the tag is a primitive member
  } else if constexpr (type_kind_v<O> == type_kind::map) {
    using V = typename O::mapped_type;
    if constexpr (!(kind_mask<V>() & kind_object)) {
      return keyed_form::no;
    } else {
      if (o.size() < 2) return keyed_form::no;
      if constexpr (kind_mask<V>() != kind_object) {
        for (const auto& entry : o)
          if (runtime_kind(entry.second) != kind_object) return keyed_form::no;
      }
      const auto each_row = [&](auto&& f) {
        for (const auto& entry : o) f(entry.second);
      };
      using view = object_view_t<V>;
      return to_keyed(forms_impl::object_rows_form<static_rows_verdict<view>(), view>(each_row));
    }
  } else if constexpr (object_info<O>::size < 2) {
    return keyed_form::no;
  } else {
    using rows = forms_impl::member_rows<O>;
    if constexpr (rows::some_never_object) {
      return keyed_form::no;
    } else {
      const auto each_row = [&](auto&& f) {
        for_each_member_index<O>(
            [&](auto i) { f(object_info<O>::template get<decltype(i)::value>(o)); });
      };
      bool objects = true;
      each_row([&](const auto& m) { objects = objects && runtime_kind(m) == kind_object; });
      if (!objects) return keyed_form::no;
      return to_keyed(forms_impl::object_rows_form<rows::verdict, typename rows::view>(each_row));
    }
  }
}

}  // namespace toon::detail
