// The examples of docs/mcp.md, "Resources, prompts and completions" and "Tool titles and
// annotations" (doc:begin / doc:end, checked verbatim by the ctest docs.mcp.examples_in_sync),
// run through the server's line interface.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/features.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

// doc:begin server_features
#include <toon/mcp/features.hpp>
#include <toon/mcp/server.hpp>

#include <optional>
#include <string>
#include <vector>

// The variables of the template `notes://{topic}/{day}`.
struct note_vars {
  std::string topic;
  int day = 0;
};

// The arguments of the prompt `summarize`.
struct summarize_args {
  std::string topic;
  std::optional<std::string> style;  // optional: not required
};

template <>
struct toon::meta<summarize_args> {
  static constexpr toon::field_description field_descriptions[] = {{"topic", "What to summarize"}};
};

// Topics starting with `prefix` (the completion of `topic`).
std::vector<std::string> topics(std::string_view argument, std::string_view prefix, const toon::value&) {
  std::vector<std::string> out;
  if (argument == "topic")
    for (const char* t : {"budget", "builds", "hiring"})
      if (std::string_view(t).starts_with(prefix)) out.emplace_back(t);
  return out;
}

toon::mcp::server_options notes_server() {
  toon::mcp::server_features features;
  features.add_resource({.uri = "notes://index", .name = "index", .mime_type = "text/plain"},
                        [] { return toon::mcp::resource_contents{.text = "budget, builds, hiring"}; });
  features.add_resource_template<note_vars>(
      {.uri = "notes://{topic}/{day}", .name = "note", .mime_type = "text/plain"},
      [](const note_vars& v) -> toon::result<toon::mcp::resource_contents> {
        if (v.day < 1 || v.day > 31) return toon::error{toon::error_code::out_of_range, "day: 1 to 31"};
        return toon::mcp::resource_contents{.text = "Notes on " + v.topic + ", day " + std::to_string(v.day)};
      },
      topics);
  features.add_prompt<summarize_args>(
      {.name = "summarize", .description = "Summarize the notes on a topic"},
      [](const summarize_args& a) {
        toon::mcp::prompt_result r;
        r.messages.push_back({"user", "Summarize the notes on " + a.topic + " " + a.style.value_or("briefly") + "."});
        return r;
      },
      topics);
  toon::mcp::server_options options;
  features.install(options);  // resources/*, prompts/*, completion/complete, capabilities
  return options;
}
// doc:end

// doc:begin tool_presentation
// write_file shown as "Write a file", destructive and idempotent.
void present_write_file(toon::mcp::server_options& options) {
  toon::mcp::tool_presentation p;
  p.title = "Write a file";
  p.annotations.destructive_hint = true;
  p.annotations.idempotent_hint = true;
  p.icons.push_back({.src = "https://example.com/write.svg", .mime_type = "image/svg+xml", .sizes = {"any"}});
  options.tool_presentations["write_file"] = p;
}
// doc:end

namespace {

struct write_args {
  std::string path;
};

struct fixture {
  std::vector<toon::value> messages;
  toon::tool_catalog catalog;
  toon::mcp::server_options options;

  toon::value run(toon::mcp::server& s, const std::string& line) {
    messages.clear();
    s.handle_line(line);
    EXPECT_EQ(messages.size(), 1u) << line;
    return messages.empty() ? toon::value() : messages.back();
  }
  toon::mcp::server make() {
    options.log = {};
    return toon::mcp::server(catalog, options, [this](std::string_view m) { messages.push_back(*toon::from_json(m)); });
  }
};

std::string request(int id, std::string_view method, std::string_view params) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":")" + std::string(method) + R"(","params":)" +
         std::string(params) + "}";
}

constexpr std::string_view modern_meta =
    R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}})";

}  // namespace

TEST(ServerFeaturesDocs, NotesServer) {
  fixture f;
  f.options = notes_server();
  toon::mcp::server s = f.make();
  f.run(s, R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},)"
           R"("clientInfo":{"name":"t","version":"1"}}})");
  EXPECT_EQ(toon::to_json(f.run(s, request(1, "resources/read", R"({"uri":"notes://budget/3"})"))["result"]),
            R"({"contents":[{"uri":"notes://budget/3","mimeType":"text/plain","text":"Notes on budget, day 3"}]})");
  EXPECT_EQ(f.run(s, request(2, "resources/read", R"({"uri":"notes://budget/40"})"))["error"]["code"].as_int64(),
            toon::mcp::internal_error);
  EXPECT_EQ(f.run(s, request(3, "resources/read", R"({"uri":"notes://x"})"))["error"]["code"].as_int64(),
            toon::mcp::resource_not_found);
  EXPECT_EQ(toon::to_json(f.run(s, request(4, "prompts/get", R"({"name":"summarize","arguments":{"topic":"hiring"}})"))["result"]),
            R"({"messages":[{"role":"user","content":{"type":"text","text":"Summarize the notes on hiring briefly."}}]})");
  EXPECT_EQ(toon::to_json(f.run(s, request(5, "prompts/list", "{}"))["result"]["prompts"][0]["arguments"]),
            R"([{"name":"topic","description":"What to summarize","required":true},{"name":"style","required":false}])");
  EXPECT_EQ(toon::to_json(f.run(s, request(6, "completion/complete",
                                           R"({"ref":{"type":"ref/prompt","name":"summarize"},"argument":{"name":"topic","value":"bu"}})"))
                              ["result"]["completion"]["values"]),
            R"(["budget","builds"])");
}

TEST(ServerFeaturesDocs, NotesServerStateless) {
  fixture f;
  f.options = notes_server();
  toon::mcp::server s = f.make();
  toon::value discover = f.run(s, request(1, "server/discover", "{" + std::string(modern_meta) + "}"));
  EXPECT_EQ(toon::to_json(discover["result"]["capabilities"]),
            R"({"tools":{"listChanged":false},"logging":{},"resources":{},"prompts":{},"completions":{}})");
  toon::value read = f.run(s, request(2, "resources/read", R"({"uri":"notes://index",)" + std::string(modern_meta) + "}"));
  EXPECT_EQ(read["result"]["resultType"].as_string(), "complete");
  EXPECT_EQ(read["result"]["contents"][0]["text"].as_string(), "budget, builds, hiring");
  EXPECT_NE(read["result"].find("ttlMs"), nullptr);
}

TEST(ServerFeaturesDocs, ToolPresentation) {
  fixture f;
  f.catalog.add<write_args>("write_file", "Writes a file", "", [](const write_args& a) { return a.path; });
  present_write_file(f.options);
  toon::mcp::server s = f.make();
  toon::value list = f.run(s, request(1, "tools/list", "{" + std::string(modern_meta) + "}"));
  const toon::value& t = list["result"]["tools"][0];
  EXPECT_EQ(t["title"].as_string(), "Write a file");
  EXPECT_EQ(toon::to_json(t["annotations"]), R"({"destructiveHint":true,"idempotentHint":true})");
  EXPECT_EQ(toon::to_json(t["icons"]), R"([{"src":"https://example.com/write.svg","mimeType":"image/svg+xml","sizes":["any"]}])");
}
