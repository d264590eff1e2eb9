// Unit tests of the TOON encoder (toon::encode / toon::encode_to).
// Expected outputs come from the spec and from the reference implementation
// (@toon-format/toon 4.4.0); inputs are built as toon::value here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

#include "toon/detail/writer.hpp"
#include "toon/encode.hpp"
#include "toon/value.hpp"

namespace {

using toon::array;
using toon::delimiter;
using toon::object;
using toon::value;

std::string enc(const value& v, delimiter d = delimiter::comma, int indent = 2) {
  toon::encode_options options;
  options.delimiter = d;
  options.indent_size = indent;
  return toon::encode(v, options);
}

struct quoting_case {
  std::string_view input;
  std::string_view expected;
};

// ---- String quoting (§7.2) by context ---------------------------------------------------------

// `key: value` fields quote against the document delimiter (comma here).
constexpr quoting_case field_comma_cases[] = {
    {"hello", "hello"},
    {"Ada_99", "Ada_99"},
    {"hello world", "hello world"},
    {"", "\"\""},
    {" ", "\" \""},
    {" a", "\" a\""},
    {"a ", "\"a \""},
    {"\ta", "\"\\ta\""},
    {"a\t", "\"a\\t\""},
    {"true", "\"true\""},
    {"false", "\"false\""},
    {"null", "\"null\""},
    {"True", "True"},
    {"NULL", "NULL"},
    {"42", "\"42\""},
    {"-3.14", "\"-3.14\""},
    {"1e-6", "\"1e-6\""},
    {"1E+5", "\"1E+5\""},
    {"05", "\"05\""},
    {"+1", "\"+1\""},
    {"+", "+"},
    {"0x10", "0x10"},
    {".5", ".5"},
    {"1.", "1."},
    {"1e", "1e"},
    {"1.5.2", "1.5.2"},
    {"Infinity", "Infinity"},
    {"NaN", "NaN"},
    {"-", "\"-\""},
    {"-x", "\"-x\""},
    {"--", "\"--\""},
    {"a-b", "a-b"},
    {"#", "\"#\""},
    {"#x", "\"#x\""},
    {"a#", "a#"},
    {"a:b", "\"a:b\""},
    {":", "\":\""},
    {"a\"b", "\"a\\\"b\""},
    {"a\\b", "\"a\\\\b\""},
    {"[", "\"[\""},
    {"]", "\"]\""},
    {"a{b", "\"a{b\""},
    {"}", "\"}\""},
    {"(x)", "(x)"},
    {"a,b", "\"a,b\""},
    {"a|b", "a|b"},
    {"a\tb", "\"a\\tb\""},
    {"a\nb", "\"a\\nb\""},
    {"a\rb", "\"a\\rb\""},
    {"\001", "\"\\u0001\""},
    {"\037", "\"\\u001f\""},
    {"\177", "\177"},
    {"\xC2\xA0" "x", "\xC2\xA0" "x"},
    {"café", "café"},
    {"日本語", "日本語"},
    {"🚀 go", "🚀 go"},
    {"x\xEF\xBB\xBF" "", "x\xEF\xBB\xBF" ""},
    {"a b c", "a b c"},
    {"a;b", "a;b"},
    {"a=b", "a=b"},
    {"a/b", "a/b"},
    {"@x", "@x"},
    {"'q'", "'q'"},
};

// Field values under the pipe document delimiter: ',' is safe, '|' is not.
constexpr quoting_case field_pipe_cases[] = {
    {"hello", "hello"},
    {"Ada_99", "Ada_99"},
    {"hello world", "hello world"},
    {"", "\"\""},
    {" ", "\" \""},
    {" a", "\" a\""},
    {"a ", "\"a \""},
    {"\ta", "\"\\ta\""},
    {"a\t", "\"a\\t\""},
    {"true", "\"true\""},
    {"false", "\"false\""},
    {"null", "\"null\""},
    {"True", "True"},
    {"NULL", "NULL"},
    {"42", "\"42\""},
    {"-3.14", "\"-3.14\""},
    {"1e-6", "\"1e-6\""},
    {"1E+5", "\"1E+5\""},
    {"05", "\"05\""},
    {"+1", "\"+1\""},
    {"+", "+"},
    {"0x10", "0x10"},
    {".5", ".5"},
    {"1.", "1."},
    {"1e", "1e"},
    {"1.5.2", "1.5.2"},
    {"Infinity", "Infinity"},
    {"NaN", "NaN"},
    {"-", "\"-\""},
    {"-x", "\"-x\""},
    {"--", "\"--\""},
    {"a-b", "a-b"},
    {"#", "\"#\""},
    {"#x", "\"#x\""},
    {"a#", "a#"},
    {"a:b", "\"a:b\""},
    {":", "\":\""},
    {"a\"b", "\"a\\\"b\""},
    {"a\\b", "\"a\\\\b\""},
    {"[", "\"[\""},
    {"]", "\"]\""},
    {"a{b", "\"a{b\""},
    {"}", "\"}\""},
    {"(x)", "(x)"},
    {"a,b", "a,b"},
    {"a|b", "\"a|b\""},
    {"a\tb", "\"a\\tb\""},
    {"a\nb", "\"a\\nb\""},
    {"a\rb", "\"a\\rb\""},
    {"\001", "\"\\u0001\""},
    {"\037", "\"\\u001f\""},
    {"\177", "\177"},
    {"\xC2\xA0" "x", "\xC2\xA0" "x"},
    {"café", "café"},
    {"日本語", "日本語"},
    {"🚀 go", "🚀 go"},
    {"x\xEF\xBB\xBF" "", "x\xEF\xBB\xBF" ""},
    {"a b c", "a b c"},
    {"a;b", "a;b"},
    {"a=b", "a=b"},
    {"a/b", "a/b"},
    {"@x", "@x"},
    {"'q'", "'q'"},
};

// Inline array values quote against the active delimiter (pipe).
constexpr quoting_case cell_pipe_cases[] = {
    {"hello", "hello"},
    {"Ada_99", "Ada_99"},
    {"hello world", "hello world"},
    {"", "\"\""},
    {" ", "\" \""},
    {" a", "\" a\""},
    {"a ", "\"a \""},
    {"\ta", "\"\\ta\""},
    {"a\t", "\"a\\t\""},
    {"true", "\"true\""},
    {"false", "\"false\""},
    {"null", "\"null\""},
    {"True", "True"},
    {"NULL", "NULL"},
    {"42", "\"42\""},
    {"-3.14", "\"-3.14\""},
    {"1e-6", "\"1e-6\""},
    {"1E+5", "\"1E+5\""},
    {"05", "\"05\""},
    {"+1", "\"+1\""},
    {"+", "+"},
    {"0x10", "0x10"},
    {".5", ".5"},
    {"1.", "1."},
    {"1e", "1e"},
    {"1.5.2", "1.5.2"},
    {"Infinity", "Infinity"},
    {"NaN", "NaN"},
    {"-", "\"-\""},
    {"-x", "\"-x\""},
    {"--", "\"--\""},
    {"a-b", "a-b"},
    {"#", "\"#\""},
    {"#x", "\"#x\""},
    {"a#", "a#"},
    {"a:b", "\"a:b\""},
    {":", "\":\""},
    {"a\"b", "\"a\\\"b\""},
    {"a\\b", "\"a\\\\b\""},
    {"[", "\"[\""},
    {"]", "\"]\""},
    {"a{b", "\"a{b\""},
    {"}", "\"}\""},
    {"(x)", "(x)"},
    {"a,b", "a,b"},
    {"a|b", "\"a|b\""},
    {"a\tb", "\"a\\tb\""},
    {"a\nb", "\"a\\nb\""},
    {"a\rb", "\"a\\rb\""},
    {"\001", "\"\\u0001\""},
    {"\037", "\"\\u001f\""},
    {"\177", "\177"},
    {"\xC2\xA0" "x", "\xC2\xA0" "x"},
    {"café", "café"},
    {"日本語", "日本語"},
    {"🚀 go", "🚀 go"},
    {"x\xEF\xBB\xBF" "", "x\xEF\xBB\xBF" ""},
    {"a b c", "a b c"},
    {"a;b", "a;b"},
    {"a=b", "a=b"},
    {"a/b", "a/b"},
    {"@x", "@x"},
    {"'q'", "'q'"},
};

// Inline array values under the tab delimiter.
constexpr quoting_case cell_tab_cases[] = {
    {"hello", "hello"},
    {"Ada_99", "Ada_99"},
    {"hello world", "hello world"},
    {"", "\"\""},
    {" ", "\" \""},
    {" a", "\" a\""},
    {"a ", "\"a \""},
    {"\ta", "\"\\ta\""},
    {"a\t", "\"a\\t\""},
    {"true", "\"true\""},
    {"false", "\"false\""},
    {"null", "\"null\""},
    {"True", "True"},
    {"NULL", "NULL"},
    {"42", "\"42\""},
    {"-3.14", "\"-3.14\""},
    {"1e-6", "\"1e-6\""},
    {"1E+5", "\"1E+5\""},
    {"05", "\"05\""},
    {"+1", "\"+1\""},
    {"+", "+"},
    {"0x10", "0x10"},
    {".5", ".5"},
    {"1.", "1."},
    {"1e", "1e"},
    {"1.5.2", "1.5.2"},
    {"Infinity", "Infinity"},
    {"NaN", "NaN"},
    {"-", "\"-\""},
    {"-x", "\"-x\""},
    {"--", "\"--\""},
    {"a-b", "a-b"},
    {"#", "\"#\""},
    {"#x", "\"#x\""},
    {"a#", "a#"},
    {"a:b", "\"a:b\""},
    {":", "\":\""},
    {"a\"b", "\"a\\\"b\""},
    {"a\\b", "\"a\\\\b\""},
    {"[", "\"[\""},
    {"]", "\"]\""},
    {"a{b", "\"a{b\""},
    {"}", "\"}\""},
    {"(x)", "(x)"},
    {"a,b", "a,b"},
    {"a|b", "a|b"},
    {"a\tb", "\"a\\tb\""},
    {"a\nb", "\"a\\nb\""},
    {"a\rb", "\"a\\rb\""},
    {"\001", "\"\\u0001\""},
    {"\037", "\"\\u001f\""},
    {"\177", "\177"},
    {"\xC2\xA0" "x", "\xC2\xA0" "x"},
    {"café", "café"},
    {"日本語", "日本語"},
    {"🚀 go", "🚀 go"},
    {"x\xEF\xBB\xBF" "", "x\xEF\xBB\xBF" ""},
    {"a b c", "a b c"},
    {"a;b", "a;b"},
    {"a=b", "a=b"},
    {"a/b", "a/b"},
    {"@x", "@x"},
    {"'q'", "'q'"},
};

// ---- Key quoting (§7.3) -------------------------------------------------------------------------

constexpr quoting_case key_cases[] = {
    {"a", "a"},
    {"A_1", "A_1"},
    {"_", "_"},
    {"_x.y", "_x.y"},
    {"x.", "x."},
    {"a.b.c", "a.b.c"},
    {"", "\"\""},
    {" ", "\" \""},
    {"a b", "\"a b\""},
    {"a-b", "\"a-b\""},
    {"1a", "\"1a\""},
    {"9", "\"9\""},
    {".a", "\".a\""},
    {"a:b", "\"a:b\""},
    {"a,b", "\"a,b\""},
    {"a|b", "\"a|b\""},
    {"a[0]", "\"a[0]\""},
    {"{a}", "\"{a}\""},
    {"\"", "\"\\\"\""},
    {"a\\b", "\"a\\\\b\""},
    {"a\nb", "\"a\\nb\""},
    {"a\tb", "\"a\\tb\""},
    {"é", "\"é\""},
    {"#a", "\"#a\""},
    {"-a", "\"-a\""},
    {"__proto__", "__proto__"},
    {"null", "null"},
    {"true", "true"},
    {"$x", "\"$x\""},
    {"a@b", "\"a@b\""},
};

TEST(EncodeQuoting, FieldValuesCommaDocument) {
  for (const auto& c : field_comma_cases) {
    EXPECT_EQ(enc(object{{"v", std::string(c.input)}}), "v: " + std::string(c.expected))
        << "input: " << c.input;
  }
}

TEST(EncodeQuoting, FieldValuesPipeDocument) {
  for (const auto& c : field_pipe_cases) {
    EXPECT_EQ(enc(object{{"v", std::string(c.input)}}, delimiter::pipe),
              "v: " + std::string(c.expected))
        << "input: " << c.input;
  }
}

TEST(EncodeQuoting, InlineValuesPipe) {
  for (const auto& c : cell_pipe_cases) {
    EXPECT_EQ(enc(object{{"v", array{std::string(c.input)}}}, delimiter::pipe),
              "v[1|]: " + std::string(c.expected))
        << "input: " << c.input;
  }
}

TEST(EncodeQuoting, InlineValuesTab) {
  for (const auto& c : cell_tab_cases) {
    EXPECT_EQ(enc(object{{"v", array{std::string(c.input)}}}, delimiter::tab),
              "v[1\t]: " + std::string(c.expected))
        << "input: " << c.input;
  }
}

TEST(EncodeQuoting, Keys) {
  for (const auto& c : key_cases) {
    EXPECT_EQ(enc(object{{c.input, 1}}), std::string(c.expected) + ": 1") << "key: " << c.input;
  }
}

TEST(EncodeQuoting, KeysInHeadersAndFieldLists) {
  // §7.3: keys needing quotes are quoted in every context, including array headers.
  EXPECT_EQ(enc(object{{"my-key", array{1, 2, 3}}}), "\"my-key\"[3]: 1,2,3");
  EXPECT_EQ(enc(object{{"x-items", array{value(object{{"id", 1}, {"full name", "Ada"}}),
                                         value(object{{"id", 2}, {"full name", "Bob"}})}}}),
            "\"x-items\"[2]{id,\"full name\"}:\n"
            "  1,Ada\n"
            "  2,Bob");
  EXPECT_EQ(enc(object{{"a b", object{}}}), "\"a b\":");
  EXPECT_EQ(enc(object{{"a b", array{}}}), "\"a b\": []");
}

TEST(EncodeQuoting, ControlCharactersUseLowercaseUnicodeEscapes) {
  EXPECT_EQ(enc(std::string("\x00\x01\x1f\x0b\x0c\x08", 6)), "\"\\u0000\\u0001\\u001f\\u000b\\u000c\\u0008\"");
  EXPECT_EQ(enc(std::string("a\x1b[0m")), "\"a\\u001b[0m\"");
}

TEST(EncodeQuoting, NonAsciiIsLiteral) {
  EXPECT_EQ(enc(object{{"msg", "Hello 世界 👋"}, {"tags", array{"🎉", "🎊", "🎈"}}}),
            "msg: Hello 世界 👋\n"
            "tags[3]: 🎉,🎊,🎈");
}

TEST(EncodeQuoting, TabularCellsAndEntryCellsUseActiveDelimiter) {
  // Field values use the document delimiter; cells use the active delimiter, which the
  // encoder always sets to the document delimiter.
  const value rows = array{value(object{{"a", "x,y"}, {"b", "x|y"}}),
                           value(object{{"a", "x\ty"}, {"b", "x y"}})};
  EXPECT_EQ(enc(object{{"r", rows}}),
            "r[2]{a,b}:\n"
            "  \"x,y\",x|y\n"
            "  \"x\\ty\",x y");
  EXPECT_EQ(enc(object{{"r", rows}}, delimiter::pipe),
            "r[2|]{a|b}:\n"
            "  x,y|\"x|y\"\n"
            "  \"x\\ty\"|x y");
  EXPECT_EQ(enc(object{{"r", rows}}, delimiter::tab),
            "r[2\t]{a\tb}:\n"
            "  x,y\tx|y\n"
            "  \"x\\ty\"\tx y");
  const value keyed = object{{"p", object{{"a", "x,y"}}}, {"q", object{{"a", "x|y"}}}};
  EXPECT_EQ(enc(object{{"k", keyed}}), "k[2:]{a}:\n  p: \"x,y\"\n  q: x|y");
  EXPECT_EQ(enc(object{{"k", keyed}}, delimiter::pipe), "k[2:|]{a}:\n  p: x,y\n  q: \"x|y\"");
}

// ---- Forms (cases checked against the reference implementation) -----------------------------------

TEST(EncodeRoot, EmptyObjectIsEmptyDocument) {
  EXPECT_EQ(enc(object{}),
            "");
}

TEST(EncodeRoot, EmptyArray) {
  EXPECT_EQ(enc(array{}),
            "[]");
}

TEST(EncodeRoot, String) {
  EXPECT_EQ(enc("hello"),
            "hello");
}

TEST(EncodeRoot, EmptyString) {
  EXPECT_EQ(enc(""),
            "\"\"");
}

TEST(EncodeRoot, StringWithDocumentDelimiter) {
  EXPECT_EQ(enc("a,b"),
            "\"a,b\"");
}

TEST(EncodeRoot, StringWithOtherDelimiterUnderPipe) {
  EXPECT_EQ(enc("a,b", delimiter::pipe),
            "a,b");
}

TEST(EncodeRoot, StringWithPipeUnderPipe) {
  EXPECT_EQ(enc("a|b", delimiter::pipe),
            "\"a|b\"");
}

TEST(EncodeRoot, StringStartingWithBom) {
  EXPECT_EQ(enc("\xEF\xBB\xBF" "x"),
            "\"\xEF\xBB\xBF" "x\"");
}

TEST(EncodeRoot, Number) {
  EXPECT_EQ(enc(42),
            "42");
}

TEST(EncodeRoot, Null) {
  EXPECT_EQ(enc(nullptr),
            "null");
}

TEST(EncodeRoot, Bool) {
  EXPECT_EQ(enc(false),
            "false");
}

TEST(EncodeRoot, InlineArray) {
  EXPECT_EQ(enc(array{1, "a", true, nullptr}),
            "[4]: 1,a,true,null");
}

TEST(EncodeRoot, TabularArray) {
  EXPECT_EQ(enc(array{value(object{{"id", 1}, {"name", "Ada"}}), value(object{{"id", 2}, {"name", "Bob"}})}),
            "[2]{id,name}:\n"
            "  1,Ada\n"
            "  2,Bob");
}

TEST(EncodeRoot, ListArray) {
  EXPECT_EQ(enc(array{1, value(object{{"a", 1}}), value(array{2, 3})}),
            "[3]:\n"
            "  - 1\n"
            "  - a: 1\n"
            "  - [2]: 2,3");
}

TEST(EncodeRoot, ArrayOfArrays) {
  EXPECT_EQ(enc(array{value(array{1, 2}), value(array{})}),
            "[2]:\n"
            "  - [2]: 1,2\n"
            "  - [0]:");
}

TEST(EncodeRoot, KeyedObject) {
  EXPECT_EQ(enc(object{{"alice", object{{"age", 30}, {"city", "Berlin"}}}, {"bob", object{{"age", 25}, {"city", "Oslo"}}}}),
            "[2:]{age,city}:\n"
            "  alice: 30,Berlin\n"
            "  bob: 25,Oslo");
}

TEST(EncodeRoot, SingleEntryObjectIsNotKeyed) {
  EXPECT_EQ(enc(object{{"alice", object{{"age", 30}}}}),
            "alice:\n"
            "  age: 30");
}

TEST(EncodeObjects, PrimitiveFields) {
  EXPECT_EQ(enc(object{{"id", 123}, {"name", "Ada"}, {"active", true}, {"score", 1.5}, {"none", nullptr}}),
            "id: 123\n"
            "name: Ada\n"
            "active: true\n"
            "score: 1.5\n"
            "none: null");
}

TEST(EncodeObjects, NestedObjects) {
  EXPECT_EQ(enc(object{{"user", object{{"id", 1}, {"profile", object{{"city", "Oslo"}}}}}, {"after", 1}}),
            "user:\n"
            "  id: 1\n"
            "  profile:\n"
            "    city: Oslo\n"
            "after: 1");
}

TEST(EncodeObjects, EmptyNestedObject) {
  EXPECT_EQ(enc(object{{"a", object{}}, {"b", 1}}),
            "a:\n"
            "b: 1");
}

TEST(EncodeObjects, KeyOrderPreserved) {
  EXPECT_EQ(enc(object{{"z", 1}, {"a", 2}, {"m", 3}}),
            "z: 1\n"
            "a: 2\n"
            "m: 3");
}

TEST(EncodeInlineArrays, Basic) {
  EXPECT_EQ(enc(object{{"tags", array{"admin", "ops", "dev"}}}),
            "tags[3]: admin,ops,dev");
}

TEST(EncodeInlineArrays, Empty) {
  EXPECT_EQ(enc(object{{"tags", array{}}}),
            "tags: []");
}

TEST(EncodeInlineArrays, MixedPrimitives) {
  EXPECT_EQ(enc(object{{"v", array{1, "x", false, nullptr, 2.5}}}),
            "v[5]: 1,x,false,null,2.5");
}

TEST(EncodeInlineArrays, QuotedValues) {
  EXPECT_EQ(enc(object{{"v", array{"", " a", "a,b", "-", "true", "1", "a:b"}}}),
            "v[7]: \"\",\" a\",\"a,b\",\"-\",\"true\",\"1\",\"a:b\"");
}

TEST(EncodeInlineArrays, PipeDelimiter) {
  EXPECT_EQ(enc(object{{"tags", array{"a", "b,c", "d|e"}}}, delimiter::pipe),
            "tags[3|]: a|b,c|\"d|e\"");
}

TEST(EncodeInlineArrays, TabDelimiter) {
  EXPECT_EQ(enc(object{{"tags", array{"a", "b,c", "d e"}}}, delimiter::tab),
            "tags[3\t]: a\tb,c\td e");
}

TEST(EncodeArraysOfArrays, Basic) {
  EXPECT_EQ(enc(object{{"pairs", array{value(array{1, 2}), value(array{3, 4})}}}),
            "pairs[2]:\n"
            "  - [2]: 1,2\n"
            "  - [2]: 3,4");
}

TEST(EncodeArraysOfArrays, EmptyInner) {
  EXPECT_EQ(enc(object{{"pairs", array{value(array{}), value(array{1})}}}),
            "pairs[2]:\n"
            "  - [0]:\n"
            "  - [1]: 1");
}

TEST(EncodeArraysOfArrays, PipeDelimiter) {
  EXPECT_EQ(enc(object{{"pairs", array{value(array{"a|b", "c"}), value(array{})}}}, delimiter::pipe),
            "pairs[2|]:\n"
            "  - [2|]: \"a|b\"|c\n"
            "  - [0|]:");
}

TEST(EncodeArraysOfArrays, InnerArrayOfObjectsIsAList) {
  EXPECT_EQ(enc(object{{"x", array{value(array{value(object{{"a", 1}}), value(object{{"a", 2}})}), value(array{3})}}}),
            "x[2]:\n"
            "  - [2]:\n"
            "    - a: 1\n"
            "    - a: 2\n"
            "  - [1]: 3");
}

TEST(EncodeArraysOfArrays, Deep) {
  EXPECT_EQ(enc(object{{"x", array{value(array{value(array{1}), value(array{})})}}}),
            "x[1]:\n"
            "  - [2]:\n"
            "    - [1]: 1\n"
            "    - [0]:");
}

TEST(EncodeTabular, Basic) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"sku", "A1"}, {"qty", 2}, {"price", 9.99}}), value(object{{"sku", "B2"}, {"qty", 1}, {"price", 14.5}})}}}),
            "items[2]{sku,qty,price}:\n"
            "  A1,2,9.99\n"
            "  B2,1,14.5");
}

