// toon/mcp/server.hpp - toon::mcp::server: an MCP server over stdio serving a toon::tool_catalog
// (docs/mcp.md).
//
//   toon::tool_catalog cat = make_catalog();
//   toon::mcp::server_options opts;
//   opts.info.name = "fs-git";
//   toon::mcp::server srv(cat, opts);
//   return srv.serve_stdio();   // newline-delimited JSON-RPC 2.0 until stdin is closed
//
// Protocol revisions 2025-11-25 (and 2025-06-18: `initialize` handshake, `ping`) and 2026-07-28
// (stateless: `server/discover`, protocol version and client capabilities in each request's
// `_meta`), served side by side: a request whose params carry
// `_meta["io.modelcontextprotocol/protocolVersion"]` is served statelessly, anything else by the
// legacy session that `initialize` opened. set_catalog() replaces the tools while serving and,
// with server_options::tools_list_changed, announces it (notifications/tools/list_changed).
// With server_options::lazy_categories, tools/list starts with a category summary tool
// (`load_tools`) and grows one category at a time. A handler declared as
// f(const Args&, toon::mcp::call_context&) gets its call's context (<toon/mcp/call_context.hpp>):
// progress, a stop token fired by cancellation and the timeout, logging, the client's identity.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "toon/mcp/call_context.hpp"
#include "toon/tools/catalog.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

/// The stateless protocol revision (server/discover, per-request `_meta`).
inline constexpr std::string_view protocol_2026_07_28 = "2026-07-28";
/// The latest revision with the `initialize` handshake.
inline constexpr std::string_view protocol_2025_11_25 = "2025-11-25";
/// The previous handshake revision (same tool messages, structured content included).
inline constexpr std::string_view protocol_2025_06_18 = "2025-06-18";

/// JSON-RPC 2.0: the message is not valid JSON.
inline constexpr int parse_error = -32700;
/// JSON-RPC 2.0: the message is not a valid request (also: batches, oversized messages).
inline constexpr int invalid_request = -32600;
/// JSON-RPC 2.0: no such method.
inline constexpr int method_not_found = -32601;
/// JSON-RPC 2.0: invalid params (unknown tool, bad cursor, missing `_meta` fields, ...).
inline constexpr int invalid_params = -32602;
/// JSON-RPC 2.0: the server failed unexpectedly.
inline constexpr int internal_error = -32603;
/// MCP 2026-07-28: the request's protocol version is not supported (data lists the supported).
inline constexpr int unsupported_protocol_version = -32022;

/// The name and version a server reports (`serverInfo`).
struct implementation {
  std::string name = "toon-mcp-server";
  std::string version = std::string(toon::version);
  /// Optional display name; omitted when empty.
  std::string title{};
};

/// Writes one line of diagnostics to stderr (the default server_options::log).
void log_to_stderr(std::string_view message);

/// A JSON-RPC error for a method_handler to throw: answered with its code, message and data.
class rpc_error : public std::runtime_error {
 public:
  /// An error with a JSON-RPC code (e.g. invalid_params), a message and optional data.
  rpc_error(int code, const std::string& message, value data = value{})
      : std::runtime_error(message), code_(code), data_(std::move(data)) {}
  /// The JSON-RPC error code.
  [[nodiscard]] int code() const noexcept { return code_; }
  /// The error's `data` (null: none).
  [[nodiscard]] const value& data() const noexcept { return data_; }

 private:
  int code_;
  value data_;
};

/// Answers a request of a method of server_options::methods: its params (an object, `_meta`
/// included; empty when the request had none) in, the result object out. Throws rpc_error for
/// a JSON-RPC error; any other exception is answered with -32603.
using method_handler = std::function<value(const value& params)>;

/// An icon for a client to show (MCP 2025-11-25 `icons`).
struct icon {
  /// `src`: an https: or data: URI.
  std::string src;
  /// `mimeType`; omitted when empty.
  std::string mime_type{};
  /// `sizes` such as "48x48" or "any"; omitted when empty.
  std::vector<std::string> sizes{};
  /// `theme`: "light" or "dark"; omitted when empty.
  std::string theme{};
};

/// Hints about what a tool does (MCP tool `annotations`); a hint left unset is omitted.
struct tool_annotations {
  /// `readOnlyHint`: the tool changes nothing.
  std::optional<bool> read_only_hint{};
  /// `destructiveHint`: the tool may delete or overwrite.
  std::optional<bool> destructive_hint{};
  /// `idempotentHint`: calling it again with the same arguments has no further effect.
  std::optional<bool> idempotent_hint{};
  /// `openWorldHint`: the tool reaches outside systems (the web, ...).
  std::optional<bool> open_world_hint{};
};

