// Compiler tests: DSL from the MCP-DSL grammar and specification examples, with the
// expected JSON written by hand from the grammar's tables (docs/mcp-dsl.md).
#include <gtest/gtest.h>

#include <string>

#include "dsl_test_util.hpp"

using dsl_test::C;
using dsl_test::J;
using toon::mcp_dsl::compile;
using toon::mcp_dsl::compile_one;

namespace {

// The "in" schema of a one-property tool, to check one row of the type table.
toon::value property_schema(const std::string& type) {
  toon::value tool = C("T t { in: {x: " + type + "} }");
  const toon::value* in = tool.find("inputSchema");
  if (!in || !in->find("properties")) return toon::value{};
  return (*in)["properties"]["x"];
}

}  // namespace

TEST(DslCompile, ReadmeToolCall) {
  EXPECT_EQ(C(R"(> tools/call#42 {name: "search", args: {query: "weather"}})"),
            J(R"({"jsonrpc":"2.0","id":42,"method":"tools/call",
                  "params":{"name":"search","arguments":{"query":"weather"}}})"));
}

TEST(DslCompile, InitializeRequestWithCapabilitiesAndImpl) {
  EXPECT_EQ(C("> initialize#1 {\n  v: \"2025-06-18\"\n  caps: {roots.listChanged, sampling}\n"
              "  info: @impl(\"myClient\", \"1.0.0\")\n}"),
            J(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{
                  "protocolVersion":"2025-06-18",
                  "capabilities":{"roots":{"listChanged":true},"sampling":{}},
                  "clientInfo":{"name":"myClient","version":"1.0.0"}}})"));
}

TEST(DslCompile, InitializeResponseUsesServerInfo) {
  EXPECT_EQ(C(R"(< #1 {v: "2025-06-18", caps: {tools}, info: @impl("server", "1.0")})"),
            J(R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18",
                  "capabilities":{"tools":{}},"serverInfo":{"name":"server","version":"1.0"}}})"));
}

TEST(DslCompile, InfoOutsideInitializeStaysInfo) {
  EXPECT_EQ(C(R"(> other#2 {info: "x"})"), J(R"({"jsonrpc":"2.0","id":2,"method":"other","params":{"info":"x"}})"));
}

TEST(DslCompile, Notifications) {
  EXPECT_EQ(C("! initialized"), J(R"({"jsonrpc":"2.0","method":"initialized"})"));
  EXPECT_EQ(C(R"(! resources/updated {uri: "file://data.txt"})"),
            J(R"({"jsonrpc":"2.0","method":"resources/updated","params":{"uri":"file://data.txt"}})"));
  EXPECT_EQ(C(R"(! progress {token: "abc", progress: 50, total: 100})"),
            J(R"({"jsonrpc":"2.0","method":"progress","params":{"token":"abc","progress":50,"total":100}})"));
}

TEST(DslCompile, RequestsAndResponsesWithoutBodies) {
  EXPECT_EQ(C("> ping#1"), J(R"({"jsonrpc":"2.0","id":1,"method":"ping"})"));
  EXPECT_EQ(C("> tools/list#2 {}"), J(R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}})"));
  EXPECT_EQ(C("< #1 {}"), J(R"({"jsonrpc":"2.0","id":1,"result":{}})"));
  EXPECT_EQ(C("< #1"), J(R"({"jsonrpc":"2.0","id":1,"result":{}})"));
  EXPECT_EQ(C(R"(< #7 "done")"), J(R"({"jsonrpc":"2.0","id":7,"result":"done"})"));
}

TEST(DslCompile, ErrorMessages) {
  EXPECT_EQ(C(R"(x #5 -32601:"Method not found")"),
            J(R"({"jsonrpc":"2.0","id":5,"error":{"code":-32601,"message":"Method not found"}})"));
  EXPECT_EQ(C(R"(x #6 -32602:InvalidParams {field: "name"})"),
            J(R"({"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"InvalidParams","data":{"field":"name"}}})"));
  EXPECT_EQ(C(R"(x #null -32700:"Parse error")"),
            J(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}})"));
}

