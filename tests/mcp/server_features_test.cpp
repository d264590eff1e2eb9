// toon::mcp::server_features through the server's line interface: resources (text and blob),
// templates bound to a struct (conversion of variables, percent-decoding, no match -> -32002),
// pagination, prompts from an argument struct (required from optional-ness, -32602 for a
// missing one), completion/complete, the capabilities advertised only for what is registered,
// and tool title/annotations/icons (server_options::tool_presentations).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/features.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

namespace {

struct page_vars {
  std::string book;
  int page = 0;
};

struct review_args {
  std::string language;
  std::optional<std::string> focus;
};

struct no_args {};

}  // namespace

template <>
struct toon::meta<review_args> {
  static constexpr toon::field_description field_descriptions[] = {{"language", "Programming language"}};
};

namespace {

constexpr std::string_view initialize_line =
    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},)"
    R"("clientInfo":{"name":"t","version":"1"}}})";

std::string line(int id, std::string_view method, std::string_view params) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":")" + std::string(method) + R"(","params":{)" +
         std::string(params) + "}}";
}

toon::mcp::server_features make_features() {
  toon::mcp::server_features f;
  f.add_resource({.uri = "mem://readme", .name = "readme", .title = "Read me", .mime_type = "text/plain", .size = 5},
                 [] { return toon::mcp::resource_contents{.text = "hello"}; });
  f.add_resource({.uri = "mem://logo", .name = "logo", .mime_type = "image/png"}, []() -> toon::result<toon::mcp::resource_contents> {
    return toon::mcp::resource_contents{.blob = std::string("\x89PNG\0", 5)};
  });
  f.add_resource_template<page_vars>(
      {.uri = "book://{book}/page/{page}", .name = "page", .description = "A page of a book", .mime_type = "text/plain"},
      [](const page_vars& v) -> toon::result<toon::mcp::resource_contents> {
        if (v.page > 100) {
          toon::error e;
          e.code = toon::error_code::io_error;
          e.message = "no such page";
          return e;
        }
        return toon::mcp::resource_contents{.text = v.book + " p." + std::to_string(v.page)};
      },
      [](std::string_view argument, std::string_view prefix, const toon::value&) {
        std::vector<std::string> out;
        if (argument == "book")
          for (std::string b : {"dune", "dracula", "emma"})
            if (b.starts_with(prefix)) out.push_back(b);
        return out;
      });
  f.add_prompt<review_args>(
      {.name = "review", .title = "Code review", .description = "Review code"},
      [](const review_args& a) {
        toon::mcp::prompt_result r;
        r.description = "review in " + a.language;
        r.messages.push_back({"user", "Review this " + a.language + " code" + (a.focus ? " for " + *a.focus : "")});
        r.messages.push_back({"assistant", "Paste it."});
        return r;
      },
      [](std::string_view argument, std::string_view prefix, const toon::value& known) {
        std::vector<std::string> out;
        if (argument == "language")
          for (std::string l : {"c", "cpp", "python"})
            if (l.starts_with(prefix)) out.push_back(l);
        if (argument == "focus") {
          const toon::value* lang = known.find("language");
          out.push_back(lang != nullptr && lang->is_string() ? lang->as_string() + "-style" : "style");
        }
        return out;
      });
  return f;
}

struct fixture {
  std::vector<toon::value> messages;
  toon::tool_catalog catalog;
  toon::mcp::server_options options;

  fixture() { options.log = {}; }
  toon::value run(toon::mcp::server& s, const std::string& l) {
    messages.clear();
    s.handle_line(l);
    EXPECT_EQ(messages.size(), 1u) << l;
    return messages.empty() ? toon::value() : messages.back();
  }
  toon::mcp::server make() {
    return toon::mcp::server(catalog, options, [this](std::string_view m) { messages.push_back(*toon::from_json(m)); });
  }
};

}  // namespace

