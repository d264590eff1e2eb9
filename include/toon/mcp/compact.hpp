// toon/mcp/compact.hpp - a foreign MCP server's tools in compact form: each tool's inputSchema
// converted to typed params (toon/schema_import.hpp), emitted as a TOON tools table
// `tools[N]{name,description,params}:` and, when wanted, a second table of per-parameter
// descriptions `params[N]{param,description,tools}:`. The building blocks of `toon mcp tools`
// and of a compacting proxy (docs/mcp.md, "Compact tools of any server").
//
//   auto tools = client.list_tools();
//   std::vector<toon::mcp::compact_tool> compact = toon::mcp::compact_tools(*tools);
//   std::string table = toon::mcp::tools_table(compact);
//   std::string descriptions = toon::mcp::param_descriptions_table(compact);
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <string>
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

/// The per-parameter descriptions as a value: {"params":[{"param","description","tools"},...]},
/// one row per parameter path and description, `tools` naming (space-separated, in order) every
/// tool whose parameter of that path has that description, so that a description that several
/// tools share is written once. A text that an earlier row has already (under another path)
/// is written as that row's number, 1-based, an integer (a text is always a string), so that
/// every text is written once. Rows in order of first appearance; parameters without a
/// description have none. Nested fields are named by their path: `options.mode`,
/// `edits[].oldText` (array elements `[]`; union alternatives not marked), names that are not
/// bare typed-param names quoted as in the typed-param form; the descriptions of array
/// elements are at `edits[]`, those of union alternatives at `value|1`, `value|2`, ...
[[nodiscard]] value param_descriptions_value(const std::vector<compact_tool>& tools);
/// The TOON table of per-parameter descriptions: `params[N]{param,description,tools}:` (no
/// description at all gives `params: []`).
[[nodiscard]] std::string param_descriptions_table(const std::vector<compact_tool>& tools,
                                                   const encode_options& options = {});

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
