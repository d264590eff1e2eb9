// tool_catalog outputs: the TOON tools table, the category summary and MCP tools/list.
#include <cstdint>
#include "toon/detail/linkage.hpp"
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

TOON_FUNC value tool_catalog::mcp_tools_list(std::string_view category) const {
  array list;
  for (const tool& t : tools_) {
    if (!selected(t, category)) continue;
    object entry;
    entry.reserve(3);
    entry.emplace_back("name", t.name);
    entry.emplace_back("description", t.description);
    if (t.input_schema) {
      entry.emplace_back("inputSchema", *t.input_schema);
    } else if (null_as_absent_) {
      // State what call() accepts: null for every optional parameter, at any depth.
      schema s;
      s.description = t.args_schema.description;
      s.params = detail::with_nullable_optional_fields(param_type::object_with(t.args_schema.params)).fields;
      entry.emplace_back("inputSchema", json_schema(s));
    } else {
      entry.emplace_back("inputSchema", json_schema(t.args_schema));
    }
    list.emplace_back(std::move(entry));
  }
  object out;
  out.emplace_back("tools", std::move(list));
  return out;
}

}  // namespace toon
