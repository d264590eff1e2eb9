// toon::mcp::stream_interceptor: tool calls recognised inside an LLM token stream
// (toon/mcp/stream_interceptor.hpp, docs/streaming.md).
#include "toon/mcp/stream_interceptor.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "toon/json.hpp"

namespace {

using toon::mcp::call_syntax;
using toon::mcp::intercept_mode;
using toon::mcp::intercept_options;
using toon::mcp::invalid_calls;
using toon::mcp::piece_kind;
using toon::mcp::stream_interceptor;
using toon::mcp::stream_piece;

toon::value json(std::string_view text) { return toon::from_json(text).value(); }

// Feeds `text` in chunks of `chunk` bytes (0: whole); adjacent narrative merged.
std::vector<stream_piece> run(std::string_view text, const intercept_options& o = {}, std::size_t chunk = 0) {
  std::vector<stream_piece> out;
  stream_interceptor in(
      [&](stream_piece&& p) {
        if (p.kind == piece_kind::narrative && !out.empty() && out.back().kind == piece_kind::narrative) {
          out.back().text += p.text;
          out.back().false_alarm = out.back().false_alarm || p.false_alarm;
          return;
        }
        out.push_back(std::move(p));
      },
      o);
  if (chunk == 0) chunk = text.size() + 1;
  for (std::size_t at = 0; at < text.size(); at += chunk) in.feed(text.substr(at, chunk));
  in.finish();
  return out;
}

void expect_narrative(const stream_piece& p, std::string_view text) {
  EXPECT_EQ(p.kind, piece_kind::narrative);
  EXPECT_EQ(p.text, text);
}

void expect_call(const stream_piece& p, std::string_view name, std::string_view args_json, std::string_view source,
                 call_syntax syntax) {
  ASSERT_EQ(p.kind, piece_kind::tool_call) << p.text << " / " << p.problem;
  ASSERT_TRUE(p.call.has_value());
  EXPECT_EQ(p.call->name, name);
  EXPECT_EQ(p.call->arguments, json(args_json)) << toon::to_json(p.call->arguments);
  EXPECT_EQ(p.text, source);
  EXPECT_EQ(p.call->syntax, syntax);
}

TEST(StreamInterceptor, NarrativeIsReleasedAtOnce) {
  std::vector<std::string> seen;
  stream_interceptor in([&](stream_piece&& p) { seen.push_back(p.text); });
  in.feed("Hello, ");
  ASSERT_EQ(seen, std::vector<std::string>{"Hello, "});
  in.feed("world.\nNext line");
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[1], "world.\nNext line");
  EXPECT_EQ(in.pending(), "");
  in.finish();
  EXPECT_EQ(seen.size(), 2u);
}

TEST(StreamInterceptor, JsonObjectCall) {
  const std::string text = R"(Let me read it. {"tool": "read_file", "arguments": {"path": "a.txt"}} Done.)";
  auto p = run(text);
  ASSERT_EQ(p.size(), 3u);
  expect_narrative(p[0], "Let me read it. ");
  expect_call(p[1], "read_file", R"({"path":"a.txt"})", R"({"tool": "read_file", "arguments": {"path": "a.txt"}})",
              call_syntax::json_object);
  EXPECT_EQ(p[1].offset, 16u);
  EXPECT_EQ(p[1].decided_at, 16u + p[1].text.size());  // known at its closing brace
  EXPECT_EQ(p[1].call->id, "call-1");
  expect_narrative(p[2], " Done.");
}

TEST(StreamInterceptor, JsonCallVariants) {
  struct tc {
    const char* text;
    const char* name;
    const char* args;
  };
  const tc cases[] = {
      {R"({"name":"read_file","arguments":{"path":"a"}})", "read_file", R"({"path":"a"})"},
      {R"({"name":"read_file","arguments":"{\"path\":\"a\"}"})", "read_file", R"({"path":"a"})"},
      {R"({"id":"c1","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"a\"}"}})", "read_file",
       R"({"path":"a"})"},
      {R"({"tool_call":{"tool_name":"git_log","parameters":{"n":3}}})", "git_log", R"({"n":3})"},
      {R"({"action":"list_dir","action_input":{"path":"."}})", "list_dir", R"({"path":"."})"},
      {R"({"type":"tool_use","id":"t1","name":"list_dir","input":{}})", "list_dir", "{}"},
      {R"({"tool":"read_file","path":"a","max_bytes":10})", "read_file", R"({"path":"a","max_bytes":10})"},
      {R"({"tool":"git_status"})", "git_status", "{}"},
      {R"({"tool":"x","args":null})", "x", "{}"},
      {"{\n  \"tool\" : \"read_file\",\n  \"args\" : { \"path\" : \"a\\u00e9\" }\n}", "read_file",
       "{\"path\":\"a\xC3\xA9\"}"},
  };
  for (const tc& c : cases) {
    SCOPED_TRACE(c.text);
    auto p = run(c.text);
    ASSERT_EQ(p.size(), 1u);
    expect_call(p[0], c.name, c.args, c.text, call_syntax::json_object);
  }
}

