// decompile.cpp - JSON-RPC / MCP values to canonical MCP-DSL text (docs/mcp-dsl.md).
//
// Every construct is written in its shortest form only when compiling that form gives back
// exactly the same value (same keys, same order, same numbers); otherwise the generic form
// (quoted key, plain object) is used, and where the DSL has no form at all (an envelope with
// extra members, params that are not an object, ...) the decompiler fails with
// dsl_inexpressible and the JSON path.
#include "toon/dsl/mcp_dsl.hpp"
#include "toon/detail/linkage.hpp"

#include <optional>
#include <string>
#include <utility>

#include "../json/json_writer.hpp"
#include "dsl_common.hpp"
#include "toon/json.hpp"

namespace toon::mcp_dsl {
namespace {

using detail::scope;

struct inexpressible {
  std::string message;
};

/// Deepest nesting written: text the compiler reads back within its default max_depth (256),
/// which counts each nesting level of the text at most as often as this writer does.
constexpr std::size_t max_decompile_depth = 200;

bool is_string(const value* v, std::string_view s) {
  const std::string* p = v ? v->get_if<std::string>() : nullptr;
  return p && *p == s;
}

/// A string value as a bare word when the compiler reads that word back as the same string:
/// any identifier but true, false and null (a word is only a keyword when what follows it
/// makes it one, e.g. `txt"..."`, `T{...}`, `u:` in an array, and a bare value is always
/// followed by ',', ']', '}' or a line break).
bool bare_string_ok(std::string_view s) {
  return detail::is_identifier(s) && s != "true" && s != "false" && s != "null";
}

bool is_method_path(std::string_view m) {
  std::size_t b = 0;
  for (;;) {
    std::size_t e = m.find('/', b);
    std::string_view seg = m.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b);
    if (!detail::is_identifier(seg)) return false;
    if (e == std::string_view::npos) return true;
    b = e + 1;
  }
}

/// Keys that have an abbreviation (ok / isError is handled by its caller).
constexpr std::string_view abbreviations[] = {"v", "caps", "args", "desc", "mime", "in", "out", "msgs", "info", "uri"};

class writer {
 public:
  std::string out;

  void item(const value& v, item_kind kind) {
    const object* o = v.get_if<object>();
    if (!o) fail("a top-level item must be an object (a message or a definition)");
    if (kind == item_kind::automatic) kind = guess_kind(*o);
    switch (kind) {
      case item_kind::message: message(*o); return;
      case item_kind::tool: definition("T", *o, scope::tool_body); return;
      case item_kind::resource: definition("R", *o, scope::resource_body); return;
      case item_kind::prompt: definition("P", *o, scope::prompt_body); return;
      case item_kind::resource_template: definition("RT", *o, scope::template_body); return;
      case item_kind::automatic: break;
    }
  }

 private:
  std::string path_ = "$";
  std::size_t depth_ = 0;
  std::size_t literal_ = 0;  // > 0 inside the arguments of tools/call, prompts/get (keys literal)

  [[noreturn]] void fail(std::string_view why) const {
    std::string m = "cannot express ";
    m += path_;
    m += " in MCP-DSL: ";
    m += why;
    throw inexpressible{std::move(m)};
  }

  struct path_scope {
    writer& w;
    std::size_t len;
    path_scope(writer& owner, std::string_view key) : w(owner), len(owner.path_.size()) {
      w.path_ += '.';
      w.path_ += key;
      if (++w.depth_ > max_decompile_depth) w.fail("nested too deeply");
    }
    path_scope(writer& owner, std::size_t index) : w(owner), len(owner.path_.size()) {
      w.path_ += '[';
      w.path_ += std::to_string(index);
      w.path_ += ']';
      if (++w.depth_ > max_decompile_depth) w.fail("nested too deeply");
    }
    ~path_scope() {
      w.path_.resize(len);
      --w.depth_;
    }
    path_scope(const path_scope&) = delete;
    path_scope& operator=(const path_scope&) = delete;
  };

  item_kind guess_kind(const object& o) const {
    if (o.find("jsonrpc")) return item_kind::message;
    if (o.find("inputSchema")) return item_kind::tool;
    if (o.find("uriTemplate")) return item_kind::resource_template;
    if (o.find("uri")) return item_kind::resource;
    if (o.find("arguments") || o.find("messages")) return item_kind::prompt;
    fail("neither a JSON-RPC message (\"jsonrpc\") nor a tool, resource, template or prompt definition");
  }