TEST(EncodeTabular, FieldOrderFromFirstRow) {
  EXPECT_EQ(enc(object{{"rows", array{value(object{{"a", 1}, {"b", 2}}), value(object{{"b", 3}, {"a", 4}})}}}),
            "rows[2]{a,b}:\n"
            "  1,2\n"
            "  4,3");
}

TEST(EncodeTabular, NestedFieldGroups) {
  EXPECT_EQ(enc(object{{"orders", array{value(object{{"id", 1}, {"customer", object{{"name", "Ada"}, {"country", "DK"}}}, {"total", 99}}), value(object{{"id", 2}, {"customer", object{{"country", "UK"}, {"name", "Bob"}}}, {"total", 149}})}}}),
            "orders[2]{id,customer{name,country},total}:\n"
            "  1,Ada,DK,99\n"
            "  2,Bob,UK,149");
}

TEST(EncodeTabular, DeepNestedGroups) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", object{{"b", object{{"c", 1}}}}}, {"d", 2}}), value(object{{"d", 3}, {"a", object{{"b", object{{"c", 4}}}}}})}}}),
            "r[2]{a{b{c}},d}:\n"
            "  1,2\n"
            "  4,3");
}

TEST(EncodeTabular, CellsQuoteAgainstActiveDelimiter) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", "x,y"}, {"b", "p|q"}}), value(object{{"a", ""}, {"b", "-1"}})}}}, delimiter::pipe),
            "r[2|]{a|b}:\n"
            "  x,y|\"p|q\"\n"
            "  \"\"|\"-1\"");
}

