// Decoder unit tests: forms, numbers, strict-mode errors with their codes and positions.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "toon/decode.hpp"
#include "toon/document.hpp"
#include "toon/events.hpp"
#include "toon/json.hpp"

namespace {

using toon::array;
using toon::error_code;
using toon::object;
using toon::value;

value ok(std::string_view text, toon::decode_options o = {}) {
  auto r = toon::decode(text, o);
  EXPECT_TRUE(r.has_value()) << text << "\n-> " << (r ? "" : r.error().to_string());
  return r ? *r : value();
}

struct expected_error {
  error_code code;
  std::uint32_t line;
  std::uint32_t column;
};

void fails(std::string_view text, expected_error want, toon::decode_options o = {}) {
  auto r = toon::decode(text, o);
  ASSERT_FALSE(r.has_value()) << "decoded without error: " << text;
  EXPECT_EQ(r.error().code, want.code) << text << "\n-> " << r.error().to_string();
  EXPECT_EQ(r.error().line, want.line) << text << "\n-> " << r.error().to_string();
  EXPECT_EQ(r.error().column, want.column) << text << "\n-> " << r.error().to_string();
}

toon::decode_options lenient() {
  toon::decode_options o;
  o.strict = false;
  return o;
}

TEST(Decode, ObjectsAndPrimitives) {
  EXPECT_EQ(ok("id: 123\nname: Ada\nactive: true\nnote: null"),
            (value(object{{"id", 123}, {"name", "Ada"}, {"active", true}, {"note", nullptr}})));
  EXPECT_EQ(ok("user:\n  id: 1\n  tags: []\n  meta:"),
            (value(object{{"user", object{{"id", 1}, {"tags", array{}}, {"meta", object{}}}}})));
  EXPECT_EQ(ok(""), value(object{}));
  EXPECT_EQ(ok("# only a comment\n\n"), value(object{}));
  EXPECT_EQ(ok("hello"), value("hello"));
  EXPECT_EQ(ok("42"), value(42));
  EXPECT_EQ(ok("\"a:b\""), value("a:b"));
  EXPECT_EQ(ok("[]"), value(array{}));
}

TEST(Decode, QuotedKeysAndEscapes) {
  EXPECT_EQ(ok("\"my key\": \"x\\ty\\\"z\\u00e9\\\\\""), (value(object{{"my key", "x\ty\"z\xC3\xA9\\"}})));
  EXPECT_EQ(ok("\"a:b\"[2]: 1,2"), (value(object{{"a:b", array{1, 2}}})));
  EXPECT_EQ(ok("a: \"\""), (value(object{{"a", ""}})));
  EXPECT_EQ(ok("key: -x"), (value(object{{"key", "-x"}})));
}

TEST(Decode, Arrays) {
  EXPECT_EQ(ok("tags[3]: a,b,c"), (value(object{{"tags", array{"a", "b", "c"}}})));
  EXPECT_EQ(ok("t[3|]: a,b|c| d "), (value(object{{"t", array{"a,b", "c", "d"}}})));
  EXPECT_EQ(ok("t[2\t]: a b\tc"), (value(object{{"t", array{"a b", "c"}}})));
  EXPECT_EQ(ok("t[3]: ,\"\",x"), (value(object{{"t", array{"", "", "x"}}})));
  EXPECT_EQ(ok("pairs[2]:\n  - [2]: 1,2\n  - []"), (value(object{{"pairs", array{array{1, 2}, array{}}}})));
  EXPECT_EQ(ok("[2]: x,y"), value(array{"x", "y"}));
  EXPECT_EQ(ok("e[0]:"), (value(object{{"e", array{}}})));
  EXPECT_EQ(ok("items[3]:\n  - 1\n  - a: 1\n    b: 2\n  -"),
            (value(object{{"items", array{1, object{{"a", 1}, {"b", 2}}, object{}}}})));
}

TEST(Decode, TabularAndNestedGroups) {
  EXPECT_EQ(ok("users[2]{id,name}:\n  1,Ada\n  2,Bob"),
            (value(object{{"users", array{object{{"id", 1}, {"name", "Ada"}}, object{{"id", 2}, {"name", "Bob"}}}}})));
  EXPECT_EQ(ok("o[1]{id,customer{name,country},total}:\n  1,Ada,DK,99"),
            (value(object{{"o", array{object{{"id", 1},
                                             {"customer", object{{"name", "Ada"}, {"country", "DK"}}},
                                             {"total", 99}}}}})));
  // A colon before the delimiter ends the rows (§9.3).
  EXPECT_EQ(ok("a[1]{x}:\n  1\nb: 2"), (value(object{{"a", array{object{{"x", 1}}}}, {"b", 2}})));
}

TEST(Decode, KeyedTables) {
  EXPECT_EQ(ok("users[2:]{age,city}:\n  alice: 30,Berlin\n  bob: 25,Oslo"),
            (value(object{{"users", object{{"alice", object{{"age", 30}, {"city", "Berlin"}}},
                                           {"bob", object{{"age", 25}, {"city", "Oslo"}}}}}})));
  EXPECT_EQ(ok("[2:]{v}:\n  \"a b\": 1\n  c: 2"),
            (value(object{{"a b", object{{"v", 1}}}, {"c", object{{"v", 2}}}})));
}

TEST(Decode, KeyedTableEntryKeys) {
  // Entry keys: unquoted (spaces before the colon trimmed), quoted with a space, an escape, a
  // space before the colon, and a bracket; the same object through the tree, the document and
  // TOON -> JSON.
  const std::string_view text = "t[5:]{v}:\n  a : 1\n  \"b c\": 2\n  \"q\\\"x\": 3\n  \"s\" : 4\n  \"k[1]\": 5\nu: 6";
  const value want(object{{"t", object{{"a", object{{"v", 1}}},
                                       {"b c", object{{"v", 2}}},
                                       {"q\"x", object{{"v", 3}}},
                                       {"s", object{{"v", 4}}},
                                       {"k[1]", object{{"v", 5}}}}},
                          {"u", 6}});
  EXPECT_EQ(ok(text), want);
  auto doc = toon::decode_document(text);
  ASSERT_TRUE(doc.has_value()) << doc.error().to_string();
  EXPECT_EQ(doc->root().to_value(), want);
  auto json = toon::toon_to_json(text);
  ASSERT_TRUE(json.has_value()) << json.error().to_string();
  EXPECT_EQ(*json, R"({"t":{"a":{"v":1},"b c":{"v":2},"q\"x":{"v":3},"s":{"v":4},"k[1]":{"v":5}},"u":6})");
  // A key written quoted and unquoted is one key: strict mode rejects the second entry.
  fails("t[2:]{v}:\n  a: 1\n  \"a\": 2", {error_code::duplicate_key, 3, 3});
  fails("t[2:]{v}:\n  \"a\": 1\n  a : 2", {error_code::duplicate_key, 3, 3});
}

