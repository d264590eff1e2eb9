// toon/typed/decode.hpp - typed decoding: TOON text (or a toon::value) straight into C++ types.
//
//   toon::result<team> t = toon::decode<team>(text);          // a new T
//   toon::result<void> r = toon::decode(text, existing);      // into an existing object
//   team t = toon::decode_or_throw<team>(text);               // throws toon::toon_error
//   toon::result<team> v = toon::from_value<team>(value);     // from a toon::value
//
// The mapping of C++ types is the table of docs/reflection.md (toon/typed/type_kind.hpp).
// Decoding consumes the parser's events directly (no intermediate toon::value; see
// toon/detail/typed_decoder.hpp). Errors carry a code, a message, the field path in TOON
// names (`orders[2].customer.name`) and the line and column of the offending token. With
// decode_options::collect_all_errors, field errors are gathered (the first is returned, the
// others are in error::more, in document order) and a failed value is skipped; a syntax error
// still stops decoding and comes last.
// `toon::decode(text)` without a type still returns a toon::value (toon/decode.hpp).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <string_view>
#include <type_traits>
#include <utility>

#include "toon/decode.hpp"
#include "toon/detail/typed_decoder.hpp"
#include "toon/error.hpp"
#include "toon/options.hpp"
#include "toon/typed/decode_containers.hpp"
#include "toon/typed/decode_object.hpp"
#include "toon/typed/decode_primitives.hpp"
#include "toon/typed/decode_proxy.hpp"
#include "toon/typed/decode_traits.hpp"
#include "toon/typed/decode_variant.hpp"
#include "toon/typed/type_kind.hpp"
#include "toon/value.hpp"

namespace toon {

/// Decodes TOON `text` into the existing object `out`. Containers in it are cleared before
/// being filled; fields absent from the text (optional, pointer or meta<T>::defaulted ones)
/// keep their values. On error `out` is left partly decoded.
template <class T>
  requires(!std::is_same_v<std::remove_cv_t<T>, decode_options> && !std::is_const_v<T>)
result<void> decode(std::string_view text, T& out, const decode_options& options = {}) {
  static_assert(detail::supported<T>());
  detail::typed_decoder decoder(text, options, true);
  decoder.set_root(&out, detail::ops_of<T>());
  return decoder.run();
}

/// Decodes TOON `text` into a new T (T must be default-constructible; decoding starts from T{}).
template <class T>
result<T> decode(std::string_view text, const decode_options& options = {}) {
  static_assert(detail::supported<T>());
  static_assert(std::is_default_constructible_v<T>, "toon::decode<T>: T must be default-constructible");
  T out{};
  result<void> r = toon::decode(text, out, options);
  if (!r) return r.error();
  return result<T>(std::move(out));
}

/// Decodes TOON `text` into a new T, or throws toon::toon_error.
template <class T>
T decode_or_throw(std::string_view text, const decode_options& options = {}) {
  return toon::decode<T>(text, options).value();
}

/// Decodes a toon::value into a new T by the same rules as TOON text. Errors carry a path but
/// no line or column.
template <class T>
result<T> from_value(const value& v, const decode_options& options = {}) {
  static_assert(detail::supported<T>());
  static_assert(std::is_default_constructible_v<T>, "toon::from_value<T>: T must be default-constructible");
  T out{};
  detail::typed_decoder decoder({}, options, false);
  decoder.set_root(&out, detail::ops_of<T>());
  result<void> r = decoder.run(v);
  if (!r) return r.error();
  return result<T>(std::move(out));
}

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
