// The examples of docs/mcp.md, section "JSON Schema to typed params": the C++ blocks (between
// doc:begin / doc:end markers; ctest docs.mcp.examples_in_sync checks they are the doc's text),
// and every row of the doc's conversion tables, read from docs/mcp.md itself (between
// <!-- schema-import-examples:begin/end -->): the parameter schema in the first column converts
// to the typed param of the second, with the losses of the third.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "toon/json.hpp"
#include "toon/schema.hpp"
#include "toon/schema_import.hpp"

// doc:begin schema_import
#include <toon/mcp/compact.hpp>
#include <toon/toon.hpp>

#include <iostream>

// The parameters of mcp-server-fetch's `fetch` tool, as its inputSchema says them.
std::string fetch_params() {
  toon::value schema = *toon::from_json(R"({"type":"object","required":["url"],"properties":{
    "url":{"type":"string","format":"uri","minLength":1,"description":"URL to fetch"},
    "max_length":{"type":"integer","default":5000,"exclusiveMinimum":0,"exclusiveMaximum":1000000},
    "raw":{"type":"boolean","default":false,"description":"Get the raw content"}}})");
  toon::imported_schema in = toon::import_json_schema(schema);
  for (const toon::schema_loss& loss : in.losses) std::cerr << loss.to_string() << '\n';  // nothing is lost
  return toon::format_typed_params(in.params);
  // url:string(1..,uri)! max_length:int(>0..<1000000)=5000 raw:bool=false ...
}

// What the form cannot say is reported: here a patternProperties.
std::string lossy_params() {
  toon::value schema = *toon::from_json(R"({"type":"object","properties":{
    "env":{"type":"object","patternProperties":{"^[A-Z_]+$":{"type":"string"}}}},"additionalProperties":false})");
  toon::imported_schema in = toon::import_json_schema(schema);
  for (const toon::schema_loss& loss : in.losses) std::cerr << loss.to_string() << '\n';
  // /properties/env: patternProperties {"^[A-Z_]+$":{"type":"string"}} is not checked: object
  return toon::format_typed_params(in.params);  // env:object
}

// A server's tools as a TOON tools table, and the same table with the parameter descriptions.
void print_compact(toon::mcp::client& client) {
  auto tools = client.list_tools();
  if (!tools) return;
  std::vector<toon::mcp::compact_tool> compact = toon::mcp::compact_tools(*tools);
  std::cout << toon::mcp::tools_table(compact) << '\n';  // tools[N]{name,description,params}:
  std::cout << toon::mcp::described_tools_table(compact) << '\n';  // the same, url!'URL to fetch' ...
}
// doc:end

namespace {

TEST(CompactDocs, FetchParams) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(fetch_params(), "url:string(1..,uri)! max_length:int(>0..<1000000)=5000 raw:bool=false ...");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  testing::internal::CaptureStderr();
  EXPECT_EQ(lossy_params(), "env:object");
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "/properties/env: patternProperties {\"^[A-Z_]+$\":{\"type\":\"string\"}} is not checked: object\n");
  // The same tool with its descriptions.
  toon::mcp::tool_info fetch;
  fetch.name = "fetch";
  fetch.input_schema = *toon::from_json(
      R"({"type":"object","properties":{"url":{"type":"string","description":"URL to fetch"},)"
      R"("raw":{"type":"boolean","description":"Get the raw content"}}})");
  EXPECT_EQ(toon::mcp::described_tools_table(toon::mcp::compact_tools({fetch})),
            "tools[1]{name,description,params}:\n"
            "  fetch,\"\",\"url'URL to fetch' raw:bool'Get the raw content' ...\"");
  (void)&print_compact;  // needs a live server: tested as `toon mcp tools` (tests/cli/mcp_tools_test.cpp)
}

// Splits a Markdown table row on unescaped '|' and unescapes `\|`.
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
      cur += '|';
      ++i;
    } else if (line[i] == '|') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += line[i];
    }
  }
  out.push_back(cur);
  for (std::string& c : out) {
    std::size_t b = c.find_first_not_of(' '), e = c.find_last_not_of(' ');
    c = b == std::string::npos ? "" : c.substr(b, e - b + 1);
    if (c.size() >= 2 && c.front() == '`' && c.back() == '`') c = c.substr(1, c.size() - 2);
  }
  return out;
}

TEST(CompactDocs, ConversionTablesOfTheDoc) {
  std::ifstream in(std::string(TOON_DOCS_DIR) + "/mcp.md");
  ASSERT_TRUE(in) << TOON_DOCS_DIR;
  std::string line;
  bool inside = false;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line == "<!-- schema-import-examples:begin -->") inside = true;
    if (line == "<!-- schema-import-examples:end -->") inside = false;
    if (!inside || line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> c = cells(line);
    // "", schema, typed, losses, [meaning...], ""
    ASSERT_GE(c.size(), 5u) << line;
    std::string wrapped = R"({"type":"object","properties":{"p":)" + c[1] + R"(},"additionalProperties":false})";
    auto schema = toon::from_json(wrapped);
    ASSERT_TRUE(schema) << line;
    toon::imported_schema out = toon::import_json_schema(*schema);
    EXPECT_EQ(toon::format_typed_params(out.params), c[2]) << line;
    std::string kinds;
    for (const toon::schema_loss& l : out.losses) {
      std::string k(toon::to_string(l.kind));
      if (kinds.find(k) != std::string::npos) continue;
      if (!kinds.empty()) kinds += ", ";
      kinds += k;
    }
    EXPECT_EQ(kinds.empty() ? "—" : kinds, c[3]) << line;
    ++rows;
  }
  EXPECT_GE(rows, 30);
}

}  // namespace