TEST(Decode, NestedObjectsOpenAndCloseByIndentation) {
  // `key:` objects whose first line opens them one level down and lines that close several at
  // once, into a list item's object and back to the root; the same through TOON -> JSON.
  const std::string_view text =
      "a:\n  b:\n    c: 1\n  d: 2\n  e:\n    f:\n      g: x\nh: 3\n"
      "l[1]:\n  - m:\n      n:\n        o: 4\n    p: 5\nq:\n  \"r s\":\n    t: 6\nz: 7";
  const value want(object{{"a", object{{"b", object{{"c", 1}}}, {"d", 2}, {"e", object{{"f", object{{"g", "x"}}}}}}},
                          {"h", 3},
                          {"l", array{object{{"m", object{{"n", object{{"o", 4}}}}}, {"p", 5}}}},
                          {"q", object{{"r s", object{{"t", 6}}}}},
                          {"z", 7}});
  EXPECT_EQ(ok(text), want);
  EXPECT_EQ(ok(text, lenient()), want);
  auto json = toon::toon_to_json(text);
  ASSERT_TRUE(json.has_value()) << json.error().to_string();
  EXPECT_EQ(*json, R"({"a":{"b":{"c":1},"d":2,"e":{"f":{"g":"x"}}},"h":3,"l":[{"m":{"n":{"o":4}},"p":5}],)"
                   R"("q":{"r s":{"t":6}},"z":7})");
  // An empty `key:` object closed by the next line, and the errors of a first line indented
  // two levels down (strict) and of a line deeper than its object's lines.
  EXPECT_EQ(ok("a:\n  b:\n  c: 1\nd:"), (value(object{{"a", object{{"b", object{}}, {"c", 1}}}, {"d", object{}}})));
  fails("a:\n  b:\n      c: 1", {error_code::unexpected_indentation, 3, 7});
  fails("a:\n  b:\n    c: 1\n      d: 2", {error_code::unexpected_indentation, 4, 7});
  // Non-strict mode reads a first line two levels down as the object's.
  EXPECT_EQ(ok("a:\n  b:\n      c: 1\n  d: 2", lenient()),
            (value(object{{"a", object{{"b", object{{"c", 1}}}, {"d", 2}}}})));
}

