// toon/mcp/client.hpp - an MCP client over stdio: starts a server process (toon/mcp/process.hpp),
// connects by probing `server/discover` (protocol 2026-07-28) and falling back to the
// `initialize` handshake (2025-11-25 and earlier), lists tools across pages, calls tools with a
// time limit and cancellation, and shuts the server down cleanly. A tool_cache starts servers
// and lists their tools only when a category is first used. See docs/mcp.md (Client).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "toon/error.hpp"
#include "toon/mcp/process.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

/// The stateless revision, spoken when a server answers the `server/discover` probe.
inline constexpr std::string_view modern_protocol_version = "2026-07-28";
/// The handshake revision the client asks for in `initialize`.
inline constexpr std::string_view legacy_protocol_version = "2025-11-25";

/// Client settings.
struct client_options {
  std::string client_name = "toon-cpp";  ///< clientInfo.name
  std::string client_version = "0.1.0";  ///< clientInfo.version
  /// Probe with `server/discover` first (2026-07-28); false goes straight to `initialize`.
  bool probe_discover = true;
  /// How long the probe may wait before the server is taken for a legacy one (a legacy server
  /// may stay silent on an unknown method before `initialize`). Includes the server's start-up.
  std::chrono::milliseconds discover_timeout{10000};
  /// Time limit of `initialize` (includes the server's start-up when the probe is off).
  std::chrono::milliseconds initialize_timeout{30000};
  /// Time limit of a request when the call gives none.
  std::chrono::milliseconds request_timeout{60000};
  /// Longest line accepted from the server's stdout; a longer one is dropped whole (and
  /// counted in client::dropped_lines), so a request whose answer it was runs into its limit.
  std::size_t max_line_bytes = 64u << 20;
  /// How many of the last bytes of the server's stderr are kept (client::stderr_tail).
  std::size_t stderr_capacity = 64u << 10;
  /// Shutdown: after closing stdin, wait this long before SIGTERM, and as long again before
  /// SIGKILL.
  std::chrono::milliseconds shutdown_grace{2000};
  /// Called on the client's reader thread for each notification from the server (the whole
  /// JSON-RPC message). It must not block nor send requests through this client.
  std::function<void(const value& message)> on_notification{};
  /// Called once, on the client's reader thread, when the server closes its stdout (it exited
  /// or crashed) after connect() succeeded and before the client shut it down (a failed
  /// connect() is its error alone); the argument says so and ends with the
  /// server's stderr tail. Every pending and later request then fails with protocol_error.
  std::function<void(std::string_view why)> on_close{};
  /// Answers the server's requests other than `ping` (`elicitation/create`,
  /// `sampling/createMessage`, `roots/list`, ...), on the client's reader thread: the method and
  /// its params in, the result out (null: an empty object); an error is sent back as a JSON-RPC
  /// error -32603 with its message. Unset: every such request gets -32601. It must not send
  /// requests through this client. In the 2026-07-28 revision the server asks through
  /// `input_required` results instead (multi round-trip requests): tools/call, resources/read
  /// and prompts/get then call on_request for each input request, on the thread that made the
  /// call, and retry with the answers (at most 10 rounds); without on_request such a call
  /// fails with error_code::protocol_error.
  std::function<result<value>(std::string_view method, const value& params)> on_request{};
  /// The capabilities object sent in `initialize` (e.g. {"elicitation": {}} with on_request),
  /// and in 2026-07-28 in each request's `_meta`; null: none.
  value capabilities{};
};

/// What the server said about itself when the client connected.
struct server_info {
  std::string protocol_version{};  ///< the revision in use ("2026-07-28", "2025-11-25", ...)
  bool stateless = false;          ///< true on 2026-07-28 (server/discover answered)
  std::string name{};              ///< serverInfo.name, when given
  std::string version{};           ///< serverInfo.version, when given
  std::string instructions{};      ///< instructions, when given
  value capabilities{};            ///< the server's capabilities object
};

