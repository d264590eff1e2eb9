// toon/fmt.hpp - {fmt} formatters: toon::value as TOON (or JSON), toon::error with its source
// line and caret, and toon::as_toon(x) for any value the typed encoder supports.
//
//   fmt::print("{}\n", v);                  // TOON, default options
//   fmt::print("{:t}\n", v);                // TOON, tab delimiter ({:|}: pipe)
//   fmt::print("{:j}\n", v);                // compact JSON
//   fmt::print("{}\n", r.error());          // 3:5: users[1]: message, then the line and a caret
//   fmt::print("{}\n", toon::as_toon(x));   // toon::encode(x)
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "toon/encode.hpp"
#include "toon/error.hpp"
#include "toon/json.hpp"
#include "toon/options.hpp"
#include "toon/typed/encode.hpp"
#include "toon/value.hpp"

namespace toon {

/// What toon::as_toon() returns: a reference to the value and the options to encode it with.
/// Only meant to be passed straight to fmt; it must not outlive the referenced value.
template <class T>
struct toon_ref {
  const T& ref;             ///< the value to encode
  encode_options options;   ///< the encoder options
};

/// Wraps `x` so that fmt formats it as `toon::encode(x, options)`:
/// `fmt::print("{}", toon::as_toon(config))`. (Not noexcept: copying options.replacer may
/// allocate.)
template <class T>
[[nodiscard]] toon_ref<T> as_toon(const T& x, const encode_options& options = {}) {
  return toon_ref<T>{x, options};
}

namespace detail {

/// Parses an empty format spec (`{}`); anything else is a fmt::format_error.
template <class ParseContext>
constexpr auto fmt_parse_empty_spec(ParseContext& ctx, const char* what) -> decltype(ctx.begin()) {
  auto it = ctx.begin();
  if (it != ctx.end() && *it != '}') throw fmt::format_error(what);
  return it;
}

/// Writes `text` to a fmt output iterator.
template <class Out>
Out fmt_copy(const std::string& text, Out out) {
  return std::copy(text.begin(), text.end(), out);
}

}  // namespace detail

}  // namespace toon

/// Formats a toon::value as TOON. Spec: `{}` default options, `{:t}` tab delimiter, `{:|}` pipe
/// delimiter, `{:j}` compact JSON.
template <>
struct fmt::formatter<toon::value> {
  /// 0 (TOON, commas), 't', '|' or 'j'.
  char mode = 0;

  /// Reads the optional one-letter spec; rejects anything else with fmt::format_error.
  template <class ParseContext>
  constexpr auto parse(ParseContext& ctx) -> decltype(ctx.begin()) {
    auto it = ctx.begin();
    if (it != ctx.end() && (*it == 't' || *it == '|' || *it == 'j')) mode = *it++;
    if (it != ctx.end() && *it != '}')
      throw fmt::format_error("invalid format spec for toon::value (expected {}, {:t}, {:|} or {:j})");
    return it;
  }

  /// Writes the TOON (or JSON) text of `v`.
  template <class FormatContext>
  auto format(const toon::value& v, FormatContext& ctx) const -> decltype(ctx.out()) {
    std::string text;
    if (mode == 'j') {
      toon::to_json_to(text, v);
    } else {
      toon::encode_options options;
      if (mode == 't') options.delimiter = toon::delimiter::tab;
      if (mode == '|') options.delimiter = toon::delimiter::pipe;
      toon::encode_to(text, v, options);
    }
    return toon::detail::fmt_copy(text, ctx.out());
  }
};

/// Formats a toon::error as `line:col: path: message` followed, when the error carries its
/// source line, by that line and a caret under the column; errors gathered in `more` follow,
/// each on its own lines in the same form. Spec: `{}` only.
template <>
struct fmt::formatter<toon::error> {
  /// Accepts only an empty spec.
  template <class ParseContext>
  constexpr auto parse(ParseContext& ctx) -> decltype(ctx.begin()) {
    return toon::detail::fmt_parse_empty_spec(ctx, "invalid format spec for toon::error (expected {})");
  }

  /// Writes the error (and the errors in e.more).
  template <class FormatContext>
  auto format(const toon::error& e, FormatContext& ctx) const -> decltype(ctx.out()) {
    std::string text;
    append(text, e);
    for (const toon::error& other : e.more) {
      text += '\n';
      append(text, other);
    }
    return toon::detail::fmt_copy(text, ctx.out());
  }

 private:
  static void append(std::string& text, const toon::error& e) {
    text += e.to_string();
    if (e.source_column != 0) toon::detail::append_source_context(text, e.source_line, e.source_column);
  }
};

/// Formats toon::as_toon(x) as toon::encode(x, options). Spec: `{}` only.
template <class T>
struct fmt::formatter<toon::toon_ref<T>> {
  /// Accepts only an empty spec.
  template <class ParseContext>
  constexpr auto parse(ParseContext& ctx) -> decltype(ctx.begin()) {
    return toon::detail::fmt_parse_empty_spec(ctx, "invalid format spec for toon::as_toon (expected {})");
  }

  /// Writes the TOON text of the wrapped value.
  template <class FormatContext>
  auto format(const toon::toon_ref<T>& x, FormatContext& ctx) const -> decltype(ctx.out()) {
    std::string text;
    toon::encode_to(text, x.ref, x.options);
    return toon::detail::fmt_copy(text, ctx.out());
  }
};

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
