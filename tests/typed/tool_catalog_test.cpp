// toon::tool_catalog (docs/tools.md): the TOON tools table, the category summary, MCP
// tools/list, dispatch of tools/call with JSON and TOON arguments and the texts of its errors,
// registration errors; and the 50-tool benchmark catalog (benchmarks/catalog/catalog_50.hpp):
// every argument type round-trips through its typed-param text.
//
// The expected texts are written from the specification (docs/tools.md, docs/typed-params.md,
// the TOON quoting rules), not copied from output.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "schema_check.hpp"
#include "toon/toon.hpp"
#include "toon/tools.hpp"
#include "toon/dsl/catalog.hpp"

#include "../../benchmarks/catalog/catalog_50.hpp"

namespace tc {

enum class text_encoding { utf8, latin1 };

struct read_file_args {
  std::string path;
  std::optional<int> offset;
  int limit = 100;
  text_encoding encoding = text_encoding::utf8;
};

struct read_result {
  std::string path;
  int offset = 0;
  int limit = 0;
  text_encoding encoding = text_encoding::utf8;
};

struct write_file_args {
  std::string path;
  std::string content;
};

struct tag_args {
  std::vector<std::string> tags;
  std::string path;
  int count = 0;
};

struct greet_args {
  std::string greeting = "hello world";
};

struct level_args {
  std::uint8_t level = 0;
};

struct no_args {};

struct note_args {
  std::optional<std::string> note;
};

struct nested_args {
  note_args inner;
  std::vector<note_args> items;
  std::optional<toon::object> maybe;
  std::optional<toon::value> anything;
};

}  // namespace tc

template <>
struct toon::meta<tc::read_file_args> {
  static constexpr std::string_view description = "Arguments of read_file";
  static constexpr std::string_view defaulted[] = {"limit", "encoding"};
  static constexpr toon::field_description field_descriptions[] = {{"path", "File to read"}};
};

template <>
struct toon::meta<tc::greet_args> {
  static constexpr std::string_view defaulted[] = {"greeting"};
};

