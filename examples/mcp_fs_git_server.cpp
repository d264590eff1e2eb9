// An MCP server over stdio for the filesystem and git tools of fs_git_tools.hpp
// (docs/mcp.md): toon::mcp::server serving their toon::tool_catalog, protocol 2025-11-25 and
// 2026-07-28. Typed results (write_file, list_directory, search_files, the git tools) come
// back as structuredContent with an outputSchema, and as TOON text for the model.
//
//   mcp_fs_git_server [--workspace DIR] [--test-tools] [--context-tools] [--features] [--list-changed]
//                     [--lazy] [--timeout-ms N] [--page-size N] [--max-line-bytes N] [--max-calls N]
//
// --workspace DIR   the directory the filesystem tools work in (default: a fresh directory in
//                   the temporary directory, deleted at exit)
// --test-tools      also serve `fail` (its handler throws) and `sleep` (its handler sleeps
//                   `ms` milliseconds), for the protocol tests (category "test")
// --context-tools   also serve tools whose handlers take the call context (category "context"):
//                   `progress` (reports `steps` progress notifications, `delay_ms` apart, waits
//                   `linger_ms` after the last, and stops when cancelled), `wait` (waits `ms`
//                   milliseconds or until its stop token fires), `probe` (answers how long ago
//                   the last `wait` handler returned, and who asks), `log` (logs its message at
//                   every level) and `ask_client` (asks the client for its roots, a sample or an
//                   elicitation, or all three in turn, and answers with the client's result as JSON)
// --features        also serve typed resources, a resource template, a prompt and completions
//                   (toon::mcp::server_features): resources `toon://readme` (text) and
//                   `toon://logo` (binary), the template `toon://greeting/{name}/{times}`, the
//                   prompt `review` (arguments language, optional focus) with completions of
//                   `language` and of the template's `name`; and a title and annotations for
//                   read_file and write_file (server_options::tool_presentations);
//                   resources/subscribe, and `touch_resource` ({uri}) sending
//                   notifications/resources/updated to a client subscribed to that URI
// --list-changed    advertise tools.listChanged and serve `grow` (category "test"): each call
//                   adds a tool echo_N and announces it with notifications/tools/list_changed
// --lazy            lazy categories (server_options::lazy_categories): tools/list starts with
//                   `load_tools`, whose calls add the tools of one category at a time
// --timeout-ms N    give up a tool call after N ms (server_options::call_timeout; default 60000)
// --page-size N     tools per tools/list page (default 100)
// --max-line-bytes N, --max-calls N   server_options::max_line_size, max_concurrent_calls
//
// Logs go to stderr; stdout carries protocol messages only.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "fs_git_tools.hpp"
#include "toon/json.hpp"
#include "toon/mcp/call_context.hpp"
#include "toon/mcp/features.hpp"
#include "toon/mcp/server.hpp"

namespace test_tools {

struct fail_args {
  std::string message = "deliberate failure";
};

struct sleep_args {
  int ms = 1000;
};

struct slept {
  int ms = 0;
};

struct no_args {};

struct echo_args {
  std::string text;
};

struct progress_args {
  int steps = 5;
  int delay_ms = 10;
  int linger_ms = 0;
};

struct progressed {
  int steps_done = 0;
  bool stopped = false;
};

struct wait_args {
  int ms = 10000;
};

struct waited {
  long long waited_ms = 0;
  bool stopped = false;
};

struct probed {
  long long since_wait_returned_ms = -1;  // -1: no `wait` handler has returned yet
  std::string client;
  std::string protocol;
};

struct log_args {
  std::string message;
};

struct ask_args {
  std::string what;  // roots, sample, elicit, or all (the three in turn)
  int timeout_ms = 10000;
};

// Sleeps `ms` milliseconds, or less when `token` fires; true when it fired.
bool sleep_unless_stopped(std::stop_token token, std::chrono::milliseconds ms) {
  std::mutex m;
  std::condition_variable_any cv;
  std::unique_lock<std::mutex> lock(m);
  return cv.wait_for(lock, token, ms, [] { return false; }) || token.stop_requested();
}

// When the last `wait` handler returned (steady clock, in nanoseconds; 0: never).
std::atomic<long long> last_wait_return{0};

long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct touch_args {
  std::string uri;
};

struct greeting_vars {
  std::string name;
  int times = 1;
};

struct review_args {
  std::string language;
  std::optional<std::string> focus;
};

// Values of `candidates` that start with `prefix`.
std::vector<std::string> starting_with(std::initializer_list<const char*> candidates, std::string_view prefix) {
  std::vector<std::string> out;
  for (const char* c : candidates)
    if (std::string_view(c).starts_with(prefix)) out.emplace_back(c);
  return out;
}

// The resources, template, prompt and completions of --features.
toon::mcp::server_features make_features() {
  toon::mcp::server_features f;
  f.add_resource({.uri = "toon://readme", .name = "readme", .title = "Read me", .description = "About this server",
                  .mime_type = "text/plain", .size = 27},
                 [] { return toon::mcp::resource_contents{.text = "toon-cpp example MCP server"}; });
  f.add_resource({.uri = "toon://logo", .name = "logo", .mime_type = "application/octet-stream"},
                 [] { return toon::mcp::resource_contents{.blob = std::string("\x00\x01\xfe\xff", 4)}; });
  f.add_resource_template<greeting_vars>(
      {.uri = "toon://greeting/{name}/{times}", .name = "greeting", .description = "A greeting, repeated",
       .mime_type = "text/plain"},
      [](const greeting_vars& v) {
        std::string text;
        for (int i = 0; i < v.times && i < 100; ++i) text += (i == 0 ? "" : " ") + ("hello " + v.name);
        return toon::mcp::resource_contents{.text = text};
      },
      [](std::string_view argument, std::string_view prefix, const toon::value&) {
        return argument == "name" ? starting_with({"ada", "alan", "grace"}, prefix) : std::vector<std::string>{};
      });
  f.add_prompt<review_args>(
      {.name = "review", .title = "Code review", .description = "Asks for a review of code"},
      [](const review_args& a) {
        toon::mcp::prompt_result r;
        r.description = "Review of " + a.language + " code";
        r.messages.push_back({"user", "Please review this " + a.language + " code" + (a.focus ? ", focusing on " + *a.focus : "") + "."});
        return r;
      },
      [](std::string_view argument, std::string_view prefix, const toon::value&) {
        return argument == "language" ? starting_with({"c", "cpp", "python", "typescript"}, prefix) : std::vector<std::string>{};
      });
  return f;
}

}  // namespace test_tools