TEST(EncodeTabular, TabDelimiter) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", "x,y"}, {"b", "p q"}}), value(object{{"a", 1}, {"b", 2}})}}}, delimiter::tab),
            "r[2\t]{a\tb}:\n"
            "  x,y\tp q\n"
            "  1\t2");
}

TEST(EncodeTabular, QuotedFieldNames) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"my key", 1}, {"a-b", object{{"c:d", 2}}}}), value(object{{"my key", 3}, {"a-b", object{{"c:d", 4}}}})}}}),
            "r[2]{\"my key\",\"a-b\"{\"c:d\"}}:\n"
            "  1,2\n"
            "  3,4");
}

TEST(EncodeTabular, NullColumnIsPrimitive) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", nullptr}}), value(object{{"a", 1}})}}}),
            "r[2]{a}:\n"
            "  null\n"
            "  1");
}

TEST(EncodeTabular, ExtraKeyFallsBackToList) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", 1}}), value(object{{"a", 2}, {"b", 3}})}}}),
            "r[2]:\n"
            "  - a: 1\n"
            "  - a: 2\n"
            "    b: 3");
}

TEST(EncodeTabular, NullMixedWithObjectFallsBackToList) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", object{{"x", 1}}}}), value(object{{"a", nullptr}})}}}),
            "r[2]:\n"
            "  - a:\n"
            "      x: 1\n"
            "  - a: null");
}