  // ---------------------------------------------------------------------------------------
  // Messages

  void message(const object& o) {
    const value* jsonrpc = o.find("jsonrpc");
    if (!is_string(jsonrpc, "2.0")) fail("\"jsonrpc\" must be \"2.0\"");
    const value* id = o.find("id");
    const value* method = o.find("method");
    const value* params = o.find("params");
    const value* result = o.find("result");
    const value* err = o.find("error");
    std::size_t expected = 1 + (id != nullptr) + (method != nullptr) + (params != nullptr) + (result != nullptr) +
                           (err != nullptr);
    if (expected != o.size()) fail("the message has members other than jsonrpc, id, method, params, result, error");
    if (method) {
      if (result || err) fail("a message with a method has no result or error");
      const std::string* m = method->get_if<std::string>();
      if (!m) fail("\"method\" must be a string");
      out += id ? '>' : '!';
      out += ' ';
      if (is_method_path(*m)) out += *m;
      else quoted(*m);
      if (id) write_id(*id, false);
      if (params) {
        path_scope ps(*this, "params");
        const object* p = params->get_if<object>();
        if (!p) fail("params that are not an object");
        out += ' ';
        write_object(*p, *m == "initialize" && id                            ? scope::initialize_params
                         : id && (*m == "tools/call" || *m == "prompts/get") ? scope::call_params
                                                                              : scope::generic);
      }
      return;
    }
    if (!id) fail("a message without method has an id");
    if (result && err) fail("a response has a result or an error, not both");
    if (result) {
      out += '<';
      out += ' ';
      write_id(*id, false);
      path_scope ps(*this, "result");
      if (const object* r = result->get_if<object>()) {
        if (!r->empty()) {
          out += ' ';
          write_object(*r, scope::result);
        }
      } else {
        out += ' ';
        write_value(*result);
      }
      return;
    }
    if (!err) fail("a message with an id needs a method, a result or an error");
    path_scope ps(*this, "error");
    const object* e = err->get_if<object>();
    if (!e) fail("\"error\" must be an object");
    const value* code = e->find("code");
    const value* msg = e->find("message");
    const value* data = e->find("data");
    if (!code || !msg || e->size() != 2u + (data != nullptr)) fail("an error object holds exactly code, message and data");
    if (e->begin()->key != "code" || (e->begin() + 1)->key != "message")
      fail("an error object's members come in the order code, message, data");
    if (code->type() != value::kind::integer) fail("the error code must be a 64-bit integer");
    const std::string* text = msg->get_if<std::string>();
    if (!text) fail("the error message must be a string");
    out += "x ";
    write_id(*id, true);
    out += ' ';
    write_scalar(*code);
    out += ':';
    if (detail::is_identifier(*text)) out += *text;
    else quoted(*text);
    if (data) {
      path_scope pd(*this, "data");
      out += ' ';
      write_value(*data);
    }
  }

  void write_id(const value& id, bool allow_null) {
    out += '#';
    switch (id.type()) {
      case value::kind::integer:
      case value::kind::uinteger:
      case value::kind::big_integer: write_scalar(id); return;
      case value::kind::string: quoted(*id.get_if<std::string>()); return;
      case value::kind::null:
        if (allow_null) {
          out += "null";
          return;
        }
        break;
      default: break;
    }
    fail("the id must be an integer or a string (null only in errors)");
  }

  // ---------------------------------------------------------------------------------------
  // Definitions

  void definition(std::string_view keyword, const object& o, scope s) {
    if (o.empty() || o.begin()->key != "name" || !o.begin()->value.get_if<std::string>())
      fail("a definition needs \"name\" (a string) as its first member");
    out += keyword;
    out += ' ';
    write_name(*o.begin()->value.get_if<std::string>());
    out += ' ';
    write_members(o, s, 1);
  }

  void write_name(std::string_view name) {
    if (detail::is_identifier(name)) out += name;
    else quoted(name);
  }

  // ---------------------------------------------------------------------------------------
  // Objects

  void write_object(const object& o, scope s) { write_members(o, s, 0); }