// Every kind of primitive where the value tree's builder places one: an object's field, an
// inline array's element, a list item, a table cell and the root; strings on both sides of
// the small-string buffer (15 bytes). Kinds are checked too: equality takes 1 == 1.0.
TEST(DecodeValueTree, EveryPrimitiveKindInEveryPlace) {
  const std::string_view text =
      "n: null\nb: false\ni: -7\nu: 18446744073709551615\nd: 1.5\n"
      "g: 123456789012345678901234567890\ns: \"\"\nl: a string past the small buffer\n"
      "inline[8]: null,true,-7,18446744073709551615,1.5,123456789012345678901234567890,x,a string past the small buffer\n"
      "list[3]:\n  - 2.25\n  - another string past the small buffer\n  - null\n"
      "rows[2]{a,b,c}:\n  1,null,a string past the small buffer\n  2.5,true,\"\"";
  const value big(toon::big_integer{"123456789012345678901234567890"});
  const std::string long1 = "a string past the small buffer";
  const value want(object{
      {"n", nullptr}, {"b", false}, {"i", -7}, {"u", UINT64_MAX}, {"d", 1.5}, {"g", big}, {"s", ""}, {"l", long1},
      {"inline", array{nullptr, true, -7, UINT64_MAX, 1.5, big, "x", long1}},
      {"list", array{2.25, "another string past the small buffer", nullptr}},
      {"rows", array{object{{"a", 1}, {"b", nullptr}, {"c", long1}}, object{{"a", 2.5}, {"b", true}, {"c", ""}}}}});
  for (const toon::decode_options& o : {toon::decode_options{}, lenient()}) {
    const value v = ok(text, o);
    EXPECT_EQ(v, want);
    const value::kind kinds[] = {value::kind::null,    value::kind::boolean,     value::kind::integer,
                                 value::kind::uinteger, value::kind::real,       value::kind::big_integer,
                                 value::kind::string,  value::kind::string};
    const char* keys[] = {"n", "b", "i", "u", "d", "g", "s", "l"};
    for (std::size_t k = 0; k < 8; ++k) {
      ASSERT_NE(v.find(keys[k]), nullptr) << keys[k];
      EXPECT_EQ(v.find(keys[k])->type(), kinds[k]) << keys[k];
      EXPECT_EQ(v["inline"][k].type(), kinds[k]) << k;
    }
    EXPECT_EQ(v["rows"][0]["a"].type(), value::kind::integer);
    EXPECT_EQ(v["rows"][1]["a"].type(), value::kind::real);
    EXPECT_EQ(v["list"][0].type(), value::kind::real);
  }
  EXPECT_EQ(ok("null").type(), value::kind::null);
  EXPECT_EQ(ok("true"), value(true));
  EXPECT_EQ(ok("-9223372036854775808"), value(INT64_MIN));
  EXPECT_EQ(ok("18446744073709551615").type(), value::kind::uinteger);
  EXPECT_EQ(ok("-0.5"), value(-0.5));
  EXPECT_EQ(ok("99999999999999999999"), value(toon::big_integer{"99999999999999999999"}));
  EXPECT_EQ(ok("\"a quoted root string past the buffer\""), value("a quoted root string past the buffer"));
}

