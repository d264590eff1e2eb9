// Fuzz target: toon::mcp::server message handling (docs/mcp.md, docs/fuzzing.md). The input is
// cut into lines, fed to a fresh server (2025-11-25 and 2026-07-28 requests alike), and every
// message the server sends must be one line of JSON: a JSON-RPC 2.0 response object with a
// valid or null id and exactly one of result (an object) and error ({code: integer, message:
// string}), or a request or notification to the client. No more responses than lines, nothing thrown, no crash; handlers run on their own
// threads and are all answered before the next input. The server also has resources, a
// resource template, a prompt and completions (toon::mcp::server_features), so that
// resources/*, prompts/* and completion/complete are reached too.
#include <chrono>
#include <mutex>
#include <thread>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "toon/json.hpp"
#include "toon/mcp/call_context.hpp"
#include "toon/mcp/features.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

namespace {

struct echo_args {
  std::string text;
  int times = 1;
};
struct echoed {
  std::string text;
  int times = 1;
};
struct page_vars {
  std::string book;
  int page = 0;
};
struct review_args {
  std::string language;
  std::optional<std::string> focus;
};

}  // namespace

template <>
struct toon::meta<echo_args> {
  static constexpr std::string_view defaulted[] = {"times"};
};

namespace {

// Deferred answers of the `later` tool, answered by the harness once the input is fed.
struct parked_answers {
  std::mutex m;
  std::vector<std::pair<toon::mcp::deferred_answer, toon::call_result>> open;
  void add(toon::mcp::deferred_answer a, toon::call_result r) {
    std::lock_guard<std::mutex> lock(m);
    open.emplace_back(std::move(a), std::move(r));
  }
  // Answers every parked call; true when there was none.
  bool answer_all() {
    std::vector<std::pair<toon::mcp::deferred_answer, toon::call_result>> now;
    {
      std::lock_guard<std::mutex> lock(m);
      now.swap(open);
    }
    for (auto& [answer, r] : now) answer.complete(std::move(r));
    return now.empty();
  }
};
parked_answers& parked() {
  static parked_answers p;
  return p;
}

const toon::tool_catalog& catalog() {
  static const toon::tool_catalog cat = [] {
    toon::tool_catalog c;
    c.add<echo_args>("echo", "Echo", "", [](const echo_args& a) { return echoed{a.text, a.times}; });
    c.add<echo_args>("fail", "Throws", "", [](const echo_args& a) -> std::string { throw std::runtime_error(a.text); });
    // Asks the client (2025-11-25: requests with a short time limit; 2026-07-28: multi round-trip
    // requests answered from inputResponses / requestState): `times` requests in turn.
    c.add<echo_args>("ask", "Asks the client", "", [](const echo_args& a, toon::mcp::call_context& ctx) -> toon::result<std::string> {
      std::string out;
      for (int i = 0; i < a.times && i < 4; ++i) {
        toon::result<toon::value> r = i % 2 == 0 ? ctx.sample(toon::object{{"messages", toon::array{}}, {"maxTokens", 1}},
                                                             std::chrono::milliseconds(5))
                                                 : ctx.elicit(toon::object{{"message", a.text}}, std::chrono::milliseconds(5));
        if (!r) return r.error();
        out += toon::to_json(*r);
      }
      return out;
    });
    // Defers its answer (call_context::defer): `times` 0 answers before returning, 1 drops the
    // deferred answer (the call fails), other values park it for the harness to answer after the
    // input (so cancellations and time-outs of open deferred calls are reached).
    toon::tool later_tool = toon::tool_catalog::make_tool<echo_args>("later", "Answers later", "", [](const echo_args& a, toon::mcp::call_context& ctx) -> std::string {
      toon::result<toon::mcp::deferred_answer> later = ctx.defer();
      if (!later) return later.error().message;
      toon::call_result r;
      r.text = a.text;
      if (a.times == 0) later->complete(std::move(r));
      else if (a.times != 1) parked().add(std::move(*later), std::move(r));
      return "ignored";
    });
    later_tool.nonblocking = true;  // run on the reading thread when a slot is free
    c.add_tool(std::move(later_tool));
    return c;
  }();
  return cat;
}

// Completions of a few fixed words; `known` (the other arguments) is read when present.
std::vector<std::string> complete_words(std::string_view argument, std::string_view prefix, const toon::value& known) {
  std::vector<std::string> out;
  for (std::string w : {"dune", "emma", "cpp", "c", "python"})
    if (w.starts_with(prefix)) out.push_back(w);
  if (const toon::value* other = known.find("language"); other != nullptr && other->is_string())
    out.push_back(other->as_string() + "-" + std::string(argument));
  return out;
}

const toon::mcp::server_features& features() {
  static const toon::mcp::server_features f = [] {
    toon::mcp::server_features x;
    x.add_resource({.uri = "mem://readme", .name = "readme", .mime_type = "text/plain"},
                   [] { return toon::mcp::resource_contents{.text = "hello"}; });
    x.add_resource({.uri = "mem://blob", .name = "blob", .mime_type = "application/octet-stream"},
                   [] { return toon::mcp::resource_contents{.blob = std::string("\x89\0\xff", 3)}; });
    x.add_resource_template<page_vars>(
        {.uri = "book://{book}/page/{page}", .name = "page", .mime_type = "text/plain"},
        [](const page_vars& v) -> toon::result<toon::mcp::resource_contents> {
          if (v.page > 100) {
            toon::error e;
            e.code = toon::error_code::io_error;
            e.message = "no such page";
            return e;
          }
          return toon::mcp::resource_contents{.text = v.book + " p." + std::to_string(v.page)};
        },
        complete_words);
    x.add_prompt<review_args>(
        {.name = "review", .description = "Review code"},
        [](const review_args& a) {
          toon::mcp::prompt_result r;
          r.messages.push_back({"user", "Review this " + a.language + " code" + (a.focus ? " for " + *a.focus : "")});
          return r;
        },
        complete_words);
    return x;
  }();
  return f;
}

// Checks one message the server sent; true when it is a response.
bool check_message(std::string_view message) {
  if (message.find('\n') != std::string_view::npos) toon_fuzz::fail("a message spans lines", message);
  toon::result<toon::value> v = toon::from_json(message);
  if (!v || !v->is_object()) toon_fuzz::fail("a message is not a JSON object", message);
  const toon::value* version = v->find("jsonrpc");
  if (version == nullptr || !version->is_string() || version->as_string() != "2.0")
    toon_fuzz::fail("a message without jsonrpc 2.0", message);
  // A request or notification to the client (the `ask` tool in a session, or the
  // notifications/cancelled that follows its timeout): a method and params object.
  if (const toon::value* method = v->find("method"); method != nullptr) {
    const toon::value* params = v->find("params");
    if (!method->is_string() || (params != nullptr && !params->is_object()) || v->find("result") != nullptr ||
        v->find("error") != nullptr)
      toon_fuzz::fail("a malformed message to the client", message);
    return false;
  }
  const toon::value* id = v->find("id");
  if (id == nullptr || !(id->is_null() || id->is_string() || id->type() == toon::value::kind::integer ||
                         id->type() == toon::value::kind::uinteger))
    toon_fuzz::fail("a response without a valid id", message);
  const toon::value* result = v->find("result");
  const toon::value* error = v->find("error");
  if ((result == nullptr) == (error == nullptr)) toon_fuzz::fail("not exactly one of result and error", message);
  if (result != nullptr && !result->is_object()) toon_fuzz::fail("a result that is not an object", message);
  if (error != nullptr) {
    const toon::value* code = error->find("code");
    const toon::value* text = error->find("message");
    if (code == nullptr || code->type() != toon::value::kind::integer || text == nullptr || !text->is_string())
      toon_fuzz::fail("a malformed error object", message);
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();
  std::mutex m;
  std::vector<std::string> sent;
  toon::mcp::server_options options;
  options.log = {};
  options.page_size = 1 + toon_fuzz::input_hash(text) % 3;
  options.max_line_size = 1 << 16;
  features().install(options);
  {
    toon::mcp::server server(catalog(), options, [&](std::string_view message) {
      std::lock_guard<std::mutex> lock(m);
      sent.emplace_back(message);
    });
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t nl = text.find('\n', start);
      std::string_view line = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
      if (line.size() > options.max_line_size) server.reject_oversized_line(line.size());
      else server.handle_line(line);
      if (nl == std::string_view::npos) break;
      start = nl + 1;
    }
    // Handlers still running may park answers: answer them until none is left.
    for (;;) {
      const bool none = parked().answer_all();
      toon::mcp::server_stats st = server.stats();
      if (none && st.running == 0 && st.queued == 0 && st.deferred == 0) break;
      std::this_thread::yield();
    }
    server.wait_idle();
  }
  std::size_t responses = 0;
  for (const std::string& message : sent) responses += check_message(message) ? 1 : 0;
  if (responses > toon_fuzz::count_lines(text)) toon_fuzz::fail("more responses than lines", text);
  return 0;
}
