// toon::mcp::server_features: typed resources, resource templates, prompts and completions
// served through server_options::methods (docs/mcp.md, "Resources", "Prompts", "Completions").

#include "toon/mcp/features.hpp"
#include "toon/detail/linkage.hpp"

#include "../common/utf8.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace toon::mcp {

struct server_features::registry {
  struct resource_entry {
    resource_info info;
    std::function<result<resource_contents>()> read;
  };
  struct template_entry {
    resource_info info;
    schema vars;
    std::function<result<resource_contents>(const value&)> read;
    completer complete;
  };
  struct prompt_entry {
    prompt_info info;
    schema args;
    std::function<result<prompt_result>(const value&)> get;
    completer complete;
  };
  std::vector<resource_entry> resources;
  std::vector<template_entry> templates;
  std::vector<prompt_entry> prompts;
  std::size_t page_size = 100;
};

namespace {

error registration_error(std::string message) {
  error e;
  e.code = error_code::invalid_schema;
  e.message = std::move(message);
  return e;
}

// The template's parts: literal text at even indexes, variable names at odd ones (empty
// literals included), or nullopt when it is not a level-1 template.
std::optional<std::vector<std::string>> split_template(std::string_view t) {
  std::vector<std::string> parts(1);
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '}') return std::nullopt;
    if (t[i] != '{') {
      parts.back() += t[i];
      continue;
    }
    const std::size_t end = t.find('}', i + 1);
    if (end == std::string_view::npos || end == i + 1) return std::nullopt;
    std::string name(t.substr(i + 1, end - i - 1));
    for (char c : name)
      if (!(std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.' || c == '%')) return std::nullopt;
    parts.push_back(std::move(name));
    parts.emplace_back();
    i = end;
  }
  return parts;
}

// `s` with its %XX escapes decoded; nullopt for a malformed escape or a result that is not UTF-8.
std::optional<std::string> percent_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size()) return std::nullopt;
    const int hi = toon::detail::hex_digit(s[i + 1]), lo = toon::detail::hex_digit(s[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  if (toon::detail::find_invalid_utf8(out) != std::string_view::npos) return std::nullopt;
  return out;
}

std::string base64(std::string_view bytes) {
  static constexpr char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned n = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    out += digits[(n >> 18) & 63];
    out += digits[(n >> 12) & 63];
    out += digits[(n >> 6) & 63];
    out += digits[n & 63];
  }
  if (i + 1 == bytes.size()) {
    const unsigned n = static_cast<unsigned char>(bytes[i]) << 16;
    out += digits[(n >> 18) & 63];
    out += digits[(n >> 12) & 63];
    out += "==";
  } else if (i + 2 == bytes.size()) {
    const unsigned n = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8);
    out += digits[(n >> 18) & 63];
    out += digits[(n >> 12) & 63];
    out += digits[(n >> 6) & 63];
    out += '=';
  }
  return out;
}

const param* find_param(const schema& s, std::string_view name) {
  for (const param& p : s.params)
    if (p.name == name) return &p;
  return nullptr;
}

// A string from the wire as a value of the parameter's type (int, number, bool; else the string).
std::optional<value> convert(const param& p, const std::string& text) {
  switch (p.type.kind) {
    case param_kind::integer: {
      std::int64_t n = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
      if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
      return value(n);
    }
    case param_kind::number: {
      char* end = nullptr;
      const double d = std::strtod(text.c_str(), &end);
      if (text.empty() || end != text.c_str() + text.size()) return std::nullopt;
      return value(d);
    }
    case param_kind::boolean:
      if (text == "true") return value(true);
      if (text == "false") return value(false);
      return std::nullopt;
    default:
      return value(text);
  }
}

// The object of strings `strings` as the values of `s`'s parameters; rpc_error -32602 for an
// unknown argument, a missing required one or a text of the wrong form.
value typed_arguments(const schema& s, const value& strings, std::string_view what) {
  object out;
  if (strings.is_object()) {
    for (const auto& m : strings.as_object()) {
      const param* p = find_param(s, m.key);
      if (p == nullptr) throw rpc_error(invalid_params, "Invalid params: unknown " + std::string(what) + " \"" + m.key + "\"");
      if (!m.value.is_string())
        throw rpc_error(invalid_params, "Invalid params: " + std::string(what) + " \"" + m.key + "\" must be a string");
      std::optional<value> v = convert(*p, m.value.as_string());
      if (!v) throw rpc_error(invalid_params, "Invalid params: " + std::string(what) + " \"" + m.key + "\" is not a valid value");
      out.emplace_back(m.key, std::move(*v));
    }
  }
  for (const param& p : s.params)
    if (p.required && out.find(p.name) == nullptr)
      throw rpc_error(invalid_params, "Invalid params: missing required " + std::string(what) + " \"" + p.name + "\"",
                      object{{"missing", p.name}});
  return out;
}

