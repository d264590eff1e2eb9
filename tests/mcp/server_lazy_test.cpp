// toon::mcp::server with server_options::lazy_categories (docs/mcp.md, "Lazy loading"): the
// first tools/list holds only the load tool (category summary as TOON in its description) and
// the tools without a category; calling it adds a category's tools, announces the change to the
// 2025-11-25 session and on 2026-07-28 subscriptions/listen streams, and returns the category's
// TOON tools table. The expected texts are written out by hand from docs/tools.md's formats.
#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "message_collector.hpp"
#include "toon/json.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

namespace {


struct text_args {
  std::string text;
};

struct path_args {
  std::string path;
  int limit = 10;
};

}  // namespace

template <>
struct toon::meta<path_args> {
  static constexpr std::string_view defaulted[] = {"limit"};
};

namespace {

using collector = toon_test::message_collector;

// Categories fs (read, stat) and git (log), and `help` without a category.
std::shared_ptr<const toon::tool_catalog> sample_catalog(bool with_help = true) {
  auto cat = std::make_shared<toon::tool_catalog>();
  cat->add_category("fs", "Files, read-only");
  cat->add_category("git", "Git history");
  cat->add<path_args>("read", "Read a file", "fs", [](const path_args& a) { return "read " + a.path; });
  cat->add<path_args>("stat", "File metadata", "fs", [](const path_args& a) { return "stat " + a.path; });
  cat->add<text_args>("log", "Show commits", "git", [](const text_args& a) { return "log " + a.text; });
  if (with_help) cat->add<text_args>("help", "Usage notes", "", [](const text_args& a) { return "help " + a.text; });
  return cat;
}

constexpr std::string_view modern_meta =
    R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}})";
constexpr std::string_view initialize_line =
    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},)"
    R"("clientInfo":{"name":"t","version":"1"}}})";
constexpr std::string_view initialized_line = R"({"jsonrpc":"2.0","method":"notifications/initialized"})";

toon::mcp::server_options lazy_options() {
  toon::mcp::server_options o;
  o.log = {};
  o.lazy_categories = true;
  return o;
}

std::vector<std::string> names_of(const toon::value& list_result) {
  std::vector<std::string> names;
  for (const toon::value& t : list_result["tools"].as_array()) names.push_back(t["name"].as_string());
  return names;
}

bool is_list_changed(const toon::value& m) {
  const toon::value* method = m.find("method");
  return method != nullptr && method->as_string() == "notifications/tools/list_changed";
}

std::string call_line(int id, std::string_view name, std::string_view arguments) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":"tools/call","params":{"name":")" +
         std::string(name) + R"(","arguments":)" + std::string(arguments) + "}}";
}

std::string list_line(int id) { return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":"tools/list"})"; }

// A session that has sent initialize and notifications/initialized (2 messages: the
// initialize response is messages[0]).
struct session {
  collector out;
  toon::mcp::server s;
  explicit session(toon::mcp::server_options o = lazy_options(), std::shared_ptr<const toon::tool_catalog> c = sample_catalog())
      : s(std::move(c), std::move(o), out.sink()) {
    s.handle_line(initialize_line);
    s.handle_line(initialized_line);
  }
};

}  // namespace

TEST(ServerLazy, FirstListIsTheLoadToolAndTheUncategorisedTools) {
  session t;
  t.s.handle_line(list_line(1));
  std::vector<toon::value> m = t.out.wait_for(2);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_TRUE(m[0]["result"]["capabilities"]["tools"]["listChanged"].as_bool());  // lazy implies it
  const toon::value& list = m[1]["result"];
  EXPECT_EQ(names_of(list), (std::vector<std::string>{"load_tools", "help"}));
  const toon::value& load = list["tools"][0];
  EXPECT_EQ(load["description"].as_string(),
            "Loads the tools of a category, or single tools by name: they are added to the tool list "
            "(notifications/tools/list_changed follows) and returned as a TOON table. Categories:\n"
            "categories[2]{name,description,tools}:\n"
            "  fs,\"Files, read-only\",read stat\n"
            "  git,Git history,log");
  EXPECT_EQ(toon::to_json(load["inputSchema"]),
            R"({"type":"object","properties":{"category":{"type":"string","enum":["fs","git"],)"
            R"("description":"The name of the category to load"},"tools":{"type":"array","items":{"type":"string"},)"
            R"("minItems":1,"description":"Names of single tools to load, instead of a category"}},)"
            R"("additionalProperties":false})");
  EXPECT_TRUE(t.s.loaded_categories().empty());
}

