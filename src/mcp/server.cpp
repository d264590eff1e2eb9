// toon::mcp::server: JSON-RPC message handling for MCP 2025-11-25 / 2025-06-18 (initialize
// session) and 2026-07-28 (stateless, per-request _meta), and tools/call execution on a bounded
// pool of worker threads with call contexts (progress, logging), cancellation and timeouts
// (docs/mcp.md).
#include "toon/mcp/server.hpp"
#include "toon/detail/linkage.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "call_context_state.hpp"
#include "jsonrpc.hpp"
#include "toon/encode.hpp"
#include "toon/json.hpp"

namespace toon::mcp {

TOON_FUNC void log_to_stderr(std::string_view message) {
  std::string line = "[toon-mcp] ";
  line.append(message);
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

TOON_FUNC const std::vector<std::string>& supported_protocol_versions() {
  static const std::vector<std::string> versions{std::string(protocol_2026_07_28), std::string(protocol_2025_11_25),
                                                 std::string(protocol_2025_06_18)};
  return versions;
}

namespace {

constexpr std::string_view meta_protocol_version = "io.modelcontextprotocol/protocolVersion";
constexpr std::string_view meta_client_capabilities = "io.modelcontextprotocol/clientCapabilities";
constexpr std::string_view meta_server_info = "io.modelcontextprotocol/serverInfo";
constexpr std::string_view meta_subscription_id = "io.modelcontextprotocol/subscriptionId";
constexpr std::string_view meta_client_info = "io.modelcontextprotocol/clientInfo";
constexpr std::string_view meta_log_level = "io.modelcontextprotocol/logLevel";

bool is_modern_version(std::string_view v) { return v == protocol_2026_07_28; }
bool is_legacy_version(std::string_view v) { return v == protocol_2025_11_25 || v == protocol_2025_06_18; }

// A protocol-level failure of one request: answered with a JSON-RPC error.
struct rpc_failure {
  int code;
  std::string message;
  std::optional<value> data{};
};

// A cursor names the catalog generation it was made for, so that one from before a
// set_catalog() is rejected instead of paging through a different list.
std::string cursor_of(std::uint64_t generation, std::size_t offset) {
  return "toon-mcp:" + std::to_string(generation) + ":" + std::to_string(offset);
}

std::optional<std::size_t> offset_of(std::string_view cursor, std::uint64_t generation, std::size_t tool_count) {
  const std::string prefix = "toon-mcp:" + std::to_string(generation) + ":";
  if (cursor.substr(0, prefix.size()) != prefix) return std::nullopt;
  std::string_view digits = cursor.substr(prefix.size());
  if (digits.empty() || digits.size() > 12) return std::nullopt;
  std::size_t n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<std::size_t>(c - '0');
  }
  if (n == 0 || n >= tool_count) return std::nullopt;
  return n;
}

}  // namespace

// How one request is served: statelessly (2026-07-28) or in the legacy session. (Outside the
// unnamed namespace: `call` below has a member of this type.)
struct request_context {
  bool modern = false;
  // 2026-07-28: the request's _meta logLevel (none: no notifications/message).
  std::optional<log_level> level{};
};

// ---- state ---------------------------------------------------------------------------------------

// The catalog being served, with each tool's tools/list entry precomputed. Replaced whole by
// set_catalog() and by loading a category or tools; requests hold the one they started with. In
// lazy mode the entries are the load tool, the tools without a category, those of the loaded
// categories and the tools loaded one by one.
struct served_catalog {
  std::shared_ptr<const tool_catalog> catalog;
  std::vector<value> entries;
  std::uint64_t generation = 0;
  bool lazy = false;
  std::string load_tool;            // its name, when listed (lazy mode, categories present)
  std::vector<std::string> loaded;        // lazy mode: loaded categories, in catalog order
  std::vector<std::string> loaded_tools;  // lazy mode: tools loaded one by one, in catalog order

  served_catalog(std::shared_ptr<const tool_catalog> c, const server_options& options,
                 const std::vector<std::string>& wanted = {}, const std::vector<std::string>& wanted_tools = {})
      : catalog(std::move(c)), lazy(options.lazy_categories) {
    if (!catalog) catalog = std::make_shared<const tool_catalog>();
    if (lazy && !catalog->categories().empty()) {
      load_tool = options.load_tool_name;
      for (const tool_category& cat : catalog->categories())
        if (std::find(wanted.begin(), wanted.end(), cat.name) != wanted.end()) loaded.push_back(cat.name);
      for (const tool& t : catalog->tools())
        if (!t.category.empty() && !is_loaded(t.category) &&
            std::find(wanted_tools.begin(), wanted_tools.end(), t.name) != wanted_tools.end())
          loaded_tools.push_back(t.name);
      entries.push_back(load_tool_entry(*catalog, load_tool));
    }
    const value list = catalog->mcp_tools_list();
    for (const value& entry : list["tools"].as_array()) {
      const tool* t = catalog->find(entry["name"].as_string());
      if (t == nullptr) continue;
      if (!load_tool.empty() && t->name == load_tool) continue;  // hidden by the load tool
      if (lazy && !t->category.empty() && !is_loaded(t->category) && !is_tool_loaded(t->name)) continue;
      value e = entry;
      if (t->output_schema) e.as_object().emplace_back("outputSchema", *t->output_schema);
      if (auto p = options.tool_presentations.find(t->name); p != options.tool_presentations.end())
        present(e.as_object(), p->second);
      entries.push_back(std::move(e));
    }
  }

  // Adds a tool's title, annotations and icons to its tools/list entry.
  static void present(object& entry, const tool_presentation& p) {
    if (!p.title.empty()) entry.emplace_back("title", p.title);
    object hints;
    const auto hint = [&](const char* key, const std::optional<bool>& h) {
      if (h) hints.emplace_back(key, *h);
    };
    hint("readOnlyHint", p.annotations.read_only_hint);
    hint("destructiveHint", p.annotations.destructive_hint);
    hint("idempotentHint", p.annotations.idempotent_hint);
    hint("openWorldHint", p.annotations.open_world_hint);
    if (hints.size() != 0) entry.emplace_back("annotations", std::move(hints));
    if (!p.icons.empty()) {
      array icons;
      for (const icon& i : p.icons) {
        object o;
        o.emplace_back("src", i.src);
        if (!i.mime_type.empty()) o.emplace_back("mimeType", i.mime_type);
        if (!i.sizes.empty()) {
          array sizes;
          for (const std::string& s : i.sizes) sizes.emplace_back(s);
          o.emplace_back("sizes", std::move(sizes));
        }
        if (!i.theme.empty()) o.emplace_back("theme", i.theme);
        icons.emplace_back(std::move(o));
      }
      entry.emplace_back("icons", std::move(icons));
    }
  }

  bool is_loaded(std::string_view category) const {
    return std::find(loaded.begin(), loaded.end(), category) != loaded.end();
  }
  bool is_tool_loaded(std::string_view name) const {
    return std::find(loaded_tools.begin(), loaded_tools.end(), name) != loaded_tools.end();
  }

  // The category summary of the load tool: each category's name, description and tools (their
  // names, separated by spaces), as TOON.
  static std::string lazy_summary(const tool_catalog& catalog) {
    array rows;
    for (const tool_category& cat : catalog.categories()) {
      std::string names;
      for (const tool& t : catalog.tools())
        if (t.category == cat.name) names += (names.empty() ? "" : " ") + t.name;
      object row;
      row.emplace_back("name", cat.name);
      row.emplace_back("description", cat.description);
      row.emplace_back("tools", std::move(names));
      rows.emplace_back(std::move(row));
    }
    object out;
    out.emplace_back("categories", std::move(rows));
    return toon::encode(value(std::move(out)));
  }