const std::string& string_param(const value& params, std::string_view key) {
  const value* v = params.find(key);
  if (v == nullptr || !v->is_string()) throw rpc_error(invalid_params, "Invalid params: \"" + std::string(key) + "\" must be a string");
  return v->as_string();
}

// The page of `items` that params' cursor selects, and the next cursor into `out`.
template <class T, class Make>
value page(const std::vector<T>& items, std::size_t page_size, const value& params, const char* key, Make make) {
  std::size_t start = 0;
  if (const value* c = params.find("cursor"); c != nullptr && !c->is_null()) {
    const std::string* s = c->is_string() ? &c->as_string() : nullptr;
    auto [end, ec] = s != nullptr ? std::from_chars(s->data(), s->data() + s->size(), start)
                                  : std::from_chars_result{nullptr, std::errc::invalid_argument};
    if (s == nullptr || ec != std::errc{} || end != s->data() + s->size() || start == 0 || start >= items.size())
      throw rpc_error(invalid_params, "Invalid params: unknown cursor");
  }
  const std::size_t stop = page_size == 0 ? items.size() : std::min(items.size(), start + page_size);
  array list;
  for (std::size_t i = start; i < stop; ++i) list.push_back(make(items[i]));
  object out;
  out.emplace_back(key, std::move(list));
  if (stop < items.size()) out.emplace_back("nextCursor", std::to_string(stop));
  return out;
}

object info_entry(const resource_info& info, bool is_template) {
  object e;
  e.emplace_back(is_template ? "uriTemplate" : "uri", info.uri);
  e.emplace_back("name", info.name);
  if (!info.title.empty()) e.emplace_back("title", info.title);
  if (!info.description.empty()) e.emplace_back("description", info.description);
  if (!info.mime_type.empty()) e.emplace_back("mimeType", info.mime_type);
  if (!is_template && info.size) e.emplace_back("size", *info.size);
  return e;
}

value read_answer(const result<resource_contents>& r, const std::string& uri, const std::string& mime_type) {
  if (!r) throw rpc_error(internal_error, "Internal error: reading " + uri + " failed: " + r.error().message, object{{"uri", uri}});
  object c;
  c.emplace_back("uri", r->uri.empty() ? uri : r->uri);
  const std::string& mime = r->mime_type.empty() ? mime_type : r->mime_type;
  if (!mime.empty()) c.emplace_back("mimeType", mime);
  if (r->blob) c.emplace_back("blob", base64(*r->blob));
  else c.emplace_back("text", r->text);
  return object{{"contents", array{value(std::move(c))}}};
}

value complete_answer(std::vector<std::string> values) {
  const std::size_t total = values.size();
  array list;
  for (std::size_t i = 0; i < total && i < 100; ++i) list.emplace_back(std::move(values[i]));
  object completion;
  completion.emplace_back("values", std::move(list));
  completion.emplace_back("total", static_cast<std::int64_t>(total));
  completion.emplace_back("hasMore", total > 100);
  return object{{"completion", std::move(completion)}};
}

}  // namespace

TOON_FUNC std::optional<value> match_uri_template(std::string_view uri_template, std::string_view uri) {
  std::optional<std::vector<std::string>> parts = split_template(uri_template);
  if (!parts) return std::nullopt;
  const std::vector<std::string>& p = *parts;
  if (uri.substr(0, p[0].size()) != p[0]) return std::nullopt;
  std::size_t pos = p[0].size();
  object vars;
  for (std::size_t i = 1; i + 1 < p.size(); i += 2) {
    const std::string& next = p[i + 1];
    std::size_t end;
    if (next.empty()) {
      end = i + 2 == p.size() ? uri.size() : std::string_view::npos;  // two adjacent variables: unsupported
      if (end == std::string_view::npos) return std::nullopt;
    } else {
      end = uri.find(next, pos);
      if (end == std::string_view::npos) return std::nullopt;
    }
    const std::string_view raw = uri.substr(pos, end - pos);
    if (raw.empty() || raw.find('/') != std::string_view::npos) return std::nullopt;
    std::optional<std::string> decoded = percent_decode(raw);
    if (!decoded) return std::nullopt;
    vars.emplace_back(p[i], std::move(*decoded));
    pos = end + next.size();
  }
  if (pos != uri.size()) return std::nullopt;
  return value(std::move(vars));
}