TEST(StreamInterceptor, JsonFalseAlarmsAreNarrativeByteForByte) {
  const char* cases[] = {
      R"(The config is {"name": "Bob", "age": 3}, as usual.)",
      R"(Use {x} or {"a" or b} here.)",
      R"(A set {1, 2} and {"tool": 5 }.)",
      "Broken {\"tool\": \"read_file\", \"arguments\": {\"path\": \"a\"} and on",
      "A quote {\"oops\nnext line",
      "Inline `{\"tool\":\"read_file\",\"arguments\":{}}` code.",
      "```python\nx = {\"tool\": \"read_file\", \"arguments\": {}}\n```\n",
      "```json\n{\"users\": [1, 2]}\n```\n",
      "```toon\nusers[2]: a,b\n```\n",
      "```toon\nnot: [valid\n```\nafter",
      "~~~\n{\"tool\":\"a\",\"arguments\":{}}\n~~~\n",
      "tool: \nlater",
      "tools: many\n",
      "to do: {\"a\":1}\n",
      "{\"tool\": [1], \"arguments\": {}}",
  };
  for (const char* c : cases) {
    SCOPED_TRACE(c);
    for (std::size_t chunk : {0u, 1u, 3u}) {
      auto p = run(c, {}, chunk);
      ASSERT_EQ(p.size(), 1u) << p[1].text;
      expect_narrative(p[0], c);
    }
  }
}

TEST(StreamInterceptor, FalseAlarmIsFlagged) {
  auto p = run(R"(Data: {"name": "Bob", "age": 3})");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_TRUE(p[0].false_alarm);
  auto q = run("Plain text with no braces.");
  ASSERT_EQ(q.size(), 1u);
  EXPECT_FALSE(q[0].false_alarm);
}

TEST(StreamInterceptor, BracesInsideStringsAndEscapes) {
  const std::string call = R"({"tool":"write_file","arguments":{"path":"b","content":"a } \" { \\"}})";
  auto p = run("x " + call + " y", {}, 1);
  ASSERT_EQ(p.size(), 3u);
  expect_call(p[1], "write_file", R"({"path":"b","content":"a } \" { \\"})", call, call_syntax::json_object);
}

TEST(StreamInterceptor, FencedJsonCall) {
  const std::string fence = "```json\n{\"tool\": \"read_file\", \"arguments\": {\"path\": \"a\"}}\n```\n";
  auto p = run("Reading:\n" + fence + "ok");
  ASSERT_EQ(p.size(), 3u);
  expect_narrative(p[0], "Reading:\n");
  expect_call(p[1], "read_file", R"({"path":"a"})", fence, call_syntax::json_fence);
  expect_narrative(p[2], "ok");
}

TEST(StreamInterceptor, FencedToonCall) {
  const std::string fence =
      "```toon\ntool: read_file\npath: src/main.cpp\nlines:\n  start: 1\n  end: 20\n```\n";
  auto p = run("Let me look.\n" + fence + "Done.", {}, 2);
  ASSERT_EQ(p.size(), 3u);
  expect_call(p[1], "read_file", R"({"path":"src/main.cpp","lines":{"start":1,"end":20}})", fence,
              call_syntax::toon_fence);
  // An unterminated block at the end of the stream counts as closed there.
  auto q = run("```TOON\ntool: git_log\nmax_count: 2");
  ASSERT_EQ(q.size(), 1u);
  expect_call(q[0], "git_log", R"({"max_count":2})", "```TOON\ntool: git_log\nmax_count: 2", call_syntax::toon_fence);
  // arguments: under their own key.
  auto r = run("```toon\ntool: grep\narguments:\n  pattern: TODO\n```");
  ASSERT_EQ(r.size(), 1u);
  expect_call(r[0], "grep", R"({"pattern":"TODO"})", r[0].text, call_syntax::toon_fence);
}

TEST(StreamInterceptor, ToonBlockEndedByBlankLine) {
  const std::string text = "I'll list it.\ntool: list_dir\npath: src\n\nThen more.";
  auto p = run(text);
  ASSERT_EQ(p.size(), 3u);
  expect_narrative(p[0], "I'll list it.\n");
  expect_call(p[1], "list_dir", R"({"path":"src"})", "tool: list_dir\npath: src\n", call_syntax::toon_block);
  EXPECT_EQ(p[1].offset, 14u);
  EXPECT_EQ(p[1].decided_at, 14u + p[1].text.size() + 1);  // the blank line's LF
  expect_narrative(p[2], "\nThen more.");
}

TEST(StreamInterceptor, ToonBlockEndedByProseOrAnotherCall) {
  auto p = run("tool: list_dir\npath: src\nitems[2]: a,b\nopts:\n  deep: true\nThat was it.\n", {}, 1);
  ASSERT_EQ(p.size(), 2u);
  expect_call(p[0], "list_dir", R"({"path":"src","items":["a","b"],"opts":{"deep":true}})",
              "tool: list_dir\npath: src\nitems[2]: a,b\nopts:\n  deep: true\n", call_syntax::toon_block);
  expect_narrative(p[1], "That was it.\n");

  auto q = run("tool: read_file\npath: a\ntool: read_file\npath: b\n");
  ASSERT_EQ(q.size(), 2u);
  expect_call(q[0], "read_file", R"({"path":"a"})", "tool: read_file\npath: a\n", call_syntax::toon_block);
  expect_call(q[1], "read_file", R"({"path":"b"})", "tool: read_file\npath: b\n", call_syntax::toon_block);
  EXPECT_EQ(q[1].call->id, "call-2");

  auto r = run("tool: git_status");
  ASSERT_EQ(r.size(), 1u);
  expect_call(r[0], "git_status", "{}", "tool: git_status", call_syntax::toon_block);

  // The line after a block may start a JSON call.
  auto s = run("tool: a\n{\"tool\":\"b\"} end");
  ASSERT_EQ(s.size(), 3u);
  expect_call(s[0], "a", "{}", "tool: a\n", call_syntax::toon_block);
  expect_call(s[1], "b", "{}", "{\"tool\":\"b\"}", call_syntax::json_object);
  expect_narrative(s[2], " end");
}

