// Every consumer of the one parser follows the same spec-4.4 rules: on every decode fixture of
// the three sets (the 564 of 4.4.0 included), in the fixture's own mode and in the other one,
// toon::decode (value builder), toon::decode<toon::value> (the typed decoder's events),
// toon::toon_to_json (the streaming JSON writer) and toon::decode_document (the arena document)
// all accept with the same value or all reject with the same error code and position.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

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

// Number-like unquoted tokens in every position the parser hands out as text (a field's value,
// an inline array's cell, a table cell, a list item): the streaming JSON writer copies the ones
// already in canonical form and formats the others, and must give the tree's JSON every time.
RC_GTEST_PROP(Consumers, JsonWriterAgreesOnNumberTokens, ()) {
  const auto digits = [](int max) {
    const int n = *rc::gen::inRange(0, max + 1);
    std::string s;
    for (int k = 0; k < n; ++k) s += *rc::gen::elementOf(std::string("0000123456789"));
    return s;
  };
  std::vector<std::string> tokens;
  for (int t = 0; t < 4; ++t) {
    std::string tok = *rc::gen::element(std::string(), std::string("-"));
    tok += digits(22);
    if (*rc::gen::arbitrary<bool>()) {
      tok += '.';
      tok += digits(20);
    }
    if (*rc::gen::inRange(0, 4) == 0) {
      tok += *rc::gen::element(std::string("e"), std::string("E"), std::string("e+"), std::string("e-"));
      tok += digits(3);
    }
    if (tok.empty() || tok == "-") tok += "1";
    tokens.push_back(tok);
  }
  const std::string doc = "a: " + tokens[0] + "\nb[2]: " + tokens[1] + "," + tokens[2] + "\nc[2]{x,y}:\n  " +
                          tokens[3] + "," + tokens[0] + "\n  \"q\"," + tokens[1] + "\nd[1]:\n  - " + tokens[2] + "\n";
  const toon::result<toon::value> tree = toon::decode(doc);
  RC_ASSERT(tree.has_value());
  for (int indent : {0, 2}) {
    const toon::result<std::string> json = toon::toon_to_json(doc, {}, {indent});
    RC_ASSERT(json.has_value());
    if (*json != toon::to_json(*tree, {indent}))
      RC_FAIL("differs\n--- toon\n" + doc + "\n--- streamed\n" + *json + "\n--- tree\n" + toon::to_json(*tree, {indent}));
  }
}

}  // namespace