TEST(ServerLazy, LoadingACategoryAnnouncesItThenAnswersWithItsTable) {
  session t;
  t.s.handle_line(call_line(1, "load_tools", R"({"category":"fs"})"));
  std::vector<toon::value> m = t.out.wait_for(3);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_TRUE(is_list_changed(m[1]));  // before the result: a client sees it when its call returns
  const toon::value& r = m[2]["result"];
  EXPECT_EQ(m[2]["id"].as_int64(), 1);
  EXPECT_FALSE(r["isError"].as_bool());
  EXPECT_EQ(r["content"][0]["text"].as_string(),
            "Loaded category fs: 2 tools in the tool list.\n"
            "tools[2]{name,description,params}:\n"
            "  read,Read a file,\"path:string! limit:int=10\"\n"
            "  stat,File metadata,\"path:string! limit:int=10\"");
  EXPECT_EQ(t.s.loaded_categories(), (std::vector<std::string>{"fs"}));

  t.s.handle_line(list_line(2));
  m = t.out.wait_for(4);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_EQ(names_of(m[3]["result"]), (std::vector<std::string>{"load_tools", "read", "stat", "help"}));
  EXPECT_EQ(m[3]["result"]["tools"][1]["inputSchema"]["required"][0].as_string(), "path");

  // A second category, then the loaded tool answers.
  t.s.handle_line(call_line(3, "load_tools", R"({"category":"git"})"));
  t.s.handle_line(list_line(4));
  m = t.out.wait_for(7);
  ASSERT_EQ(m.size(), 7u);
  EXPECT_TRUE(is_list_changed(m[4]));
  EXPECT_EQ(m[5]["result"]["content"][0]["text"].as_string(),
            "Loaded category git: 1 tool in the tool list.\n"
            "tools[1]{name,description,params}:\n"
            "  log,Show commits,\"text:string!\"");
  // Catalog order, whatever the loading order.
  EXPECT_EQ(names_of(m[6]["result"]), (std::vector<std::string>{"load_tools", "read", "stat", "log", "help"}));
  t.s.handle_line(call_line(5, "log", R"({"text":"-3"})"));
  t.s.wait_idle();
  m = t.out.wait_for(8);
  ASSERT_EQ(m.size(), 8u);
  EXPECT_EQ(m[7]["result"]["content"][0]["text"].as_string(), "log -3");
  EXPECT_EQ(t.s.loaded_categories(), (std::vector<std::string>{"fs", "git"}));
}

TEST(ServerLazy, LoadingAgainChangesNothingAndSendsNoNotification) {
  session t;
  t.s.handle_line(call_line(1, "load_tools", R"({"category":"git"})"));
  t.s.handle_line(call_line(2, "load_tools", R"({"category":"git"})"));
  std::vector<toon::value> m = t.out.wait_for(4);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_TRUE(is_list_changed(m[1]));
  EXPECT_EQ(m[3]["id"].as_int64(), 2);
  EXPECT_FALSE(m[3]["result"]["isError"].as_bool());
  EXPECT_EQ(m[3]["result"]["content"][0]["text"].as_string(),
            "Category git was already loaded: 1 tool in the tool list.\n"
            "tools[1]{name,description,params}:\n"
            "  log,Show commits,\"text:string!\"");
  EXPECT_FALSE(t.s.load_category("git"));
  EXPECT_EQ(t.out.size(), 4u);
}

