// `toon dsl compile|decompile` run as a child process (docs/mcp-dsl.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

using toon_cli_test::slurp;

class DslCli : public toon_cli_test::cli_fixture {};

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
  const std::string json = slurp(dir_ / "out.json");
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
