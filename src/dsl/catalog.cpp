// A tool catalog in MCP-DSL (toon/dsl/catalog.hpp): tools() and call().
#include "toon/dsl/catalog.hpp"
#include "toon/detail/linkage.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace toon::mcp_dsl {

namespace {

// Removes `"additionalProperties": false` from a JSON Schema and the schemas inside it: the DSL's
// type syntax has no word for it, and a model needs no telling (the catalog rejects unknown
// arguments itself).
void drop_closed_objects(value& schema) {
  if (!schema.is_object()) return;
  if (const value* ap = schema.find("additionalProperties"); ap != nullptr && ap->is_bool() && !ap->as_bool())
    schema.as_object().erase("additionalProperties");
  for (member& m : schema.as_object()) {
    if (m.key == "properties" && m.value.is_object()) {
      for (member& p : m.value.as_object()) drop_closed_objects(p.value);
    } else if (m.key == "items" || m.key == "additionalProperties") {
      drop_closed_objects(m.value);
    } else if ((m.key == "anyOf" || m.key == "oneOf" || m.key == "allOf") && m.value.is_array()) {
      for (value& s : m.value.as_array()) drop_closed_objects(s);
    }
  }
}

// The schema without the ranges of fixed-width C++ integer types: the typed-param text does not
// write them either (param_constraints::implied_range), and the catalog enforces them itself.
void drop_width_ranges(param_type& t);

void drop_width_ranges(std::vector<param>& params) {
  for (param& p : params) drop_width_ranges(p.type);
}

void drop_width_ranges(param_type& t) {
  if (t.constraints.implied_range) t.constraints = {};
  drop_width_ranges(t.fields);
  for (param_type& item : t.items) drop_width_ranges(item);
}

schema without_width_ranges(schema s) {
  drop_width_ranges(s.params);
  if (s.rest) drop_width_ranges(*s.rest);
  return s;
}

}  // namespace

TOON_FUNC std::string tools(const tool_catalog& catalog, std::string_view category) {
  value list = catalog.mcp_tools_list(category);
  // The schemas of the typed params themselves, as in the TOON tools table: the catalog takes
  // null for an optional argument (tool_catalog::null_as_absent) all the same, and the
  // anyOf-with-null that tools/list states it with has no DSL type expression; likewise the
  // ranges of fixed-width integers.
  std::vector<const tool*> listed;
  for (const tool& t : catalog.tools())
    if (category.empty() || t.category == category) listed.push_back(&t);
  std::string out;
  for (member& entries : list.as_object()) {
    std::size_t i = 0;
    for (value& t : entries.value.as_array()) {
      const tool* source = i < listed.size() ? listed[i] : nullptr;
      ++i;
      for (member& m : t.as_object()) {
        if (m.key != "inputSchema") continue;
        if (source != nullptr && !source->input_schema) m.value = json_schema(without_width_ranges(source->args_schema));
        drop_closed_objects(m.value);
      }
      // Every schema the catalog writes is JSON the DSL can hold (as a type expression or as
      // its JSON object), so decompiling a tool does not fail.
      out += decompile(t, item_kind::tool).value();
      out += '\n';
    }
  }
  return out;
}

TOON_FUNC call_result call(const tool_catalog& catalog, std::string_view request) {
  result<tool_call> c = compile_tool_call(request);
  if (!c.has_value()) {
    call_result r;
    r.status = call_status::invalid_request;
    r.text = "invalid MCP-DSL tools/call request: " + c.error().to_string();
    r.errors.push_back(std::move(c).error());
    return r;
  }
  return catalog.call(c->name, c->arguments);
}

}  // namespace toon::mcp_dsl
