// Properties of typed params (toon/schema.hpp) over generated schemas and texts (rapidcheck):
//   - round trip: parse_typed_params(format_typed_params(s)) == s for every well-formed model
//     (names and enum values that need quotes, control characters, non-ASCII, unions, arrays of
//     unions, nested objects, defaults of every primitive kind);
//   - with descriptions (parameters, array elements, union alternatives, types of their own; some
//     as `#N` references to a table): the described text parses back to the same model;
//   - canonical fixpoint: whatever parses formats to text that parses to the same model;
//   - robustness: arbitrary and mutated texts parse or fail with a located error, never crash.
// Default runs use rapidcheck's 100 cases per property; RC_PARAMS="max_success=10000" runs more.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "toon/json.hpp"
#include "toon/schema.hpp"

namespace {

using toon::param;
using toon::param_kind;
using toon::param_type;

// Text made of pieces that stress quoting: grammar characters, escapes, keywords, non-ASCII.
rc::Gen<std::string> gen_text() {
  return rc::gen::map(rc::gen::container<std::vector<std::string>>(rc::gen::element<std::string>(
                          "a", "Z", "_", "0", "9", ".", "-", "+", " ", "\"", "\\", "/", "\n", "\t", "\x01", "\x1f",
                          "\xC3\xA9", "\xF0\x9F\x98\x80", "|", ":", "{", "}", "(", ")", "[", "]", "=", "!", ",",
                          "'", "#", "true", "null", "enum", "int", "1", "e", "u0041")),
                      [](const std::vector<std::string>& pieces) {
                        std::string out;
                        for (const std::string& p : pieces) out += p;
                        return out;
                      });
}

rc::Gen<std::string> gen_name() {
  return rc::gen::oneOf(rc::gen::element<std::string>("path", "x", "_y", "a.b-c", "depth", "Q9"),
                        rc::gen::suchThat(gen_text(), [](const std::string& s) { return !s.empty(); }));
}

rc::Gen<double> gen_double() {
  return rc::gen::oneOf(rc::gen::suchThat(rc::gen::arbitrary<double>(), [](double d) { return std::isfinite(d); }),
                        rc::gen::element(0.0, -0.0, 0.5, -1.25, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 3.0));
}

std::optional<toon::value> gen_default(const param_type& t) {
  if (t.constraints.minimum || t.constraints.maximum) return std::nullopt;  // may lie outside the range
  switch (t.kind) {
    case param_kind::integer:
      if (*rc::gen::arbitrary<bool>()) return toon::value(*rc::gen::arbitrary<std::int64_t>());
      return toon::value(*rc::gen::arbitrary<std::uint64_t>());
    case param_kind::number: return toon::value(*gen_double());
    case param_kind::string: return toon::value(*gen_text());
    case param_kind::boolean: return toon::value(*rc::gen::arbitrary<bool>());
    case param_kind::null: return toon::value(nullptr);
    case param_kind::enumeration: return toon::value(*rc::gen::elementOf(t.enum_values));
    case param_kind::any:
      return gen_default(param_type(*rc::gen::element(param_kind::integer, param_kind::string, param_kind::null)));
    case param_kind::any_of: return gen_default(*rc::gen::elementOf(t.items));
    case param_kind::object:
    case param_kind::array: return std::nullopt;
  }
  return std::nullopt;
}

rc::Gen<param_type> gen_type(int depth, bool allow_union = true);

rc::Gen<std::vector<param>> gen_params(int depth) {
  return rc::gen::exec([depth] {
    const int n = *rc::gen::inRange(0, 5);
    std::vector<param> out;
    std::set<std::string> names;
    for (int i = 0; i < n; ++i) {
      param p;
      p.name = *gen_name();
      if (!names.insert(p.name).second) continue;
      p.type = *gen_type(depth);
      p.required = *rc::gen::arbitrary<bool>();
      if (!p.required && *rc::gen::arbitrary<bool>()) p.default_value = gen_default(p.type);
      out.push_back(std::move(p));
    }
    return out;
  });
}

rc::Gen<param_type> gen_type(int depth, bool allow_union) {
  return rc::gen::exec([depth, allow_union] {
    const int choice = *rc::gen::inRange(0, depth <= 0 ? 2 : allow_union ? 5 : 4);
    switch (choice) {
      case 0: {
        param_type t(*rc::gen::element(param_kind::string, param_kind::integer, param_kind::number, param_kind::boolean,
                                       param_kind::object, param_kind::null, param_kind::any));
        if ((t.kind == param_kind::integer || t.kind == param_kind::number) && *rc::gen::inRange(0, 3) == 0) {
          // A numeric range, its bounds often 2^53-1 or its negative (written max, -max) or next to them.
          constexpr std::int64_t max_safe = 9007199254740991;
          const std::vector<std::int64_t> near = {max_safe, -max_safe, max_safe - 1, max_safe + 1, -max_safe - 1, 0, 1};
          auto bound = [&near] {
            return toon::value(*rc::gen::oneOf(rc::gen::elementOf(near), rc::gen::arbitrary<std::int64_t>()));
          };
          const int which = *rc::gen::inRange(1, 4);  // 1: lower, 2: upper, 3: both
          if (which & 1) {
            t.constraints.minimum = bound();
            t.constraints.exclusive_minimum = *rc::gen::arbitrary<bool>();
          }
          if (which & 2) {
            t.constraints.maximum = bound();
            t.constraints.exclusive_maximum = *rc::gen::arbitrary<bool>();
          }
        }
        return t;
      }
      case 1: {
        std::vector<std::string> values = *rc::gen::nonEmpty(rc::gen::container<std::vector<std::string>>(gen_text()));
        std::set<std::string> seen;
        std::vector<std::string> unique;
        for (std::string& v : values)
          if (seen.insert(v).second) unique.push_back(std::move(v));
        return param_type::enum_of(std::move(unique));
      }
      case 2: return param_type::array_of(*gen_type(depth - 1));
      case 3: return param_type::object_with(*gen_params(depth - 1));
      default: {
        std::vector<param_type> alternatives;
        const int n = *rc::gen::inRange(2, 4);
        for (int i = 0; i < n; ++i) alternatives.push_back(*gen_type(depth - 1, false));
        return param_type::any_of(std::move(alternatives));
      }
    }
  });
}

rc::Gen<toon::schema> gen_schema() {
  return rc::gen::exec([] {
    toon::schema s;
    s.params = *gen_params(*rc::gen::inRange(0, 4));
    return s;
  });
}

// Characters of the grammar, for texts that get far into the parser.
rc::Gen<std::string> gen_grammar_text() {
  return rc::gen::map(rc::gen::container<std::vector<std::string>>(rc::gen::element<std::string>(
                          "a", "b", ":", " ", "!", "=", "|", "[", "]", "[]", "{", "}", "(", ")", "\"", "\\", "\\u", "#",
                          "#1", "*", "*1", "\"d\"", "/", "'", "'d'", "a/b", "..", ">", "<", "max", "-max",
                          "d800", "string", "int", "number", "bool", "object", "null", "any", "enum(", "1", "-", ".",
                          "e+", "true", "\xC3", "\xA9", "\n")),
                      [](const std::vector<std::string>& pieces) {
                        std::string out;
                        for (const std::string& p : pieces) out += p;
                        return out;
                      });
}

// Parsing `text` either fails with a located error or yields a model whose canonical text
// parses back to it (and is its own canonical text).
void check_any_text(const std::string& text) {
  auto r = toon::parse_typed_params(text);
  RC_CLASSIFY(r.has_value(), "parsed");
  if (!r) {
    const toon::error& e = r.error();
    RC_ASSERT(e.code != toon::error_code::ok);
    RC_ASSERT(!e.message.empty());
    RC_ASSERT(e.line >= 1u);
    RC_ASSERT(e.column >= 1u);
    RC_ASSERT(e.column <= text.size() + 1);
    return;
  }
  // Descriptions parse too: the canonical text with them gives the same model back.
  toon::typed_params_format_options with;
  with.descriptions = true;
  const std::string canonical = toon::format_typed_params(*r, with);
  auto again = toon::parse_typed_params(canonical);
  RC_ASSERT(again.has_value());
  RC_ASSERT(*again == *r);
  RC_ASSERT(toon::format_typed_params(*again, with) == canonical);
}

RC_GTEST_PROP(TypedParamsProperty, FormatThenParseIsIdentity, ()) {
  const toon::schema s = *gen_schema();
  const std::string text = toon::format_typed_params(s);
  RC_LOG() << text << "\n";
  auto back = toon::parse_typed_params(text);
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == s);
  RC_ASSERT(toon::format_typed_params(*back) == text);
  // Defaults are valid for their types, so the JSON Schema carries consistent defaults.
  for (const param& p : s.params)
    if (p.default_value) RC_ASSERT(toon::validate(*p.default_value, p.type).empty());
  RC_ASSERT(toon::json_schema(s).is_object());
}