  /// `{member, member}` from member `first` on.
  void write_members(const object& o, scope s, std::size_t first) {
    if (literal_ > 0 && s == scope::generic) s = scope::literal;
    out += '{';
    bool sep = false;
    std::size_t i = 0;
    for (const member& m : o) {
      if (i++ < first) continue;
      if (sep) out += ", ";
      sep = true;
      path_scope ps(*this, m.key);
      write_member(m.key, m.value, s);
    }
    out += '}';
  }

  void write_member(const std::string& key, const value& v, scope s) {
    if (key == "annotations" && try_annotations(v)) return;
    if (try_capability(key, v)) return;
    // Inside the arguments of tools/call and prompts/get the compiler takes keys literally; a
    // key that is an abbreviation elsewhere is still quoted there, so that the text means the
    // same to compilers that expand everywhere (the TypeScript one).
    const bool literal = s == scope::literal;
    if (key == "isError" && v.get_if<bool>() && !literal) {
      out += "ok: ";
      out += *v.get_if<bool>() ? "false" : "true";
      return;
    }
    if (s == scope::call_params && key == "arguments") {
      out += "args: ";
      ++literal_;
      write_value(v, key);
      --literal_;
      return;
    }
    // The bare spelling: an abbreviation that expands to `key`, or the key itself.
    std::string_view bare;
    if (!literal)
      for (std::string_view a : abbreviations)
        if (detail::expand_key(a, s) == key) bare = a;
    if (bare.empty() && detail::is_identifier(key) && detail::expand_key(key, literal ? scope::generic : s) == key)
      bare = key;
    if (!bare.empty()) {
      std::size_t mark = out.size();
      out += bare;
      out += ": ";
      if (special_value(key, v, s)) return;
      out.resize(mark);
    }
    if (bare.empty() || !special_context(key, s)) {
      if (bare.empty()) quoted(key);
      else out += bare;
      out += ": ";
      if ((key == "clientInfo" || key == "serverInfo" || key == "info") && try_impl(v)) return;
      write_value(v, key);
      return;
    }
    // A member the scope reads specially (a tool's schema, a prompt's arguments) whose value
    // has no special form: the quoted key reads it as a plain value.
    quoted(key);
    out += ": ";
    write_value(v, key);
  }

  static bool special_context(std::string_view key, scope s) {
    return (s == scope::tool_body && (key == "inputSchema" || key == "outputSchema")) ||
           (s == scope::prompt_body && key == "arguments");
  }

  /// The special forms of members read in a special context; false when `v` has none.
  bool special_value(std::string_view key, const value& v, scope s) {
    if (!special_context(key, s)) return false;
    if (s == scope::tool_body) {
      std::optional<std::string> t = type_text(v);
      if (!t) return false;
      out += *t;
      return true;
    }
    return prompt_arguments(v);
  }

  /// `info: @impl("name", "1.0")` for {"name": ..., "version": ...} of strings.
  bool try_impl(const value& v) {
    const object* o = v.get_if<object>();
    if (!o || o->size() < 1 || o->size() > 2) return false;
    auto it = o->begin();
    if (it->key != "name" || !it->value.get_if<std::string>()) return false;
    if (o->size() == 2 && ((it + 1)->key != "version" || !(it + 1)->value.get_if<std::string>())) return false;
    out += "@impl(";
    quoted(*it->value.get_if<std::string>());
    if (o->size() == 2) {
      out += ", ";
      quoted(*(it + 1)->value.get_if<std::string>());
    }
    out += ')';
    return true;
  }

  /// Members of an "annotations" object as `@name` / `@name: value`.
  bool try_annotations(const value& v) {
    const object* o = v.get_if<object>();
    if (!o || o->empty()) return false;
    for (const member& m : *o)
      if (annotation_name(m.key).empty()) return false;
    bool sep = false;
    for (const member& m : *o) {
      if (sep) out += ", ";
      sep = true;
      out += '@';
      out += annotation_name(m.key);
      const bool* b = m.value.get_if<bool>();
      if (b && *b) continue;
      out += ": ";
      path_scope ps(*this, m.key);
      write_value(m.value);
    }
    return true;
  }

