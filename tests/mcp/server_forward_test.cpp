// Tools whose arguments another program checks (tool::input_schema) and results made of other
// content blocks (call_result::content): what `toon mcp proxy` builds its catalog from
// (docs/mcp.md, "Proxy"). The published inputSchema, arguments passed on unvalidated, and
// content blocks and isError passed through the catalog and the server.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

namespace {

constexpr std::string_view foreign_schema =
    R"({"type":"object","properties":{"path":{"type":"string","minLength":1}},"required":["path"]})";

// A forwarding tool: publishes `foreign_schema`, answers with the arguments it got as JSON text
// and an image block; isError when the arguments have "fail".
toon::tool forwarding() {
  toon::tool t;
  t.name = "fwd";
  t.description = "Forwarded";
  t.args_schema = toon::parse_typed_params("path:string!").value();
  t.input_schema = toon::from_json(foreign_schema).value();
  t.handler = [](const toon::value& arguments) {
    toon::call_result r;
    r.status = arguments.find("fail") != nullptr ? toon::call_status::tool_failed : toon::call_status::ok;
    r.text = "ignored when content is set";
    r.content = toon::array{toon::value(toon::object{{"type", "text"}, {"text", toon::to_json(arguments)}}),
                            toon::value(toon::object{{"type", "image"}, {"data", "AAAA"}, {"mimeType", "image/png"}})};
    return r;
  };
  return t;
}

}  // namespace

TEST(ServerForward, CatalogPublishesTheForeignSchemaAndSkipsValidation) {
  toon::tool_catalog cat;
  cat.add_tool(forwarding());
  EXPECT_EQ(toon::to_json(cat.mcp_tools_list()["tools"][0]["inputSchema"]), foreign_schema);
  EXPECT_EQ(cat.tools_table(), "tools[1]{name,description,params}:\n  fwd,Forwarded,\"path:string!\"");
  // Not valid for args_schema (path missing, an unknown member): passed on all the same.
  toon::call_result r = cat.call_json("fwd", R"({"other":[1,2]})");
  EXPECT_EQ(r.status, toon::call_status::ok);
  ASSERT_TRUE(r.content.has_value());
  EXPECT_EQ(toon::to_json(r.to_mcp()),
            R"({"content":[{"type":"text","text":"{\"other\":[1,2]}"},{"type":"image","data":"AAAA","mimeType":"image/png"}],)"
            R"("isError":false})");
  // null arguments reach the handler as {}.
  EXPECT_EQ((*cat.call("fwd", toon::value()).content)[0]["text"].as_string(), "{}");
}

TEST(ServerForward, ServerSendsTheContentBlocksAndIsError) {
  toon::tool_catalog cat;
  cat.add_tool(forwarding());
  std::vector<std::string> sent;
  toon::mcp::server_options o;
  o.log = {};
  toon::mcp::server s(cat, o, [&](std::string_view m) { sent.emplace_back(m); });
  s.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},)"
                R"("clientInfo":{"name":"t","version":"1"}}})");
  s.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})");
  s.handle_line(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fwd","arguments":{"fail":true}}})");
  s.wait_idle();
  ASSERT_EQ(sent.size(), 3u);
  EXPECT_EQ(sent[1], std::string(R"({"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"fwd","description":"Forwarded",)"
                                 R"("inputSchema":)") +
                         std::string(foreign_schema) + "}]}}");
  EXPECT_EQ(sent[2],
            R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"{\"fail\":true}"},)"
            R"({"type":"image","data":"AAAA","mimeType":"image/png"}],"isError":true}})");
}
