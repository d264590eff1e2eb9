// The C++ examples of docs/mcp-dsl.md, compiled and run. Each block between "// doc:begin" and
// "// doc:end" appears verbatim in the documentation (tests/check_doc_examples.py checks it).
#include <gtest/gtest.h>

#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "toon/dsl/catalog.hpp"
#include "toon/json.hpp"
#include "toon/mcp/stream_interceptor.hpp"
#include "toon/tools.hpp"

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

namespace {
struct search_args {
  std::string query;
  std::optional<int> days;
};
}  // namespace

TEST(DslDocs, TowardTheModel) {
  // doc:begin toward_the_model
  toon::tool_catalog catalog;
  catalog.add<search_args>("search", "Search the forecast", "", [](const search_args& a) {
    return a.query + " in " + std::to_string(a.days.value_or(7)) + " days";
  });
  std::string prompt_tools = toon::mcp_dsl::tools(catalog);  // the tools, described to the model in DSL
  // T search {desc: "Search the forecast", in: {...}}

  // The model answers with a call written in DSL, streamed in small deltas:
  std::vector<toon::mcp::stream_piece> calls;
  toon::mcp::stream_interceptor in([&](toon::mcp::stream_piece&& p) {
    if (p.kind == toon::mcp::piece_kind::tool_call) calls.push_back(std::move(p));
  });
  for (std::string_view delta : {"Let me check.\n> tools/", "call#1 {name: search, ", "args: {query: rain}}\n"})
    in.feed(delta);
  in.finish();
  toon::call_result r = catalog.call(calls.at(0).call->name, calls.at(0).call->arguments);
  // r.text == "rain in 7 days"
  // doc:end
  EXPECT_EQ(prompt_tools.rfind("T search {desc: \"Search the forecast\", in: {", 0), 0u) << prompt_tools;
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].call->syntax, toon::mcp::call_syntax::dsl_request);
  EXPECT_EQ(calls[0].text, "> tools/call#1 {name: search, args: {query: rain}}");
  EXPECT_EQ(r.text, "rain in 7 days");
  EXPECT_EQ(toon::mcp_dsl::call(catalog, "> tools/call {name: search, args: {query: snow, days: 2}}").text, "snow in 2 days");
}
