// Repair mode (toon/repair.hpp) beyond the corpus: paths of nested counts, inline arrays in
// list items, the indent-size hint and repair, inconsistent indentation, non-strict mode,
// typed leniency limits (ambiguous case, out of range, strings that hold no number), and the
// repair type itself. Expected texts are written from the input, not taken from the output.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "toon/repair.hpp"
#include "toon/toon.hpp"

namespace {

using toon::error_code;
using toon::repair_kind;

std::vector<std::string> texts(const std::vector<toon::repair>& repairs) {
  std::vector<std::string> out;
  for (const toon::repair& r : repairs) out.push_back(std::string(toon::to_string(r.kind)) + " " + r.to_string());
  return out;
}

TEST(Repair, NestedCountsNameTheirArrays) {
  const std::string doc =
      "orders[2]:\n"
      "  - id: 1\n"
      "    lines[3]{sku,qty}:\n"
      "      a,1\n"
      "      b,2\n"
      "  - id: 2\n"
      "    tags[2]: x\n";
  toon::result<toon::repaired<toon::value>> r = toon::decode_repaired(doc);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(texts(r->repairs), (std::vector<std::string>{
                                   "length 3:11: orders[0].lines: the header says 3, found 2 rows; read as [2]",
                                   "length 7:10: orders[1].tags: the header says 2, found 1 value; read as [1]",
                               }));
  EXPECT_EQ(r->value["orders"][0]["lines"].as_array().size(), 2u);
  EXPECT_EQ(r->value["orders"][1]["tags"].as_array().size(), 1u);

  // Strict mode stops at the first, with the same position, path and words.
  toon::result<toon::value> strict = toon::decode(doc);
  ASSERT_FALSE(strict);
  EXPECT_EQ(strict.error().code, error_code::length_mismatch);
  EXPECT_EQ(strict.error().to_string(), "3:11: orders[0].lines: the header says 3, found 2 rows");
}

TEST(Repair, RootArraysAndQuotedKeys) {
  toon::result<toon::repaired<toon::value>> r = toon::decode_repaired("[3]:\n  - \"a b\"[1]: x,y\n  - 2\n");
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(texts(r->repairs), (std::vector<std::string>{
                                   "length 2:11: [0][\"a b\"]: the header says 1, found 2 values; read as [2]",
                                   "length 1:2: the header says 3, found 2 list items; read as [2]",
                               }));
}

TEST(Repair, IndentSizeHintAndRepair) {
  const std::string doc = "a:\n   b: 1\n   c:\n      d: 2\n";
  toon::result<toon::value> strict = toon::decode(doc);
  ASSERT_FALSE(strict);
  EXPECT_EQ(strict.error().code, error_code::invalid_indentation);
  EXPECT_EQ(strict.error().message,
            "indentation is not a multiple of the indent size (the document looks indented by 3 spaces per level; "
            "indent_size is 2)");

  toon::result<toon::repaired<toon::value>> r = toon::decode_repaired(doc);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->value, toon::decode("a:\n  b: 1\n  c:\n    d: 2").value());
  EXPECT_EQ(texts(r->repairs),
            (std::vector<std::string>{"indent_size 2:1: indented by 3 spaces per level, indent_size is 2; read with 3"}));
}

TEST(Repair, InconsistentIndentationStaysAnError) {
  // Four spaces per level, then six: no size reads both.
  toon::result<toon::repaired<toon::value>> r = toon::decode_repaired("a:\n    b:\n      c: 1\n");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::invalid_indentation);
  EXPECT_EQ(r.error().line, 3u);
}

TEST(Repair, TabsAreReportedOnce) {
  toon::result<toon::repaired<toon::value>> r = toon::decode_repaired("a:\n\tb: 1\n\tc: 2\n");
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->value, toon::decode("a:\n  b: 1\n  c: 2").value());
  EXPECT_EQ(texts(r->repairs),
            (std::vector<std::string>{"tab_indentation 2:1: tab in indentation; read as one level per tab"}));
}

TEST(Repair, NonStrictModeRecoversSilentlyAsAlways) {
  toon::decode_options o;
  o.strict = false;
  toon::result<toon::repaired<toon::value>> r = toon::decode_repaired("a[3]: x\nb:\n\tc: 1\n", o);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_TRUE(r->repairs.empty());
  EXPECT_EQ(r->value["a"].as_array().size(), 1u);
}

TEST(Repair, OtherStrictChecksStay) {
  for (const char* doc : {"a: 1\na: 2\n", "t[1]{x,y}:\n  1,2,3\n", "a: \"open\n", "x\ny\n"}) {
    toon::result<toon::value> strict = toon::decode(doc);
    toon::result<toon::repaired<toon::value>> r = toon::decode_repaired(doc);
    ASSERT_FALSE(strict) << doc;
    ASSERT_FALSE(r) << doc;
    EXPECT_EQ(r.error().code, strict.error().code) << doc;
  }
}

enum class toggle { on, ON, off };
struct switchboard {
  toggle a = toggle::off;
  std::int8_t level = 0;
  int count = 0;
  double ratio = 0;
};