TEST(EncodeTabular, ArrayCellFallsBackToList) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", array{1}}}), value(object{{"a", array{2}}})}}}),
            "r[2]:\n"
            "  - a[1]: 1\n"
            "  - a[1]: 2");
}

TEST(EncodeTabular, EmptyObjectCellFallsBackToList) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", object{}}}), value(object{{"a", object{}}})}}}),
            "r[2]:\n"
            "  - a:\n"
            "  - a:");
}

TEST(EncodeTabular, EmptyObjectElementFallsBackToList) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", 1}}), value(object{})}}}),
            "r[2]:\n"
            "  - a: 1\n"
            "  -");
}

TEST(EncodeTabular, NestedKeySetsDifferFallsBackToList) {
  EXPECT_EQ(enc(object{{"r", array{value(object{{"a", object{{"x", 1}}}}), value(object{{"a", object{{"y", 1}}}})}}}),
            "r[2]:\n"
            "  - a:\n"
            "      x: 1\n"
            "  - a:\n"
            "      y: 1");
}

TEST(EncodeKeyed, Basic) {
  EXPECT_EQ(enc(object{{"users", object{{"alice", object{{"age", 30}, {"city", "Berlin"}}}, {"bob", object{{"age", 25}, {"city", "Oslo"}}}}}}),
            "users[2:]{age,city}:\n"
            "  alice: 30,Berlin\n"
            "  bob: 25,Oslo");
}