namespace tc {

// fs: read_file, write_file; git: (none yet); no category: ping.
toon::tool_catalog small_catalog() {
  toon::tool_catalog cat;
  cat.add_category("fs", "Read, write and search files");
  cat.add_category("git", "Version control");
  cat.add<read_file_args>("read_file", "Read file contents", "fs", [](const read_file_args& a) -> toon::result<read_result> {
    if (a.path == "missing.txt") {
      toon::error e;
      e.code = toon::error_code::io_error;
      e.message = "cannot open missing.txt";
      return e;
    }
    return read_result{a.path, a.offset.value_or(0), a.limit, a.encoding};
  });
  cat.add<write_file_args>("write_file", "Write content to a file", "fs", [](const write_file_args& a) {
    return "wrote " + std::to_string(a.content.size()) + " bytes to " + a.path;
  });
  cat.add<no_args>("ping", "Check the server, cheaply", "", [](const no_args&) -> toon::result<void> { return {}; });
  return cat;
}

// ---- (a) tools table ---------------------------------------------------------------------------

TEST(ToolCatalog, ToolsTable) {
  EXPECT_EQ(small_catalog().tools_table(),
            "tools[3]{name,description,params}:\n"
            "  read_file,Read file contents,\"path:string! offset:int limit:int=100 encoding:utf8/latin1=utf8\"\n"
            "  write_file,Write content to a file,\"path:string! content:string!\"\n"
            "  ping,\"Check the server, cheaply\",\"\"");
}

TEST(ToolCatalog, ToolsTableOfOneCategory) {
  toon::tool_catalog cat = tc::small_catalog();
  cat.add<tag_args>("tag", "Tag a file", "git", [](const tag_args&) { return std::string("tagged"); });
  EXPECT_EQ(cat.tools_table("git"),
            "tools[1]{name,description,params}:\n"
            "  tag,Tag a file,\"tags:string[]! path:string! count:int!\"");
  EXPECT_EQ(cat.tools_table("fs"),
            "tools[2]{name,description,params}:\n"
            "  read_file,Read file contents,\"path:string! offset:int limit:int=100 encoding:utf8/latin1=utf8\"\n"
            "  write_file,Write content to a file,\"path:string! content:string!\"");
  EXPECT_EQ(cat.tools_table("net"), "tools: []");  // an empty array (TOON spec §9.1)
}

TEST(ToolCatalog, ParamsCellEscapesQuotes) {
  // greeting:string="hello world" in a TOON cell: quoted, inner quotes escaped (docs/typed-params.md).
  toon::tool_catalog cat;
  cat.add<greet_args>("greet", "Say hello", "", [](const greet_args& a) { return a.greeting; });
  EXPECT_EQ(cat.tools_table(),
            "tools[1]{name,description,params}:\n"
            "  greet,Say hello,\"greeting:string=\\\"hello world\\\"\"");
  // ... and it reads back as the typed-param text.
  toon::value back = toon::decode_or_throw(cat.tools_table());
  EXPECT_EQ(back["tools"][0]["params"], toon::value("greeting:string=\"hello world\""));
}

TEST(ToolCatalog, ToolsTableWithTabDelimiter) {
  toon::tool_catalog cat;
  cat.add<write_file_args>("write_file", "Write content to a file", "", [](const write_file_args&) -> toon::result<void> { return {}; });
  toon::encode_options tab;
  tab.delimiter = toon::delimiter::tab;
  EXPECT_EQ(cat.tools_table({}, tab),
            "tools[1\t]{name\tdescription\tparams}:\n"
            "  write_file\tWrite content to a file\t\"path:string! content:string!\"");
}

TEST(ToolCatalog, EmptyCatalog) {
  toon::tool_catalog cat;
  EXPECT_EQ(cat.tools_table(), "tools: []");  // an empty array (TOON spec §9.1)
  EXPECT_EQ(cat.categories_table(), "categories: []");
  EXPECT_EQ(toon::to_json(cat.mcp_tools_list()), R"({"tools":[]})");
  toon::call_result r = cat.call("anything", toon::object{});
  EXPECT_EQ(r.status, toon::call_status::unknown_tool);
  EXPECT_EQ(r.text, "unknown tool \"anything\"; no tools are available");
}

TEST(ToolCatalog, TableValue) {
  toon::value v = small_catalog().tools_table_value("fs");
  EXPECT_EQ(v, toon::value(toon::object{
                   {"tools", toon::array{toon::object{{"name", "read_file"},
                                                      {"description", "Read file contents"},
                                                      {"params", "path:string! offset:int limit:int=100 "
                                                                 "encoding:utf8/latin1=utf8"}},
                                         toon::object{{"name", "write_file"},
                                                      {"description", "Write content to a file"},
                                                      {"params", "path:string! content:string!"}}}}}));
}

// ---- (b) category summary ----------------------------------------------------------------------

TEST(ToolCatalog, CategorySummary) {
  toon::tool_catalog cat = tc::small_catalog();
  EXPECT_EQ(cat.categories_table(),
            "categories[2]{name,description,tool_count}:\n"
            "  fs,\"Read, write and search files\",2\n"
            "  git,Version control,0");
  cat.add<tag_args>("tag", "Tag a file", "git", [](const tag_args&) -> toon::result<void> { return {}; });
  EXPECT_EQ(cat.categories_table(),
            "categories[2]{name,description,tool_count}:\n"
            "  fs,\"Read, write and search files\",2\n"
            "  git,Version control,1");
  EXPECT_EQ(cat.tool_count("fs"), 2u);
  EXPECT_EQ(cat.tool_count(""), 1u);  // ping has no category
}

// ---- (c) MCP tools/list ------------------------------------------------------------------------

TEST(ToolCatalog, McpToolsList) {
  toon::tool_catalog cat = tc::small_catalog();
  toon::value list = cat.mcp_tools_list();
  ASSERT_EQ(list["tools"].size(), 3u);
  // null_as_absent (on by default): optional parameters also take null.
  EXPECT_NE(list["tools"][0]["inputSchema"], toon::json_schema<read_file_args>());
  EXPECT_EQ(list["tools"][1]["inputSchema"], toon::json_schema<write_file_args>());  // all required
  EXPECT_EQ(toon::to_json(cat.mcp_tools_list("fs")["tools"][1]),
            R"({"name":"write_file","description":"Write content to a file","inputSchema":{"type":"object",)"
            R"("properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"],)"
            R"("additionalProperties":false}})");
  EXPECT_EQ(toon::to_json(list["tools"][2]),
            R"({"name":"ping","description":"Check the server, cheaply","inputSchema":{"type":"object",)"
            R"("properties":{},"additionalProperties":false}})");
  EXPECT_EQ(toon::to_json(list["tools"][0]["inputSchema"]),
            R"({"description":"Arguments of read_file","type":"object","properties":{)"
            R"("path":{"description":"File to read","type":"string"},)"
            R"("offset":{"anyOf":[{"type":"integer","minimum":-2147483648,"maximum":2147483647},{"type":"null"}]},)"
            R"("limit":{"anyOf":[{"type":"integer","minimum":-2147483648,"maximum":2147483647},{"type":"null"}],"default":100},)"
            R"("encoding":{"anyOf":[{"type":"string","enum":["utf8","latin1"]},{"type":"null"}],"default":"utf8"}},)"
            R"("required":["path"],"additionalProperties":false})");
  // Strict: the schema of the typed params, null not allowed.
  cat.set_null_as_absent(false);
  list = cat.mcp_tools_list();
  EXPECT_EQ(list["tools"][0]["inputSchema"], toon::json_schema<read_file_args>());
  EXPECT_EQ(toon::to_json(list["tools"][0]["inputSchema"]),
            R"({"description":"Arguments of read_file","type":"object","properties":{)"
            R"("path":{"description":"File to read","type":"string"},"offset":{"type":"integer","minimum":-2147483648,"maximum":2147483647},)"
            R"("limit":{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":100},)"
            R"("encoding":{"type":"string","enum":["utf8","latin1"],"default":"utf8"}},)"
            R"("required":["path"],"additionalProperties":false})");
}

