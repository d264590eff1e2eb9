// cli/options.hpp - the toon command line: parsed options and the parser.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "toon/options.hpp"

namespace toon_cli {

/// Which way to convert.
enum class mode {
  automatic,  ///< from the input file's extension: ".toon" decodes, anything else encodes
  encode,     ///< JSON -> TOON
  decode,     ///< TOON -> JSON
};

/// Everything the command line selects.
struct options {
  mode direction = mode::automatic;
  /// Input path; empty or "-" reads standard input.
  std::string input;
  /// Output path; empty writes standard output.
  std::string output;
  toon::delimiter delimiter = toon::delimiter::comma;
  /// TOON indentation (encode output, decode input).
  int indent = 2;
  /// JSON indentation of decode output; unset follows `indent` (as the reference CLI does).
  std::optional<int> json_indent;
  bool strict = true;
  /// Encode: leave out object members that are null (encode_options::omit_null).
  bool omit_null = false;
  /// Encode: leave out object members that are empty arrays or objects (encode_options::omit_empty).
  bool omit_empty = false;
  /// Print sizes and estimated token counts of the JSON and TOON forms to stderr.
  bool stats = false;
  bool show_help = false;
  bool show_version = false;
};

/// Result of parsing argv: the options, or a usage error message.
struct parse_result {
  options opts;
  std::string error;  ///< non-empty: usage error (exit status 2)
};

/// Parses the arguments after the program name.
[[nodiscard]] parse_result parse_args(const std::vector<std::string_view>& args);

/// The direction to use for `opts` (resolves mode::automatic from the input name).
[[nodiscard]] mode resolve_mode(const options& opts);

/// True when `opts.input` names standard input.
[[nodiscard]] inline bool reads_stdin(const options& opts) { return opts.input.empty() || opts.input == "-"; }

/// Full --help text.
[[nodiscard]] std::string help_text();
/// --version text.
[[nodiscard]] std::string version_text();
/// Short hint printed after a usage error.
[[nodiscard]] std::string usage_hint();

}  // namespace toon_cli
