// toon::mcp::client against the official MCP servers, installed from the registries into
// tools/mcp-servers (tools/mcp-servers/ensure-installed.sh: npm ci from the committed lockfile,
// and a venv with the pinned PyPI packages): @modelcontextprotocol/server-filesystem,
// server-memory, server-everything (TypeScript SDK, 2025-11-25 handshake) and mcp-server-time,
// mcp-server-git (Python SDK, stateless 2026-07-28). For each one: connect under resource
// limits with an explicit environment, list every tool, make a real call to each tool and check
// its result, then shut down with no zombie and no leaked descriptor.
//
// Missing node, python or servers: the tests are skipped (ctest shows them as skipped), and fail
// when CI=true.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <future>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/http.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using toon::mcp::call_result;
using toon::mcp::client;
using toon::value;

const fs::path servers_dir = TOON_MCP_SERVERS_DIR;

std::size_t open_fds() {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) ++n;
  return n;
}

bool reaped(int pid) {
  errno = 0;
  return ::waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && std::string(ci) == "true";
}

/// The first executable `name` on PATH, or empty.
std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

/// A fresh temporary directory, removed at the end of the test.
struct temp_dir {
  fs::path path;
  explicit temp_dir(const std::string& tag) {
    path = fs::temp_directory_path() / ("toon-mcp-" + tag + "-" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
    path = fs::canonical(path);
  }
  ~temp_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

/// Base: checks prerequisites, and that no descriptor or child outlives a test.
class OfficialServer : public ::testing::Test {
 protected:
  void SetUp() override { fds_before_ = open_fds(); }
  void TearDown() override { EXPECT_EQ(open_fds(), fds_before_) << "a descriptor leaked"; }

  /// Empty when `file` is there; else the reason (the caller skips, or fails in CI).
  static std::string missing(const fs::path& file, const std::string& runtime) {
    if (!runtime.empty() && find_on_path(runtime).empty()) return runtime + " is not on PATH";
    if (!fs::exists(file))
      return file.string() + " is missing: run tools/mcp-servers/ensure-installed.sh (scripts/setup.sh does)";
    return {};
  }

  /// An explicit environment: PATH, a private HOME, and `extra`.
  static std::vector<std::string> environment(const fs::path& home, std::vector<std::string> extra = {}) {
    const char* path = std::getenv("PATH");
    extra.push_back(std::string("PATH=") + (path != nullptr ? path : "/usr/bin:/bin"));
    extra.push_back("HOME=" + home.string());
    extra.push_back("LANG=C.UTF-8");
    return extra;
  }

  /// Lists the tools, checks they are exactly `expected`, and returns them by name.
  static std::map<std::string, toon::mcp::tool_info> list_exactly(client& c, const std::set<std::string>& expected) {
    auto tools = c.list_tools();
    EXPECT_TRUE(tools) << (tools ? "" : tools.error().message);
    std::map<std::string, toon::mcp::tool_info> by_name;
    if (!tools) return by_name;
    for (auto& t : *tools) {
      EXPECT_TRUE(t.input_schema.is_object()) << t.name;
      by_name.emplace(t.name, t);
    }
    std::set<std::string> names;
    for (const auto& [name, t] : by_name) names.insert(name);
    EXPECT_EQ(names, expected);
    return by_name;
  }

  /// Calls a tool that must succeed; returns its result (an empty one on failure).
  call_result ok_call(client& c, const std::string& tool, const value& args) {
    called_.insert(tool);
    auto r = c.call_tool(tool, args, 60s);
    EXPECT_TRUE(r) << tool << ": " << (r ? "" : r.error().message) << "\nstderr: " << c.stderr_tail();
    if (!r) return {};
    EXPECT_FALSE(r->is_error) << tool << ": " << r->text();
    EXPECT_TRUE(r->content.is_array()) << tool;
    return std::move(*r);
  }

  /// Shuts down, expecting the server to exit 0 on stdin EOF (or, with `sigterm_ok`, at the
  /// latest on SIGTERM), and checks it was reaped.
  static void shut_down(client& c, bool sigterm_ok = false) {
    int pid = c.pid();
    ASSERT_GT(pid, 0);
    toon::mcp::exit_status st = c.shutdown();
    if (sigterm_ok && st.signal == SIGTERM) st = toon::mcp::exit_status{0, 0};
    EXPECT_TRUE(st.success()) << "the server did not end on stdin EOF: " << st.to_string();
    EXPECT_TRUE(reaped(pid)) << "zombie left behind";
  }

  std::size_t fds_before_ = 0;
  std::set<std::string> called_;
};

#define TOON_REQUIRE(file, runtime)                                         \
  do {                                                                      \
    std::string why = missing((file), (runtime));                           \
    if (!why.empty()) {                                                     \
      if (in_ci()) FAIL() << "CI=true and the MCP server is missing: " << why; \
      GTEST_SKIP() << why;                                                  \
    }                                                                       \
  } while (0)

// A free TCP port on 127.0.0.1: bound here and released, for a server to bind next; empty when
// none could be had.
std::string free_loopback_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return {};
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  std::string port;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0)
    port = std::to_string(ntohs(addr.sin_port));
  ::close(fd);
  return port;
}