  // The load tool's tools/list entry: the category summary (TOON) in its description, the
  // category names as an enum, tool names as an array.
  static value load_tool_entry(const tool_catalog& catalog, const std::string& name) {
    std::string description =
        "Loads the tools of a category, or single tools by name: they are added to the tool list "
        "(notifications/tools/list_changed follows) and returned as a TOON table. Categories:\n";
    description += lazy_summary(catalog);
    while (!description.empty() && description.back() == '\n') description.pop_back();
    array names;
    for (const tool_category& cat : catalog.categories()) names.emplace_back(cat.name);
    object category;
    category.emplace_back("type", "string");
    category.emplace_back("enum", std::move(names));
    category.emplace_back("description", "The name of the category to load");
    object tool_names;
    tool_names.emplace_back("type", "array");
    tool_names.emplace_back("items", object{{"type", "string"}});
    tool_names.emplace_back("minItems", 1);
    tool_names.emplace_back("description", "Names of single tools to load, instead of a category");
    object properties;
    properties.emplace_back("category", std::move(category));
    properties.emplace_back("tools", std::move(tool_names));
    object schema;
    schema.emplace_back("type", "object");
    schema.emplace_back("properties", std::move(properties));
    schema.emplace_back("additionalProperties", false);
    object entry;
    entry.emplace_back("name", name);
    entry.emplace_back("description", std::move(description));
    entry.emplace_back("inputSchema", std::move(schema));
    return entry;
  }
};

// A 2026-07-28 subscriptions/listen stream, open until the client cancels it.
struct subscription {
  value id;
  bool tools_list_changed = false;  // honoured (requested and enabled)
};

// A request the server sent the client (call_context::request), until its answer arrives.
struct client_request {
  bool done = false;
  value result;          // the answer's result, when done without error
  std::optional<value> error;  // the answer's error object
};

// One tools/call between its arrival and its end (response, cancellation or timeout).
struct call {
  value id;
  std::string key;  // the id as JSON, for lookups
  std::shared_ptr<const served_catalog> source;  // keeps `target` alive
  const tool* target = nullptr;
  value arguments;
  request_context context;
  bool started = false;
  bool finished = false;  // answered, cancelled, or given up: no (further) response
  bool abandoned = false;
  bool returned = false;  // the handler has returned (its response may be being written)
  bool timed_out = false;  // its stop token fired at call_timeout; `deadline` is then the end of stop_grace
  bool holds_slot = false;  // abandoned beyond max_abandoned_calls: keeps its slot until it returns
  // call_context::defer(): the handler answers later through complete_deferred().
  bool deferred = false;
  bool awaiting = false;   // deferred, the handler returned, the answer not yet given (counted in deferred_open)
  bool completed = false;  // the deferred answer was given
  bool on_reader = false;  // a nonblocking tool run on the reading thread (never abandoned: not a pool thread)
  std::optional<toon::call_result> early;  // ... before the handler returned
  std::chrono::steady_clock::time_point deadline{};
  std::shared_ptr<call_context::state> ctx;  // what the handler's call_context shows
};

struct server::state : std::enable_shared_from_this<server::state> {
  server_options options;
  message_sink sink;
  routed_message_sink routed;  // instead of `sink` when set
  std::mutex write_mutex;

  mutable std::mutex catalog_mutex;
  std::shared_ptr<const served_catalog> served;

  // A legacy session was opened by initialize (only the reading thread uses it), with the
  // client's clientInfo, capabilities and the negotiated version.
  bool initialized = false;
  value session_client_info;
  value session_client_capabilities = object{};
  std::string session_version;
  // The level of logging/setLevel (-1: none yet, nothing is sent); read by handler threads.
  std::atomic<int> session_log_level{-1};
  // ... and notifications/initialized arrived: list_changed may be sent to it.
  std::atomic<bool> session_ready{false};

  // Open subscriptions/listen streams by id (as JSON). Held while announcing, so that a
  // stream's acknowledgement always precedes its notifications.
  std::mutex notify_mutex;
  std::map<std::string, subscription> subscriptions;
  // URIs the legacy session subscribed to (resources/subscribe), under notify_mutex.
  std::set<std::string, std::less<>> resource_subscriptions;

  // Calls. `running` counts started calls not abandoned and not ended.
  mutable std::mutex mutex;
  std::condition_variable changed;
  std::map<std::string, std::shared_ptr<call>> calls;
  std::deque<std::shared_ptr<call>> queue;
  std::size_t running = 0;  // slots taken, abandoned handlers keeping theirs included
  std::size_t abandoned = 0;
  std::size_t abandoned_running = 0;  // abandoned handlers that have not returned yet
  std::size_t held_slots = 0;         // ... of which keep their slot (max_abandoned_calls reached)
  std::size_t completed = 0, cancelled = 0, timed_out = 0;
  std::size_t workers = 0;  // pool threads, those running abandoned handlers excluded
  std::size_t idle = 0;     // pool threads waiting for a call
  std::size_t deferred_open = 0;  // calls awaiting their deferred answer (call::awaiting)
  std::map<call*, std::shared_ptr<call>> active;  // started calls whose handler has not returned
  // Requests to the client waiting for their answer, by id (as JSON); guarded by `mutex`,
  // answered through `changed`.
  std::map<std::string, std::shared_ptr<client_request>> client_requests;
  std::uint64_t next_client_request = 0;
  bool stopping = false;
  std::thread watchdog;
  // The watchdog waits on a condition of its own, woken only when a call starts with a deadline
  // before the one it sleeps until (`watch_until`), or when the server stops: the many
  // notifications of `changed` (each call's start and end) would otherwise wake it every time.
  std::condition_variable watch_cv;
  std::chrono::steady_clock::time_point watch_until = std::chrono::steady_clock::time_point::max();

  state(std::shared_ptr<const tool_catalog> c, server_options o, message_sink s)
      : options(std::move(o)), sink(std::move(s)), served(std::make_shared<const served_catalog>(std::move(c), options)) {}

  // Whether changes of the tool list are announced (and tools.listChanged advertised).
  bool announces() const { return options.tools_list_changed || options.lazy_categories; }

  std::shared_ptr<const served_catalog> current() const {
    std::lock_guard<std::mutex> lock(catalog_mutex);
    return served;
  }

  void set_catalog(std::shared_ptr<const tool_catalog> c) {
    {
      std::lock_guard<std::mutex> lock(catalog_mutex);
      auto next = std::make_shared<served_catalog>(std::move(c), options, served->loaded, served->loaded_tools);
      next->generation = served->generation + 1;
      served = std::move(next);
    }
    if (announces()) announce_tools_changed();
  }

  // Lazy mode: adds `category` to the loaded ones. The catalog that has it, or null when
  // there is no such category or it was loaded already (nothing changes then).
  std::shared_ptr<const tool_catalog> load(std::string_view category) {
    std::shared_ptr<const tool_catalog> catalog;
    {
      std::lock_guard<std::mutex> lock(catalog_mutex);
      if (served->load_tool.empty() || served->catalog->find_category(category) == nullptr ||
          served->is_loaded(category))
        return nullptr;
      std::vector<std::string> wanted = served->loaded;
      wanted.emplace_back(category);
      auto next = std::make_shared<served_catalog>(served->catalog, options, wanted, served->loaded_tools);
      next->generation = served->generation + 1;
      catalog = next->catalog;
      served = std::move(next);
    }
    announce_tools_changed();
    return catalog;
  }

  // Lazy mode: adds the tools `names` (known, with a category) to the list. The catalog that
  // has them and how many were not listed before; null when none was added (nothing changes).
  std::shared_ptr<const tool_catalog> load_tools(const std::vector<std::string>& names, std::size_t& added) {
    std::shared_ptr<const tool_catalog> catalog;
    added = 0;
    {
      std::lock_guard<std::mutex> lock(catalog_mutex);
      if (served->load_tool.empty()) return nullptr;
      std::vector<std::string> wanted = served->loaded_tools;
      for (const std::string& n : names) {
        const tool* t = served->catalog->find(n);
        if (t == nullptr || t->category.empty() || served->is_loaded(t->category) || served->is_tool_loaded(n) ||
            std::find(wanted.begin(), wanted.end(), n) != wanted.end())
          continue;
        wanted.push_back(n);
        ++added;
      }
      if (added == 0) return nullptr;
      auto next = std::make_shared<served_catalog>(served->catalog, options, served->loaded, wanted);
      next->generation = served->generation + 1;
      catalog = next->catalog;
      served = std::move(next);
    }
    announce_tools_changed();
    return catalog;
  }

  bool resource_updated(std::string_view uri) {
    std::lock_guard<std::mutex> lock(notify_mutex);
    if (!session_ready.load() || resource_subscriptions.find(uri) == resource_subscriptions.end()) return false;
    object params;
    params.emplace_back("uri", std::string(uri));
    object n;
    n.emplace_back("jsonrpc", "2.0");
    n.emplace_back("method", "notifications/resources/updated");
    n.emplace_back("params", std::move(params));
    send(n);
    return true;
  }

