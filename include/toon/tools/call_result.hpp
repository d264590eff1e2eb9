// toon/tools/call_result.hpp - the outcome of a tools/call dispatched by toon::tool_catalog,
// and its MCP / JSON-RPC forms (docs/tools.md, "Dispatch").
//
//   toon::call_result r = catalog.call_mcp(params);
//   if (r.is_protocol_error()) reply_error(r.jsonrpc_code(), r.text);   // unknown tool: -32602
//   else reply_result(r.to_mcp());     // {"content":[{"type":"text","text":...}],"isError":...}
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "toon/error.hpp"
#include "toon/value.hpp"

namespace toon {

/// How a tools/call ended.
enum class call_status : unsigned char {
  ok,                 ///< the handler ran; `text` is its result
  invalid_arguments,  ///< malformed or invalid arguments; the handler did not run (isError: true)
  tool_failed,        ///< the handler returned an error or threw (isError: true)
  unknown_tool,       ///< no tool of that name: a protocol error (JSON-RPC -32602)
  invalid_request,    ///< the call itself is malformed (no tool name, ...): JSON-RPC -32602
};

/// Short stable name of a status, e.g. "invalid_arguments".
[[nodiscard]] std::string_view to_string(call_status status) noexcept;

/// JSON-RPC 2.0 "Invalid params": MCP's code for an unknown tool or a malformed call.
inline constexpr int jsonrpc_invalid_params = -32602;

/// The outcome of one tools/call: a status, the text for the model, and the structured errors.
struct call_result {
  call_status status = call_status::ok;
  /// The text of the MCP result: the handler's result as TOON (a string result as it is), or
  /// the error report, written for a model to act on (docs/tools.md, "Error format").
  std::string text{};
  /// The errors behind a failed call: every argument violation (each with its path), the
  /// parse error of malformed arguments (with line and column), or the handler's error.
  std::vector<error> errors{};
  /// The handler's typed result as a JSON-model value, for MCP `structuredContent` (see
  /// tool::output_schema): set on success when the handler returns a type the typed encoder
  /// accepts (not a string, void or toon::value). A struct result is its value as it is; any
  /// other type is wrapped as {"result": value}. Not part of to_mcp().
  std::optional<value> structured{};
  /// MCP content blocks (an array) sent instead of the one text block made of `text`: a
  /// handler that passes another server's result on (docs/mcp.md, "Proxy") sets them.
  std::optional<value> content{};

  /// True unless the handler ran and succeeded.
  [[nodiscard]] bool is_error() const noexcept { return status != call_status::ok; }
  /// True for unknown_tool and invalid_request: errors of the protocol, not of the tool.
  [[nodiscard]] bool is_protocol_error() const noexcept {
    return status == call_status::unknown_tool || status == call_status::invalid_request;
  }
  /// The JSON-RPC error code of a protocol error (jsonrpc_invalid_params), else 0.
  [[nodiscard]] int jsonrpc_code() const noexcept { return is_protocol_error() ? jsonrpc_invalid_params : 0; }

  /// The MCP CallToolResult: {"content":[{"type":"text","text":text}],"isError":is_error()}
  /// (`content` instead, when set).
  [[nodiscard]] value to_mcp() const;
  /// A whole JSON-RPC 2.0 response to the request `id`: {"jsonrpc":"2.0","id":id,"result":
  /// to_mcp()}, or for a protocol error {"jsonrpc":"2.0","id":id,"error":{"code":-32602,
  /// "message":text}}.
  [[nodiscard]] value to_jsonrpc(const value& id) const;
};

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