TEST(ToolCatalogCall, NullForAnOptionalArgumentCountsAsAbsent) {
  toon::tool_catalog cat = tc::small_catalog();
  EXPECT_TRUE(cat.null_as_absent());
  // offset (std::optional) stays empty, limit and encoding (defaulted) keep their defaults.
  toon::call_result r = cat.call_json("read_file", R"({"path":"a.txt","offset":null,"limit":null,"encoding":null})");
  EXPECT_EQ(r.status, toon::call_status::ok) << r.text;
  EXPECT_EQ(r.text, "path: a.txt\noffset: 0\nlimit: 100\nencoding: utf8");
  // A required parameter is not optional: null is still a type error.
  r = cat.call_json("read_file", R"({"path":null,"offset":null})");
  EXPECT_EQ(r.status, toon::call_status::invalid_arguments);
  ASSERT_EQ(r.errors.size(), 1u) << r.text;
  EXPECT_EQ(r.errors[0].to_string(), "args.path: expected string, found null");
  // Strict mode: null is not an int.
  cat.set_null_as_absent(false);
  r = cat.call_json("read_file", R"({"path":"a.txt","offset":null})");
  EXPECT_EQ(r.status, toon::call_status::invalid_arguments);
  ASSERT_EQ(r.errors.size(), 1u) << r.text;
  EXPECT_EQ(r.errors[0].to_string(), "args.offset: expected int, found null");
}

TEST(ToolCatalogCall, NullAsAbsentAtAnyDepth) {
  toon::tool_catalog cat;
  cat.add<tc::nested_args>("nest", "Nested optionals", "", [](const tc::nested_args& a) {
    std::string out = a.inner.note.value_or("-");
    for (const tc::note_args& n : a.items) out += "," + n.note.value_or("-");
    return out + (a.maybe ? "+" : "");
  });
  toon::call_result r = cat.call_json(
      "nest", R"({"inner":{"note":null},"items":[{"note":"x"},{"note":null}],"maybe":null})");
  EXPECT_EQ(r.status, toon::call_status::ok) << r.text;
  EXPECT_EQ(r.text, "-,x,-");
  // The published schema says so at every depth; a parameter that takes null is left as it is.
  const toon::value schema = cat.mcp_tools_list()["tools"][0]["inputSchema"];
  EXPECT_EQ(toon::to_json(schema["properties"]["inner"]),
            R"({"type":"object","properties":{"note":{"anyOf":[{"type":"string"},{"type":"null"}]}},)"
            R"("additionalProperties":false})");
  EXPECT_EQ(toon::to_json(schema["properties"]["items"]["items"]["properties"]["note"]),
            R"({"anyOf":[{"type":"string"},{"type":"null"}]})");
  EXPECT_EQ(toon::to_json(schema["properties"]["maybe"]), R"({"anyOf":[{"type":"object"},{"type":"null"}]})");
  EXPECT_EQ(toon::to_json(schema["properties"]["anything"]), "{}");
  EXPECT_EQ(schema["required"], toon::value(toon::array{"inner", "items"}));
}

