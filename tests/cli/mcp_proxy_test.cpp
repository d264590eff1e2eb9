// `toon mcp proxy`: usage errors, config errors (JSON and TOON configs) and upstreams that cannot
// start, each with its exit status and message; which results it re-encodes (against
// tests/mcp/fake_mcp_server.py). The proxy's forwarding is tested against real servers by the
// ctests mcp.proxy_ts_sdk and mcp.proxy_ts_sdk_lazy (tests/mcp/ts_proxy_test.mjs).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "toon/decode.hpp"
#include "toon/json.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/http.hpp"
#include "toon/tools.hpp"

namespace fs = std::filesystem;

namespace {

struct run_result {
  int status = -1;
  std::string err;
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `toon mcp proxy ARGS` with stdin closed; returns the exit status and stderr.
run_result proxy(const std::string& args) {
  fs::path err = fs::temp_directory_path() / ("toon_proxy_err_" + std::to_string(::getpid()));
  std::string cmd = quote(TOON_CLI_PATH) + " mcp proxy " + args + " </dev/null >/dev/null 2>" + quote(err.string());
  int raw = std::system(cmd.c_str());
  run_result r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream in(err, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  r.err = ss.str();
  fs::remove(err);
  return r;
}

struct config_file {
  fs::path path;
  config_file(const std::string& name, const std::string& text)
      : path(fs::temp_directory_path() / ("toon_proxy_" + std::to_string(::getpid()) + "_" + name)) {
    std::ofstream(path, std::ios::binary) << text;
  }
  ~config_file() { fs::remove(path); }
};

}  // namespace

TEST(McpProxyCli, UsageErrors) {
  run_result r = proxy("");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("toon mcp proxy: no upstream server (give --config FILE, --http URL or a command after --)\nUsage: toon mcp proxy", 0), 0u)
      << r.err;
  r = proxy("--timeout 0 -- x");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("toon mcp proxy: --timeout needs a number of seconds, 1 to 3600\n", 0), 0u) << r.err;
  r = proxy("--bogus -- x");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("toon mcp proxy: unknown option or missing value \"--bogus\"\n", 0), 0u) << r.err;
  r = proxy("--config");
  EXPECT_EQ(r.status, 2);
  for (const char* bad : {"abc", "127.0.0.1:", "127.0.0.1:65536", "[::1]8080", "[]:80", "1:2:x"}) {
    r = proxy(std::string("--listen '") + bad + "' -- x");
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_EQ(r.err.rfind("toon mcp proxy: --listen takes [HOST:]PORT, e.g. 127.0.0.1:8080\n", 0), 0u) << bad << ": " << r.err;
  }
  r = proxy("--allow-origin https://app.example.com -- x");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("toon mcp proxy: --allow-host and --allow-origin need --listen\n", 0), 0u) << r.err;
}

TEST(McpProxyCli, HelpGoesToStdout) {
  std::string cmd = quote(TOON_CLI_PATH) + " mcp proxy --help";
  FILE* p = ::popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  EXPECT_EQ(WEXITSTATUS(::pclose(p)), 0);
  EXPECT_EQ(out.rfind("Usage:\n  toon mcp proxy [options] [--] [COMMAND [ARGS...]]\n", 0), 0u) << out;
}

