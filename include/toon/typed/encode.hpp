// toon/typed/encode.hpp - C++ values -> TOON text: toon::encode(x), toon::encode_to(out, x).
//
// Any type of the mapping table (docs/reflection.md) is written directly, without building a
// toon::value, with exactly the bytes toon::encode(toon::to_value(x), options) gives. Types
// whose layout is fixed (structs of primitives and nested structs, vectors and maps of them,
// ...) are laid out at compile time and encoded without any allocation beyond the output.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <string>
#include <type_traits>

#include "toon/detail/value_encoding.hpp"
#include "toon/detail/writer.hpp"
#include "toon/encode.hpp"
#include "toon/options.hpp"
#include "toon/typed/encode_omit.hpp"
#include "toon/typed/encode_writer.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/typed/type_kind.hpp"
#include "toon/value.hpp"

namespace toon {

namespace detail {

/// Types the typed overloads take: anything but toon::value (which keeps its own overload) and
/// character arrays (string literals, which convert to toon::value).
template <class T>
concept typed_encodable =
    !std::is_same_v<T, value> &&
    !(std::is_array_v<T> && std::is_same_v<std::remove_cv_t<std::remove_extent_t<T>>, char>);

/// encode_to() with options.replacer, omit_null or omit_empty set. A replacer works on the
/// toon::value of `x`; so do the omit options when they leave something out (see
/// encode_omit.hpp). Returns false when `x` is to be written by the typed encoder after all
/// (omit options on, nothing to leave out).
template <class T>
bool encode_transformed(std::string& out, const T& x, const encode_options& options) {
  if (!options.replacer && !omits_any<false>(x, omit_switches{options.omit_null, options.omit_empty}))
    return false;
  encode_value_owned(out, toon::to_value(x), options);
  return true;
}

}  // namespace detail

/// Appends the TOON document for `x` to `out` (reusing its capacity). Throws
/// std::invalid_argument, before writing anything, when options.delimiter is not one of comma,
/// tab, pipe. Throws toon::toon_error (code invalid_enum), leaving `out` as it was, when `x`
/// holds an enum value that has no name (docs/reflection.md). With options.replacer set,
/// encodes toon::to_value(x) (the replacer works on toon::value); so it does with options.omit_null or omit_empty when they leave a member out
/// (to_value(x) is then made, and members are left out of it in place).
template <class T>
  requires detail::typed_encodable<T>
void encode_to(std::string& out, const T& x, const encode_options& options = {}) {
  static_assert(detail::supported<T>());
  if constexpr (detail::type_kind_v<T> != detail::type_kind::unsupported) {
    detail::check_encode_options(options);
    // All that a replacer and the omit options cost when they are off: one test per call.
    if (options.replacer || options.omit_null || options.omit_empty) [[unlikely]] {
      if (detail::encode_transformed(out, x, options)) return;
    }
    const std::size_t size = out.size();
    try {
      detail::writer w(out, options);
      detail::typed_encoder(w).root(x);
    } catch (...) {  // an enum value without a name (docs/reflection.md): `out` as it was
      out.resize(size);
      throw;
    }
  }
}

/// Encodes `x` as a TOON document (no trailing newline); see encode_to().
template <class T>
  requires detail::typed_encodable<T>
[[nodiscard]] std::string encode(const T& x, const encode_options& options = {}) {
  std::string out;
  toon::encode_to(out, x, options);
  return out;
}

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