  void announce_tools_changed() {
    std::lock_guard<std::mutex> lock(notify_mutex);
    if (session_ready.load()) {
      object n;
      n.emplace_back("jsonrpc", "2.0");
      n.emplace_back("method", "notifications/tools/list_changed");
      send(n);
    }
    for (const auto& [key, sub] : subscriptions) {
      if (!sub.tools_list_changed) continue;
      send(subscription_notification("notifications/tools/list_changed", sub.id, object{}));
    }
  }

  // A notification on a subscriptions/listen stream: params._meta names the stream.
  static value subscription_notification(std::string_view method, const value& id, object params) {
    object meta;
    meta.emplace_back(std::string(meta_subscription_id), id);
    object p;
    p.emplace_back("_meta", std::move(meta));
    for (auto& m : params) p.emplace_back(m.key, std::move(m.value));
    object n;
    n.emplace_back("jsonrpc", "2.0");
    n.emplace_back("method", std::string(method));
    n.emplace_back("params", std::move(p));
    return n;
  }

  void log(std::string_view message) const {
    if (options.log) options.log(message);
  }

  void send(const value& message) {
    std::string text = to_json(message);
    std::lock_guard<std::mutex> lock(write_mutex);
    if (routed) {
      // A response relates to its own request; anything else sent here to none.
      const value* id = message.is_object() && message.find("method") == nullptr ? message.find("id") : nullptr;
      routed(text, id != nullptr ? *id : null_id(), id != nullptr);
    } else if (sink) {
      sink(text);
    }
  }

  static const value& null_id() {
    static const value none;
    return none;
  }

  // ---- results -------------------------------------------------------------------------------

  value server_info() const {
    object info;
    info.emplace_back("name", options.info.name);
    if (!options.info.title.empty()) info.emplace_back("title", options.info.title);
    info.emplace_back("version", options.info.version);
    return info;
  }

  // A 2026-07-28 result: resultType first, serverInfo in _meta.
  value complete_result(object fields, bool cacheable) const {
    object out;
    out.emplace_back("resultType", "complete");
    object meta;  // a `_meta` of the fields (a method handler's result) is kept, serverInfo added
    for (auto& m : fields) {
      if (m.key == "_meta" && m.value.is_object()) meta = std::move(m.value.as_object());
      else if (m.key != "resultType" && m.key != "_meta" && (!cacheable || (m.key != "ttlMs" && m.key != "cacheScope")))
        out.emplace_back(m.key, std::move(m.value));
    }
    if (cacheable) {
      out.emplace_back("ttlMs", std::max<std::int64_t>(options.ttl_ms, 0));
      out.emplace_back("cacheScope", options.cache_scope == "private" ? "private" : "public");
    }
    if (meta.find(meta_server_info) == nullptr) meta.emplace_back(std::string(meta_server_info), server_info());
    out.emplace_back("_meta", std::move(meta));
    return out;
  }

  // A 2026-07-28 `input_required` result when the handler asked the client for something this
  // attempt carried no answer to (call_context::request): the requests, and in `requestState`
  // the answers received so far, which the client echoes with the retried request. The state
  // holds only the client's own answers, which it could as well send in `inputResponses`, so it
  // needs no integrity protection; nothing of the server's is in it.
  std::optional<value> input_required_result(call_context::state& ctx) const {
    if (!ctx.multi_round) return std::nullopt;  // a session's call: nothing to collect, no lock
    std::lock_guard<std::mutex> lock(ctx.input_mutex);
    if (ctx.input_requests.empty()) return std::nullopt;
    object out;
    out.emplace_back("resultType", "input_required");
    out.emplace_back("inputRequests", std::move(ctx.input_requests));
    ctx.input_requests = object{};
    if (ctx.input_responses.is_object() && !ctx.input_responses.as_object().empty())
      out.emplace_back("requestState", to_json(ctx.input_responses));
    object meta;
    meta.emplace_back(std::string(meta_server_info), server_info());
    out.emplace_back("_meta", std::move(meta));
    return value(std::move(out));
  }

  value finish_result(object fields, const request_context& ctx, bool cacheable) const {
    if (ctx.modern) return complete_result(std::move(fields), cacheable);
    return fields;
  }

  value capabilities() const {
    object tools;
    tools.emplace_back("listChanged", announces());
    object caps;
    caps.emplace_back("tools", std::move(tools));
    caps.emplace_back("logging", object{});  // logging/setLevel; handlers log through call_context
    if (options.extra_capabilities.is_object())
      for (const auto& m : options.extra_capabilities.as_object())
        if (m.key != "tools" && m.key != "logging") caps.emplace_back(m.key, m.value);
    if (options.resources_subscribe) {
      value* resources = caps.find("resources");
      if (resources == nullptr || !resources->is_object()) {
        if (resources == nullptr) resources = &caps.emplace_back("resources", object{});
        else *resources = object{};
      }
      if (value* sub = resources->as_object().find("subscribe")) *sub = true;
      else resources->as_object().emplace_back("subscribe", true);
    }
    return caps;
  }

  value supported_versions_value() const {
    array a;
    for (const std::string& v : supported_protocol_versions()) a.emplace_back(v);
    return a;
  }

  value call_tool_result(const toon::call_result& r, const request_context& ctx) const {
    object fields;
    if (r.content) {
      fields.emplace_back("content", *r.content);
    } else {
      object item;
      item.emplace_back("type", "text");
      const bool json_text = options.structured_text == structured_text_format::json && !r.is_error() && r.structured;
      item.emplace_back("text", json_text ? to_json(*r.structured) : r.text);
      fields.emplace_back("content", array{value(std::move(item))});
    }
    if (!r.is_error() && r.structured) fields.emplace_back("structuredContent", *r.structured);
    fields.emplace_back("isError", r.is_error());
    return finish_result(std::move(fields), ctx, false);
  }

  // ---- requests ------------------------------------------------------------------------------

  // The era of a request: modern when params._meta names a protocol version (checked), legacy
  // in an initialized session; otherwise the request is missing its _meta.
  request_context context_of(const value* params, std::string_view method) const {
    const value* meta = params != nullptr ? params->find("_meta") : nullptr;
    const value* version = meta != nullptr && meta->is_object() ? meta->find(meta_protocol_version) : nullptr;
    if (version != nullptr) {
      if (!version->is_string())
        throw rpc_failure{invalid_params, "Invalid params: _meta[\"" + std::string(meta_protocol_version) + "\"] must be a string"};
      if (!is_modern_version(version->as_string())) {
        object data;
        data.emplace_back("supported", supported_versions_value());
        data.emplace_back("requested", version->as_string());
        throw rpc_failure{unsupported_protocol_version, "Unsupported protocol version", value(std::move(data))};
      }
      const value* caps = meta->find(meta_client_capabilities);
      if (caps == nullptr || !caps->is_object())
        throw rpc_failure{invalid_params, "Invalid params: _meta[\"" + std::string(meta_client_capabilities) +
                                              "\"] (an object) is required with protocol version " +
                                              version->as_string()};
      request_context ctx{true};
      if (const value* level = meta->find(meta_log_level); level != nullptr) {
        ctx.level = level->is_string() ? parse_log_level(level->as_string()) : std::nullopt;
        if (!ctx.level)
          throw rpc_failure{invalid_params, "Invalid params: _meta[\"" + std::string(meta_log_level) +
                                                "\"] must be a log level: debug, info, notice, warning, error, "
                                                "critical, alert or emergency"};
      }
      return ctx;
    }
    if (initialized) return request_context{false};
    throw rpc_failure{invalid_params, "Invalid params: " + std::string(method) + " needs _meta[\"" +
                                          std::string(meta_protocol_version) +
                                          "\"] (protocol 2026-07-28), or an initialize request first"};
  }

