// Decompiler tests: JSON-RPC / MCP JSON to canonical DSL, written by hand from the rules of
// docs/mcp-dsl.md (shortest form that compiles back to the same value).
#include <gtest/gtest.h>

#include <string>

#include "dsl_test_util.hpp"

using dsl_test::C;
using dsl_test::D;
using dsl_test::J;
using toon::mcp_dsl::decompile;
using toon::mcp_dsl::item_kind;

namespace {

// Decompiles, and checks that compiling the text gives the value back.
std::string DR(std::string_view json) {
  toon::value v = J(json);
  std::string dsl = D(v);
  EXPECT_EQ(C(dsl), v) << dsl;
  return dsl;
}

toon::error_code fails(std::string_view json, item_kind kind = item_kind::automatic) {
  auto r = decompile(J(json), kind);
  EXPECT_FALSE(r.has_value()) << *r;
  return r ? toon::error_code::ok : r.error().code;
}

}  // namespace

TEST(DslDecompile, Messages) {
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"search","arguments":{"query":"weather"}}})"),
            "> tools/call#42 {name: search, args: {query: weather}}");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":1,"method":"ping"})"), "> ping#1");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}})"), "> tools/list#1 {}");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"), "! notifications/initialized");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":1,"result":{}})"), "< #1");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":"a b","result":[1,"x y",null,true]})"), R"(< #"a b" [1, "x y", null, true])");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":5,"error":{"code":-32601,"message":"Method not found"}})"),
            R"(x #5 -32601:"Method not found")");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"ParseError","data":{"at":3}}})"),
            "x #null -32700:ParseError {at: 3}");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":9,"method":"my.method","params":{"a":1}})"), R"(> "my.method"#9 {a: 1})");
}

TEST(DslDecompile, Initialize) {
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
      "capabilities":{"roots":{"listChanged":true},"sampling":{}},"clientInfo":{"name":"c","version":"1.0"}}})"),
            R"(> initialize#1 {v: "2025-06-18", caps: {roots.listChanged, sampling}, info: @impl("c", "1.0")})");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18",
      "capabilities":{"tools":{"listChanged":true},"logging":{}},"serverInfo":{"name":"s","version":"2"}}})"),
            R"(< #1 {v: "2025-06-18", caps: {tools.listChanged, logging}, info: @impl("s", "2")})");
  // "info" itself where info means clientInfo must be quoted; capabilities with non-true
  // leaves are written as plain objects.
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"info":1,"capabilities":{"x":{"y":false}}}})"),
            R"(> initialize#1 {"info": 1, caps: {x: {y: false}}})");
}

TEST(DslDecompile, KeysAbbreviatedOrQuoted) {
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"description":"d","desc":"e","a-b":1,"isError":"no","ok":2}})"),
            R"(> m#1 {desc: d, "desc": e, "a-b": 1, isError: no, "ok": 2})");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"hi"}],"isError":false}})"),
            R"(< #3 {content: [txt"hi"], ok: true})");
}

TEST(DslDecompile, StringsAndNumbers) {
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"a":"line\nnext\t\"q\" \\ \u0001","b":"true","c":"txt","d":"x_1","e":""}})"),
            R"(> m#1 {a: "line\nnext\t\"q\" \\ \u0001", b: "true", c: txt, d: x_1, e: ""})");
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"a":1.5,"b":-0.001,"c":1e300,"d":123456789012345678901234567890}})"),
            "> m#1 {a: 1.5, b: -0.001, c: 1e+300, d: 123456789012345678901234567890}");
}

TEST(DslDecompile, ContentBlocks) {
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":4,"result":{"content":[
      {"type":"image","data":"AAAA","mimeType":"image/png"},
      {"type":"audio","data":"BB","mimeType":"audio/wav"},
      {"type":"image","data":"CC","mimeType":"image/svg+xml"},
      {"type":"resource","resource":{"uri":"file:///a.txt"}},
      {"type":"resource","resource":{"uri":"file:///b.txt","text":"hello"}},
      {"type":"tool","name":"search"},
      {"type":"text","text":"x","annotations":{"audience":["user"]}}]}})"),
            R"(< #4 {content: [img"AAAA"::png, aud"BB"::wav, {type: image, data: CC, mime: "image/svg+xml"}, )"
            R"(res{"file:///a.txt"}, emb{uri: "file:///b.txt", text: hello}, T{search}, )"
            R"({type: text, text: x, @audience: [user]}]})");
}