TEST(ServerLazy, BadArgumentsAreToolErrorsNamingTheCategories) {
  session t;
  t.s.handle_line(call_line(1, "load_tools", R"({"category":"net"})"));
  t.s.handle_line(call_line(2, "load_tools", R"({})"));
  t.s.handle_line(call_line(3, "load_tools", R"({"category":"fs","all":true})"));
  t.s.handle_line(call_line(4, "load_tools", R"({"category":7})"));
  std::vector<toon::value> m = t.out.wait_for(5);
  ASSERT_EQ(m.size(), 5u);
  const char* expected[] = {
      "invalid arguments for load_tools: unknown category \"net\"; categories: fs, git",
      ("invalid arguments for load_tools: either \"category\" (a string) or \"tools\" (an array of tool names) is "
       "required; categories: fs, git"),
      "invalid arguments for load_tools: unknown argument all; categories: fs, git",
      "invalid arguments for load_tools: \"category\" must be a string; categories: fs, git",
  };
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(m[1 + i]["id"].as_int64(), i + 1);
    EXPECT_TRUE(m[1 + i]["result"]["isError"].as_bool());
    EXPECT_EQ(m[1 + i]["result"]["content"][0]["text"].as_string(), expected[i]);
  }
  EXPECT_TRUE(t.s.loaded_categories().empty());
  // Still nothing loaded: the list is as at the start.
  t.s.handle_line(list_line(5));
  m = t.out.wait_for(6);
  ASSERT_EQ(m.size(), 6u);
  EXPECT_EQ(names_of(m[5]["result"]), (std::vector<std::string>{"load_tools", "help"}));
}

TEST(ServerLazy, SingleToolsAreLoadedByName) {
  session t;
  t.s.handle_line(call_line(1, "load_tools", R"({"tools":["stat"]})"));
  t.s.handle_line(list_line(2));
  std::vector<toon::value> m = t.out.wait_for(4);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_TRUE(is_list_changed(m[1]));  // before the result
  EXPECT_FALSE(m[2]["result"]["isError"].as_bool());
  EXPECT_EQ(m[2]["result"]["content"][0]["text"].as_string(),
            "Loaded 1 tool into the tool list.\n"
            "tools[1]{name,description,params}:\n"
            "  stat,File metadata,\"path:string! limit:int=10\"");
  EXPECT_EQ(names_of(m[3]["result"]), (std::vector<std::string>{"load_tools", "stat", "help"}));
  EXPECT_TRUE(t.s.loaded_categories().empty());

  // Tools of two categories, one listed already: catalog order in the table, one added.
  t.s.handle_line(call_line(3, "load_tools", R"({"tools":["log","stat","log"]})"));
  t.s.handle_line(list_line(4));
  m = t.out.wait_for(7);
  ASSERT_EQ(m.size(), 7u);
  EXPECT_TRUE(is_list_changed(m[4]));
  EXPECT_EQ(m[5]["result"]["content"][0]["text"].as_string(),
            "Loaded 1 of 2 tools into the tool list (the others were there already).\n"
            "tools[2]{name,description,params}:\n"
            "  stat,File metadata,\"path:string! limit:int=10\"\n"
            "  log,Show commits,\"text:string!\"");
  EXPECT_EQ(names_of(m[6]["result"]), (std::vector<std::string>{"load_tools", "stat", "log", "help"}));

  // All listed already: the table again, no notification.
  t.s.handle_line(call_line(5, "load_tools", R"({"tools":["log"]})"));
  m = t.out.wait_for(8);
  ASSERT_EQ(m.size(), 8u);
  EXPECT_EQ(m[7]["id"].as_int64(), 5);
  EXPECT_EQ(m[7]["result"]["content"][0]["text"].as_string(),
            "Already in the tool list: 1 tool.\n"
            "tools[1]{name,description,params}:\n"
            "  log,Show commits,\"text:string!\"");

  // Its category loaded later: the category's tools in catalog order, once each.
  ASSERT_TRUE(t.s.load_category("fs"));
  t.s.handle_line(list_line(6));
  m = t.out.wait_for(10);
  ASSERT_EQ(m.size(), 10u);
  EXPECT_TRUE(is_list_changed(m[8]));
  EXPECT_EQ(names_of(m[9]["result"]), (std::vector<std::string>{"load_tools", "read", "stat", "log", "help"}));
}

