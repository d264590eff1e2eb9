// toon/typed/decode_object.hpp - decoding into aggregates and classes with meta<T>::fields.
//
// An object frame keeps the pending field's index and a bitset of the fields seen (in the
// decoder's bit stack). Keys are looked up in a compile-time table: small types compare the
// key with each name inline, in declaration order (a length test rejects most); larger ones
// try the field after the last one first (tabular rows and encoder output arrive in
// declaration order), then a perfect hash of the names made at compile time (a binary search
// over the sorted names when the hash cannot separate them). At the end of the object, every
// required field (not optional, not a pointer, not in meta<T>::defaulted, not of a type with
// meta<T>::all_defaulted, and no decode_options::all_defaulted) must have been seen.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/detail/force_inline.hpp"
#include "toon/detail/fast_token.hpp"
#include "toon/reflect/type_name.hpp"
#include "toon/typed/decode_traits.hpp"
#include "toon/typed/object_info.hpp"
#include "toon/typed/variant_tag.hpp"

namespace toon::detail {

/// Compile-time lookup tables of object type T.
template <class T>
struct object_table {
  using info = object_info<T>;
  static constexpr std::size_t size = info::size;
  static constexpr std::size_t words = (size + 63) / 64;
  static constexpr std::size_t not_found = static_cast<std::size_t>(-1);
  static constexpr std::size_t linear_limit = 12;

  static constexpr std::array<std::string_view, size> sources =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<std::string_view, size>{info::template source_name<I>...};
      }(std::make_index_sequence<size>{});

  static constexpr bool defaulted_entries_exist() noexcept {
    if constexpr (has_meta_defaulted<T>) {
      for (std::string_view s : meta<T>::defaulted) {
        bool found = false;
        for (std::size_t i = 0; i < size; ++i) found = found || s == sources[i] || s == info::names[i];
        if (!found) return false;
      }
    }
    return true;
  }
  static_assert(defaulted_entries_exist(), "toon::meta<T>::defaulted names a field that T does not have");

  template <std::size_t I>
  static constexpr bool required() noexcept {
    using F = typename info::template type<I>;
    if constexpr (is_optional<F>::value || is_pointer_like<F>::value) return false;
    else return !meta_defaulted_field<T>(sources[I], info::names[I]);
  }

  /// Bit i set: field i must be present.
  static constexpr std::array<std::uint64_t, words> required_mask =
      []<std::size_t... I>(std::index_sequence<I...>) {
        std::array<std::uint64_t, words> out{};
        ((out[I / 64] |= required<I>() ? std::uint64_t(1) << (I % 64) : 0), ...);
        return out;
      }(std::make_index_sequence<size>{});

