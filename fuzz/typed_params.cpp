// Fuzz target: the typed-param form (toon/schema.hpp, docs/typed-params.md).
// The input is a typed-param text, optionally followed by a line break and a TOON document of
// arguments. With s = parse_typed_params(text):
//   - no crash, hang, leak or undefined behaviour; an error has a code and a position inside
//     the text;
//   - the canonical text round-trips: parse(format(s)) == s and format(parse(format(s))) ==
//     format(s), format written with descriptions (a text may carry them); so does the text
//     with plain strings as names alone (typed_params_format_options::implicit_string);
//   - json_schema(s) is a JSON object that to_json / from_json carry unchanged;
//   - every default is valid for its type (a required parameter may have one: `!=v`);
//     validate({}, s) reports exactly the required parameters as missing; when no type states
//     constraints, `*:T` or `^`, an instance built from s (each type's simplest value, required
//     and defaulted parameters present) validates without error, also after a trip through TOON;
//   - validating the decoded arguments reports errors with a code and a path under "args".
#include <vector>

#include "fuzz_common.hpp"

namespace {

// The simplest value of a type (valid by construction).
toon::value instance(const toon::param_type& t);

toon::object instance_of_fields(const std::vector<toon::param>& params) {
  toon::object o;
  for (const toon::param& p : params)
    if (p.required || p.default_value) o.emplace_back(p.name, p.default_value ? *p.default_value : instance(p.type));
  return o;
}

toon::value instance(const toon::param_type& t) {
  switch (t.kind) {
    case toon::param_kind::string: return "s";
    case toon::param_kind::integer: return 1;
    case toon::param_kind::number: return 1.5;
    case toon::param_kind::boolean: return true;
    case toon::param_kind::object: return instance_of_fields(t.fields);
    case toon::param_kind::null:
    case toon::param_kind::any: return nullptr;
    case toon::param_kind::array: return toon::array{instance(t.items.at(0))};
    case toon::param_kind::enumeration: return t.enum_values.at(0);
    case toon::param_kind::any_of: return instance(t.items.at(0));
  }
  return nullptr;
}

void check_defaults(const std::vector<toon::param>& params) {
  for (const toon::param& p : params) {
    if (p.default_value) {
      if (!toon::validate(*p.default_value, p.type).empty()) toon_fuzz::fail("an invalid default", p.name);
    }
    if (p.type.kind == toon::param_kind::object) check_defaults(p.type.fields);
  }
}

// True when some type states constraints, other members (`*:T`) or an exclusive union: the
// simplest values of instance() need not satisfy those.
bool has_constraints(const toon::param_type& t);

bool has_constraints(const std::vector<toon::param>& params) {
  for (const toon::param& p : params)
    if (has_constraints(p.type)) return true;
  return false;
}

bool has_constraints(const toon::param_type& t) {
  if (!t.constraints.empty() || t.exclusive || (t.kind == toon::param_kind::object && !t.items.empty())) return true;
  for (const toon::param_type& i : t.items)
    if (has_constraints(i)) return true;
  return has_constraints(t.fields);
}

std::string format_errors(const std::vector<toon::error>& errors) {
  std::string out;
  for (const toon::error& e : errors) out += e.to_string() + "\n";
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view whole = input.view();
  const std::size_t newline = whole.find('\n');
  const std::string_view text = whole.substr(0, newline);

  toon::result<toon::schema> s = toon::parse_typed_params(text);
  if (!s) {
    toon_fuzz::check_error(s.error(), text);
    return 0;
  }
  // With descriptions: a text may carry them (docs/typed-params.md, "Descriptions").
  toon::typed_params_format_options described;
  described.descriptions = true;
  const std::string canonical = toon::format_typed_params(*s, described);
  toon::result<toon::schema> again = toon::parse_typed_params(canonical);
  if (!again) toon_fuzz::fail("canonical text does not parse", again.error().to_string() + "\n" + canonical);
  if (!(*again == *s)) toon_fuzz::fail("canonical text parses to another schema", canonical);
  if (toon::format_typed_params(*again, described) != canonical) toon_fuzz::fail("canonical text is not a fixed point", canonical);
  // Plain strings as names alone (implicit_string) read back to the same schema.
  described.implicit_string = true;
  const std::string short_form = toon::format_typed_params(*s, described);
  toon::result<toon::schema> short_back = toon::parse_typed_params(short_form);
  if (!short_back) toon_fuzz::fail("the text without :string does not parse", short_back.error().to_string() + "\n" + short_form);
  if (!(*short_back == *s)) toon_fuzz::fail("the text without :string parses to another schema", short_form);

  const toon::value js = toon::json_schema(*s);
  if (!js.is_object()) toon_fuzz::fail("json_schema is not an object", canonical);
  toon::result<toon::value> js_back = toon::from_json(toon::to_json(js));
  if (!js_back || !(*js_back == js)) toon_fuzz::fail("json_schema does not survive JSON", toon::to_json(js));

  check_defaults(s->params);
  std::size_t required = 0;
  for (const toon::param& p : s->params) required += p.required;
  const std::vector<toon::error> missing = toon::validate(toon::value(toon::object{}), *s);
  if (missing.size() != required) toon_fuzz::fail("validate({}) does not report exactly the required parameters", format_errors(missing));
  for (const toon::error& e : missing)
    if (e.code != toon::error_code::missing_field) toon_fuzz::fail("validate({}) reports something else", format_errors(missing));

  if (!has_constraints(s->params) && !s->rest) {
    const toon::value good = instance_of_fields(s->params);
    if (auto errors = toon::validate(good, *s); !errors.empty())
      toon_fuzz::fail("a valid instance is rejected", canonical + "\n" + toon::to_json(good) + "\n" + format_errors(errors));
    toon::result<toon::value> through_toon = toon::decode(toon::encode(good));
    if (!through_toon) toon_fuzz::fail("the instance does not survive TOON", through_toon.error().to_string());
    if (auto errors = toon::validate(*through_toon, *s); !errors.empty())
      toon_fuzz::fail("the instance is rejected after a TOON round trip", canonical + "\n" + format_errors(errors));
  }

  if (newline != std::string_view::npos) {
    toon::decode_options o;
    o.strict = false;
    if (toon::result<toon::value> args = toon::decode(whole.substr(newline + 1), o)) {
      for (const toon::error& e : toon::validate(*args, *s)) {
        if (e.code == toon::error_code::ok) toon_fuzz::fail("validation error with code ok", e.to_string());
        if (e.path.substr(0, 4) != "args") toon_fuzz::fail("validation error outside args", e.to_string());
      }
    }
  }
  return 0;
}
