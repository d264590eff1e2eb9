// toon/reflect/enum_names.hpp - compile-time names of enumerators.
//
// The name of enumerator V is read from the compiler's pretty function name of a template
// instantiated with V (GCC >= 11, clang >= 14); a value that names no enumerator prints as a
// cast such as `(color)7`. C++20 cannot list the enumerators of a type, so values are probed
// one by one at compile time:
//   - every value of a range, by default [-128, 255] (clipped to the underlying type);
//   - outside the range, the values enumerators commonly take in flag and sentinel enums: every
//     power of two 2^k and every all-ones mask 2^k - 1 that the underlying type holds, and the
//     underlying type's minimum and maximum.
// So every enumerator of an enum with a 1-byte underlying type is found, and so are bit flags
// and `none = 0 ... all = ~0u` sets of any width. Other enumerators (404, 1000, -300) need a
// wider range (toon::meta<E>::enum_range) or an explicit list (toon::meta<E>::enumerators);
// aliases beyond the first name of a value always need the list. Knows nothing of TOON text.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>

#include "toon/reflect/pretty_name.hpp"

namespace toon::reflect {

/// One enumerator and its name.
template <class E>
struct enum_entry {
  E value;
  std::string_view name;
};

/// Smallest and largest underlying values probed for enumerator names by default.
inline constexpr std::int64_t enum_range_min = -128;
inline constexpr std::int64_t enum_range_max = 255;
/// The most values one range may hold (each is one template instantiation; a range of 4,096
/// values costs about a second of compile time per enum type).
inline constexpr std::int64_t enum_range_limit = 4096;

namespace detail {

// Every probed value of a batch goes into one instantiation, whose pretty function name lists them
// all: GCC "... [with auto ...Vs = {ns::color::red, (ns::color)1}; ...]", clang
// "... [Vs = <ns::color::red, (ns::color)1>]". One instantiation per value would cost a template
// instantiation and a constant evaluation each (most of a typed test's compile time).
template <auto... Vs>
constexpr std::string_view enum_pretty_names() noexcept {
  return {__PRETTY_FUNCTION__, sizeof(__PRETTY_FUNCTION__) - 1};
}

// Splits the list of N printed values of enum_pretty_names() at its top-level commas, in one pass
// that also remembers each value's last top-level "::" (the scan is a constant evaluation, whose
// cost grows with every step).
template <std::size_t N>
constexpr std::array<std::string_view, N> enumerator_names_from(std::string_view pretty) noexcept {
  std::array<std::string_view, N> out{};
  std::size_t i = pretty.find("Vs = ");
  if (i == std::string_view::npos) return out;
  i += 6;  // past "Vs = " and the list's opening '{' (GCC) or '<' (clang)
  const char* const text = pretty.data();
  const std::size_t size = pretty.size();
  std::size_t start = i;  // the current value's first character after its last top-level "::"
  std::size_t n = 0;
  int depth = 0;
  for (; i < size && n < N; ++i) {
    const char c = text[i];
    if (depth == 0) {
      if (c == ',' || is_close_bracket(c)) {
        const char first = text[start];
        const bool named = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') || first == '_' ||
                           static_cast<unsigned char>(first) >= 0x80;
        if (named && i > start) out[n] = std::string_view(text + start, i - start);
        ++n;
        if (c != ',') break;
        start = i + 2 < size && text[i + 1] == ' ' ? i + 2 : i + 1;
        continue;
      }
      if (c == ':' && i + 1 < size && text[i + 1] == ':') {
        start = i + 2;
        ++i;
        continue;
      }
    }
    if (is_open_bracket(c)) ++depth;
    else if (is_close_bracket(c)) --depth;
  }
  return out;
}

/// The underlying value of `e` as std::int64_t (signed underlying types) or std::uint64_t (all
/// others, bool and unsigned character types included), for comparisons across types.
template <class E>
constexpr auto wide_value(E e) noexcept {
  using U = std::underlying_type_t<E>;
  if constexpr (std::is_signed_v<U>) return static_cast<std::int64_t>(static_cast<U>(e));
  else return static_cast<std::uint64_t>(static_cast<U>(e));
}

/// The smallest and largest underlying values of E, widened as by wide_value().
template <class E>
constexpr auto wide_min() noexcept {
  return wide_value(static_cast<E>(std::numeric_limits<std::underlying_type_t<E>>::min()));
}
template <class E>
constexpr auto wide_max() noexcept {
  return wide_value(static_cast<E>(std::numeric_limits<std::underlying_type_t<E>>::max()));
}

/// The range [Lo, Hi] clipped to the values of E's underlying type. `count` is 0 when they do
/// not meet, and when the range holds more than enum_range_limit values (`too_wide`).
template <class E, std::int64_t Lo, std::int64_t Hi>
struct clipped_range {
  static constexpr std::int64_t lo = std::cmp_less(Lo, wide_min<E>()) ? static_cast<std::int64_t>(wide_min<E>()) : Lo;
  static constexpr std::int64_t hi =
      std::cmp_greater(Hi, wide_max<E>()) ? static_cast<std::int64_t>(wide_max<E>()) : Hi;
  static constexpr bool empty = Lo > Hi || std::cmp_greater(Lo, wide_max<E>()) || std::cmp_less(Hi, wide_min<E>());
  // Counted in unsigned arithmetic: the full 64-bit range wraps to 0.
  static constexpr std::uint64_t width =
      empty ? 0 : static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  static constexpr bool too_wide =
      !empty && (width == 0 || width > static_cast<std::uint64_t>(enum_range_limit));
  static constexpr std::int64_t count = too_wide ? 0 : static_cast<std::int64_t>(width);
};

/// True when `v` (widened) lies in [Lo, Hi].
template <std::int64_t Lo, std::int64_t Hi, class W>
constexpr bool in_range(W v) noexcept {
  return Lo <= Hi && !std::cmp_less(v, Lo) && !std::cmp_greater(v, Hi);
}

/// Values probed outside the range; `count` of them are used.
template <class E>
struct probe_list {
  std::array<E, 2 * 64 + 2> values{};
  std::size_t count = 0;
};

/// The probes made outside [Lo, Hi]: powers of two, all-ones masks and the type's limits, each
/// once, in increasing order.
template <class E, std::int64_t Lo, std::int64_t Hi>
constexpr probe_list<E> make_extra_probes() noexcept {
  using U = std::underlying_type_t<E>;
  probe_list<E> out;
  const auto add = [&out](E e) {
    if (in_range<Lo, Hi>(wide_value(e))) return;
    for (std::size_t i = 0; i < out.count; ++i)
      if (wide_value(out.values[i]) == wide_value(e)) return;
    std::size_t i = out.count++;
    for (; i > 0 && wide_value(out.values[i - 1]) > wide_value(e); --i) out.values[i] = out.values[i - 1];
    out.values[i] = e;
  };
  add(static_cast<E>(std::numeric_limits<U>::min()));
  add(static_cast<E>(std::numeric_limits<U>::max()));
  for (int k = 0; k < std::numeric_limits<U>::digits; ++k) {  // value bits (no sign bit)
    const std::uint64_t bit = std::uint64_t{1} << k;
    add(static_cast<E>(static_cast<U>(bit)));      // 2^k
    add(static_cast<E>(static_cast<U>(bit - 1)));  // 2^k - 1 (2^digits - 1 is the maximum)
  }
  return out;
}

template <class E, std::int64_t Lo, std::int64_t Hi>
inline constexpr probe_list<E> extra_probes = make_extra_probes<E, Lo, Hi>();

/// Values probed per instantiation of enum_pretty_names() (each batch is one constant evaluation,
/// well within the compilers' step limits).
inline constexpr std::int64_t enum_probe_batch = 64;

template <class E, std::int64_t Lo, std::int64_t... I>
constexpr auto probe_batch(std::integer_sequence<std::int64_t, I...>) noexcept {
  const auto names = enumerator_names_from<sizeof...(I)>(enum_pretty_names<static_cast<E>(Lo + I)...>());
  // Element by element: GCC 12 rejects a variable template initialized by a copied array while
  // another constant evaluation reads it ("modification of ... is not a constant expression").
  return std::array<std::string_view, sizeof...(I)>{names[static_cast<std::size_t>(I)]...};
}

/// The names of the N values from Lo on.
template <class E, std::int64_t Lo, std::int64_t N>
inline constexpr auto batch_names = probe_batch<E, Lo>(std::make_integer_sequence<std::int64_t, N>{});

/// The names of the Count values from Lo on, probed in batches of enum_probe_batch.
template <class E, std::int64_t Lo, std::int64_t Count, std::size_t... K>
constexpr auto probe_range(std::index_sequence<K...>) noexcept {
  std::array<std::string_view, static_cast<std::size_t>(Count)> out{};
  std::size_t at = 0;
  const auto append = [&out, &at](const auto& names) {
    for (std::string_view name : names) out[at++] = name;
  };
  constexpr std::int64_t b = enum_probe_batch;
  (append(batch_names<E, Lo + static_cast<std::int64_t>(K) * b,
                      (Count - static_cast<std::int64_t>(K) * b < b ? Count - static_cast<std::int64_t>(K) * b : b)>),
   ...);
  return out;
}

template <class E, std::int64_t Lo, std::int64_t Hi, std::size_t... I>
constexpr auto probe_extras(std::index_sequence<I...>) noexcept {
  const auto names =
      enumerator_names_from<sizeof...(I)>(enum_pretty_names<extra_probes<E, Lo, Hi>.values[I]...>());
  return std::array<std::string_view, sizeof...(I)>{names[I]...};
}

// A scoped enumeration declared in a class template has its definition instantiated only when
// a name is looked up in its scope ([temp.inst]); clang prints its values as casts until then
// (GCC instantiates it with the class). Checking for a name no enum has does the lookup.
template <class E>
concept has_scope_probe_name = requires { E::toon_reflect_scope_probe_; };

/// The names of the values probed in the clipped range [Lo, Hi] (index i: value lo + i).
template <class E, std::int64_t Lo, std::int64_t Hi>
  requires(!has_scope_probe_name<E>)
inline constexpr auto range_names =
    probe_range<E, clipped_range<E, Lo, Hi>::lo, clipped_range<E, Lo, Hi>::count>(
        std::make_index_sequence<static_cast<std::size_t>(
            (clipped_range<E, Lo, Hi>::count + enum_probe_batch - 1) / enum_probe_batch)>{});

/// The names of the extra probes (index i: extra_probes<E, Lo, Hi>.values[i]).
template <class E, std::int64_t Lo, std::int64_t Hi>
  requires(!has_scope_probe_name<E>)
inline constexpr auto extra_names =
    probe_extras<E, Lo, Hi>(std::make_index_sequence<extra_probes<E, Lo, Hi>.count>{});

template <class E, std::int64_t Lo, std::int64_t Hi>
constexpr std::size_t named_count() noexcept {
  std::size_t n = 0;
  for (std::string_view name : range_names<E, Lo, Hi>) n += name.empty() ? 0u : 1u;
  for (std::string_view name : extra_names<E, Lo, Hi>) n += name.empty() ? 0u : 1u;
  return n;
}

template <class E, std::int64_t Lo, std::int64_t Hi>
constexpr auto collect_entries() noexcept {
  static_assert(!clipped_range<E, Lo, Hi>::too_wide,
                "toon: the enumerator range to probe is too wide (over toon::reflect::enum_range_limit "
                "values); list the enumerators in toon::meta<E>::enumerators instead");
  std::array<enum_entry<E>, named_count<E, Lo, Hi>()> out{};
  std::size_t n = 0;
  constexpr auto& extras = extra_probes<E, Lo, Hi>;
  constexpr auto& extra = extra_names<E, Lo, Hi>;
  constexpr auto& range = range_names<E, Lo, Hi>;
  std::size_t x = 0;
  // Extras below the range, the range, then extras above it: increasing value order.
  for (; x < extras.count && std::cmp_less(wide_value(extras.values[x]), Lo); ++x)
    if (!extra[x].empty()) out[n++] = {extras.values[x], extra[x]};
  for (std::size_t i = 0; i < range.size(); ++i)
    if (!range[i].empty())
      out[n++] = {static_cast<E>(clipped_range<E, Lo, Hi>::lo + static_cast<std::int64_t>(i)), range[i]};
  for (; x < extras.count; ++x)
    if (!extra[x].empty()) out[n++] = {extras.values[x], extra[x]};
  return out;
}

}  // namespace detail

/// The named enumerators of E found by the probes (the values of [Min, Max] clipped to the
/// underlying type, then powers of two, all-ones masks and the type's limits), in increasing
/// value order.
template <class E, std::int64_t Min = enum_range_min, std::int64_t Max = enum_range_max>
  requires std::is_enum_v<E>
inline constexpr auto enum_entries_v = detail::collect_entries<E, Min, Max>();

}  // namespace toon::reflect