// ---- (d) dispatch ------------------------------------------------------------------------------

TEST(ToolCatalogCall, ValidJsonArgumentsWithDefaults) {
  toon::call_result r = small_catalog().call_json("read_file", R"({"path":"a.txt","offset":3})");
  EXPECT_EQ(r.status, toon::call_status::ok);
  EXPECT_FALSE(r.is_error());
  EXPECT_TRUE(r.errors.empty());
  // The handler's struct as TOON; limit and encoding are the defaults of read_file_args.
  EXPECT_EQ(r.text, "path: a.txt\noffset: 3\nlimit: 100\nencoding: utf8");
  EXPECT_EQ(toon::to_json(r.to_mcp()),
            R"({"content":[{"type":"text","text":"path: a.txt\noffset: 3\nlimit: 100\nencoding: utf8"}],"isError":false})");
}

TEST(ToolCatalogCall, ValidToonArguments) {
  toon::call_result r = small_catalog().call_toon("read_file", "path: notes.md\nlimit: 5\nencoding: latin1");
  EXPECT_EQ(r.status, toon::call_status::ok);
  EXPECT_EQ(r.text, "path: notes.md\noffset: 0\nlimit: 5\nencoding: latin1");
}

TEST(ToolCatalogCall, StringAndVoidResults) {
  toon::tool_catalog cat = tc::small_catalog();
  toon::call_result w = cat.call("write_file", toon::object{{"path", "a.txt"}, {"content", "hello"}});
  EXPECT_EQ(w.text, "wrote 5 bytes to a.txt");  // a string result is the text, as it is
  toon::call_result p = cat.call("ping", toon::value());  // null arguments: none
  EXPECT_EQ(p.status, toon::call_status::ok);
  EXPECT_EQ(p.text, "ok");
  EXPECT_EQ(cat.call_toon("ping", "").text, "ok");  // the empty TOON document is {}
}

TEST(ToolCatalogCall, ValueResult) {
  toon::tool_catalog cat;
  cat.add<tag_args>("tag", "Tag a file", "", [](const tag_args& a) {
    return toon::value(toon::object{{"path", a.path}, {"tags", toon::array(a.tags.begin(), a.tags.end())}});
  });
  toon::call_result r = cat.call_json("tag", R"({"tags":["x","y"],"path":"a.txt","count":2})");
  EXPECT_EQ(r.text, "path: a.txt\ntags[2]: x,y");
}

TEST(ToolCatalogCall, ResultVoidAndMoveOnlyHandlers) {
  toon::tool_catalog cat;
  auto token = std::make_unique<std::string>("secret");
  cat.add<write_file_args>("write_file", "Write content to a file", "",
                           [token = std::move(token)](const write_file_args& a) -> toon::result<void> {
                             if (a.content == *token) {
                               toon::error e;
                               e.code = toon::error_code::io_error;
                               e.message = "refusing to write the secret";
                               return e;
                             }
                             return {};
                           });
  EXPECT_EQ(cat.call("write_file", toon::object{{"path", "a"}, {"content", "b"}}).text, "ok");
  toon::call_result r = cat.call("write_file", toon::object{{"path", "a"}, {"content", "secret"}});
  EXPECT_EQ(r.status, toon::call_status::tool_failed);
  EXPECT_EQ(r.text, "tool write_file failed: refusing to write the secret");
}

TEST(ToolCatalogCall, EveryViolationWithItsPath) {
  toon::tool_catalog cat;
  cat.add<tag_args>("tag", "Tag a file", "", [](const tag_args&) { return std::string("unreachable"); });
  toon::call_result r = cat.call_json("tag", R"({"tags":["a","b",3],"count":"x","extra":1})");
  EXPECT_EQ(r.status, toon::call_status::invalid_arguments);
  EXPECT_TRUE(r.is_error());
  EXPECT_FALSE(r.is_protocol_error());
  EXPECT_EQ(r.text,
            "invalid arguments for tool tag:\n"
            "args.tags[2]: expected string, found number\n"
            "args.count: expected int, found string\n"
            "args.extra: unknown field\n"
            "args.path: missing required field\n"
            "expected arguments: tags:string[]! path:string! count:int!");
  ASSERT_EQ(r.errors.size(), 4u);
  EXPECT_EQ(r.errors[0].path, "args.tags[2]");
  EXPECT_EQ(r.errors[0].code, toon::error_code::type_mismatch);
  EXPECT_EQ(r.errors[2].code, toon::error_code::unknown_field);
  EXPECT_EQ(r.errors[3].code, toon::error_code::missing_field);
  EXPECT_EQ(r.to_mcp()["isError"], toon::value(true));
}

