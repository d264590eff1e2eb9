// cli/mcp_proxy.cpp - `toon mcp proxy`: an MCP server on stdio (or, with --listen, over
// Streamable HTTP: toon::mcp::http_server) in front of upstream MCP servers
// (docs/mcp.md, "Proxy"; docs/cli.md). Each upstream is a toon::mcp::client; its tools go into
// one toon::tool_catalog (a category per upstream, names prefixed with the upstream's name when
// there are several), published with their own inputSchema and forwarded as they are; JSON
// text results come back as TOON text when that is shorter. An upstream's tool list change
// rebuilds the catalog (relister); resources and prompts are forwarded through
// server_options::methods (resource_forwarder).
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "toon/decode.hpp"
#include "toon/json.hpp"
#include "toon/mcp/call_context.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/http.hpp"
#include "toon/mcp/server.hpp"
#include "toon/schema_import.hpp"
#include "toon/tools.hpp"

extern char** environ;

namespace toon_cli {

namespace {

void say(const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), stderr);
  std::fflush(stderr);
}

std::string proxy_usage() {
  return "Usage: toon mcp proxy [--config FILE] [--lazy] [--name NAME] [--timeout SECONDS]\n"
         "                      [--reencode structured|json|none]\n"
         "                      [--listen [HOST:]PORT [--allow-host NAME]... [--allow-origin ORIGIN]...]\n"
         "                      [[--] COMMAND [ARGS...] | --http URL [--bearer-env VAR]]\n"
         "Run 'toon mcp proxy --help' for details.\n";
}

