// toon/typed/encode_omit.hpp - encode_options::omit_null and omit_empty for the typed encoder.
//
// The typed encoder chooses most forms at compile time, from the types; leaving members out
// changes key sets at run time (rows that lose different members are no longer a table). So
// with an omit option on, typed encoding first checks, without allocating, whether anything
// would be left out: when nothing is, the typed value is written as usual; otherwise it is
// encoded as toon::to_value(x) through the value encoder, which leaves the members out in
// place. Either way the bytes are those of toon::encode(toon::to_value(x), options).
#pragma once

#include <cmath>
#include <cstddef>
#include <type_traits>

#include "toon/options.hpp"
#include "toon/typed/encode_node.hpp"
#include "toon/typed/type_kind.hpp"
#include "toon/value.hpp"

namespace toon::detail {

/// The omit options of one encode call.
struct omit_switches {
  bool null = false;
  bool empty = false;
};

/// True when primitive node `n` is written as null.
template <class N>
constexpr bool writes_null(const N& n) noexcept {
  if constexpr (std::is_same_v<N, big_integer_ref>) {
    return false;
  } else {
    constexpr type_kind k = type_kind_v<N>;
    if constexpr (k == type_kind::null) return true;
    else if constexpr (k == type_kind::floating) return !std::isfinite(static_cast<double>(n));
    else if constexpr (k == type_kind::string && std::is_pointer_v<N>) return n == nullptr;
    else return false;
  }
}

/// True when encoding `x` with `s` leaves out some object member inside it; with AsMember,
/// also when `x` itself, as the value of an object member, is left out. Exactly the members
/// the value encoder's omit pass leaves out of toon::to_value(x) (src/encode/omit.cpp): a
/// member becomes empty by omission only if a member inside it is left out.
template <bool AsMember, class T>
bool omits_any(const T& x, omit_switches s) {
  bool found = false;
  visit_node(x, [&](const auto& n) {
    using N = std::remove_cvref_t<decltype(n)>;
    constexpr node_category c = category_of<N>();
    if constexpr (c == node_category::primitive) {
      found = AsMember && s.null && writes_null(n);
    } else if constexpr (c == node_category::array || std::is_same_v<N, array>) {
      if constexpr (AsMember) {
        if (s.empty && element_count(n) == 0) {
          found = true;
          return;
        }
      }
      if constexpr (std::is_same_v<N, array> || !elements_have_mask<N>(kind_primitive)) {
        for_each_element(n, [&](const auto& e) { found = found || omits_any<false>(e, s); });
      }
    } else if constexpr (c == node_category::object) {
      if constexpr (AsMember) {
        if (s.empty && member_count(n) == 0) {
          found = true;
          return;
        }
      }
      for_each_member(n, [&](auto, const auto& v, auto) { found = found || omits_any<true>(v, s); });
    } else {  // toon::object
      if constexpr (AsMember) {
        if (s.empty && n.empty()) {
          found = true;
          return;
        }
      }
      for (const member& m : n) {
        if (omits_any<true>(m.value, s)) {
          found = true;
          return;
        }
      }
    }
  });
  return found;
}

}  // namespace toon::detail