TEST(ServerFeatures, CapabilitiesOnlyForWhatIsRegistered) {
  {
    fixture f;
    toon::mcp::server_features none;
    none.install(f.options);
    toon::mcp::server s = f.make();
    EXPECT_EQ(toon::to_json(f.run(s, std::string(initialize_line))["result"]["capabilities"]),
              R"({"tools":{"listChanged":false},"logging":{}})");
    EXPECT_EQ(f.run(s, line(1, "resources/list", ""))["error"]["code"].as_int64(), toon::mcp::method_not_found);
  }
  {
    fixture f;
    toon::mcp::server_features prompts_only;
    prompts_only.add_prompt<no_args>({.name = "hi"}, [](const no_args&) { return toon::mcp::prompt_result{}; });
    prompts_only.install(f.options);
    toon::mcp::server s = f.make();
    EXPECT_EQ(toon::to_json(f.run(s, std::string(initialize_line))["result"]["capabilities"]),
              R"({"tools":{"listChanged":false},"logging":{},"prompts":{}})");
    EXPECT_EQ(f.run(s, line(1, "completion/complete", ""))["error"]["code"].as_int64(), toon::mcp::method_not_found);
  }
  fixture f;
  make_features().install(f.options);
  toon::mcp::server s = f.make();
  EXPECT_EQ(toon::to_json(f.run(s, std::string(initialize_line))["result"]["capabilities"]),
            R"({"tools":{"listChanged":false},"logging":{},"resources":{},"prompts":{},"completions":{}})");
}

