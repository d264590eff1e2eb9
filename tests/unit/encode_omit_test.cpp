// Tests of encode_options::omit_null and omit_empty on toon::value, and of
// toon::estimate_tokens. The typed path: tests/typed/encode_omit_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "toon/decode.hpp"
#include "toon/encode.hpp"
#include "toon/json.hpp"
#include "toon/replacer.hpp"
#include "toon/tokens.hpp"
#include "toon/value.hpp"

namespace {

toon::encode_options omit(bool null, bool empty, toon::delimiter d = toon::delimiter::comma) {
  toon::encode_options o;
  o.delimiter = d;
  o.omit_null = null;
  o.omit_empty = empty;
  return o;
}

toon::value json(std::string_view text) {
  toon::result<toon::value> v = toon::from_json(text);
  EXPECT_TRUE(v.has_value()) << text;
  return v ? *v : toon::value();
}

// Encodes the JSON document `in` with `o`, checks the text, and that it decodes to the JSON
// document `back` (the input without the omitted members).
void expect_omitted(std::string_view in, const toon::encode_options& o, std::string_view text,
                    std::string_view back) {
  const toon::value v = json(in);
  const std::string out = toon::encode(v, o);
  EXPECT_EQ(out, text) << in;
  toon::result<toon::value> decoded = toon::decode(out);
  ASSERT_TRUE(decoded.has_value()) << decoded.error().to_string() << "\n" << out;
  EXPECT_EQ(*decoded, json(back)) << out;
  // encode_to appends.
  std::string appended = "x";
  toon::encode_to(appended, v, o);
  EXPECT_EQ(appended, "x" + out);
}

constexpr std::string_view record =
    R"({"id":1,"name":"Ann","nick":null,"tags":[],"meta":{},"contact":{"email":"a@x.io","phone":null}})";

TEST(EncodeOmit, OffByDefault) {
  const toon::encode_options o;
  EXPECT_FALSE(o.omit_null);
  EXPECT_FALSE(o.omit_empty);
  EXPECT_EQ(toon::encode(json(record)),
            "id: 1\nname: Ann\nnick: null\ntags: []\nmeta:\ncontact:\n  email: a@x.io\n  phone: null");
}

TEST(EncodeOmit, NullMembers) {
  expect_omitted(record, omit(true, false), "id: 1\nname: Ann\ntags: []\nmeta:\ncontact:\n  email: a@x.io",
                 R"({"id":1,"name":"Ann","tags":[],"meta":{},"contact":{"email":"a@x.io"}})");
}

TEST(EncodeOmit, EmptyMembers) {
  expect_omitted(record, omit(false, true), "id: 1\nname: Ann\nnick: null\ncontact:\n  email: a@x.io\n  phone: null",
                 R"({"id":1,"name":"Ann","nick":null,"contact":{"email":"a@x.io","phone":null}})");
  expect_omitted(record, omit(true, true), "id: 1\nname: Ann\ncontact:\n  email: a@x.io",
                 R"({"id":1,"name":"Ann","contact":{"email":"a@x.io"}})");
}

TEST(EncodeOmit, EmptinessAfterOmissionInside) {
  constexpr std::string_view in = R"({"a":{"b":null,"c":{"d":[]}},"e":1})";
  // omit_null alone: `a` keeps `c`; `c` keeps its empty array.
  expect_omitted(in, omit(true, false), "a:\n  c:\n    d: []\ne: 1", R"({"a":{"c":{"d":[]}},"e":1})");
  // omit_empty alone: `d` goes, then `c` is empty and goes; `a` keeps its null `b`.
  expect_omitted(in, omit(false, true), "a:\n  b: null\ne: 1", R"({"a":{"b":null},"e":1})");
  // Both: everything under `a` goes, then `a`.
  expect_omitted(in, omit(true, true), "e: 1", R"({"e":1})");
}

TEST(EncodeOmit, NonFiniteNumbersAreNull) {
  toon::object o{{"a", std::numeric_limits<double>::quiet_NaN()}, {"b", 1.5},
                 {"c", std::numeric_limits<double>::infinity()}};
  EXPECT_EQ(toon::encode(o), "a: null\nb: 1.5\nc: null");
  EXPECT_EQ(toon::encode(o, omit(true, false)), "b: 1.5");
}

TEST(EncodeOmit, ArrayElementsStay) {
  expect_omitted(R"({"a":[1,null,3],"b":[[],{},null],"c":[{}]})", omit(true, true),
                 "a[3]: 1,null,3\nb[3]:\n  - [0]:\n  -\n  - null\nc[1]:\n  -",
                 R"({"a":[1,null,3],"b":[[],{},null],"c":[{}]})");
  // ... but the members of objects in arrays are left out.
  expect_omitted(R"([{"x":null},{"x":[]}])", omit(true, true), "[2]:\n  -\n  -", R"([{},{}])");
}

TEST(EncodeOmit, TheRootStays) {
  EXPECT_EQ(toon::encode(toon::value(), omit(true, true)), "null");
  EXPECT_EQ(toon::encode(toon::array{}, omit(true, true)), "[]");
  EXPECT_EQ(toon::encode(toon::object{}, omit(true, true)), "");
  EXPECT_EQ(toon::encode(json(R"({"a":null})"), omit(true, false)), "");
}

TEST(EncodeOmit, TableRowsThatDifferBecomeAList) {
  constexpr std::string_view in = R"({"rows":[{"id":1,"score":0.5},{"id":2,"score":null}]})";
  EXPECT_EQ(toon::encode(json(in)), "rows[2]{id,score}:\n  1,0.5\n  2,null");
  expect_omitted(in, omit(true, false), "rows[2]:\n  - id: 1\n    score: 0.5\n  - id: 2",
                 R"({"rows":[{"id":1,"score":0.5},{"id":2}]})");
  // Rows that lose the same members stay a table.
  expect_omitted(R"({"rows":[{"id":1,"n":null,"t":[]},{"id":2,"n":null,"t":[]}]})", omit(true, true),
                 "rows[2]{id}:\n  1\n  2", R"({"rows":[{"id":1},{"id":2}]})");
  // A row that loses every member is an empty object: no table.
  expect_omitted(R"({"rows":[{"id":null},{"id":2}]})", omit(true, false), "rows[2]:\n  -\n  - id: 2",
                 R"({"rows":[{},{"id":2}]})");
  // Nested field groups: a group that loses a member in one row only.
  expect_omitted(R"([{"a":1,"g":{"x":1,"y":null}},{"a":2,"g":{"x":2,"y":3}}])", omit(true, false),
                 "[2]:\n  - a: 1\n    g:\n      x: 1\n  - a: 2\n    g:\n      x: 2\n      y: 3",
                 R"([{"a":1,"g":{"x":1}},{"a":2,"g":{"x":2,"y":3}}])");
}

TEST(EncodeOmit, ListItemsAndFirstFields) {
  // The first member left goes on the hyphen line.
  expect_omitted(R"({"items":[{"a":null,"b":1,"c":[]},{"a":2,"b":[1,2]}]})", omit(true, true),
                 "items[2]:\n  - b: 1\n  - a: 2\n    b[2]: 1,2", R"({"items":[{"b":1},{"a":2,"b":[1,2]}]})");
  // An empty array first member of a list item, left out.
  expect_omitted(R"([{"t":[],"u":{"v":null}},3])", omit(true, true), "[2]:\n  -\n  - 3", R"([{},3])");
}

TEST(EncodeOmit, KeyedTables) {
  constexpr std::string_view in = R"({"a":{"x":1,"y":2},"b":{"x":3,"y":null}})";
  EXPECT_EQ(toon::encode(json(in)), "[2:]{x,y}:\n  a: 1,2\n  b: 3,null");
  expect_omitted(in, omit(true, false), "a:\n  x: 1\n  y: 2\nb:\n  x: 3", R"({"a":{"x":1,"y":2},"b":{"x":3}})");
  expect_omitted(R"({"a":{"x":1,"y":null},"b":{"x":3,"y":null}})", omit(true, false), "[2:]{x}:\n  a: 1\n  b: 3",
                 R"({"a":{"x":1},"b":{"x":3}})");
}

TEST(EncodeOmit, Delimiters) {
  constexpr std::string_view in = R"({"rows":[{"id":1,"n":null,"s":"a,b"},{"id":2,"n":null,"s":"c|d"}]})";
  EXPECT_EQ(toon::encode(json(in), omit(true, false, toon::delimiter::pipe)),
            "rows[2|]{id|s}:\n  1|a,b\n  2|\"c|d\"");
  EXPECT_EQ(toon::encode(json(in), omit(true, false, toon::delimiter::tab)), "rows[2\t]{id\ts}:\n  1\ta,b\n  2\tc|d");
}

TEST(EncodeOmit, AfterTheReplacer) {
  toon::encode_options o = omit(true, true);
  o.replacer = [](std::string_view key, const toon::value& v, std::span<const toon::path_element>) {
    if (key == "drop") return toon::replacement::with(toon::value());  // null: then omitted
    if (key == "fill" && v.is_null()) return toon::replacement::with("n/a");  // kept
    if (key == "raw") return toon::replacement::raw("RAW");  // raw text is never null
    return toon::replacement::keep();
  };
  expect_omitted(R"({"drop":5,"fill":null,"raw":null,"keep":{"x":null}})", o, "fill: n/a\nraw: RAW",
                 R"({"fill":"n/a","raw":"RAW"})");
  // The replacer sees the members the omit options leave out.
  int calls = 0;
  o.replacer = [&](std::string_view, const toon::value&, std::span<const toon::path_element>) {
    ++calls;
    return toon::replacement::keep();
  };
  EXPECT_EQ(toon::encode(json(R"({"a":null,"b":[]})"), o), "");
  EXPECT_EQ(calls, 3);
}

TEST(EncodeOmit, UnchangedInputIsEncodedAsItIs) {
  constexpr std::string_view in = R"({"rows":[{"id":1,"s":"x"},{"id":2,"s":"y"}],"n":0,"t":[1]})";
  for (const auto& [null, empty] : {std::pair{true, false}, {false, true}, {true, true}})
    EXPECT_EQ(toon::encode(json(in), omit(null, empty)), toon::encode(json(in)));
}

// ---- estimate_tokens ----------------------------------------------------------------------------

TEST(EstimateTokens, Rules) {
  EXPECT_EQ(toon::estimate_tokens(""), 0u);
  EXPECT_EQ(toon::estimate_tokens("   \n\t "), 0u);  // whitespace is free
  EXPECT_EQ(toon::estimate_tokens("abc"), 1u);       // at most 3 units
  EXPECT_EQ(toon::estimate_tokens("abcdefg"), 2u);   // ceil(7 / 6)
  EXPECT_EQ(toon::estimate_tokens("1234567890"), 1u);  // digits
  EXPECT_EQ(toon::estimate_tokens("{}"), 1u);
  EXPECT_EQ(toon::estimate_tokens("{\"a\":"), 3u);  // `{` punctuation, `"a"` other, `:` punctuation
  EXPECT_EQ(toon::estimate_tokens("[[[[[["), 3u);   // punctuation: ceil(6 / 2)
  EXPECT_EQ(toon::estimate_tokens("\xE6\x9D\xB1\xE4\xBA\xAC"), 2u);  // CJK: one per character
  EXPECT_EQ(toon::estimate_tokens("Gr\xC3\xBC\xC3\x9F" "ekarte"), 4u);  // German: ceil(10 / 3)
  EXPECT_EQ(toon::estimate_tokens("\xF0\x9F\x98\x80"), 1u);  // one emoji: 2 UTF-16 units
}

TEST(EstimateTokens, PiecesGiveTheSameEstimate) {
  const std::string text =
      "users[2]{id,name}:\n  1,J\xC3\xBCrgen M\xC3\xBCller\n  2,\xE6\x9D\xB1\xE4\xBA\xAC \xF0\x9F\x98\x80 ok";
  const std::uint64_t whole = toon::estimate_tokens(text);
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    toon::token_estimator e;
    e.feed(std::string_view(text).substr(0, cut));
    e.feed(std::string_view(text).substr(cut));
    EXPECT_EQ(e.finish(), whole) << cut;
  }
}

}  // namespace