// Puts generated descriptions (some from `table`) on parameters, on array elements, on union
// alternatives and on parameters' own types, at random.
void describe_type(param_type& t, const std::vector<std::string>& table);

std::string gen_description(const std::vector<std::string>& table) {
  if (!table.empty() && *rc::gen::arbitrary<bool>()) return *rc::gen::elementOf(table);
  return *rc::gen::suchThat(gen_text(), [](const std::string& s) { return !s.empty(); });
}

void describe_params(std::vector<param>& params, const std::vector<std::string>& table) {
  for (param& p : params) {
    if (*rc::gen::arbitrary<bool>()) p.description = gen_description(table);
    if (*rc::gen::inRange(0, 4) == 0) p.type.description = gen_description(table);
    describe_type(p.type, table);
  }
}

void describe_type(param_type& t, const std::vector<std::string>& table) {
  if (t.kind == param_kind::object && t.has_fields) describe_params(t.fields, table);
  for (param_type& item : t.items) {
    if (t.kind != param_kind::object && *rc::gen::arbitrary<bool>()) item.description = gen_description(table);
    describe_type(item, table);
  }
}

RC_GTEST_PROP(TypedParamsProperty, DescribedFormatThenParseIsIdentity, ()) {
  toon::schema s = *gen_schema();
  const std::string plain = toon::format_typed_params(s);
  std::vector<std::string> table = *rc::gen::container<std::vector<std::string>>(
      rc::gen::suchThat(gen_text(), [](const std::string& x) { return !x.empty(); }));
  describe_params(s.params, table);
  toon::typed_params_format_options with;
  with.descriptions = true;
  with.description_table = table;
  // Texts by name (some of them texts of the table, some empty), and strings as names alone.
  std::vector<std::pair<std::string, std::string>> names;
  for (const param& p : s.params)  // names whose text some parameter has (the first entry of a name counts)
    if (!p.description.empty() && *rc::gen::inRange(0, 3) == 0) names.emplace_back(p.name, p.description);
  for (int i = *rc::gen::inRange(0, 5); i > 0; --i)
    names.emplace_back(*gen_name(), *rc::gen::inRange(0, 5) == 0 ? std::string() : gen_description(table));
  with.name_descriptions = names;
  with.implicit_string = *rc::gen::arbitrary<bool>();
  const std::string text = toon::format_typed_params(s, with);
  RC_LOG() << text << "\n";
  RC_CLASSIFY(text.find("''") != std::string::npos, "a parameter of a described name without a text ('')");
  toon::typed_params_format_options without_names = with;
  without_names.name_descriptions.clear();
  RC_CLASSIFY(toon::format_typed_params(s, without_names).size() > text.size(), "texts left out by name");
  toon::typed_params_options options;
  options.description_table = table;
  options.name_descriptions = names;
  auto back = toon::parse_typed_params(text, options);
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == s);
  RC_ASSERT(toon::format_typed_params(*back, with) == text);
  // Without descriptions the text is the one of the model without them.
  RC_ASSERT(toon::format_typed_params(s) == plain);
  // implicit_string alone: the canonical text without the `:string` of plain strings, which
  // reads back to the same model.
  toon::typed_params_format_options implicit;
  implicit.implicit_string = true;
  auto short_form = toon::parse_typed_params(toon::format_typed_params(s, implicit));
  RC_ASSERT(short_form.has_value());
  RC_ASSERT(toon::format_typed_params(*short_form) == plain);
}