/// How tools/list presents one tool beyond its name, description and schemas.
struct tool_presentation {
  /// `title`: display name; omitted when empty.
  std::string title{};
  /// `annotations`; omitted when no hint is set.
  tool_annotations annotations{};
  /// `icons`; omitted when empty.
  std::vector<icon> icons{};
};

/// What the text content of a tool result with `structuredContent` holds (server_options::structured_text).
enum class structured_text_format {
  toon,  ///< the TOON encoding of the structured value: what a model reads, in fewer tokens
  json,  ///< its JSON text: what the MCP specification recommends for clients that read only the text
};

/// How a server behaves. The defaults suit a local stdio server.
struct server_options {
  /// Reported as `serverInfo`.
  implementation info{};
  /// Optional `instructions` for the model (initialize and server/discover results).
  std::string instructions{};
  /// The text content of a typed result that also has `structuredContent` (docs/mcp.md, "Typed
  /// results"): its TOON encoding (default), or the JSON text of `structuredContent` (the
  /// MCP specification's SHOULD: "a tool that returns structured content SHOULD also return
  /// the serialized JSON in a TextContent block"), for clients that show the text to programs.
  structured_text_format structured_text = structured_text_format::toon;
  /// Tools per tools/list page; further pages are reached with an opaque `nextCursor`.
  /// 0 puts every tool on one page.
  std::size_t page_size = 100;
  /// Longest accepted message line, in bytes (without the newline). A longer line is
  /// answered with -32600 and skipped; at most this many bytes of it are ever held.
  std::size_t max_line_size = std::size_t(4) << 20;
  /// tools/call handlers running at once, on a pool of at most this many worker threads
  /// (started when first needed); further calls wait in a queue.
  std::size_t max_concurrent_calls = 4;
  /// Calls waiting for a free slot at most. When the queue is full, the thread that feeds
  /// messages (serve() or handle_line()) waits for room: the server stops reading its input
  /// (back-pressure) instead of failing calls; while handlers await answers to their requests
  /// to the client (call_context::sample, ...), the queue may grow by one call per pending
  /// request, so that the answers can still be read. Also the most open 2026-07-28
  /// subscriptions/listen streams (one more is answered with -32603).
  std::size_t max_queued_calls = 1024;
  /// Calls whose handler deferred its answer (call_context::defer()) and has not given it yet,
  /// at most. At this many the thread that feeds messages waits (back-pressure) until one is
  /// answered, cancelled or timed out.
  std::size_t max_deferred_calls = 1024;
  /// A handler still running this long after it started is timed out: its stop token fires
  /// (call_context::stop_token()) and the call is answered with an `isError` result. Zero or
  /// negative: no timeout.
  std::chrono::milliseconds call_timeout{std::chrono::seconds(60)};
  /// A handler that has not returned this long after its timeout is abandoned: logged and
  /// counted (server::stats()), its slot freed and its thread left to run on (its eventual
  /// result is dropped), while fewer than max_abandoned_calls abandoned handlers are running.
  std::chrono::milliseconds stop_grace{std::chrono::seconds(1)};
  /// Abandoned handlers that may run at once with their slot freed. Beyond this hard limit an
  /// abandoned handler keeps its slot until it returns, so the server never runs more than
  /// max_concurrent_calls + max_abandoned_calls handler threads.
  std::size_t max_abandoned_calls = 16;
  /// Requests to the client (call_context::sample, elicit, list_roots) waiting for their
  /// answer at most, over all calls; one more fails at once (error_code::protocol_error).
  std::size_t max_client_requests = 16;
  /// 2026-07-28 `ttlMs` of tools/list and server/discover results (>= 0).
  std::int64_t ttl_ms = 300000;
  /// 2026-07-28 `cacheScope` of those results: "public" or "private".
  std::string cache_scope = "public";
  /// Advertise `tools.listChanged: true` and announce each server::set_catalog() with
  /// `notifications/tools/list_changed`: to the initialized 2025-11-25 session, and on every
  /// 2026-07-28 `subscriptions/listen` stream that asked for `toolsListChanged`.
  bool tools_list_changed = false;
  /// Lazy categories (docs/mcp.md, "Lazy loading"): tools/list starts with only the tool
  /// `load_tool_name` (whose description holds the category summary as TOON, naming each
  /// category's tools) and the tools that have no category. Calling it with {"category": NAME}
  /// adds that category's tools to tools/list ({"tools": [NAME, ...]}: those tools), announces
  /// the change like set_catalog() does (whether or not tools_list_changed is set;
  /// `tools.listChanged` is advertised), and answers with their TOON tools table. Loaded categories belong to the server (one stdio client),
  /// stay loaded across set_catalog() while they exist, and never unload. Tools of categories
  /// not loaded yet can still be called by name. Without categories in the catalog, no load
  /// tool is listed.
  bool lazy_categories = false;
  /// The name of the load tool in lazy_categories mode; it hides a catalog tool of that name.
  std::string load_tool_name = "load_tools";
  /// Title, annotations and icons of catalog tools in tools/list, by tool name (names the
  /// catalog does not have are ignored). Typed resources, prompts and completions:
  /// server_features (<toon/mcp/features.hpp>) fills `methods` and `extra_capabilities`.
  std::map<std::string, tool_presentation, std::less<>> tool_presentations{};
  /// Serve resources/subscribe and resources/unsubscribe ({"uri": ...}) in a 2025-11-25
  /// session and advertise `resources.subscribe: true`; server::notify_resource_updated() then
  /// tells the client of changes to the URIs it subscribed to. Not in 2026-07-28 requests.
  bool resources_subscribe = false;
  /// Further request methods (resources/list, prompts/get, ...), each answered by its handler
  /// on the thread that reads the messages (so a handler should not take long: the next
  /// message waits for it). Methods the server handles itself (initialize, tools/*, ...) are
  /// never looked up here. Served in both eras: on 2026-07-28 the result gets `resultType`,
  /// the `_meta` with serverInfo added, and for `.../list` methods and resources/read `ttlMs` and
  /// `cacheScope` (as on tools/list); in a legacy session only after `initialize`.
  std::map<std::string, method_handler, std::less<>> methods{};
  /// Members added to the advertised `capabilities` (e.g. {"resources": {}, "prompts": {}});
  /// an object, or null for none. A `tools` member here is ignored.
  value extra_capabilities{};
  /// Diagnostics (malformed messages, cancellations, timeouts); never stdout. Empty: none.
  std::function<void(std::string_view)> log = &log_to_stderr;
};

