// toon/json.hpp - bridge between toon::value / TOON text and JSON text.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "toon/error.hpp"
#include "toon/options.hpp"
#include "toon/value.hpp"

namespace toon {

/// JSON output options.
struct json_options {
  /// Spaces per level for pretty output; 0 gives compact output.
  int indent = 0;
};

/// Parses JSON text (RFC 8259) into a value, keeping key order (duplicate keys: last wins,
/// at the first position) and number precision (int64, uint64, exact big integers, double).
/// Arrays and objects nested deeper than 256 levels (TOON's default max_depth) fail with
/// error_code::depth_limit, so that neither reading nor copying or destroying the value can
/// exhaust a 1 MiB stack. Errors carry a 1-based line and column.
[[nodiscard]] result<value> from_json(std::string_view json);

/// Options of the JSON reader.
struct json_read_options {
  /// Reads a \u escape of a lone UTF-16 surrogate (`"\ud800"`, valid in the JSON grammar and
  /// written so by JavaScript's JSON.stringify) as U+FFFD, the replacement character, instead of
  /// failing; well-formed surrogate pairs stay exact. Off by default (a lone surrogate has no
  /// UTF-8 form); the MCP server, client and proxy turn it on.
  bool replace_lone_surrogates = false;
};

/// from_json() with options.
[[nodiscard]] result<value> from_json(std::string_view json, const json_read_options& options);

/// Writes `v` as JSON text. Doubles use the shortest round-trip form; NaN/Inf become null.
[[nodiscard]] std::string to_json(const value& v, const json_options& options = {});

/// Appends the JSON text for `v` to `out`.
void to_json_to(std::string& out, const value& v, const json_options& options = {});

/// Decodes TOON text straight to JSON text through the event stream, without building a
/// value tree. Strict mode only rejects duplicates, so the streaming path is exact; in
/// non-strict mode (where last-write-wins needs the tree) it decodes through a value.
[[nodiscard]] result<std::string> toon_to_json(std::string_view toon_text,
                                               const decode_options& decode = {},
                                               const json_options& json = {});

/// Converts JSON text to TOON text: the same bytes as toon::encode(from_json(json), options),
/// and the same errors as from_json (code, message, 1-based line and column; the same depth
/// limit of 256 levels), without
/// building a toon::value. The text is read once into a compact tape (8 bytes an entry,
/// strings left in `json`) that the encoder walks, so memory is about the size of the input
/// plus the output, against ten times the input through a value tree (docs/encoding.md,
/// "JSON text to TOON"). Options that rewrite the document (replacer, omit_null, omit_empty)
/// and the rare documents the tape does not hold (a repeated key, a root scalar, a lone
/// surrogate escape, 4 GiB or more) take the value path, with the same result. Throws
/// std::invalid_argument when options.delimiter is not one of comma, tab, pipe.
[[nodiscard]] result<std::string> json_to_toon(std::string_view json, const encode_options& options = {});

/// json_to_toon() appending the TOON text to `out` (reusing its capacity); on error `out` is
/// left as it was.
[[nodiscard]] result<void> json_to_toon_to(std::string& out, std::string_view json,
                                           const encode_options& options = {});

/// Receives TOON text in consecutive pieces (their concatenation is the document); returns
/// false to stop the conversion.
using text_sink = std::function<bool(std::string_view piece)>;

/// json_to_toon() handing the TOON text to `sink` as it is written, in pieces of at least
/// `piece_size` bytes (the last may be smaller; an empty document gives no call), so that
/// the output needs a buffer of about `piece_size` bytes instead of the whole document. The
/// JSON is read completely first: on invalid JSON `sink` is never called. When `sink` returns
/// false, the conversion stops with error_code::io_error. The `toon encode` command writes
/// through it.
[[nodiscard]] result<void> json_to_toon(std::string_view json, const encode_options& options, const text_sink& sink,
                                        std::size_t piece_size = std::size_t(1) << 20);

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
