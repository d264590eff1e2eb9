// The C++ examples of docs/encoding.md, compiled and run. Each block between "// doc:begin" and
// "// doc:end" appears verbatim in the documentation (tests/check_doc_examples.py checks it).
// Expected TOON texts come from the reference implementation's encoding of the same data (the
// replacer example is the docs_example case of tools/reference/replacer-golden.mjs).
#include <gtest/gtest.h>

#include <charconv>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "toon/encode.hpp"
#include "toon/json.hpp"
#include "toon/tokens.hpp"
#include "toon/value.hpp"

namespace {

// The #include shown in the example is the one above (a no-op here).
// doc:begin api
#include <toon/encode.hpp>

std::string to_toon(const toon::value& v) { return toon::encode(v); }

void append_toon(std::string& buffer, const toon::value& v) {
  toon::encode_to(buffer, v, {.indent_size = 4, .delimiter = toon::delimiter::pipe});
}
// doc:end

TEST(DocsEncoding, Api) {
  const toon::value v = toon::object{{"id", 1}, {"tags", toon::array{"a", "b"}}, {"meta", toon::object{{"k", 2}}}};
  EXPECT_EQ(to_toon(v), "id: 1\ntags[2]: a,b\nmeta:\n  k: 2");
  std::string buffer = "before\n";
  append_toon(buffer, v);
  EXPECT_EQ(buffer, "before\nid: 1\ntags[2|]: a|b\nmeta:\n    k: 2");
}

// doc:begin replacer
TEST(DocsEncoding, Replacer) {
  toon::value order = toon::object{
      {"id", 7},
      {"token", "s3cr3t"},
      {"status", 1},
      {"items", toon::array{toon::object{{"sku", "A1"}, {"price", 9.5}},
                            toon::object{{"sku", "B2"}, {"price", 12}}}}};

  toon::encode_options options;
  options.replacer = [](std::string_view key, const toon::value& v,
                        std::span<const toon::path_element> path) {
    if (key == "token") return toon::replacement::omit();
    if (key == "status") return toon::replacement::with(v.as_int64() == 1 ? "active" : "closed");
    if (path.size() == 3 && path[0] == "items" && key == "price") {
      char buf[32];
      auto end = std::to_chars(buf, buf + sizeof buf, v.to_double(), std::chars_format::fixed, 2).ptr;
      return toon::replacement::raw(std::string(buf, end));  // two decimals, unquoted
    }
    return toon::replacement::keep();
  };

  EXPECT_EQ(toon::encode(order, options),
            "id: 7\n"
            "status: active\n"
            "items[2]{sku,price}:\n"
            "  A1,9.50\n"
            "  B2,12.00");
}
// doc:end

// doc:begin omit
TEST(DocsEncoding, OmitNullAndEmpty) {
  const toon::value users = toon::array{
      toon::object{{"id", 1}, {"name", "Ann"}, {"nick", nullptr}, {"tags", toon::array{}}},
      toon::object{{"id", 2}, {"name", "Bob"}, {"nick", "bobby"}, {"tags", toon::array{"admin"}}}};

  EXPECT_EQ(toon::encode(users),
            "[2]:\n"
            "  - id: 1\n"
            "    name: Ann\n"
            "    nick: null\n"
            "    tags: []\n"
            "  - id: 2\n"
            "    name: Bob\n"
            "    nick: bobby\n"
            "    tags[1]: admin");

  toon::encode_options options;
  options.omit_null = true;
  options.omit_empty = true;
  EXPECT_EQ(toon::encode(users, options),
            "[2]:\n"
            "  - id: 1\n"
            "    name: Ann\n"
            "  - id: 2\n"
            "    name: Bob\n"
            "    nick: bobby\n"
            "    tags[1]: admin");
}
// doc:end

// doc:begin estimate_tokens
TEST(DocsEncoding, EstimateTokens) {
  const toon::value v = toon::object{{"id", 1}, {"name", "Ann"}};
  const std::string json = toon::to_json(v);  // {"id":1,"name":"Ann"}
  const std::string toon_text = toon::encode(v);  // id: 1\nname: Ann
  EXPECT_EQ(toon::estimate_tokens(json), 9u);
  EXPECT_EQ(toon::estimate_tokens(toon_text), 6u);
}
// doc:end

// doc:begin json_to_toon
#include <toon/json.hpp>

// JSON text in, TOON text out: the bytes of toon::encode(*toon::from_json(json), options).
toon::result<std::string> convert(std::string_view json) {
  return toon::json_to_toon(json, {.delimiter = toon::delimiter::tab});
}

// The same, handing the TOON text to a sink in pieces of about 1 MiB as it is written.
bool convert_to_file(std::string_view json, std::FILE* out) {
  auto written = toon::json_to_toon(json, {}, [out](std::string_view piece) {
    return std::fwrite(piece.data(), 1, piece.size(), out) == piece.size();
  });
  return written.has_value();
}
// doc:end

TEST(DocsEncoding, JsonToToon) {
  const std::string json = R"({"users":[{"id":1,"name":"Ann"},{"id":2,"name":"Bo"}]})";
  EXPECT_EQ(*convert(json), "users[2\t]{id\tname}:\n  1\tAnn\n  2\tBo");
  const toon::result<std::string> bad = convert("{\"a\": tru}");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().line, 1u);
  EXPECT_EQ(bad.error().column, 7u);
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  ASSERT_TRUE(convert_to_file(json, f));
  std::rewind(f);
  char buf[256] = {};
  const std::size_t n = std::fread(buf, 1, sizeof buf, f);
  std::fclose(f);
  EXPECT_EQ(std::string_view(buf, n), "users[2]{id,name}:\n  1,Ann\n  2,Bo");
}

}  // namespace