TEST(DslCompile, StringIdsAndQuotedMethods) {
  EXPECT_EQ(C(R"(> "my.method"#"req-1" {a: 1})"),
            J(R"({"jsonrpc":"2.0","id":"req-1","method":"my.method","params":{"a":1}})"));
}

TEST(DslCompile, ToolDefinitionFromSpec) {
  const char* dsl = R"(T calculate {
  desc: "Performs calculations"
  in: {
    expression: str!  # Required string
    precision?: int   # Optional integer
  }
  out: {
    result: num
    error?: str
  }
  @readonly
  @idempotent
})";
  EXPECT_EQ(C(dsl), J(R"({"name":"calculate","description":"Performs calculations",
      "inputSchema":{"type":"object","properties":{"expression":{"type":"string"},"precision":{"type":"integer"}},
                     "required":["expression"]},
      "outputSchema":{"type":"object","properties":{"result":{"type":"number"},"error":{"type":"string"}}},
      "annotations":{"readOnlyHint":true,"idempotentHint":true}})"));
}

TEST(DslCompile, TypeTableRows) {
  EXPECT_EQ(property_schema("str"), J(R"({"type":"string"})"));
  EXPECT_EQ(property_schema("int"), J(R"({"type":"integer"})"));
  EXPECT_EQ(property_schema("num"), J(R"({"type":"number"})"));
  EXPECT_EQ(property_schema("bool"), J(R"({"type":"boolean"})"));
  EXPECT_EQ(property_schema("null"), J(R"({"type":"null"})"));
  EXPECT_EQ(property_schema("uri"), J(R"({"type":"string","format":"uri"})"));
  EXPECT_EQ(property_schema("blob"), J(R"({"type":"string","contentEncoding":"base64"})"));
  EXPECT_EQ(property_schema("[]"), J(R"({"type":"array"})"));
  EXPECT_EQ(property_schema("[str]"), J(R"({"type":"array","items":{"type":"string"}})"));
  EXPECT_EQ(property_schema("{}"), J(R"({"type":"object"})"));
  EXPECT_EQ(property_schema("enum[a,b,c]"), J(R"({"type":"string","enum":["a","b","c"]})"));
  EXPECT_EQ(property_schema("str|int"), J(R"({"oneOf":[{"type":"string"},{"type":"integer"}]})"));
  EXPECT_EQ(property_schema("str::date-time"), J(R"({"type":"string","format":"date-time"})"));
  EXPECT_EQ(property_schema("Address"), J(R"({"$ref":"#/definitions/Address"})"));
  EXPECT_EQ(property_schema("[[int]]"), J(R"({"type":"array","items":{"type":"array","items":{"type":"integer"}}})"));
  EXPECT_EQ(property_schema("(str|int)::x-y"), J(R"({"oneOf":[{"type":"string"},{"type":"integer"}],"format":"x-y"})"));
  EXPECT_EQ(property_schema(R"(enum["a b", c])"), J(R"({"type":"string","enum":["a b","c"]})"));
}

TEST(DslCompile, RequiredOptionalAndDefaults) {
  EXPECT_EQ(C("T t { in: {a: str!, b: str?, c?: int = 7, d!: bool, e: int! = 3, f: str::email!} }"),
            J(R"({"name":"t","inputSchema":{"type":"object","properties":{
                  "a":{"type":"string"},"b":{"type":"string"},"c":{"type":"integer","default":7},
                  "d":{"type":"boolean"},"e":{"type":"integer","default":3},
                  "f":{"type":"string","format":"email"}},"required":["a","d","e","f"]}})"));
  // A modifier anywhere in a field's union makes the whole field required.
  EXPECT_EQ(C("T t { in: {u: str|int!} }"),
            J(R"({"name":"t","inputSchema":{"type":"object","properties":{
                  "u":{"oneOf":[{"type":"string"},{"type":"integer"}]}},"required":["u"]}})"));
}

