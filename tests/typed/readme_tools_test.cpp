// The "Tool parameters for LLMs (MCP)" example of README.md, compiled and checked.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "toon/toon.hpp"

namespace {

struct read_file_args {
  std::string path;
  std::optional<int> max_lines;
};

TEST(ReadmeTools, TypedParamsSchemaAndCatalog) {
  EXPECT_EQ(toon::typed_params<read_file_args>(), "path:string! max_lines:int");
  EXPECT_EQ(toon::to_json(toon::json_schema<read_file_args>()),
            R"({"type":"object","properties":{"path":{"type":"string"},"max_lines":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},)"
            R"("required":["path"],"additionalProperties":false})");

  toon::tool_catalog cat;
  cat.add_category("fs", "Read, write and search files");
  cat.add<read_file_args>("read_file", "Read file contents", "fs",
                          [](const read_file_args& a) { return "contents of " + a.path; });
  EXPECT_EQ(cat.tools_table(), "tools[1]{name,description,params}:\n  read_file,Read file contents,\"path:string! max_lines:int\"");

  const toon::call_result ok = cat.call_json("read_file", R"({"path":"a.txt"})");
  EXPECT_FALSE(ok.is_error());
  EXPECT_EQ(ok.text, "contents of a.txt");

  const toon::call_result bad = cat.call_json("read_file", R"({"path":7})");
  EXPECT_TRUE(bad.is_error());
  EXPECT_NE(bad.text.find("args.path: expected string, found number"), std::string::npos) << bad.text;
}

}  // namespace