  static std::string_view annotation_name(std::string_view key) {
    if (key == "readOnlyHint") return "readonly";
    if (key == "idempotentHint") return "idempotent";
    if (key == "destructiveHint") return "destructive";
    if (key == "openWorldHint") return "openWorld";
    if (detail::is_identifier(key) && detail::expand_annotation(key) == key) return key;
    return {};
  }

  /// `name` for {"name": {}}, `a.b` for {"a": {"b": true}} (capability sets).
  bool try_capability(std::string_view key, const value& v) {
    if (!detail::is_identifier(key)) return false;
    const object* o = v.get_if<object>();
    if (!o) return false;
    if (o->empty()) {
      out += key;
      return true;
    }
    std::vector<std::string> paths;
    std::string prefix(key);
    if (!capability_paths(*o, prefix, paths)) return false;
    bool sep = false;
    for (const std::string& p : paths) {
      if (sep) out += ", ";
      sep = true;
      out += p;
    }
    return true;
  }

  bool capability_paths(const object& o, const std::string& prefix, std::vector<std::string>& paths) const {
    if (o.empty() || paths.size() > 64) return false;
    for (const member& m : o) {
      if (!detail::is_identifier(m.key)) return false;
      std::string p = prefix + '.' + m.key;
      if (const bool* b = m.value.get_if<bool>(); b && *b) {
        paths.push_back(std::move(p));
      } else if (const object* sub = m.value.get_if<object>()) {
        if (!capability_paths(*sub, p, paths)) return false;
      } else {
        return false;
      }
    }
    return true;
  }

  /// `args: {name: str!, other: str}` for [{"name": ..., "required": true}, {"name": ...}].
  bool prompt_arguments(const value& v) {
    const array* a = v.get_if<array>();
    if (!a) return false;
    std::vector<std::string_view> names;
    for (const value& e : *a) {
      const object* o = e.get_if<object>();
      if (!o || o->empty() || o->size() > 2 || o->begin()->key != "name") return false;
      const std::string* n = o->begin()->value.get_if<std::string>();
      if (!n) return false;
      if (o->size() == 2 && ((o->begin() + 1)->key != "required" || !((o->begin() + 1)->value == value(true))))
        return false;
      for (std::string_view prev : names)
        if (prev == *n) return false;
      names.push_back(*n);
    }
    out += '{';
    for (std::size_t i = 0; i < a->size(); ++i) {
      if (i) out += ", ";
      write_name(names[i]);
      out += (*a)[i].size() == 2 ? ": str!" : ": str";
    }
    out += '}';
    return true;
  }

  // ---------------------------------------------------------------------------------------
  // Values

