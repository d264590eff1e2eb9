// `toon dsl compile|decompile` run as a child process (docs/mcp-dsl.md).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct dsl_run {
  int status = -1;
  std::string out;
  std::string err;
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q.append("'\\''");
    else q.push_back(c);
  }
  q.push_back('\'');
  return q;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class DslCli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "toon-dsl-cli-XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path file(const std::string& name, const std::string& data) {
    std::ofstream(dir_ / name, std::ios::binary) << data;
    return dir_ / name;
  }
  dsl_run run(const std::vector<std::string>& args, const std::string& input = {}) {
    fs::path in = file(".stdin", input);
    std::string cmd = "cd ";
    cmd += quote(dir_.string());
    cmd += " && ";
    cmd += quote(TOON_CLI_PATH);
    for (const auto& a : args) {
      cmd += ' ';
      cmd += quote(a);
    }
    cmd += " < ";
    cmd += quote(in.string());
    cmd += " > .stdout 2> .stderr";
    int raw = std::system(cmd.c_str());
    dsl_run r;
    if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
    r.out = read_all(dir_ / ".stdout");
    r.err = read_all(dir_ / ".stderr");
    return r;
  }
  fs::path dir_;
};

TEST_F(DslCli, CompileWritesJsonLines) {
  auto r = run({"dsl", "compile"}, "> tools/call#42 {name: \"search\", args: {query: \"weather\"}}\n! initialized\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\",\"params\":{\"name\":\"search\","
            "\"arguments\":{\"query\":\"weather\"}}}\n{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(DslCli, CompilePrettyFromAFile) {
  file("ping.mcp", "> ping#1\n");
  auto r = run({"dsl", "compile", "--pretty", "ping.mcp"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"method\": \"ping\"\n}\n");
}

TEST_F(DslCli, CompileErrorShowsFileLineColumnAndCaret) {
  file("bad.mcp", "> ping#1\n< #1 {a: ]}\n");
  auto r = run({"dsl", "compile", "bad.mcp"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "bad.mcp:2:10: expected a value, found ']'\n< #1 {a: ]}\n         ^\n");
}

TEST_F(DslCli, DecompileArraysAndJsonLines) {
  auto r = run({"dsl", "decompile", "-"},
               "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"},"
               "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"s\",\"inputSchema\":"
               "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}},\"required\":[\"q\"]}}]}}]");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "> tools/list#1\n< #1 {tools: [T{s: {in: {q: str!}}}]}\n");
  r = run({"dsl", "decompile"}, "{\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n{\"jsonrpc\":\"2.0\",\"method\":\"b\"}\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "! a\n! b\n");
}

TEST_F(DslCli, DecompileKind) {
  auto r = run({"dsl", "decompile", "--kind", "prompt"}, "{\"name\":\"p\"}");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "P p {}\n");
  r = run({"dsl", "decompile", "--kind", "nope"}, "{}");
  EXPECT_EQ(r.status, 2);
}

TEST_F(DslCli, DecompileInexpressibleFails) {
  auto r = run({"dsl", "decompile"}, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":[1]}");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "toon dsl: <stdin>: cannot express $.params in MCP-DSL: params that are not an object\n");
}

TEST_F(DslCli, StatsCompareJsonAndDslTokens) {
  const std::string dsl = "> tools/call#42 {name: search, args: {query: weather}}\n";
  auto r = run({"dsl", "compile", "--stats", "-o", "out.json"}, dsl);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  const std::string json = read_all(dir_ / "out.json");
  EXPECT_EQ(json.size(), 107u);
  // Three lines: JSON, DSL, saved; the DSL is the smaller form.
  EXPECT_NE(r.err.find("JSON                   107 bytes"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("DSL                     55 bytes"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("saved                   52 bytes"), std::string::npos) << r.err;
  auto d = run({"dsl", "decompile", "--stats", "out.json"});
  EXPECT_EQ(d.status, 0) << d.err;
  EXPECT_EQ(d.out, dsl);
  EXPECT_EQ(d.err, r.err);
}

TEST_F(DslCli, Usage) {
  EXPECT_EQ(run({"dsl"}).status, 2);
  EXPECT_EQ(run({"dsl", "frobnicate"}).status, 2);
  EXPECT_EQ(run({"dsl", "compile", "--bogus"}).status, 2);
  EXPECT_EQ(run({"dsl", "compile", "a", "b"}).status, 2);
  auto h = run({"dsl", "--help"});
  EXPECT_EQ(h.status, 0);
  EXPECT_NE(h.out.find("toon dsl compile [options] [FILE|-]"), std::string::npos);
  auto missing = run({"dsl", "compile", "no-such.mcp"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("no-such.mcp"), std::string::npos);
}

}  // namespace