// Non-strict mode: a repeated key's value replaces the earlier one in place, whatever the two
// kinds (a container by a primitive, a primitive by a container, a long string by a short one),
// and a repeated column's cell likewise (sanitizer builds check that nothing leaks).
TEST(DecodeValueTree, RepeatedKeysReplaceEveryKind) {
  const std::string long1 = "a string past the small buffer";
  EXPECT_EQ(ok("a[2]: 1,2\nb: 0\na: 5", lenient()), (value(object{{"a", 5}, {"b", 0}})));
  EXPECT_EQ(ok("a:\n  x: " + long1 + "\nb: 0\na: null", lenient()), (value(object{{"a", nullptr}, {"b", 0}})));
  EXPECT_EQ(ok("a: " + long1 + "\na: short", lenient()), (value(object{{"a", "short"}})));
  EXPECT_EQ(ok("a: short\na: " + long1, lenient()), (value(object{{"a", long1}})));
  EXPECT_EQ(ok("a: 99999999999999999999\na[1]: " + long1, lenient()), (value(object{{"a", array{long1}}})));
  EXPECT_EQ(ok("a: 1.5\na:\n  b: true", lenient()), (value(object{{"a", object{{"b", true}}}})));
  EXPECT_EQ(ok("a: " + long1 + "\na: 99999999999999999999", lenient()),
            (value(object{{"a", toon::big_integer{"99999999999999999999"}}})));
  EXPECT_EQ(ok("a: x\na: false\na: 3\na: 18446744073709551615\na: -2.5", lenient()), (value(object{{"a", -2.5}})));
  EXPECT_EQ(ok("r[2]{k,v,k}:\n  " + long1 + ",1,2\n  x,2," + long1, lenient()),
            (value(object{{"r", array{object{{"k", 2}, {"v", 1}}, object{{"k", long1}, {"v", 2}}}}})));
}

TEST(Decode, ListItemWithTabularFirstField) {
  EXPECT_EQ(ok("items[1]:\n  - users[2]{id}:\n      1\n      2\n    status: ok"),
            (value(object{{"items", array{object{{"users", array{object{{"id", 1}}, object{{"id", 2}}}},
                                                 {"status", "ok"}}}}})));
}

TEST(Decode, Numbers) {
  auto v = ok("a: 9223372036854775807\nb: -9223372036854775808\nc: 18446744073709551615\n"
              "d: 123456789012345678901234567890\ne: -0\nf: 1.5000\ng: 1e-7\nh: 05\ni: 1e400\nj: 9007199254740993");
  EXPECT_EQ(v["a"].type(), value::kind::integer);
  EXPECT_EQ(v["a"].as_int64(), INT64_MAX);
  EXPECT_EQ(v["b"].as_int64(), INT64_MIN);
  EXPECT_EQ(v["c"].type(), value::kind::uinteger);
  EXPECT_EQ(v["c"].as_uint64(), UINT64_MAX);
  ASSERT_EQ(v["d"].type(), value::kind::big_integer);
  EXPECT_EQ(v["d"].as_big_integer().digits, "123456789012345678901234567890");
  EXPECT_EQ(v["e"], value(0));
  EXPECT_EQ(v["f"], value(1.5));
  EXPECT_EQ(v["g"], value(1e-7));
  EXPECT_EQ(v["h"], value("05"));
  EXPECT_EQ(v["i"], value("1e400"));  // outside the double range: kept as text
  EXPECT_EQ(v["j"].as_int64(), 9007199254740993);  // exact beyond 2^53
}

// Integers of up to 18 digits take the decoder's one-pass fast path; 19 digits and more, signs,
// leading zeros and non-numbers around that boundary must classify exactly as before.
TEST(Decode, NumberTokensAroundTheIntegerFastPath) {
  auto v = ok("a: 999999999999999999\nb: -999999999999999999\nc: 1000000000000000000\n"
              "d: -1000000000000000000\ne: 9223372036854775808\nf: -9223372036854775809\ng: -\n"
              "h: -05\ni: 0\nj: -0.0\nk: 12a\nl: 7.\nm: 1E3\nn: 00");
  EXPECT_EQ(v["a"].as_int64(), 999999999999999999);
  EXPECT_EQ(v["b"].as_int64(), -999999999999999999);
  EXPECT_EQ(v["c"].as_int64(), 1000000000000000000);
  EXPECT_EQ(v["d"].as_int64(), -1000000000000000000);
  EXPECT_EQ(v["e"].type(), value::kind::uinteger);
  EXPECT_EQ(v["e"].as_uint64(), 9223372036854775808u);
  ASSERT_EQ(v["f"].type(), value::kind::big_integer);
  EXPECT_EQ(v["f"].as_big_integer().digits, "-9223372036854775809");
  EXPECT_EQ(v["g"], value("-"));
  EXPECT_EQ(v["h"], value("-05"));
  EXPECT_EQ(v["i"].type(), value::kind::integer);
  EXPECT_EQ(v["j"], value(0));
  EXPECT_EQ(v["k"], value("12a"));
  EXPECT_EQ(v["l"], value("7."));
  EXPECT_EQ(v["m"], value(1000.0));
  EXPECT_EQ(v["n"], value("00"));
}