// connect_http to http://127.0.0.1:PORT/mcp, tried every 100 ms for up to 15 s while the server
// starts; the last attempt's result.
toon::result<client> connect_when_listening(const std::string& port, const toon::mcp::client_options& o) {
  toon::result<client> c = toon::error{};
  for (int attempt = 0; attempt < 150; ++attempt) {
    c = toon::mcp::connect_http("http://127.0.0.1:" + port + "/mcp", {}, o);
    if (c) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return c;
}

const fs::path npm_modules = servers_dir / "node_modules" / "@modelcontextprotocol";
const fs::path venv_bin = servers_dir / "venv" / "bin";

toon::mcp::resource_limits node_limits() {
  toon::mcp::resource_limits l;
  l.cpu_seconds = 120;
  // V8 reserves about 10 GiB of address space per WebAssembly memory (undici, behind fetch,
  // is Wasm): 4 GiB is enough to start, not to fetch.
  l.address_space_bytes = 32ull << 30;
  l.open_files = 1024;
  return l;
}

toon::mcp::resource_limits python_limits() {
  toon::mcp::resource_limits l;
  l.cpu_seconds = 120;
  l.address_space_bytes = 2ull << 30;
  l.open_files = 1024;
  return l;
}

TEST_F(OfficialServer, Filesystem) {
  fs::path entry = npm_modules / "server-filesystem" / "dist" / "index.js";
  TOON_REQUIRE(entry, "node");
  temp_dir home("fs-home"), root("fs-root");
  toon::mcp::process_options p;
  p.argv = {"node", entry.string(), root.path.string()};
  p.environment = environment(home.path);
  p.working_directory = root.path.string();
  p.limits = node_limits();
  auto c = client::connect(p);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->server().name, "secure-filesystem-server");
  EXPECT_FALSE(c->server().protocol_version.empty());
  auto tools = list_exactly(*c, {"read_file", "read_text_file", "read_media_file", "read_multiple_files", "write_file",
                                 "edit_file", "create_directory", "list_directory", "list_directory_with_sizes",
                                 "directory_tree", "move_file", "search_files", "get_file_info",
                                 "list_allowed_directories"});
  std::string a = (root.path / "a.txt").string(), b = (root.path / "b.txt").string();

  ok_call(*c, "write_file", toon::object{{"path", a}, {"content", "hello\nworld\n"}});
  EXPECT_EQ(read_text(a), "hello\nworld\n");
  write_text(b, "second file\n");
  EXPECT_TRUE(contains(ok_call(*c, "read_file", toon::object{{"path", a}}).text(), "hello\nworld"));
  std::string head = ok_call(*c, "read_text_file", toon::object{{"path", a}, {"head", 1}}).text();
  EXPECT_TRUE(contains(head, "hello"));
  EXPECT_FALSE(contains(head, "world"));
  std::string both = ok_call(*c, "read_multiple_files", toon::object{{"paths", toon::array{a, b}}}).text();
  EXPECT_TRUE(contains(both, "hello") && contains(both, "second file")) << both;
  // A 1x1 PNG: returned as an image block.
  const unsigned char png[] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48,
                               0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
                               0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78,
                               0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00,
                               0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82};
  write_text(root.path / "pixel.png", std::string(reinterpret_cast<const char*>(png), sizeof png));
  call_result media = ok_call(*c, "read_media_file", toon::object{{"path", (root.path / "pixel.png").string()}});
  ASSERT_TRUE(media.content.is_array() && !media.content.as_array().empty());
  EXPECT_EQ(media.content.as_array()[0].find("type")->as_string(), "image");
  EXPECT_EQ(media.content.as_array()[0].find("mimeType")->as_string(), "image/png");

  std::string diff = ok_call(*c, "edit_file",
                             toon::object{{"path", a},
                                          {"edits", toon::array{toon::object{{"oldText", "world"}, {"newText", "there"}}}}})
                         .text();
  EXPECT_TRUE(contains(diff, "+there")) << diff;
  EXPECT_EQ(read_text(a), "hello\nthere\n");
  ok_call(*c, "create_directory", toon::object{{"path", (root.path / "sub" / "deep").string()}});
  EXPECT_TRUE(fs::is_directory(root.path / "sub" / "deep"));
  std::string listing = ok_call(*c, "list_directory", toon::object{{"path", root.path.string()}}).text();
  EXPECT_TRUE(contains(listing, "[FILE] a.txt") && contains(listing, "[DIR] sub")) << listing;
  EXPECT_TRUE(contains(ok_call(*c, "list_directory_with_sizes", toon::object{{"path", root.path.string()}}).text(), "a.txt"));
  auto tree = toon::from_json(ok_call(*c, "directory_tree", toon::object{{"path", root.path.string()}}).text());
  ASSERT_TRUE(tree);
  EXPECT_TRUE(contains(toon::to_json(*tree), "\"deep\""));
  ok_call(*c, "move_file", toon::object{{"source", b}, {"destination", (root.path / "sub" / "b2.txt").string()}});
  EXPECT_TRUE(fs::exists(root.path / "sub" / "b2.txt"));
  EXPECT_FALSE(fs::exists(b));
  EXPECT_TRUE(contains(ok_call(*c, "search_files", toon::object{{"path", root.path.string()}, {"pattern", "**/*.txt"}}).text(),
                       "b2.txt"));
  EXPECT_TRUE(contains(ok_call(*c, "get_file_info", toon::object{{"path", a}}).text(), "size"));
  EXPECT_TRUE(contains(ok_call(*c, "list_allowed_directories", toon::object{}).text(), root.path.string()));

  // Outside the allowed directory: a tool error, not a protocol error.
  auto denied = c->call_tool("read_text_file", toon::object{{"path", home.path.string() + "/x"}});
  ASSERT_TRUE(denied) << denied.error().message;
  EXPECT_TRUE(denied->is_error);
  EXPECT_EQ(called_.size(), tools.size());
  shut_down(*c);
}

