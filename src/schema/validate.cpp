// Validation of arguments against typed params (docs/typed-params.md, "Validation").
//
// The verdict is JSON Schema's for json_schema(s): a value is valid exactly when it is valid
// against that schema. Every violation is reported, each with a path from the root.
#include <cmath>
#include "toon/detail/linkage.hpp"
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "toon/detail/typed_decoder.hpp"  // path segments, as typed decoding writes them
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
      if (in_union) out += format_param_type(t);  // "enum(a|b)": a list inside a list reads badly
      else append_enum_values(out, t);
      return;
    case param_kind::any_of:
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
      case param_kind::string: if (!v.is_string()) mismatch(v, t); return;
      case param_kind::integer: if (!is_integral(v)) mismatch(v, t); return;
      case param_kind::number: if (!v.is_number()) mismatch(v, t); return;
      case param_kind::boolean: if (!v.is_bool()) mismatch(v, t); return;
      case param_kind::null: if (!v.is_null()) mismatch(v, t); return;
      case param_kind::object:
        if (!v.is_object()) mismatch(v, t);
        else if (t.has_fields) check_fields(v.as_object(), t.fields);
        return;
      case param_kind::array: {
        if (!v.is_array()) {
          mismatch(v, t);
          return;
        }
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

  void check_fields(const object& o, const std::vector<param>& fields) {
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
        report(error_code::unknown_field, "unknown field");
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
  check.check_fields(args.as_object(), s.params);
  return out;
}

TOON_FUNC std::vector<error> validate(const value& v, const param_type& t, std::string_view root) {
  std::vector<error> out;
  validator(std::string(root), out).check(v, t);
  return out;
}

}  // namespace toon