TEST(StreamInterceptor, UnknownToolsAndInvalidCalls) {
  intercept_options o;
  o.known_tools = {"read_file"};
  const std::string text = R"(A {"tool":"rm_rf","arguments":{}} B)";
  auto p = run(text, o);
  ASSERT_EQ(p.size(), 1u);
  expect_narrative(p[0], text);
  EXPECT_TRUE(p[0].false_alarm);

  o.invalid = invalid_calls::report;
  auto q = run(text, o);
  ASSERT_EQ(q.size(), 3u);
  EXPECT_EQ(q[1].kind, piece_kind::invalid_call);
  EXPECT_EQ(q[1].text, R"({"tool":"rm_rf","arguments":{}})");
  EXPECT_EQ(q[1].problem, "unknown tool 'rm_rf'");

  intercept_options r;
  r.invalid = invalid_calls::report;
  auto s = run(R"({"name":"x","arguments":[1,2]})", r);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].kind, piece_kind::invalid_call);
  EXPECT_NE(s[0].problem.find("not an object"), std::string::npos) << s[0].problem;

  auto t = run("tool: x\nitems[3]: a,b\n\n", r);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].kind, piece_kind::invalid_call);
  EXPECT_EQ(t[0].text, "tool: x\nitems[3]: a,b\n");
  expect_narrative(t[1], "\n");
}

TEST(StreamInterceptor, Modes) {
  const std::string text = R"(Reading {"tool":"read_file","arguments":{"path":"a"}} now)";
  intercept_options o;
  o.mode = intercept_mode::passthrough;
  auto p = run(text, o, 5);
  ASSERT_EQ(p.size(), 1u);
  expect_narrative(p[0], text);

  o.mode = intercept_mode::placeholders;
  auto q = run(text, o);
  ASSERT_EQ(q.size(), 3u);
  EXPECT_EQ(q[1].placeholder, "[running read_file\xE2\x80\xA6]");
  o.placeholder = "<{name}/{name}>";
  EXPECT_EQ(run(text, o)[1].placeholder, "<read_file/read_file>");

  o.mode = intercept_mode::smart;
  EXPECT_EQ(run(text, o)[1].placeholder, "");
}

TEST(StreamInterceptor, SyntaxSwitches) {
  const std::string json_call = R"({"tool":"a","arguments":{}})";
  const std::string fenced = "```json\n" + json_call + "\n```\n";
  const std::string toon_block = "tool: a\n";
  intercept_options o;
  o.syntaxes.json_object = false;
  EXPECT_EQ(run(json_call, o).at(0).kind, piece_kind::narrative);
  EXPECT_EQ(run(fenced, o).at(0).kind, piece_kind::tool_call);
  o.syntaxes.json_fence = false;
  auto p = run(fenced, o);
  ASSERT_EQ(p.size(), 1u);
  expect_narrative(p[0], fenced);
  o.syntaxes.toon_block = false;
  EXPECT_EQ(run(toon_block, o).at(0).kind, piece_kind::narrative);
}

TEST(StreamInterceptor, HoldBackBound) {
  intercept_options o;
  o.max_buffer_chars = 32;
  // JSON that may yet be a call (no call key so far) is held back at most max_buffer_chars.
  const std::string text = R"(x {"title":"write_file","body":{"content":"a long text that goes past the bound"}} y)";
  std::size_t fed = 0;
  std::size_t out = 0;
  stream_interceptor in([&](stream_piece&& p) { out += p.text.size(); }, o);
  for (char c : text) {
    in.feed(std::string_view(&c, 1));
    ++fed;
    EXPECT_LE(fed - out, 32u);
    EXPECT_EQ(in.pending().size(), fed - out);
  }
  in.finish();
  EXPECT_EQ(out, text.size());
  EXPECT_LE(in.stats().max_held, 32u);
  auto p = run(text, o);
  ASSERT_EQ(p.size(), 1u);
  expect_narrative(p[0], text);
}

TEST(StreamInterceptor, SplitUtf8IsCompletedBeforeRelease) {
  std::vector<std::string> seen;
  stream_interceptor in([&](stream_piece&& p) { seen.push_back(p.text); });
  in.feed("caf\xC3");
  ASSERT_EQ(seen, std::vector<std::string>{"caf"});
  EXPECT_EQ(in.pending(), "\xC3");
  in.feed("\xA9 \xE2\x82");
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[1], "\xC3\xA9 ");
  in.feed("\xAC");
  EXPECT_EQ(seen.back(), "\xE2\x82\xAC");
  in.feed("\xFF");  // not UTF-8: released as it is
  EXPECT_EQ(seen.back(), "\xFF");
}