TEST(DslCompile, ComplexToolFromSpec) {
  const char* dsl = R"(T analyze_code {
  desc: "Analyzes code for issues"
  in: {
    code: str!
    language: str!
    rules?: {
      complexity?: int = 10
      lineLength?: int = 100
      style?: str
    }
  }
  out: {
    issues: [{
      line: int
      severity: enum[error, warning, info]
      fix?: str
    }]
    metrics: {complexity: num, coverage?: num}
  }
  @openWorld: false
  @destructive: false
})";
  EXPECT_EQ(C(dsl), J(R"({"name":"analyze_code","description":"Analyzes code for issues",
    "inputSchema":{"type":"object","properties":{
      "code":{"type":"string"},"language":{"type":"string"},
      "rules":{"type":"object","properties":{
        "complexity":{"type":"integer","default":10},"lineLength":{"type":"integer","default":100},
        "style":{"type":"string"}}}},
      "required":["code","language"]},
    "outputSchema":{"type":"object","properties":{
      "issues":{"type":"array","items":{"type":"object","properties":{
        "line":{"type":"integer"},"severity":{"type":"string","enum":["error","warning","info"]},
        "fix":{"type":"string"}}}},
      "metrics":{"type":"object","properties":{"complexity":{"type":"number"},"coverage":{"type":"number"}}}}},
    "annotations":{"openWorldHint":false,"destructiveHint":false}})"));
}

TEST(DslCompile, ToolHintsAndCustomAnnotations) {
  EXPECT_EQ(C(R"(T rm { @destructive @openWorld @title: "Remove" @tags(a, b) })"),
            J(R"({"name":"rm","annotations":{"destructiveHint":true,"openWorldHint":true,
                  "title":"Remove","tags":["a","b"]}})"));
}

TEST(DslCompile, ResourceWithAnnotations) {
  const char* dsl = R"(R weather_data {
  uri: "https://api.weather.com/current"
  mime: "application/json"
  desc: "Current weather conditions"
  size: 1024
  @priority: 0.8
  @audience: [user, assistant]
})";
  EXPECT_EQ(C(dsl), J(R"({"name":"weather_data","uri":"https://api.weather.com/current",
      "mimeType":"application/json","description":"Current weather conditions","size":1024,
      "annotations":{"priority":0.8,"audience":["user","assistant"]}})"));
}

TEST(DslCompile, ResourceTemplateUriIsUriTemplate) {
  EXPECT_EQ(C(R"(RT user_profile {
  uri: "https://api.example.com/users/{id}/profile"
  mime: "application/json"
  desc: "User profile by ID"
})"),
            J(R"({"name":"user_profile","uriTemplate":"https://api.example.com/users/{id}/profile",
                  "mimeType":"application/json","description":"User profile by ID"})"));
}

TEST(DslCompile, PromptWithArgumentsAndRoleMessages) {
  const char* dsl = R"(P weather_report {
  desc: "Weather report"
  args: {location: str!, units?: enum[metric, imperial]}
  msgs: [
    u: |
      Please provide a weather report for {{location}}.
      Include current conditions and 7-day forecast.
    a: res{current} + T{forecast}
  ]
})";
  EXPECT_EQ(C(dsl), J(R"({"name":"weather_report","description":"Weather report",
      "arguments":[{"name":"location","required":true},{"name":"units"}],
      "messages":[
        {"role":"user","content":{"type":"text","text":
          "Please provide a weather report for {{location}}.\nInclude current conditions and 7-day forecast."}},
        {"role":"assistant","content":[{"type":"resource","resource":{"uri":"current"}},{"type":"tool","name":"forecast"}]}
      ]})"));
}

