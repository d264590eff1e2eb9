// toon/replacer.hpp - encode replacers: keep, drop, replace or pre-format values while
// encoding (encode_options::replacer; docs/encoding.md, "Replacer and raw text").
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "toon/value.hpp"

namespace toon {

/// One step of the path from the root to the value a replacer is called for: a member name
/// (key) or an array index.
class path_element {
 public:
  /// A member name. The element views `key` (paths handed to a replacer view the keys of the
  /// value being encoded and are valid during the call only).
  constexpr path_element(std::string_view key) noexcept : key_(key) {}  // NOLINT
  /// An array index.
  constexpr path_element(std::size_t index) noexcept : index_(index), is_index_(true) {}  // NOLINT

  /// True for an array index, false for a member name.
  [[nodiscard]] constexpr bool is_index() const noexcept { return is_index_; }
  /// The member name (empty for an index).
  [[nodiscard]] constexpr std::string_view key() const noexcept { return key_; }
  /// The array index (0 for a member name).
  [[nodiscard]] constexpr std::size_t index() const noexcept { return index_; }

  /// Same kind and same name or index.
  friend constexpr bool operator==(const path_element& a, const path_element& b) noexcept {
    return a.is_index_ == b.is_index_ && a.index_ == b.index_ && a.key_ == b.key_;
  }
  /// A member name equal to `key`: `path[0] == "users"`.
  friend constexpr bool operator==(const path_element& a, std::string_view key) noexcept {
    return !a.is_index_ && a.key_ == key;
  }
  /// An array index equal to `index`: `path[1] == 0`.
  friend constexpr bool operator==(const path_element& a, std::size_t index) noexcept {
    return a.is_index_ && a.index_ == index;
  }

 private:
  std::string_view key_{};
  std::size_t index_ = 0;
  bool is_index_ = false;
};

/// What a replacer decides for one value: keep it, omit it, replace it, or write raw text in
/// its place. Made only by the named constructors below.
class replacement {
 public:
  /// The decision.
  enum class action : unsigned char { keep, omit, replace, raw };

  /// Encode the value as it is (its members or elements are still passed to the replacer).
  [[nodiscard]] static replacement keep() noexcept { return replacement(action::keep); }

  /// Leave the object member or array element out (later elements keep their original
  /// indices in keys and paths). For the root it means keep().
  [[nodiscard]] static replacement omit() noexcept { return replacement(action::omit); }

  /// Encode `v` instead. The replacer is not called for `v` itself, but for each of its
  /// members or elements, recursively.
  [[nodiscard]] static replacement with(value v) noexcept {
    return replacement(action::replace, std::move(v));
  }

  /// Write `text` verbatim where the value goes: no quoting, escaping or number formatting,
  /// and it counts as a primitive for the choice of forms (a raw cell keeps an array tabular).
  /// Only for a primitive value: for an object or an array it means keep(). The caller answers
  /// for the result being valid TOON (see escape_string()). Throws std::invalid_argument when
  /// a line of `text` starts with '#' after optional spaces (on the first line also after a
  /// U+FEFF), since a decoder would skip it as a comment line.
  [[nodiscard]] static replacement raw(std::string text);

  /// The decision.
  [[nodiscard]] action type() const noexcept { return action_; }
  /// The value given to with() (null for the other decisions).
  [[nodiscard]] const value& replacement_value() const& noexcept { return value_; }
  /// The value given to with(), moved out (null for the other decisions).
  [[nodiscard]] value replacement_value() && noexcept { return std::move(value_); }
  /// The text given to raw() (empty for the other decisions).
  [[nodiscard]] const std::string& raw_text() const& noexcept { return text_; }
  /// The text given to raw(), moved out (empty for the other decisions).
  [[nodiscard]] std::string raw_text() && noexcept { return std::move(text_); }

 private:
  explicit replacement(action a, value v = {}, std::string text = {}) noexcept
      : action_(a), value_(std::move(v)), text_(std::move(text)) {}

  action action_;
  value value_;       // with()
  std::string text_;  // raw()
};

/// The replacer of encode_options: called for the root (key "", empty path), then for every
/// object member (key: its name; path: the parent's path and the name) and every array element
/// (key: its index in decimal; path: the parent's path and the index), parents before
/// children, in document order. `v` is the value at that position: the original one, or a
/// member or element of a value given to replacement::with(). The views are valid during the
/// call only. An exception it throws leaves encode() without writing anything.
using replacer_function =
    std::function<replacement(std::string_view key, const value& v, std::span<const path_element> path)>;

/// `s` with the escapes of a quoted TOON string (§7.1: `\\`, `\"`, `\n`, `\r`, `\t`, and
/// `\u00XX` for the other control characters), without the quotes: for raw text such as
/// `replacement::raw('"' + toon::escape_string(s) + '"')`.
[[nodiscard]] std::string escape_string(std::string_view s);

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
