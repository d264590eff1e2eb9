// The C++ examples of docs/mcp.md, section Server, between doc:begin / doc:end markers
// (checked verbatim by the ctest docs.mcp.examples_in_sync), compiled and run here.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "toon/json.hpp"

// doc:begin server_serve
#include <toon/mcp/server.hpp>
#include <toon/tools.hpp>

struct forecast_args {
  std::string city;
  int days = 3;
};

struct forecast {
  std::string city;
  std::vector<double> highs;
};

template <>
struct toon::meta<forecast_args> {
  static constexpr std::string_view defaulted[] = {"days"};
  static constexpr toon::field_description field_descriptions[] = {{"city", "City name"}, {"days", "Days ahead"}};
};

toon::tool_catalog weather_tools() {
  toon::tool_catalog cat;
  cat.add<forecast_args>("forecast", "Daily high temperatures", "", [](const forecast_args& a) {
    return forecast{a.city, std::vector<double>(static_cast<std::size_t>(a.days), 21.5)};
  });
  return cat;
}

// The whole server: main() returns serve_weather().
int serve_weather() {
  toon::tool_catalog cat = weather_tools();
  toon::mcp::server_options options;
  options.info.name = "weather";
  options.call_timeout = std::chrono::seconds(30);
  toon::mcp::server server(cat, options);
  return server.serve_stdio();  // until the client closes stdin
}
// doc:end

TEST(McpServerDocs, ServeFunctionCompiles) {
  // serve_stdio() would take over this process's stdin and stdout: only its address is taken.
  int (*serve)() = &serve_weather;
  EXPECT_NE(serve, nullptr);
}

TEST(McpServerDocs, InProcess) {
  // doc:begin server_in_process
  toon::tool_catalog cat = weather_tools();
  std::vector<std::string> sent;
  toon::mcp::server_options options;
  options.log = {};  // no diagnostics on stderr
  toon::mcp::server server(cat, options, [&](std::string_view message) { sent.emplace_back(message); });

  server.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
                     R"("capabilities":{},"clientInfo":{"name":"test","version":"1"}}})");
  server.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  server.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"forecast",)"
                     R"("arguments":{"city":"Oslo","days":2}}})");
  server.wait_idle();  // tools/call is answered from the handler's thread
  // sent[1]:
  // {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"city: Oslo\nhighs[2]: 21.5,21.5"}],
  //  "structuredContent":{"city":"Oslo","highs":[21.5,21.5]},"isError":false}}
  // doc:end
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_EQ(sent[1],
            R"({"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"city: Oslo\nhighs[2]: 21.5,21.5"}],)"
            R"("structuredContent":{"city":"Oslo","highs":[21.5,21.5]},"isError":false}})");
  toon::result<toon::value> init = toon::from_json(sent[0]);
  ASSERT_TRUE(init.has_value());
  EXPECT_EQ((*init)["result"]["protocolVersion"].as_string(), "2025-11-25");
}

TEST(McpServerDocs, ChangingTheTools) {
  std::vector<std::string> sent;
  // doc:begin server_set_catalog
  toon::mcp::server_options options;
  options.tools_list_changed = true;  // advertise tools.listChanged: true
  options.log = {};
  toon::mcp::server server(std::make_shared<const toon::tool_catalog>(weather_tools()), options,
                           [&](std::string_view message) { sent.emplace_back(message); });
  // ... once the client has initialized (or opened a subscriptions/listen stream):
  auto more = std::make_shared<toon::tool_catalog>(weather_tools());
  more->add<forecast_args>("alerts", "Weather alerts", "", [](const forecast_args& a) { return a.city + ": none"; });
  server.set_catalog(std::move(more));  // sends notifications/tools/list_changed
  // doc:end
  EXPECT_TRUE(sent.empty());  // no session yet: nobody to tell
  server.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
                     R"("capabilities":{},"clientInfo":{"name":"test","version":"1"}}})");
  server.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  server.set_catalog(std::make_shared<const toon::tool_catalog>(weather_tools()));
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_NE(sent[0].find(R"("tools":{"listChanged":true})"), std::string::npos) << sent[0];
  EXPECT_EQ(sent[1], R"({"jsonrpc":"2.0","method":"notifications/tools/list_changed"})");
}

TEST(McpServerDocs, OutputSchemaShown) {
  toon::tool_catalog cat = weather_tools();
  // The outputSchema docs/mcp.md shows for forecast.
  EXPECT_EQ(toon::to_json(*cat.find("forecast")->output_schema),
            R"({"type":"object","properties":{"city":{"type":"string"},"highs":{"type":"array","items":{"type":"number"}}},)"
            R"("required":["city","highs"],"additionalProperties":false})");
}

TEST(McpServerDocs, LazyCategories) {
  // doc:begin server_lazy
  toon::tool_catalog cat;
  cat.add_category("weather", "Forecasts and alerts");
  cat.add<forecast_args>("forecast", "Daily high temperatures", "weather", [](const forecast_args& a) {
    return forecast{a.city, std::vector<double>(static_cast<std::size_t>(a.days), 21.5)};
  });
  std::vector<std::string> sent;
  toon::mcp::server_options options;
  options.lazy_categories = true;  // tools/list: load_tools only, until a category is loaded
  options.log = {};
  toon::mcp::server server(cat, options, [&](std::string_view message) { sent.emplace_back(message); });
  server.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
                     R"("capabilities":{},"clientInfo":{"name":"test","version":"1"}}})");
  server.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  server.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"load_tools",)"
                     R"("arguments":{"category":"weather"}}})");
  // sent[1]: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}
  // sent[2]: {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":
  //   "Loaded category weather: 1 tool in the tool list.\ntools[1]{name,description,params}:\n
  //    forecast,Daily high temperatures,\"city:string! days:int=3\""}],"isError":false}}
  // doc:end
  ASSERT_EQ(sent.size(), 3u);
  EXPECT_NE(sent[0].find(R"("tools":{"listChanged":true})"), std::string::npos) << sent[0];
  EXPECT_EQ(sent[1], R"({"jsonrpc":"2.0","method":"notifications/tools/list_changed"})");
  EXPECT_EQ(sent[2],
            R"({"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":)"
            R"("Loaded category weather: 1 tool in the tool list.\ntools[1]{name,description,params}:\n)"
            R"(  forecast,Daily high temperatures,\"city:string! days:int=3\""}],"isError":false}})");
  EXPECT_EQ(server.loaded_categories(), std::vector<std::string>{"weather"});
}