/// One tool from `tools/list`.
struct tool_info {
  std::string name{};         ///< unique name, used by call_tool
  std::string title{};        ///< display title (title or annotations.title), may be empty
  std::string description{};  ///< may be empty
  value input_schema{};       ///< JSON Schema of the arguments (an object)
  value output_schema{};      ///< JSON Schema of structuredContent; null when not declared
  value raw{};                ///< the whole tool object as the server sent it
};

/// The outcome of a `tools/call` that the server answered with a result (a tool's own failure
/// is a result with is_error set; a JSON-RPC error is an error of the returned toon::result).
struct call_result {
  value content{};             ///< the content array (text, image, resource, ... blocks)
  value structured_content{};  ///< structuredContent; null when absent
  bool is_error = false;       ///< isError
  value raw{};                 ///< the whole result object

  /// The text of the content's text blocks, joined with line breaks.
  [[nodiscard]] std::string text() const;
};

/// Per-call settings.
struct call_options {
  /// Time limit; zero uses client_options::request_timeout. When it runs out the client sends
  /// `notifications/cancelled` for the request and returns error_code::timeout.
  std::chrono::milliseconds timeout{0};
  /// Cancels the request when stop is requested (the client sends `notifications/cancelled`
  /// and returns error_code::timeout with a message saying it was cancelled).
  std::stop_token stop{};
  /// When set, the request asks for progress (`_meta.progressToken`) and each
  /// `notifications/progress` the server sends for it comes here, on the client's reader thread
  /// (which it must not block), until the request ends: `progress`, `total` (0 when the server
  /// gave none) and `message` (empty when none). Such notifications do not reach
  /// client_options::on_notification.
  std::function<void(double progress, double total, std::string_view message)> on_progress{};
};

/// Counters of what the client did not accept from the server.
struct client_stats {
  std::uint64_t malformed_lines = 0;  ///< lines that were not JSON-RPC messages
  std::uint64_t dropped_lines = 0;    ///< lines over client_options::max_line_bytes
  std::uint64_t unmatched_responses = 0;  ///< responses to no pending request (late, cancelled)
  std::uint64_t refused_requests = 0;     ///< server requests answered with -32601
};

/// An MCP client connected to one server process over its stdin/stdout (or over Streamable
/// HTTP: connect_http in toon/mcp/http.hpp). Thread-safe: requests may be issued from several
/// threads at once (responses are matched by id). Server requests other than `ping` go to
/// client_options::on_request (-32601 without it); notifications go to
/// client_options::on_notification. The destructor shuts the server down (see shutdown()).
class client {
 public:
  /// Starts the server and connects (probe, then `initialize` when the server is a legacy
  /// one). Errors: io_error (the process could not start), timeout, protocol_error (the server
  /// exited or answered nonsense; the message ends with its stderr tail), remote_error.
  [[nodiscard]] static result<client> connect(const process_options& server, client_options options = {});

  /// Takes over the connection of `other`, which may then only be destroyed or assigned to.
  client(client&&) noexcept;
  /// Shuts this connection down, then takes over `other`'s.
  client& operator=(client&&) noexcept;
  client(const client&) = delete;
  client& operator=(const client&) = delete;
  /// Shuts the server down (see shutdown()).
  ~client();

  /// What the server said about itself.
  [[nodiscard]] const server_info& server() const;