  value initialize(const value* params) {
    const value* requested = params != nullptr ? params->find("protocolVersion") : nullptr;
    if (requested == nullptr || !requested->is_string())
      throw rpc_failure{invalid_params, "Invalid params: initialize needs \"protocolVersion\" (a string)"};
    std::string version = is_legacy_version(requested->as_string()) ? requested->as_string()
                                                                     : std::string(protocol_2025_11_25);
    initialized = true;
    session_version = version;
    const value* client = params->find("clientInfo");
    session_client_info = client != nullptr && client->is_object() ? *client : value();
    const value* caps = params->find("capabilities");
    session_client_capabilities = caps != nullptr && caps->is_object() ? *caps : value(object{});
    object out;
    out.emplace_back("protocolVersion", version);
    out.emplace_back("capabilities", capabilities());
    out.emplace_back("serverInfo", server_info());
    if (!options.instructions.empty()) out.emplace_back("instructions", options.instructions);
    return out;
  }

  value discover(const value* params) {
    request_context ctx = context_of(params, "server/discover");
    if (!ctx.modern)
      throw rpc_failure{invalid_params, "Invalid params: server/discover needs _meta[\"" +
                                            std::string(meta_protocol_version) + "\"]"};
    object fields;
    fields.emplace_back("supportedVersions", supported_versions_value());
    fields.emplace_back("capabilities", capabilities());
    if (!options.instructions.empty()) fields.emplace_back("instructions", options.instructions);
    return complete_result(std::move(fields), true);
  }

  value list_tools(const value* params) {
    request_context ctx = context_of(params, "tools/list");
    const std::shared_ptr<const served_catalog> source = current();
    const std::vector<value>& tool_entries = source->entries;
    std::size_t offset = 0;
    if (const value* cursor = params != nullptr ? params->find("cursor") : nullptr; cursor != nullptr && !cursor->is_null()) {
      std::optional<std::size_t> o = cursor->is_string()
                                         ? offset_of(cursor->as_string(), source->generation, tool_entries.size())
                                         : std::nullopt;
      if (!o) throw rpc_failure{invalid_params, "Invalid params: invalid cursor"};
      offset = *o;
    }
    std::size_t page = options.page_size == 0 ? tool_entries.size() : options.page_size;
    std::size_t end = std::min(tool_entries.size(), offset + page);
    array tools(tool_entries.begin() + static_cast<std::ptrdiff_t>(offset),
                tool_entries.begin() + static_cast<std::ptrdiff_t>(end));
    object fields;
    fields.emplace_back("tools", std::move(tools));
    if (end < tool_entries.size()) fields.emplace_back("nextCursor", cursor_of(source->generation, end));
    return finish_result(std::move(fields), ctx, true);
  }

  // Validates a tools/call and queues it; the response comes from its thread.
  void call_tool(const value& id, const value* params) {
    request_context ctx = context_of(params, "tools/call");
    const value* name = params->find("name");
    if (name == nullptr || !name->is_string())
      throw rpc_failure{invalid_params, "Invalid params: tools/call needs \"name\" (a string)"};
    const value* arguments = params->find("arguments");
    if (arguments != nullptr && !arguments->is_object() && !arguments->is_null())
      throw rpc_failure{invalid_params, "Invalid params: tools/call \"arguments\" must be an object"};
    std::shared_ptr<const served_catalog> source = current();
    if (!source->load_tool.empty() && name->as_string() == source->load_tool) {
      send(jsonrpc::result_response(id, call_tool_result(load_tool_call(*source, arguments), ctx)));
      return;
    }
    const tool* t = source->catalog->find(name->as_string());
    if (t == nullptr) {
      toon::call_result unknown = source->catalog->call(name->as_string(), value());  // the catalog's message
      throw rpc_failure{invalid_params, unknown.text};
    }
    auto c = std::make_shared<call>();
    c->id = id;
    c->key = to_json(id);
    if (subscribed(c->key))
      throw rpc_failure{invalid_request, "Invalid Request: request id " + c->key + " is already in use"};
    c->source = std::move(source);
    c->target = t;
    c->arguments = arguments != nullptr ? *arguments : value();
    c->context = ctx;
    c->ctx = make_call_context(c, params);
    std::unique_lock<std::mutex> lock(mutex);
    if (calls.count(c->key) != 0)
      throw rpc_failure{invalid_request, "Invalid Request: request id " + c->key + " is already in use"};
    // A full queue: wait for room (back-pressure: the caller reads no further input meanwhile).
    // Each request to the client that a running handler awaits widens the room by one: its
    // answer is still to be read, and a reader blocked here could not read it (the handler and
    // the reader would wait for each other until the request timed out). Bounded by
    // max_queued_calls + max_client_requests.
    // Calls awaiting a deferred answer hold no slot; at max_deferred_calls of them the reader
    // waits too, until one is answered.
    const std::size_t room = std::max<std::size_t>(options.max_queued_calls, 1);
    const std::size_t deferred_room = std::max<std::size_t>(options.max_deferred_calls, 1);
    changed.wait(lock, [&] {
      return (queue.size() < room + client_requests.size() && deferred_open < deferred_room) || stopping;
    });
    calls.emplace(c->key, c);
    if (c->target->nonblocking && queue.empty() && running < slots()) {  // run here: no hand-over
      c->on_reader = true;
      begin_locked(c);
      lock.unlock();
      (void)execute(c);
      return;
    }
    queue.push_back(std::move(c));
    start_queued(lock);
  }

  // The context a handler of call `c` sees: identity from the session or the request's _meta,
  // the progress token, notifications sent only while the call is not over.
  std::shared_ptr<call_context::state> make_call_context(const std::shared_ptr<call>& call_ptr, const value* params) {
    const call& c = *call_ptr;
    auto ctx = std::make_shared<call_context::state>();
    ctx->id = c.id;
    ctx->tool = c.target->name;
    const value* meta = params->find("_meta");
    if (meta != nullptr && !meta->is_object()) meta = nullptr;
    if (c.context.modern) {
      ctx->protocol_version = std::string(protocol_2026_07_28);
      const value* client = meta->find(meta_client_info);
      if (client != nullptr && client->is_object()) ctx->client_info = *client;
      ctx->client_capabilities = *meta->find(meta_client_capabilities);  // checked by context_of
      // Multi round-trip requests: the answers of earlier attempts (requestState, as this server
      // wrote it) and of the last one (inputResponses), the latter winning.
      ctx->multi_round = true;
      object answers;
      if (const value* carried = params->find("requestState"); carried != nullptr) {
        result<value> earlier = from_json(carried->is_string() ? carried->as_string() : std::string_view());
        if (!carried->is_string() || !earlier || !earlier->is_object())
          throw rpc_failure{invalid_params, "Invalid params: requestState is not one this server wrote (a JSON object of earlier answers)"};
        answers = std::move(earlier->as_object());
      }
      if (const value* given = params->find("inputResponses"); given != nullptr) {
        if (!given->is_object()) throw rpc_failure{invalid_params, "Invalid params: inputResponses must be an object"};
        for (const auto& m : given->as_object()) answers.insert_or_assign(m.key, m.value);
      }
      ctx->input_responses = std::move(answers);
      ctx->level = [level = c.context.level] { return level; };
    } else {
      ctx->protocol_version = session_version;
      ctx->client_info = session_client_info;
      ctx->client_capabilities = session_client_capabilities;
      ctx->level = [weak = weak_from_this()]() -> std::optional<log_level> {
        auto self = weak.lock();
        const int level = self ? self->session_log_level.load() : -1;
        if (level < 0) return std::nullopt;
        return static_cast<log_level>(level);
      };
    }
    if (const value* token = meta != nullptr ? meta->find("progressToken") : nullptr; token != nullptr) {
      if (!jsonrpc::valid_id(*token))
        throw rpc_failure{invalid_params, "Invalid params: _meta.progressToken must be a string or an integer"};
      ctx->progress_token = *token;
    }
    ctx->send = [weak = weak_from_this(), weak_call = std::weak_ptr<call>(call_ptr)](const value& message) {
      auto self = weak.lock();
      auto c = weak_call.lock();
      return self && c && self->send_for_call(*c, message);
    };
    ctx->defer = [weak = weak_from_this(), weak_call = std::weak_ptr<call>(call_ptr)] {
      auto self = weak.lock();
      auto c = weak_call.lock();
      if (!self || !c) return false;
      std::lock_guard<std::mutex> lock(self->mutex);
      if (c->finished || c->returned || c->deferred) return false;
      c->deferred = true;
      return true;
    };
    ctx->complete = [weak = weak_from_this(), weak_call = std::weak_ptr<call>(call_ptr)](toon::call_result r) {
      auto self = weak.lock();
      auto c = weak_call.lock();
      if (self && c) self->complete_deferred(c, std::move(r));
    };
    if (!c.context.modern) {  // 2026-07-28 is stateless: no server-to-client requests on stdio
      ctx->ask = [weak = weak_from_this(), weak_call = std::weak_ptr<call>(call_ptr)](
                     std::string_view method, const value& params, std::chrono::milliseconds timeout) -> result<value> {
        auto self = weak.lock();
        auto c = weak_call.lock();
        if (!self || !c) return request_error(error_code::protocol_error, "the call is over");
        return self->ask_client(*c, method, params, timeout);
      };
    }
    return ctx;
  }

