// toon/dsl/catalog.hpp - a tool catalog in MCP-DSL: its tools as `T` definitions for a prompt,
// and tools/call requests written in MCP-DSL dispatched to it (docs/mcp-dsl.md). Part of the
// toon::dsl component, so that the core catalog (toon/tools/catalog.hpp) needs no DSL.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <string>
#include <string_view>

#include "toon/dsl/mcp_dsl.hpp"
#include "toon/tools/catalog.hpp"

namespace toon::mcp_dsl {

/// The tools of `catalog` as MCP-DSL `T` definitions, one line each (decompile() of the entries
/// of catalog.mcp_tools_list(category), with json_schema(args_schema) as the inputSchema of a
/// tool without input_schema, so optional parameters are not written as nullable):
/// `T read_file {desc: "Read a file", in: {path: str!}}`, for models prompted in MCP-DSL. `"additionalProperties": false` is left out of the schemas
/// (the type syntax has no word for it; the catalog's call() still rejects unknown fields). All
/// tools, or those of `category`.
[[nodiscard]] std::string tools(const tool_catalog& catalog, std::string_view category = {});

/// Calls the tool that an MCP-DSL `tools/call` request names, as a model writes it
/// (`> tools/call#3 {name: read_file, args: {path: "a.txt"}}`, the id optional;
/// compile_tool_call()), with its arguments, through catalog.call(). Text that does not compile,
/// or is not such a request: call_status::invalid_request, with the compiler's error (line and
/// column) in `errors`.
[[nodiscard]] call_result call(const tool_catalog& catalog, std::string_view request);

}  // namespace toon::mcp_dsl

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_DSL  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