TEST(StreamInterceptor, TimingsAndStats) {
  intercept_options o;
  o.timings = true;
  std::vector<stream_piece> seen;
  stream_interceptor in([&](stream_piece&& p) { seen.push_back(std::move(p)); }, o);
  in.feed("a {\"tool\":\"x\",");
  in.feed("\"arguments\":{}} b");
  in.finish();
  ASSERT_EQ(seen.size(), 3u);
  for (const stream_piece& p : seen) {
    EXPECT_GE(p.timing.held().count(), 0);
    EXPECT_GE(p.timing.detection().count(), 0);
    EXPECT_LE(p.timing.first_byte, p.timing.last_byte);
  }
  EXPECT_LT(seen[1].timing.first_byte, seen[1].timing.last_byte);  // two feeds
  const auto& st = in.stats();
  EXPECT_EQ(st.bytes, 31u);
  EXPECT_EQ(st.calls, 1u);
  EXPECT_EQ(st.narrative_bytes, 4u);
  EXPECT_EQ(st.false_alarms, 0u);
}

TEST(StreamInterceptor, NewStreamAfterFinish) {
  std::vector<stream_piece> seen;
  stream_interceptor in([&](stream_piece&& p) { seen.push_back(std::move(p)); });
  in.feed("{\"tool\":\"a\"}");
  in.finish();
  in.feed("x {\"tool\":\"b\"}");
  in.finish();
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[2].offset, 2u);
  EXPECT_EQ(seen[2].call->id, "call-1");
}

TEST(StreamInterceptor, CallFromValue) {
  EXPECT_FALSE(toon::mcp::call_from_value(json(R"({"name":"Bob","age":3})")).has_value());
  EXPECT_FALSE(toon::mcp::call_from_value(json(R"([1])")).has_value());
  auto bad = toon::mcp::call_from_value(json(R"({"tool":3})"));
  ASSERT_TRUE(bad.has_value());
  EXPECT_FALSE(bad->has_value());
  auto bad_args = toon::mcp::call_from_value(json(R"({"name":"x","arguments":"{nope"})"));
  ASSERT_TRUE(bad_args.has_value());
  ASSERT_FALSE(bad_args->has_value());
  EXPECT_NE(bad_args->error().message.find("not JSON"), std::string::npos);
}

}  // namespace

namespace {

// Every chunking gives the same pieces (1, 2, 3, 7 bytes and whole).
std::vector<stream_piece> run_all_chunkings(std::string_view text, const intercept_options& o = {}) {
  std::vector<stream_piece> whole = run(text, o);
  for (std::size_t chunk : {1u, 2u, 3u, 7u}) {
    std::vector<stream_piece> p = run(text, o, chunk);
    EXPECT_EQ(p.size(), whole.size()) << "chunk " << chunk;
    for (std::size_t i = 0; i < std::min(p.size(), whole.size()); ++i) {
      EXPECT_EQ(p[i].kind, whole[i].kind) << "chunk " << chunk << " piece " << i;
      EXPECT_EQ(p[i].text, whole[i].text) << "chunk " << chunk << " piece " << i;
    }
  }
  return whole;
}

}  // namespace

TEST(StreamInterceptor, DslRequestLine) {
  const std::string call = R"(> tools/call#3 {name: "read_file", args: {path: "a.txt", lines: [1, 20]}})";
  auto p = run_all_chunkings("I'll read it.\n" + call + "\nDone.");
  ASSERT_EQ(p.size(), 3u);
  expect_narrative(p[0], "I'll read it.\n");
  expect_call(p[1], "read_file", R"({"path":"a.txt","lines":[1,20]})", call, call_syntax::dsl_request);
  EXPECT_EQ(p[1].offset, 14u);
  expect_narrative(p[2], "\nDone.");

  // Bare words, no id, no blank after `>`, a multi-line request with a comment, no arguments.
  auto q = run_all_chunkings(">tools/call {name: git_log, args: {max_count: 2}}\n");
  ASSERT_EQ(q.size(), 2u);
  expect_call(q[0], "git_log", R"({"max_count":2})", ">tools/call {name: git_log, args: {max_count: 2}}",
              call_syntax::dsl_request);
  const std::string multi = "> tools/call#7 {\n  name: grep  # the search tool {\n  args: {pattern: \"}{\"}\n}";
  auto r = run_all_chunkings(multi + "\n");
  ASSERT_EQ(r.size(), 2u);
  expect_call(r[0], "grep", R"({"pattern":"}{"})", multi, call_syntax::dsl_request);
  auto s = run_all_chunkings("> tools/call {name: git_status}");
  ASSERT_EQ(s.size(), 1u);
  expect_call(s[0], "git_status", "{}", "> tools/call {name: git_status}", call_syntax::dsl_request);
}

TEST(StreamInterceptor, DslFalseAlarmsAreNarrative) {
  // Markdown quotes, other methods, the method in prose, a request without params: narrative.
  for (std::string text : {"> To be or not to be.\n", "> tools/list#1\n", "> tools/call is the method\n",
                           "> tools/callback {name: x}\n", "> tools/call#4\n", "a > tools/call {name: x}\n",
                           "> tools/call {name: \"x\n\"}\n", "> tools/call {name: x"}) {
    auto p = run_all_chunkings(text);
    ASSERT_EQ(p.size(), 1u) << text;
    expect_narrative(p[0], text);
  }
}