std::string proxy_help() {
  return R"(Usage:
  toon mcp proxy [options] [--] [COMMAND [ARGS...]]
  toon mcp proxy [options] --http URL [--bearer-env VAR]

An MCP server on standard input and output (protocols 2025-11-25 and 2026-07-28)
in front of upstream MCP servers: those of --config FILE, and COMMAND ARGS
(no shell) named --name. The command starts at "--" or at the first argument
that is not an option (so launchers that drop "--" work too); everything after
it is the command's. Its tools are listed with their own inputSchema,
prefixed "NAME__" when there are several upstreams; calls are forwarded to the
upstream that has the tool. A text block that serialises the result's
structuredContent is replaced by its TOON encoding when that is shorter; such a
block says so in its _meta ("toon/encoding"). Other text (a file's contents
that happen to be JSON) is passed on as it is, unless --reencode json.
An upstream's tools/list_changed makes the
proxy list its tools again and announce the change. Resources and prompts of
the upstreams are forwarded too (names prefixed like tools, URIs unchanged).

With --listen, the proxy serves its clients over MCP Streamable HTTP instead
(protocols 2025-11-25 and 2026-07-28, a session per client), at
http://HOST:PORT/mcp, whose URL it prints on standard output once listening;
it runs until SIGINT or SIGTERM. Host and Origin headers are checked against
DNS rebinding as toon::mcp::http_server does (docs/mcp.md, "Streamable HTTP"):
loopback names only, unless allowed below.

Options:
  --config FILE       upstream servers, as JSON or TOON (docs/mcp.md, "Proxy"):
                        servers[N]: name, command, args, env, cwd, description,
                        timeout_ms, limits {cpu_seconds, memory_mb, open_files};
                        or name, url, bearer_env for a Streamable HTTP upstream
                      or {"mcpServers": {NAME: {command, args, env}}}
  --lazy              lazy categories: one category per upstream; tools/list
                      starts with load_tools, whose calls add a category's
                      tools and return them as a TOON tools table
  --name NAME         the name of the COMMAND or --http upstream (default:
                      upstream)
  --http URL          an upstream reached over Streamable HTTP
                      (http://HOST:PORT/PATH) instead of a COMMAND
  --bearer-env VAR    send the --http upstream the bearer token held by the
                      environment variable VAR ("Authorization: Bearer ...")
  --timeout SECONDS   start-up and tools/list time limit, and default call time
                      limit of each upstream (default 60)
  --reencode MODE     which text blocks become TOON: structured (default: the
                      text serialising structuredContent), json (any JSON
                      object or array text, a file's too), none
  --no-reencode       the same as --reencode none
  --listen [HOST:]PORT  serve over Streamable HTTP on HOST (default 127.0.0.1;
                      [::1] for IPv6) and PORT (0: a free one)
  --allow-host NAME   with --listen: accept this Host header name too ("*": any)
  --allow-origin ORIGIN  with --listen: accept requests from this browser
                      Origin too (e.g. https://app.example.com)

Exit status: 0 when the client closed standard input (with --listen: on
SIGINT or SIGTERM), 1 an upstream could not be started or listed, the config
is invalid or the address cannot be listened on, 2 wrong usage.
)";
}

struct upstream_config {
  std::string name;
  std::string description;
  std::vector<std::string> argv;
  std::vector<std::string> env;  // NAME=value, added to this process's environment
  std::string cwd;
  std::int64_t timeout_ms = 0;   // 0: --timeout
  toon::mcp::resource_limits limits{};
  std::string url;         // set: a Streamable HTTP upstream (argv unused)
  std::string bearer_env;  // the environment variable holding its bearer token
};

// ---- config -------------------------------------------------------------------------------------

struct config_error {
  std::string message;
};

const std::string& string_field(const toon::value& v, std::string_view what) {
  if (!v.is_string()) throw config_error{std::string(what) + " must be a string"};
  return v.as_string();
}

std::uint64_t positive_field(const toon::value& v, std::string_view what) {
  if (v.type() != toon::value::kind::integer || v.as_int64() <= 0) throw config_error{std::string(what) + " must be a positive integer"};
  return static_cast<std::uint64_t>(v.as_int64());
}

upstream_config server_of(const toon::value& s, std::string name, const std::string& where) {
  if (!s.is_object()) throw config_error{where + " must be an object"};
  upstream_config u;
  u.name = std::move(name);
  for (const auto& m : s.as_object()) {
    const std::string field = where + "." + m.key;
    if (m.key == "name") {
      if (u.name.empty()) u.name = string_field(m.value, field);
    } else if (m.key == "command") {
      u.argv.insert(u.argv.begin(), string_field(m.value, field));
    } else if (m.key == "args") {
      if (!m.value.is_array()) throw config_error{field + " must be an array of strings"};
      for (const toon::value& a : m.value.as_array()) u.argv.push_back(string_field(a, field + "[]"));
    } else if (m.key == "env") {
      if (!m.value.is_object()) throw config_error{field + " must be an object of strings"};
      for (const auto& e : m.value.as_object()) u.env.push_back(e.key + "=" + string_field(e.value, field + "." + e.key));
    } else if (m.key == "cwd") {
      u.cwd = string_field(m.value, field);
    } else if (m.key == "description") {
      u.description = string_field(m.value, field);
    } else if (m.key == "timeout_ms") {
      u.timeout_ms = static_cast<std::int64_t>(positive_field(m.value, field));
    } else if (m.key == "limits") {
      if (!m.value.is_object()) throw config_error{field + " must be an object"};
      for (const auto& l : m.value.as_object()) {
        const std::string lf = field + "." + l.key;
        if (l.key == "cpu_seconds") u.limits.cpu_seconds = positive_field(l.value, lf);
        else if (l.key == "memory_mb") u.limits.address_space_bytes = positive_field(l.value, lf) << 20;
        else if (l.key == "open_files") u.limits.open_files = positive_field(l.value, lf);
        else throw config_error{lf + ": unknown limit (cpu_seconds, memory_mb, open_files)"};
      }
    } else if (m.key == "url") {
      u.url = string_field(m.value, field);
    } else if (m.key == "bearer_env") {
      u.bearer_env = string_field(m.value, field);
    } else if (m.key != "type") {  // "type": "stdio" / "http" of the mcpServers form is accepted
      throw config_error{field + ": unknown field"};
    }
  }
  if (u.name.empty()) throw config_error{where + ".name is required"};
  if (!u.url.empty() && s.find("command") != nullptr) throw config_error{where + ": give either command or url"};
  if (!u.bearer_env.empty() && u.url.empty()) throw config_error{where + ".bearer_env needs url"};
  if (u.url.empty() && (u.argv.empty() || s.find("command") == nullptr)) throw config_error{where + ".command is required"};
  return u;
}

std::vector<upstream_config> read_config(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw config_error{path + ": cannot read"};
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t first = text.find_first_not_of(" \t\r\n");
  toon::result<toon::value> doc = first != std::string::npos && (text[first] == '{' || text[first] == '[') ? toon::from_json(text) : toon::decode(text);
  if (!doc) throw config_error{path + ": " + doc.error().to_string()};
  if (!doc->is_object()) throw config_error{path + ": the config must be an object"};
  std::vector<upstream_config> out;
  try {
    for (const auto& m : doc->as_object()) {
      if (m.key == "servers") {
        if (!m.value.is_array()) throw config_error{"servers must be an array"};
        std::size_t i = 0;
        for (const toon::value& s : m.value.as_array()) out.push_back(server_of(s, {}, "servers[" + std::to_string(i++) + "]"));
      } else if (m.key == "mcpServers") {
        if (!m.value.is_object()) throw config_error{"mcpServers must be an object"};
        for (const auto& s : m.value.as_object()) out.push_back(server_of(s.value, s.key, "mcpServers." + s.key));
      } else {
        throw config_error{m.key + ": unknown field (servers, mcpServers)"};
      }
    }
  } catch (config_error& e) {
    e.message = path + ": " + e.message;  // every error names the file
    throw;
  }
  return out;
}

// ---- forwarding ---------------------------------------------------------------------------------

/// Which text blocks of a result the proxy re-encodes as TOON.
enum class reencode_mode {
  none,        // none
  structured,  // the text that serialises the result's structuredContent (the default)
  json,        // any text that is a JSON object or array (also a file's contents)
};

// The text blocks of `content` chosen by `mode` (with `structured`, the result's
// structuredContent or null), replaced by their TOON encoding where that is shorter (in
// bytes); the block's _meta says so.
toon::value reencode(const toon::value& content, const toon::value& structured, reencode_mode mode) {
  if (!content.is_array() || mode == reencode_mode::none) return content;
  if (mode == reencode_mode::structured && structured.is_null()) return content;
  toon::array out;
  out.reserve(content.as_array().size());
  for (const toon::value& block : content.as_array()) {
    const toon::value* type = block.is_object() ? block.find("type") : nullptr;
    const toon::value* text = block.is_object() ? block.find("text") : nullptr;
    if (type == nullptr || !type->is_string() || type->as_string() != "text" || text == nullptr || !text->is_string()) {
      out.push_back(block);
      continue;
    }
    const std::string& json = text->as_string();
    std::size_t first = json.find_first_not_of(" \t\r\n");
    if (first == std::string::npos || (json[first] != '{' && json[first] != '[')) {
      out.push_back(block);
      continue;
    }
    if (mode == reencode_mode::structured) {
      // Only the JSON of the structured result itself: data the tool made, not text it carried.
      toon::result<toon::value> parsed = toon::from_json(json);
      if (!parsed || *parsed != structured) {
        out.push_back(block);
        continue;
      }
    }
    toon::result<std::string> toon_text = toon::json_to_toon(json);
    if (!toon_text || toon_text->size() >= json.size()) {
      out.push_back(block);
      continue;
    }
    const std::size_t toon_size = toon_text->size();
    toon::object b;
    for (const auto& m : block.as_object())
      if (m.key != "text" && m.key != "_meta") b.emplace_back(m.key, m.value);
    b.emplace_back("text", std::move(*toon_text));
    toon::object meta;
    if (const toon::value* old = block.find("_meta"); old != nullptr && old->is_object()) meta = old->as_object();
    meta.emplace_back("toon/encoding", "toon, re-encoded from JSON (" + std::to_string(json.size()) + " -> " +
                                           std::to_string(toon_size) + " bytes)");
    b.emplace_back("_meta", std::move(meta));
    out.emplace_back(std::move(b));
  }
  return out;
}

struct upstream {
  upstream_config config;
  std::unique_ptr<toon::mcp::client> client;
  std::vector<toon::mcp::tool_info> tools;
  std::chrono::milliseconds timeout{0};  // of each request to it
  bool resources = false, prompts = false;  // capabilities it advertised
};

toon::tool forwarding_tool(upstream& u, const toon::mcp::tool_info& info, bool prefixed, reencode_mode reencode_json,
                           std::chrono::milliseconds timeout) {
  toon::tool t;
  t.name = prefixed ? u.config.name + "__" + info.name : info.name;
  t.description = info.description;
  t.category = u.config.name;
  toon::imported_schema params = toon::import_json_schema(info.input_schema);
  t.args_schema = std::move(params.params);
  t.input_schema = info.input_schema.is_object() ? info.input_schema : toon::value(toon::object{{"type", "object"}});
  if (info.output_schema.is_object()) t.output_schema = info.output_schema;
  toon::mcp::client* c = u.client.get();
  std::string upstream_name = u.config.name, tool_name = info.name;
  // The downstream call's cancellation and progress go through to the upstream call: a
  // `notifications/cancelled` from the client cancels the upstream request, and the upstream's
  // `notifications/progress` reach the client when it asked for progress.
  //
  // The upstream's answer is awaited without a thread: the handler defers its answer
  // (call_context::defer) and sends the request with call_tool_async, whose callback answers
  // the call on the client's reading thread. So a call costs no hand-over between threads in
  // the proxy. A detached context (no server) calls synchronously.
  auto answer_of = [upstream_name, reencode_json](toon::result<toon::mcp::call_result> answer) {
    toon::call_result r;
    if (!answer) {
      r.status = toon::call_status::tool_failed;
      r.text = "upstream " + upstream_name + ": " + answer.error().message;
      return r;
    }
    r.status = answer->is_error ? toon::call_status::tool_failed : toon::call_status::ok;
    r.text = answer->text();
    r.content = reencode(answer->content, answer->structured_content, reencode_json);
    if (!answer->structured_content.is_null()) r.structured = std::move(answer->structured_content);
    return r;
  };
  t.context_handler = [c, tool_name, answer_of, timeout](const toon::value& arguments, toon::mcp::call_context& context) {
    toon::mcp::call_options options;
    options.timeout = timeout;
    options.stop = context.stop_token();
    if (context.wants_progress())
      options.on_progress = [context](double done, double total, std::string_view message) mutable {
        (void)context.progress(done, total, message);  // a copy: it outlives the handler when deferred
      };
    if (context.stop_token().stop_possible()) {  // served (not detached)
      toon::result<toon::mcp::deferred_answer> later = context.defer();
      if (!later) {  // the call is over already (cancelled): never block the reading thread
        toon::call_result r;
        r.status = toon::call_status::tool_failed;
        r.text = later.error().message;
        return r;
      }
      auto answer = std::make_shared<toon::mcp::deferred_answer>(std::move(*later));
      c->call_tool_async(tool_name, arguments, options, [answer, answer_of](toon::result<toon::mcp::call_result> r) {
        answer->complete(answer_of(std::move(r)));
      });
      return toon::call_result{};  // ignored: the call is answered through `answer`
    }
    return answer_of(c->call_tool(tool_name, arguments, options));  // null arguments are sent as {}
  };
  t.handler = [h = t.context_handler](const toon::value& arguments) {
    return h(arguments, toon::mcp::detached_call_context());
  };
  // Run on the proxy's reading thread: it sends the request and returns (call_tool_async).
  t.nonblocking = true;
  return t;
}

// The catalog of every upstream's tools: a category per upstream, names prefixed when there are
// several. Empty and `error` set when a name clashes.
std::shared_ptr<toon::tool_catalog> build_catalog(std::vector<upstream>& upstreams, reencode_mode reencode_json, std::string& error) {
  auto catalog = std::make_shared<toon::tool_catalog>();
  const bool prefixed = upstreams.size() > 1;
  for (upstream& u : upstreams) {
    const toon::mcp::server_info& info = u.client->server();
    std::string description = !u.config.description.empty() ? u.config.description
                              : info.name.empty() ? "Tools of the MCP server " + u.config.name
                                                  : "Tools of the MCP server " + info.name + " " + info.version;
    if (auto r = catalog->try_add_category(u.config.name, description); !r) {
      error = r.error().message;
      return nullptr;
    }
    for (const toon::mcp::tool_info& t : u.tools)
      if (auto r = catalog->try_add_tool(forwarding_tool(u, t, prefixed, reencode_json, u.timeout)); !r) {
        error = u.config.name + ": tool " + t.name + ": " + r.error().message;
        return nullptr;
      }
  }
  return catalog;
}

// ---- resources and prompts ----------------------------------------------------------------------

constexpr std::string_view protocol_meta_prefix = "io.modelcontextprotocol/";

// `params` without the protocol's own `_meta` members (the proxy's client adds its own) and
// without the members named in `drop`.
toon::value forwarded_params(const toon::value& params, std::initializer_list<std::string_view> drop = {}) {
  toon::object out;
  if (!params.is_object()) return out;
  for (const auto& m : params.as_object()) {
    if (std::find(drop.begin(), drop.end(), m.key) != drop.end()) continue;
    if (m.key == "_meta" && m.value.is_object()) {
      toon::object meta;
      for (const auto& x : m.value.as_object())
        if (x.key.rfind(protocol_meta_prefix, 0) != 0) meta.emplace_back(x.key, x.value);
      if (!meta.empty()) out.emplace_back("_meta", std::move(meta));
      continue;
    }
    out.emplace_back(m.key, m.value);
  }
  return out;
}

// An upstream's result without what belongs to its protocol revision (resultType, caching,
// the protocol's _meta members): the proxy's server adds its own.
toon::value cleaned_result(toon::value r) {
  if (!r.is_object()) return toon::object{};
  toon::object out;
  for (auto& m : r.as_object()) {
    if (m.key == "resultType" || m.key == "ttlMs" || m.key == "cacheScope") continue;
    if (m.key == "_meta" && m.value.is_object()) {
      toon::object meta;
      for (auto& x : m.value.as_object())
        if (x.key.rfind(protocol_meta_prefix, 0) != 0) meta.emplace_back(x.key, std::move(x.value));
      if (!meta.empty()) out.emplace_back("_meta", std::move(meta));
      continue;
    }
    out.emplace_back(m.key, std::move(m.value));
  }
  return out;
}

// An error of a request to an upstream as the proxy's JSON-RPC error: the upstream's own code
// when it answered with an error (the client's message "MCP METHOD: server error CODE: ..."),
// -32603 when it did not answer (time limit, exited).
[[noreturn]] void fail_upstream(const upstream& u, const toon::error& e) {
  int code = toon::mcp::internal_error;
  if (e.code == toon::error_code::remote_error) {
    const std::string marker = "server error ";
    if (std::size_t at = e.message.find(marker); at != std::string::npos) {
      const char* begin = e.message.c_str() + at + marker.size();
      char* end = nullptr;
      long c = std::strtol(begin, &end, 10);
      if (end != begin) code = static_cast<int>(c);
    }
  }
  throw toon::mcp::rpc_error(code, "upstream " + u.config.name + ": " + e.message);
}

// Forwards resources/* and prompts/* to the upstreams that advertise them. Lists are the
// upstreams' lists (every page) joined, on one page; prompt and resource names are prefixed
// like tool names; URIs are the upstreams' own, and a resources/read goes to the upstream that
// listed the URI, else to the one whose template's fixed beginning it has (the longest), else to
// the only upstream with resources.
class resource_forwarder {
 public:
  explicit resource_forwarder(std::vector<upstream>& upstreams) : upstreams_(upstreams), prefixed_(upstreams.size() > 1) {}

  bool any_resources() const {
    return std::any_of(upstreams_.begin(), upstreams_.end(), [](const upstream& u) { return u.resources; });
  }
  bool any_prompts() const {
    return std::any_of(upstreams_.begin(), upstreams_.end(), [](const upstream& u) { return u.prompts; });
  }

  toon::value list_resources(const toon::value& params) {
    no_cursor(params);
    toon::array all;
    std::map<std::string, std::size_t> owners;
    for (std::size_t i = 0; i < upstreams_.size(); ++i) {
      if (!upstreams_[i].resources) continue;
      for (toon::value& r : list_all(upstreams_[i], "resources/list", "resources", params)) {
        if (const toon::value* uri = r.is_object() ? r.find("uri") : nullptr; uri != nullptr && uri->is_string())
          owners.emplace(uri->as_string(), i);
        all.push_back(renamed(upstreams_[i], std::move(r)));
      }
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      uri_owner_ = std::move(owners);
    }
    return toon::object{{"resources", std::move(all)}};
  }

  toon::value list_templates(const toon::value& params) {
    no_cursor(params);
    toon::array all;
    std::vector<std::pair<std::string, std::size_t>> prefixes;
    for (std::size_t i = 0; i < upstreams_.size(); ++i) {
      if (!upstreams_[i].resources) continue;
      for (toon::value& t : list_all(upstreams_[i], "resources/templates/list", "resourceTemplates", params)) {
        if (const toon::value* tpl = t.is_object() ? t.find("uriTemplate") : nullptr; tpl != nullptr && tpl->is_string())
          prefixes.emplace_back(tpl->as_string().substr(0, tpl->as_string().find('{')), i);
        all.push_back(renamed(upstreams_[i], std::move(t)));
      }
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      template_prefixes_ = std::move(prefixes);
    }
    return toon::object{{"resourceTemplates", std::move(all)}};
  }

  toon::value read_resource(const toon::value& params) {
    const toon::value* uri = params.find("uri");
    if (uri == nullptr || !uri->is_string())
      throw toon::mcp::rpc_error(toon::mcp::invalid_params, "Invalid params: resources/read needs \"uri\" (a string)");
    std::optional<std::size_t> owner = owner_of(uri->as_string());
    if (!owner) {  // not seen yet: list again
      (void)list_resources(toon::object{});
      (void)list_templates(toon::object{});
      owner = owner_of(uri->as_string());
    }
    if (!owner) {
      std::size_t with = 0, count = 0;
      for (std::size_t i = 0; i < upstreams_.size(); ++i)
        if (upstreams_[i].resources) with = i, ++count;
      if (count == 1) owner = with;
    }
    if (!owner)
      throw toon::mcp::rpc_error(-32002, "Resource not found: no upstream listed " + uri->as_string(),
                                 toon::object{{"uri", uri->as_string()}});
    return forward(upstreams_[*owner], "resources/read", forwarded_params(params));
  }

  toon::value list_prompts(const toon::value& params) {
    no_cursor(params);
    toon::array all;
    for (upstream& u : upstreams_) {
      if (!u.prompts) continue;
      for (toon::value& p : list_all(u, "prompts/list", "prompts", params)) all.push_back(renamed(u, std::move(p)));
    }
    return toon::object{{"prompts", std::move(all)}};
  }

  toon::value get_prompt(const toon::value& params) {
    const toon::value* name = params.find("name");
    if (name == nullptr || !name->is_string())
      throw toon::mcp::rpc_error(toon::mcp::invalid_params, "Invalid params: prompts/get needs \"name\" (a string)");
    const std::string& wanted = name->as_string();
    for (upstream& u : upstreams_) {
      if (!u.prompts) continue;
      std::string own = wanted;
      if (prefixed_) {
        const std::string prefix = u.config.name + "__";
        if (wanted.rfind(prefix, 0) != 0) continue;
        own = wanted.substr(prefix.size());
      }
      toon::value p = forwarded_params(params, {"name"});
      p.as_object().emplace_back("name", own);
      return forward(u, "prompts/get", std::move(p));
    }
    throw toon::mcp::rpc_error(toon::mcp::invalid_params, "Invalid params: unknown prompt " + wanted);
  }

 private:
  static void no_cursor(const toon::value& params) {
    if (const toon::value* c = params.find("cursor"); c != nullptr && !c->is_null())
      throw toon::mcp::rpc_error(toon::mcp::invalid_params, "Invalid params: invalid cursor (the proxy lists everything on one page)");
  }

  static toon::value forward(upstream& u, std::string_view method, toon::value params) {
    toon::mcp::call_options o;
    o.timeout = u.timeout;
    auto r = u.client->request(method, std::move(params), o);
    if (!r) fail_upstream(u, r.error());
    return cleaned_result(std::move(*r));
  }

  // Every item of a list method of `u`, following nextCursor (at most 1000 pages).
  static std::vector<toon::value> list_all(upstream& u, std::string_view method, std::string_view key, const toon::value& params) {
    std::vector<toon::value> items;
    toon::value cursor;
    for (int page = 0; page < 1000; ++page) {
      toon::value p = forwarded_params(params, {"cursor"});
      if (!cursor.is_null()) p.as_object().emplace_back("cursor", cursor);
      toon::value r = forward(u, method, std::move(p));
      if (const toon::value* list = r.find(key); list != nullptr && list->is_array())
        for (const toon::value& item : list->as_array()) items.push_back(item);
      const toon::value* next = r.find("nextCursor");
      if (next == nullptr || !next->is_string() || next->as_string().empty()) return items;
      cursor = *next;
    }
    throw toon::mcp::rpc_error(toon::mcp::internal_error, "upstream " + u.config.name + ": " + std::string(method) + " did not end after 1000 pages");
  }

  toon::value renamed(const upstream& u, toon::value item) const {
    if (!prefixed_ || !item.is_object()) return item;
    if (toon::value* name = item.as_object().find("name"); name != nullptr && name->is_string())
      *name = u.config.name + "__" + name->as_string();
    return item;
  }

  std::optional<std::size_t> owner_of(const std::string& uri) const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = uri_owner_.find(uri); it != uri_owner_.end()) return it->second;
    std::optional<std::size_t> best;
    std::size_t best_size = 0;
    for (const auto& [prefix, i] : template_prefixes_)
      if (!prefix.empty() && uri.rfind(prefix, 0) == 0 && prefix.size() > best_size) best = i, best_size = prefix.size();
    return best;
  }

  std::vector<upstream>& upstreams_;
  const bool prefixed_;
  mutable std::mutex mutex_;
  std::map<std::string, std::size_t> uri_owner_;
  std::vector<std::pair<std::string, std::size_t>> template_prefixes_;
};