TEST_F(OfficialServer, Memory) {
  fs::path entry = npm_modules / "server-memory" / "dist" / "index.js";
  TOON_REQUIRE(entry, "node");
  temp_dir home("memory");
  fs::path store = home.path / "memory.jsonl";
  toon::mcp::process_options p;
  p.argv = {"node", entry.string()};
  p.environment = environment(home.path, {"MEMORY_FILE_PATH=" + store.string()});
  p.limits = node_limits();
  auto c = client::connect(p);
  ASSERT_TRUE(c) << c.error().message;
  auto tools = list_exactly(*c, {"create_entities", "create_relations", "add_observations", "delete_entities",
                                 "delete_observations", "delete_relations", "read_graph", "search_nodes", "open_nodes"});

  ok_call(*c, "create_entities",
          toon::object{{"entities", toon::array{toon::object{{"name", "Ada"}, {"entityType", "person"},
                                                             {"observations", toon::array{"wrote programs"}}},
                                                toon::object{{"name", "Engine"}, {"entityType", "machine"},
                                                             {"observations", toon::array{}}}}}});
  ok_call(*c, "create_relations",
          toon::object{{"relations", toon::array{toon::object{{"from", "Ada"}, {"to", "Engine"}, {"relationType", "programmed"}}}}});
  ok_call(*c, "add_observations",
          toon::object{{"observations", toon::array{toon::object{{"entityName", "Ada"}, {"contents", toon::array{"born 1815"}}}}}});
  std::string graph = ok_call(*c, "read_graph", toon::object{}).text();
  EXPECT_TRUE(contains(graph, "Ada") && contains(graph, "programmed") && contains(graph, "born 1815")) << graph;
  EXPECT_TRUE(contains(read_text(store), "Engine"));  // the server wrote where the environment said
  std::string found = ok_call(*c, "search_nodes", toon::object{{"query", "1815"}}).text();
  EXPECT_TRUE(contains(found, "Ada"));
  EXPECT_FALSE(contains(found, "machine")) << found;
  EXPECT_TRUE(contains(ok_call(*c, "open_nodes", toon::object{{"names", toon::array{"Engine"}}}).text(), "machine"));
  ok_call(*c, "delete_observations",
          toon::object{{"deletions", toon::array{toon::object{{"entityName", "Ada"}, {"observations", toon::array{"born 1815"}}}}}});
  ok_call(*c, "delete_relations",
          toon::object{{"relations", toon::array{toon::object{{"from", "Ada"}, {"to", "Engine"}, {"relationType", "programmed"}}}}});
  ok_call(*c, "delete_entities", toon::object{{"entityNames", toon::array{"Engine"}}});
  std::string after = ok_call(*c, "read_graph", toon::object{}).text();
  EXPECT_TRUE(contains(after, "Ada"));
  EXPECT_FALSE(contains(after, "Engine") || contains(after, "born 1815") || contains(after, "programmed")) << after;
  EXPECT_EQ(called_.size(), tools.size());
  shut_down(*c);
}

