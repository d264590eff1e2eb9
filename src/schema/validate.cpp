// Validation of arguments against typed params (docs/typed-params.md, "Validation").
//
// The verdict is JSON Schema's for json_schema(s): a value is valid exactly when it is valid
// against that schema. Every violation is reported, each with a path from the root.
#include <cmath>
#include <cstdint>
#include <regex>
#include "toon/detail/linkage.hpp"
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "toon/detail/typed_decoder.hpp"  // path segments, as typed decoding writes them
#include "schema_internal.hpp"
#include "toon/json.hpp"
#include "toon/schema.hpp"

namespace toon {

namespace {

// The name of a value's kind in messages, as typed decoding names it.
std::string_view found_name(const value& v) noexcept {
  switch (v.type()) {
    case value::kind::null: return "null";
    case value::kind::boolean: return "boolean";
    case value::kind::integer:
    case value::kind::uinteger:
    case value::kind::real:
    case value::kind::big_integer: return "number";
    case value::kind::string: return "string";
    case value::kind::array: return "array";
    case value::kind::object: return "object";
  }
  return "value";
}

bool is_integral(const value& v) noexcept {
  switch (v.type()) {
    case value::kind::integer:
    case value::kind::uinteger:
    case value::kind::big_integer: return true;
    case value::kind::real: return std::isfinite(v.as_double()) && std::trunc(v.as_double()) == v.as_double();
    default: return false;
  }
}

// -1, 0 or 1 as a < b, a == b, a > b, for two numbers: exact for 64-bit integers, else in long
// double (big integers by their digits when both are big or one is and the other integral).
int compare_numbers(const value& a, const value& b) {
  const bool ai = a.type() == value::kind::integer || a.type() == value::kind::uinteger;
  const bool bi = b.type() == value::kind::integer || b.type() == value::kind::uinteger;
  if (ai && bi) {
    if (a.type() == value::kind::integer && b.type() == value::kind::integer)
      return a.as_int64() < b.as_int64() ? -1 : a.as_int64() > b.as_int64();
    const bool a_negative = a.type() == value::kind::integer && a.as_int64() < 0;
    const bool b_negative = b.type() == value::kind::integer && b.as_int64() < 0;
    if (a_negative != b_negative) return a_negative ? -1 : 1;
    const auto ua = a.type() == value::kind::integer ? static_cast<std::uint64_t>(a.as_int64()) : a.as_uint64();
    const auto ub = b.type() == value::kind::integer ? static_cast<std::uint64_t>(b.as_int64()) : b.as_uint64();
    return ua < ub ? -1 : ua > ub;
  }
  auto as_long_double = [](const value& v) -> long double {
    switch (v.type()) {
      case value::kind::integer: return static_cast<long double>(v.as_int64());
      case value::kind::uinteger: return static_cast<long double>(v.as_uint64());
      case value::kind::real: return v.as_double();
      default: return static_cast<long double>(v.to_double());
    }
  };
  const long double x = as_long_double(a), y = as_long_double(b);
  return x < y ? -1 : x > y;
}

// Characters (code points) of UTF-8 text, as JSON Schema counts string length.
std::uint64_t code_points(std::string_view s) noexcept {
  std::uint64_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

// JSON Schema's multipleOf: an exact remainder for integers, else whether v / m is integral.
bool is_multiple(const value& v, const value& m) {
  if ((v.type() == value::kind::integer || v.type() == value::kind::uinteger) &&
      (m.type() == value::kind::integer || m.type() == value::kind::uinteger)) {
    const std::uint64_t divisor = m.type() == value::kind::integer ? static_cast<std::uint64_t>(m.as_int64()) : m.as_uint64();
    if (divisor == 0) return true;
    if (v.type() == value::kind::uinteger) return v.as_uint64() % divisor == 0;
    const std::int64_t i = v.as_int64();
    const std::uint64_t magnitude = i < 0 ? 0 - static_cast<std::uint64_t>(i) : static_cast<std::uint64_t>(i);
    return magnitude % divisor == 0;
  }
  const double q = v.to_double() / m.to_double();
  return std::isfinite(q) && std::trunc(q) == q;
}

// Whether `s` contains a match of the ECMAScript pattern; true (not checked) for a pattern
// std::regex does not take or beyond detail::pattern_within_limits, and for strings over
// detail::max_pattern_subject bytes.
bool matches_pattern(const std::string& pattern, const std::string& s) {
  if (s.size() > detail::max_pattern_subject || !detail::pattern_within_limits(pattern)) return true;
  try {
    const std::regex re(pattern, std::regex::ECMAScript);
    return std::regex_search(s, re);
  } catch (const std::regex_error&) {
    return true;
  }
}

void append_enum_values(std::string& out, const param_type& t) {
  out += "one of ";
  for (std::size_t i = 0; i < t.enum_values.size(); ++i) {
    if (i > 0) out += ", ";
    out += t.enum_values[i];
  }
}

// What a type expects, in messages: "int", "array", "one of a, b", "int or string".
void append_expected(std::string& out, const param_type& t, bool in_union = false) {
  switch (t.kind) {
    case param_kind::string: out += "string"; return;
    case param_kind::integer: out += "int"; return;
    case param_kind::number: out += "number"; return;
    case param_kind::boolean: out += "bool"; return;
    case param_kind::object: out += "object"; return;
    case param_kind::null: out += "null"; return;
    case param_kind::any: out += "any"; return;
    case param_kind::array: out += "array"; return;
    case param_kind::enumeration:
      if (in_union) out += format_param_type(t);  // "a/b": a list inside a list reads badly
      else append_enum_values(out, t);
      return;
    case param_kind::any_of:
      if (t.exclusive) out += "exactly one of ";
      for (std::size_t i = 0; i < t.items.size(); ++i) {
        if (i > 0) out += i + 1 == t.items.size() ? " or " : ", ";
        append_expected(out, t.items[i], true);
      }
      if (t.items.empty()) out += "nothing";
      return;
  }
}

// True when the kind of `v` is one `t` admits at its top level (the alternatives of a union
// worth reporting on).
bool kind_matches(const value& v, const param_type& t) noexcept {
  switch (t.kind) {
    case param_kind::string:
    case param_kind::enumeration: return v.is_string();
    case param_kind::integer:
    case param_kind::number: return v.is_number();
    case param_kind::boolean: return v.is_bool();
    case param_kind::object: return v.is_object();
    case param_kind::null: return v.is_null();
    case param_kind::any: return true;
    case param_kind::array: return v.is_array();
    case param_kind::any_of:
      for (const param_type& alternative : t.items)
        if (kind_matches(v, alternative)) return true;
      return false;
  }
  return false;
}

class validator {
 public:
  validator(std::string root, std::vector<error>& out) : path_(std::move(root)), out_(out) {}

  void check(const value& v, const param_type& t) {
    switch (t.kind) {
      case param_kind::any: return;
      case param_kind::string:
        if (!v.is_string()) mismatch(v, t);
        else check_string(v.as_string(), t.constraints);
        return;
      case param_kind::integer:
        if (!is_integral(v)) mismatch(v, t);
        else check_number(v, t.constraints);
        return;
      case param_kind::number:
        if (!v.is_number()) mismatch(v, t);
        else check_number(v, t.constraints);
        return;
      case param_kind::boolean: if (!v.is_bool()) mismatch(v, t); return;
      case param_kind::null: if (!v.is_null()) mismatch(v, t); return;
      case param_kind::object:
        if (!v.is_object()) {
          mismatch(v, t);
          return;
        }
        check_count(v.as_object().size(), t.constraints, "members");
        if (t.has_fields) check_fields(v.as_object(), t.fields, t.items.empty() ? nullptr : &t.items.front());
        return;
      case param_kind::array: {
        if (!v.is_array()) {
          mismatch(v, t);
          return;
        }
        check_count(v.as_array().size(), t.constraints, "elements");
        if (t.constraints.unique_items) check_unique(v.as_array());
        if (t.items.empty()) return;
        const array& a = v.as_array();
        const std::size_t length = path_.size();
        for (std::size_t i = 0; i < a.size(); ++i) {
          detail::typed_decoder::append_index_segment(path_, i);
          check(a[i], t.items.front());
          path_.resize(length);
        }
        return;
      }
      case param_kind::enumeration: {
        if (!v.is_string()) {
          mismatch(v, t);
          return;
        }
        for (const std::string& allowed : t.enum_values)
          if (allowed == v.as_string()) return;
        std::string message = "expected ";
        append_expected(message, t);
        report(error_code::invalid_enum, std::move(message));
        return;
      }
      case param_kind::any_of: check_any_of(v, t); return;
    }
  }

  void check_fields(const object& o, const std::vector<param>& fields, const param_type* rest) {
    // Large parameter lists get an index; small ones are searched.
    std::unordered_map<std::string_view, std::size_t> index;
    if (fields.size() > 8)
      for (std::size_t i = 0; i < fields.size(); ++i) index.emplace(fields[i].name, i);
    auto find = [&](std::string_view key) -> std::size_t {
      if (!index.empty()) {
        auto it = index.find(key);
        return it == index.end() ? fields.size() : it->second;
      }
      for (std::size_t i = 0; i < fields.size(); ++i)
        if (fields[i].name == key) return i;
      return fields.size();
    };
    std::vector<bool> present(fields.size(), false);
    const std::size_t length = path_.size();
    for (const member& m : o) {
      detail::typed_decoder::append_key_segment(path_, m.key);
      const std::size_t i = find(m.key);
      if (i == fields.size()) {
        if (rest == nullptr) report(error_code::unknown_field, "unknown field");
        else check(m.value, *rest);
      } else {
        present[i] = true;
        check(m.value, fields[i].type);
      }
      path_.resize(length);
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (present[i] || !fields[i].required) continue;
      detail::typed_decoder::append_key_segment(path_, fields[i].name);
      report(error_code::missing_field, "missing required field");
      path_.resize(length);
    }
  }

 private:
  void check_number(const value& v, const param_constraints& c) {
    if (c.minimum) {
      const int order = compare_numbers(v, *c.minimum);
      if (order < 0 || (order == 0 && c.exclusive_minimum))
        report(error_code::out_of_range,
               std::string("expected a number ") + (c.exclusive_minimum ? "> " : ">= ") + to_json(*c.minimum) + ", found " + to_json(v));
    }
    if (c.maximum) {
      const int order = compare_numbers(v, *c.maximum);
      if (order > 0 || (order == 0 && c.exclusive_maximum))
        report(error_code::out_of_range,
               std::string("expected a number ") + (c.exclusive_maximum ? "< " : "<= ") + to_json(*c.maximum) + ", found " + to_json(v));
    }
    if (c.multiple_of && !is_multiple(v, *c.multiple_of))
      report(error_code::out_of_range, "expected a multiple of " + to_json(*c.multiple_of) + ", found " + to_json(v));
  }

  void check_count(std::uint64_t n, const param_constraints& c, const char* what) {
    if (c.min_length && n < *c.min_length)
      report(error_code::out_of_range,
             "expected at least " + std::to_string(*c.min_length) + " " + what + ", found " + std::to_string(n));
    if (c.max_length && n > *c.max_length)
      report(error_code::out_of_range,
             "expected at most " + std::to_string(*c.max_length) + " " + what + ", found " + std::to_string(n));
  }

  void check_string(const std::string& s, const param_constraints& c) {
    if (c.min_length || c.max_length) check_count(code_points(s), c, "characters");
    if (c.pattern && !matches_pattern(*c.pattern, s))
      report(error_code::type_mismatch, "expected a string matching " + to_json(value(*c.pattern)));
  }

  void check_unique(const array& a) {
    for (std::size_t i = 1; i < a.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (equal_unordered(a[i], a[j])) {
          report(error_code::out_of_range,
                 "expected unique elements, found [" + std::to_string(j) + "] and [" + std::to_string(i) + "] equal");
          return;
        }
  }

  void report(error_code code, std::string message) {
    error e;
    e.code = code;
    e.message = std::move(message);
    e.path = path_;
    out_.push_back(std::move(e));
  }

  void mismatch(const value& v, const param_type& t) {
    std::string message = "expected ";
    append_expected(message, t);
    message += ", found ";
    message += found_name(v);
    report(error_code::type_mismatch, std::move(message));
  }

  // Valid when some alternative accepts the value. Otherwise: a type mismatch naming every
  // alternative when none admits the value's kind, else the problems found by the closest
  // alternative of that kind (the one with the fewest, the first on a tie).
  void check_any_of(const value& v, const param_type& t) {
    std::vector<error> best;
    bool have_best = false;
    if (t.exclusive) {
      // oneOf: exactly one alternative may accept the value.
      std::size_t accepted = 0;
      for (const param_type& alternative : t.items) {
        std::vector<error> found;
        validator(path_, found).check(v, alternative);
        if (found.empty()) ++accepted;
      }
      if (accepted == 1) return;
      if (accepted > 1) {
        std::string message = "expected exactly one of ";
        for (std::size_t i = 0; i < t.items.size(); ++i) {
          if (i > 0) message += i + 1 == t.items.size() ? " or " : ", ";
          append_expected(message, t.items[i], true);
        }
        message += ", found a value matching " + std::to_string(accepted);
        report(error_code::type_mismatch, std::move(message));
        return;
      }
    }
    for (const param_type& alternative : t.items) {
      if (!kind_matches(v, alternative)) continue;
      std::vector<error> found;
      validator inner(path_, found);
      inner.check(v, alternative);
      if (found.empty()) return;
      if (!have_best || found.size() < best.size()) {
        best = std::move(found);
        have_best = true;
      }
    }
    if (!have_best) {
      mismatch(v, t);
      return;
    }
    for (error& e : best) out_.push_back(std::move(e));
  }

  std::string path_;
  std::vector<error>& out_;
};

}  // namespace

TOON_FUNC std::vector<error> validate(const value& args, const schema& s, std::string_view root) {
  std::vector<error> out;
  validator check(std::string(root), out);
  if (!args.is_object()) {
    param_type t = param_type::object_with({});
    check.check(args, t);
    return out;
  }
  check.check_fields(args.as_object(), s.params, s.rest ? &*s.rest : nullptr);
  return out;
}

TOON_FUNC std::vector<error> validate(const value& v, const param_type& t, std::string_view root) {
  std::vector<error> out;
  validator(std::string(root), out).check(v, t);
  return out;
}

}  // namespace toon
