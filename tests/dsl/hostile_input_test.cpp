// hostile_input_test.cpp - the MCP-DSL compiler under hostile and large input (issue 39):
// every nesting construct counts against max_depth, objects of any size build in linear time,
// type aliases expand under a budget, UTF-8 is validated, and the grammar points settled in
// docs/mcp-dsl.md. ctest gives these tests a time limit (tests/CMakeLists.txt): a quadratic
// path on the 200,000-member inputs below takes minutes and fails it.
#include <gtest/gtest.h>

#include <pthread.h>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "dsl_test_util.hpp"

namespace {

using dsl_test::C;
using dsl_test::J;
using toon::error_code;

toon::error fails(std::string_view dsl) {
  auto r = toon::mcp_dsl::compile(dsl);
  EXPECT_FALSE(r.has_value()) << "compiled: " << dsl.substr(0, 200);
  return r ? toon::error{} : r.error();
}

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t stack_bytes = std::size_t{16} << 20;  // ASan's redzones: frames ~10x larger
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr std::size_t stack_bytes = std::size_t{16} << 20;
#else
constexpr std::size_t stack_bytes = std::size_t{1} << 20;
#endif
#else
constexpr std::size_t stack_bytes = std::size_t{1} << 20;  // the acceptance bound: 1 MiB
#endif

/// Runs `f` on a thread with a stack of stack_bytes: a recursion past it crashes the test.
void on_small_stack(const std::function<void()>& f) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, stack_bytes), 0);
  pthread_t thread;
  auto body = [](void* p) -> void* {
    (*static_cast<const std::function<void()>*>(p))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, body, const_cast<std::function<void()>*>(&f)), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

// ---- depth -------------------------------------------------------------------------------

TEST(DslHostile, NestedAnnotationValuesCountAgainstMaxDepth) {
  // Crashed with a stack overflow: annotation values nested without a depth check.
  std::string value = "> m#1 {a: " + repeat("@a: ", 20000) + "1}";
  toon::error e = fails(value);
  EXPECT_EQ(e.code, error_code::depth_limit);
  EXPECT_EQ(e.line, 1u);
  std::string in_tool = "T t {" + repeat("@a: ", 20000) + "1}";
  EXPECT_EQ(fails(in_tool).code, error_code::depth_limit);
  // Up to the limit they compile, one object per level.
  toon::mcp_dsl::compile_options o;
  o.max_depth = 10;
  auto ok = toon::mcp_dsl::compile_one("> m#1 {a: @b: @c: 1}", o);
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(*ok, J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"a":{"b":{"c":1}}}})"));
  EXPECT_EQ(toon::mcp_dsl::compile("> m#1 {a: " + repeat("@a: ", 10) + "1}", o).error().code,
            error_code::depth_limit);
}

TEST(DslHostile, CapabilityPathSegmentsCountAgainstMaxDepth) {
  // 110k segments crashed to_json; 100k compiled to JSON the project's JSON reader refuses.
  for (std::size_t n : {100000u, 110000u}) {
    std::string path = "a" + repeat(".a", n - 1);
    toon::error e = fails("< #1 {caps: {" + path + "}}");
    EXPECT_EQ(e.code, error_code::depth_limit) << n;
  }
  toon::mcp_dsl::compile_options o;
  o.max_depth = 5;
  auto ok = toon::mcp_dsl::compile_one("< #1 {a.b.c}", o);  // the result object, then 3 levels
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(*ok, J(R"({"jsonrpc":"2.0","id":1,"result":{"a":{"b":{"c":true}}}})"));
  EXPECT_EQ(toon::mcp_dsl::compile("< #1 {a.b.c.d.e.f}", o).error().code, error_code::depth_limit);
}

TEST(DslHostile, AliasesCountAgainstMaxDepth) {
  // type A1 = [A0], A2 = [A1], ...: each alias one level deeper than the last.
  std::string text = "type A0 = str\n";
  for (int k = 1; k < 400; ++k) text += "type A" + std::to_string(k) + " = [A" + std::to_string(k - 1) + "]\n";
  text += "T t {in: {x: A399}}\n";
  toon::error e = fails(text);
  EXPECT_EQ(e.code, error_code::depth_limit);
  EXPECT_NE(e.message.find("alias"), std::string::npos) << e.message;
  EXPECT_LT(e.line, 400u);  // stopped while declaring, not after building every alias
}

