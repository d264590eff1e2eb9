// Canonical text of the typed-param form (docs/typed-params.md, "Canonical form").
#include <string>
#include "toon/detail/linkage.hpp"
#include <string_view>

#include "schema_internal.hpp"
#include "toon/detail/typed_decoder.hpp"  // detail::append_json_escaped
#include "toon/detail/writer.hpp"         // canonical numbers
#include "toon/json.hpp"
#include "toon/schema.hpp"

namespace toon {

namespace {

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  detail::append_json_escaped(out, s);
  out += '"';
}

void append_name(std::string& out, std::string_view name) {
  if (detail::is_bare_name(name)) out += name;
  else append_json_string(out, name);
}

void append_list(std::string& out, const std::vector<param>& params, const param_type* rest);

void append_number(std::string& out, const value& v) {
  switch (v.type()) {
    case value::kind::integer: detail::append_int(out, v.as_int64()); return;
    case value::kind::uinteger: detail::append_uint(out, v.as_uint64()); return;
    case value::kind::real: detail::append_double(out, v.as_double()); return;
    case value::kind::big_integer: detail::append_big_integer(out, v.as_big_integer().digits); return;
    default: to_json_to(out, v); return;  // not a number: written as JSON, which does not parse
  }
}

// `(1..9,%2,unique,uri,"^a")`: the constraints that apply to the kind, nothing when none.
void append_constraints(std::string& out, param_kind kind, const param_constraints& c) {
  std::string inside;
  auto next = [&] {
    if (!inside.empty()) inside += ',';
  };
  const bool numeric = kind == param_kind::integer || kind == param_kind::number;
  const bool sized = kind == param_kind::string || kind == param_kind::array || kind == param_kind::object;
  if (numeric && !c.implied_range && (c.minimum || c.maximum)) {
    if (c.minimum) {
      if (c.exclusive_minimum) inside += '>';
      append_number(inside, *c.minimum);
    }
    inside += "..";
    if (c.maximum) {
      if (c.exclusive_maximum) inside += '<';
      append_number(inside, *c.maximum);
    }
  }
  if (sized && (c.min_length || c.max_length)) {
    if (c.min_length) inside += std::to_string(*c.min_length);
    inside += "..";
    if (c.max_length) inside += std::to_string(*c.max_length);
  }
  if (numeric && c.multiple_of) {
    next();
    inside += '%';
    append_number(inside, *c.multiple_of);
  }
  if (kind == param_kind::array && c.unique_items) {
    next();
    inside += "unique";
  }
  if ((numeric || kind == param_kind::string) && !c.format.empty()) {
    next();
    if (detail::is_bare_name(c.format) && c.format != "unique") inside += c.format;
    else append_json_string(inside, c.format);  // does not parse: formats are bare names
  }
  if (kind == param_kind::string && c.pattern) {
    next();
    append_json_string(inside, *c.pattern);
  }
  if (inside.empty()) return;
  out += '(';
  out += inside;
  out += ')';
}

void append_type_only(std::string& out, const param_type& t);

void append_type(std::string& out, const param_type& t) {
  append_type_only(out, t);
  if (t.kind != param_kind::any_of && t.kind != param_kind::enumeration) append_constraints(out, t.kind, t.constraints);
}

void append_type_only(std::string& out, const param_type& t) {
  switch (t.kind) {
    case param_kind::string: out += "string"; return;
    case param_kind::integer: out += "int"; return;
    case param_kind::number: out += "number"; return;
    case param_kind::boolean: out += "bool"; return;
    case param_kind::null: out += "null"; return;
    case param_kind::any: out += "any"; return;
    case param_kind::object:
      if (!t.has_fields) {
        out += "object";
        return;
      }
      out += '{';
      append_list(out, t.fields, t.items.empty() ? nullptr : &t.items.front());
      out += '}';
      return;
    case param_kind::array: {
      // A union element needs parentheses: `(int|string)[]` (the suffix binds tighter).
      if (t.items.empty()) {
        out += "any";
      } else if (t.items.front().kind == param_kind::any_of && t.items.front().items.size() != 1) {
        out += '(';
        append_type(out, t.items.front());
        out += ')';
      } else {
        append_type(out, t.items.front());
      }
      out += "[]";
      return;
    }
    case param_kind::enumeration: {
      out += "enum(";
      bool first = true;
      for (const std::string& v : t.enum_values) {
        if (!first) out += '|';
        first = false;
        if (detail::is_bare_word(v)) out += v;
        else append_json_string(out, v);
      }
      out += ')';
      return;
    }
    case param_kind::any_of: {
      // Well-formed unions have two or more alternatives, none of them a union; anything
      // else is written so that it reads back as the same set of values where possible
      // (`()` for an empty union, which matches nothing, does not parse).
      if (t.items.empty()) {
        out += "()";
        return;
      }
      bool first = true;
      for (const param_type& alternative : t.items) {
        if (!first) out += t.exclusive ? '^' : '|';
        first = false;
        if (alternative.kind == param_kind::any_of && alternative.items.size() != 1) {
          out += '(';
          append_type(out, alternative);
          out += ')';
        } else {
          append_type(out, alternative);
        }
      }
      return;
    }
  }
}

void append_default(std::string& out, const value& v) {
  switch (v.type()) {
    case value::kind::null: out += "null"; return;
    case value::kind::boolean: out += v.as_bool() ? "true" : "false"; return;
    case value::kind::integer: detail::append_int(out, v.as_int64()); return;
    case value::kind::uinteger: detail::append_uint(out, v.as_uint64()); return;
    case value::kind::real: detail::append_double(out, v.as_double()); return;
    case value::kind::big_integer: detail::append_big_integer(out, v.as_big_integer().digits); return;
    case value::kind::string: {
      const std::string& s = v.as_string();
      if (detail::is_bare_name(s) && !detail::is_literal_word(s)) out += s;
      else append_json_string(out, s);
      return;
    }
    case value::kind::array:
    case value::kind::object:
      to_json_to(out, v);  // compact JSON
      return;
  }
}

void append_list(std::string& out, const std::vector<param>& params, const param_type* rest) {
  bool first = true;
  for (const param& p : params) {
    if (!first) out += ' ';
    first = false;
    append_name(out, p.name);
    out += ':';
    append_type(out, p.type);
    if (p.required) out += '!';
    if (p.default_value) {
      out += '=';
      append_default(out, *p.default_value);
    }
  }
  if (rest != nullptr) {
    if (!first) out += ' ';
    if (rest->kind == param_kind::any && rest->constraints.empty()) {
      out += "...";  // any other members
    } else {
      out += "*:";
      append_type(out, *rest);
    }
  }
}

}  // namespace

TOON_FUNC std::string format_typed_params(const schema& s) {
  std::string out;
  append_list(out, s.params, s.rest ? &*s.rest : nullptr);
  return out;
}

TOON_FUNC std::string format_param_type(const param_type& t) {
  std::string out;
  append_type(out, t);
  return out;
}

}  // namespace toon