TEST(McpProxyCli, ConfigErrors) {
  struct {
    const char* name;
    const char* text;
    const char* message;
  } cases[] = {
      {"unknown.json", R"({"servers":[{"name":"a","command":"x","bogus":1}]})", "servers[0].bogus: unknown field"},
      {"nocommand.json", R"({"servers":[{"name":"a"}]})", "servers[0].command is required"},
      {"noname.json", R"({"servers":[{"command":"x"}]})", "servers[0].name is required"},
      {"args.json", R"({"servers":[{"name":"a","command":"x","args":["ok",1]}]})", "servers[0].args[] must be a string"},
      {"env.json", R"({"mcpServers":{"a":{"command":"x","env":{"K":2}}}})", "mcpServers.a.env.K must be a string"},
      {"top.json", R"({"upstreams":[]})", "upstreams: unknown field (servers, mcpServers)"},
      {"limit.toon", "servers[1]:\n  - name: a\n    command: x\n    limits:\n      memory_mb: -1\n",
       "servers[0].limits.memory_mb must be a positive integer"},
      {"limitname.toon", "servers[1]:\n  - name: a\n    command: x\n    limits:\n      stack: 1\n",
       "servers[0].limits.stack: unknown limit (cpu_seconds, memory_mb, open_files)"},
      {"timeout.toon", "servers[1]:\n  - name: a\n    command: x\n    timeout_ms: 0\n", "servers[0].timeout_ms must be a positive integer"},
  };
  for (const auto& c : cases) {
    config_file f(c.name, c.text);
    run_result r = proxy("--config " + quote(f.path.string()));
    EXPECT_EQ(r.status, 1) << c.name;
    EXPECT_EQ(r.err, "toon mcp proxy: config: " + f.path.string() + ": " + c.message + "\n") << c.name;
  }
  // Malformed documents: the parser's error, with its position.
  config_file json("bad.json", "{\"servers\": [\n");
  run_result r = proxy("--config " + quote(json.path.string()));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("toon mcp proxy: config: " + json.path.string() + ": ", 0), 0u) << r.err;
  r = proxy("--config /nonexistent/proxy.json");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "toon mcp proxy: config: /nonexistent/proxy.json: cannot read\n");
}

TEST(McpProxyCli, UpstreamErrors) {
  config_file f("dup.json", R"({"mcpServers":{"up":{"command":"x"}}})");
  run_result r = proxy("--config " + quote(f.path.string()) + " --name up -- y");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "toon mcp proxy: two upstream servers are named \"up\"\n");
  r = proxy("--timeout 5 -- /nonexistent/mcp-server");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("toon mcp proxy: cannot connect to upstream (/nonexistent/mcp-server): ", 0), 0u) << r.err;
  // A program that is no MCP server.
  r = proxy("--timeout 5 --name t -- true");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("toon mcp proxy: cannot connect to t (true): ", 0), 0u) << r.err;
  // Without "--" the command starts at the first argument that is no option; its own options
  // stay its own (a proxy's `--timeout 0` would be a usage error, status 2).
  r = proxy("--timeout 5 /nonexistent/mcp-server --timeout 0");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("toon mcp proxy: cannot connect to upstream (/nonexistent/mcp-server): ", 0), 0u) << r.err;
}

