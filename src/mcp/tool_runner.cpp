// Running intercepted tool calls concurrently (toon/mcp/tool_runner.hpp, docs/streaming.md).
#include "toon/mcp/tool_runner.hpp"
#include "toon/detail/linkage.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include "toon/encode.hpp"

namespace toon::mcp {

TOON_FUNC std::string_view to_string(run_status status) noexcept {
  switch (status) {
    case run_status::ok: return "ok";
    case run_status::tool_error: return "tool_error";
    case run_status::failed: return "failed";
    case run_status::refused: return "refused";
  }
  return "unknown";
}

TOON_FUNC tool_backend catalog_backend(const tool_catalog& catalog) {
  // The catalog's answer in the shape an MCP server would give it.
  return [&catalog](std::string_view name, const value& arguments, std::stop_token) -> result<call_result> {
    const toon::call_result r = catalog.call(name, arguments);
    call_result out;
    out.raw = r.to_mcp();
    if (const value* content = out.raw.find("content")) out.content = *content;
    if (r.structured) out.structured_content = *r.structured;
    out.is_error = r.is_error();
    return out;
  };
}

TOON_FUNC tool_backend client_backend(client& c, std::chrono::milliseconds timeout) {
  return [&c, timeout](std::string_view name, const value& arguments, std::stop_token stop) -> result<call_result> {
    call_options o;
    o.timeout = timeout;
    o.stop = std::move(stop);
    return c.call_tool(name, arguments, o);
  };
}

struct tool_runner::state {
  tool_backend backend;
  runner_options options;
  mutable std::mutex mutex;
  std::condition_variable done;
  std::deque<tool_result> finished;  // results not taken, in finishing order
  std::size_t started = 0;           // calls submitted
  std::size_t running = 0;           // calls whose thread has not posted its result
  std::vector<std::jthread> threads;

  // The oldest finished result, if any (the mutex held).
  std::optional<tool_result> take() {
    if (finished.empty()) return std::nullopt;
    tool_result r = std::move(finished.front());
    finished.pop_front();
    return r;
  }

  void post(tool_result r) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      finished.push_back(std::move(r));
      --running;
    }
    done.notify_all();
  }
};

TOON_FUNC tool_runner::tool_runner(tool_backend backend, runner_options options) : state_(std::make_unique<state>()) {
  state_->backend = std::move(backend);
  state_->options = options;
}

TOON_FUNC tool_runner::~tool_runner() {
  for (std::jthread& t : state_->threads) t.request_stop();
  state_->threads.clear();  // joins
}

TOON_FUNC bool tool_runner::submit(const intercepted_call& call) {
  using clock = std::chrono::steady_clock;
  const clock::time_point start = clock::now();
  tool_result r;
  r.id = call.id;
  r.name = call.name;
  std::size_t index = 0;
  bool refused = false;
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    index = state_->started++;
    refused = index >= state_->options.max_calls;
    ++state_->running;
  }
  r.index = index;
  if (refused) {
    r.status = run_status::refused;
    r.failure = error{error_code::size_limit, "not run: more than " + std::to_string(state_->options.max_calls) +
                                                  " tool calls in one response"};
    state_->post(std::move(r));
    return false;
  }
  state* s = state_.get();
  std::jthread t([s, r = std::move(r), arguments = call.arguments, start](std::stop_token stop) mutable {
    result<call_result> out = [&]() -> result<call_result> {
      try {
        return s->backend(r.name, arguments, std::move(stop));
      } catch (const std::exception& e) {
        return error{error_code::protocol_error, std::string("the tool backend threw: ") + e.what()};
      }
    }();
    r.duration = clock::now() - start;
    if (!out) {
      r.status = run_status::failed;
      r.failure = out.error();
    } else {
      r.status = out->is_error ? run_status::tool_error : run_status::ok;
      r.result = std::move(*out);
    }
    s->post(std::move(r));
  });
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->threads.push_back(std::move(t));
  return true;
}

TOON_FUNC std::optional<tool_result> tool_runner::try_next() {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->take();
}

TOON_FUNC std::optional<tool_result> tool_runner::next() {
  std::unique_lock<std::mutex> lock(state_->mutex);
  state_->done.wait(lock, [&] { return !state_->finished.empty() || state_->running == 0; });
  return state_->take();
}

TOON_FUNC std::vector<tool_result> tool_runner::wait_all() {
  std::unique_lock<std::mutex> lock(state_->mutex);
  state_->done.wait(lock, [&] { return state_->running == 0; });
  std::vector<tool_result> out(std::make_move_iterator(state_->finished.begin()),
                               std::make_move_iterator(state_->finished.end()));
  state_->finished.clear();
  std::sort(out.begin(), out.end(), [](const tool_result& a, const tool_result& b) { return a.index < b.index; });
  return out;
}

TOON_FUNC std::size_t tool_runner::submitted() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->started;
}

TOON_FUNC std::size_t tool_runner::outstanding() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->running + state_->finished.size();
}

TOON_FUNC std::string results_message(const std::vector<tool_result>& results) {
  toon::array rows;
  toon::object outputs;
  for (const tool_result& r : results) {
    toon::object row;
    row.emplace_back("id", value(r.id));
    row.emplace_back("name", value(r.name));
    row.emplace_back("status", value(std::string(to_string(r.status))));
    row.emplace_back("ms", value(static_cast<std::int64_t>(
                               std::chrono::duration_cast<std::chrono::milliseconds>(r.duration).count())));
    rows.emplace_back(std::move(row));
    outputs.insert_or_assign(r.id, value(r.failure ? r.failure->message : r.result.text()));
  }
  toon::object doc;
  doc.emplace_back("results", value(std::move(rows)));
  doc.emplace_back("outputs", value(std::move(outputs)));
  return toon::encode(value(std::move(doc)));
}

}  // namespace toon::mcp