TEST(Repair, LeniencyLimits) {
  toon::decode_options o;
  o.all_defaulted = true;  // each document sets some fields
  o.leniency.enum_case = true;
  o.leniency.numbers_in_strings = true;

  // A name that matches two enumerators when case is ignored stays an error.
  toon::result<toon::repaired<switchboard>> ambiguous = toon::decode_repaired<switchboard>("a: On\n", o);
  ASSERT_FALSE(ambiguous);
  EXPECT_EQ(ambiguous.error().code, error_code::invalid_enum);
  toon::result<toon::repaired<switchboard>> unique = toon::decode_repaired<switchboard>("a: OFF\n", o);
  ASSERT_TRUE(unique) << unique.error().to_string();
  EXPECT_EQ(unique->value.a, toggle::off);

  // The number in the string must fit, and be an integer for an integer.
  toon::result<toon::repaired<switchboard>> big = toon::decode_repaired<switchboard>("level: \"300\"\n", o);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code, error_code::out_of_range);
  toon::result<toon::repaired<switchboard>> frac = toon::decode_repaired<switchboard>("count: \"4.5\"\n", o);
  ASSERT_FALSE(frac);
  EXPECT_EQ(frac.error().message, "expected integer, found 4.5");
  toon::result<toon::repaired<switchboard>> word = toon::decode_repaired<switchboard>("count: \"four\"\n", o);
  ASSERT_FALSE(word);
  EXPECT_EQ(word.error().message, "expected integer, found string");

  toon::result<toon::repaired<switchboard>> ok = toon::decode_repaired<switchboard>("ratio: \"-1.5e2\"\ncount: \"7\"\n", o);
  ASSERT_TRUE(ok) << ok.error().to_string();
  EXPECT_EQ(ok->value.ratio, -150.0);
  EXPECT_EQ(ok->value.count, 7);
  EXPECT_EQ(texts(ok->repairs), (std::vector<std::string>{
                                    "number_in_string 1:8: ratio: a number in a string, \"-1.5e2\"; read as the number -1.5e2",
                                    "number_in_string 2:8: count: a number in a string, \"7\"; read as the number 7",
                                }));

  // Without leniency, repair mode leaves typed values as strict mode does.
  toon::decode_options no_leniency;
  no_leniency.all_defaulted = true;
  toon::result<toon::repaired<switchboard>> plain = toon::decode_repaired<switchboard>("count: \"7\"\n", no_leniency);
  ASSERT_FALSE(plain);
  EXPECT_EQ(plain.error().code, error_code::type_mismatch);
}

TEST(Repair, TheRepairType) {
  toon::repair r;
  r.kind = repair_kind::blank_line;
  r.message = "m";
  EXPECT_EQ(r.to_string(), "m");
  r.path = "p";
  r.line = 2;
  r.column = 3;
  EXPECT_EQ(r.to_string(), "2:3: p: m");
  EXPECT_EQ(toon::to_string(repair_kind::length), "length");
  EXPECT_EQ(toon::to_string(repair_kind::indent_size), "indent_size");
  EXPECT_EQ(toon::to_string(repair_kind::tab_indentation), "tab_indentation");
  EXPECT_EQ(toon::to_string(repair_kind::blank_line), "blank_line");
  EXPECT_EQ(toon::to_string(repair_kind::enum_case), "enum_case");
  EXPECT_EQ(toon::to_string(repair_kind::number_in_string), "number_in_string");
}

}  // namespace

namespace {

// Issue 38: `tags[3]: a,b,c,` is three values and a trailing delimiter, not four values.
TEST(Repair, TrailingDelimiterIsNamedAndDropped) {
  toon::result<toon::repaired<toon::value>> r = toon::decode_repaired("tags[3]: a,b,c,\n");
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(toon::to_json(r->value), R"({"tags":["a","b","c"]})");
  // Column 15: the ',' after `c`.
  EXPECT_EQ(texts(r->repairs), (std::vector<std::string>{
                                   "trailing_delimiter 1:15: tags: a trailing ',' after the last of the 3 values; dropped"}));
  EXPECT_EQ(toon::to_string(repair_kind::trailing_delimiter), "trailing_delimiter");

  // Strict mode names it too.
  toon::result<toon::value> strict = toon::decode("tags[3]: a,b,c,\n");
  ASSERT_FALSE(strict);
  EXPECT_EQ(strict.error().code, error_code::length_mismatch);
  EXPECT_EQ(strict.error().to_string(),
            "1:15: tags: a trailing ',' after the last of the 3 values (the header says 3; remove the ',')");

  // Other delimiters, and inside a list item.
  toon::result<toon::repaired<toon::value>> pipe = toon::decode_repaired("rows[1]:\n  - t[2|]: x|y|\n");
  ASSERT_TRUE(pipe) << pipe.error().to_string();
  EXPECT_EQ(toon::to_json(pipe->value), R"({"rows":[{"t":["x","y"]}]})");
  ASSERT_EQ(pipe->repairs.size(), 1u);
  EXPECT_EQ(pipe->repairs[0].path, "rows[0].t");
  EXPECT_EQ(pipe->repairs[0].message, "a trailing '|' after the last of the 2 values; dropped");
}

TEST(Repair, EmptyLastValuesThatAreNotATrailingDelimiter) {
  // [4] with four values, the last empty: valid, read as it is, no repair.
  toon::result<toon::repaired<toon::value>> four = toon::decode_repaired("tags[4]: a,b,c,\n");
  ASSERT_TRUE(four) << four.error().to_string();
  EXPECT_EQ(toon::to_json(four->value), R"({"tags":["a","b","c",""]})");
  EXPECT_TRUE(four->repairs.empty());
  // Two values too many: a count repair, as before.
  toon::result<toon::repaired<toon::value>> two = toon::decode_repaired("tags[2]: a,b,c,\n");
  ASSERT_TRUE(two) << two.error().to_string();
  EXPECT_EQ(texts(two->repairs),
            (std::vector<std::string>{"length 1:6: tags: the header says 2, found 4 values; read as [4]"}));
  // Non-strict mode keeps spec 4.4's reading: four values.
  toon::decode_options lax;
  lax.strict = false;
  toon::result<toon::value> v = toon::decode("tags[3]: a,b,c,\n", lax);
  ASSERT_TRUE(v) << v.error().to_string();
  EXPECT_EQ(toon::to_json(*v), R"({"tags":["a","b","c",""]})");
}

}  // namespace