TEST(ServerFeatures, ResourcesListedAndRead) {
  fixture f;
  make_features().install(f.options);
  toon::mcp::server s = f.make();
  f.run(s, std::string(initialize_line));
  EXPECT_EQ(toon::to_json(f.run(s, line(1, "resources/list", ""))["result"]),
            R"({"resources":[{"uri":"mem://readme","name":"readme","title":"Read me","mimeType":"text/plain","size":5},)"
            R"({"uri":"mem://logo","name":"logo","mimeType":"image/png"}]})");
  EXPECT_EQ(toon::to_json(f.run(s, line(2, "resources/templates/list", ""))["result"]),
            R"({"resourceTemplates":[{"uriTemplate":"book://{book}/page/{page}","name":"page",)"
            R"("description":"A page of a book","mimeType":"text/plain"}]})");
  EXPECT_EQ(toon::to_json(f.run(s, line(3, "resources/read", R"("uri":"mem://readme")"))["result"]),
            R"({"contents":[{"uri":"mem://readme","mimeType":"text/plain","text":"hello"}]})");
  EXPECT_EQ(toon::to_json(f.run(s, line(4, "resources/read", R"("uri":"mem://logo")"))["result"]),
            R"({"contents":[{"uri":"mem://logo","mimeType":"image/png","blob":"iVBORwA="}]})");
  // A template: variables converted to the members' types, percent-decoded.
  EXPECT_EQ(toon::to_json(f.run(s, line(5, "resources/read", R"("uri":"book://war%20and%20peace/page/42")"))["result"]),
            R"({"contents":[{"uri":"book://war%20and%20peace/page/42","mimeType":"text/plain","text":"war and peace p.42"}]})");
}

TEST(ServerFeatures, ResourceErrors) {
  fixture f;
  make_features().install(f.options);
  toon::mcp::server s = f.make();
  f.run(s, std::string(initialize_line));
  EXPECT_EQ(toon::to_json(f.run(s, line(1, "resources/read", R"("uri":"mem://nothing")"))),
            R"({"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"Resource not found","data":{"uri":"mem://nothing"}}})");
  // A '/' in a variable, or an empty one: no match.
  EXPECT_EQ(f.run(s, line(2, "resources/read", R"("uri":"book://a/b/page/1")"))["error"]["code"].as_int64(), -32002);
  EXPECT_EQ(f.run(s, line(3, "resources/read", R"("uri":"book:///page/1")"))["error"]["code"].as_int64(), -32002);
  // A variable that is not an int.
  toon::value bad = f.run(s, line(4, "resources/read", R"("uri":"book://emma/page/x")"));
  EXPECT_EQ(bad["error"]["code"].as_int64(), toon::mcp::invalid_params);
  EXPECT_EQ(bad["error"]["message"].as_string(), R"(Invalid params: variable "page" is not a valid value)");
  // The handler's error.
  toon::value failed = f.run(s, line(5, "resources/read", R"("uri":"book://emma/page/101")"));
  EXPECT_EQ(failed["error"]["code"].as_int64(), toon::mcp::internal_error);
  EXPECT_NE(failed["error"]["message"].as_string().find("no such page"), std::string::npos);
  EXPECT_EQ(f.run(s, line(6, "resources/read", ""))["error"]["code"].as_int64(), toon::mcp::invalid_params);
  EXPECT_EQ(f.run(s, line(7, "resources/read", R"("uri":7)"))["error"]["code"].as_int64(), toon::mcp::invalid_params);
}

TEST(ServerFeatures, Pagination) {
  fixture f;
  toon::mcp::server_features features = make_features();
  features.page_size = 1;
  features.install(f.options);
  toon::mcp::server s = f.make();
  f.run(s, std::string(initialize_line));
  toon::value first = f.run(s, line(1, "resources/list", ""));
  ASSERT_EQ(first["result"]["resources"].as_array().size(), 1u);
  EXPECT_EQ(first["result"]["resources"][0]["name"].as_string(), "readme");
  const std::string cursor = first["result"]["nextCursor"].as_string();
  toon::value second = f.run(s, line(2, "resources/list", R"("cursor":")" + cursor + "\""));
  EXPECT_EQ(second["result"]["resources"][0]["name"].as_string(), "logo");
  EXPECT_EQ(second["result"].find("nextCursor"), nullptr);
  EXPECT_EQ(f.run(s, line(3, "resources/list", R"("cursor":"zz")"))["error"]["code"].as_int64(), toon::mcp::invalid_params);
  EXPECT_EQ(f.run(s, line(4, "resources/list", R"("cursor":"9")"))["error"]["code"].as_int64(), toon::mcp::invalid_params);
}

TEST(ServerFeatures, PromptsListedAndGot) {
  fixture f;
  make_features().install(f.options);
  toon::mcp::server s = f.make();
  f.run(s, std::string(initialize_line));
  EXPECT_EQ(toon::to_json(f.run(s, line(1, "prompts/list", ""))["result"]),
            R"({"prompts":[{"name":"review","title":"Code review","description":"Review code","arguments":[)"
            R"({"name":"language","description":"Programming language","required":true},{"name":"focus","required":false}]}]})");
  EXPECT_EQ(toon::to_json(f.run(s, line(2, "prompts/get", R"("name":"review","arguments":{"language":"cpp","focus":"speed"})"))["result"]),
            R"({"description":"review in cpp","messages":[{"role":"user","content":{"type":"text","text":"Review this cpp code for speed"}},)"
            R"({"role":"assistant","content":{"type":"text","text":"Paste it."}}]})");
  toon::value missing = f.run(s, line(3, "prompts/get", R"("name":"review","arguments":{"focus":"speed"})"));
  EXPECT_EQ(toon::to_json(missing["error"]),
            R"({"code":-32602,"message":"Invalid params: missing required argument \"language\"","data":{"missing":"language"}})");
  EXPECT_EQ(f.run(s, line(4, "prompts/get", R"("name":"review")"))["error"]["code"].as_int64(), toon::mcp::invalid_params);
  EXPECT_EQ(f.run(s, line(5, "prompts/get", R"("name":"nope")"))["error"]["code"].as_int64(), toon::mcp::invalid_params);
  EXPECT_EQ(f.run(s, line(6, "prompts/get", R"("name":"review","arguments":{"language":"c","extra":"1"})"))["error"]["code"].as_int64(),
            toon::mcp::invalid_params);
  EXPECT_EQ(f.run(s, line(7, "prompts/get", R"("name":"review","arguments":{"language":3})"))["error"]["code"].as_int64(),
            toon::mcp::invalid_params);
}

TEST(ServerFeatures, Completions) {
  fixture f;
  make_features().install(f.options);
  toon::mcp::server s = f.make();
  f.run(s, std::string(initialize_line));
  EXPECT_EQ(toon::to_json(f.run(s, line(1, "completion/complete",
                                        R"("ref":{"type":"ref/prompt","name":"review"},"argument":{"name":"language","value":"c"})"))["result"]),
            R"({"completion":{"values":["c","cpp"],"total":2,"hasMore":false}})");
  EXPECT_EQ(toon::to_json(f.run(s, line(2, "completion/complete",
                                        R"("ref":{"type":"ref/prompt","name":"review"},"argument":{"name":"focus","value":""},)"
                                        R"("context":{"arguments":{"language":"python"}})"))["result"]["completion"]["values"]),
            R"(["python-style"])");
  EXPECT_EQ(toon::to_json(f.run(s, line(3, "completion/complete",
                                        R"("ref":{"type":"ref/resource","uri":"book://{book}/page/{page}"},"argument":{"name":"book","value":"d"})"))
                              ["result"]["completion"]["values"]),
            R"(["dune","dracula"])");
  for (std::string_view bad : {R"("ref":{"type":"ref/prompt","name":"nope"},"argument":{"name":"language","value":""})",
                               R"("ref":{"type":"ref/prompt","name":"review"},"argument":{"name":"nope","value":""})",
                               R"("ref":{"type":"ref/other"},"argument":{"name":"language","value":""})",
                               R"("ref":{"type":"ref/resource","uri":"mem://x"},"argument":{"name":"book","value":""})",
                               R"("argument":{"name":"language","value":""})"})
    EXPECT_EQ(f.run(s, line(4, "completion/complete", bad))["error"]["code"].as_int64(), toon::mcp::invalid_params) << bad;
}

TEST(ServerFeatures, RegistrationErrors) {
  toon::mcp::server_features f;
  EXPECT_FALSE(f.try_add_resource({.uri = "", .name = "x"}, [] { return toon::mcp::resource_contents{}; }));
  EXPECT_TRUE(f.try_add_resource({.uri = "a://b", .name = "x"}, [] { return toon::mcp::resource_contents{}; }));
  EXPECT_EQ(f.try_add_resource({.uri = "a://b", .name = "y"}, [] { return toon::mcp::resource_contents{}; }).error().code,
            toon::error_code::duplicate_key);
  const auto read = [](const page_vars&) { return toon::mcp::resource_contents{}; };
  EXPECT_FALSE(f.try_add_resource_template<page_vars>({.uri = "b://{nope}", .name = "t"}, read));
  EXPECT_FALSE(f.try_add_resource_template<page_vars>({.uri = "b://{book", .name = "t"}, read));
  EXPECT_FALSE(f.try_add_resource_template<page_vars>({.uri = "b://{book}{page}", .name = "t"}, read));
  EXPECT_FALSE(f.try_add_resource_template<page_vars>({.uri = "b://{+book}", .name = "t"}, read));
  EXPECT_FALSE(f.try_add_resource_template<page_vars>({.uri = "b://{book}", .name = "t"}, read));  // page is required
  EXPECT_TRUE(f.try_add_resource_template<page_vars>({.uri = "b://{book}/{page}", .name = "t"}, read));
  EXPECT_THROW(f.add_prompt<no_args>({.name = ""}, [](const no_args&) { return toon::mcp::prompt_result{}; }), toon::toon_error);
}

TEST(ServerFeatures, MatchUriTemplate) {
  EXPECT_EQ(toon::to_json(*toon::mcp::match_uri_template("file:///{dir}/{name}.txt", "file:///src/a.b.txt")),
            R"({"dir":"src","name":"a.b"})");
  EXPECT_FALSE(toon::mcp::match_uri_template("file:///{name}", "file:///a/b"));
  EXPECT_FALSE(toon::mcp::match_uri_template("file:///{name}", "http://x"));
  EXPECT_FALSE(toon::mcp::match_uri_template("file:///{name}", "file:///%zz"));
  EXPECT_FALSE(toon::mcp::match_uri_template("file:///{name}", "file:///%4"));
  EXPECT_EQ(toon::to_json(*toon::mcp::match_uri_template("x:{a}", "x:%2F")), R"({"a":"/"})");
}

TEST(ServerFeatures, ToolTitleAnnotationsIcons) {
  fixture f;
  f.catalog.add<no_args>("wipe", "Deletes everything", "", [](const no_args&) { return std::string("done"); });
  f.catalog.add<no_args>("plain", "No presentation", "", [](const no_args&) { return std::string("ok"); });
  toon::mcp::tool_presentation p;
  p.title = "Wipe";
  p.annotations.destructive_hint = true;
  p.annotations.read_only_hint = false;
  p.icons.push_back({.src = "https://example.com/wipe.png", .mime_type = "image/png", .sizes = {"48x48"}});
  f.options.tool_presentations["wipe"] = p;
  f.options.tool_presentations["absent"] = p;
  toon::mcp::server s = f.make();
  f.run(s, std::string(initialize_line));
  toon::value list = f.run(s, line(1, "tools/list", ""));
  const toon::value& wipe = list["result"]["tools"][0];
  EXPECT_EQ(wipe["title"].as_string(), "Wipe");
  EXPECT_EQ(toon::to_json(wipe["annotations"]), R"({"readOnlyHint":false,"destructiveHint":true})");
  EXPECT_EQ(toon::to_json(wipe["icons"]), R"([{"src":"https://example.com/wipe.png","mimeType":"image/png","sizes":["48x48"]}])");
  const toon::value& plain = list["result"]["tools"][1];
  EXPECT_EQ(plain.find("title"), nullptr);
  EXPECT_EQ(plain.find("annotations"), nullptr);
  EXPECT_EQ(list["result"]["tools"].as_array().size(), 2u);
}

TEST(ServerFeatures, CopiesAreIndependent) {
  toon::mcp::server_features a;
  a.add_prompt<no_args>({.name = "one"}, [](const no_args&) { return toon::mcp::prompt_result{}; });
  toon::mcp::server_features b = a;
  b.add_prompt<no_args>({.name = "two"}, [](const no_args&) { return toon::mcp::prompt_result{}; });
  EXPECT_TRUE(a.try_add_prompt<no_args>({.name = "two"}, [](const no_args&) { return toon::mcp::prompt_result{}; }));
  fixture f;
  b.install(f.options);
  toon::mcp::server s = f.make();
  f.run(s, std::string(initialize_line));
  EXPECT_EQ(f.run(s, line(1, "prompts/list", ""))["result"]["prompts"].as_array().size(), 2u);
}

TEST(ServerFeatures, ResourceSubscriptions) {
  fixture f;
  make_features().install(f.options);
  f.options.resources_subscribe = true;
  toon::mcp::server s = f.make();
  EXPECT_EQ(toon::to_json(f.run(s, std::string(initialize_line))["result"]["capabilities"]["resources"]), R"({"subscribe":true})");
  // Before notifications/initialized nothing is sent.
  EXPECT_EQ(toon::to_json(f.run(s, line(1, "resources/subscribe", R"("uri":"mem://readme")"))), R"({"jsonrpc":"2.0","id":1,"result":{}})");
  f.messages.clear();
  EXPECT_FALSE(s.notify_resource_updated("mem://readme"));
  s.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  EXPECT_TRUE(s.notify_resource_updated("mem://readme"));
  EXPECT_FALSE(s.notify_resource_updated("mem://logo"));
  ASSERT_EQ(f.messages.size(), 1u);
  EXPECT_EQ(toon::to_json(f.messages[0]),
            R"({"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"mem://readme"}})");
  f.run(s, line(2, "resources/unsubscribe", R"("uri":"mem://readme")"));
  EXPECT_FALSE(s.notify_resource_updated("mem://readme"));
  EXPECT_EQ(f.run(s, line(3, "resources/subscribe", ""))["error"]["code"].as_int64(), toon::mcp::invalid_params);
  EXPECT_EQ(f.run(s, line(4, "resources/subscribe", R"("uri":1)"))["error"]["code"].as_int64(), toon::mcp::invalid_params);
}

TEST(ServerFeatures, NoSubscriptionsByDefault) {
  fixture f;
  make_features().install(f.options);
  toon::mcp::server s = f.make();
  EXPECT_EQ(toon::to_json(f.run(s, std::string(initialize_line))["result"]["capabilities"]["resources"]), "{}");
  EXPECT_EQ(f.run(s, line(1, "resources/subscribe", R"("uri":"mem://readme")"))["error"]["code"].as_int64(),
            toon::mcp::method_not_found);
  EXPECT_FALSE(s.notify_resource_updated("mem://readme"));
}

TEST(ServerFeatures, BadInputGetsErrors) {
  fixture f;
  make_features().install(f.options);
  toon::mcp::server s = f.make();
  f.run(s, std::string(initialize_line));
  // A variable decoding to bytes that are not UTF-8: no match.
  EXPECT_EQ(f.run(s, line(1, "resources/read", R"("uri":"book://%FF/page/1")"))["error"]["code"].as_int64(), -32002);
  EXPECT_EQ(f.run(s, line(2, "resources/read", R"("uri":"book://%C3/page/1")"))["error"]["code"].as_int64(), -32002);
  EXPECT_EQ(toon::to_json(f.run(s, line(3, "resources/read", R"("uri":"book://caf%C3%A9/page/1")"))["result"]["contents"][0]["text"]),
            R"("café p.1")");
  EXPECT_EQ(f.run(s, line(4, "prompts/get", R"("name":"review","arguments":["cpp"])"))["error"]["code"].as_int64(),
            toon::mcp::invalid_params);
  EXPECT_EQ(f.run(s, line(5, "prompts/get", R"("name":7)"))["error"]["code"].as_int64(), toon::mcp::invalid_params);
  EXPECT_EQ(f.run(s, line(6, "completion/complete", R"("ref":{"type":"ref/prompt","name":"review"},"argument":{"name":"language"})"))
                ["error"]["code"].as_int64(),
            toon::mcp::invalid_params);
  EXPECT_EQ(f.run(s, line(7, "resources/list", R"("cursor":5)"))["error"]["code"].as_int64(), toon::mcp::invalid_params);
  // A required member of the variables' struct that the template lacks.
  toon::mcp::server_features g;
  EXPECT_FALSE(g.try_add_resource_template<review_args>({.uri = "r://{focus}", .name = "t"},
                                                         [](const review_args&) { return toon::mcp::resource_contents{}; }));
}