TEST_F(OfficialServer, Everything) {
  fs::path entry = npm_modules / "server-everything" / "dist" / "index.js";
  TOON_REQUIRE(entry, "node");
  temp_dir home("everything");
  toon::mcp::process_options p;
  p.argv = {"node", entry.string(), "stdio"};
  p.environment = environment(home.path, {"TOON_MCP_MARKER=explicit-env-42"});
  p.limits = node_limits();
  int notifications = 0, progress_notifications = 0;
  std::mutex notifications_mu;
  toon::mcp::client_options o;
  o.on_notification = [&](const value& message) {
    std::lock_guard lock(notifications_mu);
    ++notifications;
    if (const value* m = message.find("method"); m != nullptr && m->is_string() && m->as_string() == "notifications/progress")
      ++progress_notifications;
  };
  auto c = client::connect(p, o);
  ASSERT_TRUE(c) << c.error().message;
  auto tools = list_exactly(*c, {"echo", "get-annotated-message", "get-env", "get-resource-links", "get-resource-reference",
                                 "get-structured-content", "get-sum", "get-tiny-image", "gzip-file-as-resource",
                                 "toggle-simulated-logging", "toggle-subscriber-updates", "trigger-long-running-operation",
                                 "simulate-research-query"});
  EXPECT_TRUE(contains(ok_call(*c, "echo", toon::object{{"message", "hi from toon"}}).text(), "hi from toon"));
  EXPECT_FALSE(ok_call(*c, "get-annotated-message", toon::object{{"messageType", "success"}}).content.as_array().empty());
  std::string env = ok_call(*c, "get-env", toon::object{}).text();
  EXPECT_TRUE(contains(env, "explicit-env-42"));
  EXPECT_FALSE(contains(env, "GTEST")) << "the parent's environment leaked into the server";
  call_result links = ok_call(*c, "get-resource-links", toon::object{{"count", 2}});
  int link_blocks = 0;
  for (const value& block : links.content.as_array())
    if (block.find("type")->as_string() == "resource_link") ++link_blocks;
  EXPECT_EQ(link_blocks, 2);
  call_result ref = ok_call(*c, "get-resource-reference", toon::object{{"resourceType", "Text"}, {"resourceId", 1}});
  EXPECT_TRUE(contains(toon::to_json(ref.content), "demo://resource/"));
  call_result structured = ok_call(*c, "get-structured-content", toon::object{{"location", "Chicago"}});
  EXPECT_TRUE(structured.structured_content.is_object()) << toon::to_json(structured.raw);
  EXPECT_TRUE(tools.at("get-structured-content").output_schema.is_object());
  EXPECT_TRUE(contains(ok_call(*c, "get-sum", toon::object{{"a", 2}, {"b", 40}}).text(), "42"));
  // The same call written in MCP-DSL, as a model may write it (with and without an id).
  auto dsl_sum = c->call_dsl("> tools/call#9 {name: \"get-sum\", args: {a: 20, b: 22}}");
  ASSERT_TRUE(dsl_sum) << dsl_sum.error().to_string();
  EXPECT_FALSE(dsl_sum->is_error);
  EXPECT_TRUE(contains(dsl_sum->text(), "42")) << dsl_sum->text();
  auto dsl_echo = c->call_dsl("> tools/call {name: \"echo\", args: {message: \"dsl \\u00e9\"}}");
  ASSERT_TRUE(dsl_echo) << dsl_echo.error().to_string();
  EXPECT_TRUE(contains(dsl_echo->text(), "dsl \xC3\xA9")) << dsl_echo->text();
  auto dsl_bad = c->call_dsl("> tools/call#9 {name: \"get-sum\", args: {a: 1, b: }}");
  ASSERT_FALSE(dsl_bad);
  EXPECT_EQ(dsl_bad.error().code, toon::error_code::dsl_syntax);
  EXPECT_EQ(dsl_bad.error().line, 1u);
  EXPECT_EQ(dsl_bad.error().column, 50u);  // the `}` where the value of b should be
  auto dsl_list = c->call_dsl("> tools/list#1");
  ASSERT_FALSE(dsl_list);
  EXPECT_EQ(dsl_list.error().code, toon::error_code::type_mismatch);
  EXPECT_EQ(dsl_list.error().message, "not a tools/call request");
  call_result image = ok_call(*c, "get-tiny-image", toon::object{});
  EXPECT_TRUE(contains(toon::to_json(image.content), "\"image\""));
  call_result gz = ok_call(*c, "gzip-file-as-resource",
                           toon::object{{"name", "hello.txt.gz"}, {"data", "data:text/plain;base64,aGVsbG8gdG9vbgo="}});
  EXPECT_TRUE(contains(toon::to_json(gz.content), "hello.txt.gz"));
  ok_call(*c, "toggle-simulated-logging", toon::object{});
  ok_call(*c, "toggle-subscriber-updates", toon::object{});
  EXPECT_TRUE(contains(ok_call(*c, "trigger-long-running-operation", toon::object{{"duration", 0.2}, {"steps", 2}}).text(),
                       "completed"));
  {
    // With a progress callback the request carries a progressToken: the server's reports come
    // to the callback (not to on_notification), in order, each with the total.
    std::vector<std::pair<double, double>> reports;
    std::mutex reports_mu;
    toon::mcp::call_options progress_options;
    progress_options.on_progress = [&](double done, double total, std::string_view) {
      std::lock_guard lock(reports_mu);
      reports.emplace_back(done, total);
    };
    called_.insert("trigger-long-running-operation");
    auto with_progress =
        c->call_tool("trigger-long-running-operation", toon::object{{"duration", 0.3}, {"steps", 3}}, progress_options);
    ASSERT_TRUE(with_progress) << with_progress.error().message;
    EXPECT_FALSE(with_progress->is_error) << with_progress->text();
    std::lock_guard lock(reports_mu);
    EXPECT_EQ(reports, (std::vector<std::pair<double, double>>{{1, 3}, {2, 3}, {3, 3}}));
    std::lock_guard n_lock(notifications_mu);
    EXPECT_EQ(progress_notifications, 0) << "progress notifications also went to on_notification";
  }
  // Needs the tasks extension, which this client does not declare: a tool error, not a hang.
  called_.insert("simulate-research-query");
  auto research = c->call_tool("simulate-research-query", toon::object{{"topic", "toon"}}, 60s);
  ASSERT_TRUE(research) << research.error().message;
  EXPECT_TRUE(research->is_error);
  EXPECT_TRUE(contains(research->text(), "task")) << research->text();

  // A time limit shorter than the operation: error_code::timeout, notifications/cancelled
  // sent, and the server still answers afterwards.
  auto slow = c->call_tool("trigger-long-running-operation", toon::object{{"duration", 30}, {"steps", 30}}, 300ms);
  ASSERT_FALSE(slow);
  EXPECT_EQ(slow.error().code, toon::error_code::timeout);
  EXPECT_TRUE(c->ping());
  EXPECT_TRUE(contains(c->stderr_tail(), "Starting default (STDIO) server"));  // stderr is captured
  EXPECT_EQ(called_.size(), tools.size());
  // Its timers (simulated logging, the cancelled long operation) keep it alive past stdin EOF.
  shut_down(*c, true);
}