  void quoted(std::string_view s) {
    out += '"';
    std::size_t run = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c != '"' && c != '\\') continue;
      out.append(s.substr(run, i - run));
      run = i + 1;
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default: {
          static constexpr char hex[] = "0123456789abcdef";
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        }
      }
    }
    out.append(s.substr(run));
    out += '"';
  }

  /// A null, boolean or number as toon::to_json writes it (the same formatting functions),
  /// appended to `out` directly instead of through a temporary string.
  void write_scalar(const value& v) {
    switch (v.type()) {
      case value::kind::null: toon::detail::append_null(out); return;
      case value::kind::boolean: toon::detail::append_bool(out, v.as_bool()); return;
      case value::kind::integer: toon::detail::append_int(out, v.as_int64()); return;
      case value::kind::uinteger: toon::detail::append_uint(out, v.as_uint64()); return;
      case value::kind::real: toon::detail::append_double(out, v.as_double()); return;
      case value::kind::big_integer: toon::detail::append_big_integer(out, v.as_big_integer().digits); return;
      default: out += to_json(v); return;
    }
  }

  void write_value(const value& v, std::string_view parent_key = {}) {
    switch (v.type()) {
      case value::kind::string: {
        const std::string& s = *v.get_if<std::string>();
        if (bare_string_ok(s)) out += s;
        else quoted(s);
        return;
      }
      case value::kind::real: {
        double d = *v.get_if<double>();
        if (d != d || d - d != 0) fail("NaN and infinite numbers have no DSL (nor JSON) form");
        write_scalar(v);
        return;
      }
      case value::kind::array: write_array(*v.get_if<array>(), parent_key); return;
      case value::kind::object: {
        const object& o = *v.get_if<object>();
        if (try_content(o)) return;
        write_object(o, scope::generic);
        return;
      }
      default: write_scalar(v); return;
    }
  }

  void write_array(const array& a, std::string_view parent_key) {
    out += '[';
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (i) out += ", ";
      path_scope ps(*this, i);
      const value& e = a[i];
      if (const object* o = e.get_if<object>()) {
        if (try_role_message(*o)) continue;
        if (parent_key == "tools" && !o->empty() && o->begin()->key == "name" &&
            o->begin()->value.get_if<std::string>()) {
          out += "T{";
          write_name(*o->begin()->value.get_if<std::string>());
          out += ": ";
          write_members(*o, scope::tool_body, 1);
          out += '}';
          continue;
        }
      }
      write_value(e);
    }
    out += ']';
  }

  /// {"role": "user", "content": ...} as `u: ...`.
  bool try_role_message(const object& o) {
    if (o.size() != 2 || o.begin()->key != "role" || (o.begin() + 1)->key != "content") return false;
    const std::string* role = o.begin()->value.get_if<std::string>();
    if (!role) return false;
    char r;
    if (*role == "user") r = 'u';
    else if (*role == "assistant") r = 'a';
    else if (*role == "system") r = 's';
    else return false;
    const value& c = (o.begin() + 1)->value;
    std::size_t mark = out.size();
    out += r;
    out += ": ";
    if (const object* single = c.get_if<object>()) {
      if (single->size() == 2 && is_string(single->find("type"), "text") && single->begin()->key == "type" &&
          (single->begin() + 1)->key == "text" && (single->begin() + 1)->value.get_if<std::string>()) {
        quoted(*(single->begin() + 1)->value.get_if<std::string>());
        return true;
      }
      if (try_content(*single)) return true;
    } else if (const array* parts = c.get_if<array>(); parts && parts->size() >= 2) {
      bool ok = true;
      for (std::size_t i = 0; ok && i < parts->size(); ++i) {
        if (i) out += " + ";
        const object* p = (*parts)[i].get_if<object>();
        ok = p && try_content(*p);
      }
      if (ok) return true;
    }
    out.resize(mark);
    return false;
  }

  /// txt"...", img"..."::png, aud"..."::mp3, res{...}, emb{...}, T{name}.
  bool try_content(const object& o) {
    if (o.size() < 2 || o.size() > 3 || o.begin()->key != "type") return false;
    const std::string* type = o.begin()->value.get_if<std::string>();
    if (!type) return false;
    const member& second = *(o.begin() + 1);
    const std::string* text = second.value.get_if<std::string>();
    if (*type == "text" && o.size() == 2 && second.key == "text" && text) {
      out += "txt";
      quoted(*text);
      return true;
    }
    if ((*type == "image" || *type == "audio") && second.key == "data" && text) {
      std::string_view prefix = *type == "image" ? "image/" : "audio/";
      std::string_view format;
      if (o.size() == 3) {
        const member& third = *(o.begin() + 2);
        const std::string* mime = third.value.get_if<std::string>();
        if (third.key != "mimeType" || !mime || mime->compare(0, prefix.size(), prefix) != 0) return false;
        format = std::string_view(*mime).substr(prefix.size());
        if (!detail::is_cast_name(format)) return false;
      }
      out += *type == "image" ? "img" : "aud";
      quoted(*text);
      if (!format.empty()) {
        out += "::";
        out += format;
      }
      return true;
    }
    if (o.size() != 2) return false;
    if (*type == "resource" && second.key == "resource") {
      const object* r = second.value.get_if<object>();
      if (!r) return false;
      if (r->size() == 1 && r->begin()->key == "uri" && r->begin()->value.get_if<std::string>()) {
        out += "res{";
        write_name(*r->begin()->value.get_if<std::string>());
        out += '}';
        return true;
      }
      out += "emb";
      path_scope ps(*this, "resource");
      write_object(*r, scope::generic);
      return true;
    }
    if (*type == "tool" && second.key == "name" && text) {
      out += "T{";
      write_name(*text);
      out += '}';
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------------------------------
  // JSON Schema -> type expressions

  /// The type expression compiling to exactly `schema`, or nothing.
  std::optional<std::string> type_text(const value& schema) {
    const object* o = schema.get_if<object>();
    if (!o || o->empty()) return std::nullopt;
    if (++depth_ > max_decompile_depth) fail("nested too deeply");
    struct leave {
      std::size_t& d;
      ~leave() { --d; }
    } guard{depth_};
    const member& last = *(o->end() - 1);
    if (auto base = base_type(*o)) return base;
    if (last.key == "format") {
      const std::string* f = last.value.get_if<std::string>();
      if (!f || !detail::is_cast_name(*f) || o->size() < 2) return std::nullopt;
      object rest(*o);
      rest.erase("format");
      if (rest.find("format")) return std::nullopt;
      // `uri` carries a format of its own; str::x covers {type: string, format: x}.
      auto base = base_type(rest);
      if (!base) return std::nullopt;
      if (rest.find("oneOf")) *base = "(" + *base + ")";
      return *base + "::" + *f;
    }
    return std::nullopt;
  }

  std::optional<std::string> base_type(const object& o) {
    auto key = [&](std::size_t i) -> std::string_view { return (o.begin() + static_cast<std::ptrdiff_t>(i))->key; };
    auto val = [&](std::size_t i) -> const value& { return (o.begin() + static_cast<std::ptrdiff_t>(i))->value; };
    if (o.size() == 1 && key(0) == "$ref") {
      const std::string* r = val(0).get_if<std::string>();
      constexpr std::string_view prefix = "#/definitions/";
      if (!r || r->compare(0, prefix.size(), prefix) != 0) return std::nullopt;
      std::string name = r->substr(prefix.size());
      if (!detail::is_identifier(name) || detail::is_reserved_word(name)) return std::nullopt;
      return name;
    }
    if (o.size() == 1 && key(0) == "oneOf") {
      const array* members = val(0).get_if<array>();
      if (!members || members->size() < 2) return std::nullopt;
      std::string text;
      for (std::size_t i = 0; i < members->size(); ++i) {
        path_scope ps(*this, i);
        auto t = type_text((*members)[i]);
        if (!t) return std::nullopt;
        if (i) text += '|';
        const object* mo = (*members)[i].get_if<object>();
        if (mo->size() == 1 && mo->begin()->key == "oneOf") text += "(" + *t + ")";
        else text += *t;
      }
      return text;
    }
    if (key(0) != "type") return std::nullopt;
    const std::string* type = val(0).get_if<std::string>();
    if (!type) return std::nullopt;
    if (o.size() == 1) {
      if (*type == "string") return "str";
      if (*type == "integer") return "int";
      if (*type == "number") return "num";
      if (*type == "boolean") return "bool";
      if (*type == "null") return "null";
      if (*type == "array") return "[]";
      if (*type == "object") return "{}";
      return std::nullopt;
    }
    if (*type == "string" && o.size() == 2) {
      if (key(1) == "format" && is_string(&val(1), "uri")) return "uri";
      if (key(1) == "contentEncoding" && is_string(&val(1), "base64")) return "blob";
      if (key(1) == "enum") {
        const array* values = val(1).get_if<array>();
        if (!values) return std::nullopt;
        std::string text = "enum[";
        for (std::size_t i = 0; i < values->size(); ++i) {
          const std::string* s = (*values)[i].get_if<std::string>();
          if (!s) return std::nullopt;
          if (i) text += ", ";
          std::swap(out, text);
          write_name(*s);
          std::swap(out, text);
        }
        return text + "]";
      }
      return std::nullopt;
    }
    if (*type == "array" && o.size() == 2 && key(1) == "items") {
      path_scope ps(*this, "items");
      auto t = type_text(val(1));
      if (!t) return std::nullopt;
      return "[" + *t + "]";
    }
    if (*type == "object" && key(1) == "properties" && o.size() <= 3) {
      const object* props = val(1).get_if<object>();
      if (!props || props->empty()) return std::nullopt;
      const array* required = nullptr;
      if (o.size() == 3) {
        if (key(2) != "required") return std::nullopt;
        required = val(2).get_if<array>();
        if (!required || required->empty()) return std::nullopt;
      }
      // Required names: each a property, in the properties' order, no repeats.
      std::vector<bool> is_required(props->size(), false);
      if (required) {
        std::size_t p = 0;
        for (const value& r : *required) {
          const std::string* name = r.get_if<std::string>();
          if (!name) return std::nullopt;
          while (p < props->size() && (props->begin() + static_cast<std::ptrdiff_t>(p))->key != *name) ++p;
          if (p == props->size()) return std::nullopt;
          is_required[p++] = true;
        }
      }
      std::string text = "{";
      std::size_t i = 0;
      for (const member& m : *props) {
        path_scope ps(*this, m.key);
        // A trailing "default" is written after the type and its modifier: `int! = 7`.
        const value* schema = &m.value;
        value without_default;
        std::string default_text;
        if (const object* po = m.value.get_if<object>(); po && po->size() > 1 && (po->end() - 1)->key == "default") {
          object rest(*po);
          rest.erase("default");
          without_default = value(std::move(rest));
          schema = &without_default;
          default_text = " = ";
          std::swap(out, default_text);
          write_value((po->end() - 1)->value);
          std::swap(out, default_text);
        }
        auto t = type_text(*schema);
        if (!t) return std::nullopt;
        if (i) text += ", ";
        std::swap(out, text);
        write_name(m.key);
        std::swap(out, text);
        text += ": ";
        text += *t;
        if (is_required[i]) text += '!';
        text += default_text;
        ++i;
      }
      return text + "}";
    }
    return std::nullopt;
  }

};

error make_error(inexpressible f) {
  error e;
  e.code = error_code::dsl_inexpressible;
  e.message = std::move(f.message);
  return e;
}

}  // namespace