TEST(StreamInterceptor, DslInvalidCalls) {
  intercept_options o;
  o.invalid = invalid_calls::report;
  auto p = run_all_chunkings("> tools/call#1 {name: x, args: [1]}\n", o);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].kind, piece_kind::invalid_call);
  EXPECT_EQ(p[0].problem, "MCP-DSL: the arguments are not an object");
  auto q = run_all_chunkings("> tools/call {args: {a: 1}}\n", o);
  EXPECT_EQ(q.at(0).kind, piece_kind::invalid_call);
  EXPECT_EQ(q[0].problem, "MCP-DSL: a tools/call request without a tool name");
  auto r = run_all_chunkings("> tools/call {name: x, name: y}\n", o);
  EXPECT_EQ(r.at(0).kind, piece_kind::invalid_call);
  EXPECT_EQ(r[0].problem.rfind("MCP-DSL: 1:", 0), 0u) << r[0].problem;  // the compiler's located error
  o.known_tools = {"read_file"};
  auto s = run_all_chunkings("> tools/call {name: rm}\n", o);
  EXPECT_EQ(s.at(0).kind, piece_kind::invalid_call);
  EXPECT_EQ(s[0].problem, "unknown tool 'rm'");

  // By default, invalid calls are narrative, byte for byte.
  const std::string text = "> tools/call#1 {name: x, args: [1]}\n";
  auto t = run_all_chunkings(text);
  ASSERT_EQ(t.size(), 1u);
  expect_narrative(t[0], text);
  EXPECT_TRUE(t[0].false_alarm);
}

TEST(StreamInterceptor, DslFence) {
  const std::string block = "```mcp-dsl\n> tools/call#2 {name: search, args: {query: \"weather\", days: 7}}\n```";
  auto p = run_all_chunkings("Searching:\n" + block + "\nthen");
  ASSERT_EQ(p.size(), 3u);
  expect_narrative(p[0], "Searching:\n");
  expect_call(p[1], "search", R"({"query":"weather","days":7})", block + "\n", call_syntax::dsl_fence);
  expect_narrative(p[2], "then");

  // ```dsl too; a DSL block holding something else is narrative.
  auto q = run_all_chunkings("```DSL\n> tools/call {name: a}\n```\n");
  ASSERT_EQ(q.size(), 1u);
  expect_call(q[0], "a", "{}", "```DSL\n> tools/call {name: a}\n```\n", call_syntax::dsl_fence);
  const std::string other = "```mcp-dsl\nT forecast {desc: \"x\"}\n```\n";
  auto r = run_all_chunkings(other);
  ASSERT_EQ(r.size(), 1u);
  expect_narrative(r[0], other);
}

TEST(StreamInterceptor, DslSyntaxSwitches) {
  intercept_options o;
  o.syntaxes.dsl_request = false;
  const std::string line = "> tools/call {name: a}\n";
  auto p = run(line, o);
  ASSERT_EQ(p.size(), 1u);
  expect_narrative(p[0], line);
  o.syntaxes.dsl_fence = false;
  const std::string block = "```mcp-dsl\n> tools/call {name: a}\n```\n";
  auto q = run(block, o);
  ASSERT_EQ(q.size(), 1u);
  expect_narrative(q[0], block);
}

// ---- issue 38 part 3: call markers of chat templates, arrays of calls, large arguments, bare
// paths in MCP-DSL, tool descriptions -------------------------------------------------------

namespace {

// Feeds `text` in every chunk size from 1 byte to the whole text; each run must give the same
// calls (text, name, arguments, syntax) and the same narrative as the whole. Returns the
// pieces of the whole run.
std::vector<stream_piece> run_every_chunking(std::string_view text, const intercept_options& o = {}) {
  std::vector<stream_piece> whole = run(text, o);
  for (std::size_t chunk = 1; chunk < text.size(); ++chunk) {
    std::vector<stream_piece> p = run(text, o, chunk);
    EXPECT_EQ(p.size(), whole.size()) << "chunk " << chunk;
    if (p.size() != whole.size()) return whole;
    for (std::size_t i = 0; i < p.size(); ++i) {
      EXPECT_EQ(p[i].kind, whole[i].kind) << "chunk " << chunk << " piece " << i;
      EXPECT_EQ(p[i].text, whole[i].text) << "chunk " << chunk << " piece " << i;
      EXPECT_EQ(p[i].offset, whole[i].offset) << "chunk " << chunk << " piece " << i;
      EXPECT_EQ(p[i].call.has_value(), whole[i].call.has_value());
      if (p[i].call && whole[i].call) {
        EXPECT_EQ(p[i].call->name, whole[i].call->name);
        EXPECT_EQ(p[i].call->arguments, whole[i].call->arguments);
        EXPECT_EQ(p[i].call->syntax, whole[i].call->syntax);
      }
    }
  }
  return whole;
}

// The narrative of `pieces`, concatenated.
std::string narrative_of(const std::vector<stream_piece>& pieces) {
  std::string s;
  for (const stream_piece& p : pieces)
    if (p.kind == piece_kind::narrative) s += p.text;
  return s;
}

}  // namespace