TEST(DslCompile, Collections) {
  auto items = compile(R"(R[] {
  config: "file://config.json"::json
  data: "file://data.csv"::csv
}
T[] analytics {
  count: {in: {items: []}  out: {total: int}}
  avg: {in: {values: [num]} out: {mean: num}}
  ping: "Checks liveness"
})");
  ASSERT_TRUE(items) << items.error().to_string();
  ASSERT_EQ(items->size(), 5u);
  EXPECT_EQ((*items)[0], J(R"({"name":"config","uri":"file://config.json"})"));
  EXPECT_EQ((*items)[1], J(R"({"name":"data","uri":"file://data.csv"})"));
  EXPECT_EQ((*items)[2], J(R"({"name":"count","inputSchema":{"type":"object","properties":{"items":{"type":"array"}}},
                             "outputSchema":{"type":"object","properties":{"total":{"type":"integer"}}}})"));
  EXPECT_EQ((*items)[3], J(R"({"name":"avg","inputSchema":{"type":"object","properties":{"values":{"type":"array","items":{"type":"number"}}}},
                             "outputSchema":{"type":"object","properties":{"mean":{"type":"number"}}}})"));
  EXPECT_EQ((*items)[4], J(R"({"name":"ping","description":"Checks liveness"})"));
}

TEST(DslCompile, ContentBlocks) {
  EXPECT_EQ(C(R"(< #3 {content: [txt"Results found...", img"AAAA"::png, aud"BBBB"::wav, img"CC",
                   emb{uri: "file://doc.pdf", blob: "base64data"}, res{cfg}], ok: true})"),
            J(R"({"jsonrpc":"2.0","id":3,"result":{"content":[
                  {"type":"text","text":"Results found..."},
                  {"type":"image","data":"AAAA","mimeType":"image/png"},
                  {"type":"audio","data":"BBBB","mimeType":"audio/wav"},
                  {"type":"image","data":"CC"},
                  {"type":"resource","resource":{"uri":"file://doc.pdf","blob":"base64data"}},
                  {"type":"resource","resource":{"uri":"cfg"}}],
                "isError":false}})"));
  EXPECT_EQ(C("< #4 {ok: false}"), J(R"({"jsonrpc":"2.0","id":4,"result":{"isError":true}})"));
}

TEST(DslCompile, ConversationFlow) {
  auto items = compile(R"(# Client initializes
> initialize#1 {v: "2025-06-18", caps: {}, info: @impl("client", "1.0")}
< #1 {v: "2025-06-18", caps: {tools}, info: @impl("server", "1.0")}
! initialized

# Client lists tools
> tools/list#2
< #2 {tools: [T{search}, T{calculate}]}
> tools/call#3 {name: "search", args: {q: "MCP protocol"}}
< #3 {content: [txt"Results found..."], ok: true}
)");
  ASSERT_TRUE(items) << items.error().to_string();
  ASSERT_EQ(items->size(), 7u);
  EXPECT_EQ((*items)[0]["params"], J(R"({"protocolVersion":"2025-06-18","capabilities":{},
                                      "clientInfo":{"name":"client","version":"1.0"}})"));
  EXPECT_EQ((*items)[3], J(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})"));
  EXPECT_EQ((*items)[4]["result"], J(R"({"tools":[{"type":"tool","name":"search"},{"type":"tool","name":"calculate"}]})"));
}

TEST(DslCompile, SamplingMessages) {
  EXPECT_EQ(C(R"(> sampling/createMessage#20 {
  msgs: [
    u: "What's the weather?"
    a: "Let me check..."
  ]
  model: {hints: ["sonnet"], cost: 0.3, speed: 0.8}
  max: 1000
})"),
            J(R"({"jsonrpc":"2.0","id":20,"method":"sampling/createMessage","params":{
                  "messages":[{"role":"user","content":{"type":"text","text":"What's the weather?"}},
                              {"role":"assistant","content":{"type":"text","text":"Let me check..."}}],
                  "model":{"hints":["sonnet"],"cost":0.3,"speed":0.8},"max":1000}})"));
}

