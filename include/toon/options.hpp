// toon/options.hpp - encoder and decoder options.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

/// What repair mode changed to read a document (docs/llm-output.md). Stable numeric values.
enum class repair_kind : std::uint8_t {
  length,            ///< a declared [N] differs from the items, rows or entries present: kept those present
  indent_size,       ///< the document is indented by another number of spaces per level than indent_size
  tab_indentation,   ///< a tab in a line's indentation, read as one level (a tab-only line as blank)
  blank_line,        ///< a blank line inside an array, ignored
  enum_case,         ///< typed: an enumerator name in another case (decode_options::leniency)
  number_in_string,  ///< typed: a number given as a string, "42" (decode_options::leniency)
  trailing_delimiter,  ///< inline values ending with a delimiter, one more than [N]: the empty last value dropped
};

/// Short stable name of a repair kind, e.g. "length".
[[nodiscard]] std::string_view to_string(repair_kind kind) noexcept;

/// One repair: what was wrong where, and what was assumed to read it.
struct repair {
  repair_kind kind = repair_kind::length;
  std::uint32_t line = 0;    ///< 1-based line of what was repaired (0 when not tied to input)
  std::uint32_t column = 0;  ///< 1-based byte column (for length: the N of the header)
  std::string path{};        ///< path of the value concerned (e.g. "items"), may be empty
  std::string message{};     ///< what was found and what was assumed, e.g. "the header says 3, found 2 rows; kept 2"
  /// "line:col: path: message" (position and path left out when unknown or empty).
  [[nodiscard]] std::string to_string() const;
  friend bool operator==(const repair&, const repair&) = default;
};

/// Repair mode: which mistakes of model-written documents are read rather than rejected, each
/// recorded as a repair. Used by decode_options::repairs (see there).
struct repair_options {
  /// Typed decoding: an enumerator name that matches one only when case is ignored.
  bool enum_case = false;
  /// Typed decoding: a string holding a TOON number ("42", "4.5") for a numeric field.
  bool numbers_in_strings = false;
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

  /// Repair mode (docs/llm-output.md), on when not null: strict mode's checks stay, but these
  /// mistakes are read instead of rejected, each appended to *repairs: a declared [N] that
  /// differs from the items, rows or entries present (those present are kept), a document
  /// indented consistently by another number of spaces per level than indent_size (the size
  /// of its first indented line), tabs in indentation (one level each), trailing tabs, blank
  /// lines inside arrays, and, as `leniency` enables them, enumerator case and numbers in
  /// strings. Repairs are made only where they are recorded, so none is silent. Trailing
  /// spaces and a missing final newline are valid TOON: read in every mode, never reported.
  /// With strict = false, spec 4.4's recoveries are made as always, unreported.
  /// toon::decode_repaired() returns the value with its repairs.
  std::vector<toon::repair>* repairs = nullptr;
  /// What repair mode also accepts in typed decoding (off by default; needs `repairs`).
  repair_options leniency{};
};

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
