// Canonical text of the typed-param form (docs/typed-params.md, "Canonical form").
#include <cstdint>
#include <string>
#include "toon/detail/linkage.hpp"
#include <string_view>
#include <unordered_map>

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

// How descriptions are written: not at all (a null pointer), or as single-quoted or JSON
// strings, the texts of the table as `*N`.
struct description_writer {
  bool describe = true;  // false: no descriptions (only the other options below)
  bool implicit_string = false;  // typed_params_format_options::implicit_string
  std::unordered_map<std::string_view, std::size_t> ids;  // text -> N (1-based)
  std::unordered_map<std::string_view, std::string_view> names;  // parameter name -> its usual text
};

bool describing(const description_writer* d) noexcept { return d != nullptr && d->describe; }

// `'text'`, `"text"` or `*N` after what it describes; nothing for an empty text or without a
// writer. Single quotes when the text has no ', \ or control character (they take no escapes,
// and in a quoted TOON cell no backslash either), else a JSON string.
void append_description(std::string& out, const std::string& text, const description_writer* d) {
  if (!describing(d) || text.empty()) return;
  if (auto it = d->ids.find(text); it != d->ids.end()) {
    out += '*';
    out += std::to_string(it->second);
    return;
  }
  bool plain = true;
  for (const char c : text)
    if (c == '\'' || c == '\\' || static_cast<unsigned char>(c) < 0x20) {
      plain = false;
      break;
    }
  if (!plain) {
    append_json_string(out, text);
    return;
  }
  out += '\'';
  out += text;
  out += '\'';
}

void append_list(std::string& out, const std::vector<param>& params, const param_type* rest,
                 const description_writer* d);

void append_number(std::string& out, const value& v) {
  switch (v.type()) {
    case value::kind::integer: detail::append_int(out, v.as_int64()); return;
    case value::kind::uinteger: detail::append_uint(out, v.as_uint64()); return;
    case value::kind::real: detail::append_double(out, v.as_double()); return;
    case value::kind::big_integer: detail::append_big_integer(out, v.as_big_integer().digits); return;
    default: to_json_to(out, v); return;  // not a number: written as JSON, which does not parse
  }
}