TEST(DslCompile, ServerBlockCollectsNestedDefinitions) {
  const char* dsl = R"(server weather_service v1.0.0 {
  caps: {tools, resources.subscribe, logging}

  R current {
    uri: "weather://current/{city}"
    mime: "application/json"
    @priority: 1.0
  }

  T forecast {
    desc: "Get weather forecast"
    in: {
      city: str!
      days: int = 7
      units?: enum[metric, imperial]
    }
    out: {
      forecast: []
      generated: str::date-time
    }
    @readonly
  }
})";
  EXPECT_EQ(C(dsl), J(R"({"name":"weather_service","version":"1.0.0",
    "capabilities":{"tools":{},"resources":{"subscribe":true},"logging":{}},
    "resources":[{"name":"current","uri":"weather://current/{city}","mimeType":"application/json",
                  "annotations":{"priority":1.0}}],
    "tools":[{"name":"forecast","description":"Get weather forecast",
      "inputSchema":{"type":"object","properties":{"city":{"type":"string"},
        "days":{"type":"integer","default":7},"units":{"type":"string","enum":["metric","imperial"]}},
        "required":["city"]},
      "outputSchema":{"type":"object","properties":{"forecast":{"type":"array"},
        "generated":{"type":"string","format":"date-time"}}},
      "annotations":{"readOnlyHint":true}}]})"));
}

TEST(DslCompile, MultilineStrings) {
  // Base indentation from the first line, relative indentation and inner blank lines kept,
  // trailing blank lines dropped, the block ends at the first shallower line.
  EXPECT_EQ(C("> m#1 {text: |\n    line one\n      indented\n\n    last\n\n  other: 1}"),
            J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"text":"line one\n  indented\n\nlast","other":1}})"));
  EXPECT_EQ(C("< #1 {content: [txt|\n  a\n  b\n]}"),
            J(R"({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"a\nb"}]}})"));
  // `|` in a type is the union operator.
  EXPECT_EQ(property_schema("int | str"), J(R"({"oneOf":[{"type":"integer"},{"type":"string"}]})"));
}

TEST(DslCompile, StringEscapes) {
  EXPECT_EQ(C(R"(> m#1 {s: "a\n\t\r\"\\\{{x}}\u00e9\ud83d\ude00"})"),
            J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"s":"a\n\t\r\"\\{{x}}\u00e9\ud83d\ude00"}})"));
}

TEST(DslCompile, QuotedKeysAreLiteral) {
  EXPECT_EQ(C(R"(> m#1 {"desc": 1, "content-type": "x", desc: 2})"),
            J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"desc":1,"content-type":"x","description":2}})"));
  // A quoted "inputSchema" in a tool holds a plain value, not a type expression.
  EXPECT_EQ(C(R"(T t {"inputSchema": {type: object, minProperties: 1}})"),
            J(R"({"name":"t","inputSchema":{"type":"object","minProperties":1}})"));
}

TEST(DslCompile, NumbersKeepTheirPrecision) {
  EXPECT_EQ(C("> m#1 {a: -12, b: 1.5, c: 2.5e-3, d: 18446744073709551615, e: 123456789012345678901234567890}"),
            J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"a":-12,"b":1.5,"c":0.0025,
                  "d":18446744073709551615,"e":123456789012345678901234567890}})"));
}

TEST(DslCompile, SeveralItemsAndCommentsOnly) {
  auto none = compile("# nothing but a comment\n\n");
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
  auto json = toon::mcp_dsl::compile_to_json("> ping#1\n! initialized\n");
  ASSERT_TRUE(json);
  EXPECT_EQ(*json, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}\n");
}

// ---------------------------------------------------------------------------------------
// Errors: typed, located, never a crash.

struct located_error {
  toon::error_code code;
  std::uint32_t line;
  std::uint32_t column;
};