TEST_F(OfficialServer, Time) {
  fs::path exe = venv_bin / "mcp-server-time";
  TOON_REQUIRE(exe, "");
  temp_dir home("time");
  toon::mcp::process_options p;
  p.argv = {exe.string(), "--local-timezone", "UTC"};
  p.environment = environment(home.path);
  p.limits = python_limits();
  auto c = client::connect(p);
  ASSERT_TRUE(c) << c.error().message;
  auto tools = list_exactly(*c, {"get_current_time", "convert_time"});
  call_result now = ok_call(*c, "get_current_time", toon::object{{"timezone", "Europe/Paris"}});
  EXPECT_TRUE(contains(now.text(), "Europe/Paris")) << now.text();
  call_result conv = ok_call(*c, "convert_time", toon::object{{"source_timezone", "UTC"}, {"time", "12:00"},
                                                              {"target_timezone", "Asia/Tokyo"}});
  EXPECT_TRUE(contains(conv.text(), "21:00")) << conv.text();
  auto bad = c->call_tool("get_current_time", toon::object{{"timezone", "Not/AZone"}});
  EXPECT_TRUE(!bad || bad->is_error);  // an invalid zone is refused, one way or the other
  EXPECT_TRUE(c->ping());
  EXPECT_EQ(called_.size(), tools.size());
  shut_down(*c);
}

