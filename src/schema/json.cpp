// JSON Schema 2020-12 for typed params (docs/typed-params.md, "JSON Schema").
//
// Key order of every schema object: "description", the keywords of the type ("type",
// "properties", "required", "additionalProperties", "items", "enum", "anyOf"/"oneOf"), its
// constraints ("minimum", ..., "format"), "default".
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
  else if (!t.description.empty()) out.emplace_back("description", t.description);
  add_type_keywords(out, t);
  if (default_value) out.emplace_back("default", *default_value);
  return out;
}

// The constraint keywords that apply to the kind, in the order bounds, multipleOf, length or
// count bounds, uniqueItems, pattern, format.
void add_constraint_keywords(object& out, param_kind kind, const param_constraints& c) {
  if (kind == param_kind::integer || kind == param_kind::number) {
    if (c.minimum) out.emplace_back(c.exclusive_minimum ? "exclusiveMinimum" : "minimum", *c.minimum);
    if (c.maximum) out.emplace_back(c.exclusive_maximum ? "exclusiveMaximum" : "maximum", *c.maximum);
    if (c.multiple_of) out.emplace_back("multipleOf", *c.multiple_of);
  }
  const char* min_key = kind == param_kind::string ? "minLength" : kind == param_kind::array ? "minItems" : "minProperties";
  const char* max_key = kind == param_kind::string ? "maxLength" : kind == param_kind::array ? "maxItems" : "maxProperties";
  if (kind == param_kind::string || kind == param_kind::array || kind == param_kind::object) {
    if (c.min_length) out.emplace_back(min_key, value(*c.min_length));
    if (c.max_length) out.emplace_back(max_key, value(*c.max_length));
  }
  if (kind == param_kind::array && c.unique_items) out.emplace_back("uniqueItems", true);
  if (kind == param_kind::string && c.pattern) out.emplace_back("pattern", *c.pattern);
  if ((kind == param_kind::string || kind == param_kind::integer || kind == param_kind::number) && !c.format.empty())
    out.emplace_back("format", c.format);
}

void add_object_keywords(object& out, const std::vector<param>& fields, const param_type* rest) {
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
  if (rest == nullptr) out.emplace_back("additionalProperties", false);
  else if (rest->kind != param_kind::any || !rest->constraints.empty())
    out.emplace_back("additionalProperties", param_schema(*rest, {}, std::nullopt));
}

void add_kind_keywords(object& out, const param_type& t);

void add_type_keywords(object& out, const param_type& t) {
  add_kind_keywords(out, t);
  if (t.kind != param_kind::any_of && t.kind != param_kind::enumeration) add_constraint_keywords(out, t.kind, t.constraints);
}

void add_kind_keywords(object& out, const param_type& t) {
  switch (t.kind) {
    case param_kind::string: out.emplace_back("type", "string"); return;
    case param_kind::integer: out.emplace_back("type", "integer"); return;
    case param_kind::number: out.emplace_back("type", "number"); return;
    case param_kind::boolean: out.emplace_back("type", "boolean"); return;
    case param_kind::null: out.emplace_back("type", "null"); return;
    case param_kind::any: return;
    case param_kind::object:
      if (t.has_fields) add_object_keywords(out, t.fields, t.items.empty() ? nullptr : &t.items.front());
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
      out.emplace_back(t.exclusive ? "oneOf" : "anyOf", std::move(alternatives));
      return;
    }
  }
}

}  // namespace

TOON_FUNC value json_schema(const schema& s, const json_schema_options& options) {
  object out;
  if (options.schema_uri) out.emplace_back("$schema", "https://json-schema.org/draft/2020-12/schema");
  if (!s.description.empty()) out.emplace_back("description", s.description);
  add_object_keywords(out, s.params, s.rest ? &*s.rest : nullptr);
  return out;
}

TOON_FUNC value json_schema(const param_type& t) { return param_schema(t, {}, std::nullopt); }

}  // namespace toon