TEST(EncodeKeyed, NestedGroupsAndQuotedEntryKeys) {
  EXPECT_EQ(enc(object{{"m", object{{"a b", object{{"pos", object{{"x", 1}, {"y", 2}}}, {"t", "u,v"}}}, {"-c", object{{"t", "w"}, {"pos", object{{"y", 3}, {"x", 4}}}}}}}}),
            "m[2:]{pos{x,y},t}:\n"
            "  \"a b\": 1,2,\"u,v\"\n"
            "  \"-c\": 4,3,w");
}

TEST(EncodeKeyed, PipeDelimiter) {
  EXPECT_EQ(enc(object{{"m", object{{"a", object{{"v", "x|y"}}}, {"b", object{{"v", "x,y"}}}}}}, delimiter::pipe),
            "m[2:|]{v}:\n"
            "  a: \"x|y\"\n"
            "  b: x,y");
}

TEST(EncodeKeyed, SingleEntryNests) {
  EXPECT_EQ(enc(object{{"m", object{{"a", object{{"v", 1}}}}}}),
            "m:\n"
            "  a:\n"
            "    v: 1");
}

TEST(EncodeKeyed, EmptyEntryNests) {
  EXPECT_EQ(enc(object{{"m", object{{"a", object{{"v", 1}}}, {"b", object{}}}}}),
            "m:\n"
            "  a:\n"
            "    v: 1\n"
            "  b:");
}

TEST(EncodeKeyed, NonUniformNests) {
  EXPECT_EQ(enc(object{{"m", object{{"a", object{{"v", 1}}}, {"b", object{{"w", 1}}}}}}),
            "m:\n"
            "  a:\n"
            "    v: 1\n"
            "  b:\n"
            "    w: 1");
}

TEST(EncodeKeyed, PrimitiveEntryNests) {
  EXPECT_EQ(enc(object{{"m", object{{"a", object{{"v", 1}}}, {"b", 2}}}}),
            "m:\n"
            "  a:\n"
            "    v: 1\n"
            "  b: 2");
}

TEST(EncodeLists, MixedItems) {
  EXPECT_EQ(enc(object{{"items", array{1, value(object{{"a", 1}}), "text", value(array{1, 2}), value(array{}), value(object{}), nullptr}}}),
            "items[7]:\n"
            "  - 1\n"
            "  - a: 1\n"
            "  - text\n"
            "  - [2]: 1,2\n"
            "  - [0]:\n"
            "  -\n"
            "  - null");
}

TEST(EncodeLists, ObjectItems) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"id", 1}, {"name", "First"}}), value(object{{"id", 2}, {"name", "Second"}, {"extra", true}})}}}),
            "items[2]:\n"
            "  - id: 1\n"
            "    name: First\n"
            "  - id: 2\n"
            "    name: Second\n"
            "    extra: true");
}