  static result<value> request_error(error_code code, std::string message) {
    error e;
    e.code = code;
    e.message = std::move(message);
    return e;
  }

  // Sends request `method` to the client for call `c` and waits for the answer (see
  // call_context::request).
  result<value> ask_client(call& c, std::string_view method, const value& params, std::chrono::milliseconds timeout) {
    std::stop_token stop = c.ctx->stop.get_token();
    if (stop.stop_requested()) return request_error(error_code::protocol_error, "the call was stopped");
    auto pending = std::make_shared<client_request>();
    value id;
    std::string key;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (client_requests.size() >= options.max_client_requests)
        return request_error(error_code::protocol_error,
                             "too many requests to the client pending (max_client_requests " +
                                 std::to_string(options.max_client_requests) + ")");
      id = "toon-mcp-" + std::to_string(++next_client_request);
      key = to_json(id);
      client_requests.emplace(key, pending);
      changed.notify_all();  // a reader waiting for queue room may read on (call_tool)
    }
    auto forget = [&] {
      std::lock_guard<std::mutex> lock(mutex);
      client_requests.erase(key);
    };
    object message;
    message.emplace_back("jsonrpc", "2.0");
    message.emplace_back("id", id);
    message.emplace_back("method", std::string(method));
    message.emplace_back("params", params);
    if (!send_for_call(c, message)) {
      forget();
      return request_error(error_code::protocol_error, "the call is over: " + std::string(method) + " not sent");
    }
    bool answered = false;
    {
      // Wakes the wait below when the call is stopped (under the lock: no lost wake-up). Made
      // and destroyed without the lock held, since it may run at once or be running.
      std::stop_callback on_stop(stop, [&] {
        std::lock_guard<std::mutex> lock(mutex);
        changed.notify_all();
      });
      std::unique_lock<std::mutex> lock(mutex);
      auto until = std::chrono::steady_clock::now() + std::max(timeout, std::chrono::milliseconds(0));
      changed.wait_until(lock, until, [&] { return pending->done || stop.stop_requested(); });
      answered = pending->done;
      client_requests.erase(key);
    }
    if (!answered) {
      const bool stopped = stop.stop_requested();
      object p;
      p.emplace_back("requestId", id);
      p.emplace_back("reason", stopped ? "the tool call was stopped" : "timed out");
      object n;
      n.emplace_back("jsonrpc", "2.0");
      n.emplace_back("method", "notifications/cancelled");
      n.emplace_back("params", std::move(p));
      send(n);
      if (stopped) return request_error(error_code::protocol_error, "the call was stopped while " + std::string(method) + " was pending");
      return request_error(error_code::timeout, std::string(method) + ": no answer from the client within " +
                                                    std::to_string(timeout.count()) + " ms");
    }
    if (pending->error) {
      const value* code = pending->error->is_object() ? pending->error->find("code") : nullptr;
      const value* text = pending->error->is_object() ? pending->error->find("message") : nullptr;
      return request_error(error_code::remote_error,
                           std::string(method) + ": the client answered with error " +
                               (code != nullptr && code->is_number() ? to_json(*code) : std::string("?")) +
                               (text != nullptr && text->is_string() ? ": " + text->as_string() : std::string()));
    }
    return std::move(pending->result);
  }