TEST(ToolCatalogCall, InvalidEnumValue) {
  toon::call_result r = small_catalog().call_json("read_file", R"({"path":"a","encoding":"ascii"})");
  EXPECT_EQ(r.text,
            "invalid arguments for tool read_file:\n"
            "args.encoding: expected one of utf8, latin1\n"
            "expected arguments: path:string! offset:int limit:int=100 encoding:utf8/latin1=utf8");
}

TEST(ToolCatalogCall, ArgumentsNotAnObject) {
  toon::call_result r = small_catalog().call_json("ping", "[1,2]");
  EXPECT_EQ(r.status, toon::call_status::invalid_arguments);
  EXPECT_EQ(r.text,
            "invalid arguments for tool ping:\n"
            "args: expected object, found array\n"
            "expected arguments: none");
}

TEST(ToolCatalogCall, ValidButOutOfRangeForTheStruct) {
  // `level:int` accepts 300; std::uint8_t does not: reported like a violation, from "args".
  toon::tool_catalog cat;
  cat.add<level_args>("set_level", "Set the level", "", [](const level_args&) -> toon::result<void> { return {}; });
  toon::call_result r = cat.call_json("set_level", R"({"level":300})");
  EXPECT_EQ(r.status, toon::call_status::invalid_arguments);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].path, "args.level");
  EXPECT_EQ(r.errors[0].code, toon::error_code::out_of_range);
  EXPECT_EQ(r.text.rfind("invalid arguments for tool set_level:\nargs.level: ", 0), 0u) << r.text;
}

TEST(ToolCatalogCall, UnknownTool) {
  toon::call_result r = small_catalog().call_json("reed_file", R"({"path":"a.txt"})");
  EXPECT_EQ(r.status, toon::call_status::unknown_tool);
  EXPECT_TRUE(r.is_protocol_error());
  EXPECT_EQ(r.jsonrpc_code(), -32602);
  EXPECT_EQ(r.text, "unknown tool \"reed_file\" (did you mean read_file?); available tools: read_file, write_file, ping");
  EXPECT_EQ(toon::to_json(r.to_jsonrpc(7)),
            R"({"jsonrpc":"2.0","id":7,"error":{"code":-32602,)"
            R"("message":"unknown tool \"reed_file\" (did you mean read_file?); available tools: read_file, write_file, ping"}})");
  // No suggestion when nothing is close.
  EXPECT_EQ(small_catalog().call("git_push", toon::object{}).text,
            "unknown tool \"git_push\"; available tools: read_file, write_file, ping");
}

TEST(ToolCatalogCall, MalformedJsonArguments) {
  toon::call_result r = small_catalog().call_json("read_file", "{\"path\": \"a.txt\",\n \"offset\": }");
  EXPECT_EQ(r.status, toon::call_status::invalid_arguments);
  EXPECT_EQ(r.text,
            "malformed JSON arguments for tool read_file:\n"
            "2:12: unexpected '}'\n"
            "expected arguments: path:string! offset:int limit:int=100 encoding:utf8/latin1=utf8");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].code, toon::error_code::invalid_json);
  EXPECT_EQ(r.errors[0].line, 2u);
  EXPECT_EQ(r.errors[0].column, 12u);
}

TEST(ToolCatalogCall, MalformedToonArguments) {
  toon::call_result r = small_catalog().call_toon("write_file", "path: a.txt\ncontent: \"oops");
  EXPECT_EQ(r.status, toon::call_status::invalid_arguments);
  EXPECT_EQ(r.text,
            "malformed TOON arguments for tool write_file:\n"
            "2:10: unterminated string\n"
            "expected arguments: path:string! content:string!");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].code, toon::error_code::unterminated_string);
}