  template <std::size_t I>
  static slot field_slot(void* p) {
    return {&info::template get<I>(*static_cast<T*>(p)), ops_of<typename info::template type<I>>()};
  }
  /// Slot of field i.
  static constexpr std::array<slot (*)(void*), size> slots =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<slot (*)(void*), size>{&field_slot<I>...};
      }(std::make_index_sequence<size>{});

  template <std::size_t I>
  static bool take_primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    using F = typename info::template type<I>;
    constexpr const type_ops* ops = ops_of<F>();  // a constant: the call is direct
    return ops->primitive(d, &info::template get<I>(*static_cast<T*>(p)), ev);
  }
  /// Gives field i of the object at `p` a primitive (what its slot's type_ops::primitive does).
  static constexpr std::array<bool (*)(typed_decoder&, void*, const primitive_event&), size> primitives =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<bool (*)(typed_decoder&, void*, const primitive_event&), size>{&take_primitive<I>...};
      }(std::make_index_sequence<size>{});

  template <std::size_t I>
  TOON_DETAIL_FORCE_INLINE static bool take_cell(typed_decoder& d, void* p, const text_cell& c) {
    using F = typename info::template type<I>;
    F& field = info::template get<I>(*static_cast<T*>(p));
    if constexpr (std::is_same_v<F, std::string>) {
      if (c.quoted) {
        field.assign(c.text.data(), c.text.size());
        return true;
      }
    }
    if constexpr (has_text_parser<F>) {
      if (!c.quoted && decode_traits<F>::text(&field, c.text)) return true;
    } else if constexpr (type_kind_v<F> == type_kind::optional || type_kind_v<F> == type_kind::pointer) {
      if (!c.quoted && c.text.size() == 4 && c.text == "null") {  // what the null event does
        field.reset();
        return true;
      }
    }
    return c.quoted ? d.take_string({&field, ops_of<F>()}, c.text, c.offset)
                    : d.take_classified({&field, ops_of<F>()}, c.text, c.offset);
  }
  /// Gives field i of the object at `p` a row cell (its type's parser, else classified).
  static constexpr std::array<bool (*)(typed_decoder&, void*, const text_cell&), size> cell_takers =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<bool (*)(typed_decoder&, void*, const text_cell&), size>{&take_cell<I>...};
      }(std::make_index_sequence<size>{});

  template <std::size_t I>
  static void reset_field(void* p) {
    using F = typename info::template type<I>;
    if constexpr (std::is_default_constructible_v<F> && std::is_move_assignable_v<F>)
      info::template get<I>(*static_cast<T*>(p)) = F{};
  }
  /// Resets field i (a repeated key in non-strict mode: the last one wins).
  static constexpr std::array<void (*)(void*), size> resets =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<void (*)(void*), size>{&reset_field<I>...};
      }(std::make_index_sequence<size>{});

  struct named_index {
    std::string_view name;
    std::size_t index;
  };
  static constexpr std::array<named_index, size> sorted = [] {
    std::array<named_index, size> out{};
    for (std::size_t i = 0; i < size; ++i) out[i] = {info::names[i], i};
    std::sort(out.begin(), out.end(), [](const named_index& a, const named_index& b) { return a.name < b.name; });
    return out;
  }();

  /// Whether `k` is the name of field I: the length, then the bytes compared with a
  /// constant-length memcmp the compiler expands inline.
  template <std::size_t I>
  static bool is_name(std::string_view k) noexcept {
    constexpr std::string_view name = info::names[I];
    if (k.size() != name.size()) return false;
    if constexpr (name.empty()) return true;
    else return std::memcmp(k.data(), name.data(), name.size()) == 0;
  }
  /// is_name<I> of each field.
  static constexpr std::array<bool (*)(std::string_view) noexcept, size> name_tests =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<bool (*)(std::string_view) noexcept, size>{&is_name<I>...};
      }(std::make_index_sequence<size>{});

  /// Perfect hash of the names of types of more than linear_limit fields: a name's length and
  /// four of its bytes (first, second, middle, last) mixed with a multiplier chosen at compile
  /// time so that no two names share one of the 2^hash_bits slots (at least twice as many
  /// slots as names). When no multiplier among those tried separates them (names alike in
  /// all those bytes), `perfect` is false and find() searches the sorted names instead.
  static constexpr unsigned hash_bits = static_cast<unsigned>(std::bit_width(2 * size));
  static constexpr std::uint32_t hash(std::string_view k, std::uint32_t multiplier) noexcept {
    const std::size_t n = k.size();
    auto at = [&](std::size_t i) { return n == 0 ? 0u : static_cast<std::uint32_t>(static_cast<unsigned char>(k[i])); };
    const std::uint32_t bytes = at(0) | at(n > 1 ? 1 : 0) << 8 | at(n / 2) << 16 | at(n ? n - 1 : 0) << 24;
    std::uint32_t h = (bytes ^ static_cast<std::uint32_t>(n) * 0x85EBCA6Bu) * multiplier;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    return h >> (32 - hash_bits);
  }
  struct hash_table {
    bool perfect = false;
    std::uint32_t multiplier = 0;
    std::array<std::uint16_t, (std::size_t(1) << hash_bits)> slots{};  ///< field index + 1; 0: empty
  };
  static constexpr hash_table perfect_hash = [] {
    hash_table t;
    if constexpr (size > linear_limit && size < 65535) {
      for (std::uint32_t seed = 0; seed < 512 && !t.perfect; ++seed) {
        const std::uint32_t multiplier = 0x9E3779B1u + 2 * seed;  // odd
        t.slots = {};
        bool ok = true;
        for (std::size_t i = 0; i < size && ok; ++i) {
          std::uint16_t& s = t.slots[hash(info::names[i], multiplier)];
          ok = s == 0;
          s = static_cast<std::uint16_t>(i + 1);
        }
        t.perfect = ok;
        t.multiplier = multiplier;
      }
    }
    return t;
  }();

  /// Index of the field named `k`, trying `hint` first; not_found when T has none. Small
  /// types test every name in declaration order, inline (most fail on the length alone);
  /// larger ones try `hint` (the field after the last one: rows and encoder output come in
  /// declaration order), then the perfect hash (or the sorted names).
  static std::size_t find(std::string_view k, std::size_t hint) noexcept {
    if constexpr (size <= linear_limit) {
      (void)hint;
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        std::size_t found = not_found;
        (void)((is_name<I>(k) ? (found = I, true) : false) || ...);
        return found;
      }(std::make_index_sequence<size>{});
    } else {
      if (hint < size && name_tests[hint](k)) return hint;
      if constexpr (perfect_hash.perfect) {
        const std::size_t slot = perfect_hash.slots[hash(k, perfect_hash.multiplier)];
        return slot != 0 && info::names[slot - 1] == k ? slot - 1 : not_found;
      }
      auto it = std::lower_bound(sorted.begin(), sorted.end(), k,
                                 [](const named_index& a, std::string_view b) { return a.name < b; });
      if (it != sorted.end() && it->name == k) return it->index;
    }
    return not_found;
  }

  /// "unknown field (expected one of: a, b, c)".
  static std::string unknown_message() {
    if (size == 0) return "unknown field (expected no fields)";
    std::string out = "unknown field (expected one of: ";
    for (std::size_t i = 0; i < size; ++i) {
      if (i) out += ", ";
      out += info::names[i];
    }
    out += ')';
    return out;
  }
};

/// The object frame of T. `Tagged`: T is a variant alternative whose tag field is skipped.
// frame::index: the pending field (size: a skipped value; -1 before the first key);
// frame::aux: offset of the seen-field bits in the decoder's bit stack.
template <class T, bool Tagged>
struct object_frame {
  using table = object_table<T>;
  static constexpr std::size_t size = table::size;

  static bool key(typed_decoder& d, frame& f, std::string_view k, std::size_t offset) {
    std::size_t i = table::find(k, f.index + 1);
    if (i != table::not_found) {
      select(d, f, i);
      return true;
    }
    f.index = size;
    f.pending = {nullptr, &typed_decoder::skip_ops};
    if constexpr (Tagged) {
      if (k == tag_key_of<T>()) return true;
    }
    if (d.options().ignore_unknown_fields) return true;
    std::string path = d.frame_path();
    typed_decoder::append_key_segment(path, k);
    std::string message = table::unknown_message();
    typed_decoder::append_suggestion(message, k, size, &field_name, nullptr);
    return d.report_at(error_code::unknown_field, std::move(message), offset, std::move(path));
  }
  static std::string_view field_name(const void*, std::size_t i) { return table::info::names[i]; }

  /// Field `i` becomes the pending slot (a repeated field is reset first: the last one wins).
  static void select(typed_decoder& d, frame& f, std::size_t i) {
    select_bit(d, f, i);
    f.index = i;
    f.pending = table::slots[i](f.target);
  }
  // Marks field i as seen (a repeated field is reset first).
  static void select_bit(typed_decoder& d, frame& f, std::size_t i) {
    std::uint64_t& word = d.bits()[f.aux + i / 64];
    const std::uint64_t bit = std::uint64_t(1) << (i % 64);
    if (word & bit) table::resets[i](f.target);
    word |= bit;
  }

