// tool_catalog dispatch (MCP tools/call): decode, validate, call, and the texts of failures
// (docs/tools.md, "Error format").
#include <algorithm>
#include "toon/detail/linkage.hpp"
#include <cstddef>
#include <exception>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/decode.hpp"
#include "toon/json.hpp"
#include "toon/schema.hpp"
#include "toon/tools/catalog.hpp"
#include "../common/edit_distance.hpp"

namespace toon {

namespace {

// The last line of every argument error: what the tool takes.
void append_expected_arguments(std::string& out, const tool& t) {
  out += "expected arguments: ";
  std::string params = format_typed_params(t.args_schema);
  out += params.empty() ? std::string("none") : params;
}

// "invalid arguments for tool X:" (or "malformed JSON arguments ..."), one line per error,
// then the expected arguments.
std::string argument_report(std::string_view headline, const tool& t, const std::vector<error>& errors) {
  std::string out(headline);
  out += " for tool ";
  out += t.name;
  out += ':';
  for (const error& e : errors) {
    out += '\n';
    out += e.to_string();
  }
  out += '\n';
  append_expected_arguments(out, t);
  return out;
}

call_result malformed_arguments(std::string_view format, const tool& t, error e) {
  call_result r;
  r.status = call_status::invalid_arguments;
  r.errors.push_back(std::move(e));
  r.text = argument_report("malformed " + std::string(format) + " arguments", t, r.errors);
  return r;
}

call_result invalid_request(std::string message, std::vector<error> errors = {}) {
  call_result r;
  r.status = call_status::invalid_request;
  r.text = std::move(message);
  r.errors = std::move(errors);
  return r;
}

// Whether a value of type `t` may be null.
bool takes_null(const param_type& t) noexcept {
  if (t.kind == param_kind::any || t.kind == param_kind::null) return true;
  if (t.kind == param_kind::any_of)
    for (const param_type& alternative : t.items)
      if (takes_null(alternative)) return true;
  return false;
}

// Whether `v`, of type `t`, holds a null member for an optional parameter whose type does not
// take null, in objects with listed fields at any depth (array elements included).
bool has_null_optionals(const value& v, const param_type& t) {
  if (t.kind == param_kind::array && v.is_array() && !t.items.empty()) {
    for (const value& element : v.as_array())
      if (has_null_optionals(element, t.items.front())) return true;
  } else if (t.kind == param_kind::object && t.has_fields && v.is_object()) {
    for (const param& p : t.fields) {
      const value* member = v.find(p.name);
      if (member == nullptr) continue;
      if (member->is_null() ? !p.required && !takes_null(p.type) : has_null_optionals(*member, p.type)) return true;
    }
  }
  return false;
}

// Removes the members has_null_optionals() finds.
void drop_null_optionals(value& v, const param_type& t) {
  if (t.kind == param_kind::array && v.is_array() && !t.items.empty()) {
    for (value& element : v.as_array()) drop_null_optionals(element, t.items.front());
  } else if (t.kind == param_kind::object && t.has_fields && v.is_object()) {
    for (const param& p : t.fields) {
      value* member = v.as_object().find(p.name);
      if (member == nullptr) continue;
      if (member->is_null()) {
        if (!p.required && !takes_null(p.type)) v.as_object().erase(p.name);
      } else {
        drop_null_optionals(*member, p.type);
      }
    }
  }
}

}  // namespace

TOON_FUNC call_result tool_catalog::unknown_tool(std::string_view name) const {
  call_result r;
  r.status = call_status::unknown_tool;
  r.text = "unknown tool \"" + std::string(name) + '"';
  // The closest name, when it is close: at most a third of the name's bytes differ.
  const std::size_t i = detail::closest_name(name, tools_.size(), [&](std::size_t k) -> std::string_view {
    return tools_[k].name;
  });
  const tool* closest = i < tools_.size() ? &tools_[i] : nullptr;
  if (closest != nullptr) r.text += " (did you mean " + closest->name + "?)";
  r.text += "; ";
  if (tools_.empty()) {
    r.text += "no tools are available";
  } else {
    r.text += "available tools: ";
    for (std::size_t i = 0; i < tools_.size(); ++i) {
      if (i > 0) r.text += ", ";
      r.text += tools_[i].name;
    }
  }
  return r;
}

TOON_FUNC call_result tool_catalog::call_tool(const tool& t, const value& arguments, mcp::call_context* context) const {
  static const value no_arguments = object{};
  const value* given = arguments.is_null() ? &no_arguments : &arguments;
  value without_nulls;  // the arguments without null optionals, when they had some
  if (null_as_absent_ && !t.input_schema) {
    const param_type shape = param_type::object_with(t.args_schema.params);
    if (has_null_optionals(*given, shape)) {
      without_nulls = *given;
      drop_null_optionals(without_nulls, shape);
      given = &without_nulls;
    }
  }
  const value& args = *given;

  call_result r;
  std::vector<error> violations;
  if (!t.input_schema) violations = validate(args, t.args_schema, "args");  // else: checked upstream
  if (!violations.empty()) {
    r.status = call_status::invalid_arguments;
    r.errors = std::move(violations);
  } else {
    try {
      r = context != nullptr && t.context_handler ? t.context_handler(args, *context) : t.handler(args);
    } catch (const std::exception& e) {  // a hand-written tool_handler that throws
      r = detail::tool_threw(e.what());
    } catch (...) {
      r = detail::tool_threw({});
    }
  }

  switch (r.status) {
    case call_status::ok:
      break;
    case call_status::invalid_arguments:
      r.text = argument_report("invalid arguments", t, r.errors);
      break;
    case call_status::tool_failed: {
      // The handler's error, or the exception's message (already in r.text).
      std::string detail = r.errors.empty() ? std::move(r.text) : r.errors.front().to_string();
      r.text = "tool " + t.name + " failed: " + detail;
      break;
    }
    case call_status::unknown_tool:
    case call_status::invalid_request:
      break;  // a hand-written handler's own protocol error: passed on as it is
  }
  return r;
}

TOON_FUNC call_result tool_catalog::call(std::string_view name, const value& arguments) const {
  const tool* t = find(name);
  if (t == nullptr) return unknown_tool(name);
  return call_tool(*t, arguments);
}

TOON_FUNC call_result tool_catalog::call(std::string_view name, const value& arguments, mcp::call_context& context) const {
  const tool* t = find(name);
  if (t == nullptr) return unknown_tool(name);
  return call_tool(*t, arguments, &context);
}

TOON_FUNC call_result tool_catalog::call_json(std::string_view name, std::string_view arguments_json) const {
  const tool* t = find(name);
  if (t == nullptr) return unknown_tool(name);
  result<value> args = from_json(arguments_json, json_read_options{.replace_lone_surrogates = true});
  if (!args.has_value()) return malformed_arguments("JSON", *t, args.error());
  return call_tool(*t, *args);
}

TOON_FUNC call_result tool_catalog::call_toon(std::string_view name, std::string_view arguments_toon) const {
  const tool* t = find(name);
  if (t == nullptr) return unknown_tool(name);
  result<value> args = decode(arguments_toon);
  if (!args.has_value()) return malformed_arguments("TOON", *t, args.error());
  return call_tool(*t, *args);
}

TOON_FUNC call_result tool_catalog::call_mcp(const value& params) const {
  if (!params.is_object())
    return invalid_request("invalid tools/call params: expected an object {\"name\":...,\"arguments\":{...}}, found " +
                           std::string(kind_name(params.type())));
  const value* name = params.find("name");
  if (name == nullptr || !name->is_string())
    return invalid_request("invalid tools/call params: \"name\" must be a string (the tool's name)");
  const value* arguments = params.find("arguments");
  return call(name->as_string(), arguments != nullptr ? *arguments : value());
}

TOON_FUNC call_result tool_catalog::call_mcp_json(std::string_view params_json) const {
  result<value> params = from_json(params_json, json_read_options{.replace_lone_surrogates = true});
  if (!params.has_value())
    return invalid_request("malformed tools/call params: " + params.error().to_string(), {params.error()});
  return call_mcp(*params);
}

}  // namespace toon