TEST(ToolCatalogCall, HandlerException) {
  toon::tool_catalog cat;
  cat.add<write_file_args>("write_file", "Write content to a file", "", [](const write_file_args&) -> std::string {
    throw std::runtime_error("disk full");
  });
  toon::call_result r = cat.call_json("write_file", R"({"path":"a","content":"b"})");
  EXPECT_EQ(r.status, toon::call_status::tool_failed);
  EXPECT_EQ(r.text, "tool write_file failed: disk full");
  EXPECT_EQ(toon::to_json(r.to_mcp()),
            R"({"content":[{"type":"text","text":"tool write_file failed: disk full"}],"isError":true})");
  EXPECT_EQ(toon::to_json(r.to_jsonrpc("req-1")),
            R"({"jsonrpc":"2.0","id":"req-1","result":{"content":[{"type":"text",)"
            R"("text":"tool write_file failed: disk full"}],"isError":true}})");
}

TEST(ToolCatalogCall, HandlerThrowingANonStandardException) {
  toon::tool_catalog cat;
  cat.add<no_args>("odd", "Throws an int", "", [](const no_args&) -> int { throw 42; });
  EXPECT_EQ(cat.call("odd", toon::object{}).text, "tool odd failed: unknown exception");
}

TEST(ToolCatalogCall, HandlerReturningAnError) {
  toon::call_result r = small_catalog().call_json("read_file", R"({"path":"missing.txt"})");
  EXPECT_EQ(r.status, toon::call_status::tool_failed);
  EXPECT_EQ(r.text, "tool read_file failed: cannot open missing.txt");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].code, toon::error_code::io_error);
}

TEST(ToolCatalogCall, McpParams) {
  toon::tool_catalog cat = tc::small_catalog();
  toon::call_result ok = cat.call_mcp_json(R"({"name":"write_file","arguments":{"path":"b.txt","content":"hi"}})");
  EXPECT_EQ(ok.text, "wrote 2 bytes to b.txt");
  EXPECT_EQ(cat.call_mcp(toon::object{{"name", "ping"}}).text, "ok");  // no "arguments"

  toon::call_result no_name = cat.call_mcp(toon::object{{"arguments", toon::object{}}});
  EXPECT_EQ(no_name.status, toon::call_status::invalid_request);
  EXPECT_EQ(no_name.jsonrpc_code(), -32602);
  EXPECT_EQ(no_name.text, "invalid tools/call params: \"name\" must be a string (the tool's name)");

  toon::call_result not_object = cat.call_mcp(toon::value(3));
  EXPECT_EQ(not_object.text,
            "invalid tools/call params: expected an object {\"name\":...,\"arguments\":{...}}, found number");

  toon::call_result malformed = cat.call_mcp_json(R"({"name":"ping",})");
  EXPECT_EQ(malformed.status, toon::call_status::invalid_request);
  EXPECT_EQ(malformed.text, "malformed tools/call params: 1:16: unexpected '}'");
}

TEST(ToolCatalogCall, StatusNames) {
  EXPECT_EQ(toon::to_string(toon::call_status::ok), "ok");
  EXPECT_EQ(toon::to_string(toon::call_status::invalid_arguments), "invalid_arguments");
  EXPECT_EQ(toon::to_string(toon::call_status::tool_failed), "tool_failed");
  EXPECT_EQ(toon::to_string(toon::call_status::unknown_tool), "unknown_tool");
  EXPECT_EQ(toon::to_string(toon::call_status::invalid_request), "invalid_request");
}

// ---- registration errors -----------------------------------------------------------------------

TEST(ToolCatalogRegistration, DuplicateTool) {
  toon::tool_catalog cat = tc::small_catalog();
  toon::result<void> r = cat.try_add<write_file_args>("write_file", "Again", "fs", [](const write_file_args&) -> toon::result<void> { return {}; });
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::duplicate_key);
  EXPECT_EQ(r.error().message, "duplicate tool \"write_file\"");
  EXPECT_EQ(cat.tools().size(), 3u);
  EXPECT_THROW(cat.add<write_file_args>("write_file", "Again", "fs", [](const write_file_args&) -> toon::result<void> { return {}; }), toon::toon_error);
}

