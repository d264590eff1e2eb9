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

// The descriptions of a catalog's parameters: by name, the text each parameter (or field) name has
// most often, and every description text in order of first appearance with its count.
struct description_counts {
  struct per_name {
    std::vector<std::pair<std::string, std::size_t>> texts;  // in order of first appearance
    std::size_t undescribed = 0;
  };
  std::vector<std::string> names;  // in order of first appearance
  std::map<std::string, per_name, std::less<>> by_name;
  std::vector<std::string> order;  // texts, in order of first appearance
  std::map<std::string, std::size_t, std::less<>> seen;
  const std::map<std::string, std::string, std::less<>>* keyed = nullptr;  // texts not counted

  void text(const std::string& t) {
    if (t.empty()) return;
    auto [at, added] = seen.emplace(t, 0);
    if (added) order.push_back(t);
    ++at->second;
  }
  void name(const param& p) {
    auto [at, added] = by_name.try_emplace(p.name);
    if (added) names.push_back(p.name);
    if (p.description.empty()) {
      ++at->second.undescribed;
      return;
    }
    auto& texts = at->second.texts;
    auto it = std::find_if(texts.begin(), texts.end(), [&](const auto& e) { return e.first == p.description; });
    if (it == texts.end()) texts.emplace_back(p.description, 1);
    else ++it->second;
  }
  void params(const std::vector<param>& ps, const param_type* rest) {
    for (const param& p : ps) {
      type(p.type);
      name(p);
      if (keyed != nullptr) {
        auto k = keyed->find(p.name);
        if (k != keyed->end() && k->second == p.description) continue;  // written by its name
      }
      text(p.description);
    }
    if (rest != nullptr) type(*rest);
  }
  void type(const param_type& t) {
    if (t.kind == param_kind::object && t.has_fields) {
      params(t.fields, t.items.empty() ? nullptr : &t.items.front());
    } else {
      for (const param_type& item : t.items) type(item);
    }
    text(t.description);
  }
  void tools(const std::vector<compact_tool>& ts) {
    for (const compact_tool& t : ts) params(t.params.params, t.params.rest ? &*t.params.rest : nullptr);
  }
};

}  // namespace

TOON_FUNC std::vector<std::pair<std::string, std::string>> named_descriptions(const std::vector<compact_tool>& tools) {
  description_counts c;
  c.tools(tools);
  // A name gets its most frequent text (the first of equal counts) when that text is written
  // at least twice by name, counting a `''` (a parameter of the name without description) against it.
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& n : c.names) {
    const auto& e = c.by_name.find(n)->second;
    const std::pair<std::string, std::size_t>* best = nullptr;
    for (const auto& t : e.texts)
      if (best == nullptr || t.second > best->second) best = &t;
    if (best != nullptr && best->second >= 2 + e.undescribed) out.emplace_back(n, best->first);
  }
  return out;
}

TOON_FUNC std::vector<std::string> shared_descriptions(const std::vector<compact_tool>& tools) {
  std::map<std::string, std::string, std::less<>> keyed;
  for (auto& [name, text] : named_descriptions(tools)) keyed.emplace(std::move(name), std::move(text));
  description_counts c;
  c.keyed = &keyed;
  c.tools(tools);
  std::vector<std::string> out;
  for (std::string& text : c.order)
    if (c.seen.find(text)->second > 1) out.push_back(std::move(text));
  return out;
}

TOON_FUNC value described_tools_value(const std::vector<compact_tool>& tools) {
  typed_params_format_options format;
  format.descriptions = true;
  format.description_table = shared_descriptions(tools);
  format.name_descriptions = named_descriptions(tools);
  format.implicit_string = true;
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
  if (!format.name_descriptions.empty()) {
    // The texts by name: param_descriptions: name: text, one line each.
    object named;
    named.reserve(format.name_descriptions.size());
    for (auto& [name, text] : format.name_descriptions) named.emplace_back(std::move(name), std::move(text));
    out.emplace_back("param_descriptions", std::move(named));
  }
  if (!format.description_table.empty()) {
    // The texts in order, `*N` the N-th: descriptions[M]: text,text,...
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