TOON_FUNC server_features::registry& server_features::reg() {
  if (!registry_) registry_ = std::make_shared<registry>();
  else if (registry_.use_count() > 1) registry_ = std::make_shared<registry>(*registry_);  // a copy shares it: copy on write
  return *registry_;
}

TOON_FUNC void server_features::throw_if_error(const result<void>& r) {
  if (!r) throw toon_error(r.error());
}

TOON_FUNC result<void> server_features::try_add_resource(resource_info info, std::function<result<resource_contents>()> read) {
  if (info.uri.empty() || info.name.empty()) return registration_error("a resource needs a uri and a name");
  if (!read) return registration_error("resource " + info.uri + ": no reader");
  for (const auto& r : reg().resources)
    if (r.info.uri == info.uri) {
      error e = registration_error("resource " + info.uri + " is already registered");
      e.code = error_code::duplicate_key;
      return e;
    }
  reg().resources.push_back({std::move(info), std::move(read)});
  return {};
}

TOON_FUNC server_features& server_features::add_resource(resource_info info, std::function<result<resource_contents>()> read) {
  throw_if_error(try_add_resource(std::move(info), std::move(read)));
  return *this;
}

TOON_FUNC result<void> server_features::try_add_template_erased(resource_info info, schema vars,
                                                                std::function<result<resource_contents>(const value&)> read,
                                                                completer complete) {
  if (info.uri.empty() || info.name.empty()) return registration_error("a resource template needs a uri template and a name");
  std::optional<std::vector<std::string>> parts = split_template(info.uri);
  if (!parts) return registration_error("resource template " + info.uri + ": not an RFC 6570 level-1 template");
  for (std::size_t i = 1; i < parts->size(); i += 2) {
    if (find_param(vars, (*parts)[i]) == nullptr)
      return registration_error("resource template " + info.uri + ": {" + (*parts)[i] + "} is not a member of the variables' struct");
    if (i + 2 < parts->size() && (*parts)[i + 1].empty())
      return registration_error("resource template " + info.uri + ": two variables need a literal between them");
  }
  for (const param& p : vars.params) {
    bool in_template = false;
    for (std::size_t i = 1; i < parts->size(); i += 2) in_template = in_template || (*parts)[i] == p.name;
    if (p.required && !in_template)
      return registration_error("resource template " + info.uri + ": the required member " + p.name + " is not a variable of it");
  }
  for (const auto& t : reg().templates)
    if (t.info.uri == info.uri) {
      error e = registration_error("resource template " + info.uri + " is already registered");
      e.code = error_code::duplicate_key;
      return e;
    }
  reg().templates.push_back({std::move(info), std::move(vars), std::move(read), std::move(complete)});
  return {};
}

TOON_FUNC result<void> server_features::try_add_prompt_erased(prompt_info info, schema args,
                                                              std::function<result<prompt_result>(const value&)> get,
                                                              completer complete) {
  if (info.name.empty()) return registration_error("a prompt needs a name");
  for (const auto& p : reg().prompts)
    if (p.info.name == info.name) {
      error e = registration_error("prompt " + info.name + " is already registered");
      e.code = error_code::duplicate_key;
      return e;
    }
  reg().prompts.push_back({std::move(info), std::move(args), std::move(get), std::move(complete)});
  return {};
}