// The TOON config shown in docs/mcp.md, "Proxy", started from the source directory: it parses,
// and both upstreams (tools/mcp-servers) start and list their tools; then the closed stdin ends
// the proxy. Without the installed servers only "cannot connect" is allowed (not under CI=true).
TEST(McpProxyCli, TheConfigOfTheDocs) {
  std::ifstream in(fs::path(TOON_SOURCE_DIR) / "docs" / "mcp.md", std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  std::size_t section = doc.find("\n## Proxy\n");
  ASSERT_NE(section, std::string::npos);
  std::size_t begin = doc.find("```toon\n", section);
  ASSERT_NE(begin, std::string::npos);
  begin += 8;
  std::size_t end = doc.find("```", begin);
  ASSERT_NE(end, std::string::npos);
  config_file f("docs.toon", doc.substr(begin, end - begin));
  std::string cmd = "cd " + quote(TOON_SOURCE_DIR) + " && " + quote(TOON_CLI_PATH) + " mcp proxy --config " +
                    quote(f.path.string()) + " </dev/null >/dev/null 2>" + quote(f.path.string() + ".err");
  int raw = std::system(cmd.c_str());
  int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream err_in(f.path.string() + ".err", std::ios::binary);
  std::ostringstream err;
  err << err_in.rdbuf();
  fs::remove(f.path.string() + ".err");
  EXPECT_EQ(err.str().find("config:"), std::string::npos) << err.str();
  const char* ci = std::getenv("CI");
  if (status != 0 && (ci == nullptr || std::string(ci) != "true")) {
    EXPECT_NE(err.str().find("toon mcp proxy: cannot connect to "), std::string::npos) << err.str();
    GTEST_SKIP() << "the servers of tools/mcp-servers are not installed: " << err.str();
  }
  EXPECT_EQ(status, 0) << err.str();
  EXPECT_NE(err.str().find("proxy: 26 tools of 2 upstream server(s) on stdio"), std::string::npos) << err.str();
}

// Re-encoding, against tests/mcp/fake_mcp_server.py: by default only the text that serialises a
// result's structuredContent becomes TOON; a file's contents that happen to be JSON come back
// byte for byte (a model's exact-match edit of that file depends on it). --reencode json
// re-encodes any JSON text, --reencode none nothing. The upstream command is given without
// "--", as launchers that drop it (the Inspector CLI) pass it.
namespace {

struct proxied_calls {
  toon::mcp::call_result report, file;
};

proxied_calls call_through_proxy(const std::vector<std::string>& options) {
  toon::mcp::process_options p;
  p.argv = {TOON_CLI_PATH, "mcp", "proxy", "--timeout", "20"};
  p.argv.insert(p.argv.end(), options.begin(), options.end());
  p.argv.insert(p.argv.end(), {TOON_TEST_PYTHON, TOON_TEST_FAKE_SERVER, "proxy"});
  auto c = toon::mcp::client::connect(p);
  EXPECT_TRUE(c) << (c ? "" : c.error().message);
  if (!c) return {};
  proxied_calls out;
  auto report = c->call_tool("report", toon::value(toon::object{}));
  auto file = c->call_tool("read_file", toon::value(toon::object{}));
  EXPECT_TRUE(report && file) << (report ? "" : report.error().message) << (file ? "" : file.error().message);
  if (report) out.report = *report;
  if (file) out.file = *file;
  return out;
}

// The texts the fake server sends (json.dumps of its rows, compact and indented).
toon::value fake_rows() {
  toon::array rows;
  for (int i = 0; i < 6; ++i)
    rows.push_back(toon::value(toon::object{{"id", toon::value(i)},
                                            {"name", toon::value("row " + std::to_string(i))},
                                            {"ok", toon::value(i % 2 == 0)}}));
  return toon::value(toon::object{{"rows", toon::value(std::move(rows))}});
}

const toon::value* encoding_note(const toon::mcp::call_result& r) {
  if (!r.content.is_array() || r.content.as_array().empty()) return nullptr;
  const toon::value* meta = r.content.as_array()[0].find("_meta");
  return meta != nullptr ? meta->find("toon/encoding") : nullptr;
}

}  // namespace

TEST(McpProxyCli, ReencodesOnlyStructuredDataByDefault) {
  if (std::string_view(TOON_TEST_PYTHON).empty()) GTEST_SKIP() << "no python3 for the fake upstream";
  const toon::value rows = fake_rows();
  const std::string file_text = [] {
    // json.dumps(ROWS, indent=2) + "\n", written out by hand.
    std::string t = "{\n  \"rows\": [\n";
    for (int i = 0; i < 6; ++i)
      t += std::string("    {\n      \"id\": ") + std::to_string(i) + ",\n      \"name\": \"row " + std::to_string(i) +
           "\",\n      \"ok\": " + (i % 2 == 0 ? "true" : "false") + "\n    }" + (i < 5 ? "," : "") + "\n";
    return t + "  ]\n}\n";
  }();

  proxied_calls d = call_through_proxy({});
  EXPECT_EQ(d.file.text(), file_text);  // the file as it is
  EXPECT_EQ(encoding_note(d.file), nullptr);
  ASSERT_NE(encoding_note(d.report), nullptr) << toon::to_json(d.report.content);
  EXPECT_EQ(toon::decode(d.report.text()).value(), rows) << d.report.text();
  EXPECT_EQ(d.report.structured_content, rows);  // structuredContent itself stays JSON

  proxied_calls j = call_through_proxy({"--reencode", "json"});
  ASSERT_NE(encoding_note(j.file), nullptr);
  EXPECT_EQ(toon::decode(j.file.text()).value(), rows);
  EXPECT_NE(encoding_note(j.report), nullptr);

  proxied_calls n = call_through_proxy({"--no-reencode"});
  EXPECT_EQ(n.file.text(), file_text);
  EXPECT_EQ(toon::from_json(n.report.text()).value(), rows);
  EXPECT_EQ(encoding_note(n.report), nullptr);

  run_result bad = proxy("--reencode some -- x");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err.rfind("toon mcp proxy: --reencode takes structured, json or none\n", 0), 0u) << bad.err;
}

