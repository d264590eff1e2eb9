// toon/json.hpp - bridge between toon::value / TOON text and JSON text.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

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
[[nodiscard]] result<value> from_json(std::string_view json);

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

}  // namespace toon