located_error fails(std::string_view dsl) {
  auto r = compile(dsl);
  EXPECT_FALSE(r.has_value()) << dsl;
  if (r) return {toon::error_code::ok, 0, 0};
  return {r.error().code, r.error().line, r.error().column};
}

TEST(DslCompileErrors, SyntaxErrorsAreLocated) {
  auto e = fails("> tools/call#42 {name: }");
  EXPECT_EQ(e.code, toon::error_code::dsl_syntax);
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 24u);

  e = fails("> ping#1\n< #1 {a: 1,\n  b: ]}");
  EXPECT_EQ(e.code, toon::error_code::dsl_syntax);
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 6u);

  e = fails("> ping");
  EXPECT_EQ(e.code, toon::error_code::dsl_syntax);
  EXPECT_EQ(e.column, 7u);

  e = fails("hello");
  EXPECT_EQ(e.code, toon::error_code::dsl_syntax);
  EXPECT_EQ(e.column, 1u);

  e = fails("> m#1 {a: 1 ~}");
  EXPECT_EQ(e.code, toon::error_code::dsl_syntax);
  EXPECT_EQ(e.column, 13u);
}

TEST(DslCompileErrors, StringErrors) {
  auto e = fails("> m#1 {a: \"open}\n");
  EXPECT_EQ(e.code, toon::error_code::unterminated_string);
  EXPECT_EQ(e.column, 11u);
  e = fails(R"(> m#1 {a: "bad \q"})");
  EXPECT_EQ(e.code, toon::error_code::invalid_escape);
  EXPECT_EQ(e.column, 16u);
  e = fails(R"(> m#1 {a: "\ud800"})");
  EXPECT_EQ(e.code, toon::error_code::invalid_escape);
}

TEST(DslCompileErrors, DuplicatesAndConflicts) {
  auto e = fails("> m#1 {a: 1, a: 2}");
  EXPECT_EQ(e.code, toon::error_code::duplicate_key);
  EXPECT_EQ(e.column, 14u);
  EXPECT_EQ(fails("> m#1 {desc: 1, description: 2}").code, toon::error_code::duplicate_key);
  EXPECT_EQ(fails("T t {in: {a: str, a: int}}").code, toon::error_code::duplicate_key);
  EXPECT_EQ(fails("> m#1 {caps: {a: 1, a.b}}").code, toon::error_code::duplicate_key);
}

TEST(DslCompileErrors, SemanticErrors) {
  EXPECT_EQ(fails("< #1 {ok: 3}").code, toon::error_code::dsl_syntax);
  EXPECT_EQ(fails("T t {in: {a: [str!]}}").code, toon::error_code::dsl_syntax);
  EXPECT_EQ(fails("T t {in: {a!: str?}}").code, toon::error_code::dsl_syntax);
  EXPECT_EQ(fails("x #1 1.5:oops").code, toon::error_code::dsl_syntax);
  EXPECT_EQ(fails("> m#1.5").code, toon::error_code::dsl_syntax);
  EXPECT_EQ(fails("> m#1 {a: 007}").code, toon::error_code::dsl_syntax);
  EXPECT_EQ(fails("> m#1 {t: |\n\tx\n}").code, toon::error_code::dsl_syntax);
  EXPECT_EQ(fails("> m#1 {msgs: [u: 42]}").code, toon::error_code::dsl_syntax);
}

TEST(DslCompileErrors, DepthAndSizeLimits) {
  std::string deep = "> m#1 {a: " + std::string(100000, '[');
  EXPECT_EQ(fails(deep).code, toon::error_code::depth_limit);
  std::string deep_type = "T t {in: {a: " + std::string(100000, '(');
  EXPECT_EQ(fails(deep_type).code, toon::error_code::depth_limit);
  toon::mcp_dsl::compile_options small;
  small.max_input_size = 4;
  auto r = compile("> ping#1", small);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::size_limit);
}