TEST_F(OfficialServer, Git) {
  fs::path exe = venv_bin / "mcp-server-git";
  TOON_REQUIRE(exe, "git");
  temp_dir home("git-home"), repo("git-repo");
  std::string r = repo.path.string();
  std::string setup = "git init -q -b main '" + r + "' && git -C '" + r + "' config user.email t@example.com && git -C '" +
                      r + "' config user.name Toon";
  ASSERT_EQ(std::system(setup.c_str()), 0);
  write_text(repo.path / "a.txt", "one\n");
  toon::mcp::process_options p;
  p.argv = {exe.string(), "--repository", r};
  p.environment = environment(home.path);
  p.limits = python_limits();
  auto c = client::connect(p);
  ASSERT_TRUE(c) << c.error().message;
  auto tools = list_exactly(*c, {"git_status", "git_diff_unstaged", "git_diff_staged", "git_diff", "git_commit", "git_add",
                                 "git_reset", "git_log", "git_create_branch", "git_checkout", "git_show", "git_branch"});
  value at = toon::object{{"repo_path", r}};
  auto with = [&](toon::object extra) {
    toon::object o = at.as_object();
    for (auto& m : extra) o.insert_or_assign(m.key, m.value);
    return value(std::move(o));
  };
  EXPECT_TRUE(contains(ok_call(*c, "git_status", at).text(), "a.txt"));
  ok_call(*c, "git_add", with({{"files", toon::array{"a.txt"}}}));
  EXPECT_TRUE(contains(ok_call(*c, "git_diff_staged", at).text(), "+one"));
  ok_call(*c, "git_commit", with({{"message", "first commit"}}));
  write_text(repo.path / "a.txt", "one\ntwo\n");
  EXPECT_TRUE(contains(ok_call(*c, "git_diff_unstaged", at).text(), "+two"));
  ok_call(*c, "git_add", with({{"files", toon::array{"a.txt"}}}));
  ok_call(*c, "git_reset", at);
  EXPECT_TRUE(contains(ok_call(*c, "git_diff_unstaged", at).text(), "+two"));  // unstaged again
  EXPECT_TRUE(contains(ok_call(*c, "git_log", with({{"max_count", 5}})).text(), "first commit"));
  ok_call(*c, "git_create_branch", with({{"branch_name", "feature"}}));
  ok_call(*c, "git_checkout", with({{"branch_name", "feature"}}));
  EXPECT_TRUE(contains(ok_call(*c, "git_branch", with({{"branch_type", "local"}})).text(), "feature"));
  EXPECT_TRUE(contains(ok_call(*c, "git_diff", with({{"target", "main"}})).text(), "+two"));
  EXPECT_TRUE(contains(ok_call(*c, "git_show", with({{"revision", "HEAD"}})).text(), "first commit"));
  EXPECT_EQ(called_.size(), tools.size());
  shut_down(*c);
}

}  // namespace

