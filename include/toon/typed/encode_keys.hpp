// toon/typed/encode_keys.hpp - keys of the typed encoder, with the text of compile-time keys.
//
// Field names of object types (and the tag keys of variants) are known at compile time, so
// the bytes a key line starts with are too: `- key: ` holds all of them (`key`, `key:`,
// `key: `, `- key:`, `- key: ` are its slices), with the quoting and escaping of §7.3 / §7.1
// applied at compile time. The text is stored padded (detail::padded_text) so that the writer
// copies it in fixed-size blocks.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "toon/detail/writer.hpp"
#include "toon/typed/shape.hpp"

namespace toon::detail {

namespace keys_impl {

/// Writes `key` as written in a document (quoted and escaped when §7.3 requires it) at `out`,
/// or only counts when `out` is null; returns the length.
constexpr std::size_t render_key(std::string_view key, char* out) noexcept {
  std::size_t n = 0;
  const auto put = [&](char c) {
    if (out) out[n] = c;
    ++n;
  };
  if (key_is_plain(key)) {
    for (char c : key) put(c);
    return n;
  }
  constexpr char hex[] = "0123456789abcdef";
  put('"');
  for (char c : key) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      put('\\');
      put(c);
    } else if (c == '\n') {
      put('\\');
      put('n');
    } else if (c == '\r') {
      put('\\');
      put('r');
    } else if (c == '\t') {
      put('\\');
      put('t');
    } else if (u < 0x20) {
      put('\\');
      put('u');
      put('0');
      put('0');
      put(hex[u >> 4]);
      put(hex[u & 0xF]);
    } else {
      put(c);
    }
  }
  put('"');
  return n;
}

/// Storage for a text of `n` bytes and its slices from offset 2 as padded_text: readable up to
/// the next 16-byte block past the end, and for 32 bytes from offset 2.
constexpr std::size_t padded_size(std::size_t n) noexcept {
  const std::size_t blocks = (n + 15) / 16 * 16 + 16;
  return blocks > 34 ? blocks : 34;
}

}  // namespace keys_impl

/// `- key: ` for the compile-time key `Name::value` (a type with a static constexpr
/// std::string_view `value`), stored with padding.
template <class Name>
struct key_text {
  static constexpr std::size_t key_size = keys_impl::render_key(Name::value, nullptr);
  static constexpr std::size_t size = key_size + 4;
  static constexpr auto chars = [] {
    std::array<char, keys_impl::padded_size(size)> a{};
    a[0] = '-';
    a[1] = ' ';
    keys_impl::render_key(Name::value, a.data() + 2);
    a[2 + key_size] = ':';
    a[3 + key_size] = ' ';
    return a;
  }();
};

/// A key known at compile time, Name::value: its texts (slices of key_text<Name>) are constants.
template <class Name>
struct static_key {
  static constexpr bool has_text = true;
  static constexpr std::string_view name = Name::value;

  /// `key` as written.
  static constexpr padded_text bare() noexcept { return {text() + 2, size() - 4}; }
  /// `key:` (a nested object or a header follows).
  static constexpr padded_text open() noexcept { return {text() + 2, size() - 3}; }
  /// `key: ` (a primitive value follows).
  static constexpr padded_text value_prefix() noexcept { return {text() + 2, size() - 2}; }
  /// `- key` (first field of a list item, a header follows).
  static constexpr padded_text item_bare() noexcept { return {text(), size() - 2}; }
  /// `- key:` (first field of a list item, a nested object follows).
  static constexpr padded_text item_open() noexcept { return {text(), size() - 1}; }
  /// `- key: ` (first field of a list item, a primitive follows).
  static constexpr padded_text item_value() noexcept { return {text(), size()}; }

 private:
  static constexpr const char* text() noexcept { return key_text<Name>::chars.data(); }
  static constexpr std::size_t size() noexcept { return key_text<Name>::size; }
};

/// A key known only at run time (a map's): the writer quotes it as needed.
struct runtime_key {
  static constexpr bool has_text = false;
  std::string_view name;
};

/// No key: an array at the root.
struct no_key {};

}  // namespace toon::detail