  // A response from the client: completes the request it answers; others are ignored.
  void client_answered(const value& msg) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = client_requests.find(to_json(msg["id"]));
    if (it == client_requests.end()) return;  // unknown, or given up already
    const value* error = msg.find("error");
    const value* result = msg.find("result");
    if (error != nullptr) it->second->error = *error;
    else if (result != nullptr && result->is_object()) it->second->result = *result;
    else it->second->error = value(object{{"code", internal_error}, {"message", "the result is not an object"}});
    it->second->done = true;
    changed.notify_all();
  }

  // Sends a notification of the running call `key` unless it is over: under the write lock, so
  // that it is written before the call's response (or dropped once the call was answered,
  // cancelled or timed out).
  bool send_for_call(const call& c, const value& message) {
    std::string text = to_json(message);
    std::lock_guard<std::mutex> write(write_mutex);
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (c.finished || !c.started || (c.returned && !c.awaiting)) return false;
    }
    if (routed) routed(text, c.id, false);
    else if (sink) sink(text);
    return true;
  }

  // A call of the load tool, answered at once on the reading thread: loads the category or the
  // tools (the list_changed notification goes out before this result) and returns their tools
  // table.
  toon::call_result load_tool_call(const served_catalog& source, const value* arguments) {
    toon::call_result r;
    const tool_catalog& catalog = *source.catalog;
    std::string names;
    for (const tool_category& cat : catalog.categories()) names += (names.empty() ? "" : ", ") + cat.name;
    const bool is_object = arguments != nullptr && arguments->is_object();
    const value* category = is_object ? arguments->find("category") : nullptr;
    const value* tools = is_object ? arguments->find("tools") : nullptr;
    std::string unexpected;
    if (is_object)
      for (const auto& m : arguments->as_object())
        if (m.key != "category" && m.key != "tools") unexpected += (unexpected.empty() ? "" : ", ") + m.key;
    bool tools_ok = tools != nullptr && tools->is_array() && !tools->as_array().empty();
    if (tools_ok)
      for (const value& n : tools->as_array()) tools_ok = tools_ok && n.is_string();
    const auto invalid = [&](const std::string& why) {
      r.status = call_status::invalid_arguments;
      r.text = "invalid arguments for " + source.load_tool + ": " + why + "; categories: " + names;
      return r;
    };
    if (!unexpected.empty()) return invalid("unknown argument " + unexpected);
    if ((category == nullptr) == (tools == nullptr))
      return invalid("either \"category\" (a string) or \"tools\" (an array of tool names) is required");
    if (tools != nullptr) {
      if (!tools_ok) return invalid("\"tools\" must be a non-empty array of tool names");
      std::vector<std::string> wanted;
      std::string unknown;
      for (const value& n : tools->as_array()) {
        const tool* t = catalog.find(n.as_string());
        if (t == nullptr || t->category.empty() || n.as_string() == source.load_tool)
          unknown += (unknown.empty() ? "\"" : ", \"") + n.as_string() + "\"";
        else if (std::find(wanted.begin(), wanted.end(), t->name) == wanted.end())
          wanted.push_back(t->name);
      }
      if (!unknown.empty()) return invalid("unknown tool " + unknown + " (a tool of a category)");
      std::size_t added = 0;
      std::shared_ptr<const tool_catalog> loaded = load_tools(wanted, added);
      const tool_catalog& now = loaded ? *loaded : catalog;
      // The rows of the loaded tools, in catalog order.
      value table = now.tools_table_value();
      array rows;
      for (const value& row : table["tools"].as_array())
        if (std::find(wanted.begin(), wanted.end(), row["name"].as_string()) != wanted.end()) rows.push_back(row);
      object out;
      out.emplace_back("tools", std::move(rows));
      const std::string count = std::to_string(wanted.size()) + (wanted.size() == 1 ? " tool" : " tools");
      r.text = added == wanted.size() ? "Loaded " + count + " into the tool list.\n"
               : added == 0             ? "Already in the tool list: " + count + ".\n"
                                        : "Loaded " + std::to_string(added) + " of " + count +
                                  " into the tool list (the others were there already).\n";
      r.text += toon::encode(value(std::move(out)));
      while (!r.text.empty() && r.text.back() == '\n') r.text.pop_back();
      return r;
    }
    if (!category->is_string()) return invalid("\"category\" must be a string");
    const std::string& wanted = category->as_string();
    if (catalog.find_category(wanted) == nullptr) return invalid("unknown category \"" + wanted + "\"");
    std::shared_ptr<const tool_catalog> loaded = load(wanted);
    const tool_catalog& now = loaded ? *loaded : catalog;
    const std::size_t count = now.tool_count(wanted);
    r.text = (loaded ? "Loaded category " : "Category ") + wanted + (loaded ? ": " : " was already loaded: ") +
             std::to_string(count) + (count == 1 ? " tool" : " tools") + " in the tool list.\n" +
             now.tools_table(wanted);
    while (!r.text.empty() && r.text.back() == '\n') r.text.pop_back();
    return r;
  }

  // ---- call execution ------------------------------------------------------------------------

  bool has_timeout() const { return options.call_timeout.count() > 0; }
  std::size_t slots() const { return std::max<std::size_t>(options.max_concurrent_calls, 1); }

  // Wakes or starts pool workers for the queued calls that can start now (mutex held).
  void start_queued(std::unique_lock<std::mutex>&) {
    const std::size_t free_slots = running < slots() ? slots() - running : 0;
    const std::size_t startable = std::min(queue.size(), free_slots);
    while (idle + spawning < startable && workers < slots()) {
      ++workers;
      ++spawning;
      try {
        std::thread([self = shared_from_this()] { self->work(); }).detach();
      } catch (const std::exception& e) {  // no thread to be had: the queued calls wait for a worker
        --workers;
        --spawning;
        log(std::string("cannot start a worker thread: ") + e.what());
        break;
      }
    }
    changed.notify_all();
  }
  std::size_t spawning = 0;  // workers started that have not reached their loop yet

  // A pool worker: runs queued calls while slots are free; ends when the server stops.
  void work() {
    std::unique_lock<std::mutex> lock(mutex);
    --spawning;
    for (;;) {
      ++idle;
      changed.wait(lock, [&] { return stopping || (!queue.empty() && running < slots()); });
      --idle;
      if (queue.empty() || running >= slots()) break;  // stopping
      std::shared_ptr<call> c = std::move(queue.front());
      queue.pop_front();
      begin_locked(c);
      changed.notify_all();  // the reader sees queue room
      lock.unlock();
      const bool was_abandoned = execute(c);
      c.reset();
      lock.lock();
      if (was_abandoned) {  // this thread left the pool when its handler was abandoned
        if (stopping || workers >= slots()) {
          changed.notify_all();
          return;
        }
        ++workers;  // rejoins the pool, which is short of a worker
      }
    }
    --workers;
    changed.notify_all();
  }

  // Call `c` starts (mutex held): it takes a slot, gets its deadline, and the watchdog knows it.
  void begin_locked(const std::shared_ptr<call>& c) {
    c->started = true;
    if (has_timeout()) c->deadline = std::chrono::steady_clock::now() + options.call_timeout;
    ++running;
    active.emplace(c.get(), c);
    if (has_timeout() && !watchdog.joinable()) {
      try {
        watchdog = std::thread([self = shared_from_this()] { self->watch(); });
      } catch (const std::exception& e) {  // no thread to be had: tried again with the next call
        log(std::string("cannot start the timeout watchdog: ") + e.what());
      }
    }
    if (has_timeout() && c->deadline < watch_until) watch_cv.notify_one();  // an earlier deadline
  }

  // Runs call `c` and answers it; true when it was abandoned meanwhile (then nothing is sent).
  bool execute(const std::shared_ptr<call>& c) {
    toon::call_result r;
    try {
      call_context context(c->ctx);
      r = c->source->catalog->call(c->target->name, c->arguments, context);
    } catch (const std::exception& e) {  // allocation failures and the like; handlers' are caught
      r.status = call_status::tool_failed;
      r.text = std::string("tool ") + c->target->name + " failed: " + e.what();
    } catch (...) {
      r.status = call_status::tool_failed;
      r.text = "tool " + c->target->name + " failed: unknown exception";
    }
    std::optional<value> response;
    {
      std::unique_lock<std::mutex> lock(mutex);
      c->returned = true;
      if (c->deferred && !c->completed && !c->abandoned) {
        // Answered later (complete_deferred): the slot and the worker are free now; the call
        // stays in `active` (call_timeout) and in `calls` (cancellation).
        c->awaiting = true;
        ++deferred_open;
        --running;
        start_queued(lock);
        return false;
      }
      if (c->deferred && c->early) r = std::move(*c->early);  // completed before the handler returned
      active.erase(c.get());
      if (c->abandoned) {  // given up after its timeout: already answered
        --abandoned_running;
        if (c->holds_slot) {
          c->holds_slot = false;
          --held_slots;
          --running;
          start_queued(lock);
        }
        log("abandoned handler of tool " + c->target->name + " (request " + c->key + ") returned");
        changed.notify_all();
        return true;
      }
      if (!c->finished) {
        c->finished = true;
        response = answer_message(*c, r);
      }
    }
    // Written before the call counts as ended, so that wait_idle() implies "answered".
    if (response) send(*response);
    std::unique_lock<std::mutex> lock(mutex);
    if (auto it = calls.find(c->key); it != calls.end() && it->second == c) calls.erase(it);
    if (response) ++completed;
    --running;
    start_queued(lock);
    return false;
  }

  // The response to call `c` whose handler gave `r`: input_required when the handler asked the
  // client (2026-07-28 multi round-trip requests), else its result.
  value answer_message(const call& c, const toon::call_result& r) {
    try {
      std::optional<value> input = input_required_result(*c.ctx);
      return jsonrpc::result_response(c.id, input ? std::move(*input) : call_tool_result(r, c.context));
    } catch (const std::exception& e) {
      return jsonrpc::error_response(c.id, internal_error, std::string("Internal error: ") + e.what());
    }
  }

  // The deferred answer `r` of call `c` (call_context::defer): kept for execute() when the
  // handler has not returned yet, else sent now unless the call is over (cancelled, timed out).
  void complete_deferred(const std::shared_ptr<call>& c, toon::call_result r) {
    std::optional<value> response;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!c->deferred || c->completed) return;
      c->completed = true;
      if (!c->returned) {
        c->early = std::move(r);
        return;
      }
      if (!c->awaiting) return;  // abandoned: answered at its timeout already
      if (!c->finished) {
        c->finished = true;
        response = answer_message(*c, r);
      }
    }
    // Written before the call counts as ended, so that wait_idle() implies "answered".
    if (response) send(*response);
    std::lock_guard<std::mutex> lock(mutex);
    c->awaiting = false;
    --deferred_open;
    active.erase(c.get());
    if (auto it = calls.find(c->key); it != calls.end() && it->second == c) calls.erase(it);
    if (response) ++completed;
    changed.notify_all();
  }

  // Times out calls that run past their deadline (their stop token fires and they are answered),
  // then abandons those still running stop_grace later.
  void watch() {
    std::unique_lock<std::mutex> lock(mutex);
    while (!stopping) {
      auto now = std::chrono::steady_clock::now();
      std::optional<std::chrono::steady_clock::time_point> next;
      std::vector<std::shared_ptr<call>> expired;
      for (auto& [ptr, c] : active) {
        // Running handlers, and deferred calls until their timeout (never abandoned: no thread).
        // A nonblocking tool run on the reading thread is not abandoned either (not a pool thread).
        if (c->abandoned || (c->returned && !c->awaiting) || ((c->awaiting || c->on_reader) && c->timed_out)) continue;
        if (c->deadline <= now) expired.push_back(c);
        else if (!next || c->deadline < *next) next = c->deadline;
      }
      std::vector<value> responses;
      std::vector<std::shared_ptr<call_context::state>> to_stop;
      for (const std::shared_ptr<call>& c : expired) {
        if (!c->timed_out) {  // call_timeout reached: stop it, answer it, allow stop_grace
          c->timed_out = true;
          ++timed_out;
          c->deadline = now + std::max(options.stop_grace, std::chrono::milliseconds(0));
          to_stop.push_back(c->ctx);
          std::string message = "tool " + c->target->name + " timed out after " +
                                std::to_string(options.call_timeout.count()) + " ms";
          log(message + " (request " + c->key + "); its stop token fired");
          if (!c->finished) {
            c->finished = true;
            toon::call_result r;
            r.status = call_status::tool_failed;
            r.text = message;
            responses.push_back(jsonrpc::result_response(c->id, call_tool_result(r, c->context)));
          }
          if (auto it = calls.find(c->key); it != calls.end() && it->second == c) calls.erase(it);  // id reusable
          continue;
        }
        // Still running stop_grace after its stop token fired: abandoned.
        c->abandoned = true;
        ++abandoned;
        ++abandoned_running;
        --workers;  // its thread leaves the pool
        active.erase(c.get());
        if (auto it = calls.find(c->key); it != calls.end() && it->second == c) calls.erase(it);
        if (abandoned_running <= options.max_abandoned_calls) {
          --running;
          log("handler of tool " + c->target->name + " (request " + c->key + ") ignored its stop token for " +
              std::to_string(options.stop_grace.count()) + " ms: abandoned, its slot freed (" +
              std::to_string(abandoned_running) + " abandoned handlers running)");
        } else {
          c->holds_slot = true;
          ++held_slots;
          log("handler of tool " + c->target->name + " (request " + c->key + ") ignored its stop token for " +
              std::to_string(options.stop_grace.count()) + " ms: abandoned; max_abandoned_calls (" +
              std::to_string(options.max_abandoned_calls) + ") reached, so it keeps its slot until it returns");
        }
      }
      if (!expired.empty()) {
        lock.unlock();
        // Outside the lock: stop callbacks run here and may use the context (progress, log).
        for (const auto& ctx : to_stop) ctx->stop.request_stop();
        for (const value& response : responses) send(response);
        lock.lock();
        start_queued(lock);
        continue;
      }
      watch_until = next ? *next : std::chrono::steady_clock::time_point::max();
      if (next) watch_cv.wait_until(lock, *next);
      else watch_cv.wait(lock);
    }
  }

  // ---- subscriptions (2026-07-28) -------------------------------------------------------------

  bool subscribed(const std::string& key) {
    std::lock_guard<std::mutex> lock(notify_mutex);
    return subscriptions.count(key) != 0;
  }

  // subscriptions/listen: acknowledged with the honoured filter, then open until cancelled.
  // The server never ends a stream by itself while serving, so no response is sent.
  void listen(const value& id, const value* params) {
    request_context ctx = context_of(params, "subscriptions/listen");
    if (!ctx.modern)
      throw rpc_failure{method_not_found, "Method not found: subscriptions/listen (protocol 2026-07-28)"};
    const value* filter = params->find("notifications");
    if (filter == nullptr || !filter->is_object())
      throw rpc_failure{invalid_params, "Invalid params: subscriptions/listen needs \"notifications\" (an object)"};
    std::string key = to_json(id);
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (calls.count(key) != 0)
        throw rpc_failure{invalid_request, "Invalid Request: request id " + key + " is already in use"};
    }
    const value* tools = filter->find("toolsListChanged");
    subscription sub{id, announces() && tools != nullptr && tools->is_bool() && tools->as_bool()};
    object honoured;
    if (sub.tools_list_changed) honoured.emplace_back("toolsListChanged", true);
    object ack;
    ack.emplace_back("notifications", std::move(honoured));
    std::lock_guard<std::mutex> lock(notify_mutex);
    if (subscriptions.size() >= options.max_queued_calls)
      throw rpc_failure{internal_error, "Internal error: too many open subscriptions"};
    if (!subscriptions.emplace(key, sub).second)
      throw rpc_failure{invalid_request, "Invalid Request: request id " + key + " is already in use"};
    send(subscription_notification("notifications/subscriptions/acknowledged", id, std::move(ack)));
  }

  void cancel(const value* params) {
    const value* id = params != nullptr ? params->find("requestId") : nullptr;
    if (id == nullptr || !jsonrpc::valid_id(*id)) return;  // malformed: ignored (spec)
    std::string key = to_json(*id);
    {
      std::lock_guard<std::mutex> lock(notify_mutex);
      if (subscriptions.erase(key) != 0) {
        log("subscription " + key + " cancelled");
        return;
      }
    }
    std::shared_ptr<call> c;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = calls.find(key);
      if (it == calls.end() || it->second->finished) return;  // unknown or already answered: ignored
      c = it->second;
      c->finished = true;
      ++cancelled;
      if (!c->started) {
        queue.erase(std::remove(queue.begin(), queue.end(), c), queue.end());
        calls.erase(it);
      }
      changed.notify_all();
    }
    const value* reason = params->find("reason");
    log("request " + key + " cancelled" +
        (reason != nullptr && reason->is_string() ? ": " + reason->as_string() : std::string()));
    // Outside the lock: stop callbacks run here and may use the context.
    if (c->started) c->ctx->stop.request_stop();
  }

  // ---- one message ---------------------------------------------------------------------------

  void handle(std::string_view line) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;  // blank line
    result<value> parsed = from_json(line, json_read_options{.replace_lone_surrogates = true});
    if (!parsed) {
      log("parse error: " + parsed.error().to_string());
      send(jsonrpc::error_response(value(), parse_error, "Parse error: " + parsed.error().to_string()));
      return;
    }
    const value& msg = *parsed;
    if (msg.is_array()) {
      send(jsonrpc::error_response(value(), invalid_request,
                                   "Invalid Request: JSON-RPC batches are not supported (removed in MCP 2025-06-18)"));
      return;
    }
    if (!msg.is_object()) {
      send(jsonrpc::error_response(value(), invalid_request, "Invalid Request: a message must be a JSON object"));
      return;
    }
    const value* id = msg.find("id");
    if (id != nullptr && !jsonrpc::valid_id(*id)) {
      send(jsonrpc::error_response(value(), invalid_request, "Invalid Request: \"id\" must be a string or an integer"));
      return;
    }
    const value no_id;
    const value& reply_id = id != nullptr ? *id : no_id;
    const value* version = msg.find("jsonrpc");
    const value* method = msg.find("method");
    if (method == nullptr && id != nullptr && (msg.find("result") != nullptr || msg.find("error") != nullptr)) {
      client_answered(msg);  // a response to a request of call_context::request, or nothing to match
      return;
    }
    if (version == nullptr || !version->is_string() || version->as_string() != "2.0") {
      if (id != nullptr || method == nullptr)
        send(jsonrpc::error_response(reply_id, invalid_request, "Invalid Request: \"jsonrpc\" must be \"2.0\""));
      return;
    }
    if (method == nullptr || !method->is_string()) {
      send(jsonrpc::error_response(reply_id, invalid_request, "Invalid Request: \"method\" must be a string"));
      return;
    }
    const value* params = msg.find("params");
    if (params != nullptr && params->is_null()) params = nullptr;
    if (params != nullptr && !params->is_object()) {
      if (id != nullptr)
        send(jsonrpc::error_response(reply_id, params->is_array() ? invalid_params : invalid_request,
                                     params->is_array() ? "Invalid params: MCP params are an object"
                                                        : "Invalid Request: \"params\" must be an object"));
      return;
    }
    const std::string& name = method->as_string();
    if (id == nullptr) {
      notification(name, params);
      return;
    }
    try {
      request(*id, name, params);
    } catch (const rpc_failure& f) {
      send(jsonrpc::error_response(*id, f.code, f.message, f.data ? &*f.data : nullptr));
    } catch (const rpc_error& e) {
      send(jsonrpc::error_response(*id, e.code(), e.what(), e.data().is_null() ? nullptr : &e.data()));
    } catch (const std::exception& e) {
      log(std::string("internal error: ") + e.what());
      send(jsonrpc::error_response(*id, internal_error, std::string("Internal error: ") + e.what()));
    } catch (...) {
      send(jsonrpc::error_response(*id, internal_error, "Internal error"));
    }
  }

  void notification(const std::string& name, const value* params) {
    if (name == "notifications/cancelled") cancel(params);
    else if (name == "notifications/initialized" && initialized) session_ready = true;
    // Any other notification: nothing to do.
  }

  void request(const value& id, const std::string& name, const value* params) {
    static const value no_params = object{};
    const value* p = params != nullptr ? params : &no_params;
    if (name == "tools/call") {
      call_tool(id, p);
    } else if (name == "tools/list") {
      send(jsonrpc::result_response(id, list_tools(p)));
    } else if (name == "initialize") {
      send(jsonrpc::result_response(id, initialize(p)));
    } else if (name == "server/discover") {
      send(jsonrpc::result_response(id, discover(p)));
    } else if (name == "subscriptions/listen") {
      listen(id, p);
    } else if (name == "logging/setLevel") {
      request_context ctx = context_of(p, name);
      if (ctx.modern)
        throw rpc_failure{method_not_found, "Method not found: logging/setLevel (2026-07-28: _meta[\"" +
                                                std::string(meta_log_level) + "\"] of each request)"};
      const value* level = p->find("level");
      std::optional<log_level> parsed = level != nullptr && level->is_string() ? parse_log_level(level->as_string()) : std::nullopt;
      if (!parsed)
        throw rpc_failure{invalid_params, "Invalid params: logging/setLevel needs \"level\": debug, info, notice, "
                                          "warning, error, critical, alert or emergency"};
      session_log_level = static_cast<int>(*parsed);
      send(jsonrpc::result_response(id, object{}));
    } else if (name == "ping") {
      request_context ctx = context_of(p, "ping");
      if (ctx.modern) throw rpc_failure{method_not_found, "Method not found: ping (removed in 2026-07-28)"};
      send(jsonrpc::result_response(id, object{}));
    } else if (options.resources_subscribe && (name == "resources/subscribe" || name == "resources/unsubscribe")) {
      request_context ctx = context_of(p, name);
      if (ctx.modern) throw rpc_failure{method_not_found, "Method not found: " + name + " (in a 2025-11-25 session only)"};
      const value* uri = p->find("uri");
      if (uri == nullptr || !uri->is_string() || uri->as_string().empty())
        throw rpc_failure{invalid_params, "Invalid params: " + name + " needs \"uri\" (a string)"};
      {
        std::lock_guard<std::mutex> lock(notify_mutex);
        if (name == "resources/subscribe") resource_subscriptions.insert(uri->as_string());
        else resource_subscriptions.erase(uri->as_string());
      }
      send(jsonrpc::result_response(id, object{}));
    } else if (auto handler = options.methods.find(name); handler != options.methods.end() && handler->second) {
      request_context ctx = context_of(p, name);
      value r = handler->second(*p);
      if (!r.is_object()) throw rpc_failure{internal_error, "Internal error: " + name + " did not answer with an object"};
      // List results and resources/read are cacheable in 2026-07-28 (ttlMs, cacheScope).
      const bool cacheable = (name.size() > 5 && name.compare(name.size() - 5, 5, "/list") == 0) || name == "resources/read";
      send(jsonrpc::result_response(id, finish_result(std::move(r.as_object()), ctx, cacheable)));
    } else {
      throw rpc_failure{method_not_found, "Method not found: " + name};
    }
  }

  void wait_idle() {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return running == held_slots && queue.empty() && deferred_open == 0; });
  }

  // Waits for the calls, then ends the watchdog and the pool's workers (not abandoned handlers:
  // their threads end when they return).
  void stop() {
    wait_idle();
    std::unique_lock<std::mutex> lock(mutex);
    stopping = true;
    changed.notify_all();
    watch_cv.notify_all();
    changed.wait(lock, [&] { return workers == 0; });
    lock.unlock();
    if (watchdog.joinable()) watchdog.join();
  }
};