TOON_FUNC result<std::string> decompile(const value& item, item_kind kind) {
  try {
    writer w;
    w.item(item, kind);
    return std::move(w.out);
  } catch (inexpressible& f) {
    return make_error(std::move(f));
  }
}

TOON_FUNC result<std::string> decompile_all(std::span<const value> items, item_kind kind) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto one = decompile(items[i], kind);
    if (!one) {
      error e = std::move(one).error();
      if (items.size() > 1) e.message = "item " + std::to_string(i + 1) + ": " + e.message;
      return e;
    }
    out += *one;
    out += '\n';
  }
  return out;
}

namespace {

/// End of the JSON value starting at `b` (a container up to its matching bracket, outside
/// strings; a scalar up to whitespace or a bracket), for splitting a sequence of values.
std::size_t value_end(std::string_view s, std::size_t b) {
  std::size_t p = b;
  if (s[p] != '{' && s[p] != '[') {
    if (s[p] == '"') {
      for (++p; p < s.size() && s[p] != '"'; ++p)
        if (s[p] == '\\') ++p;
      return p < s.size() ? p + 1 : s.size();
    }
    while (p < s.size() && s[p] != ' ' && s[p] != '\t' && s[p] != '\r' && s[p] != '\n' && s[p] != '{' && s[p] != '[')
      ++p;
    return p;
  }
  std::size_t depth = 0;
  for (; p < s.size(); ++p) {
    char c = s[p];
    if (c == '"') {
      for (++p; p < s.size() && s[p] != '"'; ++p)
        if (s[p] == '\\') ++p;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return p + 1;
    }
  }
  return s.size();
}

}  // namespace

TOON_FUNC result<std::string> decompile_json(std::string_view json, item_kind kind) {
  auto whole = from_json(json);
  if (whole) {
    if (const array* a = whole->get_if<array>()) return decompile_all(*a, kind);
    return decompile_all(std::span<const value>(&*whole, 1), kind);
  }
  // A sequence of JSON values (JSON Lines, or pretty-printed values one after another).
  std::vector<value> items;
  std::size_t p = 0;
  for (;;) {
    while (p < json.size() && (json[p] == ' ' || json[p] == '\t' || json[p] == '\r' || json[p] == '\n')) ++p;
    if (p >= json.size()) break;
    std::size_t e = value_end(json, p);
    auto v = from_json(json.substr(p, e - p));
    if (!v) {
      if (items.empty()) return std::move(whole).error();
      error err = std::move(v).error();
      // Positions relative to the whole text.
      location at = location_of(json, p);
      if (err.line <= 1) err.column += at.column - 1;
      err.line += at.line - 1;
      return err;
    }
    items.push_back(std::move(*v));
    p = e;
  }
  return decompile_all(items, kind);
}

}  // namespace toon::mcp_dsl