template <>
struct toon::meta<test_tools::review_args> {
  static constexpr toon::field_description field_descriptions[] = {{"language", "The code's programming language"},
                                                                   {"focus", "What to look at first"}};
};

template <>
struct toon::meta<test_tools::fail_args> {
  static constexpr std::string_view defaulted[] = {"message"};
  static constexpr toon::field_description field_descriptions[] = {{"message", "The message of the exception"}};
};
template <>
struct toon::meta<test_tools::progress_args> {
  static constexpr std::string_view defaulted[] = {"steps", "delay_ms", "linger_ms"};
};
template <>
struct toon::meta<test_tools::ask_args> {
  static constexpr std::string_view defaulted[] = {"timeout_ms"};
  static constexpr toon::field_description field_descriptions[] = {{"what", "roots, sample or elicit"}};
};
template <>
struct toon::meta<test_tools::wait_args> {
  static constexpr std::string_view defaulted[] = {"ms"};
};
template <>
struct toon::meta<test_tools::sleep_args> {
  static constexpr std::string_view defaulted[] = {"ms"};
  static constexpr toon::field_description field_descriptions[] = {{"ms", "How long to sleep, in milliseconds"}};
};

namespace {

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "mcp_fs_git_server: " << problem
            << "\nusage: mcp_fs_git_server [--workspace DIR] [--test-tools] [--context-tools] [--features] [--list-changed] [--lazy] [--timeout-ms N]"
               " [--page-size N] [--max-line-bytes N] [--max-calls N]\n";
  std::exit(2);
}