// ---- server ------------------------------------------------------------------------------------

TOON_FUNC server::server(const tool_catalog& catalog, server_options options, message_sink sink)
    // A copy the server owns: an abandoned handler thread keeps it alive however long it runs.
    : server(std::make_shared<const tool_catalog>(catalog), std::move(options), std::move(sink)) {}

TOON_FUNC server::server(std::shared_ptr<const tool_catalog> catalog, server_options options, message_sink sink)
    : state_(std::make_shared<state>(std::move(catalog), std::move(options), std::move(sink))) {}

TOON_FUNC server::server(std::shared_ptr<const tool_catalog> catalog, server_options options, routed_message_sink sink)
    : state_(std::make_shared<state>(std::move(catalog), std::move(options), message_sink{})) {
  state_->routed = std::move(sink);
}

TOON_FUNC void server::set_catalog(std::shared_ptr<const tool_catalog> catalog) { state_->set_catalog(std::move(catalog)); }

TOON_FUNC bool server::load_category(std::string_view category) { return state_->load(category) != nullptr; }

TOON_FUNC bool server::notify_resource_updated(std::string_view uri) { return state_->resource_updated(uri); }

TOON_FUNC std::vector<std::string> server::loaded_categories() const { return state_->current()->loaded; }

TOON_FUNC server::~server() { state_->stop(); }