// A bound of a numeric range: `max` and `-max` for the integers 2^53-1 and -(2^53-1) (JavaScript's
// Number.MAX_SAFE_INTEGER, the bounds of a zod `.int()`) where `max` may stand, else the number.
void append_bound(std::string& out, const value& v, bool max_word) {
  const bool is_int = v.type() == value::kind::integer;
  const bool is_uint = v.type() == value::kind::uinteger;
  if (is_int && v.as_int64() == -detail::max_safe_integer) {
    out += "-max";
  } else if (max_word && ((is_int && v.as_int64() == detail::max_safe_integer) ||
                          (is_uint && v.as_uint64() == static_cast<std::uint64_t>(detail::max_safe_integer)))) {
    out += "max";
  } else {
    append_number(out, v);
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
      // `max` alone would read as a format: an inclusive lower bound 2^53-1 keeps its digits.
      append_bound(inside, *c.minimum, c.exclusive_minimum);
    }
    inside += "..";
    if (c.maximum) {
      if (c.exclusive_maximum) inside += '<';
      append_bound(inside, *c.maximum, true);
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

void append_type_only(std::string& out, const param_type& t, const description_writer* d);

void append_type(std::string& out, const param_type& t, const description_writer* d) {
  append_type_only(out, t, d);
  if (t.kind != param_kind::any_of && t.kind != param_kind::enumeration) append_constraints(out, t.kind, t.constraints);
}

void append_type_only(std::string& out, const param_type& t, const description_writer* d) {
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
      append_list(out, t.fields, t.items.empty() ? nullptr : &t.items.front(), d);
      out += '}';
      return;
    case param_kind::array: {
      // A union element needs parentheses: `(int|string)[]` (the suffix binds tighter).
      if (t.items.empty()) {
        out += "any";
      } else if ((t.items.front().kind == param_kind::any_of && t.items.front().items.size() != 1) ||
                 (t.items.front().kind == param_kind::enumeration && t.items.front().enum_values.size() >= 2)) {
        // ... and so does an a/b enum, for the reader: `(a/b)[]`.
        out += '(';
        append_type(out, t.items.front(), d);
        out += ')';
      } else {
        append_type(out, t.items.front(), d);
      }
      // The element's description sits between it and `[]`: `{a:int}"one entry"[]`.
      if (!t.items.empty()) append_description(out, t.items.front().description, d);
      out += "[]";
      return;
    }
    case param_kind::enumeration: {
      // Two or more values: a/b/c; one (or none, which does not parse): enum(a).
      const bool slashes = t.enum_values.size() >= 2;
      if (!slashes) out += "enum(";
      bool first = true;
      for (const std::string& v : t.enum_values) {
        if (!first) out += '/';
        first = false;
        if (detail::is_bare_word(v)) out += v;
        else append_json_string(out, v);
      }
      if (!slashes) out += ')';
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
      for (std::size_t i = 0; i < t.items.size(); ++i) {
        const param_type& alternative = t.items[i];
        if (i > 0) out += t.exclusive ? '^' : '|';
        // A description follows its alternative: `A"text"|B`; after the last one it would be
        // read as the parameter's, so the last alternative and its description are
        // parenthesized: `A|(B"text")`.
        const bool described = describing(d) && !alternative.description.empty();
        const bool wrap = described && i + 1 == t.items.size();
        if (wrap) out += '(';
        if (alternative.kind == param_kind::any_of && alternative.items.size() != 1) {
          out += '(';
          append_type(out, alternative, d);
          out += ')';
        } else {
          append_type(out, alternative, d);
        }
        if (described) append_description(out, alternative.description, d);
        if (wrap) out += ')';
      }
      return;
    }
  }
}

// A parameter's (or `*:T`'s) type. A description of the type itself (param::description is the
// parameter's) is written in parentheses, `x:(int"text")`, so that it is not read as the
// parameter's.
void append_param_type(std::string& out, const param_type& t, const description_writer* d) {
  if (!describing(d) || t.description.empty()) {
    append_type(out, t, d);
    return;
  }
  out += '(';
  if (t.kind == param_kind::any_of && t.items.size() != 1) {
    out += '(';
    append_type(out, t, d);
    out += ')';
  } else {
    append_type(out, t, d);
  }
  append_description(out, t.description, d);
  out += ')';
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

// A parameter's own description: nothing when its name's text of the writer is its text, `''`
// when it has none but its name has a text, else as append_description writes it.
void append_param_description(std::string& out, const param& p, const description_writer* d) {
  if (!describing(d)) return;
  if (auto it = d->names.find(p.name); it != d->names.end()) {
    if (p.description == it->second) return;
    if (p.description.empty()) {
      out += "''";
      return;
    }
  }
  append_description(out, p.description, d);
}

void append_list(std::string& out, const std::vector<param>& params, const param_type* rest,
                 const description_writer* d) {
  bool first = true;
  for (const param& p : params) {
    if (!first) out += ' ';
    first = false;
    append_name(out, p.name);
    // With implicit_string, a plain string (no constraints, no description of the type itself)
    // is the name alone: `path!` for `path:string!`.
    const bool plain_string = d != nullptr && d->implicit_string && p.type.kind == param_kind::string &&
                              p.type.constraints.empty() && (!describing(d) || p.type.description.empty());
    if (!plain_string) {
      out += ':';
      append_param_type(out, p.type, d);
    }
    if (p.required) out += '!';
    if (p.default_value) {
      out += '=';
      append_default(out, *p.default_value);
    }
    append_param_description(out, p, d);
  }
  if (rest != nullptr) {
    if (!first) out += ' ';
    if (rest->kind == param_kind::any && rest->constraints.empty() && (!describing(d) || rest->description.empty())) {
      out += "...";  // any other members
    } else {
      out += "*:";
      append_param_type(out, *rest, d);
    }
  }
}

}  // namespace

TOON_FUNC std::string format_typed_params(const schema& s) {
  std::string out;
  append_list(out, s.params, s.rest ? &*s.rest : nullptr, nullptr);
  return out;
}

TOON_FUNC std::string format_typed_params(const schema& s, const typed_params_format_options& options) {
  if (!options.descriptions && !options.implicit_string) return format_typed_params(s);
  description_writer d;
  d.describe = options.descriptions;
  d.implicit_string = options.implicit_string;
  for (std::size_t i = 0; i < options.description_table.size(); ++i)
    d.ids.emplace(options.description_table[i], i + 1);  // the first of equal texts
  for (const auto& [name, text] : options.name_descriptions) d.names.emplace(name, text);  // the first of a name
  std::string out;
  append_list(out, s.params, s.rest ? &*s.rest : nullptr, &d);
  return out;
}

TOON_FUNC std::string format_param_type(const param_type& t) {
  std::string out;
  append_type(out, t, nullptr);
  return out;
}

}  // namespace toon