namespace {
struct http_echo_args {
  std::string text;
};
}  // namespace

// `--http URL --bearer-env VAR`: an upstream reached over Streamable HTTP (the project's
// http_server, which wants a bearer token), served on stdio.
TEST(McpProxyCli, HttpUpstreamWithBearerToken) {
  auto cat = std::make_shared<toon::tool_catalog>();
  cat->add<http_echo_args>("echo", "Echoes its text", "", [](const http_echo_args& a) { return "echo: " + a.text; });
  toon::mcp::http_options h;
  h.validate_token = [](std::string_view t) { return t == "s3cret"; };
  toon::mcp::http_server srv(cat, {}, h);
  ASSERT_TRUE(srv.start());

  toon::mcp::process_options p;
  p.argv = {TOON_CLI_PATH, "mcp", "proxy", "--http", srv.url(), "--bearer-env", "TOON_TEST_TOKEN"};
  p.environment = std::vector<std::string>{"TOON_TEST_TOKEN=s3cret", "PATH=/usr/bin:/bin"};
  toon::mcp::client_options o;
  o.request_timeout = std::chrono::seconds(30);
  auto c = toon::mcp::client::connect(p, o);
  ASSERT_TRUE(c) << c.error().message;
  auto tools = c->list_tools();
  ASSERT_TRUE(tools) << tools.error().message;
  ASSERT_EQ(tools->size(), 1u);
  EXPECT_EQ(tools->front().name, "echo");
  auto r = c->call_tool("echo", toon::object{{"text", "through the proxy"}});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->text(), "echo: through the proxy");
  c->shutdown();

  run_result no_env = proxy("--http " + quote(srv.url()) + " --bearer-env TOON_TEST_SURELY_UNSET");
  EXPECT_EQ(no_env.status, 1);
  EXPECT_NE(no_env.err.find("TOON_TEST_SURELY_UNSET (its bearer token) is not set"), std::string::npos) << no_env.err;
  run_result no_token = proxy("--http " + quote(srv.url()));
  EXPECT_EQ(no_token.status, 1);
  EXPECT_NE(no_token.err.find("HTTP status 401"), std::string::npos) << no_token.err;
  run_result both = proxy("--http " + quote(srv.url()) + " -- x");
  EXPECT_EQ(both.status, 2);
  EXPECT_EQ(both.err.rfind("toon mcp proxy: give either --http URL or a COMMAND\n", 0), 0u) << both.err;
  run_result bearer_only = proxy("--bearer-env X -- x");
  EXPECT_EQ(bearer_only.status, 2);
  EXPECT_EQ(bearer_only.err.rfind("toon mcp proxy: --bearer-env needs --http\n", 0), 0u) << bearer_only.err;
  run_result https = proxy("--http https://127.0.0.1:1/mcp");
  EXPECT_EQ(https.status, 1);
  EXPECT_NE(https.err.find("https URLs are not supported"), std::string::npos) << https.err;
}
