// `toon mcp tools` against @modelcontextprotocol/server-everything, started directly with node
// from tools/mcp-servers/node_modules (no npx): the TOON tools table on stdout (decoded and
// checked against the tools the library's client lists itself), the described form, the
// losses, the saved forms and the token figures (o200k_base with tools/tokens/count.mjs when its
// package is installed, else the estimate), and usage errors. Skipped without node or the
// server (failed when CI=true).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "toon/decode.hpp"
#include "toon/json.hpp"
#include "toon/mcp/client.hpp"
#include "toon/schema.hpp"

namespace fs = std::filesystem;

namespace {

struct mcp_run {
  int status = -1;
  std::string out;
  std::string err;
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':'))
    if (::access((fs::path(dir.empty() ? "." : dir) / name).c_str(), X_OK) == 0) return true;
  return false;
}

const fs::path source_dir = TOON_SOURCE_DIR;
const fs::path everything = source_dir / "tools" / "mcp-servers" / "node_modules" / "@modelcontextprotocol" /
                            "server-everything" / "dist" / "index.js";
const fs::path counter = source_dir / "tools" / "tokens" / "count.mjs";

// Skips the test (fails it when CI=true) without node or the server.
#define TOON_REQUIRE_SERVER()                                                  \
  do {                                                                         \
    std::string why = missing();                                               \
    if (!why.empty()) {                                                        \
      const char* ci = std::getenv("CI");                                      \
      if (ci != nullptr && std::string(ci) == "true") FAIL() << "CI=true and " << why; \
      GTEST_SKIP() << why;                                                     \
    }                                                                          \
  } while (0)

std::string counter_env(bool counted) {
  std::string env = "TOON_TOKEN_COUNTER=";
  if (counted) env += counter.string();
  return env;
}

class McpTools : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "toon-mcp-tools-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  // Empty when node and the server are there, else the reason.
  static std::string missing() {
    if (!on_path("node")) return "node is not on PATH";
    if (!fs::exists(everything)) return everything.string() + " is missing: run tools/mcp-servers/ensure-installed.sh";
    return {};
  }
  mcp_run run(const std::vector<std::string>& args, const std::string& env = "TOON_TOKEN_COUNTER=") {
    std::string cmd = "cd " + quote(dir_.string()) + " && env " + env + " " + quote(TOON_CLI_PATH) + " mcp";
    for (const std::string& a : args) {
      cmd += ' ';
      cmd += quote(a);
    }
    cmd += " < /dev/null > " + quote((dir_ / ".out").string()) + " 2> " + quote((dir_ / ".err").string());
    int raw = std::system(cmd.c_str());
    mcp_run r;
    if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
    r.out = read_all(dir_ / ".out");
    r.err = read_all(dir_ / ".err");
    return r;
  }
  fs::path dir_;
};