TEST(ServerLazy, BadToolNamesAreToolErrorsAndLoadNothing) {
  session t;
  t.s.handle_line(call_line(1, "load_tools", R"({"tools":["stat","nope"]})"));
  t.s.handle_line(call_line(2, "load_tools", R"({"tools":["help"]})"));  // no category: always listed
  t.s.handle_line(call_line(3, "load_tools", R"({"tools":[]})"));
  t.s.handle_line(call_line(4, "load_tools", R"({"tools":"stat"})"));
  t.s.handle_line(call_line(5, "load_tools", R"({"tools":["stat"],"category":"fs"})"));
  t.s.handle_line(call_line(6, "load_tools", R"({"tools":["load_tools"]})"));
  std::vector<toon::value> m = t.out.wait_for(7);
  ASSERT_EQ(m.size(), 7u);
  const char* expected[] = {
      "invalid arguments for load_tools: unknown tool \"nope\" (a tool of a category); categories: fs, git",
      "invalid arguments for load_tools: unknown tool \"help\" (a tool of a category); categories: fs, git",
      "invalid arguments for load_tools: \"tools\" must be a non-empty array of tool names; categories: fs, git",
      "invalid arguments for load_tools: \"tools\" must be a non-empty array of tool names; categories: fs, git",
      ("invalid arguments for load_tools: either \"category\" (a string) or \"tools\" (an array of tool names) is "
       "required; categories: fs, git"),
      "invalid arguments for load_tools: unknown tool \"load_tools\" (a tool of a category); categories: fs, git",
  };
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(m[1 + i]["id"].as_int64(), i + 1);
    EXPECT_TRUE(m[1 + i]["result"]["isError"].as_bool());
    EXPECT_EQ(m[1 + i]["result"]["content"][0]["text"].as_string(), expected[i]);
  }
  t.s.handle_line(list_line(7));
  m = t.out.wait_for(8);
  ASSERT_EQ(m.size(), 8u);
  EXPECT_EQ(names_of(m[7]["result"]), (std::vector<std::string>{"load_tools", "help"}));
}

TEST(ServerLazy, ToolsOfCategoriesNotLoadedCanStillBeCalled) {
  session t;
  t.s.handle_line(call_line(1, "stat", R"({"path":"a.txt"})"));
  t.s.wait_idle();
  std::vector<toon::value> m = t.out.wait_for(2);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_FALSE(m[1]["result"]["isError"].as_bool());
  EXPECT_EQ(m[1]["result"]["content"][0]["text"].as_string(), "stat a.txt");
  EXPECT_TRUE(t.s.loaded_categories().empty());
}

TEST(ServerLazy, SubscriptionStreamsAreNotified) {
  collector out;
  toon::mcp::server s(sample_catalog(), lazy_options(), out.sink());
  s.handle_line(R"({"jsonrpc":"2.0","id":"sub","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},)" +
                std::string(modern_meta) + "}}");
  s.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"load_tools","arguments":{"category":"fs"},)" +
                std::string(modern_meta) + "}}");
  s.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{)" + std::string(modern_meta) + "}}");
  std::vector<toon::value> m = out.wait_for(4);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_EQ(toon::to_json(m[0]["params"]["notifications"]), R"({"toolsListChanged":true})");  // honoured
  EXPECT_TRUE(is_list_changed(m[1]));
  EXPECT_EQ(m[1]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"].as_string(), "sub");
  EXPECT_EQ(m[2]["result"]["resultType"].as_string(), "complete");
  EXPECT_EQ(m[2]["result"]["content"][0]["text"].as_string().substr(0, 46), "Loaded category fs: 2 tools in the tool list.\n");
  EXPECT_EQ(names_of(m[3]["result"]), (std::vector<std::string>{"load_tools", "read", "stat", "help"}));
}

