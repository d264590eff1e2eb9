// Every consumer of the one parser follows the same spec-4.4 rules: on every decode fixture of
// the three sets (the 564 of 4.4.0 included), in the fixture's own mode and in the other one,
// toon::decode (value builder), toon::decode<toon::value> (the typed decoder's events),
// toon::toon_to_json (the streaming JSON writer) and toon::decode_document (the arena document)
// all accept with the same value or all reject with the same error code and position.
#include <gtest/gtest.h>

#include <string>

#include "fixtures.hpp"
#include "toon/toon.hpp"

namespace {

TEST(Consumers, AgreeOnEveryDecodeFixture) {
  int inputs = 0, rejected = 0;
  toon_fixtures::for_each_test("decode", [&](const std::filesystem::path& file, const toon::value& test) {
    const toon::value* input = test.find("input");
    if (!input || !input->is_string()) return;
    const std::string& text = input->as_string();
    toon::decode_options o = toon_fixtures::decode_options_of(test);
    if (o.indent_size < 1) return;
    for (int pass = 0; pass < 2; ++pass, o.strict = !o.strict) {
      const std::string where = file.string() + ": " + test["name"].as_string() + (o.strict ? " (strict)" : " (non-strict)");
      ++inputs;
      const toon::result<toon::value> tree = toon::decode(text, o);
      const toon::result<toon::value> typed = toon::decode<toon::value>(text, o);
      const toon::result<std::string> json = toon::toon_to_json(text, o);
      const toon::result<toon::document> doc = toon::decode_document(text, o);
      ASSERT_EQ(tree.has_value(), typed.has_value()) << where;
      ASSERT_EQ(tree.has_value(), json.has_value()) << where;
      ASSERT_EQ(tree.has_value(), doc.has_value()) << where;
      if (tree) {
        EXPECT_EQ(*typed, *tree) << where;
        EXPECT_EQ(*json, toon::to_json(*tree)) << where;
        EXPECT_TRUE(doc->root() == *tree) << where;
        EXPECT_EQ(doc->root().to_value(), *tree) << where;
        continue;
      }
      ++rejected;
      for (const toon::error* e : {&typed.error(), &json.error(), &doc.error()}) {
        EXPECT_EQ(e->code, tree.error().code) << where << ": " << e->to_string() << " vs " << tree.error().to_string();
        EXPECT_EQ(e->line, tree.error().line) << where;
        EXPECT_EQ(e->column, tree.error().column) << where;
      }
      // The document runs the value builder's parse on a copy of the text: the same message.
      EXPECT_EQ(doc.error().message, tree.error().message) << where;
    }
  });
  EXPECT_GT(inputs, 2000);  // 404 + 343 + 363 inputs, each in both modes
  EXPECT_GT(rejected, 300);
}

}  // namespace
