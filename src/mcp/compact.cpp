// A foreign server's tools in compact form (toon/mcp/compact.hpp).
#include "toon/mcp/compact.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../schema_internal.hpp"  // detail::is_bare_name
#include "toon/detail/typed_decoder.hpp"  // detail::append_json_escaped
#include "toon/encode.hpp"

namespace toon::mcp {

compact_tool compact(const tool_info& tool, const json_schema_import_options& options) {
  compact_tool out;
  out.name = tool.name;
  out.description = tool.description;
  imported_schema in = import_json_schema(tool.input_schema, options);
  out.params = std::move(in.params);
  out.losses = std::move(in.losses);
  return out;
}

std::vector<compact_tool> compact_tools(const std::vector<tool_info>& tools, const json_schema_import_options& options) {
  std::vector<compact_tool> out;
  out.reserve(tools.size());
  for (const tool_info& t : tools) out.push_back(compact(t, options));
  return out;
}

value tools_table_value(const std::vector<compact_tool>& tools) {
  array rows;
  rows.reserve(tools.size());
  for (const compact_tool& t : tools) {
    object row;
    row.reserve(3);
    row.emplace_back("name", t.name);
    row.emplace_back("description", t.description);
    row.emplace_back("params", format_typed_params(t.params));
    rows.emplace_back(std::move(row));
  }
  object out;
  out.emplace_back("tools", std::move(rows));
  return out;
}

std::string tools_table(const std::vector<compact_tool>& tools, const encode_options& options) {
  return encode(tools_table_value(tools), options);
}

namespace {

void append_name(std::string& out, std::string_view name) {
  if (toon::detail::is_bare_name(name)) {
    out += name;
  } else {
    out += '"';
    toon::detail::append_json_escaped(out, name);
    out += '"';
  }
}

void add_rows(array& rows, const std::string& tool, const std::string& prefix, const std::vector<param>& params);

// The fields reachable through a type: those of `{...}`, of array elements (`[]`), and of
// every alternative of a union.
void add_type_rows(array& rows, const std::string& tool, const std::string& prefix, const param_type& t) {
  switch (t.kind) {
    case param_kind::object:
      if (t.has_fields) add_rows(rows, tool, prefix + ".", t.fields);
      return;
    case param_kind::array:
      if (!t.items.empty()) add_type_rows(rows, tool, prefix + "[]", t.items.front());
      return;
    case param_kind::any_of:
      for (const param_type& alt : t.items) add_type_rows(rows, tool, prefix, alt);
      return;
    default: return;
  }
}

void add_rows(array& rows, const std::string& tool, const std::string& prefix, const std::vector<param>& params) {
  for (const param& p : params) {
    std::string name = prefix;
    append_name(name, p.name);
    if (!p.description.empty()) {
      object row;
      row.reserve(3);
      row.emplace_back("tool", tool);
      row.emplace_back("param", name);
      row.emplace_back("description", p.description);
      rows.emplace_back(std::move(row));
    }
    add_type_rows(rows, tool, name, p.type);
  }
}

}  // namespace

value param_descriptions_value(const std::vector<compact_tool>& tools) {
  array rows;
  for (const compact_tool& t : tools) add_rows(rows, t.name, {}, t.params.params);
  object out;
  out.emplace_back("params", std::move(rows));
  return out;
}

std::string param_descriptions_table(const std::vector<compact_tool>& tools, const encode_options& options) {
  return encode(param_descriptions_value(tools), options);
}

}  // namespace toon::mcp