TEST(ServerLazy, LoadingInvalidatesCursors) {
  toon::mcp::server_options o = lazy_options();
  o.page_size = 1;
  session t(o);
  t.s.handle_line(list_line(1));
  std::vector<toon::value> m = t.out.wait_for(2);
  ASSERT_EQ(m.size(), 2u);
  const std::string cursor = m[1]["result"]["nextCursor"].as_string();
  ASSERT_TRUE(t.s.load_category("fs"));
  t.s.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":")" + cursor + R"("}})");
  m = t.out.wait_for(4);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_TRUE(is_list_changed(m[2]));
  EXPECT_EQ(m[3]["error"]["code"].as_int64(), toon::mcp::invalid_params);
}

TEST(ServerLazy, SetCatalogKeepsTheLoadedCategoriesThatStillExist) {
  session t;
  ASSERT_TRUE(t.s.load_category("fs"));
  ASSERT_TRUE(t.s.load_category("git"));
  auto next = std::make_shared<toon::tool_catalog>();
  next->add_category("git", "Git history");
  next->add_category("net", "Network");
  next->add<text_args>("log", "Show commits", "git", [](const text_args& a) { return a.text; });
  next->add<text_args>("fetch", "Fetch a URL", "net", [](const text_args& a) { return a.text; });
  t.s.set_catalog(next);
  EXPECT_EQ(t.s.loaded_categories(), (std::vector<std::string>{"git"}));
  t.s.handle_line(list_line(1));
  std::vector<toon::value> m = t.out.wait_for(5);
  ASSERT_EQ(m.size(), 5u);  // initialize, 3 notifications, the list
  EXPECT_TRUE(is_list_changed(m[3]));
  EXPECT_EQ(names_of(m[4]["result"]), (std::vector<std::string>{"load_tools", "log"}));
  EXPECT_NE(m[4]["result"]["tools"][0]["description"].as_string().find("  net,Network,fetch"), std::string::npos);
}

TEST(ServerLazy, WithoutCategoriesOrWithoutTheOptionThereIsNoLoadTool) {
  {
    auto flat = std::make_shared<toon::tool_catalog>();
    flat->add<text_args>("a", "Echo", "", [](const text_args& a) { return a.text; });
    session t(lazy_options(), flat);
    t.s.handle_line(list_line(1));
    t.s.handle_line(call_line(2, "load_tools", R"({"category":"x"})"));
    std::vector<toon::value> m = t.out.wait_for(3);
    ASSERT_EQ(m.size(), 3u);
    EXPECT_EQ(names_of(m[1]["result"]), (std::vector<std::string>{"a"}));
    EXPECT_EQ(m[2]["error"]["code"].as_int64(), toon::mcp::invalid_params);  // unknown tool
    EXPECT_FALSE(t.s.load_category("x"));
  }
  {
    toon::mcp::server_options o = lazy_options();
    o.lazy_categories = false;
    session t(o);
    t.s.handle_line(list_line(1));
    std::vector<toon::value> m = t.out.wait_for(2);
    ASSERT_EQ(m.size(), 2u);
    EXPECT_FALSE(m[0]["result"]["capabilities"]["tools"]["listChanged"].as_bool());
    EXPECT_EQ(names_of(m[1]["result"]), (std::vector<std::string>{"read", "stat", "log", "help"}));
    EXPECT_FALSE(t.s.load_category("fs"));
  }
}

TEST(ServerLazy, TheLoadToolNameIsAnOptionAndHidesACatalogToolOfThatName) {
  toon::mcp::server_options o = lazy_options();
  o.load_tool_name = "help";
  session t(o);
  t.s.handle_line(list_line(1));
  t.s.handle_line(call_line(2, "help", R"({"category":"git"})"));
  std::vector<toon::value> m = t.out.wait_for(4);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_EQ(names_of(m[1]["result"]), (std::vector<std::string>{"help"}));
  EXPECT_TRUE(is_list_changed(m[2]));
  EXPECT_EQ(m[3]["result"]["content"][0]["text"].as_string().substr(0, 23), "Loaded category git: 1 ");
}