// ---- upstream tool list changes -----------------------------------------------------------------

// Re-lists the tools of an upstream that sent notifications/tools/list_changed, and serves the
// new catalog (the proxy's server announces it to its client). Notifications arrive on the
// upstream clients' reader threads, which must not send requests: they only mark the upstream.
class relister {
 public:
  void mark(std::size_t upstream_index) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (std::find(dirty_.begin(), dirty_.end(), upstream_index) == dirty_.end()) dirty_.push_back(upstream_index);
    changed_.notify_all();
  }

  // Runs until stop(): each marked upstream is listed again, then the whole catalog rebuilt.
  void run(std::vector<upstream>& upstreams, const std::function<void(std::shared_ptr<const toon::tool_catalog>)>& serve,
           reencode_mode reencode_json) {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return stopping_ || !dirty_.empty(); });
      if (stopping_) return;
      std::vector<std::size_t> which;
      which.swap(dirty_);
      lock.unlock();
      bool any = false;
      for (std::size_t i : which) {
        upstream& u = upstreams[i];
        toon::mcp::call_options o;
        o.timeout = u.timeout;
        auto tools = u.client->list_tools(o);
        if (!tools) {
          toon::mcp::log_to_stderr("proxy: " + u.config.name + ": tools/list after list_changed failed: " + tools.error().message);
          continue;
        }
        u.tools = std::move(*tools);
        any = true;
        toon::mcp::log_to_stderr("proxy: " + u.config.name + ": tool list changed, " + std::to_string(u.tools.size()) + " tools");
      }
      if (any) {
        std::string error;
        if (auto catalog = build_catalog(upstreams, reencode_json, error)) serve(std::move(catalog));
        else toon::mcp::log_to_stderr("proxy: the changed tool list is not served: " + error);
      }
      lock.lock();
    }
  }

  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::size_t> dirty_;
  bool stopping_ = false;
};