TEST(ToolCatalogRegistration, UnknownCategory) {
  toon::tool_catalog cat = tc::small_catalog();
  toon::result<void> r = cat.try_add<no_args>("fetch", "Fetch a URL", "net", [](const no_args&) -> toon::result<void> { return {}; });
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::invalid_schema);
  EXPECT_EQ(r.error().message, "tool \"fetch\": unknown category \"net\" (registered: fs, git)");
  try {
    cat.add<no_args>("fetch", "Fetch a URL", "net", [](const no_args&) -> toon::result<void> { return {}; });
    ADD_FAILURE() << "no exception";
  } catch (const toon::toon_error& e) {
    EXPECT_EQ(e.error().message, "tool \"fetch\": unknown category \"net\" (registered: fs, git)");
  }
  toon::tool_catalog empty;
  EXPECT_EQ(empty.try_add<no_args>("fetch", "Fetch a URL", "net", [](const no_args&) -> toon::result<void> { return {}; }).error().message,
            "tool \"fetch\": unknown category \"net\" (no categories are registered)");
}

TEST(ToolCatalogRegistration, CategoriesAndNames) {
  toon::tool_catalog cat;
  EXPECT_TRUE(cat.try_add_category("fs", "Files").has_value());
  toon::result<void> dup = cat.try_add_category("fs", "Files again");
  ASSERT_FALSE(dup.has_value());
  EXPECT_EQ(dup.error().code, toon::error_code::duplicate_key);
  EXPECT_EQ(dup.error().message, "duplicate category \"fs\"");
  EXPECT_THROW(cat.add_category("fs", "x"), toon::toon_error);
  EXPECT_EQ(cat.try_add_category("", "x").error().message, "empty category name");
  EXPECT_EQ(cat.try_add<no_args>("", "x", "", [](const no_args&) -> toon::result<void> { return {}; }).error().message, "empty tool name");
  toon::tool no_handler;
  no_handler.name = "t";
  EXPECT_EQ(cat.try_add_tool(no_handler).error().message, "tool \"t\": no handler");
  ASSERT_NE(cat.find_category("fs"), nullptr);
  EXPECT_EQ(cat.find_category("fs")->description, "Files");
  EXPECT_EQ(cat.find("t"), nullptr);
}

TEST(ToolCatalogRegistration, HandWrittenTool) {
  // A tool from a schema and a tool_handler, without an argument struct.
  toon::tool t;
  t.name = "echo";
  t.description = "Echo the text";
  t.args_schema = toon::parse_typed_params("text:string! times:int=1").value();
  t.handler = [](const toon::value& args) {
    const toon::value* times = args.find("times");
    std::string out;
    for (std::int64_t i = 0; i < (times ? times->as_int64() : 1); ++i) out += args["text"].as_string();
    toon::call_result r;
    if (out.size() > 8) {
      r.status = toon::call_status::tool_failed;
      r.text = "too long";
    } else {
      r.text = out;
    }
    return r;
  };
  toon::tool_catalog cat;
  cat.add_tool(std::move(t));
  EXPECT_EQ(cat.call_toon("echo", "text: ab\ntimes: 2").text, "abab");
  EXPECT_EQ(cat.call_toon("echo", "text: abc\ntimes: 3").text, "tool echo failed: too long");
  EXPECT_EQ(cat.call_toon("echo", "times: 2").text,
            "invalid arguments for tool echo:\n"
            "args.text: missing required field\n"
            "expected arguments: text:string! times:int=1");
  EXPECT_EQ(cat.tools_table(), "tools[1]{name,description,params}:\n  echo,Echo the text,\"text:string! times:int=1\"");
}

// ---- the 50-tool benchmark catalog ---------------------------------------------------------------

template <class T>
void check_round_trip() {
  schema_check::check_agreement<T>();
}

template <std::size_t... I>
void check_all(std::index_sequence<I...>) {
  (check_round_trip<std::tuple_element_t<I, catalog50::all_args>>(), ...);
}

TEST(Catalog50, EveryArgumentTypeRoundTrips) {
  static_assert(std::tuple_size_v<catalog50::all_args> == 50);
  check_all(std::make_index_sequence<std::tuple_size_v<catalog50::all_args>>{});
}

TEST(Catalog50, EmitsFiftyTools) {
  toon::tool_catalog cat = catalog50::make_catalog();
  EXPECT_EQ(cat.tools().size(), 50u);
  EXPECT_EQ(cat.mcp_tools_list()["tools"].size(), 50u);
  toon::value table = toon::decode_or_throw(cat.tools_table());
  EXPECT_EQ(table["tools"].size(), 50u);
  std::size_t in_categories = 0;
  for (const toon::tool_category& c : cat.categories()) in_categories += cat.tool_count(c.name);
  EXPECT_EQ(in_categories, 50u);
  // Every tool answers a call with arguments built from its schema's defaults: valid or not,
  // dispatch returns (never throws) and names the tool.
  for (const toon::tool& t : cat.tools()) {
    toon::call_result r = cat.call(t.name, toon::object{});
    if (r.is_error()) {
      EXPECT_NE(r.text.find(t.name), std::string::npos) << r.text;
    }
  }
}

}  // namespace tc

