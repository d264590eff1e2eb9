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
  t.description = collapse_description_space(t.description);
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

// Counts the description texts of a type and of its parts, in the order format_typed_params
// writes them (the order does not matter for the counts, only for the table's order, which
// follows first appearance).
void count_type_texts(const param_type& t, std::vector<std::string>& order, std::map<std::string, std::size_t, std::less<>>& seen);

void count_text(const std::string& text, std::vector<std::string>& order, std::map<std::string, std::size_t, std::less<>>& seen) {
  if (text.empty()) return;
  auto [at, added] = seen.emplace(text, 0);
  if (added) order.push_back(text);
  ++at->second;
}

void count_params_texts(const std::vector<param>& params, const param_type* rest, std::vector<std::string>& order,
                        std::map<std::string, std::size_t, std::less<>>& seen) {
  for (const param& p : params) {
    count_type_texts(p.type, order, seen);
    count_text(p.description, order, seen);
  }
  if (rest != nullptr) count_type_texts(*rest, order, seen);
}

void count_type_texts(const param_type& t, std::vector<std::string>& order, std::map<std::string, std::size_t, std::less<>>& seen) {
  if (t.kind == param_kind::object && t.has_fields) {
    count_params_texts(t.fields, t.items.empty() ? nullptr : &t.items.front(), order, seen);
  } else {
    for (const param_type& item : t.items) count_type_texts(item, order, seen);
  }
  count_text(t.description, order, seen);
}

}  // namespace

TOON_FUNC std::vector<std::string> shared_descriptions(const std::vector<compact_tool>& tools) {
  std::vector<std::string> order;
  std::map<std::string, std::size_t, std::less<>> seen;
  for (const compact_tool& t : tools) count_params_texts(t.params.params, t.params.rest ? &*t.params.rest : nullptr, order, seen);
  std::vector<std::string> out;
  for (std::string& text : order)
    if (seen.find(text)->second > 1) out.push_back(std::move(text));
  return out;
}

TOON_FUNC value described_tools_value(const std::vector<compact_tool>& tools) {
  typed_params_format_options format;
  format.descriptions = true;
  format.description_table = shared_descriptions(tools);
  array rows;
  rows.reserve(tools.size());
  for (const compact_tool& t : tools) {
    object row;
    row.reserve(3);
    row.emplace_back("name", t.name);
    row.emplace_back("description", t.description);
    row.emplace_back("params", format_typed_params(t.params, format));
    rows.emplace_back(std::move(row));
  }
  object out;
  out.emplace_back("tools", std::move(rows));
  if (!format.description_table.empty()) {
    // The texts in order, `#N` the N-th: descriptions[M]: text,text,...
    array texts;
    texts.reserve(format.description_table.size());
    for (std::string& text : format.description_table) texts.emplace_back(std::move(text));
    out.emplace_back("descriptions", std::move(texts));
  }
  return out;
}

TOON_FUNC std::string described_tools_table(const std::vector<compact_tool>& tools, const encode_options& options) {
  return encode(described_tools_value(tools), options);
}

}  // namespace toon::mcp