  /// Index of the field named `k`, or -1.
  static std::size_t field_index(std::string_view k) noexcept { return table::find(k, size); }

  /// A table row into the object of frame `at` (just opened): cell j goes to field
  /// fields[j] (-1: through key(), as an unknown or tag column).
  static bool row(typed_decoder& d, std::size_t at, const std::size_t* fields, const std::string_view* names,
                  const primitive_event* cells, std::size_t count, std::size_t offset) {
    return fill_row(d, at, fields, names, cells, count, offset);
  }
  /// row() for cells given as text (text_sink::text_row).
  static bool text_row(typed_decoder& d, std::size_t at, const std::size_t* fields, const std::string_view* names,
                       const text_cell* cells, std::size_t count, std::size_t offset) {
    return fill_row(d, at, fields, names, cells, count, offset);
  }

  /// A key and its unquoted value into the object of frame `at` (a `key: value` line): the
  /// field's own parser, as for a row cell; unknown and tag keys take the key() path.
  static bool key_text(typed_decoder& d, std::size_t at, std::string_view k, std::size_t key_offset,
                       std::string_view token, std::size_t offset) {
    frame& f = d.frame_at(at);
    if constexpr (size <= table::linear_limit) {
      // The name tests and the matching field's parser, inline (no call through a table).
      bool ok = false;
      const bool found = [&]<std::size_t... I>(std::index_sequence<I...>) {
        return ((table::template is_name<I>(k) && (ok = key_text_field<I>(d, at, token, offset), true)) || ...);
      }(std::make_index_sequence<size>{});
      if (found) return ok;
    } else {
      const std::size_t i = table::find(k, f.index + 1);
      if (i != table::not_found) {
        select_bit(d, f, i);
        f.index = i;  // the error path names the field
        return table::cell_takers[i](d, f.target, text_cell{token, offset, false}) && d.value_complete(at);
      }
    }
    return key(d, f, k, key_offset) && d.text_value(token, offset);
  }
  template <std::size_t I>
  TOON_DETAIL_FORCE_INLINE static bool key_text_field(typed_decoder& d, std::size_t at, std::string_view token, std::size_t offset) {
    frame& f = d.frame_at(at);
    select_bit(d, f, I);
    f.index = I;  // the error path names the field
    return table::template take_cell<I>(d, f.target, text_cell{token, offset, false}) && d.value_complete(at);
  }

  // A cell into field i, or into a slot (scalars and texts).
  static bool take_field(typed_decoder& d, std::size_t i, void* target, const primitive_event& c) {
    return table::primitives[i](d, target, c);
  }
  static bool take_field(typed_decoder& d, std::size_t i, void* target, const text_cell& c) {
    return table::cell_takers[i](d, target, c);
  }
  static bool take_slot(typed_decoder& d, slot s, const primitive_event& c) { return s.ops->primitive(d, s.target, c); }
  static bool take_slot(typed_decoder& d, slot s, const text_cell& c) { return d.take_cell(s, c); }

  template <class Cell>
  static bool fill_row(typed_decoder& d, std::size_t at, const std::size_t* fields, const std::string_view* names,
                       const Cell* cells, std::size_t count, std::size_t offset) {
    for (std::size_t j = 0; j < count; ++j) {
      frame& f = d.frame_at(at);
      const std::size_t i = fields[j];
      bool ok;
      if (i < size) {
        select_bit(d, f, i);
        f.index = i;  // the error path names the field
        ok = take_field(d, i, f.target, cells[j]);
      } else {
        if (!key(d, f, names[j], offset)) return false;
        ok = take_slot(d, f.pending, cells[j]);
      }
      if (!ok || !d.value_complete(at)) return false;
    }
    return true;
  }