// server-everything in its streamableHttp mode (the TypeScript SDK's
// StreamableHTTPServerTransport, sessions and SSE answers), reached with connect_http.
// 2026-07-28 multi round-trip requests from a server of the official TypeScript SDK v2
// (tests/mcp/ts_v2_mrtr_server.mjs): the client answers each `input_required` result through
// client_options::on_request and retries with the answers and the echoed requestState.
TEST_F(OfficialServer, TypeScriptV2MultiRoundTrip) {
  const fs::path peers = TOON_MCP_PEERS_DIR;
  TOON_REQUIRE(peers / "node_modules" / "@modelcontextprotocol" / "server" / "package.json", "node");
  temp_dir home("ts-v2-mrtr");
  toon::mcp::process_options p;
  p.argv = {"node", (fs::path(TOON_TESTS_DIR) / "mcp" / "ts_v2_mrtr_server.mjs").string()};
  p.environment = environment(home.path);
  p.limits = node_limits();
  std::vector<std::string> asked;  // on_request runs on the calling thread here
  toon::mcp::client_options o;
  o.capabilities = toon::object{{"elicitation", toon::object{{"form", toon::object{}}}}, {"sampling", toon::object{}}, {"roots", toon::object{}}};
  o.on_request = [&](std::string_view method, const value& params) -> toon::result<value> {
    asked.emplace_back(method);
    if (method == "elicitation/create") {
      EXPECT_EQ(params["message"].as_string(), "Your name?");
      return value(toon::object{{"action", "accept"}, {"content", toon::object{{"name", "Ada"}}}});
    }
    if (method == "sampling/createMessage")
      return value(toon::object{{"role", "assistant"}, {"content", toon::object{{"type", "text"}, {"text", "hi"}}}, {"model", "m-1"}});
    if (method == "roots/list")
      return value(toon::object{{"roots", toon::array{toon::object{{"uri", "file:///w"}, {"name", "work"}}}}});
    return toon::error{toon::error_code::protocol_error, "unexpected " + std::string(method)};
  };
  auto c = client::connect(p, o);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->server().protocol_version, "2026-07-28");
  EXPECT_EQ(ok_call(*c, "confirm", toon::object{}).text(), "confirmed Ada");
  EXPECT_EQ(ok_call(*c, "two_step", toon::object{}).text(), "m-1 / work");
  EXPECT_EQ(asked, (std::vector<std::string>{"elicitation/create", "sampling/createMessage", "roots/list"}));
  // call_tool_async goes through the same rounds (on a thread of its own).
  {
    std::promise<toon::result<toon::mcp::call_result>> got;
    c->call_tool_async("two_step", toon::object{}, {}, [&got](toon::result<toon::mcp::call_result> r) { got.set_value(std::move(r)); });
    auto f = got.get_future();
    ASSERT_EQ(f.wait_for(60s), std::future_status::ready);
    toon::result<toon::mcp::call_result> r = f.get();
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->text(), "m-1 / work");
    EXPECT_EQ(asked.size(), 5u);
  }
  // Capabilities declared but no on_request: the call fails with a message that says why.
  toon::mcp::client_options bare;
  bare.capabilities = o.capabilities;
  auto d = client::connect(p, bare);
  ASSERT_TRUE(d) << d.error().message;
  auto r = d->call_tool("confirm", toon::object{}, 60s);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::protocol_error);
  EXPECT_TRUE(contains(r.error().message, "on_request is not set")) << r.error().message;
  shut_down(*d, true);
  shut_down(*c, true);
}

// The HTTP client against a server of the official Python SDK (MCPServer on uvicorn,
// tests/mcp/py_http_server.py): tools listed and called, progress in order, and an elicitation
// the server sends during the call, answered through client_options::on_request.
TEST_F(OfficialServer, PythonSdkServerOverStreamableHttp) {
  const fs::path python = fs::path(TOON_MCP_PEERS_DIR) / "venv" / "bin" / "python";
  TOON_REQUIRE(python, "");
  temp_dir home("py-http");
  const std::string port = free_loopback_port();  // released just before the server binds it
  ASSERT_FALSE(port.empty());
  toon::mcp::process_options p;
  p.argv = {python.string(), (fs::path(TOON_TESTS_DIR) / "mcp" / "py_http_server.py").string(), port};
  p.environment = environment(home.path);
  p.limits = python_limits();
  auto server = toon::mcp::process::spawn(p);
  ASSERT_TRUE(server) << server.error().message;
  std::atomic<int> elicited{0};
  toon::mcp::client_options o;
  o.probe_discover = false;
  o.initialize_timeout = std::chrono::seconds(5);
  o.request_timeout = std::chrono::seconds(30);
  o.capabilities = toon::object{{"elicitation", toon::object{}}};
  o.on_request = [&elicited](std::string_view method, const value& params) -> toon::result<value> {
    if (method != "elicitation/create") return toon::error{toon::error_code::protocol_error, "unexpected"};
    EXPECT_EQ(params["message"].as_string(), "Your name?");
    ++elicited;
    return value(toon::object{{"action", "accept"}, {"content", toon::object{{"name", "Ada"}}}});
  };
  toon::result<client> c = connect_when_listening(port, o);  // uvicorn starts in about 1-2 s
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->server().protocol_version, "2025-11-25");
  auto tools = c->list_tools();
  ASSERT_TRUE(tools) << tools.error().message;
  std::set<std::string> names;
  for (const auto& t : *tools) names.insert(t.name);
  EXPECT_EQ(names, (std::set<std::string>{"echo", "count", "ask_name"}));
  EXPECT_EQ(ok_call(*c, "echo", toon::object{{"text", "hi over http"}}).text(), "echo: hi over http");
  std::vector<double> reports;
  std::mutex reports_mu;
  toon::mcp::call_options progress_options;
  progress_options.on_progress = [&](double done, double total, std::string_view) {
    std::lock_guard lock(reports_mu);
    reports.push_back(done);
    EXPECT_EQ(total, 3.0);
  };
  auto counted = c->call_tool("count", toon::object{{"steps", 3}}, progress_options);
  ASSERT_TRUE(counted) << counted.error().message;
  EXPECT_EQ(counted->text(), "counted 3");
  {
    std::lock_guard lock(reports_mu);
    EXPECT_EQ(reports, (std::vector<double>{1, 2, 3}));
  }
  EXPECT_EQ(ok_call(*c, "ask_name", toon::object{}).text(), "hello Ada");
  EXPECT_EQ(elicited.load(), 1);
  c->shutdown();
  server->shutdown(std::chrono::milliseconds(200), std::chrono::seconds(2));
}