// ---- MCP-DSL -----------------------------------------------------------------------------------

TEST(ToolCatalog, ToolsAsMcpDsl) {
  toon::tool_catalog cat = tc::small_catalog();
  const std::string dsl = toon::mcp_dsl::tools(cat);
  // One `T` definition per line, which compiles back to the tools/list entries without
  // "additionalProperties": false.
  auto items = toon::mcp_dsl::compile(dsl);
  ASSERT_TRUE(items) << items.error().to_string();
  // The DSL writes json_schema(args_schema), the strict catalog's inputSchema (optional
  // parameters without the null that tools/list allows by default).
  cat.set_null_as_absent(false);
  toon::value list = cat.mcp_tools_list();
  ASSERT_EQ(items->size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    toon::value expected = list.find("tools")->as_array()[i];
    for (auto& m : expected.as_object()) {
      if (m.key == "inputSchema") {
        EXPECT_TRUE(m.value.as_object().erase("additionalProperties"));
        // Nor the int32 range of `int` members, which the typed-param text leaves out too.
        for (auto& p : m.value.as_object().find("properties")->as_object()) {
          toon::object& prop = p.value.as_object();
          if (prop.find("minimum") != nullptr && *prop.find("minimum") == toon::value(-2147483648LL) &&
              prop.find("maximum") != nullptr && *prop.find("maximum") == toon::value(2147483647)) {
            prop.erase("minimum");
            prop.erase("maximum");
          }
        }
      }
    }
    EXPECT_EQ((*items)[i], expected) << i;
  }
  EXPECT_EQ(std::count(dsl.begin(), dsl.end(), '\n'), 3);
  EXPECT_EQ(dsl.rfind("T read_file {", 0), 0u) << dsl;
  // A schema within the type syntax is written in it (docs/mcp-dsl.md, "Type expressions").
  EXPECT_NE(dsl.find("\nT write_file {desc: \"Write content to a file\", in: {path: str!, content: str!}}\n"),
            std::string::npos)
      << dsl;
  auto fs = toon::mcp_dsl::compile(toon::mcp_dsl::tools(cat, "fs"));
  ASSERT_TRUE(fs);
  EXPECT_EQ(fs->size(), 2u);
  EXPECT_EQ(toon::mcp_dsl::tools(cat, "net"), "");
  // Fewer bytes than the JSON of the same tools.
  EXPECT_LT(dsl.size(), toon::to_json(list).size());
}

TEST(ToolCatalogCall, McpDslRequests) {
  toon::tool_catalog cat = tc::small_catalog();
  toon::call_result r = toon::mcp_dsl::call(cat, "> tools/call#4 {name: read_file, args: {path: \"a.txt\", offset: 3}}");
  EXPECT_EQ(r.status, toon::call_status::ok);
  EXPECT_EQ(r.text, "path: a.txt\noffset: 3\nlimit: 100\nencoding: utf8");
  EXPECT_EQ(toon::mcp_dsl::call(cat, "> tools/call {name: ping}").text, "ok");

  toon::call_result bad = toon::mcp_dsl::call(cat, "> tools/call {name: read_file, args: {path: }}");
  EXPECT_EQ(bad.status, toon::call_status::invalid_request);
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].code, toon::error_code::dsl_syntax);
  EXPECT_EQ(bad.errors[0].line, 1u);
  EXPECT_EQ(bad.errors[0].column, 45u);  // the `}` where the value of path should be

  toon::call_result other = toon::mcp_dsl::call(cat, "< #1 {ok: true}");
  EXPECT_EQ(other.status, toon::call_status::invalid_request);
  EXPECT_EQ(other.errors.at(0).message, "not a tools/call request");

  // The arguments are checked as for call(): a missing required field.
  toon::call_result missing = toon::mcp_dsl::call(cat, "> tools/call#5 {name: write_file, args: {path: \"a.txt\"}}");
  EXPECT_EQ(missing.status, toon::call_status::invalid_arguments);
  EXPECT_EQ(toon::mcp_dsl::call(cat, "> tools/call#6 {name: nope}").status, toon::call_status::unknown_tool);
}