  /// Every tool, following `nextCursor` across pages.
  [[nodiscard]] result<std::vector<tool_info>> list_tools(const call_options& options = {});
  /// Calls a tool with an object of arguments.
  [[nodiscard]] result<call_result> call_tool(std::string_view name, const value& arguments,
                                              const call_options& options = {});
  /// Convenience: call_tool with only a time limit.
  [[nodiscard]] result<call_result> call_tool(std::string_view name, const value& arguments,
                                              std::chrono::milliseconds timeout);
  /// Calls a tool without waiting for the answer: `done` gets exactly once what call_tool
  /// would return, on the client's I/O thread (when the answer arrives, the time limit passes,
  /// `options.stop` fires, or the connection ends), or on the calling thread, before this
  /// returns, when the request cannot be sent. `done` must not block: it delays every other
  /// response of this client. On a 2026-07-28 server a result asking for input
  /// (`input_required`) is answered as call_tool does (client_options::on_request, at most 10
  /// rounds), on a thread of its own, where `done` then runs.
  void call_tool_async(std::string_view name, const value& arguments, const call_options& options,
                       std::function<void(result<call_result>)> done);
  /// Calls a tool written as an MCP-DSL request, as a model may write it
  /// (`> tools/call#3 {name: read_file, args: {path: "a.txt"}}`, the id optional): compiled
  /// with toon::mcp_dsl::compile_tool_call, then sent as call_tool does (with the client's own
  /// request id). Errors: those of compile_tool_call (dsl_syntax with line and column,
  /// type_mismatch when it is not a tools/call request), then those of call_tool.
  [[nodiscard]] result<call_result> call_dsl(std::string_view request, const call_options& options = {});
  /// Checks that the server answers: `ping` (an empty object back), or on 2026-07-28, which
  /// removed ping, `server/discover` (its DiscoverResult back).
  [[nodiscard]] result<value> ping(const call_options& options = {});
  /// Sends any request and returns its `result` (on 2026-07-28 the per-request `_meta`
  /// carrying the protocol version and client capabilities is added to `params`).
  [[nodiscard]] result<value> request(std::string_view method, value params = value{},
                                      const call_options& options = {});
  /// Sends a notification. Errors: protocol_error once the connection is closed.
  [[nodiscard]] result<void> notify(std::string_view method, value params = value{});

  /// The last bytes the server wrote to stderr (at most client_options::stderr_capacity).
  [[nodiscard]] std::string stderr_tail() const;
  /// Counters of rejected input.
  [[nodiscard]] client_stats stats() const;
  /// False once the server closed its stdout or the client shut down.
  [[nodiscard]] bool connected() const;
  /// The server's process id (0 once reaped).
  [[nodiscard]] int pid() const;

  /// Closes the server's stdin, waits client_options::shutdown_grace, sends SIGTERM, waits as
  /// long again, then SIGKILL; reaps the process and closes every descriptor. Pending requests
  /// fail with protocol_error. Idempotent: later calls return the same status.
  exit_status shutdown();

  struct impl;  ///< implementation (src/mcp/client.cpp)
  struct transport;  ///< a message transport other than stdio (src/mcp/client_transport.hpp)
  /// Connects over a transport (used by connect_http in toon/mcp/http.hpp); errors as connect.
  [[nodiscard]] static result<client> connect(std::unique_ptr<transport> t, client_options options = {});

 private:
  explicit client(std::unique_ptr<impl> p);
  std::unique_ptr<impl> impl_;
};

/// A lazy tool cache, as an agent loads only the tools a task needs: servers are registered
/// under a category name without starting them; the first use of a category starts its server,
/// connects and lists its tools, which are then kept (until invalidate() or the server's
/// `notifications/tools/list_changed`). Thread-safe; one category loads without blocking others.
class tool_cache {
 public:
  /// An empty cache.
  tool_cache();
  tool_cache(const tool_cache&) = delete;
  tool_cache& operator=(const tool_cache&) = delete;
  /// Shuts every started server down.
  ~tool_cache();

  /// Registers (or replaces, shutting the old one down) the server of a category. Nothing starts.
  void add(std::string category, process_options server, client_options options = {});
  /// The registered category names, sorted.
  [[nodiscard]] std::vector<std::string> categories() const;
  /// True when the category's tools are listed and kept.
  [[nodiscard]] bool loaded(std::string_view category) const;
  /// The tools of a category: on first use starts its server and lists them; then the kept list.
  /// Errors: io_error for an unknown category, and those of client::connect / list_tools.
  [[nodiscard]] result<std::vector<tool_info>> tools(std::string_view category);
  /// Calls a tool of a category (starting its server first when needed).
  [[nodiscard]] result<call_result> call(std::string_view category, std::string_view tool,
                                         const value& arguments, const call_options& options = {});
  /// Forgets the kept tool list of a category (the server stays connected).
  void invalidate(std::string_view category);
  /// Shuts down the server of every category; the next use starts it again.
  void shutdown_all();

  struct entry;  ///< one category (src/mcp/client_cache.cpp)

 private:
  result<std::shared_ptr<entry>> find(std::string_view category) const;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<entry>, std::less<>> entries_;
};

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
