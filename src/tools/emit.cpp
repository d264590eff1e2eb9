// tool_catalog outputs: the TOON tools table, the category summary and MCP tools/list.
#include <cstdint>
#include "toon/detail/linkage.hpp"
#include "toon/dsl/mcp_dsl.hpp"
#include <string>
#include <string_view>
#include <utility>

#include "toon/encode.hpp"
#include "toon/schema.hpp"
#include "toon/tools/catalog.hpp"

namespace toon {

namespace {

bool selected(const tool& t, std::string_view category) noexcept {
  return category.empty() || t.category == category;
}

}  // namespace

TOON_FUNC value tool_catalog::tools_table_value(std::string_view category) const {
  array rows;
  for (const tool& t : tools_) {
    if (!selected(t, category)) continue;
    object row;
    row.reserve(3);
    row.emplace_back("name", t.name);
    row.emplace_back("description", t.description);
    row.emplace_back("params", format_typed_params(t.args_schema));
    rows.emplace_back(std::move(row));
  }
  object out;
  out.emplace_back("tools", std::move(rows));
  return out;
}

TOON_FUNC std::string tool_catalog::tools_table(std::string_view category, const encode_options& options) const {
  return encode(tools_table_value(category), options);
}

TOON_FUNC value tool_catalog::categories_table_value() const {
  array rows;
  for (const tool_category& c : categories_) {
    object row;
    row.reserve(3);
    row.emplace_back("name", c.name);
    row.emplace_back("description", c.description);
    row.emplace_back("tool_count", static_cast<std::uint64_t>(tool_count(c.name)));
    rows.emplace_back(std::move(row));
  }
  object out;
  out.emplace_back("categories", std::move(rows));
  return out;
}

TOON_FUNC std::string tool_catalog::categories_table(const encode_options& options) const {
  return encode(categories_table_value(), options);
}

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

}  // namespace

TOON_FUNC std::string tool_catalog::tools_dsl(std::string_view category) const {
  value list = mcp_tools_list(category);
  std::string out;
  for (member& tools : list.as_object()) {
    for (value& t : tools.value.as_array()) {
      for (member& m : t.as_object())
        if (m.key == "inputSchema") drop_closed_objects(m.value);
      // Every schema the catalog writes is JSON the DSL can hold (as a type expression or as
      // its JSON object), so decompiling a tool does not fail.
      out += mcp_dsl::decompile(t, mcp_dsl::item_kind::tool).value();
      out += '\n';
    }
  }
  return out;
}

TOON_FUNC value tool_catalog::mcp_tools_list(std::string_view category) const {
  array list;
  for (const tool& t : tools_) {
    if (!selected(t, category)) continue;
    object entry;
    entry.reserve(3);
    entry.emplace_back("name", t.name);
    entry.emplace_back("description", t.description);
    entry.emplace_back("inputSchema", t.input_schema ? *t.input_schema : json_schema(t.args_schema));
    list.emplace_back(std::move(entry));
  }
  object out;
  out.emplace_back("tools", std::move(list));
  return out;
}

}  // namespace toon
