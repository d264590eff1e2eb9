// A foreign server's tools in compact form (toon/mcp/compact.hpp).
#include "toon/mcp/compact.hpp"
#include "toon/detail/linkage.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../schema/schema_internal.hpp"  // detail::is_bare_name
#include "toon/detail/typed_decoder.hpp"  // detail::append_json_escaped
#include "toon/encode.hpp"

namespace toon::mcp {

namespace {

// A description with each run of white space (space, tab, CR, LF, FF, VT) made one space and
// none at either end: the words stay as they are.
std::string collapse_description_space(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      pending = !out.empty();
      continue;
    }
    if (pending) out += ' ';
    pending = false;
    out += c;
  }
  return out;
}

void collapse_type_descriptions(param_type& t);

void collapse_param_descriptions(std::vector<param>& params) {
  for (param& p : params) {
    p.description = collapse_description_space(p.description);
    collapse_type_descriptions(p.type);
  }
}

void collapse_type_descriptions(param_type& t) {
  collapse_param_descriptions(t.fields);
  for (param_type& item : t.items) collapse_type_descriptions(item);
}

}  // namespace

TOON_FUNC compact_tool compact(const tool_info& tool, const json_schema_import_options& options) {
  compact_tool out;
  out.name = tool.name;
  out.description = collapse_description_space(tool.description);
  imported_schema in = import_json_schema(tool.input_schema, options);
  out.params = std::move(in.params);
  out.params.description = collapse_description_space(out.params.description);
  collapse_param_descriptions(out.params.params);
  if (out.params.rest) collapse_type_descriptions(*out.params.rest);
  out.losses = std::move(in.losses);
  return out;
}

TOON_FUNC std::vector<compact_tool> compact_tools(const std::vector<tool_info>& tools, const json_schema_import_options& options) {
  std::vector<compact_tool> out;
  out.reserve(tools.size());
  for (const tool_info& t : tools) out.push_back(compact(t, options));
  return out;
}

TOON_FUNC value tools_table_value(const std::vector<compact_tool>& tools) {
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

TOON_FUNC std::string tools_table(const std::vector<compact_tool>& tools, const encode_options& options) {
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

// One row of the description table: a parameter path and its description, shared by tools.
struct description_row {
  std::string param;
  std::string description;
  std::string tools;  // space-separated
};

void add_rows(std::vector<description_row>& rows, const std::string& tool, const std::string& prefix,
              const std::vector<param>& params);

// A row for `description` at `name`, or `tool` added to the row that has both already.
void add_row(std::vector<description_row>& rows, const std::string& tool, const std::string& name,
             const std::string& description) {
  if (description.empty()) return;
  auto same = std::find_if(rows.begin(), rows.end(), [&](const description_row& r) {
    return r.param == name && r.description == description;
  });
  if (same == rows.end()) {
    rows.push_back(description_row{name, description, tool});
  } else if (same->tools != tool && !(same->tools.size() > tool.size() &&
                                      same->tools.compare(same->tools.size() - tool.size() - 1, std::string::npos,
                                                          " " + tool) == 0)) {
    same->tools += ' ';
    same->tools += tool;
  }
}

// The descriptions reachable through a type: those of array elements (`[]`) and of union
// alternatives (`|1`, `|2`, ... by position), and the fields of `{...}`, of array elements
// and of every alternative of a union (alternatives not marked in a field's path).
void add_type_rows(std::vector<description_row>& rows, const std::string& tool, const std::string& prefix,
                   const param_type& t) {
  switch (t.kind) {
    case param_kind::object:
      if (t.has_fields) add_rows(rows, tool, prefix + ".", t.fields);
      return;
    case param_kind::array:
      if (!t.items.empty()) {
        add_row(rows, tool, prefix + "[]", t.items.front().description);
        add_type_rows(rows, tool, prefix + "[]", t.items.front());
      }
      return;
    case param_kind::any_of:
      for (std::size_t i = 0; i < t.items.size(); ++i)
        add_row(rows, tool, prefix + "|" + std::to_string(i + 1), t.items[i].description);
      for (const param_type& alt : t.items) add_type_rows(rows, tool, prefix, alt);
      return;
    default: return;
  }
}

void add_rows(std::vector<description_row>& rows, const std::string& tool, const std::string& prefix,
              const std::vector<param>& params) {
  for (const param& p : params) {
    std::string name = prefix;
    append_name(name, p.name);
    add_row(rows, tool, name, p.description);
    add_type_rows(rows, tool, name, p.type);
  }
}

}  // namespace

TOON_FUNC value param_descriptions_value(const std::vector<compact_tool>& tools) {
  std::vector<description_row> found;
  for (const compact_tool& t : tools) add_rows(found, t.name, {}, t.params.params);
  array rows;
  rows.reserve(found.size());
  // A text an earlier row has is written as that row's number (1-based), an integer: a text
  // is always a string, so the two cannot be mistaken for each other.
  std::map<std::string, std::uint64_t, std::less<>> first_row;
  for (description_row& r : found) {
    object row;
    row.reserve(3);
    row.emplace_back("param", std::move(r.param));
    auto [at, added] = first_row.emplace(r.description, static_cast<std::uint64_t>(rows.size() + 1));
    if (added) row.emplace_back("description", std::move(r.description));
    else row.emplace_back("description", at->second);
    row.emplace_back("tools", std::move(r.tools));
    rows.emplace_back(std::move(row));
  }
  object out;
  out.emplace_back("params", std::move(rows));
  return out;
}

TOON_FUNC std::string param_descriptions_table(const std::vector<compact_tool>& tools, const encode_options& options) {
  return encode(param_descriptions_value(tools), options);
}

}  // namespace toon::mcp
