// toon/mcp/tool_runner.hpp - running the tool calls a stream_interceptor recognises while the
// model's stream goes on: each call on its own thread, through a tool_catalog in process or an
// MCP server (toon::mcp::client); results on their own channel with the call's id, duration and
// status (docs/streaming.md, "Running the calls").
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "toon/error.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/stream_interceptor.hpp"
#include "toon/tools/call_result.hpp"
#include "toon/tools/catalog.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

/// Runs one call: the tool's name, its arguments, and a token asking it to stop (the runner
/// is being destroyed). An error means the call could not be made (transport, protocol,
/// timeout); a tool that ran and failed is a call_result with is_error set.
using tool_backend = std::function<result<call_result>(std::string_view name, const value& arguments, std::stop_token stop)>;

/// A backend calling `catalog` in process (tool_catalog::call), its answers in the shape of an
/// MCP result (toon::call_result::to_mcp(), structured content included). The catalog must
/// outlive it.
[[nodiscard]] tool_backend catalog_backend(const tool_catalog& catalog);
/// A backend calling the tools of the server `c` is connected to (client::call_tool, with
/// `timeout`, cancelled when the runner stops). The client must outlive it.
[[nodiscard]] tool_backend client_backend(client& c, std::chrono::milliseconds timeout = std::chrono::milliseconds{0});

/// How a call ended.
enum class run_status : std::uint8_t {
  ok,          ///< the tool ran and succeeded
  tool_error,  ///< the tool ran and failed, or refused its arguments (call_result::is_error)
  failed,      ///< the call could not be made (tool_result::failure says why)
  refused,     ///< not run: over runner_options::max_calls
};

/// Short stable name of a run status, e.g. "tool_error".
[[nodiscard]] std::string_view to_string(run_status status) noexcept;

/// The result of one call.
struct tool_result {
  /// The call's id (intercepted_call::id) and tool name.
  std::string id{};
  std::string name{};
  run_status status = run_status::ok;
  /// What the tool answered, as an MCP result (empty for failed and refused).
  call_result result{};
  /// Why the call could not be made (failed, refused).
  std::optional<error> failure{};
  /// Wall time from submit() to the answer.
  std::chrono::nanoseconds duration{0};
  /// Its position among the runner's calls (0, 1, ...).
  std::size_t index = 0;
};

/// Options of tool_runner.
struct runner_options {
  /// The most calls run; later ones come back as refused at once (a bound per response: one
  /// runner per model response, see the chat loop in docs/streaming.md).
  std::size_t max_calls = 16;
};

/// Runs calls concurrently with whatever submits them (a stream being read), each on its own
/// thread, and hands the results back in the order they finish. Thread-safe. The destructor
/// asks running calls to stop and waits for them.
class tool_runner {
 public:
  /// A runner sending calls to `backend`.
  explicit tool_runner(tool_backend backend, runner_options options = {});
  ~tool_runner();
  tool_runner(const tool_runner&) = delete;
  tool_runner& operator=(const tool_runner&) = delete;

  /// Starts `call`; false (and a refused result queued) when max_calls were already started.
  bool submit(const intercepted_call& call);
  /// The next finished result, if one is ready.
  [[nodiscard]] std::optional<tool_result> try_next();
  /// Waits for the next finished result; nullopt when no call is queued or running.
  [[nodiscard]] std::optional<tool_result> next();
  /// Waits for every submitted call; their results not yet taken, in submission order.
  [[nodiscard]] std::vector<tool_result> wait_all();
  /// Calls submitted (refused ones included).
  [[nodiscard]] std::size_t submitted() const;
  /// Calls submitted whose results were not taken yet.
  [[nodiscard]] std::size_t outstanding() const;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

/// The results as a TOON document to send back to the model: a table of the calls
/// (`results[N]{id,name,status,ms}:`) then, for each, `<id>:` and its text (the tool's answer,
/// or the failure), e.g. for the next round of a chat loop.
[[nodiscard]] std::string results_message(const std::vector<tool_result>& results);

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
