// The C++ examples of docs/mcp-dsl.md, compiled and run. Each block between "// doc:begin" and
// "// doc:end" appears verbatim in the documentation (tests/check_doc_examples.py checks it).
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "toon/dsl/mcp_dsl.hpp"
#include "toon/json.hpp"

TEST(DslDocs, Compile) {
  // doc:begin compile
  auto items = toon::mcp_dsl::compile(R"(> tools/call#42 {name: "search", args: {query: "weather"}}
T forecast {
  desc: "Get a forecast"
  in: {city: str!, days: int = 7}
  @readonly
})");
  // items->size() == 2
  std::string call = toon::to_json((*items)[0]);
  // {"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"search","arguments":{"query":"weather"}}}
  std::string tool = toon::to_json((*items)[1]);
  // {"name":"forecast","description":"Get a forecast","inputSchema":{"type":"object","properties":
  //  {"city":{"type":"string"},"days":{"type":"integer","default":7}},"required":["city"]},
  //  "annotations":{"readOnlyHint":true}}
  // doc:end
  ASSERT_TRUE(items);
  EXPECT_EQ(items->size(), 2u);
  EXPECT_EQ(call, R"({"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"search","arguments":{"query":"weather"}}})");
  EXPECT_EQ(tool, R"({"name":"forecast","description":"Get a forecast","inputSchema":{"type":"object","properties":)"
                  R"({"city":{"type":"string"},"days":{"type":"integer","default":7}},"required":["city"]},)"
                  R"("annotations":{"readOnlyHint":true}})");
}

TEST(DslDocs, Decompile) {
  // doc:begin decompile
  toon::value reply = toon::from_json(
      R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Sunny, 21 C"}],"isError":false}})").value();
  std::string dsl = toon::mcp_dsl::decompile(reply).value();
  // < #3 {content: [txt"Sunny, 21 C"], ok: true}
  toon::value back = toon::mcp_dsl::compile_one(dsl).value();
  // back == reply
  // doc:end
  EXPECT_EQ(dsl, R"(< #3 {content: [txt"Sunny, 21 C"], ok: true})");
  EXPECT_EQ(back, reply);
}

TEST(DslDocs, Errors) {
  std::ostringstream err;
  // doc:begin errors
  const char* text = "> tools/call#1 {name: }";
  auto bad = toon::mcp_dsl::compile(text);
  // bad.error().code == toon::error_code::dsl_syntax, line 1, column 23
  err << toon::format_error(bad.error(), text, "call.mcp") << '\n';
  // call.mcp:1:23: expected a value, found '}'
  // > tools/call#1 {name: }
  //                       ^
  auto params = toon::mcp_dsl::decompile(toon::from_json(R"({"jsonrpc":"2.0","id":1,"method":"m","params":[1]})").value());
  // params.error().code == toon::error_code::dsl_inexpressible
  // params.error().message == "cannot express $.params in MCP-DSL: params that are not an object"
  // doc:end
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, toon::error_code::dsl_syntax);
  EXPECT_EQ(err.str(), "call.mcp:1:23: expected a value, found '}'\n> tools/call#1 {name: }\n                      ^\n");
  ASSERT_FALSE(params);
  EXPECT_EQ(params.error().code, toon::error_code::dsl_inexpressible);
  EXPECT_EQ(params.error().message, "cannot express $.params in MCP-DSL: params that are not an object");
}
