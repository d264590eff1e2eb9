// toon::mcp::server_options::methods and extra_capabilities (docs/mcp.md, "Other methods"): a
// handler's result in both eras (2026-07-28: resultType, serverInfo in _meta, ttlMs and
// cacheScope on lists and resources/read), rpc_error and other exceptions as JSON-RPC errors,
// the capabilities merged, built-in methods never looked up, the legacy session needed first.
// Holds the example of docs/mcp.md, "Other methods" (doc:begin / doc:end, checked verbatim by the
// ctest docs.mcp.examples_in_sync).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

// doc:begin server_methods
#include <toon/mcp/server.hpp>

// Options of a server that also serves one prompt, `greet`.
toon::mcp::server_options with_prompts() {
  toon::mcp::server_options options;
  options.extra_capabilities = toon::object{{"prompts", toon::object{}}};
  options.methods["prompts/list"] = [](const toon::value&) {
    return toon::value(toon::object{{"prompts", toon::array{toon::object{{"name", "greet"}}}}});
  };
  options.methods["prompts/get"] = [](const toon::value& params) {
    const toon::value* name = params.find("name");
    if (name == nullptr || !name->is_string() || name->as_string() != "greet")
      throw toon::mcp::rpc_error(toon::mcp::invalid_params, "Invalid params: unknown prompt");
    toon::object text{{"type", "text"}, {"text", "Say hello."}};
    toon::object message{{"role", "user"}, {"content", std::move(text)}};
    return toon::value(toon::object{{"messages", toon::array{std::move(message)}}});
  };
  return options;
}
// doc:end

namespace {

constexpr std::string_view modern_meta =
    R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}})";
constexpr std::string_view initialize_line =
    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},)"
    R"("clientInfo":{"name":"t","version":"1"}}})";

struct fixture {
  std::vector<toon::value> messages;
  toon::tool_catalog catalog;
  toon::mcp::server_options options;
  std::vector<toon::value> seen_params;

  fixture() {
    options.log = {};
    options.info.name = "methods-test";
    options.extra_capabilities = toon::object{{"prompts", toon::object{}}, {"tools", "ignored"}};
    options.methods["prompts/list"] = [this](const toon::value& params) {
      seen_params.push_back(params);
      return toon::value(toon::object{{"prompts", toon::array{toon::object{{"name", "p"}}}},
                                      {"_meta", toon::object{{"mine", 1}}}});
    };
    options.methods["prompts/get"] = [](const toon::value& params) -> toon::value {
      const toon::value* name = params.find("name");
      if (name == nullptr) throw toon::mcp::rpc_error(toon::mcp::invalid_params, "no name", toon::object{{"hint", "name"}});
      if (name->as_string() == "boom") throw std::runtime_error("exploded");
      if (name->as_string() == "scalar") return toon::value(1);
      return toon::object{{"messages", toon::array{}}};
    };
    options.methods["resources/read"] = [](const toon::value&) { return toon::value(toon::object{{"contents", toon::array{}}}); };
    options.methods["tools/list"] = [](const toon::value&) -> toon::value { throw std::logic_error("never called"); };
  }

  toon::value run(toon::mcp::server& s, const std::string& line) {
    messages.clear();
    s.handle_line(line);
    EXPECT_EQ(messages.size(), 1u) << line;
    return messages.empty() ? toon::value() : messages.back();
  }
  toon::mcp::server make() {
    return toon::mcp::server(catalog, options, [this](std::string_view m) { messages.push_back(*toon::from_json(m)); });
  }
};

std::string line(int id, std::string_view method, std::string_view params) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":")" + std::string(method) + R"(","params":{)" +
         std::string(params) + "}}";
}

}  // namespace

TEST(ServerMethods, LegacyResultsAsTheHandlerAnswers) {
  fixture f;
  toon::mcp::server s = f.make();
  // Before initialize: the request has no era.
  toon::value early = f.run(s, line(1, "prompts/list", ""));
  EXPECT_EQ(early["error"]["code"].as_int64(), toon::mcp::invalid_params);
  EXPECT_TRUE(f.seen_params.empty());
  toon::value init = f.run(s, std::string(initialize_line));
  EXPECT_EQ(toon::to_json(init["result"]["capabilities"]), R"({"tools":{"listChanged":false},"logging":{},"prompts":{}})");
  toon::value list = f.run(s, line(2, "prompts/list", R"("cursor":null)"));
  EXPECT_EQ(toon::to_json(list), R"({"jsonrpc":"2.0","id":2,"result":{"prompts":[{"name":"p"}],"_meta":{"mine":1}}})");
  ASSERT_EQ(f.seen_params.size(), 1u);
  EXPECT_EQ(toon::to_json(f.seen_params[0]), R"({"cursor":null})");
  // Without params the handler gets an empty object.
  f.run(s, R"({"jsonrpc":"2.0","id":3,"method":"prompts/list"})");
  ASSERT_EQ(f.seen_params.size(), 2u);
  EXPECT_EQ(toon::to_json(f.seen_params[1]), "{}");
  // Built-in methods are the server's own.
  toon::value tools = f.run(s, R"({"jsonrpc":"2.0","id":4,"method":"tools/list"})");
  EXPECT_EQ(toon::to_json(tools["result"]), R"({"tools":[]})");
  EXPECT_EQ(f.run(s, line(5, "resources/list", ""))["error"]["code"].as_int64(), toon::mcp::method_not_found);
}

