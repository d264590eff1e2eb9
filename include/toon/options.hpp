// toon/options.hpp - encoder and decoder options.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <cstdint>

#include "toon/replacer.hpp"

namespace toon {

/// The delimiter of inline arrays and tabular rows (§11).
enum class delimiter : char { comma = ',', tab = '\t', pipe = '|' };

/// Encoder options (§13).
struct encode_options {
  /// Spaces per indentation level. 0 writes no indentation (as the reference encoder
  /// does; such output is not decodable); negative values count as 0.
  int indent_size = 2;
  /// Document delimiter: used for arrays and for quoting decisions.
  toon::delimiter delimiter = toon::delimiter::comma;
  /// Called for the root and every member and element before they are encoded, to keep, omit,
  /// replace or pre-format them (toon/replacer.hpp). Empty (the default): values are encoded
  /// as they are, and the encoder does not look at it again.
  replacer_function replacer = {};
  /// Leave out object members whose value is null: for C++ values an empty std::optional, a
  /// null smart pointer or `const char*`, std::nullptr_t, std::monostate, and a NaN or
  /// infinite floating-point number (all written `null`). Object members only, at any depth
  /// (also the members of list items, table rows and keyed table entries); array elements are
  /// never left out, since that would shift the indices of the elements after them. Applied
  /// after the replacer, to what it returns. Off by default: the output is then the reference
  /// encoder's, byte for byte.
  bool omit_null = false;
  /// Leave out object members whose value is an empty array (an empty vector, set, ...) or an
  /// empty object (an empty map, a struct without members), judged after omission inside
  /// them: a member whose members are all left out is left out too. Object members only, as
  /// for omit_null; an empty array or object that is an array element or the root stays.
  /// Applied after the replacer. Off by default.
  ///
  /// With either option, forms are chosen on what remains: rows that lose different members
  /// are no longer uniform and are written as a list instead of a table, and decoding the
  /// output gives the input without the omitted members. toon::encode(x, o) stays equal to
  /// toon::encode(toon::to_value(x), o).
  bool omit_empty = false;
};

/// Decoder options (§13) and limits against hostile input.
struct decode_options {
  /// Spaces per indentation level (>= 1).
  int indent_size = 2;
  /// Enforce every check of §14 (counts, widths, indentation, duplicates, UTF-8, ...).
  /// Non-strict mode keeps only the recoveries spec 4.4 lists: last-write-wins duplicates,
  /// counts not enforced, floor(indent / indent_size) depth, a tab in indentation counts as
  /// one level, blank (and tab-only) lines inside arrays ignored, UTF-8 not validated.
  /// Structural errors (malformed headers, stray lines, trailing content) fail in both modes.
  bool strict = true;
  /// Maximum nesting depth of arrays and objects; deeper input fails with depth_limit.
  std::size_t max_depth = 256;
  /// Maximum input size in bytes; larger input fails with size_limit.
  std::size_t max_input_size = std::size_t(1) << 30;
  /// Maximum length of one line in bytes (line break excluded); a longer line fails with
  /// size_limit. It bounds what a stream_decoder buffers for an unfinished line.
  std::size_t max_line_size = std::size_t(64) << 20;

  // Typed decoding (toon::decode<T>) only:
  /// Skip fields the target type does not have, instead of failing with unknown_field.
  bool ignore_unknown_fields = false;
  /// Keep decoding after a field error (type mismatch, out of range, unknown field or enum,
  /// missing field) and report every one: the first in the returned error, the others in
  /// error::more. Syntax errors still stop decoding at once.
  bool collect_all_errors = false;
  /// Every field of every object type may be absent: an absent field keeps the value the
  /// target already has (T{}'s for toon::decode<T>), as if each type had
  /// meta<T>::all_defaulted, instead of failing with missing_field. The matching schema is
  /// toon::schema_of<T>(options).
  bool all_defaulted = false;
};

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
