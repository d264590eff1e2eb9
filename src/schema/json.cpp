// JSON Schema 2020-12 for typed params (docs/typed-params.md, "JSON Schema").
//
// Key order of every schema object: "description", the keywords of the type ("type",
// "properties", "required", "additionalProperties", "items", "enum", "anyOf"), "default".
#include <string>
#include "toon/detail/linkage.hpp"
#include <string_view>
#include <unordered_set>
#include <utility>

#include "toon/schema.hpp"

namespace toon {

namespace {

void add_type_keywords(object& out, const param_type& t);

value param_schema(const param_type& t, const std::string& description, const std::optional<value>& default_value) {
  object out;
  if (!description.empty()) out.emplace_back("description", description);
  add_type_keywords(out, t);
  if (default_value) out.emplace_back("default", *default_value);
  return out;
}

void add_object_keywords(object& out, const std::vector<param>& fields) {
  out.emplace_back("type", "object");
  object properties;
  array required;
  properties.reserve(fields.size());
  // A repeated name (possible only in a schema built by hand) keeps its first place and takes
  // the last type, as insert_or_assign does; the set keeps 10^5 fields linear.
  std::unordered_set<std::string_view> names;
  for (const param& p : fields) {
    if (names.insert(p.name).second) properties.emplace_back(p.name, param_schema(p.type, p.description, p.default_value));
    else properties.insert_or_assign(p.name, param_schema(p.type, p.description, p.default_value));
    if (p.required) required.emplace_back(p.name);
  }
  out.emplace_back("properties", std::move(properties));
  if (!required.empty()) out.emplace_back("required", std::move(required));
  out.emplace_back("additionalProperties", false);
}

void add_type_keywords(object& out, const param_type& t) {
  switch (t.kind) {
    case param_kind::string: out.emplace_back("type", "string"); return;
    case param_kind::integer: out.emplace_back("type", "integer"); return;
    case param_kind::number: out.emplace_back("type", "number"); return;
    case param_kind::boolean: out.emplace_back("type", "boolean"); return;
    case param_kind::null: out.emplace_back("type", "null"); return;
    case param_kind::any: return;
    case param_kind::object:
      if (t.has_fields) add_object_keywords(out, t.fields);
      else out.emplace_back("type", "object");
      return;
    case param_kind::array:
      out.emplace_back("type", "array");
      if (!t.items.empty()) out.emplace_back("items", param_schema(t.items.front(), {}, std::nullopt));
      return;
    case param_kind::enumeration: {
      out.emplace_back("type", "string");
      array values;
      values.reserve(t.enum_values.size());
      for (const std::string& v : t.enum_values) values.emplace_back(v);
      out.emplace_back("enum", std::move(values));
      return;
    }
    case param_kind::any_of: {
      array alternatives;
      alternatives.reserve(t.items.size());
      for (const param_type& alternative : t.items) alternatives.push_back(param_schema(alternative, {}, std::nullopt));
      out.emplace_back("anyOf", std::move(alternatives));
      return;
    }
  }
}

}  // namespace

TOON_FUNC value json_schema(const schema& s, const json_schema_options& options) {
  object out;
  if (options.schema_uri) out.emplace_back("$schema", "https://json-schema.org/draft/2020-12/schema");
  if (!s.description.empty()) out.emplace_back("description", s.description);
  add_object_keywords(out, s.params);
  return out;
}

TOON_FUNC value json_schema(const param_type& t) { return param_schema(t, {}, std::nullopt); }

}  // namespace toon