std::vector<std::string> environment_with(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    std::string_view entry(*e);
    std::string_view key = entry.substr(0, entry.find('='));
    bool replaced = std::any_of(extra.begin(), extra.end(), [&](const std::string& x) {
      return std::string_view(x).substr(0, x.find('=')) == key;
    });
    if (!replaced) env.emplace_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

// --listen: SIGINT and SIGTERM end the proxy; the handler writes to a pipe that the main
// thread waits on (nothing else is safe in a signal handler).
int proxy_stop_pipe[2] = {-1, -1};

extern "C" void proxy_on_stop_signal(int) {
  const int saved = errno;
  char c = 0;
  (void)!::write(proxy_stop_pipe[1], &c, 1);
  errno = saved;
}

// "HOST:PORT", "[V6]:PORT", ":PORT" or "PORT" (host 127.0.0.1); false when malformed.
bool parse_listen(std::string_view spec, std::string& host, std::uint16_t& port) {
  std::string_view port_text = spec;
  host = "127.0.0.1";
  if (!spec.empty() && spec.front() == '[') {
    const std::size_t close = spec.find("]:");
    if (close == std::string_view::npos || close == 1) return false;
    host = std::string(spec.substr(1, close - 1));
    port_text = spec.substr(close + 2);
  } else if (const std::size_t colon = spec.rfind(':'); colon != std::string_view::npos) {
    if (colon > 0) host = std::string(spec.substr(0, colon));
    port_text = spec.substr(colon + 1);
  }
  if (port_text.empty() || port_text.size() > 5) return false;
  unsigned n = 0;
  for (char c : port_text) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + static_cast<unsigned>(c - '0');
  }
  if (n > 65535) return false;
  port = static_cast<std::uint16_t>(n);
  return true;
}

}  // namespace