/// The protocol versions a server answers, newest first: 2026-07-28, 2025-11-25, 2025-06-18.
[[nodiscard]] const std::vector<std::string>& supported_protocol_versions();

/// Keeps the process's stdout for the MCP protocol from now on: flushes it, moves it to a
/// private file descriptor (returned) and points descriptor 1 at stderr, so that whatever the
/// process prints afterwards (std::cout, printf, a library's logging) reaches stderr instead of
/// corrupting the protocol. server::serve_stdio() calls it; calling it first thing in main()
/// also guards what runs before serving (building a catalog, reading configuration).
/// Thread-safe; later calls return the same descriptor. -1 when it could not be duplicated,
/// and after serve_stdio() has finished (it closes the descriptor, so the client sees the end).
int claim_stdout() noexcept;

/// Counters of a server's tool calls (server::stats()).
struct server_stats {
  /// Calls whose handler runs in a slot now (abandoned ones excluded).
  std::size_t running = 0;
  /// Calls waiting for a slot.
  std::size_t queued = 0;
  /// Worker threads of the pool (not counting those of abandoned handlers).
  std::size_t workers = 0;
  /// Calls whose handler returned and whose response was sent, since the start.
  std::size_t completed = 0;
  /// Calls cancelled by the client (notifications/cancelled) while queued or running.
  std::size_t cancelled = 0;
  /// Calls that ran past call_timeout.
  std::size_t timed_out = 0;
  /// Handlers abandoned after call_timeout + stop_grace, since the start.
  std::size_t abandoned = 0;
  /// Abandoned handlers that have not returned yet.
  std::size_t abandoned_running = 0;
  /// Of those, the ones keeping their slot (max_abandoned_calls reached).
  std::size_t abandoned_holding_slots = 0;
  /// Calls whose handler returned having deferred its answer (call_context::defer()), not yet
  /// answered, cancelled or timed out.
  std::size_t deferred = 0;
};

/// Receives each outgoing message: one JSON text, without the newline.
using message_sink = std::function<void(std::string_view message)>;

