// toon::mcp::tool_cache: servers registered by category, started and listed on first use.
#include <algorithm>
#include "toon/detail/linkage.hpp"
#include <atomic>

#include "toon/mcp/client.hpp"

namespace toon::mcp {

struct tool_cache::entry {
  std::mutex mu;  // one load or call set-up at a time per category
  process_options server;
  client_options options;
  std::atomic<bool> stale{false};   // declared before the client: it outlives the callback
  std::atomic<bool> listed{false};
  std::optional<std::vector<tool_info>> tools;
  std::optional<client> connection;

  /// The connected client, started when needed. Called with mu held.
  result<client*> ensure_connected() {
    if (connection && connection->connected()) return &*connection;
    if (connection) {
      connection->shutdown();
      connection.reset();
    }
    tools.reset();
    listed = false;
    client_options opts = options;
    std::atomic<bool>* flag = &stale;
    auto user = options.on_notification;
    opts.on_notification = [flag, user](const value& msg) {
      const value* m = msg.find("method");
      if (m != nullptr && m->is_string() && m->as_string() == "notifications/tools/list_changed") *flag = true;
      if (user) user(msg);
    };
    result<client> c = client::connect(server, std::move(opts));
    if (!c) return c.error();
    connection.emplace(std::move(*c));
    return &*connection;
  }
};

TOON_FUNC tool_cache::tool_cache() = default;

TOON_FUNC tool_cache::~tool_cache() { shutdown_all(); }

TOON_FUNC void tool_cache::add(std::string category, process_options server, client_options options) {
  auto e = std::make_shared<entry>();
  e->server = std::move(server);
  e->options = std::move(options);
  std::shared_ptr<entry> old;
  {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(category);
    if (it != entries_.end()) {
      old = std::move(it->second);
      it->second = std::move(e);
    } else {
      entries_.emplace(std::move(category), std::move(e));
    }
  }
  if (old) {
    std::lock_guard lock(old->mu);
    if (old->connection) old->connection->shutdown();
  }
}

TOON_FUNC std::vector<std::string> tool_cache::categories() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [name, e] : entries_) out.push_back(name);
  return out;
}

TOON_FUNC result<std::shared_ptr<tool_cache::entry>> tool_cache::find(std::string_view category) const {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(category);
  if (it == entries_.end()) {
    toon::error e;
    e.code = error_code::io_error;
    e.message = "MCP tool cache: unknown category \"" + std::string(category) + "\"";
    return e;
  }
  return it->second;
}

TOON_FUNC bool tool_cache::loaded(std::string_view category) const {
  auto e = find(category);
  return e && (*e)->listed && !(*e)->stale;
}

TOON_FUNC result<std::vector<tool_info>> tool_cache::tools(std::string_view category) {
  auto found = find(category);
  if (!found) return found.error();
  entry& e = **found;
  std::lock_guard lock(e.mu);
  if (e.tools && !e.stale && e.connection && e.connection->connected()) return *e.tools;
  result<client*> c = e.ensure_connected();
  if (!c) return c.error();
  e.stale = false;
  result<std::vector<tool_info>> listed = (*c)->list_tools();
  if (!listed) return listed.error();
  e.tools = *listed;
  e.listed = true;
  return std::move(*listed);
}

TOON_FUNC result<call_result> tool_cache::call(std::string_view category, std::string_view tool, const value& arguments,
                                     const call_options& options) {
  auto found = find(category);
  if (!found) return found.error();
  entry& e = **found;
  client* c;
  {
    std::lock_guard lock(e.mu);
    result<client*> r = e.ensure_connected();
    if (!r) return r.error();
    c = *r;
  }
  // The call itself runs without the entry lock: calls of one category may overlap. The
  // client stays alive until shutdown_all(), add() or the destructor, which callers must
  // not run concurrently with a call of the same category.
  return c->call_tool(tool, arguments, options);
}

TOON_FUNC void tool_cache::invalidate(std::string_view category) {
  auto found = find(category);
  if (!found) return;
  std::lock_guard lock((*found)->mu);
  (*found)->tools.reset();
  (*found)->listed = false;
}

TOON_FUNC void tool_cache::shutdown_all() {
  std::vector<std::shared_ptr<entry>> all;
  {
    std::lock_guard lock(mutex_);
    for (auto& [name, e] : entries_) all.push_back(e);
  }
  for (auto& e : all) {
    std::lock_guard lock(e->mu);
    if (e->connection) {
      e->connection->shutdown();
      e->connection.reset();
    }
    e->tools.reset();
    e->listed = false;
  }
}

}  // namespace toon::mcp
