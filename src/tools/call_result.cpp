// call_result: status names, the MCP CallToolResult and JSON-RPC response forms, and the
// constructors used by typed tool handlers (toon/tools/handler.hpp).
#include <string>
#include "toon/detail/linkage.hpp"
#include <string_view>
#include <utility>

#include "toon/schema.hpp"
#include "toon/tools/call_result.hpp"
#include "toon/tools/handler.hpp"

namespace toon {

TOON_FUNC std::string_view to_string(call_status status) noexcept {
  switch (status) {
    case call_status::ok: return "ok";
    case call_status::invalid_arguments: return "invalid_arguments";
    case call_status::tool_failed: return "tool_failed";
    case call_status::unknown_tool: return "unknown_tool";
    case call_status::invalid_request: return "invalid_request";
  }
  return "unknown";
}

TOON_FUNC value call_result::to_mcp() const {
  object out;
  if (content) {
    out.emplace_back("content", *content);
  } else {
    object content_item;
    content_item.emplace_back("type", "text");
    content_item.emplace_back("text", text);
    out.emplace_back("content", array{value(std::move(content_item))});
  }
  out.emplace_back("isError", is_error());
  return out;
}

TOON_FUNC value call_result::to_jsonrpc(const value& id) const {
  object out;
  out.emplace_back("jsonrpc", "2.0");
  out.emplace_back("id", id);
  if (is_protocol_error()) {
    object err;
    err.emplace_back("code", jsonrpc_code());
    err.emplace_back("message", text);
    out.emplace_back("error", std::move(err));
  } else {
    out.emplace_back("result", to_mcp());
  }
  return out;
}

namespace detail {

TOON_FUNC call_result tool_succeeded(std::string text) {
  call_result r;
  r.status = call_status::ok;
  r.text = std::move(text);
  return r;
}

TOON_FUNC call_result tool_returned_error(error e) {
  call_result r;
  r.status = call_status::tool_failed;
  r.errors.push_back(std::move(e));
  return r;
}

TOON_FUNC call_result tool_threw(std::string_view what) {
  call_result r;
  r.status = call_status::tool_failed;
  r.text = what.empty() ? std::string("unknown exception") : std::string(what);
  return r;
}

TOON_FUNC call_result arguments_not_decodable(error e) {
  // Typed decoding writes paths without a root (`tags[2]`, `options.depth`); validation
  // writes them from "args", and so does every report of the catalog.
  if (e.path.empty()) e.path = "args";
  else if (e.path.front() == '[') e.path.insert(0, "args");
  else e.path.insert(0, "args.");
  e.line = 0;
  e.column = 0;
  call_result r;
  r.status = call_status::invalid_arguments;
  r.errors.push_back(std::move(e));
  return r;
}

TOON_FUNC param_type with_nullable_optional_fields(param_type t) {
  for (param_type& item : t.items) item = with_nullable_optional_fields(std::move(item));
  for (param& field : t.fields) {
    field.type = with_nullable_optional_fields(std::move(field.type));
    const param_kind k = field.type.kind;
    if (!field.required && k != param_kind::any && k != param_kind::null) {
      bool has_null = false;
      if (k == param_kind::any_of)
        for (const param_type& alternative : field.type.items) has_null = has_null || alternative.kind == param_kind::null;
      if (!has_null) field.type = param_type::any_of({std::move(field.type), param_type(param_kind::null)});
    }
  }
  return t;
}

TOON_FUNC value structured_output_schema(param_type t, bool wrap) {
  param_type nullable = with_nullable_optional_fields(std::move(t));
  if (!wrap) return json_schema(nullable);
  param result;
  result.name = "result";
  result.type = std::move(nullable);
  result.required = true;
  return json_schema(param_type::object_with({std::move(result)}));
}

}  // namespace detail

}  // namespace toon