RC_GTEST_PROP(TypedParamsProperty, ArbitraryTextNeverCrashes, ()) {
  check_any_text(*rc::gen::oneOf(gen_grammar_text(), gen_text()));
}

RC_GTEST_PROP(TypedParamsProperty, MutatedCanonicalText, ()) {
  std::string text = toon::format_typed_params(*gen_schema());
  const int edits = *rc::gen::inRange(1, 4);
  for (int i = 0; i < edits; ++i) {
    const std::size_t at = *rc::gen::inRange<std::size_t>(0, text.size() + 1);
    switch (*rc::gen::inRange(0, 3)) {
      case 0:
        if (at < text.size()) text.erase(at, 1);
        break;
      case 1: text.insert(at, *rc::gen::element<std::string>(" ", "|", "!", "=", "[]", "{", "}", "(", ")", "\"", "\\")); break;
      default:
        if (at < text.size()) text[at] = *rc::gen::element(' ', ':', '|', '"', 'x', '1', '[', ']');
        break;
    }
  }
  RC_LOG() << text << "\n";
  check_any_text(text);
}

RC_GTEST_PROP(TypedParamsProperty, ValidatingDefaultsAgainstTheirSchemaPasses, ()) {
  // An arguments object made of every parameter's default (and a value for required ones
  // whose type is a plain scalar) is valid.
  const toon::schema s = *gen_schema();
  toon::object args;
  for (const param& p : s.params) {
    if (p.default_value) args.emplace_back(p.name, *p.default_value);
    else if (p.required && p.type.kind == param_kind::any) args.emplace_back(p.name, toon::value(1));
    else if (p.required && p.type.kind == param_kind::object && !p.type.has_fields) args.emplace_back(p.name, toon::object{});
  }
  std::vector<toon::error> errors = toon::validate(toon::value(args), s);
  for (const toon::error& e : errors) {
    // Only required parameters of other types may be reported, as missing.
    RC_ASSERT(e.code == toon::error_code::missing_field);
  }
}

}  // namespace