TEST(EncodeLists, TabularFirstField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"users", array{value(object{{"id", 1}, {"name", "Ada"}}), value(object{{"id", 2}, {"name", "Bob"}})}}, {"status", "active"}})}}}),
            "items[1]:\n"
            "  - users[2]{id,name}:\n"
            "      1,Ada\n"
            "      2,Bob\n"
            "    status: active");
}

TEST(EncodeLists, KeyedFirstField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"m", object{{"a", object{{"v", 1}}}, {"b", object{{"v", 2}}}}}, {"n", 1}})}}}),
            "items[1]{m{a{v},b{v}},n}:\n"
            "  1,2,1");
}

TEST(EncodeLists, KeyedLaterField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"n", 1}, {"m", object{{"a", object{{"v", 1}}}, {"b", object{{"v", 2}}}}}})}}}),
            "items[1]{n,m{a{v},b{v}}}:\n"
            "  1,1,2");
}

TEST(EncodeLists, TabularLaterField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"n", 1}, {"t", array{value(object{{"v", 1}}), value(object{{"v", 2}})}}})}}}),
            "items[1]:\n"
            "  - n: 1\n"
            "    t[2]{v}:\n"
            "      1\n"
            "      2");
}

TEST(EncodeLists, NestedObjectFirstField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"o", object{{"x", 1}, {"y", object{{"z", 2}}}}}, {"n", 1}})}}}),
            "items[1]{o{x,y{z}},n}:\n"
            "  1,2,1");
}

TEST(EncodeLists, EmptyObjectFirstField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"o", object{}}, {"n", 1}})}}}),
            "items[1]:\n"
            "  - o:\n"
            "    n: 1");
}

TEST(EncodeLists, EmptyArrayFirstField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"a", array{}}, {"n", 1}})}}}),
            "items[1]:\n"
            "  - a: []\n"
            "    n: 1");
}

TEST(EncodeLists, PrimitiveArrayFirstField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"a", array{1, 2}}, {"n", 1}})}}}),
            "items[1]:\n"
            "  - a[2]: 1,2\n"
            "    n: 1");
}

TEST(EncodeLists, ListArrayFirstField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"a", array{value(object{{"x", 1}}), 2}}, {"n", 1}})}}}),
            "items[1]:\n"
            "  - a[2]:\n"
            "      - x: 1\n"
            "      - 2\n"
            "    n: 1");
}

TEST(EncodeLists, ArrayOfArraysFirstField) {
  EXPECT_EQ(enc(object{{"items", array{value(object{{"a", array{value(array{1}), value(array{})}}, {"n", 1}})}}}),
            "items[1]:\n"
            "  - a[2]:\n"
            "      - [1]: 1\n"
            "      - [0]:\n"
            "    n: 1");
}

TEST(EncodeLists, NestedArrayOfObjectsIsNeverTabular) {
  EXPECT_EQ(enc(object{{"items", array{value(array{value(object{{"a", 1}}), value(object{{"a", 2}})})}}}),
            "items[1]:\n"
            "  - [2]:\n"
            "    - a: 1\n"
            "    - a: 2");
}

TEST(EncodeLists, EmptyObjectItems) {
  EXPECT_EQ(enc(object{{"items", array{value(object{}), value(object{})}}}),
            "items[2]:\n"
            "  -\n"
            "  -");
}

TEST(EncodeLists, ListItemStringsQuote) {
  EXPECT_EQ(enc(object{{"items", array{"-", "- x", "#", "a,b", value(object{{"k", "a,b"}})}}}),
            "items[5]:\n"
            "  - \"-\"\n"
            "  - \"- x\"\n"
            "  - \"#\"\n"
            "  - \"a,b\"\n"
            "  - k: \"a,b\"");
}

TEST(EncodeOptions, IndentFour) {
  EXPECT_EQ(enc(object{{"a", object{{"b", object{{"c", 1}}}}}, {"t", array{value(object{{"x", 1}}), value(object{{"x", 2}})}}, {"l", array{value(object{{"p", array{value(object{{"q", 1}}), value(object{{"q", 2}})}}, {"r", 2}})}}}, delimiter::comma, 4),
            "a:\n"
            "    b:\n"
            "        c: 1\n"
            "t[2]{x}:\n"
            "    1\n"
            "    2\n"
            "l[1]:\n"
            "    - p[2]{q}:\n"
            "            1\n"
            "            2\n"
            "        r: 2");
}

TEST(EncodeOptions, IndentOne) {
  EXPECT_EQ(enc(object{{"a", object{{"b", array{1, value(object{{"c", 1}})}}}}}, delimiter::comma, 1),
            "a:\n"
            " b[2]:\n"
            "  - 1\n"
            "  - c: 1");
}

TEST(EncodeOptions, TabDelimiterHeaders) {
  EXPECT_EQ(enc(object{{"a", array{1, 2}}, {"t", array{value(object{{"x", 1}, {"y", object{{"z", 2}}}}), value(object{{"x", 3}, {"y", object{{"z", 4}}}})}}, {"k", object{{"p", object{{"v", 1}}}, {"q", object{{"v", 2}}}}}, {"l", array{value(array{1, 2})}}}, delimiter::tab),
            "a[2\t]: 1\t2\n"
            "t[2\t]{x\ty{z}}:\n"
            "  1\t2\n"
            "  3\t4\n"
            "k[2:\t]{v}:\n"
            "  p: 1\n"
            "  q: 2\n"
            "l[1\t]:\n"
            "  - [2\t]: 1\t2");
}

TEST(EncodeOptions, DocumentDelimiterForFieldValues) {
  EXPECT_EQ(enc(object{{"a", "x,y"}, {"b", "x|y"}, {"c", "x\ty"}}, delimiter::pipe),
            "a: x,y\n"
            "b: \"x|y\"\n"
            "c: \"x\\ty\"");
}


// ---- Numbers inside documents -----------------------------------------------------------------