TEST(ServerMethods, ErrorsOfHandlers) {
  fixture f;
  toon::mcp::server s = f.make();
  f.run(s, std::string(initialize_line));
  EXPECT_EQ(toon::to_json(f.run(s, line(1, "prompts/get", ""))),
            R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"no name","data":{"hint":"name"}}})");
  toon::value boom = f.run(s, line(2, "prompts/get", R"("name":"boom")"));
  EXPECT_EQ(boom["error"]["code"].as_int64(), toon::mcp::internal_error);
  EXPECT_EQ(boom["error"]["message"].as_string(), "Internal error: exploded");
  toon::value scalar = f.run(s, line(3, "prompts/get", R"("name":"scalar")"));
  EXPECT_EQ(scalar["error"]["code"].as_int64(), toon::mcp::internal_error);
  EXPECT_EQ(scalar["error"]["message"].as_string(), "Internal error: prompts/get did not answer with an object");
}

TEST(ServerMethods, ModernResults) {
  fixture f;
  f.options.ttl_ms = 5000;
  toon::mcp::server s = f.make();
  toon::value discover = f.run(s, line(1, "server/discover", modern_meta));
  EXPECT_EQ(toon::to_json(discover["result"]["capabilities"]), R"({"tools":{"listChanged":false},"logging":{},"prompts":{}})");
  // A list: cacheable; the handler's own _meta kept, serverInfo added.
  toon::value list = f.run(s, line(2, "prompts/list", modern_meta));
  EXPECT_EQ(toon::to_json(list["result"]),
            R"({"resultType":"complete","prompts":[{"name":"p"}],"ttlMs":5000,"cacheScope":"public",)"
            R"("_meta":{"mine":1,"io.modelcontextprotocol/serverInfo":{"name":"methods-test","version":")" +
                std::string(toon::version) + R"("}}})");
  // The handler sees the request's _meta.
  ASSERT_EQ(f.seen_params.size(), 1u);
  EXPECT_NE(f.seen_params[0].find("_meta"), nullptr);
  // resources/read: cacheable; prompts/get: not.
  toon::value read = f.run(s, line(3, "resources/read", modern_meta));
  EXPECT_NE(read["result"].find("ttlMs"), nullptr);
  toon::value get = f.run(s, line(4, "prompts/get", std::string(modern_meta) + R"(,"name":"x")"));
  EXPECT_EQ(get["result"].find("ttlMs"), nullptr);
  EXPECT_EQ(get["result"]["resultType"].as_string(), "complete");
  // A wrong protocol version is refused before the handler runs.
  toon::value old = f.run(s, line(5, "prompts/list",
                                  R"("_meta":{"io.modelcontextprotocol/protocolVersion":"1999-01-01","io.modelcontextprotocol/clientCapabilities":{}})"));
  EXPECT_EQ(old["error"]["code"].as_int64(), toon::mcp::unsupported_protocol_version);
  EXPECT_EQ(f.seen_params.size(), 1u);
}

TEST(ServerMethods, TheExampleOfTheDocs) {
  toon::tool_catalog catalog;
  toon::mcp::server_options options = with_prompts();
  options.log = {};
  std::vector<std::string> out;
  toon::mcp::server s(catalog, options, [&](std::string_view m) { out.emplace_back(m); });
  s.handle_line(std::string(initialize_line));
  s.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"prompts/list"})");
  s.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"greet"}})");
  s.handle_line(R"({"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{"name":"other"}})");
  ASSERT_EQ(out.size(), 4u);
  EXPECT_NE(out[0].find(R"("capabilities":{"tools":{"listChanged":false},"logging":{},"prompts":{}})"), std::string::npos) << out[0];
  EXPECT_EQ(out[1], R"({"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"greet"}]}})");
  EXPECT_EQ(out[2], R"({"jsonrpc":"2.0","id":2,"result":{"messages":[{"role":"user","content":{"type":"text","text":"Say hello."}}]}})");
  EXPECT_EQ(out[3], R"({"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: unknown prompt"}})");
}