TEST(DslCompileErrors, FormatErrorShowsTheCaret) {
  const char* dsl = "> ping#1\n< #1 {a: 1,\n  b: ]}";
  auto r = compile(dsl);
  ASSERT_FALSE(r);
  EXPECT_EQ(toon::format_error(r.error(), dsl, "in.mcp"),
            "in.mcp:3:6: expected a value, found ']'\n  b: ]}\n     ^");
}

TEST(DslCompileErrors, CompileOneWantsOneItem) {
  auto r = compile_one("> ping#1\n> ping#2");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::dsl_syntax);
}

TEST(DslCompile, TextBlockEdges) {
  // A comment after the '|', a block ending at the end of the input, CRLF line ends.
  EXPECT_EQ(C("> m#1 {t: | # note\n  a\r\n    b\r\n}"),
            J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"t":"a\n  b"}})"));
  // The block takes whole lines: the ']' is text, and the array stays open.
  auto open = compile("< #1 [txt|\n  end]");
  ASSERT_FALSE(open);
  EXPECT_EQ(open.error().code, toon::error_code::dsl_syntax);
  EXPECT_EQ(open.error().line, 2u);
  // Nothing indented deeper than the '|' line: an empty text.
  EXPECT_EQ(C("> m#1 {t: |\n}"), J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"t":""}})"));
}

TEST(DslCompile, ValuesStartOnTheHeaderLine) {
  auto items = compile("< #1\n> ping#2\n< #3 hello\nx #4 1:oops\n! done\n");
  ASSERT_TRUE(items) << items.error().to_string();
  ASSERT_EQ(items->size(), 5u);
  EXPECT_EQ((*items)[0], J(R"({"jsonrpc":"2.0","id":1,"result":{}})"));
  EXPECT_EQ((*items)[2], J(R"({"jsonrpc":"2.0","id":3,"result":"hello"})"));
  EXPECT_EQ((*items)[3], J(R"({"jsonrpc":"2.0","id":4,"error":{"code":1,"message":"oops"}})"));
}

TEST(DslCompile, KeywordsAreWordsOutsideTheirPlaces) {
  EXPECT_EQ(C("> m#1 {T: txt, img: [u, a, s, T, res], in: emb}"),
            J(R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"T":"txt","img":["u","a","s","T","res"],"inputSchema":"emb"}})"));
}

// ---- type aliases, spreads, intersections (docs/mcp-dsl.md, "Type aliases") -----------------

TEST(DslCompile, TypeAliasesAreExpandedWhereUsed) {
  auto items = compile(
      "type Address = {street: str!, city: str}\n"
      "type Id = int | str\n"
      "T ship {in: {to: Address!, id: Id}}\n");
  ASSERT_TRUE(items) << items.error().to_string();
  ASSERT_EQ(items->size(), 1u);  // an alias is not an item
  EXPECT_EQ((*items)[0], J(R"({"name":"ship","inputSchema":{"type":"object","properties":{
      "to":{"type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}},"required":["street"]},
      "id":{"oneOf":[{"type":"integer"},{"type":"string"}]}},"required":["to"]}})"));
  // A name that is not an alias stays a reference, as before.
  EXPECT_EQ(property_schema("Later"), J(R"({"$ref":"#/definitions/Later"})"));
}

TEST(DslCompile, SpreadsMergeAnAliasedObjectsProperties) {
  EXPECT_EQ(C("type Page = {cursor: str, limit: int!}\nT list {in: {query: str!, ...Page, deep: bool}}"),
            J(R"({"name":"list","inputSchema":{"type":"object","properties":{
                "query":{"type":"string"},"cursor":{"type":"string"},"limit":{"type":"integer"},
                "deep":{"type":"boolean"}},"required":["query","limit"]}})"));
}