// The parser emits values whose first byte starts no number, literal or quoted string, the
// three literals and unsigned integers of up to 18 digits without the generic classifier;
// tokens next to those shapes must still classify by the §4 grammar.
TEST(Decode, TokensAroundTheInlineClassification) {
  auto v = ok("a: nul\nb: nulls\nc: null\nd: True\ne: truex\nf: fals\ng: falsey\nh: false\ni: true\n"
              "j: n\nk: t\nl: f\nm: 0\nn: 7\no: 123456789012345678\np: 1234567890123456789\nq: 9x\n"
              "r: \xC3\xA1" "b\ns: .5\nt: +1\nu: 12345678901234567x");
  EXPECT_EQ(v["a"], value("nul"));
  EXPECT_EQ(v["b"], value("nulls"));
  EXPECT_EQ(v["c"], value(nullptr));
  EXPECT_EQ(v["d"], value("True"));
  EXPECT_EQ(v["e"], value("truex"));
  EXPECT_EQ(v["f"], value("fals"));
  EXPECT_EQ(v["g"], value("falsey"));
  EXPECT_EQ(v["h"], value(false));
  EXPECT_EQ(v["i"], value(true));
  EXPECT_EQ(v["j"], value("n"));
  EXPECT_EQ(v["k"], value("t"));
  EXPECT_EQ(v["l"], value("f"));
  EXPECT_EQ(v["m"].type(), value::kind::integer);
  EXPECT_EQ(v["m"].as_int64(), 0);
  EXPECT_EQ(v["n"].as_int64(), 7);
  EXPECT_EQ(v["o"].as_int64(), 123456789012345678);
  EXPECT_EQ(v["p"].as_int64(), 1234567890123456789);
  EXPECT_EQ(v["q"], value("9x"));
  EXPECT_EQ(v["r"], value("\xC3\xA1" "b"));
  EXPECT_EQ(v["s"], value(".5"));
  EXPECT_EQ(v["t"], value("+1"));
  EXPECT_EQ(v["u"], value("12345678901234567x"));
  // The same tokens as list items, table cells and inline values.
  EXPECT_EQ(ok("a[4]:\n  - null\n  - falsey\n  - 42\n  - x"), (value(object{{"a", array{nullptr, "falsey", 42, "x"}}})));
  EXPECT_EQ(ok("a[1]{x,y,z}:\n  true,nulls,18"), (value(object{{"a", array{object{{"x", true}, {"y", "nulls"}, {"z", 18}}}}})));
  EXPECT_EQ(ok("a[3]: false,7,q"), (value(object{{"a", array{false, 7, "q"}}})));
}

// Indentation is counted 16 bytes at a time: runs of spaces of 15, 16, 17 and 32 bytes, a
// line shorter than 16 bytes at the end of the input, and the errors of a wrong run.
TEST(DecodeWhitespace, DeepIndentation) {
  std::string text;
  value expected = value(object{{"k", "end"}});
  for (int depth = 17; depth-- > 0;) expected = value(object{{"n", expected}});
  for (int depth = 0; depth <= 17; ++depth) text += std::string(2 * static_cast<std::size_t>(depth), ' ') + (depth < 17 ? "n:\n" : "k: end");
  EXPECT_EQ(ok(text), expected);
  EXPECT_EQ(ok(text + "\n"), expected);
  EXPECT_EQ(ok(text + "   \r\n"), expected);
  // Depth 8 (16 spaces) after depth 7, then 17 spaces: not a multiple of the indent size.
  std::string odd;
  for (int depth = 0; depth <= 7; ++depth) odd += std::string(2 * static_cast<std::size_t>(depth), ' ') + "n:\n";
  fails(odd + std::string(16, ' ') + "k: 1\n" + std::string(17, ' ') + "j: 2", {error_code::invalid_indentation, 10, 1});
  fails(odd + std::string(18, ' ') + "k: 1", {error_code::unexpected_indentation, 9, 19});
  // Non-strict: a tab after spaces counts as one level.
  EXPECT_EQ(ok("a:\n  b:\n  \tc: 1", lenient()), (value(object{{"a", object{{"b", object{{"c", 1}}}}}})));
}