TEST(StreamInterceptorShapes, OpenAiToolCallsObjectIsOneCallEach) {
  const std::string first =
      R"({"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"notes.txt\"}"}}, )";
  const std::string second =
      R"({"id":"c2","type":"function","function":{"name":"list_dir","arguments":"{\"path\":\"docs\"}"}}]})";
  auto p = run_every_chunking("Checking both.\n" + first + second + "\nDone.");
  ASSERT_EQ(p.size(), 4u);
  expect_narrative(p[0], "Checking both.\n");
  expect_call(p[1], "read_file", R"({"path":"notes.txt"})", first, call_syntax::json_object);
  expect_call(p[2], "list_dir", R"({"path":"docs"})", second, call_syntax::json_object);
  expect_narrative(p[3], "\nDone.");
  EXPECT_EQ(p[1].call->id, "call-1");
  EXPECT_EQ(p[2].call->id, "call-2");
  EXPECT_EQ(p[1].decided_at, p[2].decided_at);  // both known at the closing brace
  EXPECT_EQ(p[2].decided_at, 15 + first.size() + second.size());
}

TEST(StreamInterceptorShapes, FunctionCallObject) {
  const std::string call = R"({"function_call": {"name": "git_log", "arguments": "{\"max_count\": 5}"}})";
  auto p = run_every_chunking("Recent history: " + call + " ok");
  ASSERT_EQ(p.size(), 3u);
  expect_narrative(p[0], "Recent history: ");
  expect_call(p[1], "git_log", R"({"max_count":5})", call, call_syntax::json_object);
  expect_narrative(p[2], " ok");
}

TEST(StreamInterceptorShapes, ArrayOfCallsInOneFence) {
  const std::string a = "```json\n[\n  {\"name\": \"stat\", \"arguments\": {\"path\": \"x\"}},\n  ";
  const std::string b = "{\"tool\": \"wc\", \"arguments\": {\"path\": \"x\", \"lines\": true}}\n]\n```\n";
  auto p = run_every_chunking("Two at once:\n" + a + b + "Waiting.");
  ASSERT_EQ(p.size(), 4u);
  expect_narrative(p[0], "Two at once:\n");
  expect_call(p[1], "stat", R"({"path":"x"})", a, call_syntax::json_fence);
  expect_call(p[2], "wc", R"({"path":"x","lines":true})", b, call_syntax::json_fence);
  expect_narrative(p[3], "Waiting.");

  // An array with one element that is not a call is data.
  const std::string data = "```json\n[{\"name\": \"stat\", \"arguments\": {}}, {\"size\": 3}]\n```\n";
  auto q = run_every_chunking(data);
  ASSERT_EQ(q.size(), 1u);
  expect_narrative(q[0], data);
}

TEST(StreamInterceptorShapes, HermesToolCallTag) {
  const std::string call = "<tool_call>\n{\"name\": \"forecast\", \"arguments\": {\"town\": \"Bergen\", \"days\": 2}}\n</tool_call>";
  auto p = run_every_chunking("I'll look it up.\n" + call + "\nRain, probably.");
  ASSERT_EQ(p.size(), 3u);
  expect_narrative(p[0], "I'll look it up.\n");
  expect_call(p[1], "forecast", R"({"town":"Bergen","days":2})", call, call_syntax::tool_call_tag);
  expect_narrative(p[2], "\nRain, probably.");

  // Two tags back to back, mid-line, and one left open at the end of the stream.
  const std::string one = "<tool_call>{\"name\":\"a\",\"arguments\":{}}</tool_call>";
  const std::string two = "<tool_call>{\"name\":\"b\",\"arguments\":{\"k\":[1,2]}}";
  auto q = run_every_chunking("go " + one + two);
  ASSERT_EQ(q.size(), 3u);
  expect_narrative(q[0], "go ");
  expect_call(q[1], "a", "{}", one, call_syntax::tool_call_tag);
  expect_call(q[2], "b", R"({"k":[1,2]})", two, call_syntax::tool_call_tag);

  // Look-alikes stay narrative.
  for (std::string text : {"a <tool> b", "x < y and <tool_calls> z", "<tool_cal", "i <3 <tool_"}) {
    auto r = run_every_chunking(text);
    ASSERT_EQ(r.size(), 1u) << text;
    expect_narrative(r[0], text);
  }
}

TEST(StreamInterceptorShapes, HermesTagWithBadContentIsInvalidNotLeaked) {
  intercept_options o;
  o.invalid = invalid_calls::report;
  const std::string bad = "<tool_call>{\"name\": \"a\", \"arguments\": {oops}}</tool_call>";
  auto p = run_every_chunking("x " + bad + " y", o);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[1].kind, piece_kind::invalid_call);
  EXPECT_EQ(p[1].text, bad);
  EXPECT_NE(p[1].problem.find("not valid JSON"), std::string::npos) << p[1].problem;
  EXPECT_EQ(narrative_of(p), "x  y");
}