TOON_FUNC void server::handle_line(std::string_view line) {
  try {
    state_->handle(line);
  } catch (const std::exception& e) {  // from the sink or an allocation: the server goes on
    state_->log(std::string("internal error: ") + e.what());
  }
}

TOON_FUNC void server::reject_oversized_line(std::size_t size) {
  state_->log("message of " + std::to_string(size) + " bytes or more skipped (max_line_size " +
              std::to_string(state_->options.max_line_size) + ")");
  state_->send(jsonrpc::error_response(value(), invalid_request,
                                       "Invalid Request: message longer than " +
                                           std::to_string(state_->options.max_line_size) + " bytes"));
}

TOON_FUNC void server::wait_idle() { state_->wait_idle(); }

TOON_FUNC bool server::wait_abandoned(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(state_->mutex);
  return state_->changed.wait_for(lock, timeout, [&] { return state_->abandoned_running == 0; });
}

TOON_FUNC std::size_t server::pending_calls() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->running - state_->held_slots + state_->queue.size();
}

TOON_FUNC server_stats server::stats() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  server_stats st;
  st.running = state_->running - state_->held_slots;
  st.queued = state_->queue.size();
  st.workers = state_->workers;
  st.completed = state_->completed;
  st.cancelled = state_->cancelled;
  st.timed_out = state_->timed_out;
  st.abandoned = state_->abandoned;
  st.abandoned_running = state_->abandoned_running;
  st.abandoned_holding_slots = state_->held_slots;
  st.deferred = state_->deferred_open;
  return st;
}

TOON_FUNC std::size_t server::abandoned_calls() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->abandoned;
}

TOON_FUNC int server::serve(int in_fd, int out_fd) {
  {
    std::lock_guard<std::mutex> lock(state_->write_mutex);
    state_->sink = [out_fd](std::string_view message) {
      std::string line(message);
      line += '\n';
      jsonrpc::write_all(out_fd, line);
    };
  }
  jsonrpc::line_splitter lines(state_->options.max_line_size);
  auto on_line = [&](std::string_view line) { handle_line(line); };
  auto on_oversized = [&](std::size_t size) { reject_oversized_line(size); };
  std::vector<char> buffer(64 * 1024);
  int status = 0;
  for (;;) {
    ssize_t n = ::read(in_fd, buffer.data(), buffer.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      status = errno;
      break;
    }
    if (n == 0) break;
    lines.feed(buffer.data(), static_cast<std::size_t>(n), on_line, on_oversized);
  }
  lines.finish(on_line, on_oversized);
  state_->wait_idle();
  return status;
}

// claim_stdout()'s descriptor: -1 before the first claim, -2 after serve_stdio() released it.
// One per process (a function's static: also one in header-only mode).
struct stdout_claim_state {
  std::mutex mutex;
  int fd = -1;
};
TOON_FUNC stdout_claim_state& stdout_claim_of_process() noexcept {
  static stdout_claim_state state;
  return state;
}

TOON_FUNC int claim_stdout() noexcept {
  stdout_claim_state& claim = stdout_claim_of_process();
  std::lock_guard lock(claim.mutex);
  int& stdout_claim = claim.fd;
  if (stdout_claim >= 0) return stdout_claim;
  if (stdout_claim == -2) return -1;
  std::cout.flush();
  std::fflush(stdout);
  const int protocol_out = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (protocol_out < 0) return -1;
  ::dup2(STDERR_FILENO, STDOUT_FILENO);  // stray prints go to stderr, never to the client
  stdout_claim = protocol_out;
  return protocol_out;
}

TOON_FUNC int server::serve_stdio() {
  ::signal(SIGPIPE, SIG_IGN);
  const int protocol_out = claim_stdout();
  if (protocol_out < 0) return errno != 0 ? errno : EBADF;
  int status = serve(STDIN_FILENO, protocol_out);
  stdout_claim_state& claim = stdout_claim_of_process();
  std::lock_guard lock(claim.mutex);
  ::close(protocol_out);
  claim.fd = -2;
  return status;
}

}  // namespace toon::mcp