TEST_F(McpTools, PrintsTheToolsTableOfServerEverything) {
  TOON_REQUIRE_SERVER();
  mcp_run r = run({"tools", "--", "node", everything.string(), "stdio"});
  ASSERT_EQ(r.status, 0) << r.err;
  auto doc = toon::decode(r.out);
  ASSERT_TRUE(doc) << doc.error().message << "\n" << r.out;
  const toon::value* rows = doc->find("tools");
  ASSERT_TRUE(rows != nullptr && rows->is_array()) << r.out;

  // The same tools, listed by the library's client directly.
  toon::mcp::process_options p;
  p.argv = {"node", everything.string(), "stdio"};
  auto c = toon::mcp::client::connect(p);
  ASSERT_TRUE(c) << c.error().message;
  auto tools = c->list_tools();
  ASSERT_TRUE(tools) << tools.error().message;
  c->shutdown();
  ASSERT_EQ(rows->size(), tools->size());
  for (std::size_t i = 0; i < tools->size(); ++i) {
    const toon::value& row = rows->as_array()[i];
    EXPECT_EQ(row["name"].as_string(), (*tools)[i].name);
    EXPECT_EQ(row["description"].as_string(), (*tools)[i].description);
    EXPECT_TRUE(toon::parse_typed_params(row["params"].as_string())) << row["params"].as_string();
  }
  auto params_of = [&](const std::string& name) {
    for (const toon::value& row : rows->as_array())
      if (row["name"].as_string() == name) return row["params"].as_string();
    return std::string("(missing)");
  };
  // Written from the server's zod schemas: message required; a and b numbers; an enum with a
  // default; no "additionalProperties": false, so other members are allowed (`...`).
  EXPECT_EQ(params_of("echo"), "message:string! ...");
  EXPECT_EQ(params_of("get-sum"), "a:number! b:number! ...");
  EXPECT_EQ(params_of("get-tiny-image"), "...");
  EXPECT_EQ(params_of("get-annotated-message"), "messageType:error/success/debug! includeImage:bool=false ...");
  // Figures on stderr: the estimate, as no counter is given.
  EXPECT_NE(r.err.find("tokens (estimate)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("baseline: compact JSON of name, description, inputSchema"), std::string::npos) << r.err;
}

TEST_F(McpTools, DescriptionsLossesSavedFormsAndFigures) {
  TOON_REQUIRE_SERVER();
  bool counted = fs::exists(source_dir / "tools" / "tokens" / "node_modules" / "gpt-tokenizer");
  fs::path save = dir_ / "forms";
  mcp_run r = run({"tools", "--descriptions", "--losses", "--save", save.string(), "--", "node", everything.string(), "stdio"},
                  counter_env(counted));
  ASSERT_EQ(r.status, 0) << r.err;
  // stdout: the described form, one TOON document: the tools table with each parameter
  // description in its params cell (texts several parameters share in `descriptions`, texts by
  // parameter name in `param_descriptions`).
  auto doc = toon::decode(r.out);
  ASSERT_TRUE(doc) << doc.error().message << "\n" << r.out;
  toon::typed_params_options with_table;
  if (const toon::value* shared = doc->find("descriptions"))
    for (const toon::value& text : shared->as_array()) with_table.description_table.push_back(text.as_string());
  if (const toon::value* named = doc->find("param_descriptions"))
    for (const auto& [name, text] : named->as_object()) with_table.name_descriptions.emplace_back(name, text.as_string());
  bool echo_row = false;
  for (const toon::value& row : doc->find("tools")->as_array()) {
    auto params = toon::parse_typed_params(row["params"].as_string(), with_table);
    ASSERT_TRUE(params) << row["params"].as_string() << ": " << params.error().message;
    echo_row = echo_row || (row["name"].as_string() == "echo" && params->params.size() == 1 &&
                            params->params[0].name == "message" && params->params[0].description == "Message to echo");
  }
  EXPECT_TRUE(echo_row) << r.out;
  // Losses: none; the server's `format: uri`, its bounds and its open objects are kept.
  EXPECT_NE(r.err.find("no losses\n"), std::string::npos) << r.err;
  std::string table = read_all(save / "tools.toon");
  EXPECT_NE(table.find("count:number(1..10)=3 ..."), std::string::npos) << table;
  EXPECT_NE(table.find("data:string(uri)="), std::string::npos) << table;
  // Saved forms: stdout is the described form; the baseline is the tools' name, description
  // and inputSchema as JSON.
  EXPECT_EQ(r.out, read_all(save / "tools_descriptions.toon") + "\n");
  auto baseline = toon::from_json(read_all(save / "baseline.json"));
  ASSERT_TRUE(baseline);
  const toon::array& base_tools = (*baseline)["tools"].as_array();
  ASSERT_EQ(base_tools.size(), doc->find("tools")->size());
  for (const toon::value& t : base_tools) {
    EXPECT_EQ(t.size(), 3u);
    EXPECT_TRUE(t["inputSchema"].is_object());
  }
  for (const char* f : {"tools_list.pretty.json", "tools_list.json", "tools_list.toon", "tools_descriptions.toon", "server.json"})
    EXPECT_TRUE(fs::exists(save / f)) << f;
  auto list = toon::from_json(read_all(save / "tools_list.json"));
  ASSERT_TRUE(list);
  EXPECT_EQ(toon::decode(read_all(save / "tools_list.toon")).value(), *list);  // the generic TOON is the same data
  // The figure rows: bytes as saved, and the table far below the baseline.
  std::string unit = counted ? "tokens (o200k_base)" : "tokens (estimate)";
  EXPECT_NE(r.err.find(unit), std::string::npos) << r.err;
  auto row_of = [&](const std::string& label) {
    std::string key = "\n";
    key += label;
    key += ' ';
    std::size_t at = r.err.find(key);
    EXPECT_NE(at, std::string::npos) << label << "\n" << r.err;
    std::istringstream in(at == std::string::npos ? std::string() : r.err.substr(at + label.size() + 1));
    std::string bytes, tokens;
    in >> bytes >> tokens;
    auto number = [](std::string s) {
      std::string d;
      for (char ch : s)
        if (ch != ',') d += ch;
      return d.empty() ? 0.0 : std::stod(d);
    };
    return std::pair<double, double>{number(bytes), number(tokens)};
  };
  auto base = row_of("baseline: compact JSON of name, description, inputSchema");
  auto tab = row_of("TOON tools table");
  EXPECT_EQ(base.first, static_cast<double>(fs::file_size(save / "baseline.json")));
  EXPECT_EQ(tab.first, static_cast<double>(table.size()));
  EXPECT_GT(tab.second, 0);
  EXPECT_LT(tab.second, 0.6 * base.second) << r.err;
}

// --from FILE: a saved tools/list result, a JSON-RPC response holding one, or the array of tools;
// no server is started. Descriptions have their white space runs collapsed.
TEST_F(McpTools, ReadsASavedToolsListResult) {
  const std::string tools =
      R"([{"name":"read","description":"Read  a\n  file ","inputSchema":{"type":"object",)"
      R"("properties":{"path":{"type":"string","minLength":1,"description":"File\tpath"}},"required":["path"]}},)"
      R"({"name":"ping","inputSchema":{"type":"object","properties":{},"additionalProperties":false}}])";
  const std::string table =
      "tools[2]{name,description,params}:\n"
      "  read,Read a file,\"path:string(1..)! ...\"\n"
      "  ping,\"\",\"\"\n";
  const std::pair<const char*, std::string> files[] = {
      {"list.json", R"({"tools":)" + tools + "}"},
      {"response.json", R"({"jsonrpc":"2.0","id":2,"result":{"tools":)" + tools + "}}"},
      {"array.json", tools},
  };
  for (const auto& [name, text] : files) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    mcp_run r = run({"tools", "--no-figures", "--from", (dir_ / name).string()});
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    EXPECT_EQ(r.out, table) << name;
  }
  mcp_run d = run({"tools", "--no-figures", "--descriptions", "--from", (dir_ / "list.json").string()});
  // The described form: the description after its parameter, inside the quoted cell.
  EXPECT_EQ(d.out,
            "tools[2]{name,description,params}:\n"
            "  read,Read a file,\"path:string(1..)!'File path' ...\"\n"
            "  ping,\"\",\"\"\n");
  // Errors: a missing file, no tools, a tool without a name (1); --from with a command (2).
  mcp_run missing = run({"tools", "--from", (dir_ / "none.json").string()});
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("none.json: cannot read"), std::string::npos) << missing.err;
  std::ofstream(dir_ / "bad.json", std::ios::binary) << R"({"tools":[{"description":"x"}]})";
  mcp_run bad = run({"tools", "--from", (dir_ / "bad.json").string()});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("tool 0 has no name"), std::string::npos) << bad.err;
  std::ofstream(dir_ / "other.json", std::ios::binary) << R"({"result":{"resources":[]}})";
  EXPECT_EQ(run({"tools", "--from", (dir_ / "other.json").string()}).status, 1);
  EXPECT_EQ(run({"tools", "--from", (dir_ / "list.json").string(), "--", "x"}).status, 2);
  EXPECT_EQ(run({"tools", "--from"}).status, 2);
}

TEST_F(McpTools, UsageAndStartErrors) {
  EXPECT_EQ(run({}).status, 2);
  EXPECT_EQ(run({"tools"}).status, 2);
  EXPECT_EQ(run({"tools", "--bogus", "--", "x"}).status, 2);
  EXPECT_EQ(run({"frobnicate"}).status, 2);
  EXPECT_EQ(run({"tools", "--timeout", "0", "--", "x"}).status, 2);
  mcp_run help = run({"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("toon mcp tools [options] -- COMMAND [ARGS...]"), std::string::npos);
  mcp_run missing = run({"tools", "--", "/nonexistent/server"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("toon mcp tools: cannot connect to /nonexistent/server"), std::string::npos) << missing.err;
}

}  // namespace