TEST(StreamInterceptorShapes, MistralToolCallsMarker) {
  const std::string a = "[TOOL_CALLS] [{\"name\": \"search\", \"arguments\": {\"q\": \"toon spec\"}}, ";
  const std::string b = "{\"name\": \"open_url\", \"arguments\": {\"url\": \"https://example.org/a?b=[1]\"}}]";
  auto p = run_every_chunking("Searching.\n" + a + b + " And then?");
  ASSERT_EQ(p.size(), 4u);
  expect_narrative(p[0], "Searching.\n");
  expect_call(p[1], "search", R"({"q":"toon spec"})", a, call_syntax::tool_calls_marker);
  expect_call(p[2], "open_url", R"({"url":"https://example.org/a?b=[1]"})", b, call_syntax::tool_calls_marker);
  expect_narrative(p[3], " And then?");

  // Right after the marker, no blank; a single object.
  const std::string c = "[TOOL_CALLS]{\"name\": \"ping\", \"arguments\": {}}";
  auto q = run_every_chunking(c);
  ASSERT_EQ(q.size(), 1u);
  expect_call(q[0], "ping", "{}", c, call_syntax::tool_calls_marker);

  for (std::string text : {"[TOOL_CALLS] is a control token.", "See [1], [TOOL] and [TOOL_CALL].", "[[x]]"}) {
    auto r = run_every_chunking(text);
    ASSERT_EQ(r.size(), 1u) << text;
    expect_narrative(r[0], text);
  }
}

TEST(StreamInterceptorShapes, LlamaPythonTag) {
  const std::string body = "{\"name\": \"lookup\", \"parameters\": {\"term\": \"TOON\"}}";
  for (std::string end : {"<|eom_id|>", "<|eot_id|>", ""}) {
    SCOPED_TRACE(end);
    const std::string call = "<|python_tag|>" + body + end;
    auto p = run_every_chunking("Let me search.\n" + call);
    ASSERT_EQ(p.size(), 2u);
    expect_narrative(p[0], "Let me search.\n");
    expect_call(p[1], "lookup", R"({"term":"TOON"})", call, call_syntax::python_tag);
  }
  // Text after the end marker is narrative again.
  auto q = run_every_chunking("<|python_tag|>" + body + "<|eom_id|>Found it.");
  ASSERT_EQ(q.size(), 2u);
  expect_narrative(q[1], "Found it.");

  // Python code after the tag is not JSON: reported as an invalid call, else narrative.
  intercept_options o;
  o.invalid = invalid_calls::report;
  const std::string code = "<|python_tag|>brave_search.call(query=\"toon\")<|eom_id|>";
  auto r = run_every_chunking(code, o);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].kind, piece_kind::invalid_call);
  auto s = run_every_chunking(code);
  ASSERT_EQ(s.size(), 1u);
  expect_narrative(s[0], code);
}

TEST(StreamInterceptorShapes, MarkerSwitches) {
  intercept_options o;
  o.syntaxes.tool_call_tag = false;
  o.syntaxes.tool_calls_marker = false;
  o.syntaxes.python_tag = false;
  for (std::string text : {"<tool_call>{\"name\":\"a\",\"arguments\":{}}</tool_call>",
                           "[TOOL_CALLS][{\"name\":\"a\",\"arguments\":{}}]",
                           "<|python_tag|>{\"name\":\"a\",\"parameters\":{}}<|eom_id|>"}) {
    auto p = run(text, o);
    // With the markers off, only the inner JSON object may be a call (json_object).
    EXPECT_NE(narrative_of(p).find(text.substr(0, 5)), std::string::npos) << text;
  }
}

TEST(StreamInterceptorShapes, LargeArgumentsAreStreamedIntoTheCall) {
  std::string content;
  for (int i = 0; content.size() < 20000; ++i) content += "line " + std::to_string(i) + " of a long file\\n";
  const std::string args = "{\"path\": \"big.txt\", \"content\": \"" + content + "\"}";
  const toon::value expected = json(args);
  const std::string json_call = "{\"tool\": \"write_file\", \"arguments\": " + args + "}";
  const std::string shapes[] = {
      json_call,
      "```json\n" + json_call + "\n```\n",
      "<tool_call>" + json_call + "</tool_call>",
      "[TOOL_CALLS] [" + json_call + "]",
      "> tools/call#9 {name: write_file, args: " + args + "}",
      "```toon\ntool: write_file\npath: big.txt\ncontent: \"" + content + "\"\n```\n",
  };
  for (const std::string& call : shapes) {
    SCOPED_TRACE(call.substr(0, 20));
    for (std::size_t chunk : {0u, 1u, 61u}) {
      auto p = run("Writing it.\n" + call + "\nWritten.", {}, chunk);
      ASSERT_EQ(p.size(), 3u);
      ASSERT_EQ(p[1].kind, piece_kind::tool_call) << p[1].problem;
      EXPECT_EQ(p[1].call->name, "write_file");
      EXPECT_EQ(p[1].call->arguments, expected);
      EXPECT_EQ(p[1].text, call);
      EXPECT_EQ(narrative_of(p), "Writing it.\n\nWritten.");
    }
  }
  // Past max_call_bytes, the call is narrative.
  intercept_options o;
  o.max_call_bytes = 10000;
  auto q = run(json_call, o);
  EXPECT_EQ(q.at(0).kind, piece_kind::narrative);
  EXPECT_EQ(narrative_of(q), json_call);
}