TEST(DslHostile, AliasExpansionHasABudget) {
  // Each alias four copies of the previous one: 4^k values from a few hundred bytes. Refused
  // once the copies exceed 65,536 values plus a quarter of the input's bytes.
  std::string text = "type B0 = {a: str, b: str, c: str, d: str}\n";
  for (int k = 1; k < 40; ++k) {
    std::string p = "B" + std::to_string(k - 1);
    text += "type B" + std::to_string(k) + " = {a: " + p + ", b: " + p + ", c: " + p + ", d: " + p + "}\n";
  }
  text += "T t {in: {x: B39}}\n";
  toon::error e = fails(text);
  EXPECT_EQ(e.code, error_code::size_limit);
  EXPECT_LT(e.line, 12u);  // 4^9 * 9 values > 65,536: refused before the tenth alias is copied
  // Within the budget aliases expand as usual.
  auto ok = C("type P = {x: int!, y: int!}\nT t {in: {a: P, b: P}}");
  EXPECT_EQ(ok["inputSchema"]["properties"]["b"], J(R"({"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"integer"}},"required":["x","y"]})"));
}

TEST(DslHostile, DeepestAcceptedInputsFitInAOneMebibyteStack) {
  // Every nesting construct at max_depth (256): no recursion deeper than the limit.
  const std::string inputs[] = {
      "> m#1 {a: " + repeat("[", 254) + repeat("]", 254) + "}",
      "> m#1 {a: " + repeat("{a: ", 254) + "1" + repeat("}", 254) + "}",
      "> m#1 {a: " + repeat("@a: ", 254) + "1}",
      "T t {in: {a: " + repeat("[", 120) + "str" + repeat("]", 120) + "}}",
      "T t {in: " + repeat("{a: ", 80) + "str" + repeat("}", 80) + "}",
      "T t {in: {a: " + repeat("(", 120) + "str" + repeat(")", 120) + "}}",
      "< #1 {" + std::string("a") + repeat(".a", 250) + "}",
  };
  for (const std::string& in : inputs) {
    bool done = false;
    on_small_stack([&] {
      auto r = toon::mcp_dsl::compile(in);
      if (r) (void)toon::to_json((*r)[0]);  // and the writer, on what the compiler accepted
      done = true;
    });
    EXPECT_TRUE(done);
  }
  // And one level more fails cleanly, on the same small stack.
  bool refused = false;
  on_small_stack([&] {
    auto r = toon::mcp_dsl::compile("> m#1 {a: " + repeat("[", 100000) + "}");
    refused = !r && r.error().code == error_code::depth_limit;
  });
  EXPECT_TRUE(refused);
}

// ---- linear time ---------------------------------------------------------------------------

constexpr int many = 200000;

TEST(DslHostile, LargeObjectsBuildInLinearTime) {
  std::string keys = "> m#1 {";
  for (int i = 0; i < many; ++i) keys += "k" + std::to_string(i) + ": 1 ";
  auto r = toon::mcp_dsl::compile_one(keys + "}");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ((*r)["params"].as_object().size(), std::size_t(many));
  // A duplicate is still found, however far apart.
  EXPECT_EQ(fails(keys + "k0: 2}").code, error_code::duplicate_key);
  EXPECT_EQ(fails(keys + "\"k" + std::to_string(many - 1) + "\": 2}").code, error_code::duplicate_key);
}

TEST(DslHostile, LargeCapabilitySetsBuildInLinearTime) {
  std::string caps = "< #1 {caps: {";
  for (int i = 0; i < many; ++i) caps += "a.k" + std::to_string(i) + " x" + std::to_string(i) + " ";
  auto r = toon::mcp_dsl::compile_one(caps + "}}");
  ASSERT_TRUE(r) << r.error().message;
  const toon::value& c = (*r)["result"]["capabilities"];
  EXPECT_EQ(c.as_object().size(), std::size_t(many) + 1);  // a, x0, x1, ...
  EXPECT_EQ(c["a"].as_object().size(), std::size_t(many));
  EXPECT_EQ(c["a"]["k12345"], toon::value(true));
  EXPECT_EQ(fails(caps + "a.k17.z}}").code, error_code::duplicate_key);  // k17 is true, not an object
  EXPECT_EQ(fails(caps + "x5: 1}}").code, error_code::duplicate_key);
}

