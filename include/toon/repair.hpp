// toon/repair.hpp - repair mode: decoding what models write, with every repair reported
// (docs/llm-output.md).
//
//   toon::result<toon::repaired<order>> r = toon::decode_repaired<order>(text);
//   for (const toon::repair& x : r->repairs) log(x.to_string());   // "5:7: items: the header says 3, ..."
//   toon::result<toon::repaired<order>> q = toon::decode_reply_repaired<order>(reply);
//
// Repair mode keeps every check of strict mode except those listed at decode_options::repairs,
// which it turns into repairs: the value comes back with the list of what was assumed, so no
// repair is silent. On a valid document it gives the strict value and no repair.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "toon/decode.hpp"
#include "toon/error.hpp"
#include "toon/extract.hpp"
#include "toon/options.hpp"
#include "toon/typed/decode.hpp"
#include "toon/value.hpp"

namespace toon {

/// A decoded value and the repairs made to read it (empty when the input was valid), in the
/// order they were made.
template <class T>
struct repaired {
  T value{};
  std::vector<repair> repairs{};
};

/// Decodes `text` into a value in repair mode (decode_options::repairs; options.repairs is
/// replaced by the returned list). Strict mode's other checks stay: what they reject is an error.
[[nodiscard]] result<repaired<value>> decode_repaired(std::string_view text, decode_options options = {});

/// Decodes `text` into a T in repair mode (also options.leniency, when enabled).
template <class T>
  requires(!std::is_same_v<std::remove_cv_t<T>, value>)
[[nodiscard]] result<repaired<T>> decode_repaired(std::string_view text, decode_options options = {}) {
  repaired<T> out;
  options.repairs = &out.repairs;
  result<void> r = toon::decode(text, out.value, options);
  if (!r) return r.error();
  return out;
}

/// decode_reply() in repair mode: the document found in the reply, decoded with its repairs
/// (lines counted in the reply). A JSON document accepted through options.accept_json is read
/// by the JSON reader, which repairs nothing (typed leniency aside).
[[nodiscard]] result<repaired<value>> decode_reply_repaired(std::string_view reply, reply_options options = {});

/// decode_reply<T>() in repair mode.
template <class T>
  requires(!std::is_same_v<std::remove_cv_t<T>, value>)
[[nodiscard]] result<repaired<T>> decode_reply_repaired(std::string_view reply, reply_options options = {}) {
  repaired<T> out;
  options.decode.repairs = &out.repairs;
  result<T> r = toon::decode_reply<T>(reply, options);
  if (!r) return r.error();
  out.value = std::move(*r);
  return out;
}

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