TEST(DslDecompile, RoleMessages) {
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":2,"result":{"messages":[
      {"role":"user","content":{"type":"text","text":"Hi"}},
      {"role":"assistant","content":[{"type":"resource","resource":{"uri":"cur"}},{"type":"tool","name":"f"}]},
      {"role":"user","content":{"type":"image","data":"AA","mimeType":"image/png"}},
      {"role":"robot","content":{"type":"text","text":"Hi"}}]}})"),
            R"(< #2 {msgs: [u: "Hi", a: res{cur} + T{f}, u: img"AA"::png, {role: robot, content: txt"Hi"}]})");
}

TEST(DslDecompile, ToolDefinitions) {
  EXPECT_EQ(DR(R"({"name":"calculate","description":"Performs calculations",
      "inputSchema":{"type":"object","properties":{"expression":{"type":"string"},"precision":{"type":"integer","default":2}},
                     "required":["expression"]},
      "outputSchema":{"type":"object","properties":{"result":{"type":"number"},"at":{"type":"string","format":"date-time"}}},
      "annotations":{"readOnlyHint":true,"idempotentHint":false,"title":"Calc"}})"),
            R"(T calculate {desc: "Performs calculations", in: {expression: str!, precision: int = 2}, )"
            R"(out: {result: num, at: str::date-time}, @readonly, @idempotent: false, @title: Calc})");
  EXPECT_EQ(DR(R"({"name":"t","inputSchema":{"type":"object","properties":{
      "a":{"oneOf":[{"type":"string"},{"oneOf":[{"type":"integer"},{"type":"null"}]}]},
      "b":{"type":"array","items":{"type":"string","enum":["x","y z"]}},
      "c":{"type":"string","format":"uri"},"d":{"type":"string","contentEncoding":"base64","format":"png"},
      "e":{"$ref":"#/definitions/Address"},"f":{"type":"object"},"g":{"type":"array"},
      "h":{"type":"boolean","default":false},"my key":{"type":"number"}},"required":["b","h"]}})"),
            R"(T t {in: {a: str|(int|null), b: [enum[x, "y z"]]!, c: uri, d: blob::png, e: Address, f: {}, g: [], )"
            R"(h: bool! = false, "my key": num}})");
}

TEST(DslDecompile, SchemasOutsideTheTypeSyntaxStayJson) {
  // "minimum" has no type syntax: the schema is kept as a plain value under its quoted key.
  EXPECT_EQ(DR(R"({"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer","minimum":0}}}})"),
            R"(T t {"inputSchema": {type: object, properties: {n: {type: integer, minimum: 0}}}})");
  // Required names out of property order cannot come from the type syntax either.
  EXPECT_EQ(DR(R"({"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["b","a"]}})"),
            R"(T t {"inputSchema": {type: object, properties: {a: {type: string}, b: {type: string}}, required: [b, a]}})");
}

TEST(DslDecompile, ToolsListResultUsesInlineDefinitions) {
  EXPECT_EQ(DR(R"({"jsonrpc":"2.0","id":2,"result":{"tools":[
      {"name":"search","description":"Find","inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}},
      {"name":"read-file","inputSchema":{"type":"object"}}],"nextCursor":"abc"}})"),
            R"(< #2 {tools: [T{search: {desc: Find, in: {q: str!}}}, T{"read-file": {in: {}}}], nextCursor: abc})");
}