TOON_FUNC void server_features::install(server_options& options) const {
  if (!registry_) return;
  auto r = std::make_shared<const registry>([&] {
    registry copy = *registry_;
    copy.page_size = page_size;
    return copy;
  }());
  object caps = options.extra_capabilities.is_object() ? options.extra_capabilities.as_object() : object{};
  bool completions = false;

  if (!r->resources.empty() || !r->templates.empty()) {
    if (caps.find("resources") == nullptr) caps.emplace_back("resources", object{});
    options.methods["resources/list"] = [r](const value& params) {
      return page(r->resources, r->page_size, params, "resources",
                  [](const registry::resource_entry& e) { return value(info_entry(e.info, false)); });
    };
    options.methods["resources/templates/list"] = [r](const value& params) {
      return page(r->templates, r->page_size, params, "resourceTemplates",
                  [](const registry::template_entry& e) { return value(info_entry(e.info, true)); });
    };
    options.methods["resources/read"] = [r](const value& params) {
      const std::string& uri = string_param(params, "uri");
      for (const auto& e : r->resources)
        if (e.info.uri == uri) return read_answer(e.read(), uri, e.info.mime_type);
      for (const auto& e : r->templates)
        if (std::optional<value> vars = match_uri_template(e.info.uri, uri)) {
          const value args = typed_arguments(e.vars, *vars, "variable");
          return read_answer(e.read(args), uri, e.info.mime_type);
        }
      throw rpc_error(resource_not_found, "Resource not found", object{{"uri", uri}});
    };
    for (const auto& e : r->templates) completions = completions || static_cast<bool>(e.complete);
  }
  if (!r->prompts.empty()) {
    if (caps.find("prompts") == nullptr) caps.emplace_back("prompts", object{});
    options.methods["prompts/list"] = [r](const value& params) {
      return page(r->prompts, r->page_size, params, "prompts", [](const registry::prompt_entry& e) {
        object p;
        p.emplace_back("name", e.info.name);
        if (!e.info.title.empty()) p.emplace_back("title", e.info.title);
        if (!e.info.description.empty()) p.emplace_back("description", e.info.description);
        array args;
        for (const param& a : e.args.params) {
          object arg;
          arg.emplace_back("name", a.name);
          if (!a.description.empty()) arg.emplace_back("description", a.description);
          arg.emplace_back("required", a.required);
          args.emplace_back(std::move(arg));
        }
        p.emplace_back("arguments", std::move(args));
        return value(std::move(p));
      });
    };
    options.methods["prompts/get"] = [r](const value& params) {
      const std::string& name = string_param(params, "name");
      const auto it = std::find_if(r->prompts.begin(), r->prompts.end(),
                                   [&](const registry::prompt_entry& e) { return e.info.name == name; });
      if (it == r->prompts.end()) throw rpc_error(invalid_params, "Invalid params: unknown prompt \"" + name + "\"");
      const value* given = params.find("arguments");
      if (given != nullptr && !given->is_null() && !given->is_object())
        throw rpc_error(invalid_params, "Invalid params: \"arguments\" must be an object of strings");
      const value args = typed_arguments(it->args, given != nullptr ? *given : value(object{}), "argument");
      result<prompt_result> got = it->get(args);
      if (!got) throw rpc_error(internal_error, "Internal error: prompt " + name + " failed: " + got.error().message);
      object out;
      if (!got->description.empty()) out.emplace_back("description", got->description);
      array messages;
      for (const prompt_message& m : got->messages)
        messages.emplace_back(object{{"role", m.role}, {"content", object{{"type", "text"}, {"text", m.text}}}});
      out.emplace_back("messages", std::move(messages));
      return value(std::move(out));
    };
    for (const auto& e : r->prompts) completions = completions || static_cast<bool>(e.complete);
  }
  if (completions) {
    if (caps.find("completions") == nullptr) caps.emplace_back("completions", object{});
    options.methods["completion/complete"] = [r](const value& params) {
      const value* ref = params.find("ref");
      const value* argument = params.find("argument");
      if (ref == nullptr || !ref->is_object() || argument == nullptr || !argument->is_object())
        throw rpc_error(invalid_params, "Invalid params: completion/complete needs \"ref\" and \"argument\" objects");
      const std::string& type = string_param(*ref, "type");
      const std::string& arg_name = string_param(*argument, "name");
      const std::string& typed = string_param(*argument, "value");
      const value* ctx = params.find("context");
      const value* known = ctx != nullptr && ctx->is_object() ? ctx->find("arguments") : nullptr;
      const value no_args = object{};
      const value& known_args = known != nullptr && known->is_object() ? *known : no_args;
      const schema* args = nullptr;
      const completer* complete = nullptr;
      if (type == "ref/prompt") {
        const std::string& name = string_param(*ref, "name");
        for (const auto& e : r->prompts)
          if (e.info.name == name) args = &e.args, complete = &e.complete;
        if (args == nullptr) throw rpc_error(invalid_params, "Invalid params: unknown prompt \"" + name + "\"");
      } else if (type == "ref/resource") {
        const std::string& uri = string_param(*ref, "uri");
        for (const auto& e : r->templates)
          if (e.info.uri == uri) args = &e.vars, complete = &e.complete;
        if (args == nullptr) throw rpc_error(invalid_params, "Invalid params: unknown resource template \"" + uri + "\"");
      } else {
        throw rpc_error(invalid_params, "Invalid params: ref.type must be \"ref/prompt\" or \"ref/resource\"");
      }
      if (find_param(*args, arg_name) == nullptr)
        throw rpc_error(invalid_params, "Invalid params: unknown argument \"" + arg_name + "\"");
      if (!*complete) return complete_answer({});
      return complete_answer((*complete)(arg_name, typed, known_args));
    };
  }
  options.extra_capabilities = std::move(caps);
}

}  // namespace toon::mcp