TEST(DslCompile, IntersectionsAreAllOfAndBindTighterThanUnions) {
  EXPECT_EQ(property_schema("{a: str} & {b: int} | null"),
            J(R"({"oneOf":[{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},
                                     {"type":"object","properties":{"b":{"type":"integer"}}}]},
                           {"type":"null"}]})"));
}

TEST(DslCompileErrors, TypeAliasMistakes) {
  auto e = fails("type A = {x: str}\nT t {in: {...A, x: int}}");
  EXPECT_EQ(e.code, toon::error_code::duplicate_key);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 17u);
  e = fails("T t {in: {...B}}");  // aliases are declared before their use
  EXPECT_EQ(e.code, toon::error_code::dsl_syntax);
  EXPECT_EQ(e.column, 11u);
  e = fails("type A = [str]\nT t {in: {...A}}");
  EXPECT_EQ(e.code, toon::error_code::dsl_syntax);
  EXPECT_EQ(e.line, 2u);
  e = fails("type str = int");
  EXPECT_EQ(e.code, toon::error_code::dsl_syntax);
  EXPECT_EQ(e.column, 6u);
  e = fails("type A = int\ntype A = str");
  EXPECT_EQ(e.code, toon::error_code::duplicate_key);
  EXPECT_EQ(e.line, 2u);
  // Aliases of aliases that double at every step: refused, not expanded without bound.
  std::string bomb = "type A0 = {x: int, y: int}\n";
  for (int i = 1; i < 40; ++i)
    bomb += "type A" + std::to_string(i) + " = {x: A" + std::to_string(i - 1) + ", y: A" + std::to_string(i - 1) + "}\n";
  bomb += "T t {in: A39}\n";
  EXPECT_EQ(fails(bomb).code, toon::error_code::size_limit);
}

TEST(DslCompile, TypeAliasExampleOfTheDocs) {
  auto items = compile(
      "type Page = {cursor: str, limit: int = 50}\n"
      "type Id = int | str\n"
      "T list_issues {in: {repo: str!, ...Page, owner: Id}}\n"
      "T get_issue {in: {id: Id!, fields: {title: str} & {body: str}}}\n");
  ASSERT_TRUE(items) << items.error().to_string();
  ASSERT_EQ(items->size(), 2u);
  EXPECT_EQ((*items)[0], J(R"({"name":"list_issues","inputSchema":{"type":"object","properties":{
      "repo":{"type":"string"},"cursor":{"type":"string"},"limit":{"type":"integer","default":50},
      "owner":{"oneOf":[{"type":"integer"},{"type":"string"}]}},"required":["repo"]}})"));
  EXPECT_EQ((*items)[1], J(R"({"name":"get_issue","inputSchema":{"type":"object","properties":{
      "id":{"oneOf":[{"type":"integer"},{"type":"string"}]},
      "fields":{"allOf":[{"type":"object","properties":{"title":{"type":"string"}}},
                         {"type":"object","properties":{"body":{"type":"string"}}}]}},"required":["id"]}})"));
}

TEST(DslCompile, StartsToolCall) {
  using toon::mcp_dsl::starts_tool_call;
  EXPECT_TRUE(starts_tool_call("> tools/call#1 {name: a}"));
  EXPECT_TRUE(starts_tool_call("\n  >tools/call {name: a}"));
  EXPECT_TRUE(starts_tool_call(">\t tools/call{name: a}"));
  EXPECT_FALSE(starts_tool_call("> tools/callback {name: a}"));
  EXPECT_FALSE(starts_tool_call("> tools/call"));
  EXPECT_FALSE(starts_tool_call("> tools/list#1"));
  EXPECT_FALSE(starts_tool_call("T forecast {desc: x}"));
  EXPECT_FALSE(starts_tool_call(""));
  // compile_tool_call refuses what does not start so, before compiling it.
  auto r = toon::mcp_dsl::compile_tool_call("> tools/callback#1 {name: a}");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::type_mismatch);
  EXPECT_EQ(r.error().message, "not a tools/call request");
}
