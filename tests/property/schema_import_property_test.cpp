// Robustness of JSON Schema -> typed params (toon::import_json_schema) on odd input: any JSON
// value, and "keyword soup" (objects of JSON Schema keywords with values of every kind, nested,
// with $refs into themselves). The conversion never throws, and what it returns is a
// well-formed typed-param schema: its text parses back to the same parameters.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "toon/json.hpp"
#include "toon/schema.hpp"
#include "toon/schema_import.hpp"
#include "value_generators.hpp"

namespace {

toon::value soup(int depth) {
  static const std::vector<std::string> keys = {
      "type", "properties", "required", "items", "prefixItems", "additionalProperties", "patternProperties",
      "enum", "const", "default", "anyOf", "oneOf", "allOf", "not", "$ref", "$defs", "definitions", "format",
      "minimum", "pattern", "description", "if", "then", "unevaluatedProperties", "additionalItems", "a", ""};
  int n = *rc::gen::inRange(0, depth > 4 ? 2 : 6);
  toon::object o;
  for (int i = 0; i < n; ++i) {
    std::string key = *rc::gen::elementOf(keys);
    toon::value v;
    switch (*rc::gen::inRange(0, 9)) {
      case 0: v = *rc::gen::element<std::string>("string", "integer", "number", "boolean", "null", "object", "array", "x"); break;
      case 1: v = toon::array{"string", "null", "object"}; break;
      case 2: v = *rc::gen::element<std::string>("#", "#/$defs/a", "#/properties/a", "#/definitions/a/items", "#/x~1y", "#/%41", "http://x", "#a"); break;
      case 3: v = toon::array{soup(depth + 1), soup(depth + 1)}; break;
      case 4: v = toon::array{"a", "", 1, nullptr}; break;
      case 5: v = *rc::gen::arbitrary<bool>(); break;
      case 6: v = *toon_gen::value(); break;
      default: {
        toon::object props;
        props.insert_or_assign(*rc::gen::elementOf(keys), soup(depth + 1));
        props.insert_or_assign("a", soup(depth + 1));
        v = std::move(props);
      }
    }
    o.insert_or_assign(key, std::move(v));
  }
  return o;
}

void check_well_formed(const toon::value& schema) {
  toon::imported_schema in = toon::import_json_schema(schema);
  std::string text = toon::format_typed_params(in.params);
  auto parsed = toon::parse_typed_params(text);
  RC_ASSERT(parsed.has_value());
  toon::schema bare = in.params;
  bare.description.clear();
  auto clear = [](auto& self, std::vector<toon::param>& ps) -> void {
    for (toon::param& p : ps) {
      p.description.clear();
      // An array or object default is written as JSON text: compare it as JSON reads it back
      // (a number's kind, integer, big integer or double, is the JSON reader's choice).
      if (p.default_value && (p.default_value->is_array() || p.default_value->is_object()))
        p.default_value = *toon::from_json(toon::to_json(*p.default_value));
      std::vector<toon::param_type*> stack{&p.type};
      while (!stack.empty()) {
        toon::param_type* t = stack.back();
        stack.pop_back();
        self(self, t->fields);
        for (toon::param_type& i : t->items) stack.push_back(&i);
      }
    }
  };
  clear(clear, bare.params);
  if (bare.rest) {  // the type of other members (`*:T`) holds descriptions too
    std::vector<toon::param> holder(1);
    holder[0].type = *bare.rest;
    clear(clear, holder);
    bare.rest = holder[0].type;
  }
  if (!(*parsed == bare)) {
    std::string why;
    for (std::size_t i = 0; i < parsed->params.size() && i < bare.params.size(); ++i) {
      const toon::param& x = parsed->params[i];
      const toon::param& y = bare.params[i];
      if (!(x == y))
        why += x.name + ": type " + std::to_string(x.type == y.type) + " default " +
               std::to_string(x.default_value == y.default_value) + " required " + std::to_string(x.required == y.required) +
               (x.default_value ? " kind " + std::to_string(int(x.default_value->type())) : "") +
               (y.default_value ? "/" + std::to_string(int(y.default_value->type())) : "") + "\n";
    }
    RC_FAIL("the text does not parse back to the schema: " + text + "\n" + why + "from " + toon::to_json(schema));
  }
  for (const toon::schema_loss& l : in.losses) {
    RC_ASSERT(!l.message.empty());
    RC_ASSERT(l.stricter == (l.kind == toon::schema_loss_kind::open_object));
  }
}

RC_GTEST_PROP(SchemaImportProperty, AnyValueConvertsToWellFormedParams, ()) { check_well_formed(*toon_gen::value()); }

RC_GTEST_PROP(SchemaImportProperty, KeywordSoupConvertsToWellFormedParams, ()) {
  toon::value s = soup(0);
  if (*rc::gen::arbitrary<bool>()) {
    toon::object root{{"type", "object"}, {"properties", toon::object{{"a", s}, {"b", soup(1)}}}, {"$defs", toon::object{{"a", soup(1)}}}};
    check_well_formed(root);
  } else {
    check_well_formed(s);
  }
}

}  // namespace