int run_mcp_proxy(const std::vector<std::string_view>& args) {
  std::string config_path, name = "upstream", http_url, bearer_env;
  bool lazy = false;
  reencode_mode reencode_json = reencode_mode::structured;
  int timeout_seconds = 60;
  std::optional<std::string> listen;
  std::vector<std::string> allowed_hosts, allowed_origins;
  std::vector<std::string> command;
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    std::string_view a = args[i];
    if (a == "--") {
      ++i;
      break;
    }
    if (a == "--help" || a == "-h") {
      std::fwrite(proxy_help().data(), 1, proxy_help().size(), stdout);
      return exit_ok;
    }
    if (a == "--lazy") {
      lazy = true;
    } else if (a == "--no-reencode") {
      reencode_json = reencode_mode::none;
    } else if (!a.empty() && a[0] != '-') {
      break;  // the upstream command, without "--" (some launchers drop it)
    } else if ((a == "--config" || a == "--name" || a == "--timeout" || a == "--reencode" || a == "--http" ||
                a == "--bearer-env" || a == "--listen" || a == "--allow-host" || a == "--allow-origin") &&
               i + 1 < args.size()) {
      std::string v(args[++i]);
      if (a == "--config") config_path = v;
      else if (a == "--listen") listen = v;
      else if (a == "--allow-host") allowed_hosts.push_back(v);
      else if (a == "--allow-origin") allowed_origins.push_back(v);
      else if (a == "--http") http_url = v;
      else if (a == "--bearer-env") bearer_env = v;
      else if (a == "--reencode") {
        if (v == "structured") reencode_json = reencode_mode::structured;
        else if (v == "json") reencode_json = reencode_mode::json;
        else if (v == "none") reencode_json = reencode_mode::none;
        else {
          say("toon mcp proxy: --reencode takes structured, json or none\n" + proxy_usage());
          return exit_usage;
        }
      }
      else if (a == "--name") name = v;
      else {
        char* end = nullptr;
        long n = std::strtol(v.c_str(), &end, 10);
        if (end == nullptr || *end != '\0' || n < 1 || n > 3600) {
          say("toon mcp proxy: --timeout needs a number of seconds, 1 to 3600\n" + proxy_usage());
          return exit_usage;
        }
        timeout_seconds = static_cast<int>(n);
      }
    } else {
      say("toon mcp proxy: unknown option or missing value \"" + std::string(a) + "\"\n" + proxy_usage());
      return exit_usage;
    }
  }
  for (; i < args.size(); ++i) command.emplace_back(args[i]);
  toon::mcp::http_options http;
  if (listen && !parse_listen(*listen, http.address, http.port)) {
    say("toon mcp proxy: --listen takes [HOST:]PORT, e.g. 127.0.0.1:8080\n" + proxy_usage());
    return exit_usage;
  }
  if (!listen && (!allowed_hosts.empty() || !allowed_origins.empty())) {
    say("toon mcp proxy: --allow-host and --allow-origin need --listen\n" + proxy_usage());
    return exit_usage;
  }
  http.allowed_hosts = allowed_hosts;
  http.allowed_origins = allowed_origins;

  std::vector<upstream_config> configs;
  try {
    if (!config_path.empty()) configs = read_config(config_path);
  } catch (const config_error& e) {
    say("toon mcp proxy: config: " + e.message + "\n");
    return exit_data_error;
  }
  if (!http_url.empty() && !command.empty()) {
    say("toon mcp proxy: give either --http URL or a COMMAND\n" + proxy_usage());
    return exit_usage;
  }
  if (!bearer_env.empty() && http_url.empty()) {
    say("toon mcp proxy: --bearer-env needs --http\n" + proxy_usage());
    return exit_usage;
  }
  if (!command.empty() || !http_url.empty()) {
    upstream_config u;
    u.name = name;
    u.argv = command;
    u.url = http_url;
    u.bearer_env = bearer_env;
    configs.push_back(std::move(u));
  }
  for (const upstream_config& u : configs) {
    if (!u.bearer_env.empty() && std::getenv(u.bearer_env.c_str()) == nullptr) {
      say("toon mcp proxy: " + u.name + ": the environment variable " + u.bearer_env + " (its bearer token) is not set\n");
      return exit_data_error;
    }
  }
  if (configs.empty()) {
    say("toon mcp proxy: no upstream server (give --config FILE, --http URL or a command after --)\n" + proxy_usage());
    return exit_usage;
  }
  for (std::size_t a = 0; a < configs.size(); ++a)
    for (std::size_t b = a + 1; b < configs.size(); ++b)
      if (configs[a].name == configs[b].name) {
        say("toon mcp proxy: two upstream servers are named \"" + configs[a].name + "\"\n");
        return exit_data_error;
      }

  // From here on stdout is the protocol's: whatever else prints goes to stderr.
  if (!listen && toon::mcp::claim_stdout() < 0) {
    say("toon mcp proxy: cannot keep stdout for the protocol\n");
    return exit_data_error;
  }
  const std::chrono::milliseconds default_timeout = std::chrono::seconds(timeout_seconds);
  std::vector<upstream> upstreams;
  upstreams.reserve(configs.size());
  std::chrono::milliseconds longest = default_timeout;
  auto changes = std::make_shared<relister>();
  for (upstream_config& cfg : configs) {
    toon::mcp::process_options p;
    p.argv = cfg.argv;
    if (!cfg.env.empty()) p.environment = environment_with(cfg.env);
    p.working_directory = cfg.cwd;
    p.end_with_parent = true;  // spawned by the main thread: the upstream ends with the proxy, however it ends
    p.limits = cfg.limits;
    toon::mcp::client_options co;
    co.initialize_timeout = default_timeout;
    co.request_timeout = default_timeout;
    co.discover_timeout = std::chrono::seconds(std::min(timeout_seconds, 10));
    // A dead upstream is reported when it dies, not only when a call to it fails.
    co.on_close = [name = cfg.name](std::string_view why) {
      toon::mcp::log_to_stderr("proxy: upstream " + name + ": " + std::string(why) +
                               "; its tools now answer with an error");
    };
    co.on_notification = [changes, index = upstreams.size()](const toon::value& message) {
      const toon::value* method = message.find("method");
      if (method != nullptr && method->is_string() && method->as_string() == "notifications/tools/list_changed")
        changes->mark(index);
    };
    toon::result<toon::mcp::client> c = toon::error{};
    if (!cfg.url.empty()) {
      toon::mcp::http_client_options h;
      if (!cfg.bearer_env.empty()) h.bearer_token = std::getenv(cfg.bearer_env.c_str());
      co.probe_discover = false;  // the session revision over HTTP
      c = toon::mcp::connect_http(cfg.url, h, co);
    } else {
      c = toon::mcp::client::connect(p, co);
    }
    if (!c) {
      say("toon mcp proxy: cannot connect to " + cfg.name + " (" + (cfg.url.empty() ? cfg.argv.front() : cfg.url) +
          "): " + c.error().message + "\n");
      return exit_data_error;
    }
    auto tools = c->list_tools();
    if (!tools) {
      say("toon mcp proxy: " + cfg.name + ": tools/list failed: " + tools.error().message + "\n");
      return exit_data_error;
    }
    upstream u;
    u.config = std::move(cfg);
    u.client = std::make_unique<toon::mcp::client>(std::move(*c));
    u.tools = std::move(*tools);
    u.timeout = u.config.timeout_ms > 0 ? std::chrono::milliseconds(u.config.timeout_ms) : default_timeout;
    const toon::value& caps = u.client->server().capabilities;
    u.resources = caps.is_object() && caps.find("resources") != nullptr && caps.find("resources")->is_object();
    u.prompts = caps.is_object() && caps.find("prompts") != nullptr && caps.find("prompts")->is_object();
    if (u.config.timeout_ms > 0) longest = std::max(longest, std::chrono::milliseconds(u.config.timeout_ms));
    upstreams.push_back(std::move(u));
  }

  std::string catalog_error;
  std::shared_ptr<toon::tool_catalog> catalog = build_catalog(upstreams, reencode_json, catalog_error);
  if (!catalog) {
    say("toon mcp proxy: " + catalog_error + "\n");
    return exit_data_error;
  }
  const bool prefixed = upstreams.size() > 1;

  toon::mcp::server_options options;
  options.info.name = "toon-mcp-proxy";
  options.info.title = "toon mcp proxy";
  options.instructions = "Tools of " + std::to_string(upstreams.size()) + " MCP server" +
                         (upstreams.size() == 1 ? "" : "s") + (prefixed ? ", each tool name prefixed by its server's" : "") +
                         (reencode_json == reencode_mode::structured ? ". Structured results come as TOON text when that is shorter."
                          : reencode_json == reencode_mode::json ? ". Results that were JSON come as TOON text when that is shorter."
                                                                 : ".");
  options.lazy_categories = lazy;
  options.tools_list_changed = true;  // an upstream's list_changed changes the proxy's list
  options.page_size = 0;
  auto forwarder = std::make_shared<resource_forwarder>(upstreams);
  toon::object extra_caps;
  if (forwarder->any_resources()) {
    extra_caps.emplace_back("resources", toon::object{});
    options.methods["resources/list"] = [forwarder](const toon::value& p) { return forwarder->list_resources(p); };
    options.methods["resources/templates/list"] = [forwarder](const toon::value& p) { return forwarder->list_templates(p); };
    options.methods["resources/read"] = [forwarder](const toon::value& p) { return forwarder->read_resource(p); };
  }
  if (forwarder->any_prompts()) {
    extra_caps.emplace_back("prompts", toon::object{});
    options.methods["prompts/list"] = [forwarder](const toon::value& p) { return forwarder->list_prompts(p); };
    options.methods["prompts/get"] = [forwarder](const toon::value& p) { return forwarder->get_prompt(p); };
  }
  options.extra_capabilities = std::move(extra_caps);
  // The proxy's own limit comes after the upstream's, so that the upstream's time-out is what
  // a client sees.
  options.call_timeout = longest + std::chrono::seconds(5);
  options.max_concurrent_calls = 8;
  // A 2026-07-28 upstream sends list_changed only on a subscriptions/listen stream: one per
  // upstream that advertises tools.listChanged, open until the proxy ends.
  auto listen_for_changes = [&upstreams](std::vector<std::jthread>& listeners) {
    for (upstream& u : upstreams) {
      const toon::mcp::server_info& info = u.client->server();
      const toon::value* tools_cap = info.capabilities.is_object() ? info.capabilities.find("tools") : nullptr;
      const toon::value* list_changed = tools_cap != nullptr && tools_cap->is_object() ? tools_cap->find("listChanged") : nullptr;
      if (!info.stateless || list_changed == nullptr || !list_changed->is_bool() || !list_changed->as_bool()) continue;
      listeners.emplace_back([c = u.client.get()](std::stop_token stop) {
        while (!stop.stop_requested()) {
          toon::mcp::call_options o;
          o.timeout = std::chrono::hours(1);
          o.stop = stop;
          auto r = c->request("subscriptions/listen", toon::object{{"notifications", toon::object{{"toolsListChanged", true}}}}, o);
          if (r || !c->connected()) return;  // the server ended the stream, or is gone
          if (r.error().code != toon::error_code::timeout) return;
        }
      });
    }
  };
  int status = 0;
  std::size_t abandoned = 0;
  if (listen) {
    if (::pipe(proxy_stop_pipe) != 0) {
      say("toon mcp proxy: cannot make a pipe for the signals\n");
      return exit_data_error;
    }
    struct sigaction sa {};
    sa.sa_handler = proxy_on_stop_signal;
    ::sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
    toon::mcp::http_server srv(std::shared_ptr<const toon::tool_catalog>(catalog), options, http);
    if (auto started = srv.start(); !started) {
      say("toon mcp proxy: --listen " + *listen + ": " + started.error().message + "\n");
      return exit_data_error;
    }
    std::thread relisting([&] {
      changes->run(upstreams, [&srv](std::shared_ptr<const toon::tool_catalog> c) { srv.set_catalog(std::move(c)); },
                   reencode_json);
    });
    std::vector<std::jthread> listeners;
    listen_for_changes(listeners);
    toon::mcp::log_to_stderr("proxy: " + std::to_string(catalog->tools().size()) + " tools of " +
                             std::to_string(upstreams.size()) + " upstream server(s) on " + srv.url() + (lazy ? ", lazy" : ""));
    std::printf("%s\n", srv.url().c_str());
    std::fflush(stdout);
    char c = 0;
    while (::read(proxy_stop_pipe[0], &c, 1) < 0 && errno == EINTR) {
    }
    toon::mcp::log_to_stderr("proxy: stopping");
    srv.stop();
    for (std::jthread& l : listeners) l.request_stop();
    listeners.clear();
    changes->stop();
    relisting.join();
  } else {
    toon::mcp::log_to_stderr("proxy: " + std::to_string(catalog->tools().size()) + " tools of " +
                             std::to_string(upstreams.size()) + " upstream server(s) on stdio" + (lazy ? ", lazy" : ""));
    toon::mcp::server srv(std::shared_ptr<const toon::tool_catalog>(catalog), options);
    std::thread relisting([&] {
      changes->run(upstreams, [&srv](std::shared_ptr<const toon::tool_catalog> c) { srv.set_catalog(std::move(c)); },
                   reencode_json);
    });
    std::vector<std::jthread> listeners;
    listen_for_changes(listeners);
    status = srv.serve_stdio();
    for (std::jthread& l : listeners) l.request_stop();
    listeners.clear();  // joins: each request ends as soon as its stop is requested
    changes->stop();
    relisting.join();
    abandoned = srv.abandoned_calls();
  }
  for (upstream& u : upstreams) u.client->shutdown();  // also fails the calls of abandoned handlers
  if (abandoned > 0) {
    // Handler threads given up after a time-out may still be inside a client: end the process
    // without destroying the clients under them.
    std::fflush(nullptr);
    std::_Exit(status == 0 ? exit_ok : exit_data_error);
  }
  return status == 0 ? exit_ok : exit_data_error;
}

}  // namespace toon_cli