TEST(Decode, WideIntegersStayExactAndEqualTheDoubleTheyPrint) {
  // 2.222222222222e20 is written by encoders as these 21 digits. The decoder keeps the
  // digits exactly, and they compare equal to that double (found by fuzzing the round trip).
  auto v = ok("a: 222222222222200000000\nb: 29999999999999990");
  ASSERT_EQ(v["a"].type(), value::kind::big_integer);
  EXPECT_EQ(v["a"].as_big_integer().digits, "222222222222200000000");
  EXPECT_EQ(v["a"], value(2.222222222222e20));
  EXPECT_EQ(v["b"].as_int64(), 29999999999999990);
  EXPECT_EQ(v["b"], value(29999999999999991.5));  // that double is 29999999999999992
  EXPECT_NE(v["b"], value(29999999999999996.0));
}

TEST(Decode, CrLfAndBom) {
  EXPECT_EQ(ok("\xEF\xBB\xBF" "a: 1\r\nb:\r\n  c: 2\r\n"), (value(object{{"a", 1}, {"b", object{{"c", 2}}}})));
}

TEST(Decode, IndentSizeOption) {
  toon::decode_options o;
  o.indent_size = 4;
  EXPECT_EQ(ok("a:\n    b: 1", o), (value(object{{"a", object{{"b", 1}}}})));
  fails("a:\n  b: 1", {error_code::invalid_indentation, 2, 1}, o);
}

TEST(DecodeErrors, EachCodeWithPosition) {
  fails("a: \"x\\qy\"", {error_code::invalid_escape, 1, 6});
  fails("a: \"\\u12\"", {error_code::invalid_escape, 1, 5});
  fails("a: \"\\ud800\"", {error_code::invalid_escape, 1, 5});
  fails("a: 1\nb: \"open", {error_code::unterminated_string, 2, 4});
  fails("a: 1\nhello", {error_code::missing_colon, 2, 1});
  fails("x[03]: a", {error_code::invalid_header, 1, 3});
  fails("x[2] : a,b", {error_code::invalid_header, 1, 5});
  fails("x[2]{}:\n  1", {error_code::invalid_header, 1, 5});
  fails("x[2\t]{a,b}:\n  1\t2\n  3\t4", {error_code::delimiter_mismatch, 1, 8});
  fails("x[3]: a,b", {error_code::length_mismatch, 1, 3});  // at the N
  fails("a: 1\nx[2]:\n  - a", {error_code::length_mismatch, 2, 3});
  fails("x[2]{a,b}:\n  1,2\n  3", {error_code::width_mismatch, 3, 3});
  fails("a:\n   b: 1", {error_code::invalid_indentation, 2, 1});
  fails("a:\n\tb: 1", {error_code::invalid_indentation, 2, 1});
  fails("a:\n    b: 1", {error_code::unexpected_indentation, 2, 5});
  fails("a: 1\n  b: 2", {error_code::unexpected_indentation, 2, 3});
  fails("x[2]:\n  - a\n\n  - b", {error_code::blank_line_in_array, 3, 1});
  fails("[1]: a\nb: 2", {error_code::trailing_content, 2, 1});
  fails("x[1]:\n  - a\n  b", {error_code::unexpected_line, 3, 3});
  fails("a: 1\na: 2", {error_code::duplicate_key, 2, 1});
  fails("x[1]{a,a}:\n  1,2", {error_code::duplicate_key, 1, 1});
  // Quoted (unescaped) header keys must stay alive for the duplicate check (fuzzer find).
  fails("a:\n  \"x\"[1]: 1\n  \"y\"[1]: 2\n  \"x\"[1]: 3", {error_code::duplicate_key, 4, 3});
  fails("a: \"\xC3\x28\"", {error_code::invalid_utf8, 1, 5});
}

TEST(DecodeErrors, FieldNamesOfEveryHeaderChecked) {
  // The field names of a header the parser's memo repeats (the same text but for N) are
  // checked once; every other header's are checked on their own line.
  EXPECT_EQ(ok("l[2]:\n  - t[1]{x,y}:\n      1,2\n  - t[2]{x,y}:\n      3,4\n      5,6"),
            (value(object{{"l", array{object{{"t", array{object{{"x", 1}, {"y", 2}}}}},
                                      object{{"t", array{object{{"x", 3}, {"y", 4}}, object{{"x", 5}, {"y", 6}}}}}}}})));
  fails("a[1]{x,y}:\n  1,2\nb[1]{x,x}:\n  1,2", {error_code::duplicate_key, 3, 1});
  fails("l[3]:\n  - t[1]{x,y}:\n      1,2\n  - t[2]{x,y}:\n      1,2\n      3,4\n  - t[1]{y,y}:\n      5,6",
        {error_code::duplicate_key, 7, 5});
  fails("a[1]{x,y{p,q}}:\n  1,2,3\nb[1]{x,y{p,q}}:\n  1,2,3\nc[1]{x,y{p,p}}:\n  1,2,3", {error_code::duplicate_key, 5, 1});
}