TEST(EncodeNumbers, AllKinds) {
  object o;
  o.emplace_back("i", value(std::int64_t{-42}));
  o.emplace_back("imin", value(std::numeric_limits<std::int64_t>::min()));
  o.emplace_back("u", value(std::numeric_limits<std::uint64_t>::max()));
  o.emplace_back("safe1", value(std::int64_t{9007199254740993}));  // 2^53 + 1, exact
  o.emplace_back("big", value(toon::big_integer{"123456789012345678901234567890"}));
  o.emplace_back("nbig", value(toon::big_integer{"-99999999999999999999"}));
  o.emplace_back("d", value(0.1 + 0.2));
  o.emplace_back("nz", value(-0.0));
  o.emplace_back("nan", value(std::nan("")));
  o.emplace_back("inf", value(-std::numeric_limits<double>::infinity()));
  EXPECT_EQ(enc(value(std::move(o))),
            "i: -42\n"
            "imin: -9223372036854775808\n"
            "u: 18446744073709551615\n"
            "safe1: 9007199254740993\n"
            "big: 123456789012345678901234567890\n"
            "nbig: -99999999999999999999\n"
            "d: 0.30000000000000004\n"
            "nz: 0\n"
            "nan: null\n"
            "inf: null");
}

TEST(EncodeNumbers, InArraysAndRows) {
  EXPECT_EQ(enc(array{1e21, 1e-7, -0.0, 1e-6, std::numeric_limits<double>::quiet_NaN()}),
            "[5]: 1e+21,1e-7,0,0.000001,null");
  EXPECT_EQ(enc(array{value(object{{"x", 1.5}, {"y", std::numeric_limits<std::uint64_t>::max()}}),
                      value(object{{"x", 5e-324}, {"y", toon::big_integer{"18446744073709551616"}}})}),
            "[2]{x,y}:\n"
            "  1.5,18446744073709551615\n"
            "  5e-324,18446744073709551616");
}

// ---- Whitespace invariants ----------------------------------------------------------------------

TEST(EncodeWhitespace, NoTrailingSpacesOrNewline) {
  const value v = object{
      {"a", object{}},
      {"b", array{}},
      {"c", array{value(object{}), value(array{}), value(object{{"d", object{}}})}},
      {"e", array{value(array{}), value(array{1})}},
      {"f", ""},
  };
  for (int indent : {1, 2, 4}) {
    for (delimiter d : {delimiter::comma, delimiter::tab, delimiter::pipe}) {
      const std::string out = enc(v, d, indent);
      ASSERT_FALSE(out.empty());
      EXPECT_NE(out.back(), '\n');
      std::size_t pos = 0;
      while ((pos = out.find('\n', pos)) != std::string::npos) {
        EXPECT_NE(out[pos - 1], ' ') << out;
        ++pos;
      }
      EXPECT_NE(out.back(), ' ');
      EXPECT_EQ(out.find('\r'), std::string::npos);
    }
  }
}

// ---- encode_to --------------------------------------------------------------------------------

TEST(EncodeTo, AppendsWithoutLeadingNewline) {
  std::string out = "prefix\n";
  toon::encode_to(out, object{{"a", 1}, {"b", object{{"c", 2}}}});
  EXPECT_EQ(out, "prefix\na: 1\nb:\n  c: 2");
  out += "\n---\n";
  toon::encode_to(out, array{1, 2});
  EXPECT_EQ(out, "prefix\na: 1\nb:\n  c: 2\n---\n[2]: 1,2");
}

TEST(EncodeTo, EmptyRootObjectAppendsNothing) {
  std::string out = "x";
  toon::encode_to(out, object{});
  EXPECT_EQ(out, "x");
}

TEST(EncodeTo, UsesOptions) {
  std::string out;
  toon::encode_options options;
  options.indent_size = 3;
  options.delimiter = delimiter::pipe;
  toon::encode_to(out, object{{"a", object{{"b", array{1, 2}}}}}, options);
  EXPECT_EQ(out, "a:\n   b[2|]: 1|2");
  EXPECT_EQ(out, toon::encode(object{{"a", object{{"b", array{1, 2}}}}}, options));
}

TEST(EncodeOptions, InvalidDelimiterThrows) {
  toon::encode_options options;
  options.delimiter = static_cast<delimiter>(';');
  EXPECT_THROW((void)toon::encode(object{{"a", 1}}, options), std::invalid_argument);
}

TEST(EncodeOptions, DefaultsAreTwoSpacesAndComma) {
  const value v = object{{"a", object{{"b", array{1, 2}}}}};
  EXPECT_EQ(toon::encode(v), "a:\n  b[2]: 1,2");
}

TEST(EncodeValues, DuplicateKeyBuiltByEmplaceIsEmittedAsIs) {
  // The encoder preserves members exactly; uniqueness is the builder's responsibility.
  object o;
  o.emplace_back("a", 1);
  o.emplace_back("b", 2);
  EXPECT_EQ(enc(value(std::move(o))), "a: 1\nb: 2");
}

// ---- The low-level writer (src/encode/toon_writer.cpp), driven without toon::value --------------------

namespace td = toon::detail;

// key_needs_quotes reads keys of 4 bytes or more by blocks (16 bytes, overlapping halves below
// 16): one byte outside [A-Za-z0-9_.] anywhere, at every length up to past two blocks, must be
// seen, and a key of allowed bytes only must not be quoted (§7.3).
TEST(Writer, KeyNeedsQuotesAtEveryPositionAndLength) {
  const std::string allowed = "abcxyzABCXYZ0189_.";
  const std::string outside = std::string("-: \"\\[]{},|#") + '\t' + '\n' + '\x7f' + "\xc3\xa9" + '\0' + '`' + '@' + '/';
  for (std::size_t n = 1; n <= 40; ++n) {
    std::string key;
    for (std::size_t i = 0; i < n; ++i) key += i == 0 ? 'k' : allowed[i % allowed.size()];
    EXPECT_FALSE(td::key_needs_quotes(key)) << key;
    for (std::size_t at = 0; at < n; ++at)
      for (const char bad : outside) {
        std::string k = key;
        k[at] = bad;
        EXPECT_TRUE(td::key_needs_quotes(k)) << "length " << n << ", byte " << static_cast<int>(bad) << " at " << at;
      }
  }
}