TEST(DslHostile, LargeTypesAndPromptsBuildInLinearTime) {
  std::string fields = "T t {in: {";
  std::string args = "P p {args: {";
  for (int i = 0; i < many; ++i) {
    fields += "f" + std::to_string(i) + ": str ";
    args += "a" + std::to_string(i) + ": str ";
  }
  auto t = toon::mcp_dsl::compile_one(fields + "}}");
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ((*t)["inputSchema"]["properties"].as_object().size(), std::size_t(many));
  EXPECT_EQ(fails(fields + "f9: int}}").code, error_code::duplicate_key);
  auto p = toon::mcp_dsl::compile_one(args + "}}");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ((*p)["arguments"].as_array().size(), std::size_t(many));
  EXPECT_EQ(fails(args + "a7: str}}").code, error_code::duplicate_key);
  // Many annotations on one tool.
  std::string ann = "T t {";
  for (int i = 0; i < many; ++i) ann += "@h" + std::to_string(i) + " ";
  auto a = toon::mcp_dsl::compile_one(ann + "}");
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ((*a)["annotations"].as_object().size(), std::size_t(many));
  EXPECT_EQ(fails(ann + "@h3}").code, error_code::duplicate_key);
}

// ---- UTF-8 ---------------------------------------------------------------------------------

TEST(DslHostile, InvalidUtf8IsRefusedWithItsPosition) {
  struct bad {
    std::string text;
    std::uint32_t line, column;
  };
  const bad cases[] = {
      {"> m#1 {a: \"x\xffy\"}", 1, 13},              // a byte that is never UTF-8
      {"> m#1 {a: \"\xc0\xaf\"}", 1, 12},            // overlong '/'
      {"> m#1 {a: \"\xed\xa0\x80\"}", 1, 12},        // an encoded surrogate
      {"> m#1 {a: \"\xf4\x90\x80\x80\"}", 1, 12},    // above U+10FFFF
      {"> m#1 {a: \"\xe2\x82\"}", 1, 12},            // truncated
      {"> m#1 {\"k\xff\": 1}", 1, 10},               // quoted key
      {"T \"t\xfe\" {}", 1, 5},                      // quoted name
      {"> \"m\xff\"#1", 1, 5},                       // quoted method
      {"> m#1 {a: |\n    ok\n    b\xff\n}", 3, 6},  // text block
      {"> m#1 {} # comment \xff\n", 1, 20},          // even in a comment: the text is UTF-8
  };
  for (const bad& c : cases) {
    auto r = toon::mcp_dsl::compile(c.text);
    ASSERT_FALSE(r) << c.text;
    EXPECT_EQ(r.error().code, error_code::invalid_utf8) << c.text;
    EXPECT_EQ(r.error().line, c.line) << c.text;
    EXPECT_EQ(r.error().column, c.column) << c.text;
  }
  // Valid multi-byte text passes through unchanged.
  EXPECT_EQ(C("> m#1 {a: \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"}")["params"]["a"],
            toon::value("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"));
}

// ---- grammar points (docs/mcp-dsl.md, "Decisions") --------------------------------------------

TEST(DslGrammar, SeveralItemsOnOneLine) {
  auto r = toon::mcp_dsl::compile("> ping#74 > ping#75 ! initialized < #76 x #77 -1: bad < #78");
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(r->size(), 6u);
  EXPECT_EQ((*r)[1], J(R"({"jsonrpc":"2.0","id":75,"method":"ping"})"));
  EXPECT_EQ((*r)[2], J(R"({"jsonrpc":"2.0","method":"initialized"})"));
  EXPECT_EQ((*r)[3], J(R"({"jsonrpc":"2.0","id":76,"result":{}})"));
  EXPECT_EQ((*r)[4], J(R"({"jsonrpc":"2.0","id":77,"error":{"code":-1,"message":"bad"}})"));
}