TEST(DecodeErrors, Limits) {
  std::string deep;
  for (int i = 0; i < 300; ++i) deep += std::string(static_cast<std::size_t>(i) * 2, ' ') + "k:\n";
  auto r = toon::decode(deep);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, error_code::depth_limit);
  toon::decode_options o;
  o.max_depth = 400;
  EXPECT_TRUE(toon::decode(deep, o).has_value());
  o.max_input_size = 10;
  EXPECT_EQ(toon::decode(deep, o).error().code, error_code::size_limit);
}

TEST(DecodeErrors, FormattedWithCaret) {
  std::string text = "users[2]{id,name}:\n  1,Ada\n  2";
  auto r = toon::decode(text);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(toon::format_error(r.error(), text, "data.toon"),
            "data.toon:3:3: row has 1 value, the header declares 2 fields\n  2\n  ^");
}

TEST(DecodeErrors, FormattedLongLineIsWindowed) {
  std::string text = "a: \"" + std::string(300, 'x') + "\\q" + std::string(300, 'y') + "\"";
  auto r = toon::decode(text);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().column, 305u);
  std::string want = "1:305: invalid escape sequence\n..." + std::string(70, 'x') + "\\q" + std::string(68, 'y') +
                     "...\n" + std::string(73, ' ') + "^";
  EXPECT_EQ(toon::format_error(r.error(), text), want);
}

TEST(DecodeNonStrict, LenientForms) {
  auto o = lenient();
  EXPECT_EQ(ok("a: 1\na: 2", o), (value(object{{"a", 2}})));
  EXPECT_EQ(ok("x[1]:\n  - 1\n  - 2", o), (value(object{{"x", array{1, 2}}})));
  EXPECT_EQ(ok("a[99999999999999999999]: 1", o), (value(object{{"a", array{1}}})));
  EXPECT_EQ(ok("a: 1\n\t\nb: 2", o), (value(object{{"a", 1}, {"b", 2}})));  // tab-only line: blank
  EXPECT_EQ(ok("x[2]:\n  - a\n\n  - b", o), (value(object{{"x", array{"a", "b"}}})));
  EXPECT_EQ(ok("a:\n   b: 1", o), (value(object{{"a", object{{"b", 1}}}})));
  EXPECT_EQ(ok("a: \"\xC3\x28\"", o).find("a")->as_string(), "\xC3\x28");
}

// Spec 4.4 strips trailing spaces from every line before classifying it, so they never reach a
// root value or a list item (expected values: @toon-format/toon 4.4.0; found by the seeded
// differential run, scripts/differential-reference.sh).
TEST(DecodeWhitespace, TrailingSpacesAreNotContent) {
  for (bool strict : {true, false}) {
    toon::decode_options o;
    o.strict = strict;
    EXPECT_EQ(ok("x ", o), value("x"));
    EXPECT_EQ(ok("null ", o), value(nullptr));
    EXPECT_EQ(ok("\"x\" ", o), value("x"));
    EXPECT_EQ(ok("a[1]:\n  - 1 ", o), (value(object{{"a", array{1}}})));
    EXPECT_EQ(ok("a[1]:\n  - \"x\" ", o), (value(object{{"a", array{"x"}}})));
    EXPECT_EQ(ok("a: x  \r\nb: 2 ", o), (value(object{{"a", "x"}, {"b", 2}})));
  }
}