TEST(StreamInterceptorShapes, LargeDataIsStillReleasedAtTheBound) {
  // JSON that is not (yet) a call is held back no more than max_buffer_chars.
  intercept_options o;
  o.max_buffer_chars = 64;
  const std::string text = "{\"title\": \"" + std::string(500, 'x') + "\", \"tool\": \"a\"}";
  std::size_t fed = 0;
  std::size_t out = 0;
  stream_interceptor in([&](stream_piece&& p) { out += p.text.size(); }, o);
  for (char c : text) {
    in.feed(std::string_view(&c, 1));
    ++fed;
    EXPECT_LE(fed - out, 64u);
  }
  in.finish();
  EXPECT_EQ(out, text.size());
}

TEST(StreamInterceptorShapes, DslBarePathsAreAccepted) {
  struct tc {
    const char* text;
    const char* args;
  };
  const tc cases[] = {
      {"> tools/call {name: read_file, args: {path: README.md}}", R"({"path":"README.md"})"},
      {"> tools/call#4 {name: read_file, args: {path: src/main.cpp, max_lines: 40}}",
       R"({"path":"src/main.cpp","max_lines":40})"},
      {"> tools/call {name: read_file, args: {path: ../notes/todo-list.txt, ratio: 0.5}}",
       R"({"path":"../notes/todo-list.txt","ratio":0.5})"},
      {"> tools/call {name: read_file, args: {paths: [a.txt, \"b c.txt\"]}}", R"({"paths":["a.txt","b c.txt"]})"},
  };
  for (const tc& c : cases) {
    SCOPED_TRACE(c.text);
    auto p = run_every_chunking(std::string("Reading.\n") + c.text + "\n");
    ASSERT_EQ(p.size(), 3u);
    expect_call(p[1], "read_file", c.args, c.text, call_syntax::dsl_request);
  }
}

TEST(StreamInterceptorShapes, ToolDescriptionsAreNotCalls) {
  const char* cases[] = {
      "The tools:\n```toon\ntools[2]{name,description}:\n  read_file,Reads one file\n  list_dir,Lists a folder\n```\n",
      "About it:\ntool: read_file\ndescription: Reads one file from the workspace.\n\nThat's all.",
      "```toon\ntool: read_file\ndescription: Reads one file\ninputSchema:\n  type: object\n```\n",
      R"(Schema: {"type":"function","function":{"name":"read_file","parameters":{"type":"object","properties":{"path":{"type":"string"}}}}})",
      R"(Entry: {"tool": "read_file", "description": "Reads one file"})",
      R"(Listed: {"name": "read_file", "input_schema": {"type": "object", "properties": {}}})",
  };
  for (const char* c : cases) {
    SCOPED_TRACE(c);
    auto p = run_every_chunking(c);
    ASSERT_EQ(p.size(), 1u);
    expect_narrative(p[0], c);
  }
  // A "description" among the arguments is an argument.
  const std::string call = R"({"tool": "create_issue", "arguments": {"title": "x", "description": "y"}})";
  auto q = run(call);
  ASSERT_EQ(q.size(), 1u);
  expect_call(q[0], "create_issue", R"({"title":"x","description":"y"})", call, call_syntax::json_object);
}

TEST(StreamInterceptorShapes, CallsFromValue) {
  auto two = toon::mcp::calls_from_value(
      json(R"({"tool_calls":[{"function":{"name":"a","arguments":"{}"}},{"name":"b","arguments":{"x":1}}]})"));
  ASSERT_TRUE(two.has_value());
  ASSERT_EQ(two->size(), 2u);
  EXPECT_EQ((*two)[0]->name, "a");
  EXPECT_EQ((*two)[1]->arguments, json(R"({"x":1})"));
  EXPECT_FALSE(toon::mcp::calls_from_value(json("[]")).has_value());
  EXPECT_FALSE(toon::mcp::calls_from_value(json(R"([{"name":"a","arguments":{}},3])")).has_value());
  EXPECT_FALSE(toon::mcp::calls_from_value(json(R"({"tool_calls":[],"extra":1})")).has_value());
  auto one = toon::mcp::calls_from_value(json(R"({"function_call":{"name":"f","arguments":"{\"k\":2}"}})"));
  ASSERT_TRUE(one.has_value());
  ASSERT_EQ(one->size(), 1u);
  EXPECT_EQ((*one)[0]->arguments, json(R"({"k":2})"));
}

TEST(StreamInterceptorShapes, ACallPastTheLimitIsNarrativeToItsEnd) {
  intercept_options o;
  o.max_buffer_chars = 16;
  o.max_call_bytes = 64;
  const std::string inner = std::string(100, 'y') + R"( {\"tool\":\"z\",\"arguments\":{}} )";
  for (std::string big : {R"(<tool_call>{"name":"w","arguments":{"s":")" + inner + R"("}}</tool_call>)",
                          R"({"tool":"w","arguments":{"s":")" + inner + R"("}})",
                          R"([TOOL_CALLS] [{"name":"w","arguments":{"s":")" + inner + R"("}}])"}) {
    SCOPED_TRACE(big);
    const std::string after = R"({"tool":"ok"})";
    auto p = run_every_chunking(big + " then " + after, o);
    ASSERT_EQ(p.size(), 2u);
    expect_narrative(p[0], big + " then ");
    EXPECT_TRUE(p[0].false_alarm);
    expect_call(p[1], "ok", "{}", after, call_syntax::json_object);
  }
}
