// toon/dsl/mcp_dsl.hpp - MCP-DSL: a compact language for Model Context Protocol messages and
// definitions, compiled to and from JSON-RPC 2.0 / MCP JSON (docs/mcp-dsl.md).
//
//   > tools/call#42 {name: "search", args: {query: "weather"}}
//   T forecast { desc: "Get a forecast" in: { city: str! days: int = 7 } @readonly }
//
// compile() turns a DSL document into one toon::value per top-level item (a JSON-RPC message,
// a tool / resource / prompt / resource-template definition, an array for a `T[] {...}`
// collection, an object for a `server` block). decompile() turns one such value back into
// the canonical (shortest, deterministic) DSL text, or says why it cannot be expressed.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "toon/error.hpp"
#include "toon/value.hpp"

namespace toon::mcp_dsl {

/// Limits applied while compiling DSL text. Whatever the input, the compiler recurses no
/// deeper than max_depth, works in time linear in the input and holds memory proportional to it
/// (docs/mcp-dsl.md, "Limits").
struct compile_options {
  /// Deepest nesting: objects, arrays, types, annotation values, capability path segments and
  /// the types that aliases stand for all count; deeper input fails with depth_limit.
  std::size_t max_depth = 256;
  /// Largest input in bytes; larger input fails with size_limit.
  std::size_t max_input_size = std::size_t{64} << 20;
};

/// Compiles a DSL document: one value per top-level item, in order. Errors carry the code
/// (dsl_syntax, invalid_escape, unterminated_string, duplicate_key, depth_limit, size_limit,
/// invalid_utf8: the whole text, comments included, must be UTF-8),
/// a message and the 1-based line and column, with the source line for format_error().
[[nodiscard]] result<std::vector<value>> compile(std::string_view dsl, const compile_options& options = {});

/// Compiles a document that must hold exactly one item (one message or one definition).
[[nodiscard]] result<value> compile_one(std::string_view dsl, const compile_options& options = {});

/// Compiles a document to JSON text: one compact JSON value per item, each ending with a
/// line break (JSON Lines), or pretty-printed with `indent` spaces when indent > 0.
[[nodiscard]] result<std::string> compile_to_json(std::string_view dsl, int indent = 0,
                                                  const compile_options& options = {});

/// What a top-level value is taken for when decompiling it.
enum class item_kind {
  automatic,          ///< a JSON-RPC message when it has "jsonrpc", else guessed from its keys
  message,            ///< a JSON-RPC 2.0 request, notification, response or error
  tool,               ///< an MCP Tool (`T name {...}`)
  resource,           ///< an MCP Resource (`R name {...}`)
  prompt,             ///< an MCP Prompt (`P name {...}`)
  resource_template,  ///< an MCP ResourceTemplate (`RT name {...}`)
};

/// Decompiles one value to canonical DSL (no trailing line break). Fails with
/// dsl_inexpressible (message naming the JSON path) when the DSL cannot express the value
/// exactly, so that compile(decompile(v)) == v whenever this succeeds.
[[nodiscard]] result<std::string> decompile(const value& item, item_kind kind = item_kind::automatic);

/// Decompiles several values, one item per line (each line ends with a line break).
[[nodiscard]] result<std::string> decompile_all(std::span<const value> items,
                                                item_kind kind = item_kind::automatic);

/// Parses JSON text (one value, an array of values, or a sequence of values such as JSON
/// Lines) and decompiles every message / definition in it, one line each.
[[nodiscard]] result<std::string> decompile_json(std::string_view json, item_kind kind = item_kind::automatic);

/// A `tools/call` request written in MCP-DSL, as compile_tool_call() reads it.
struct tool_call {
  value id{};                             ///< the request id; null when the text gives none
  std::string name{};                     ///< the tool's name (non-empty)
  value arguments = value(toon::object{});  ///< the arguments: always an object ({} when absent)
};

/// Whether `text` (after blank lines) starts a `tools/call` request: `>`, blanks, `tools/call`,
/// then `#`, a blank or `{`. What compile_tool_call() requires before compiling.
[[nodiscard]] bool starts_tool_call(std::string_view text) noexcept;

/// Compiles one `tools/call` request, as a model writes it to call a tool:
/// `> tools/call#3 {name: read_file, args: {path: "a.txt"}}`. The id may be left out here
/// (`> tools/call {name: git_status}`). Errors: the compiler's (dsl_syntax, ... with line and
/// column; without an id the columns are those of the text as given), and type_mismatch when the
/// text does not start so (starts_tool_call()) or is not one tools/call request, has no
/// non-empty string `name`, or arguments that are not an object.
[[nodiscard]] result<tool_call> compile_tool_call(std::string_view dsl, const compile_options& options = {});

}  // namespace toon::mcp_dsl

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_DSL  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