// Spec 4.4: structural errors throw in both modes; non-strict mode keeps only its listed
// recoveries (above). Malformed headers are no longer read as literal keys.
TEST(DecodeNonStrict, StructuralErrorsStillFail) {
  auto o = lenient();
  for (const char* text : {"foo[2]extra: a,b", "foo [2]: a,b", "key[]: 1,2", "foo[bar][1]: 2", "a[2|]{x,y}: 1|2",
                           "a[0]{b{c}d}:", "a[0]{b {c}}:", "b[1]{c}: x", "a[2:]{x}", "a:\n  [2]: 1,2",
                           "items[1]:\n  - [0]{x}:", "u[2:]{x}:\n  a: 1\n  boom", "[2]: 1,2\njunk: 3", "[]\njunk: 3",
                           "  hello", "  a: 1\n  b: 2", "t[1:]{x}:\n  k: "}) {
    auto r = toon::decode(text, o);
    EXPECT_FALSE(r.has_value()) << text;
  }
  EXPECT_FALSE(toon::decode("a: 1\n\t\nb: 2").has_value());  // strict: a tab-only line is not blank
}

TEST(DecodeThrowing, ThrowsToonError) {
  EXPECT_THROW((void)toon::decode_or_throw("a: \"x"), toon::toon_error);
  EXPECT_EQ(toon::decode_or_throw("a: 1"), (value(object{{"a", 1}})));
}

// A handler that records events, to pin the event sequence down.
class recorder final : public toon::event_handler {
 public:
  std::string log;
  bool start_object(std::size_t n, std::size_t) override { log += "{" + std::to_string(n) + " "; return true; }
  bool end_object() override { log += "} "; return true; }
  bool start_array(std::size_t n, std::size_t) override { log += "[" + std::to_string(n) + " "; return true; }
  bool end_array() override { log += "] "; return true; }
  bool key(std::string_view k, std::size_t) override { log += "k:" + std::string(k) + " "; return true; }
  bool null_value(std::size_t) override { log += "null "; return true; }
  bool bool_value(bool b, std::size_t) override { log += b ? "true " : "false "; return true; }
  bool int_value(std::int64_t i, std::size_t) override { log += "i" + std::to_string(i) + " "; return true; }
  bool uint_value(std::uint64_t u, std::size_t) override { log += "u" + std::to_string(u) + " "; return true; }
  bool double_value(double, std::size_t) override { log += "d "; return true; }
  bool big_integer_value(std::string_view d, std::size_t) override {
    log += 'b';  // (appended piecewise: GCC 12 -O3 warns -Wrestrict on "b" + std::string)
    log.append(d);
    log += ' ';
    return true;
  }
  bool string_value(std::string_view s, std::size_t offset) override {
    log += "s:" + std::string(s) + "@" + std::to_string(offset) + " ";
    if (s == "stop") return fail(error_code::type_mismatch, "stopped", offset);
    return true;
  }
};

TEST(DecodeEvents, SequenceAndOffsets) {
  recorder r;
  ASSERT_TRUE(toon::decode_events("a[2:]{x}:\n  p: hi\n  q: null", r));
  EXPECT_EQ(r.log, "{0 k:a {2 k:p {1 k:x s:hi@15 } k:q {1 k:x null } } } ");
}

TEST(DecodeEvents, RowObjectsAnnounceTheirFieldCounts) {
  // A row's object and each of its nested field groups announce their member counts; objects
  // on indented lines have no hint.
  recorder r;
  ASSERT_TRUE(toon::decode_events("t[1]{a,b{c,d{e},f},g}:\n  1,2,3,4,5\nu:\n  v: 6", r));
  EXPECT_EQ(r.log, "{0 k:t [1 {3 k:a i1 k:b {3 k:c i2 k:d {1 k:e i3 } k:f i4 } k:g i5 } ] k:u {0 k:v i6 } } ");
}

TEST(DecodeEvents, NestedObjectsThroughTheGenericParser) {
  // The parser with any handler (virtual calls): objects opened by `key:` lines and closed
  // several at once by a shallower line.
  recorder r;
  ASSERT_TRUE(toon::decode_events("a:\n  b:\n    c: 1\n  d:\n    e:\n      f: 2\ng: 3\nh:\n  \"i j\": 4", r));
  EXPECT_EQ(r.log, "{0 k:a {0 k:b {0 k:c i1 } k:d {0 k:e {0 k:f i2 } } } k:g i3 k:h {0 k:i j i4 } } ");
}

TEST(DecodeEvents, HandlerErrorCarriesPosition) {
  recorder r;
  auto res = toon::decode_events("a: 1\nb: stop", r);
  ASSERT_FALSE(res.has_value());
  EXPECT_EQ(res.error().code, error_code::type_mismatch);
  EXPECT_EQ(res.error().line, 2u);
  EXPECT_EQ(res.error().column, 4u);
}

}  // namespace
