// MCP-DSL `tools/call` requests as models write them: compile_tool_call() (toon/dsl/mcp_dsl.hpp),
// shared by the stream interceptor, the MCP client and the tool catalog.
#include "toon/dsl/mcp_dsl.hpp"
#include "toon/detail/linkage.hpp"

#include <string>

namespace toon::mcp_dsl {

namespace {

constexpr std::string_view tool_call_method = "tools/call";

error not_a_tool_call(std::string message) { return error{error_code::type_mismatch, std::move(message)}; }

// Offset just past `> tools/call` in `dsl` (after leading blank lines and blanks) when `#`, a
// blank or `{` follows, else npos.
std::size_t after_method(std::string_view dsl) noexcept {
  std::size_t i = 0;
  while (i < dsl.size() && (dsl[i] == ' ' || dsl[i] == '\t' || dsl[i] == '\n' || dsl[i] == '\r')) ++i;
  if (i >= dsl.size() || dsl[i] != '>') return std::string_view::npos;
  ++i;
  while (i < dsl.size() && (dsl[i] == ' ' || dsl[i] == '\t')) ++i;
  if (dsl.substr(i, tool_call_method.size()) != tool_call_method) return std::string_view::npos;
  i += tool_call_method.size();
  if (i >= dsl.size() || (dsl[i] != '#' && dsl[i] != ' ' && dsl[i] != '\t' && dsl[i] != '{')) return std::string_view::npos;
  return i;
}

}  // namespace

TOON_FUNC bool starts_tool_call(std::string_view text) noexcept { return after_method(text) != std::string_view::npos; }

TOON_FUNC result<tool_call> compile_tool_call(std::string_view dsl, const compile_options& options) {
  // Without an id the request is compiled with id 0 inserted after the method (and reported
  // with a null id); errors after that point are moved back to the columns of the text given.
  const std::size_t at = after_method(dsl);
  if (at == std::string_view::npos) return not_a_tool_call("not a tools/call request");
  const bool add_id = dsl[at] != '#';
  std::string with_id;
  std::uint32_t id_line = 0;
  std::uint32_t id_column = 0;
  if (add_id) {
    with_id.reserve(dsl.size() + 2);
    with_id.append(dsl.substr(0, at)).append("#0").append(dsl.substr(at));
    const location loc = location_of(dsl, at);
    id_line = loc.line;
    id_column = loc.column;
  }
  result<value> v = compile_one(add_id ? std::string_view(with_id) : dsl, options);
  if (!v) {
    error e = std::move(v).error();
    if (add_id && e.line == id_line && e.column > id_column) {
      e.column -= 2;
      if (e.source_column > 2) e.source_column -= 2;
      if (e.source_line.size() >= id_column + 1 && e.source_line.compare(id_column - 1, 2, "#0") == 0)
        e.source_line.erase(id_column - 1, 2);
    }
    return e;
  }
  const value& item = *v;
  const value* method = item.is_object() ? item.find("method") : nullptr;
  if (method == nullptr || !method->is_string() || method->as_string() != tool_call_method ||
      item.find("result") != nullptr || item.find("error") != nullptr || item.find("id") == nullptr)
    return not_a_tool_call("not a tools/call request");
  const value* params = item.find("params");
  const value* name = params != nullptr && params->is_object() ? params->find("name") : nullptr;
  if (name == nullptr || !name->is_string() || name->as_string().empty())
    return not_a_tool_call("a tools/call request without a tool name");
  tool_call call;
  if (!add_id) call.id = *item.find("id");
  call.name = name->as_string();
  if (const value* args = params->find("arguments")) {
    if (!args->is_object()) return not_a_tool_call("the arguments are not an object");
    call.arguments = *args;
  }
  return call;
}

}  // namespace toon::mcp_dsl