TEST(DslDecompile, OtherDefinitions) {
  EXPECT_EQ(DR(R"({"name":"cfg","uri":"file:///c.json","mimeType":"application/json","annotations":{"priority":0.5}})"),
            R"(R cfg {uri: "file:///c.json", mime: "application/json", @priority: 0.5})");
  EXPECT_EQ(DR(R"({"name":"user","uriTemplate":"users://{id}","description":"A user"})"),
            R"(RT user {uri: "users://{id}", desc: "A user"})");
  EXPECT_EQ(DR(R"({"name":"review","arguments":[{"name":"code","required":true},{"name":"style"}],
      "messages":[{"role":"user","content":{"type":"text","text":"Review {{code}}"}}]})"),
            R"(P review {args: {code: str!, style: str}, msgs: [u: "Review {{code}}"]})");
  // Argument descriptions have no DSL form: the arguments stay JSON.
  EXPECT_EQ(DR(R"({"name":"p","arguments":[{"name":"code","description":"The code"}]})"),
            R"(P p {"arguments": [{name: code, desc: "The code"}]})");
  EXPECT_EQ(D(J(R"({"name":"x y","inputSchema":{"type":"object"}})")), R"(T "x y" {in: {}})");
}

TEST(DslDecompile, InexpressibleValuesFailClearly) {
  EXPECT_EQ(fails(R"({"jsonrpc":"2.0","id":1,"method":"m","params":[1,2]})"), toon::error_code::dsl_inexpressible);
  EXPECT_EQ(fails(R"({"jsonrpc":"2.0","id":1,"method":"m","extra":true})"), toon::error_code::dsl_inexpressible);
  EXPECT_EQ(fails(R"({"jsonrpc":"1.0","id":1,"method":"m"})"), toon::error_code::dsl_inexpressible);
  EXPECT_EQ(fails(R"({"jsonrpc":"2.0","id":1.5,"method":"m"})"), toon::error_code::dsl_inexpressible);
  EXPECT_EQ(fails(R"({"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m","x":1}})"), toon::error_code::dsl_inexpressible);
  EXPECT_EQ(fails(R"({"jsonrpc":"2.0","id":1,"error":{"message":"m","code":1}})"), toon::error_code::dsl_inexpressible);
  EXPECT_EQ(fails(R"({"what":1})"), toon::error_code::dsl_inexpressible);
  EXPECT_EQ(fails(R"([1])"), toon::error_code::dsl_inexpressible);
  EXPECT_EQ(fails(R"({"inputSchema":{},"name":"late"})"), toon::error_code::dsl_inexpressible);
  auto r = decompile(J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":[1]})"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "cannot express $.params in MCP-DSL: params that are not an object");
}

TEST(DslDecompile, DeepValuesFailInsteadOfOverflowing) {
  toon::value v(toon::array{});
  for (int i = 0; i < 5000; ++i) {  // not array{std::move(v)}: an initializer list copies
    toon::array a;
    a.push_back(std::move(v));
    v = toon::value(std::move(a));
  }
  toon::value msg(toon::object{{"jsonrpc", toon::value("2.0")}, {"id", toon::value(1)}, {"result", std::move(v)}});
  auto r = decompile(msg);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::dsl_inexpressible);
}

TEST(DslDecompile, JsonTextBatchesAndLines) {
  auto a = toon::mcp_dsl::decompile_json(R"([{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1,"result":{}}])");
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ(*a, "> ping#1\n< #1\n");
  auto b = toon::mcp_dsl::decompile_json("{\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n\n{\"jsonrpc\":\"2.0\",\"method\":\"b\"}\n");
  ASSERT_TRUE(b) << b.error().message;
  EXPECT_EQ(*b, "! a\n! b\n");
  auto c = toon::mcp_dsl::decompile_json("{\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n{oops\n");
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().line, 2u);
}

TEST(DslRoundTrip, CanonicalDslIsAFixedPoint) {
  // DSL -> JSON -> DSL gives the canonical form, which compiles to the same JSON again.
  const char* inputs[] = {
      R"(> tools/call#42 {name: "search", args: {query: "weather"}})",
      "> initialize#1 {\n  v: \"2025-06-18\"\n  caps: {roots.listChanged, sampling}\n  info: @impl(\"c\", \"1\")\n}",
      R"(T forecast { desc: "Get weather" in: { city: str! days: int = 7 units?: enum[metric, imperial] } @readonly })",
      "P p {args: {a: str!} msgs: [u: |\n    hello\n    world\n]}",
  };
  const char* canonical[] = {
      "> tools/call#42 {name: search, args: {query: weather}}",
      R"(> initialize#1 {v: "2025-06-18", caps: {roots.listChanged, sampling}, info: @impl("c", "1")})",
      R"(T forecast {desc: "Get weather", in: {city: str!, days: int = 7, units: enum[metric, imperial]}, @readonly})",
      R"(P p {args: {a: str!}, msgs: [u: "hello\nworld"]})",
  };
  for (std::size_t i = 0; i < std::size(inputs); ++i) {
    toon::value v = C(inputs[i]);
    std::string d = D(v);
    EXPECT_EQ(d, canonical[i]);
    EXPECT_EQ(C(d), v);
    EXPECT_EQ(D(C(d)), d);
  }
}