TEST(DslGrammar, PromptArgumentsAsAList) {
  // The TypeScript decompiler's form, next to the DSL's own `{a: str!}`.
  EXPECT_EQ(C(R"(P p {args: [{name: a, description: "A", required: true}, {name: b}]})"),
            J(R"({"name":"p","arguments":[{"name":"a","description":"A","required":true},{"name":"b"}]})"));
  EXPECT_EQ(C("P p {args: {a: str!}}"), J(R"({"name":"p","arguments":[{"name":"a","required":true}]})"));
}

TEST(DslGrammar, DedentedTextBlockLineIsAnError) {
  // Was read as the capabilities `line` and `two`.
  toon::error e = fails("T x {\n  desc: |\n    line one\n   line two\n}\n");
  EXPECT_EQ(e.code, error_code::dsl_syntax);
  EXPECT_EQ(e.line, 4u);
  EXPECT_EQ(e.column, 4u);
  // The block ends at the indentation of the line holding '|' or less.
  EXPECT_EQ(C("T x {\n  desc: |\n    line one\n  title: t\n}\n"),
            J(R"({"name":"x","description":"line one","title":"t"})"));
  // After a '{' opened on the '|' line, members may sit deeper than that line.
  EXPECT_EQ(C("> m#1 {text: |\n    a\n  other: 1}"),
            J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"text":"a","other":1}})"));
}

TEST(DslGrammar, NumbersOutOfRangeAreErrorsBothWays) {
  toon::error small = fails("> m#1 {a: 1e-400}");
  EXPECT_EQ(small.code, error_code::dsl_syntax);
  EXPECT_EQ(small.column, 11u);
  EXPECT_NE(small.message.find("range"), std::string::npos) << small.message;
  EXPECT_EQ(fails("> m#1 {a: 1e999999}").code, error_code::dsl_syntax);
  EXPECT_EQ(fails("> m#1 {a: -2.5e-999}").code, error_code::dsl_syntax);
  // Zero written any way, and the smallest subnormal, are numbers.
  EXPECT_EQ(C("> m#1 {a: 0e-999, b: 0.000e5, c: 5e-324}")["params"],
            J(R"({"a":0.0,"b":0.0,"c":5e-324})"));
}

TEST(DslGrammar, HashGluedToTheMethodIsTheIdMarker) {
  toon::error e = fails("> tools/list# {}");
  EXPECT_EQ(e.code, error_code::dsl_syntax);
  EXPECT_EQ(e.column, 13u);
  EXPECT_NE(e.message.find("message id"), std::string::npos) << e.message;
  // A comment after whitespace is still a comment.
  EXPECT_EQ(C("> tools/list#1 # list them\n"), J(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})"));
}

TEST(DslGrammar, ToolArgumentsKeepTheirOwnKeys) {
  // `desc`, `v`, `ok`, `args` inside args of tools/call and prompts/get are the tool's own
  // parameter names, at every level; the envelope around them still abbreviates.
  auto call = C(R"(> tools/call#1 {name: t, args: {desc: 1, v: 2, ok: true, args: {mime: 3}}})");
  EXPECT_EQ(call, J(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":
                       {"desc":1,"v":2,"ok":true,"args":{"mime":3}}}})"));
  auto prompt = C(R"(> prompts/get#2 {name: p, args: {desc: "d"}})");
  EXPECT_EQ(prompt["params"]["arguments"], J(R"({"desc":"d"})"));
  // Elsewhere they are abbreviations.
  EXPECT_EQ(C("> m#3 {args: {desc: 1}}")["params"], J(R"({"arguments":{"description":1}})"));
  // The decompiler writes such keys so that every compiler reads them literally.
  for (const toon::value& v : {call, prompt}) {
    std::string text = dsl_test::D(v);
    EXPECT_EQ(C(text), v) << text;
  }
  EXPECT_EQ(dsl_test::D(call),
            R"(> tools/call#1 {name: t, args: {"desc": 1, "v": 2, "ok": true, "args": {"mime": 3}}})");
  toon::value described = J(R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"t",
                               "arguments":{"description":"x","isError":false}}})");
  EXPECT_EQ(dsl_test::D(described), R"(> tools/call#4 {name: t, args: {description: x, isError: false}})");
  EXPECT_EQ(C(dsl_test::D(described)), described);
}

}  // namespace
