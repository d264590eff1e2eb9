// cli/stats.hpp - `toon --stats`: sizes and estimated token counts of the JSON and TOON forms.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace toon_cli {

/// Bytes and estimated tokens of one text.
struct text_size {
  std::uint64_t bytes = 0;
  std::uint64_t tokens = 0;
};

/// Byte and token counts of the two forms of one document.
struct stats {
  std::uint64_t json_bytes = 0;  ///< the JSON as given (encode) or as written (decode)
  std::uint64_t json_tokens = 0;
  std::uint64_t toon_bytes = 0;
  std::uint64_t toon_tokens = 0;
  /// Encode: the compact JSON of the same data (no whitespace, plus the final newline), as
  /// `toon decode --json-indent 0` writes it.
  std::optional<text_size> compact;
};

/// The --stats report, each line ending with '\n'. Without `compact` (decode), three lines:
///
///     JSON                  1180 bytes  ~235 tokens
///     TOON                   328 bytes  ~118 tokens
///     saved                  852 bytes  ~117 tokens  (-72.2% bytes, -49.8% tokens)
///
/// with it (encode), five:
///
///     JSON input             979 bytes  ~235 tokens
///     JSON compact           701 bytes  ~190 tokens
///     TOON                   328 bytes  ~118 tokens
///     saved vs input         651 bytes  ~117 tokens  (-66.5% bytes, -49.8% tokens)
///     saved vs compact       373 bytes  ~72 tokens  (-53.2% bytes, -37.9% tokens)
[[nodiscard]] std::string format_stats(const stats& s);

/// Three lines comparing two forms of the same data, as format_stats() without `compact`
/// does, with other labels (`toon dsl --stats`: "JSON" and "DSL").
[[nodiscard]] std::string format_comparison(const char* from_label, text_size from, const char* to_label,
                                            text_size to);

}  // namespace toon_cli