TEST_F(OfficialServer, EverythingOverStreamableHttp) {
  fs::path entry = npm_modules / "server-everything" / "dist" / "index.js";
  TOON_REQUIRE(entry, "node");
  temp_dir home("everything-http");
  const std::string port = free_loopback_port();  // released just before the server binds it
  ASSERT_FALSE(port.empty());
  toon::mcp::process_options p;
  p.argv = {"node", entry.string(), "streamableHttp"};
  p.environment = environment(home.path, {"PORT=" + port});
  p.limits = node_limits();
  auto server = toon::mcp::process::spawn(p);
  ASSERT_TRUE(server) << server.error().message;
  toon::mcp::client_options o;
  o.probe_discover = false;
  o.initialize_timeout = std::chrono::seconds(5);
  o.request_timeout = std::chrono::seconds(30);
  toon::result<client> c = connect_when_listening(port, o);  // node starts in about 1 s
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->server().protocol_version, "2025-11-25");
  auto tools = c->list_tools();
  ASSERT_TRUE(tools) << tools.error().message;
  std::set<std::string> names;
  for (const auto& t : *tools) names.insert(t.name);
  for (const char* want : {"echo", "get-sum", "trigger-long-running-operation", "get-tiny-image"})
    EXPECT_TRUE(names.count(want)) << want;
  EXPECT_TRUE(contains(ok_call(*c, "echo", toon::object{{"message", "hi over http"}}).text(), "hi over http"));
  EXPECT_TRUE(contains(ok_call(*c, "get-sum", toon::object{{"a", 2}, {"b", 40}}).text(), "42"));
  EXPECT_TRUE(contains(toon::to_json(ok_call(*c, "get-tiny-image", toon::object{}).content), "\"image\""));
  std::vector<std::pair<double, double>> reports;
  std::mutex reports_mu;
  toon::mcp::call_options progress_options;
  progress_options.on_progress = [&](double done, double total, std::string_view) {
    std::lock_guard lock(reports_mu);
    reports.emplace_back(done, total);
  };
  auto long_op = c->call_tool("trigger-long-running-operation", toon::object{{"duration", 0.4}, {"steps", 4}}, progress_options);
  ASSERT_TRUE(long_op) << long_op.error().message;
  EXPECT_TRUE(contains(long_op->text(), "completed")) << long_op->text();
  {
    std::lock_guard lock(reports_mu);
    ASSERT_EQ(reports.size(), 4u);
    for (std::size_t i = 0; i < reports.size(); ++i) {
      EXPECT_EQ(reports[i].first, static_cast<double>(i + 1));
      EXPECT_EQ(reports[i].second, 4.0);
    }
  }
  auto ping = c->ping();
  EXPECT_TRUE(ping) << ping.error().message;
  c->shutdown();
  EXPECT_FALSE(c->connected());
  server->shutdown(std::chrono::milliseconds(200), std::chrono::seconds(2));
}
