// JSON Schema -> typed params (docs/mcp.md, "JSON Schema to typed params").
//
// One recursive pass over the input schema. Each schema node becomes a param_type: the kinds it
// allows (from "type", or inferred from enum/const/properties/items) are built one by one with
// the keywords that apply to them, and joined as a union; anyOf/oneOf become unions; $ref is
// followed (with a stack against recursion). Every keyword that the typed form cannot express
// is reported as a schema_loss at its JSON Pointer.
#include "toon/detail/linkage.hpp"
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "schema_internal.hpp"
#include "toon/json.hpp"
#include "toon/schema.hpp"
#include "toon/schema_import.hpp"

namespace toon {

TOON_FUNC std::string_view to_string(schema_loss_kind kind) noexcept {
  switch (kind) {
    case schema_loss_kind::format: return "format";
    case schema_loss_kind::bounds: return "bounds";
    case schema_loss_kind::pattern: return "pattern";
    case schema_loss_kind::one_of: return "one_of";
    case schema_loss_kind::intersection: return "intersection";
    case schema_loss_kind::open_object: return "open_object";
    case schema_loss_kind::map_values: return "map_values";
    case schema_loss_kind::tuple: return "tuple";
    case schema_loss_kind::enum_values: return "enum_values";
    case schema_loss_kind::reference: return "reference";
    case schema_loss_kind::default_value: return "default_value";
    case schema_loss_kind::false_schema: return "false_schema";
    case schema_loss_kind::name: return "name";
    case schema_loss_kind::depth: return "depth";
  }
  return "unknown";
}

TOON_FUNC std::string schema_loss::to_string() const { return (path.empty() ? std::string("(root)") : path) + ": " + message; }

TOON_FUNC bool imported_schema::stricter() const noexcept {
  return std::any_of(losses.begin(), losses.end(), [](const schema_loss& l) { return l.stricter; });
}

namespace {

// RFC 6901 escaping of one reference token.
std::string pointer_token(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

// A short JSON rendering of a keyword's value for messages.
std::string brief(const value& v) {
  std::string s = to_json(v);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

bool is_integral_number(const value& v) {
  switch (v.type()) {
    case value::kind::integer:
    case value::kind::uinteger:
    case value::kind::big_integer: return true;
    case value::kind::real: {
      double d = v.as_double();
      return std::isfinite(d) && std::floor(d) == d;
    }
    default: return false;
  }
}

// The kinds of JSON Schema's "type", as bits.
enum kind_bit : unsigned {
  k_string = 1u << 0,
  k_integer = 1u << 1,
  k_number = 1u << 2,
  k_boolean = 1u << 3,
  k_null = 1u << 4,
  k_object = 1u << 5,
  k_array = 1u << 6,
  k_all = (1u << 7) - 1,
};

unsigned kind_of_type_name(std::string_view name) {
  if (name == "string") return k_string;
  if (name == "integer") return k_integer;
  if (name == "number") return k_number;
  if (name == "boolean") return k_boolean;
  if (name == "null") return k_null;
  if (name == "object") return k_object;
  if (name == "array") return k_array;
  return 0;
}

unsigned kind_of_value(const value& v) {
  switch (v.type()) {
    case value::kind::null: return k_null;
    case value::kind::boolean: return k_boolean;
    case value::kind::integer:
    case value::kind::uinteger:
    case value::kind::big_integer: return k_integer;
    case value::kind::real: return is_integral_number(v) ? k_integer : k_number;
    case value::kind::string: return k_string;
    case value::kind::array: return k_array;
    case value::kind::object: return k_object;
  }
  return 0;
}

// How deeply `v` nests arrays and objects (a scalar: 0), counted up to `limit` + 1.
std::size_t json_default_nesting(const value& v, std::size_t limit) {
  if (limit == 0 || !(v.is_array() || v.is_object())) return (v.is_array() || v.is_object()) ? 1 : 0;
  std::size_t deepest = 0;
  if (v.is_array()) {
    for (const value& e : v.as_array()) deepest = std::max(deepest, json_default_nesting(e, limit - 1));
  } else {
    for (const auto& m : v.as_object()) deepest = std::max(deepest, json_default_nesting(m.value, limit - 1));
  }
  return 1 + deepest;
}

bool is_true_schema(const value& v) { return (v.is_bool() && v.as_bool()) || (v.is_object() && v.as_object().empty()); }

// Keywords that only annotate: dropped without a loss (they do not change what validates).
bool is_annotation(std::string_view k) {
  static constexpr std::string_view names[] = {
      "$schema",  "$id",       "$anchor",    "$dynamicAnchor", "$comment",         "$defs",    "definitions",
      "$vocabulary", "title", "description", "default",        "examples",         "deprecated", "readOnly",
      "writeOnly", "contentEncoding", "contentMediaType", "contentSchema", "nullable", "example", "markdownDescription"};
  return std::find(std::begin(names), std::end(names), k) != std::end(names);
}

// Builds a union of alternatives, simplifying: `any` absorbs everything, int is dropped beside
// number, enums merge into one, an enum beside string disappears (only alternatives without
// constraints absorb others), and identical alternatives appear once. Objects with fields stay
// beside `object`, so that every branch keeps its fields.
param_type make_union(std::vector<param_type> alts) {
  std::vector<param_type> flat;
  for (param_type& a : alts) {
    if (a.kind == param_kind::any_of && !a.exclusive) {
      for (param_type& b : a.items) flat.push_back(std::move(b));
    } else {
      flat.push_back(std::move(a));
    }
  }
  // Only alternatives without constraints absorb others.
  auto has = [&](param_kind k, bool fields = false) {
    return std::any_of(flat.begin(), flat.end(), [&](const param_type& t) {
      return t.kind == k && t.constraints.empty() && (k != param_kind::object || t.has_fields == fields);
    });
  };
  if (flat.empty() || has(param_kind::any)) return param_type(param_kind::any);
  // Every kind, unconstrained: any.
  bool any_array = std::any_of(flat.begin(), flat.end(), [](const param_type& t) {
    return t.kind == param_kind::array && t.constraints.empty() && !t.items.empty() &&
           t.items.front().kind == param_kind::any && t.items.front().constraints.empty();
  });
  if (any_array && has(param_kind::string) && has(param_kind::number) && has(param_kind::boolean) &&
      has(param_kind::null) && has(param_kind::object, false))
    return param_type(param_kind::any);
  bool number = has(param_kind::number), string = has(param_kind::string);
  std::vector<param_type> out;
  std::vector<std::string> enum_values;
  std::size_t enum_at = std::string::npos;
  for (param_type& t : flat) {
    if (t.kind == param_kind::integer && number) continue;
    if (t.kind == param_kind::enumeration) {
      if (string) continue;
      for (std::string& v : t.enum_values)
        if (std::find(enum_values.begin(), enum_values.end(), v) == enum_values.end()) enum_values.push_back(std::move(v));
      if (enum_at == std::string::npos) {
        enum_at = out.size();
        out.emplace_back(param_kind::enumeration);
      }
      continue;
    }
    if (std::find(out.begin(), out.end(), t) != out.end()) continue;
    out.push_back(std::move(t));
  }
  if (enum_at != std::string::npos) out[enum_at] = param_type::enum_of(std::move(enum_values));
  if (out.size() == 1) return std::move(out.front());
  return param_type::any_of(std::move(out));
}

class importer {
 public:
  importer(const value& root, const json_schema_import_options& options, std::vector<schema_loss>* losses)
      : root_(root), options_(options), losses_(losses) {}

  // The "description" of an array's element schema, a union's alternative or an
  // additionalProperties schema, kept on its type
  // (a nested union is flattened into its parent by make_union, and a description on it lost).
  void keep_description(param_type& t, const value& node) const {
    if (!options_.keep_descriptions || !node.is_object()) return;
    if (const value* d = node.as_object().find("description"); d != nullptr && d->is_string() && t.description.empty())
      t.description = d->as_string();
  }

  param_type convert(const value& node, const std::string& path, std::size_t depth) {
    if (depth > options_.max_depth) {
      lose(schema_loss_kind::depth, "", path, "nested deeper than " + std::to_string(options_.max_depth) + " levels: any");
      return param_kind::any;
    }
    if (node.is_bool()) {
      if (!node.as_bool()) lose(schema_loss_kind::false_schema, "", path, "the schema false (nothing matches) becomes any");
      return param_kind::any;
    }
    if (!node.is_object()) {
      lose(schema_loss_kind::false_schema, "", path, "not a schema (" + brief(node) + "): any");
      return param_kind::any;
    }
    const object& o = node.as_object();

    // $ref: followed; other constraints beside it are dropped (permissive).
    if (const value* ref = o.find("$ref")) {
      param_type t = follow_ref(*ref, path, depth);
      for (const member& m : o) {
        if (m.key == "$ref" || is_annotation(m.key)) continue;
        lose(schema_loss_kind::intersection, m.key, path + "/" + pointer_token(m.key),
             m.key + " beside $ref is not checked");
      }
      return t;
    }

    // The node's own keywords (type, enum, properties, items, ...).
    bool own = has_own_constraints(o);
    param_type result = own ? convert_own(o, path, depth) : param_type(param_kind::any);
    if (!own) check_keywords(o, path, k_all, false);

    // Combinators. anyOf/oneOf alone are the type; beside own constraints they are dropped.
    for (std::string_view key : {std::string_view("anyOf"), std::string_view("oneOf")}) {
      const value* alts = o.find(key);
      if (alts == nullptr) continue;
      std::string at = path + "/" + std::string(key);
      if (!alts->is_array() || alts->as_array().empty()) {
        lose(schema_loss_kind::false_schema, std::string(key), at, std::string(key) + " is not a non-empty array: ignored");
        continue;
      }
      if (own || result.kind != param_kind::any) {
        lose(schema_loss_kind::intersection, std::string(key), at,
             std::string(key) + " beside other constraints is not checked");
        continue;
      }
      std::vector<param_type> types;
      const array& a = alts->as_array();
      // An alternative that is the schema `false` matches nothing: leaving it out is exact (in
      // oneOf too, where reading it as `any` would make every value match twice). When every
      // alternative is `false`, each is converted and reported as a loss.
      const bool all_false = std::all_of(a.begin(), a.end(), [](const value& v) { return v.is_bool() && !v.as_bool(); });
      const std::size_t losses_before = loss_count_;
      for (std::size_t i = 0; i < a.size(); ++i) {
        if (!all_false && a[i].is_bool() && !a[i].as_bool()) continue;
        types.push_back(convert(a[i], at + "/" + std::to_string(i), depth + 1));
        keep_description(types.back(), a[i]);
      }
      // oneOf keeps its alternatives as they are: merging them would change which values match
      // exactly one. Unless one of them is not exact: a widened alternative would make values
      // match twice and be refused, so such a oneOf is read as anyOf (never stricter).
      if (key == "oneOf" && types.size() > 1 && loss_count_ == losses_before) {
        result = param_type::one_of(std::move(types));
      } else {
        if (key == "oneOf" && types.size() > 1)
          lose(schema_loss_kind::one_of, "oneOf", at, "oneOf read as anyOf: an alternative is not converted exactly");
        result = make_union(std::move(types));
      }
      own = true;
    }
    if (const value* all = o.find("allOf")) {
      std::string at = path + "/allOf";
      if (all->is_array() && !all->as_array().empty()) {
        const array& a = all->as_array();
        std::size_t first = 0;
        if (!own && result.kind == param_kind::any) {
          result = convert(a[0], at + "/0", depth + 1);
          first = 1;
        }
        for (std::size_t i = first; i < a.size(); ++i)
          if (!is_true_schema(a[i]))
            lose(schema_loss_kind::intersection, "allOf", at + "/" + std::to_string(i), "allOf member is not checked");
      } else {
        lose(schema_loss_kind::false_schema, "allOf", at, "allOf is not a non-empty array: ignored");
      }
    }
    for (std::string_view key : {"not", "if", "then", "else", "dependentRequired", "dependentSchemas", "dependencies",
                                 "contains", "minContains", "maxContains", "unevaluatedItems"}) {
      if (o.find(key) != nullptr)
        lose(schema_loss_kind::intersection, std::string(key), path + "/" + std::string(key),
             std::string(key) + " is not checked");
    }
    return result;
  }

 private:
  void lose(schema_loss_kind kind, std::string keyword, std::string path, std::string message, bool stricter = false) {
    ++loss_count_;
    if (losses_ == nullptr) return;
    losses_->push_back(schema_loss{kind, std::move(keyword), std::move(path), std::move(message), stricter});
  }

  static bool has_own_constraints(const object& o) {
    static constexpr std::string_view keys[] = {"type",  "enum",  "const", "properties", "required",
                                                "additionalProperties", "patternProperties", "items", "prefixItems",
                                                "additionalItems", "unevaluatedProperties"};
    for (std::string_view k : keys)
      if (o.find(k) != nullptr) return true;
    return false;
  }

  // Resolves a local reference; recursion and unresolvable references become any.
  // `path` is the node holding the $ref; the target's keywords are reported under it, as
  // validators report schema paths through a $ref.
  param_type follow_ref(const value& ref, const std::string& path, std::size_t depth) {
    std::string at = path + "/$ref";
    if (!ref.is_string()) {
      lose(schema_loss_kind::reference, "$ref", at, "$ref is not a string: any");
      return param_kind::any;
    }
    const std::string& r = ref.as_string();
    const value* target = resolve(r);
    if (target == nullptr) {
      lose(schema_loss_kind::reference, "$ref", at, "$ref \"" + r + "\" does not resolve here: any");
      return param_kind::any;
    }
    if (std::find(ref_stack_.begin(), ref_stack_.end(), target) != ref_stack_.end()) {
      lose(schema_loss_kind::reference, "$ref", at, "recursive $ref \"" + r + "\": any");
      return param_kind::any;
    }
    ref_stack_.push_back(target);
    param_type t = convert(*target, path, depth + 1);
    ref_stack_.pop_back();
    return t;
  }

  // A JSON Pointer fragment ("#", "#/$defs/a") into the root; nullptr when it does not resolve.
  const value* resolve(const std::string& ref) const {
    if (ref.empty() || ref[0] != '#') return nullptr;
    const value* at = &root_;
    std::size_t i = 1;
    if (i < ref.size() && ref[i] != '/') return nullptr;  // plain-name fragments ($anchor): not followed
    while (i < ref.size()) {
      std::size_t end = ref.find('/', i + 1);
      if (end == std::string::npos) end = ref.size();
      std::string token;
      for (std::size_t j = i + 1; j < end; ++j) {
        char c = ref[j];
        if (c == '~' && j + 1 < end && (ref[j + 1] == '0' || ref[j + 1] == '1')) {
          token += ref[j + 1] == '0' ? '~' : '/';
          ++j;
        } else if (c == '%' && j + 2 < end) {
          auto hex = [](char h) { return h >= '0' && h <= '9' ? h - '0' : (h | 0x20) >= 'a' && (h | 0x20) <= 'f' ? (h | 0x20) - 'a' + 10 : -1; };
          int hi = hex(ref[j + 1]), lo = hex(ref[j + 2]);
          if (hi < 0 || lo < 0) return nullptr;
          token += static_cast<char>(hi * 16 + lo);
          j += 2;
        } else {
          token += c;
        }
      }
      if (at->is_object()) {
        at = at->as_object().find(token);
      } else if (at->is_array()) {
        if (token.empty() || token.size() > 9 || !std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }))
          return nullptr;
        std::size_t n = std::stoul(token);
        at = n < at->as_array().size() ? &at->as_array()[n] : nullptr;
      } else {
        return nullptr;
      }
      if (at == nullptr) return nullptr;
      i = end;
    }
    return at;
  }

  // The type given by the node's own keywords (not the combinators).
  param_type convert_own(const object& o, const std::string& path, std::size_t depth) {
    unsigned kinds = k_all;
    if (const value* t = o.find("type")) {
      kinds = 0;
      if (t->is_string()) {
        kinds = kind_of_type_name(t->as_string());
      } else if (t->is_array()) {
        for (const value& e : t->as_array())
          if (e.is_string()) kinds |= kind_of_type_name(e.as_string());
      }
      if (kinds == 0) {
        lose(schema_loss_kind::false_schema, "type", path + "/type", "unknown type " + brief(*t) + ": any");
        kinds = k_all;
      }
      if (kinds & k_number) kinds |= k_integer;
    }
    // enum / const: the allowed values, filtered by kind.
    const value* values = nullptr;
    std::string values_key;
    array const_holder;
    if (const value* c = o.find("const")) {
      const_holder.push_back(*c);
      values_key = "const";
    }
    if (const value* e = o.find("enum"); e != nullptr && e->is_array() && values_key.empty()) {
      values = e;
      values_key = "enum";
    }
    const array* allowed = values_key == "const" ? &const_holder : values != nullptr ? &values->as_array() : nullptr;
    if (allowed != nullptr) {
      unsigned present = 0;
      for (const value& v : *allowed) present |= kind_of_value(v);
      kinds &= present;  // integral values only: int, even where the type says number
      if (kinds == 0) {
        lose(schema_loss_kind::false_schema, values_key, path + "/" + values_key,
             values_key + " has no value of the type: any");
        return param_kind::any;
      }
    }
    // Without "type", properties/items alone do not restrict the kind: infer it only from them
    // when nothing else is said (then the other kinds stay allowed, as JSON Schema says).
    std::vector<param_type> alts;
    bool enum_lossy = false;
    if (kinds & k_string) {
      if (allowed != nullptr) {
        std::vector<std::string> strings;
        for (const value& v : *allowed)
          if (v.is_string() && std::find(strings.begin(), strings.end(), v.as_string()) == strings.end())
            strings.push_back(v.as_string());
        alts.push_back(param_type::enum_of(std::move(strings)));
      } else {
        alts.emplace_back(param_kind::string);
      }
    }
    if (kinds & k_number) {
      alts.emplace_back(param_kind::number);
      enum_lossy = enum_lossy || allowed != nullptr;
    } else if (kinds & k_integer) {
      alts.emplace_back(param_kind::integer);
      enum_lossy = enum_lossy || allowed != nullptr;
    }
    if (kinds & k_boolean) {
      alts.emplace_back(param_kind::boolean);
      if (allowed != nullptr) {
        bool t = false, f = false;
        for (const value& v : *allowed)
          if (v.is_bool()) (v.as_bool() ? t : f) = true;
        enum_lossy = enum_lossy || !(t && f);
      }
    }
    if (kinds & k_null) alts.emplace_back(param_kind::null);
    if (kinds & k_object) {
      alts.push_back(convert_object(o, path, depth));
      enum_lossy = enum_lossy || allowed != nullptr;
    }
    if (kinds & k_array) {
      alts.push_back(convert_array(o, path, depth));
      enum_lossy = enum_lossy || allowed != nullptr;
    }
    for (param_type& alt : alts) apply_constraints(alt, o, path);
    if (enum_lossy)
      lose(schema_loss_kind::enum_values, values_key, path + "/" + values_key,
           values_key + " " + brief(values_key == "const" ? const_holder.front() : *values) +
               ": only the kinds of its non-string values are kept");
    check_keywords(o, path, kinds, true);
    return make_union(std::move(alts));
  }

  // Reports the keywords of `o` that are not kept: propertyNames always; when `kept` is false
  // (a node without own constraints, where the bounds stand alone) also the bounds and
  // patterns that apply to `kinds`. A format only annotates: it is kept or dropped silently.
  void check_keywords(const object& o, const std::string& path, unsigned kinds, bool kept) {
    struct rule {
      std::string_view key;
      schema_loss_kind kind;
      unsigned applies;
    };
    static constexpr rule all_rules[] = {
        {"propertyNames", schema_loss_kind::pattern, k_object},
        {"pattern", schema_loss_kind::pattern, k_string},
        {"minLength", schema_loss_kind::bounds, k_string},
        {"maxLength", schema_loss_kind::bounds, k_string},
        {"minimum", schema_loss_kind::bounds, k_integer | k_number},
        {"maximum", schema_loss_kind::bounds, k_integer | k_number},
        {"exclusiveMinimum", schema_loss_kind::bounds, k_integer | k_number},
        {"exclusiveMaximum", schema_loss_kind::bounds, k_integer | k_number},
        {"multipleOf", schema_loss_kind::bounds, k_integer | k_number},
        {"minItems", schema_loss_kind::bounds, k_array},
        {"maxItems", schema_loss_kind::bounds, k_array},
        {"uniqueItems", schema_loss_kind::bounds, k_array},
        {"minProperties", schema_loss_kind::bounds, k_object},
        {"maxProperties", schema_loss_kind::bounds, k_object},
    };
    const std::size_t count = kept ? 1 : std::size(all_rules);
    for (std::size_t i = 0; i < count; ++i) {
      const rule& r = all_rules[i];
      const value* v = o.find(r.key);
      if (v == nullptr || (kinds & r.applies) == 0) continue;
      if (r.key == "uniqueItems" && v->is_bool() && !v->as_bool()) continue;
      if (r.key == "format") continue;
      std::string message = std::string(r.key) + " " + brief(*v) + " is not checked";
      lose(r.kind, std::string(r.key), path + "/" + std::string(r.key), std::move(message));
    }
  }

  // A non-negative integer keyword (minLength, maxItems, ...), or nothing (with a loss) when it
  // is not one.
  std::optional<std::uint64_t> count_keyword(const object& o, std::string_view key, const std::string& path) {
    const value* v = o.find(key);
    if (v == nullptr) return std::nullopt;
    if (v->type() == value::kind::integer && v->as_int64() >= 0) return static_cast<std::uint64_t>(v->as_int64());
    if (v->type() == value::kind::uinteger) return v->as_uint64();
    if (v->type() == value::kind::real && is_integral_number(*v) && v->as_double() >= 0 && v->as_double() < 1.8e19)
      return static_cast<std::uint64_t>(v->as_double());
    lose(schema_loss_kind::bounds, std::string(key), path + "/" + std::string(key),
         std::string(key) + " " + brief(*v) + " is not a count: not checked");
    return std::nullopt;
  }

  const value* number_keyword(const object& o, std::string_view key, const std::string& path) {
    const value* v = o.find(key);
    if (v == nullptr || v->is_number() || (v->is_bool() && (key == "exclusiveMinimum" || key == "exclusiveMaximum")))
      return v;
    lose(schema_loss_kind::bounds, std::string(key), path + "/" + std::string(key),
         std::string(key) + " " + brief(*v) + " is not a number: not checked");
    return nullptr;
  }

  // The bounds, format and pattern of `o` that apply to the kind of `t` (one alternative of
  // the node's "type"); an enum keeps only the values they allow.
  void apply_constraints(param_type& t, const object& o, const std::string& path) {
    param_constraints& c = t.constraints;
    const param_kind k = t.kind == param_kind::enumeration ? param_kind::string : t.kind;
    if (k == param_kind::integer || k == param_kind::number) {
      const value* min = number_keyword(o, "minimum", path);
      const value* max = number_keyword(o, "maximum", path);
      const value* xmin = number_keyword(o, "exclusiveMinimum", path);
      const value* xmax = number_keyword(o, "exclusiveMaximum", path);
      auto tighter = [](std::optional<value>& bound, bool& exclusive, const value& candidate, bool candidate_exclusive,
                        bool lower) {
        if (bound) {
          const double a = bound->to_double(), b = candidate.to_double();
          const bool better = lower ? (b > a || (b == a && candidate_exclusive)) : (b < a || (b == a && candidate_exclusive));
          if (!better) return;
        }
        bound = candidate;
        exclusive = candidate_exclusive;
      };
      if (min != nullptr) tighter(c.minimum, c.exclusive_minimum, *min, xmin != nullptr && xmin->is_bool() && xmin->as_bool(), true);
      if (max != nullptr) tighter(c.maximum, c.exclusive_maximum, *max, xmax != nullptr && xmax->is_bool() && xmax->as_bool(), false);
      if (xmin != nullptr && xmin->is_number()) tighter(c.minimum, c.exclusive_minimum, *xmin, true, true);
      if (xmax != nullptr && xmax->is_number()) tighter(c.maximum, c.exclusive_maximum, *xmax, true, false);
      if (const value* m = number_keyword(o, "multipleOf", path); m != nullptr && m->is_number()) {
        if (m->to_double() > 0) c.multiple_of = *m;
        else lose(schema_loss_kind::bounds, "multipleOf", path + "/multipleOf", "multipleOf " + brief(*m) + " is not positive: not checked");
      }
    } else if (k == param_kind::string) {
      c.min_length = count_keyword(o, "minLength", path);
      c.max_length = count_keyword(o, "maxLength", path);
      if (const value* p = o.find("pattern")) {
        if (p->is_string() && pattern_supported(p->as_string())) c.pattern = p->as_string();
        else lose(schema_loss_kind::pattern, "pattern", path + "/pattern", "pattern " + brief(*p) + " is not checked");
      }
    } else if (k == param_kind::array) {
      c.min_length = count_keyword(o, "minItems", path);
      c.max_length = count_keyword(o, "maxItems", path);
      if (const value* u = o.find("uniqueItems"); u != nullptr && u->is_bool() && u->as_bool()) c.unique_items = true;
    } else if (k == param_kind::object) {
      c.min_length = count_keyword(o, "minProperties", path);
      c.max_length = count_keyword(o, "maxProperties", path);
    }
    if (k == param_kind::string || k == param_kind::integer || k == param_kind::number) {
      if (const value* f = o.find("format"); f != nullptr && f->is_string() && is_format_name(f->as_string()))
        c.format = f->as_string();
    }
    if (t.kind == param_kind::enumeration && !c.empty()) {
      // The enum's values that the string constraints allow; the format only annotates.
      param_type s(param_kind::string);
      s.constraints = c;
      std::vector<std::string> kept;
      for (std::string& v : t.enum_values)
        if (validate(value(v), s).empty()) kept.push_back(std::move(v));
      t.enum_values = std::move(kept);
      c = {};
      if (t.enum_values.empty()) {
        lose(schema_loss_kind::false_schema, "enum", path + "/enum", "no enum value meets the constraints: any");
        t = param_type(param_kind::any);
      }
    }
  }

  // A format the text form can carry: a bare name other than "unique".
  static bool is_format_name(const std::string& f) {
    if (f.empty() || f == "unique") return false;
    const char c0 = f[0];
    if (!((c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z') || c0 == '_')) return false;
    return std::all_of(f.begin(), f.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
    });
  }

  // A pattern std::regex (ECMAScript) compiles, within the limits validation keeps.
  static bool pattern_supported(const std::string& p) {
    if (!detail::pattern_within_limits(p)) return false;
    try {
      std::regex re(p, std::regex::ECMAScript);
      return true;
    } catch (const std::regex_error&) {
      return false;
    }
  }

  param_type convert_array(const object& o, const std::string& path, std::size_t depth) {
    const value* items = o.find("items");
    const value* prefix = o.find("prefixItems");
    if (items != nullptr && items->is_array()) {  // draft-07 tuple form
      prefix = items;
      items = o.find("additionalItems");
    }
    if (prefix == nullptr || !prefix->is_array()) {
      if (items == nullptr) return param_type::array_of(param_kind::any);
      param_type element = convert(*items, path + "/items", depth + 1);
      keep_description(element, *items);
      return param_type::array_of(std::move(element));
    }
    std::string prefix_path = path + (prefix == o.find("prefixItems") ? "/prefixItems" : "/items");
    lose(schema_loss_kind::tuple, prefix == o.find("prefixItems") ? "prefixItems" : "items", path,
         "tuple positions merge into one element type");
    std::vector<param_type> alts;
    const array& a = prefix->as_array();
    for (std::size_t i = 0; i < a.size(); ++i) alts.push_back(convert(a[i], prefix_path + "/" + std::to_string(i), depth + 1));
    if (items == nullptr) alts.emplace_back(param_kind::any);
    else if (!(items->is_bool() && !items->as_bool()))
      alts.push_back(convert(*items, path + (items == o.find("additionalItems") ? "/additionalItems" : "/items"), depth + 1));
    return param_type::array_of(make_union(std::move(alts)));
  }

  param_type convert_object(const object& o, const std::string& path, std::size_t depth) {
    const value* props = o.find("properties");
    const value* additional = o.find("additionalProperties");
    const value* unevaluated = o.find("unevaluatedProperties");
    const value* patterns = o.find("patternProperties");
    bool closed = (additional != nullptr && additional->is_bool() && !additional->as_bool()) ||
                  (additional == nullptr && unevaluated != nullptr && unevaluated->is_bool() && !unevaluated->as_bool());
    bool open = !closed && (additional == nullptr || is_true_schema(*additional)) &&
                (unevaluated == nullptr || is_true_schema(*unevaluated));
    // additionalProperties as a schema: the type of the members not listed (`*:T`).
    bool typed_rest = !closed && !open && additional != nullptr && !is_true_schema(*additional) &&
                      (unevaluated == nullptr || is_true_schema(*unevaluated));
    const object* properties = props != nullptr && props->is_object() ? &props->as_object() : nullptr;
    const value* required = o.find("required");
    bool has_members = (properties != nullptr && !properties->empty()) ||
                       (required != nullptr && required->is_array() && !required->as_array().empty());
    if (patterns != nullptr || (!closed && !open && !typed_rest)) {
      // Typed values of members: not expressible; any object.
      std::string key = patterns != nullptr ? "patternProperties" : additional != nullptr ? "additionalProperties" : "unevaluatedProperties";
      lose(schema_loss_kind::map_values, key, path,
           key + " " + brief(*o.find(key)) + " is not checked: object" + (has_members ? " (its listed properties are dropped)" : ""));
      return param_kind::object;
    }
    std::vector<param_type> rest;
    if (typed_rest) {
      rest.push_back(convert(*additional, path + "/additionalProperties", depth + 1));
      keep_description(rest.back(), *additional);  // `*:(T"text")` in the described form
    }
    else if (open && has_members) rest.emplace_back(param_kind::any);
    if (!has_members) {
      if (!closed && !typed_rest) return param_type(param_kind::object);
      param_type t = param_type::object_with({});
      t.items = std::move(rest);
      return t;
    }
    std::vector<param> fields;
    // Where each name is in `fields` (the names are views into the schema value), so that a
    // schema of 10^5 properties is read in linear time.
    std::unordered_map<std::string_view, std::size_t> field_at;
    if (properties != nullptr) {
      for (const member& m : *properties) {
        std::string at = path + "/properties/" + pointer_token(m.key);
        if (m.key.empty()) {
          lose(schema_loss_kind::name, "properties", path, "a property with an empty name: object");
          return param_kind::object;
        }
        if (!field_at.try_emplace(m.key, fields.size()).second) continue;
        param p;
        p.name = m.key;
        p.type = convert(m.value, at, depth + 1);
        if (m.value.is_object()) {
          const object& po = m.value.as_object();
          if (options_.keep_descriptions) {
            if (const value* d = po.find("description"); d != nullptr && d->is_string()) p.description = d->as_string();
          }
          if (const value* d = po.find("default")) p.default_value = *d;
        }
        fields.push_back(std::move(p));
      }
    }
    if (required != nullptr && required->is_array()) {
      for (const value& r : required->as_array()) {
        if (!r.is_string()) continue;
        auto [at, added] = field_at.try_emplace(r.as_string(), fields.size());
        if (added) {
          if (r.as_string().empty()) {
            lose(schema_loss_kind::name, "required", path, "a required property with an empty name: object");
            return param_kind::object;
          }
          param p;
          p.name = r.as_string();
          p.type = param_kind::any;
          p.required = true;
          fields.push_back(std::move(p));
        } else {
          fields[at->second].required = true;
        }
      }
    }
    for (param& p : fields) {
      if (!p.default_value) continue;
      std::string at = path + "/properties/" + pointer_token(p.name) + "/default";
      if (!validate(*p.default_value, p.type).empty()) {
        lose(schema_loss_kind::default_value, "default", at,
             "default " + brief(*p.default_value) + " is dropped (not valid for " + format_param_type(p.type) + ")");
        p.default_value.reset();
      } else if (p.default_value->type() == value::kind::real && !std::isfinite(p.default_value->as_double())) {
        p.default_value.reset();
      } else if (const std::size_t limit = typed_params_options{}.max_depth;
                 json_default_nesting(*p.default_value, limit) > limit) {
        // The typed-param text could not be read back (its parser's nesting limit).
        lose(schema_loss_kind::default_value, "default", at,
             "default nested deeper than " + std::to_string(limit) + " levels is dropped");
        p.default_value.reset();
      }
    }
    param_type t = param_type::object_with(std::move(fields));
    t.items = std::move(rest);
    return t;
  }

  const value& root_;
  const json_schema_import_options& options_;
  std::vector<schema_loss>* losses_;
  std::size_t loss_count_ = 0;  // every loss, also when losses_ is null
  std::vector<const value*> ref_stack_;
};

}  // namespace

TOON_FUNC param_type import_json_schema_type(const value& json_schema, std::vector<schema_loss>* losses,
                                   const json_schema_import_options& options) {
  json_schema_import_options o = options;
  o.max_depth = std::min(o.max_depth, typed_params_options{}.max_depth - 1);
  importer in(json_schema, o, losses);
  return in.convert(json_schema, "", 0);
}

TOON_FUNC imported_schema import_json_schema(const value& json_schema, const json_schema_import_options& options) {
  imported_schema out;
  param_type t = import_json_schema_type(json_schema, &out.losses, options);
  if (t.kind == param_kind::object) {
    // The parameter list: the fields, `*:T` for other members (`...` for a plain object).
    if (t.has_fields) {
      out.params.params = std::move(t.fields);
      if (!t.items.empty()) out.params.rest = std::move(t.items.front());
    } else {
      out.params.rest = param_type(param_kind::any);
    }
    if (t.constraints.min_length || t.constraints.max_length)
      out.losses.push_back(schema_loss{schema_loss_kind::bounds, "minProperties", "",
                                       "member counts of the arguments object are not checked"});
  } else {
    // A parameter list is always an object with listed members and no others.
    out.losses.push_back(schema_loss{schema_loss_kind::open_object, "type", "",
                                       "the arguments schema is " + format_param_type(t) +
                                           ", not an object with properties: no parameters, other members rejected",
                                       true});
  }
  if (options.keep_descriptions && json_schema.is_object()) {
    if (const value* d = json_schema.find("description"); d != nullptr && d->is_string())
      out.params.description = d->as_string();
  }
  return out;
}

}  // namespace toon
