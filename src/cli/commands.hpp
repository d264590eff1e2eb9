// cli/commands.hpp - the encode, decode and mcp commands of the toon tool.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "options.hpp"
#include "toon/error.hpp"

namespace toon_cli {

/// Exit statuses.
inline constexpr int exit_ok = 0;
inline constexpr int exit_data_error = 1;
inline constexpr int exit_usage = 2;

/// JSON -> TOON according to `opts`; returns the exit status (messages go to stderr).
int run_encode(const options& opts);

/// TOON -> JSON according to `opts`; returns the exit status (messages go to stderr).
int run_decode(const options& opts);

/// `toon mcp ...` (the arguments after "mcp"); returns the exit status (cli/mcp.cpp).
int run_mcp(const std::vector<std::string_view>& args);
/// `toon dsl compile|decompile ...` (the arguments after "dsl"; cli/dsl.cpp).
int run_dsl(const std::vector<std::string_view>& args);
/// `toon mcp proxy ARGS` (args after "proxy"; src/cli/mcp_proxy.cpp).
int run_mcp_proxy(const std::vector<std::string_view>& args);

/// Renders an error in `source` as `NAME:LINE:COL: message`, the source line and a caret
/// (toon::format_error), cutting very long lines down to a window around the column.
[[nodiscard]] std::string render_error(const toon::error& e, std::string_view source, std::string_view name);

/// For JSON input that failed to parse: a hint line when `source` is a TOON document (an object
/// or array) that does not begin with '{', since `toon encode` (the default for stdin) reads
/// JSON; else empty.
[[nodiscard]] std::string toon_input_hint(std::string_view source);

}  // namespace toon_cli