/// Receives each outgoing message with the JSON-RPC id of the client request it belongs to and
/// whether it is that request's response: a response carries its own id (`is_response` true);
/// the notifications and requests a tools/call handler sends (progress, logging, sampling, ...)
/// carry the id of that tools/call; the rest (list_changed, resources/updated, ...) null. An
/// HTTP transport picks the stream of the request with it (<toon/mcp/http.hpp>).
using routed_message_sink =
    std::function<void(std::string_view message, const value& related_request, bool is_response)>;

/// An MCP server for the tools of a tool_catalog. A catalog passed by reference is copied (later
/// changes to it are not seen: use set_catalog()); one passed by shared_ptr is shared. Either
/// way the server keeps it alive as long as a request or a handler it abandoned after a timeout
/// uses it, so no handler outlives its catalog. Messages are handled
/// one line at a time by the thread that feeds them (serve() or handle_line()); tools/call
/// handlers run on a pool of worker threads, at most server_options::max_concurrent_calls at
/// once, and their responses and notifications are written from there (each message whole,
/// under a lock).
class server {
 public:
  /// A server for `catalog`; messages go to `sink` (serve() replaces it with its output).
  explicit server(const tool_catalog& catalog, server_options options = {}, message_sink sink = {});
  /// A server owning (a share of) `catalog`; null serves no tools.
  explicit server(std::shared_ptr<const tool_catalog> catalog, server_options options = {}, message_sink sink = {});
  /// A server owning (a share of) `catalog` whose messages go to `sink` with the request each
  /// relates to (see routed_message_sink).
  server(std::shared_ptr<const tool_catalog> catalog, server_options options, routed_message_sink sink);
  /// Waits for running calls (not for abandoned ones).
  ~server();
  server(const server&) = delete;
  server& operator=(const server&) = delete;

  /// Serves the messages read from `in_fd`, writing to `out_fd`, until end of input; then waits
  /// for the calls still running (at most call_timeout each). Returns 0, or the errno of a
  /// failed read.
  int serve(int in_fd, int out_fd);
  /// serve() on stdin and stdout. First claims stdout (claim_stdout(): file descriptor 1 then
  /// points at stderr, the protocol has a private copy), so that nothing else the process prints
  /// can reach the client; ignores SIGPIPE. Closes the protocol's copy when done.
  int serve_stdio();

  /// Handles one message line (without its newline). Replies go to the sink, now or - for a
  /// tools/call - from the handler's thread when it ends.
  void handle_line(std::string_view line);
  /// Answers a line that was longer than max_line_size (`size` bytes, or more) with -32600.
  void reject_oversized_line(std::size_t size);
  /// Blocks until no tools/call is queued or running (abandoned calls do not count).
  void wait_idle();
  /// Blocks until every abandoned handler has returned, or `timeout` passed; true when none
  /// is left. After it returns true, no thread of this server uses the catalog.
  bool wait_abandoned(std::chrono::milliseconds timeout);

  /// Serves `catalog` from now on (null: no tools), from any thread, also while serving: later
  /// tools/list and tools/call requests see it, calls already accepted finish with the catalog
  /// they started with (which their shared_ptr keeps alive), and cursors of the previous list
  /// become invalid (-32602). With server_options::tools_list_changed, then sends
  /// `notifications/tools/list_changed` (see there).
  void set_catalog(std::shared_ptr<const tool_catalog> catalog);

  /// Lazy categories: loads `category` as a call of the load tool does (adds its tools to
  /// tools/list and announces the change). Returns false, changing nothing, for a category the
  /// catalog does not have or one already loaded; always false without lazy_categories.
  bool load_category(std::string_view category);
  /// With server_options::resources_subscribe: sends `notifications/resources/updated` for
  /// `uri` when the initialized 2025-11-25 session subscribed to it; true when sent. From any
  /// thread.
  bool notify_resource_updated(std::string_view uri);

  /// Lazy categories: the categories loaded so far, in the catalog's category order.
  [[nodiscard]] std::vector<std::string> loaded_categories() const;

  /// tools/call requests queued or running now.
  [[nodiscard]] std::size_t pending_calls() const;
  /// Handler threads given up after a timeout so far.
  [[nodiscard]] std::size_t abandoned_calls() const;
  /// The call counters now (running, queued, workers, completed, cancelled, timed out,
  /// abandoned).
  [[nodiscard]] server_stats stats() const;

 private:
  struct state;
  std::shared_ptr<state> state_;
};

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
