// toon/mcp/compact.hpp - a foreign MCP server's tools in compact form: each tool's inputSchema
// converted to typed params (toon/schema_import.hpp), emitted as a TOON tools table
// `tools[N]{name,description,params}:` and, when wanted, the described form: the same table with
// every parameter description in its params cell (`path!'File path'`: a plain string parameter
// is its name alone there), the usual text of parameters of one name written once in
// `param_descriptions:`, other texts that several parameters share once in
// `descriptions[M]: text,...` and referenced as `*N`. The
// building blocks of `toon mcp tools` and of a compacting proxy (docs/mcp.md, "Compact tools of
// any server").
//
//   auto tools = client.list_tools();
//   std::vector<toon::mcp::compact_tool> compact = toon::mcp::compact_tools(*tools);
//   std::string table = toon::mcp::tools_table(compact);
//   std::string described = toon::mcp::described_tools_table(compact);
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <string>
#include <utility>
#include <vector>

#include "toon/mcp/client.hpp"
#include "toon/options.hpp"
#include "toon/schema.hpp"
#include "toon/schema_import.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

/// One tool in compact form.
struct compact_tool {
  std::string name{};
  /// The tool's description, each run of white space made one space (none at the ends).
  std::string description{};
  /// The parameters, converted from the inputSchema; param::description holds each parameter's
  /// description (nested fields too) when the conversion kept them, white space collapsed as in
  /// `description`.
  toon::schema params{};
  /// What the conversion dropped (see toon::schema_loss).
  std::vector<toon::schema_loss> losses{};
};

/// Converts one listed tool (its name, description and inputSchema).
[[nodiscard]] compact_tool compact(const tool_info& tool, const json_schema_import_options& options = {});

/// Converts every listed tool, in order.
[[nodiscard]] std::vector<compact_tool> compact_tools(const std::vector<tool_info>& tools,
                                                      const json_schema_import_options& options = {});

/// The tools table as a value: {"tools":[{"name","description","params"},...]}, params being
/// the typed-param text; the same shape as tool_catalog::tools_table_value.
[[nodiscard]] value tools_table_value(const std::vector<compact_tool>& tools);
/// The TOON tools table: `tools[N]{name,description,params}:` and one row per tool.
[[nodiscard]] std::string tools_table(const std::vector<compact_tool>& tools, const encode_options& options = {});

/// The descriptions by name of the described form: for each parameter (or nested field) name of
/// `tools`, in order of first appearance, the text that parameters of that name have most often,
/// when it is had at least twice more often than parameters of that name have none (those are
/// written with `''`).
[[nodiscard]] std::vector<std::pair<std::string, std::string>> named_descriptions(const std::vector<compact_tool>& tools);

/// The description texts that occur more than once in the parameters of `tools` (parameters,
/// nested fields, array elements, union alternatives; tool descriptions not counted, nor a
/// parameter's text that named_descriptions(tools) gives by its name), in order of first
/// appearance: the table of shared descriptions of the described form.
[[nodiscard]] std::vector<std::string> shared_descriptions(const std::vector<compact_tool>& tools);

/// The described form as a value: {"tools":[{"name","description","params"},...],
/// "param_descriptions":{"name":"text",...},"descriptions":["text",...]}: each params text
/// written with its descriptions and plain strings as names alone (format_typed_params with
/// typed_params_format_options::descriptions and implicit_string: `path!'File path'`), the texts
/// of named_descriptions(tools) left out at parameters of their name, the N-th text of
/// shared_descriptions(tools) written as `*N`; "param_descriptions" and "descriptions" left out
/// when empty. Read back with parse_typed_params, the members of "param_descriptions" in
/// typed_params_options::name_descriptions and the texts of "descriptions" in
/// typed_params_options::description_table.
[[nodiscard]] value described_tools_value(const std::vector<compact_tool>& tools);
/// The described form as TOON: `tools[N]{name,description,params}:` with descriptions in the
/// params cells, then `param_descriptions:` and `descriptions[M]: text,...` when not empty.
[[nodiscard]] std::string described_tools_table(const std::vector<compact_tool>& tools,
                                                const encode_options& options = {});

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