long long number_arg(int argc, char** argv, int& i) {
  std::string flag = argv[i];
  if (i + 1 >= argc) usage(flag + " needs a value");
  try {
    std::size_t used = 0;
    long long n = std::stoll(argv[++i], &used);
    if (used != std::string_view(argv[i]).size() || n < 0) throw std::invalid_argument(flag);
    return n;
  } catch (const std::exception&) {
    usage(flag + " needs a non-negative integer");
  }
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  toon::mcp::server_options options;
  options.info.name = "toon-fs-git";
  options.info.title = "toon-cpp filesystem and git tools";
  options.instructions = "Filesystem tools work inside one workspace directory; the git tools only say what they would run.";
  bool test = false;
  fs::path workspace_dir;
  bool temporary = false;
  bool context_tools = false;
  bool features = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--test-tools") test = true;
    else if (a == "--context-tools") context_tools = true;
    else if (a == "--features") {
      features = true;
      test_tools::make_features().install(options);
      options.resources_subscribe = true;
      toon::mcp::tool_presentation read_only;
      read_only.title = "Read a file";
      read_only.annotations.read_only_hint = true;
      options.tool_presentations["read_file"] = read_only;
      toon::mcp::tool_presentation write;
      write.title = "Write a file";
      write.annotations.read_only_hint = false;
      write.annotations.destructive_hint = true;
      write.annotations.idempotent_hint = true;
      write.annotations.open_world_hint = false;
      options.tool_presentations["write_file"] = write;
    }
    else if (a == "--list-changed") options.tools_list_changed = true;
    else if (a == "--lazy") options.lazy_categories = true;
    else if (a == "--workspace" && i + 1 < argc) workspace_dir = argv[++i];
    else if (a == "--timeout-ms") options.call_timeout = std::chrono::milliseconds(number_arg(argc, argv, i));
    else if (a == "--page-size") options.page_size = static_cast<std::size_t>(number_arg(argc, argv, i));
    else if (a == "--max-line-bytes") options.max_line_size = static_cast<std::size_t>(number_arg(argc, argv, i));
    else if (a == "--max-calls") options.max_concurrent_calls = static_cast<std::size_t>(number_arg(argc, argv, i));
    else usage("unknown argument " + std::string(a));
  }
  if (workspace_dir.empty()) {
    workspace_dir = fs::temp_directory_path() / ("toon_mcp_workspace_" + std::to_string(std::random_device{}()));
    temporary = true;
  }
  std::error_code ec;
  fs::create_directories(workspace_dir, ec);
  if (ec) usage("cannot create the workspace " + workspace_dir.string() + ": " + ec.message());

  // stdout is the protocol's from here on, also while the catalog is built: a stray print goes
  // to stderr.
  toon::mcp::claim_stdout();
  int status = 0;
  std::size_t abandoned = 0;
  {
    demo::workspace ws(fs::canonical(workspace_dir));
    toon::mcp::server* serving = nullptr;  // for `grow`, set before serving starts
    std::mutex grow_mutex;
    int echo_tools = 0;
    // The catalog with `extra` echo_N tools (only `grow` makes more than zero).
    std::function<std::shared_ptr<const toon::tool_catalog>(int)> build = [&](int extra) {
      auto cat = std::make_shared<toon::tool_catalog>(demo::make_catalog(ws));
      if (test || options.tools_list_changed) cat->add_category("test", "Tools for protocol tests");
      if (test) {
        cat->add<test_tools::fail_args>("fail", "Throws an exception (for tests)", "test",
                                        [](const test_tools::fail_args& a) -> std::string { throw std::runtime_error(a.message); });
        cat->add<test_tools::sleep_args>("sleep", "Sleeps, then answers (for timeout and cancellation tests)", "test",
                                         [](const test_tools::sleep_args& a) {
                                           std::this_thread::sleep_for(std::chrono::milliseconds(a.ms));
                                           return test_tools::slept{a.ms};
                                         });
      }
      if (context_tools) {
        using toon::mcp::call_context;
        cat->add_category("context", "Tools that report progress, log and stop when cancelled");
        cat->add<test_tools::progress_args>(
            "progress", "Reports `steps` progress notifications, `delay_ms` apart; stops when cancelled", "context",
            [](const test_tools::progress_args& a, call_context& ctx) {
              test_tools::progressed out;
              for (int i = 1; i <= a.steps; ++i) {
                if (test_tools::sleep_unless_stopped(ctx.stop_token(), std::chrono::milliseconds(a.delay_ms))) {
                  out.stopped = true;
                  break;
                }
                ctx.progress(i, a.steps, "step " + std::to_string(i) + " of " + std::to_string(a.steps));
                out.steps_done = i;
              }
              // The TypeScript SDK v1 handles a notification after a response that arrives in the
              // same read, so a last report adjacent to the result can reach it too late
              // (typescript-sdk issue 2580): a test waits a little before answering.
              if (!out.stopped && a.linger_ms > 0)
                test_tools::sleep_unless_stopped(ctx.stop_token(), std::chrono::milliseconds(a.linger_ms));
              return out;
            });
        cat->add<test_tools::wait_args>(
            "wait", "Waits `ms` milliseconds, or until cancelled", "context",
            [](const test_tools::wait_args& a, call_context& ctx) {
              auto start = std::chrono::steady_clock::now();
              test_tools::waited out;
              out.stopped = test_tools::sleep_unless_stopped(ctx.stop_token(), std::chrono::milliseconds(a.ms));
              out.waited_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
              test_tools::last_wait_return = test_tools::now_ns();
              return out;
            });
        cat->add<test_tools::no_args>(
            "probe", "Answers how long ago the last `wait` handler returned, and who asks", "context",
            [](const test_tools::no_args&, call_context& ctx) {
              test_tools::probed out;
              long long last = test_tools::last_wait_return.load();
              if (last != 0) out.since_wait_returned_ms = (test_tools::now_ns() - last) / 1000000;
              const toon::value* name = ctx.client_info().find("name");
              out.client = name != nullptr && name->is_string() ? name->as_string() : std::string();
              out.protocol = std::string(ctx.protocol_version());
              return out;
            });
        cat->add<test_tools::log_args>(
            "log", "Logs `message` at every level (notifications/message at the level the client set)", "context",
            [](const test_tools::log_args& a, call_context& ctx) {
              int sent = 0;
              for (auto level : {toon::mcp::log_level::debug, toon::mcp::log_level::info, toon::mcp::log_level::notice,
                                 toon::mcp::log_level::warning, toon::mcp::log_level::error,
                                 toon::mcp::log_level::critical, toon::mcp::log_level::alert,
                                 toon::mcp::log_level::emergency})
                if (ctx.log(level, toon::value(a.message), "toon-example")) ++sent;
              return "sent " + std::to_string(sent) + " log messages";
            });
        cat->add<test_tools::ask_args>(
            "ask_client", "Asks the client for its roots, a sample or an elicitation; answers with its result (JSON)",
            "context", [](const test_tools::ask_args& a, call_context& ctx) -> toon::result<std::string> {
              const std::chrono::milliseconds timeout(a.timeout_ms);
              toon::result<toon::value> r = toon::value();
              if (a.what == "roots") {
                r = ctx.list_roots(timeout);
              } else if (a.what == "sample") {
                toon::object text{{"type", "text"}, {"text", "Say hi"}};
                toon::object message{{"role", "user"}, {"content", std::move(text)}};
                r = ctx.sample(toon::object{{"messages", toon::array{std::move(message)}}, {"maxTokens", 20}}, timeout);
              } else if (a.what == "elicit") {
                toon::object name{{"type", "string"}};
                toon::object schema{{"type", "object"},
                                    {"properties", toon::object{{"name", std::move(name)}}},
                                    {"required", toon::array{"name"}}};
                r = ctx.elicit(toon::object{{"message", "Your name?"}, {"requestedSchema", std::move(schema)}}, timeout);
              } else if (a.what == "all") {  // the three in turn (in 2026-07-28: three rounds)
                toon::array all;
                for (const char* what : {"roots", "sample", "elicit"}) {
                  toon::result<toon::value> one =
                      what[0] == 'r'   ? ctx.list_roots(timeout)
                      : what[0] == 's' ? ctx.sample(toon::object{{"messages", toon::array{toon::object{
                                                                      {"role", "user"},
                                                                      {"content", toon::object{{"type", "text"}, {"text", "Say hi"}}}}}},
                                                    {"maxTokens", 20}},
                                                    timeout)
                                       : ctx.elicit(toon::object{{"message", "Your name?"},
                                                                 {"requestedSchema",
                                                                  toon::object{{"type", "object"},
                                                                               {"properties", toon::object{{"name", toon::object{{"type", "string"}}}}}}}},
                                                    timeout);
                  if (!one) return one.error();
                  all.push_back(std::move(*one));
                }
                r = toon::value(std::move(all));
              } else {
                return toon::error{toon::error_code::invalid_enum, "what: roots, sample, elicit or all"};
              }
              if (!r) return r.error();
              return toon::to_json(*r);
            });
      }
      if (features)
        cat->add<test_tools::touch_args>("touch_resource", "Tells subscribers that a resource changed", "",
                                         [&](const test_tools::touch_args& a) {
                                           return std::string(serving->notify_resource_updated(a.uri) ? "notified" : "not subscribed");
                                         });
      if (options.tools_list_changed) {
        cat->add<test_tools::no_args>("grow", "Adds a tool echo_N to this server (for list_changed tests)", "test",
                                      [&](const test_tools::no_args&) {
                                        std::lock_guard<std::mutex> lock(grow_mutex);
                                        ++echo_tools;
                                        serving->set_catalog(build(echo_tools));  // sends list_changed
                                        return "added echo_" + std::to_string(echo_tools);
                                      });
        for (int i = 1; i <= extra; ++i)
          cat->add<test_tools::echo_args>("echo_" + std::to_string(i), "Echoes its text", "test",
                                          [](const test_tools::echo_args& a) { return a.text; });
      }
      return std::shared_ptr<const toon::tool_catalog>(std::move(cat));
    };
    std::shared_ptr<const toon::tool_catalog> cat = build(0);
    toon::mcp::log_to_stderr("serving " + std::to_string(cat->tools().size()) + " tools on stdio, workspace " +
                             ws.root().string());
    toon::mcp::server srv(std::move(cat), options);
    serving = &srv;
    status = srv.serve_stdio();
    abandoned = srv.abandoned_calls();
  }
  if (temporary) fs::remove_all(workspace_dir, ec);
  if (abandoned > 0) {
    // Handler threads given up after a timeout may still run and use the catalog: end the
    // process without running destructors under them.
    std::fflush(nullptr);
    std::_Exit(status == 0 ? 0 : 1);
  }
  return status == 0 ? 0 : 1;
}