TEST(Writer, QuotingPredicates) {
  EXPECT_FALSE(td::key_needs_quotes("a"));
  EXPECT_FALSE(td::key_needs_quotes("_a.b9"));
  EXPECT_TRUE(td::key_needs_quotes(""));
  EXPECT_TRUE(td::key_needs_quotes("9a"));
  EXPECT_TRUE(td::key_needs_quotes(".a"));
  EXPECT_TRUE(td::key_needs_quotes("a-b"));
  EXPECT_TRUE(td::key_needs_quotes("é"));
  EXPECT_FALSE(td::string_needs_quotes("a|b", delimiter::comma));
  EXPECT_TRUE(td::string_needs_quotes("a|b", delimiter::pipe));
  EXPECT_TRUE(td::string_needs_quotes("a,b", delimiter::comma));
  EXPECT_FALSE(td::string_needs_quotes("a,b", delimiter::tab));
  EXPECT_TRUE(td::string_needs_quotes("a\tb", delimiter::comma));
  EXPECT_TRUE(td::string_needs_quotes("1.5e+3", delimiter::comma));
  EXPECT_FALSE(td::string_needs_quotes("1.5e+", delimiter::comma));
  EXPECT_TRUE(td::string_needs_quotes("-", delimiter::comma));
  EXPECT_FALSE(td::string_needs_quotes("x-", delimiter::comma));
}

TEST(Writer, TokensAppend) {
  std::string out = ">";
  td::append_key(out, "a b");
  out += '|';
  td::append_string(out, "x,y", delimiter::comma);
  out += '|';
  td::append_string(out, "x,y", delimiter::pipe);
  out += '|';
  td::append_quoted(out, "plain");
  out += '|';
  td::append_escaped(out, "q\"\\\n\r\t\x01");
  out += '|';
  td::append_bool(out, true);
  td::append_null(out);
  EXPECT_EQ(out, ">\"a b\"|\"x,y\"|x,y|\"plain\"|q\\\"\\\\\\n\\r\\t\\u0001|truenull");
}

TEST(Writer, BracketsAndFieldLists) {
  std::string out;
  td::append_bracket(out, 3, delimiter::comma);
  td::append_bracket(out, 0, delimiter::pipe);
  td::append_bracket(out, 12, delimiter::tab);
  td::append_bracket(out, 2, delimiter::comma, true);
  td::append_bracket(out, 2, delimiter::pipe, true);
  td::append_bracket(out, 2, delimiter::tab, true);
  EXPECT_EQ(out, "[3][0|][12\t][2:][2:|][2:\t]");

  // {id,customer{name,address{city,"zip code"}},total}
  const td::field_node fields[] = {{"id", 0},   {"customer", 2}, {"name", 0}, {"address", 2},
                                   {"city", 0}, {"zip code", 0}, {"total", 0}};
  EXPECT_EQ(td::leaf_count(fields), 5u);
  EXPECT_EQ(td::subtree_end(fields, 0), 1u);
  EXPECT_EQ(td::subtree_end(fields, 1), 6u);
  EXPECT_EQ(td::subtree_end(fields, 3), 6u);
  EXPECT_EQ(td::subtree_end(fields, 6), 7u);
  out.clear();
  td::append_fields(out, fields, delimiter::comma);
  EXPECT_EQ(out, "{id,customer{name,address{city,\"zip code\"}},total}");
  out.clear();
  td::append_fields(out, fields, delimiter::pipe);
  EXPECT_EQ(out, "{id|customer{name|address{city|\"zip code\"}}|total}");
}

TEST(Writer, DrivesADocumentWithPlainValues) {
  // What a typed encoder would do for:
  //   struct order { int id; std::string note; }; struct doc { std::string name; std::vector<order> orders; };
  std::string out;
  td::writer w(out, 2, delimiter::comma);
  EXPECT_FALSE(w.has_lines());
  w.begin_line(0);
  w.key("name");
  w.colon_space();
  w.string("Ada, Inc.");
  const td::field_node fields[] = {{"id", 0}, {"note", 0}};
  w.begin_line(0);
  w.header("orders", 2, delimiter::comma, fields);
  w.begin_line(1);
  w.number(std::int64_t{1});
  w.delimiter_char(delimiter::comma);
  w.string("a,b", delimiter::comma);
  w.begin_line(1);
  w.number(std::uint64_t{2});
  w.delimiter_char(delimiter::comma);
  w.string("");
  w.begin_line(0);
  w.header("by id", 2, delimiter::comma, fields, true);
  w.begin_line(1);
  w.key("first");
  w.colon_space();
  w.number(1.5);
  w.delimiter_char(delimiter::comma);
  w.null();
  w.begin_line(1);
  w.key("2nd");
  w.colon_space();
  w.big_integer("123456789012345678901");
  w.delimiter_char(delimiter::comma);
  w.boolean(false);
  w.empty_array_field(0, "tags");
  w.object_field(0, "meta");
  w.begin_line(0);
  w.header("list", 2, delimiter::comma);
  w.begin_list_item(1);
  w.keyless_header(2, delimiter::comma);
  w.space();
  w.number(1e21);
  w.delimiter_char(delimiter::comma);
  w.number(-0.0);
  w.empty_list_item(1);
  EXPECT_TRUE(w.has_lines());
  // The writer keeps room ahead of its cursor in `out`; buffer() trims it (as its destructor does).
  EXPECT_EQ(w.buffer(),
            "name: \"Ada, Inc.\"\n"
            "orders[2]{id,note}:\n"
            "  1,\"a,b\"\n"
            "  2,\"\"\n"
            "\"by id\"[2:]{id,note}:\n"
            "  first: 1.5,null\n"
            "  \"2nd\": 123456789012345678901,false\n"
            "tags: []\n"
            "meta:\n"
            "list[2]:\n"
            "  - [2]: 1e+21,0\n"
            "  -");
}

TEST(Writer, IndentSizeAndAppending) {
  std::string out = "keep";
  td::writer w(out, toon::encode_options{4, delimiter::pipe});
  EXPECT_EQ(w.indent_size(), 4u);
  EXPECT_EQ(w.document_delimiter(), delimiter::pipe);
  w.begin_line(0);
  w.key("a");
  w.colon();
  w.begin_line(1);
  w.key("b");
  w.colon_space();
  w.string("x|y");
  w.begin_line(2);
  w.raw("raw");
  w.raw('!');
  EXPECT_EQ(&w.buffer(), &out);
  EXPECT_EQ(out, "keepa:\n    b: \"x|y\"\n        raw!");
}

}  // namespace