  /// A table row whose cells are exactly T's fields in declaration order into the object of
  /// frame `at` (just opened): each cell through its field's own parser, called directly. Every
  /// field is then seen, so end()'s check holds: the frame's bits are released here and the
  /// caller pops the frame without calling end().
  static bool ordered_row(typed_decoder& d, std::size_t at, const text_cell* cells) {
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (ordered_cell<I>(d, at, cells[I]) && ...);
    }(std::make_index_sequence<size>{});
    if (!ok) return false;
    d.release_bits(d.frame_at(at).aux);
    return true;
  }
  template <std::size_t I>
  TOON_DETAIL_FORCE_INLINE static bool ordered_cell(typed_decoder& d, std::size_t at, const text_cell& c) {
    frame& f = d.frame_at(at);
    f.index = I;  // the error path names the field
    return table::template take_cell<I>(d, f.target, c) && d.value_complete(at);
  }

  // ---- rows read straight from their line (frame_ops::line_row of sequences of T) -------------
  //
  // Cell I is read by field I's line_cell() (or found by its end and given to its text()),
  // which accepts exactly the unquoted tokens take_cell<I> would parse without classifying
  // them, with no space around them, and (std::string fields) quoted cells without a
  // backslash. A row is taken only when no other cell holds a quote or a backslash, its first
  // cell, unquoted, holds no colon (§9.3: else the line is a key-value line), it has exactly
  // `size` cells and each cell is accepted: then the cells path would give the same values.

  template <std::size_t I>
  using field_type = typename table::info::template type<I>;
  template <class F>
  static constexpr bool line_readable = has_line_cell<F> || has_text_parser<F>;
  /// Whether every field reads its cell from the line (and T has fields).
  static constexpr bool line_fields = []<std::size_t... I>(std::index_sequence<I...>) {
    return size > 0 && (line_readable<field_type<I>> && ...);
  }(std::make_index_sequence<size>{});

  /// Whether a table's columns are exactly T's fields in declaration order.
  static bool line_columns(const std::string_view* names, std::size_t count) noexcept {
    if (count != size) return false;
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (table::template is_name<I>(names[I]) && ...);
    }(std::make_index_sequence<size>{});
  }

  /// The row line [b, e) into `object`; false when the row is left to the cells path (then
  /// `object` may hold some of the row's values: the caller discards it).
  static bool line_fill(T& object, const char* b, const char* e, char delim) {
    const char* p = b;
    // The fields inline into this one function (shared by the row-line and field-line paths).
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) TOON_DETAIL_FORCE_INLINE_LAMBDA {
      return (line_field<I>(object, p, b, e, delim) && ...);
    }(std::make_index_sequence<size>{});
    return ok && p == e;
  }
  template <std::size_t I>
  TOON_DETAIL_FORCE_INLINE static bool line_field(T& object, const char*& p, const char* b, const char* e, char delim) {
    using F = field_type<I>;
    if constexpr (I > 0) {
      if (p == e) return false;  // fewer cells than fields
      ++p;                       // the delimiter after the previous cell
    }
    F& field = table::info::template get<I>(object);
    const char* q;
    if constexpr (has_line_cell<F>) {
      q = decode_traits<F>::line_cell(&field, p, e, b, delim);
      if (!q) return false;
    } else {
      q = fast::cell_end(p, e, b, delim);
      if (q != e && *q != delim) return false;  // a quote or a backslash
      const std::string_view t(p, static_cast<std::size_t>(q - p));
      if (!t.empty() && (t.front() == ' ' || t.back() == ' ')) return false;
      if (!decode_traits<F>::text(&field, t)) return false;
    }
    if constexpr (I == 0) {
      // §9.3: a colon in the first cell (before the first delimiter) makes a key-value line.
      constexpr type_kind k = type_kind_v<F>;
      if constexpr (k != type_kind::integer && k != type_kind::floating && k != type_kind::boolean)
        if (*p != '"' && std::memchr(p, ':', static_cast<std::size_t>(q - p)) != nullptr) return false;
    }
    p = q;
    return true;
  }

  // ---- `key: value` lines read straight from the text (frame_ops::field_lines) --------------
  //
  // A line is taken when it is exactly: the object's indentation, the name of field I (a name
  // whose unquoted key line means just that key: letters, digits, `_`, `.`, `-`, not first a
  // digit or `-`), ':' right after it, one space, and a value the key_text() path would give
  // to field I's direct parser with the same result: an unquoted token that parser accepts
  // (no spaces around it, not `[]`), `null` into an optional or pointer, or for std::string a
  // quoted string without a backslash or inner quote. The field must not have a value yet
  // (a repeated key is the parser's: an error in strict mode, the last one winning otherwise).
  // Any other line is left as it was, to the parser.

  /// Whether field name `n` reads as itself at the start of an unquoted key line.
  static constexpr bool plain_name(std::string_view n) noexcept {
    if (n.empty() || (n[0] >= '0' && n[0] <= '9') || n[0] == '-') return false;
    for (const char c : n)
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
            c == '-'))
        return false;
    return true;
  }
  template <class F>
  static constexpr bool line_value_readable =
      has_line_cell<F> || has_text_parser<F> || type_kind_v<F> == type_kind::optional ||
      type_kind_v<F> == type_kind::pointer;
  template <std::size_t I>
  static constexpr bool line_key = plain_name(table::info::names[I]) && line_value_readable<field_type<I>>;
  /// Whether field I is a struct whose object's lines can be taken whole after its `name:` line.
  template <std::size_t I>
  static constexpr bool block_key = [] {
    using F = field_type<I>;
    if constexpr (type_kind_v<F> == type_kind::object && !std::is_same_v<F, T>) {
      return plain_name(table::info::names[I]) && object_frame<F, false>::has_line_keys;
    } else if constexpr (is_optional<F>::value) {  // std::optional of a struct: engaged for it
      using S = typename F::value_type;
      if constexpr (type_kind_v<S> == type_kind::object && !std::is_same_v<S, T>)
        return plain_name(table::info::names[I]) && object_frame<S, false>::has_line_keys;
      else
        return false;
    } else {
      return false;
    }
  }();
  /// The struct of block field I (the field's type, or the optional's value type).
  template <class F>
  struct block_struct {
    using type = F;
  };
  template <class S>
  struct block_struct<std::optional<S>> {
    using type = S;
  };
  /// Whether field I is a sequence of elements read straight from a cell (`name[N]: a,b` lines).
  template <std::size_t I>
  static constexpr bool array_key = [] {
    using F = field_type<I>;
    if constexpr (type_kind_v<F> == type_kind::sequence) {
      using E = typename F::value_type;
      return plain_name(table::info::names[I]) && has_line_cell<E> &&
             !std::is_same_v<F, std::vector<bool, typename F::allocator_type>>;
    } else {
      return false;
    }
  }();
  static constexpr bool has_array_keys = []<std::size_t... I>(std::index_sequence<I...>) {
    return (array_key<I> || ...);
  }(std::make_index_sequence<size>{});
  /// Whether field I is a sequence of structs whose `name[N]:` list items may be read straight
  /// from the text (items()). Decided from the element's kind alone (the items are tried),
  /// so that types reaching themselves through sequences do not make this a cycle.
  template <std::size_t I>
  static constexpr bool list_key = [] {
    using F = field_type<I>;
    if constexpr (type_kind_v<F> == type_kind::sequence) {
      using E = typename F::value_type;
      if constexpr (type_kind_v<E> == type_kind::object && !std::is_same_v<E, T>)
        return plain_name(table::info::names[I]);
      else
        return false;
    } else {
      return false;
    }
  }();
  /// Whether field I is a sequence of structs whose rows read straight from their line
  /// (`name[N]{a,b}:` tables with the struct's fields as columns, in order).
  template <std::size_t I>
  static constexpr bool table_key = [] {
    if constexpr (list_key<I>)
      return object_frame<typename field_type<I>::value_type, false>::line_fields;
    else
      return false;
  }();
  static constexpr bool has_table_keys = []<std::size_t... I>(std::index_sequence<I...>) {
    return (table_key<I> || ...);
  }(std::make_index_sequence<size>{});
  static constexpr bool has_list_keys = []<std::size_t... I>(std::index_sequence<I...>) {
    return (list_key<I> || ...);
  }(std::make_index_sequence<size>{});
  /// Whether some field's lines can be taken.
  static constexpr bool has_line_keys = []<std::size_t... I>(std::index_sequence<I...>) {
    return ((line_key<I> || block_key<I> || array_key<I> || table_key<I> || list_key<I>) || ...);
  }(std::make_index_sequence<size>{});
  static constexpr bool has_block_keys = []<std::size_t... I>(std::index_sequence<I...>) {
    return (block_key<I> || ...);
  }(std::make_index_sequence<size>{});

  /// The value [v, e) (not empty) into field I of `object`; false: not taken, field unchanged.
  template <std::size_t I>
  TOON_DETAIL_FORCE_INLINE static bool line_value(T& object, const char* line, const char* v, const char* e) {
    using F = field_type<I>;
    F& field = table::info::template get<I>(object);
    if constexpr (has_line_cell<F>) {
      // The line's end stands for the delimiter: no cell reader takes a line feed. Quoted
      // strings without a backslash are the string readers' (the row readers' quoted cell,
      // ending at the line's end); any other reader declines a quote.
      if (e - v == 2 && v[0] == '[' && v[1] == ']') return false;  // an empty array
      return decode_traits<F>::line_cell(&field, v, e, line, '\n') == e;
    } else {
      if (*v == '"') return false;
      if (e - v == 2 && v[0] == '[' && v[1] == ']') return false;  // an empty array
      if constexpr (has_text_parser<F>) {
        return decode_traits<F>::text(&field, std::string_view(v, static_cast<std::size_t>(e - v)));
      } else if constexpr (type_kind_v<F> == type_kind::optional || type_kind_v<F> == type_kind::pointer) {
        if (e - v == 4 && std::memcmp(v, "null", 4) == 0) {  // what the null event does
          field.reset();
          return true;
        }
        return false;
      } else {
        return false;
      }
    }
  }

  /// Field I's line from its key [k, e) (e: the end of the content; [line, e) readable): 1
  /// taken, 0 another field's name, -1 field I's name but the line is not taken.
  template <std::size_t I>
  TOON_DETAIL_FORCE_INLINE static int line_of(frame& f, std::uint64_t* bits, const char* line, const char* k,
                                            const char* e) {
    if constexpr (!line_key<I>) {
      return 0;
    } else {
      constexpr std::string_view name = table::info::names[I];
      constexpr std::size_t n = name.size();
      // name, ':', ' ' and at least one byte of value
      if (static_cast<std::size_t>(e - k) < n + 3 || k[n] != ':' || std::memcmp(k, name.data(), n) != 0) return 0;
      if (k[n + 1] != ' ' || k[n + 2] == ' ') return -1;
      const std::uint64_t bit = std::uint64_t(1) << (I % 64);
      if (bits[I / 64] & bit) return -1;  // a repeated key: the parser's
      if (!line_value<I>(*static_cast<T*>(f.target), line, k + n + 2, e)) return -1;
      bits[I / 64] |= bit;
      f.index = I;
      return 1;
    }
  }

  /// One line's content [k, e) (the line readable from `line` on): taken or not.
  TOON_DETAIL_FORCE_INLINE static bool take_line(frame& f, std::uint64_t* bits, const char* line, const char* k,
                                               const char* e) {
    if (e[-1] == ' ' || e[-1] == '\r') return false;  // to be trimmed (never at a content's end)
    constexpr auto all = std::make_index_sequence<size>{};
    if constexpr (size <= table::linear_limit) {
      // The field after the last one first (lines usually come in declaration order), then all.
      const int r = line_at(all, f.index + 1, f, bits, line, k, e);
      if (r != 0) return r > 0;
      return line_any(all, f, bits, line, k, e) > 0;
    } else {
      const char* colon = static_cast<const char*>(std::memchr(k, ':', static_cast<std::size_t>(e - k)));
      if (!colon) return false;
      const std::size_t i = table::find(std::string_view(k, static_cast<std::size_t>(colon - k)), f.index + 1);
      return i != table::not_found && line_at(all, i, f, bits, line, k, e) > 0;
    }
  }
  /// line_of<i>() (0 when i is no field).
  template <std::size_t... I>
  TOON_DETAIL_FORCE_INLINE static int line_at(std::index_sequence<I...>, [[maybe_unused]] std::size_t i,
                                            [[maybe_unused]] frame& f, [[maybe_unused]] std::uint64_t* bits,
                                            [[maybe_unused]] const char* line, [[maybe_unused]] const char* k,
                                            [[maybe_unused]] const char* e) {
    int r = 0;
    (void)((i == I && ((r = line_of<I>(f, bits, line, k, e)), true)) || ...);
    return r;
  }
  /// The first line_of<I>() that is not 0, in declaration order.
  template <std::size_t... I>
  TOON_DETAIL_FORCE_INLINE static int line_any(std::index_sequence<I...>, [[maybe_unused]] frame& f,
                                             [[maybe_unused]] std::uint64_t* bits, [[maybe_unused]] const char* line,
                                             [[maybe_unused]] const char* k, [[maybe_unused]] const char* e) {
    int r = 0;
    (void)(((r = line_of<I>(f, bits, line, k, e)) != 0) || ...);
    return r;
  }

  static bool field_line(frame& f, std::uint64_t* bits, const char* k, const char* e) {
    return k != e && take_line(f, bits, k, k, e);
  }

  static const char* field_lines(frame& f, std::uint64_t* bits, const char* p, const field_run& run,
                                 std::size_t& lines) {
    std::size_t taken = 0;
    p = run_lines(p, run,
                  [&](const char* line, const char* k, const char* nl, const char* after, const char*& next)
                      TOON_DETAIL_FORCE_INLINE_LAMBDA { return take_one(f, bits, line, k, nl, after, run, next, taken); });
    lines = taken;
    return p;
  }

  /// One line [k, nl) of the object (starting at `line`; nl its line feed or the document's
  /// end, `after` where the next line starts): taken with the lines that belong to it (true:
  /// `next` is where the line after them starts, `taken` counts them) or not (false, `next`
  /// unchanged).
  TOON_DETAIL_FORCE_INLINE static bool take_one(frame& f, std::uint64_t* bits, const char* line, const char* k,
                                              const char* nl, const char* after, const field_run& run,
                                              const char*& next, std::size_t& taken) {
    if constexpr (has_block_keys || has_table_keys || has_list_keys) {
      if (nl[-1] == ':') {  // perhaps a struct field's `name:` line, a table's or a list's header
        const char* end = nullptr;
        int r = 0;
        if constexpr (has_block_keys) r = take_block(f, bits, k, nl, run, end, taken);
        if constexpr (has_table_keys || has_list_keys)
          if (r == 0) r = take_sequence(f, bits, k, nl, run, end, taken);
        if (r != 0) {
          if (r > 0) next = end;
          return r > 0;
        }
      }
    }
    if (!take_line(f, bits, line, k, nl)) {
      if constexpr (has_array_keys) {
        if (run.room != 0 && take_array(f, bits, line, k, nl) > 0) {
          ++taken;
          next = after;
          return true;
        }
      }
      return false;
    }
    ++taken;
    next = after;
    return true;
  }

  // ---- a table of structs read straight from its lines ---------------------------------------
  //
  // `name[N]{a,b,c}:` (N without leading zeros; `[N|]`, `[N\t]`: that delimiter, also between
  // the names) for sequence field I whose element struct has exactly the fields a, b, c in
  // that order, all read from a row's line: taken with its rows when the N lines after it are
  // rows at the next level that the row-line reader takes (as the parser would offer them),
  // the line after them ends the table as run_block_end() says and the depth limit leaves room
  // for the array and its rows' objects. Otherwise none is, and the parser reads the table
  // into the field again from the start.

  /// 1: field I's table or list taken (`next`: the line after its rows or items, `taken`
  /// counts the lines); 0: [k, nl) is not field I's table or list header; -1: it is, not taken.
  template <std::size_t I>
  static int sequence_of(frame& f, std::uint64_t* bits, const char* k, const char* nl, const field_run& run,
                         const char*& next, std::size_t& taken) {
    if constexpr (!table_key<I> && !list_key<I>) {
      return 0;
    } else {
      constexpr std::string_view name = table::info::names[I];
      constexpr std::size_t n = name.size();
      using F = field_type<I>;
      using E = typename F::value_type;
      using row = object_frame<E, false>;
      // name, '[', a digit, ']', ':'
      if (static_cast<std::size_t>(nl - k) < n + 4 || k[n] != '[' || std::memcmp(k, name.data(), n) != 0) return 0;
      const std::uint64_t bit = std::uint64_t(1) << (I % 64);
      if ((bits[I / 64] & bit) || run.room < 2 || run.indent == 0) return -1;
      std::size_t count = 0;
      char delim = ',';
      const char* p = fast::bracket(k + n + 1, nl, count, delim);
      if (!p) return -1;
      F& c = table::info::template get<I>(*static_cast<T*>(f.target));
      const std::size_t spaces = run.spaces + run.indent;
      const char* q = run_next_line(nl, run);
      if (nl - p == 1 && *p == ':') {  // `name[N]:` list items
        if constexpr (list_key<I>) {
          c.clear();
          if constexpr (requires { c.reserve(count); })
            c.reserve(std::min(count, static_cast<std::size_t>(run.end - q) / (spaces + 4) + 1));
          const field_run items_run{run.end, spaces, run.indent, run.max_line, run.room - 1, run.eof};
          std::size_t lines = 0;
          q = row::items(c, q, count, items_run, lines);
          if (!q || !run_block_end(q, run)) return -1;
          bits[I / 64] |= bit;
          f.index = I;
          next = q;
          taken += lines + 1;
          return 1;
        } else {
          return -1;
        }
      }
      if constexpr (!table_key<I>) {
        return -1;
      } else {
        // `name[N]{a,b}:` table rows
        if (nl - p < 2 || *p++ != '{') return -1;
        const bool names_match = [&]<std::size_t... J>(std::index_sequence<J...>) {
          return ([&] {
            constexpr std::string_view column = row::table::info::names[J];
            if (static_cast<std::size_t>(nl - p) < column.size() + 1 ||
                std::memcmp(p, column.data(), column.size()) != 0)
              return false;
            p += column.size();
            return *p++ == (J + 1 == sizeof...(J) ? '}' : delim);
          }() && ...);
        }(std::make_index_sequence<row::size>{});
        if (!names_match || nl - p != 1 || *p != ':') return -1;
        c.clear();
        if constexpr (requires { c.reserve(count); })
          c.reserve(std::min(count, static_cast<std::size_t>(run.end - q) / (spaces + 2) + 1));
        for (std::size_t i = 0; i < count; ++i) {
          if (!fast::indented(q, run.end, spaces)) return -1;
          const char* b = q + spaces;
          const char* e = run_line_end(b, run);
          if (!e || e == b || static_cast<std::size_t>(e - q) > run.max_line || e[-1] == ' ' || e[-1] == '\r' ||
              *b == '\t' || *b == '#')  // to be trimmed, a tab in the indentation, a comment (§5.1)
            return -1;
          c.emplace_back();
          if (!row::line_fill(c.back(), b, e, delim)) return -1;
          q = run_next_line(e, run);
        }
        if (!run_block_end(q, run)) return -1;
        bits[I / 64] |= bit;
        f.index = I;
        next = q;
        taken += count + 1;
        return 1;
      }
    }
  }
  /// The header line [k, nl) as some field's table or list: sequence_of().
  static int take_sequence(frame& f, std::uint64_t* bits, const char* k, const char* nl, const field_run& run,
                           const char*& next, std::size_t& taken) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      int r = 0;
      (void)(((r = sequence_of<I>(f, bits, k, nl, run, next, taken)) != 0) || ...);
      return r;
    }(std::make_index_sequence<size>{});
  }

  // ---- list items of T read straight from the text -------------------------------------------
  //
  // `count` items from q, each: a line of exactly `run.spaces` spaces, `- ` and T's first field
  // as take_one() reads it at the indentation of the item's other fields (`run.spaces +
  // run.indent`: a struct field's object, a table's rows or a list's items below it one level
  // deeper again, as the parser places them), then the item's other lines as field_lines()
  // reads them; each item with every required field. Taken all or none (nullptr: `c` holds
  // some items, which the caller discards), as the parser would read them into new elements.

  /// The items appended to `c`; where the line after them starts (`taken` counts the lines).
  template <class C>
  static const char* items(C& c, const char* q, std::size_t count, const field_run& run, std::size_t& taken) {
    if (run.room == 0 || run.indent == 0) return nullptr;
    const field_run sub{run.end, run.spaces + run.indent, run.indent, run.max_line, run.room - 1, run.eof};
    for (std::size_t i = 0; i < count; ++i) {
      if (!fast::indented(q, run.end, run.spaces)) return nullptr;
      const char* h = q + run.spaces;
      const char* nl = run_line_end(h, run);
      if (nl == nullptr) return nullptr;
      const char* after = run_next_line(nl, run);
      // `- ` and the first field's line (one space after the hyphen: the parser skips more)
      if (nl - h < 4 || h[0] != '-' || h[1] != ' ' || h[2] == ' ' || static_cast<std::size_t>(nl - q) > run.max_line)
        return nullptr;
      c.emplace_back();
      frame g;
      g.ops = &table_ops;
      g.target = &c.back();
      g.index = static_cast<std::size_t>(-1);
      std::uint64_t bits[table::words] = {};
      if (!take_one(g, bits, q, h + 2, nl, after, sub, q, taken)) return nullptr;
      std::size_t lines = 0;
      q = field_lines(g, bits, q, sub, lines);
      taken += lines;
      for (std::size_t w = 0; w < table::words; ++w)
        if (table::required_mask[w] & ~bits[w]) return nullptr;
    }
    return q;
  }

  // ---- a sequence field's inline array read straight from its line --------------------------
  //
  // `name[N]: a,b,c` (N without leading zeros; `[N|]`, `[N\t]`: that delimiter) is taken for
  // sequence field I when exactly N cells follow ": ", each read by the element's line_cell()
  // as in a table row (no space around a cell, quoted strings without a backslash), and the
  // depth limit leaves room for the array. Otherwise it is not, and the parser reads the line
  // into the field again from the start (clearing what this attempt appended).

  /// 1: the line [k, e) read into field I; 0: not field I's inline array; -1: it is, not taken.
  template <std::size_t I>
  TOON_DETAIL_FORCE_INLINE static int array_of(frame& f, std::uint64_t* bits, const char* line, const char* k,
                                             const char* e) {
    if constexpr (!array_key<I>) {
      return 0;
    } else {
      constexpr std::string_view name = table::info::names[I];
      constexpr std::size_t n = name.size();
      // name, '[', a digit, ']', ':', ' ' and a byte of value
      if (static_cast<std::size_t>(e - k) < n + 6 || k[n] != '[' || std::memcmp(k, name.data(), n) != 0) return 0;
      const std::uint64_t bit = std::uint64_t(1) << (I % 64);
      if (bits[I / 64] & bit) return -1;  // a repeated key: the parser's
      std::size_t count = 0;
      char delim = ',';
      const char* p = fast::bracket(k + n + 1, e, count, delim);
      if (!p || e - p < 3 || p[0] != ':' || p[1] != ' ' || p[2] == ' ') return -1;
      p += 2;
      using F = field_type<I>;
      F& c = table::info::template get<I>(*static_cast<T*>(f.target));
      c.clear();
      if constexpr (requires { c.reserve(count); })
        c.reserve(std::min(count, static_cast<std::size_t>(e - p) / 2 + 1));
      for (std::size_t i = 0;; p = p + 1) {
        if (++i > count) return -1;
        c.emplace_back();
        p = decode_traits<typename F::value_type>::line_cell(&c.back(), p, e, line, delim);
        if (!p) return -1;
        if (p == e) {
          if (i != count) return -1;
          break;
        }
      }
      bits[I / 64] |= bit;
      f.index = I;
      return 1;
    }
  }
  /// The line [k, e) (readable from `line`) as some sequence field's inline array: array_of().
  static int take_array(frame& f, std::uint64_t* bits, const char* line, const char* k, const char* e) {
    if (e[-1] == ' ' || e[-1] == '\r') return -1;  // to be trimmed
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      int r = 0;
      (void)(((r = array_of<I>(f, bits, line, k, e)) != 0) || ...);
      return r;
    }(std::make_index_sequence<size>{});
  }

  // ---- a struct field's object read straight from the text ----------------------------------
  //
  // `name:` (the line [k, nl)) opens the object of struct field I; its lines are those at the
  // indentation + 1 level that follow. They are taken together with the `name:` line when the
  // nested object's field_lines() takes every one of them, the line after them is the end of
  // that object for any reader (a complete line, not blank, indented a whole number of levels
  // no deeper than this object's), the object has every required field and the depth limit
  // leaves room for it. Otherwise none is: the lines go to the parser, which reads the same
  // values into the fields the attempt wrote and reports what is wrong, as without this path.

  /// 1: field I's `name:` line and object taken (`next`: where the line after them starts,
  /// `taken` counts them); 0: [k, nl) is not field I's `name:` line; -1: it is, not taken.
  template <std::size_t I>
  TOON_DETAIL_FORCE_INLINE static int block_of(frame& f, std::uint64_t* bits, const char* k, const char* nl,
                                             const field_run& run, const char*& next, std::size_t& taken) {
    if constexpr (!block_key<I>) {
      return 0;
    } else {
      constexpr std::string_view name = table::info::names[I];
      if (static_cast<std::size_t>(nl - k) != name.size() + 1 || std::memcmp(k, name.data(), name.size()) != 0)
        return 0;
      const std::uint64_t bit = std::uint64_t(1) << (I % 64);
      if ((bits[I / 64] & bit) || run.room == 0 || run.indent == 0) return -1;
      using F = field_type<I>;
      using inner = object_frame<typename block_struct<F>::type, false>;
      frame g;
      g.ops = &inner::table_ops;
      F& field = table::info::template get<I>(*static_cast<T*>(f.target));
      if constexpr (is_optional<F>::value) {
        if (!field) field.emplace();  // as the object's start does (an engaged one is decoded in place)
        g.target = &*field;
      } else {
        g.target = &field;
      }
      g.index = static_cast<std::size_t>(-1);
      std::uint64_t inner_bits[inner::table::words] = {};
      const field_run sub{run.end, run.spaces + run.indent, run.indent, run.max_line, run.room - 1, run.eof};
      std::size_t lines = 0;
      const char* q = inner::field_lines(g, inner_bits, run_next_line(nl, run), sub, lines);
      if (!run_block_end(q, run)) return -1;
      for (std::size_t w = 0; w < inner::table::words; ++w)
        if (inner::table::required_mask[w] & ~inner_bits[w]) return -1;
      bits[I / 64] |= bit;
      f.index = I;
      next = q;
      taken += lines + 1;
      return 1;
    }
  }
  /// The `name:` line [k, nl): a struct field's object taken (1), not taken (-1), or no such
  /// field (0).
  static int take_block(frame& f, std::uint64_t* bits, const char* k, const char* nl, const field_run& run,
                        const char*& next, std::size_t& taken) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      int r = 0;
      (void)(((r = block_of<I>(f, bits, k, nl, run, next, taken)) != 0) || ...);
      return r;
    }(std::make_index_sequence<size>{});
  }

  static bool field_seen(const std::uint64_t* bits, std::string_view k) noexcept {
    const std::size_t i = table::find(k, size);
    return i != table::not_found && (bits[i / 64] & (std::uint64_t(1) << (i % 64))) != 0;
  }

  static bool end(typed_decoder& d, frame& f) {
    const std::size_t bits_at = f.aux;
    for (std::size_t w = 0; w < table::words && !d.options().all_defaulted; ++w) {
      std::uint64_t missing = table::required_mask[w] & ~d.bits()[bits_at + w];
      while (missing) {
        const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(missing));
        missing &= missing - 1;
        std::string path = d.frame_path();
        typed_decoder::append_key_segment(path, object_info<T>::names[i]);
        if (!d.report_at(error_code::missing_field, "missing required field", f.start, std::move(path)))
          return false;
      }
    }
    d.release_bits(bits_at);
    return true;
  }

  static void segment(const frame& f, std::string& path) {
    if (f.index < size) typed_decoder::append_key_segment(path, object_info<T>::names[f.index]);
  }

  static constexpr frame_ops table_ops{&key,
                                       &pending_slot,
                                       nullptr,
                                       &end,
                                       &segment,
                                       nullptr,
                                       &field_index,
                                       &row,
                                       &text_row,
                                       &key_text,
                                       &ordered_row,
                                       size,
                                       nullptr,
                                       nullptr,
                                       has_line_keys ? &field_lines : nullptr,
                                       has_line_keys ? &field_line : nullptr,
                                       has_line_keys ? &field_seen : nullptr};

  /// Opens the frame for `target`.
  static void open(typed_decoder& d, void* target, std::size_t offset) {
    std::vector<std::uint64_t>& bits = d.bits();
    const std::size_t at = bits.size();
    for (std::size_t w = 0; w < table::words; ++w) bits.push_back(0);
    frame f;
    f.ops = &table_ops;
    f.target = target;
    f.index = static_cast<std::size_t>(-1);
    f.aux = at;
    f.start = offset;
    d.push(f);
  }
};

template <class T>
struct decode_traits<T, type_kind::object> : object_kind<T> {
  static bool start_object(typed_decoder& d, void* p, std::size_t, std::size_t offset) {
    object_frame<T, false>::open(d, p, offset);
    return true;
  }
};

/// Operations of T as a tagged variant alternative: its tag field is not an unknown field.
template <class T>
struct tagged_object_traits : object_kind<T> {
  static bool start_object(typed_decoder& d, void* p, std::size_t, std::size_t offset) {
    object_frame<T, true>::open(d, p, offset);
    return true;
  }
  static void describe(std::string& out) { out += "object"; }
};

template <class T>
inline constexpr type_ops tagged_object_ops{&decode_traits<T>::primitive, &tagged_object_traits<T>::start_object,
                                            &decode_traits<T>::start_array, &decode_traits<T>::describe};

}  // namespace toon::detail
