// Differential tests of toon::json_to_toon (JSON text -> TOON text through the compact tape,
// src/encode/json_to_toon.cpp) against the value path it replaces,
// toon::encode(toon::from_json(text), options), which is byte-identical to the reference:
//   - generated documents (value_generators.hpp) written as JSON text with random spellings:
//     escapes (short, \u, surrogate pairs), number spellings, whitespace, a byte order mark,
//     repeated keys; for every delimiter, several indents and the omit options;
//   - mutated JSON texts (bytes inserted, deleted, replaced): both paths fail with the same
//     error (code, message, line, column), or both give the same TOON;
//   - every encode fixture of the official sets, compact and pretty, with its options;
//   - the benchmark datasets (benchmarks/datasets), every delimiter.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

#include "bench/value_data.hpp"
#include "fixtures.hpp"
#include "toon/toon.hpp"
#include "value_generators.hpp"

namespace {

const toon::delimiter delimiters[] = {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe};

// The value path: what json_to_toon must equal, byte for byte, error for error.
toon::result<std::string> through_value(std::string_view json, const toon::encode_options& o) {
  auto v = toon::from_json(json);
  if (!v) return v.error();
  return toon::encode(*v, o);
}

// Empty when both paths agree on `json` with `o`, else a description of the difference.
std::string compare(std::string_view json, const toon::encode_options& o) {
  const toon::result<std::string> expected = through_value(json, o);
  const toon::result<std::string> got = toon::json_to_toon(json, o);
  std::string where = "\n--- json\n" + std::string(json);
  if (expected.has_value() != got.has_value())
    return "one path fails: value path " + (expected ? std::string("ok") : expected.error().to_string()) +
           ", json_to_toon " + (got ? std::string("ok") : got.error().to_string()) + where;
  if (!expected) {
    const toon::error& a = expected.error();
    const toon::error& b = got.error();
    if (a.code != b.code || a.message != b.message || a.line != b.line || a.column != b.column)
      return "errors differ: " + a.to_string() + " vs " + b.to_string() + where;
    return {};
  }
  if (*expected != *got) return "outputs differ\n--- value path\n" + *expected + "\n--- json_to_toon\n" + *got + where;
  // The appending variant agrees and keeps what `out` held.
  std::string out = "prefix";
  if (!toon::json_to_toon_to(out, json, o) || out != "prefix" + *expected) return "json_to_toon_to differs" + where;
  // The sink variant's pieces, small or not, make the same text.
  for (std::size_t piece_size : {std::size_t(1), std::size_t(37), std::size_t(1) << 20}) {
    std::string joined;
    std::size_t calls = 0;
    auto r = toon::json_to_toon(json, o, [&](std::string_view piece) {
      if (piece.empty() || (piece.size() < piece_size && calls > 0 && joined.size() + piece.size() < expected->size()))
        joined += "<bad piece>";
      joined += piece;
      ++calls;
      return true;
    }, piece_size);
    if (!r || joined != *expected) return "sink variant differs (pieces of " + std::to_string(piece_size) + ")" + where;
  }
  return {};
}

// ---- JSON text with random spellings -------------------------------------------------------

std::string space() {
  static const std::vector<std::string> s = {"", "", "", " ", "\n  ", "\t", "\r\n", "  "};
  return *rc::gen::elementOf(s);
}

void put_hex4(std::string& out, std::uint32_t u) {
  char buf[8];
  std::snprintf(buf, sizeof buf, *rc::gen::arbitrary<bool>() ? "\\u%04x" : "\\u%04X", static_cast<unsigned>(u));
  out += buf;
}

// Decodes one UTF-8 sequence at s[i] (the generators make valid UTF-8); advances i.
std::uint32_t next_code_point(const std::string& s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  std::uint32_t cp = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
  i += static_cast<std::size_t>(n);
  return cp;
}

void put_string(std::string& out, const std::string& s) {
  out += '"';
  const bool escape_some = *rc::gen::arbitrary<bool>();
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t start = i;
    const std::uint32_t cp = next_code_point(s, i);
    const bool as_u = escape_some && toon_gen::pick<int>(0, 4) == 0;
    if (as_u || cp < 0x20) {
      if (!as_u && cp == '\n') out += "\\n";
      else if (!as_u && cp == '\t') out += "\\t";
      else if (cp >= 0x10000) {
        put_hex4(out, 0xD800 + ((cp - 0x10000) >> 10));
        put_hex4(out, 0xDC00 + ((cp - 0x10000) & 0x3FF));
      } else {
        put_hex4(out, cp);
      }
    } else if (cp == '"') {
      out += "\\\"";
    } else if (cp == '\\') {
      out += "\\\\";
    } else if (cp == '/' && escape_some) {
      out += "\\/";
    } else {
      out.append(s, start, i - start);
    }
  }
  out += '"';
}

void put_number(std::string& out, const toon::value& v) {
  std::string text = toon::to_json(v);
  if (v.type() == toon::value::kind::integer && text == "0" && toon_gen::pick<int>(0, 3) == 0) text = "-0";
  if (v.type() == toon::value::kind::real && text != "null") {
    switch (toon_gen::pick<int>(0, 5)) {
      case 0: text += "e0"; break;
      case 1: text += "E+00"; break;
      case 2:
        if (text.find_first_of(".eE") == std::string::npos) text += ".000";
        break;
      default: break;
    }
  }
  out += text;
}

void put_json(std::string& out, const toon::value& v) {
  if (v.is_array()) {
    out += '[';
    bool first = true;
    for (const toon::value& e : v.as_array()) {
      if (!first) out += ',';
      first = false;
      out += space();
      put_json(out, e);
      out += space();
    }
    out += ']';
  } else if (v.is_object()) {
    out += '{';
    bool first = true;
    for (const toon::member& m : v.as_object()) {
      if (!first) out += ',';
      first = false;
      out += space();
      put_string(out, m.key);
      out += space() + ':' + space();
      put_json(out, m.value);
      // Now and then a repeated key (last value wins at the first position).
      if (toon_gen::pick<int>(0, 40) == 0) {
        out += ',';
        put_string(out, m.key);
        out += ':';
        put_json(out, *toon_gen::primitive());
      }
    }
    out += space() + '}';
  } else if (v.is_string()) {
    put_string(out, v.as_string());
  } else if (v.is_number()) {
    put_number(out, v);
  } else {
    out += toon::to_json(v);
  }
}

toon::encode_options options_of(toon::delimiter d, int indent, bool omit_null = false, bool omit_empty = false) {
  toon::encode_options o;
  o.delimiter = d;
  o.indent_size = indent;
  o.omit_null = omit_null;
  o.omit_empty = omit_empty;
  return o;
}

RC_GTEST_PROP(JsonToToonProperty, SameAsTheValuePathForEveryDelimiterAndIndent, ()) {
  const toon::value v = *toon_gen::value();
  std::string json = *rc::gen::arbitrary<bool>() ? std::string() : space();
  if (toon_gen::pick<int>(0, 10) == 0) json = "\xEF\xBB\xBF" + json;
  put_json(json, v);
  json += space();
  for (toon::delimiter d : delimiters)
    for (int indent : {2, 1, 4, 0}) {
      const std::string diff = compare(json, options_of(d, indent));
      if (!diff.empty()) RC_FAIL(diff);
    }
  // The omit options go through the value path: still the same.
  const std::string diff = compare(json, options_of(toon::delimiter::comma, 2, true, true));
  if (!diff.empty()) RC_FAIL(diff);
}

RC_GTEST_PROP(JsonToToonProperty, CompactAndPrettyJsonOfGeneratedValues, ()) {
  const toon::value v = *toon_gen::document_with_array();
  for (int json_indent : {0, 2}) {
    const std::string json = toon::to_json(v, {json_indent});
    for (toon::delimiter d : delimiters) {
      const std::string diff = compare(json, options_of(d, 2));
      if (!diff.empty()) RC_FAIL(diff);
    }
  }
}

RC_GTEST_PROP(JsonToToonProperty, MutatedTextFailsOrSucceedsAsTheValuePath, ()) {
  const toon::value v = *toon_gen::value();
  std::string json;
  put_json(json, v);
  const int edits = toon_gen::pick<int>(1, 4);
  static const std::string bytes = "{}[],:\"\\ \n0123456789-+.eEtrufalsn\x01\x7f\xC3\xA9\xFF";
  for (int k = 0; k < edits && !json.empty(); ++k) {
    const auto at = toon_gen::pick<std::size_t>(0, json.size());
    const char c = bytes[toon_gen::pick<std::size_t>(0, bytes.size())];
    switch (toon_gen::pick<int>(0, 3)) {
      case 0: json.insert(json.begin() + static_cast<std::ptrdiff_t>(at), c); break;
      case 1: json.erase(at, 1); break;
      default: json[at] = c; break;
    }
  }
  const std::string diff = compare(json, options_of(toon::delimiter::comma, 2));
  if (!diff.empty()) RC_FAIL(diff);
}

// ---- fixed inputs ----------------------------------------------------------------------------

toon::delimiter delimiter_of(const toon::value& test) {
  if (const toon::value* o = test.find("options"))
    if (const toon::value* d = o->find("delimiter"); d && d->is_string()) {
      if (d->as_string() == "\t") return toon::delimiter::tab;
      if (d->as_string() == "|") return toon::delimiter::pipe;
    }
  return toon::delimiter::comma;
}

int indent_of(const toon::value& test) {
  if (const toon::value* o = test.find("options"))
    if (const toon::value* i = o->find("indentSize"); i && i->is_number()) return static_cast<int>(i->as_int64());
  return 2;
}

TEST(JsonToToon, EveryEncodeFixture) {
  std::size_t checked = 0;
  toon_fixtures::for_each_test("encode", [&](const std::filesystem::path& file, const toon::value& test) {
    const toon::value* input = test.find("input");
    ASSERT_NE(input, nullptr) << file;
    for (int json_indent : {0, 2}) {
      const std::string json = toon::to_json(*input, {json_indent});
      const std::string diff = compare(json, options_of(delimiter_of(test), indent_of(test)));
      EXPECT_EQ(diff, "") << file << ": " << test["name"].as_string();
      ++checked;
    }
  });
  EXPECT_GT(checked, 300u);
}

TEST(JsonToToon, BenchmarkDatasets) {
  for (const bench::value_dataset& ds : bench::value_datasets()) {
    const std::string pretty = toon::to_json(ds.value, {2});
    for (toon::delimiter d : delimiters) {
      EXPECT_EQ(compare(ds.json, options_of(d, 2)), "") << ds.name;
      EXPECT_EQ(compare(pretty, options_of(d, 2)), "") << ds.name;
    }
    // The default options give the dataset's TOON text.
    EXPECT_EQ(*toon::json_to_toon(ds.json), ds.toon) << ds.name;
  }
}

TEST(JsonToToon, ErrorsKeepTheirLineAndColumn) {
  const toon::result<std::string> r = toon::json_to_toon("{\n  \"a\": [1, 2,, 3]\n}");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::invalid_json);
  EXPECT_EQ(r.error().message, "unexpected ','");
  EXPECT_EQ(r.error().line, 2u);
  EXPECT_EQ(r.error().column, 14u);
  std::string out = "kept";
  EXPECT_FALSE(toon::json_to_toon_to(out, "[1,2").has_value());
  EXPECT_EQ(out, "kept");
}

TEST(JsonToToon, CasesTheTapeLeavesToTheValuePath) {
  // A repeated key (last value at the first position), root scalars, lone surrogates.
  EXPECT_EQ(*toon::json_to_toon(R"({"a":1,"b":2,"a":3})"), "a: 3\nb: 2");
  EXPECT_EQ(*toon::json_to_toon("42"), "42");
  EXPECT_EQ(*toon::json_to_toon(R"("x")"), "x");
  EXPECT_EQ(compare(R"(["\ud800"])", {}), "");
  EXPECT_EQ(compare(R"(["\udc00x"])", {}), "");
  EXPECT_EQ(compare(R"(["\ud800\u0041"])", {}), "");
  EXPECT_EQ(compare(R"([1e400])", {}), "");
  EXPECT_EQ(compare(R"([1e-400, -0, -0.0, 123456789012345678901234567890])", {}), "");
  EXPECT_EQ(compare(R"([0e99999999999999999999, 1e0000000000000000000001, 2E-0000000000000000000000000003])", {}), "");
  EXPECT_EQ(compare(R"([0e999999999999999999, 0.0000000000000000000000000000000000000000000001e40])", {}), "");
  EXPECT_EQ(*toon::json_to_toon(R"([-0, 18446744073709551615, -9223372036854775809, 1.50])"),
            "[4]: 0,18446744073709551615,-9223372036854775809,1.5");
}

// Decimals spelled in every way around the limits of the ones the tape writes as their own
// text (no exponent, no trailing zero, at most 15 digits, not below 1e-6): same output as
// parsing and formatting them.
RC_GTEST_PROP(JsonToToonProperty, DecimalSpellings, ()) {
  std::string json = "[";
  const int count = *rc::gen::inRange(1, 20);
  for (int k = 0; k < count; ++k) {
    if (k != 0) json += ',';
    if (*rc::gen::arbitrary<bool>()) json += '-';
    const int int_digits = *rc::gen::inRange(0, 18);
    if (int_digits == 0) json += '0';
    for (int i = 0; i < int_digits; ++i) json += static_cast<char>('0' + *rc::gen::inRange(i == 0 ? 1 : 0, 10));
    json += '.';
    const int zeros = *rc::gen::inRange(0, 9);
    json.append(static_cast<std::size_t>(zeros), '0');
    const int fraction_digits = *rc::gen::inRange(1, 18);
    for (int i = 0; i < fraction_digits; ++i) json += static_cast<char>('0' + *rc::gen::inRange(0, 10));
  }
  json += ']';
  RC_ASSERT(compare(json, {}) == "");
}

TEST(JsonToToon, DecimalsAtTheLimitsOfTheirOwnText) {
  for (const char* json :
       {"[0.000001, -0.000001, 0.0000001, 0.00000100, 0.0000015, 0.00000999999]",
        "[12345678901234.5, 123456789012345.5, 0.123456789012345, 0.1234567890123456]",
        "[1.10, -0.5, 100.25, 0.1, 5.0, -0.0, 0.00000, 4.35, 0.30000000000000004]",
        "[999999999999999.9, 99999999999999.99, 1.7976931348623157, 9007199254740993.5]"}) {
    EXPECT_EQ(compare(json, {}), "") << json;
  }
  EXPECT_EQ(*toon::json_to_toon("[0.000001, 0.0000001, 1.10, -0.5, 12345678901234.5]"),
            "[5]: 0.000001,1e-7,1.1,-0.5,12345678901234.5");
}

// Objects of the same size with different keys (the tape keeps their key lists in slots by
// size and first key), keys that need quotes, an escaped spelling of a bare key.
TEST(JsonToToon, KeyListsOfManyShapes) {
  std::string json = "[";
  for (int i = 0; i < 200; ++i) {
    if (i != 0) json += ',';
    const std::string n = std::to_string(i % 7);
    json += R"({"k)" + n + R"(":1,"x":[{"a b":1,"c":{"d":2}}],"\u0079)" + n + R"(":"v","-q":null})";
  }
  json += R"(,{"a":1,"a\u0020":2,"":3}])";
  EXPECT_EQ(compare(json, {}), "");
  EXPECT_EQ(*toon::json_to_toon(R"({"a":{"b":1,"c d":2},"e":{"b":1,"c d":2},"f":{"\u0062":1,"c d":2},"g":1})"),
            "a:\n  b: 1\n  \"c d\": 2\ne:\n  b: 1\n  \"c d\": 2\nf:\n  b: 1\n  \"c d\": 2\ng: 1");
}

// Sibling objects whose keys are taken as the expected ones (the key list of the previous
// object at the same depth, matched byte for byte without scanning) or not: keys of lengths
// around the 4-, 8- and 16-byte comparisons, a key that is a prefix or an extension of the
// expected one, an escaped spelling of it, fewer or more keys, another order, a repeated key
// after a matched prefix (value path), keys that need quotes, and a text cut inside an
// expected key (same error as the value path).
RC_GTEST_PROP(JsonToToonProperty, ExpectedKeyLists, ()) {
  static const std::vector<std::string> pool = {
      "",         "a",        "ab",        "abc",          "abcd",          "abcde",           "abcdefg",
      "abcdefgh", "abcdefghi", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "a b", "x\"y",
      "\xC3\xA9t\xC3\xA9", "1a",  "a.b",      "abcdefghijklmnopqrstuvwxyz012345"};
  std::vector<std::string> previous;
  std::string json = "[";
  const int objects = *rc::gen::inRange(1, 12);
  for (int o = 0; o < objects; ++o) {
    std::vector<std::string> keys;
    if (!previous.empty() && toon_gen::pick<int>(0, 3) != 0) {
      keys = previous;
      switch (toon_gen::pick<int>(0, 8)) {
        case 0: keys.pop_back(); break;
        case 1: keys.push_back(*rc::gen::elementOf(pool)); break;  // maybe a repeated key
        case 2: std::swap(keys.front(), keys.back()); break;
        case 3: keys[toon_gen::pick<std::size_t>(0, keys.size())] = *rc::gen::elementOf(pool); break;
        case 4: keys.back() += "z"; break;
        case 5:
          if (!keys.back().empty()) keys.back().pop_back();
          break;
        default: break;  // the same keys
      }
    } else {
      const int n = *rc::gen::inRange(0, 6);
      for (int k = 0; k < n; ++k) keys.push_back(*rc::gen::elementOf(pool));
    }
    if (o != 0) json += ',';
    json += space() + '{';
    for (std::size_t k = 0; k < keys.size(); ++k) {
      if (k != 0) json += ',';
      json += space();
      put_string(json, keys[k]);  // now and then with escapes
      json += space() + ':' + space();
      if (toon_gen::pick<int>(0, 4) == 0) json += R"({"abcd":1,"abcdefghi":[2]})";  // one depth down
      else json += std::to_string(k);
    }
    json += space() + '}';
    previous = keys;
  }
  json += ']';
  for (int indent : {2, 0}) {
    const std::string diff = compare(json, options_of(toon::delimiter::comma, indent));
    if (!diff.empty()) RC_FAIL(diff);
  }
  // Cut anywhere: both paths fail alike.
  const std::string cut = json.substr(0, toon_gen::pick<std::size_t>(1, json.size()));
  const std::string diff = compare(cut, options_of(toon::delimiter::comma, 2));
  if (!diff.empty()) RC_FAIL(diff);
}

TEST(JsonToToon, ExpectedKeysAtTheirBoundaries) {
  for (const char* json : {
           R"([{"abcdefgh":1,"b":2},{"abcdefgh":3,"b":4},{"abcdefg":5,"b":6},{"abcdefghi":7,"b":8}])",
           R"([{"ab":1,"cd":2},{"ab":3},{"ab":4,"cd":5,"ef":6},{"cd":7,"ab":8},{"ab":9,"cd":10}])",
           R"([{"a":1,"b":2},{"a":3,"b":4,"a":5}])",  // repeated after the expected list
           R"([{"a":1,"b":2,"c":3},{"a":4,"b":5,"a":6}])",  // repeated after a matched prefix
           R"([{"a":1,"b":2},{"\u0061":3,"b":4},{"a\"":5,"b":6},{"a":7,"b\\":8}])",
           R"([{"a b":1,"c":2},{"a b":3,"c":4},{"-":5,"c":6},{"-":7,"c":8}])",
           R"([ { "key" : 1 , "k2" : 2 } , { "key" : 3 , "k2" : 4 } ])",
           R"({"a":{"x":{"p":1,"q":2}},"b":{"x":{"p":3,"q":4}},"c":{"y":{"p":5,"q":6}}})",
           R"([{},{"a":1},{},{"a":2},{"a":3,"b":{}}])",
           R"([{"abcdefghijklmnop":1},{"abcdefghijklmnop":2},{"abcdefghijklmnopq":3},{"abcdefghijklmno":4}])",
           R"([{"a":0},{"ab:1,"x":2}])",  // the expected key's bytes, then no closing quote
           R"([{"a":0},{"a":1,"ab:1,"x":2}])",
           R"([{"ab":1},{"ab)",  // cut inside an expected key
           R"([{"ab":1},{"ab":)",
           R"([{"ab":1},{"ab" 2}])",
       }) {
    EXPECT_EQ(compare(json, {}), "") << json;
  }
  // Deeper than the 32 depths that keep an expected list: the same text as the value path.
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += R"({"k":[{"a":1,"b":2},{"a":3,"b":4},)";
  deep += "1";
  for (int i = 0; i < 40; ++i) deep += "]}";
  EXPECT_EQ(compare(deep, {}), "");
  // Repeated key lists in list items.
  EXPECT_EQ(*toon::json_to_toon(R"({"x":[{"a":1,"b":[1,"c d"]},{"a":2,"b":[2,"e"]}],"y":{"a":1,"b":2}})"),
            "x[2]:\n  - a: 1\n    b[2]: 1,c d\n  - a: 2\n    b[2]: 2,e\ny:\n  a: 1\n  b: 2");
}

// Tabular detection of an array that starts with an object runs over the elements and stops
// at the first row that fails it (a non-object element, a column of mixed kinds, nested
// groups that differ): the same forms as before, for the tape and for toon::value.
TEST(JsonToToon, TabularDetectionOverTheElements) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"x":[{"a":1},2]})", "x[2]:\n  - a: 1\n  - 2"},
      {R"({"x":[{"a":{"b":1}},{"a":{"b":2}}]})", "x[2]{a{b}}:\n  1\n  2"},
      {R"({"x":[{"a":{"b":1}},{"a":{"b":2}},3]})", "x[3]:\n  - a:\n      b: 1\n  - a:\n      b: 2\n  - 3"},
      {R"({"x":[{"a":{"b":1}},{"a":{"b":2}},[3]]})", "x[3]:\n  - a:\n      b: 1\n  - a:\n      b: 2\n  - [1]: 3"},
      {R"({"x":[{"a":1,"b":{"c":1}},{"b":{"c":2},"a":2}]})", "x[2]{a,b{c}}:\n  1,1\n  2,2"},
      {R"([{"a":{"b":{"c":1}}},{"a":{"b":{"c":2}}},{"a":{"b":{"d":3}}}])",
       "[3]:\n  - a:\n      b:\n        c: 1\n  - a:\n      b:\n        c: 2\n  - a:\n      b:\n        d: 3"},
      {R"({"x":[{"a":1},{"a":{}}]})", "x[2]:\n  - a: 1\n  - a:"},
  };
  for (const auto& [json, toon_text] : cases) {
    EXPECT_EQ(*toon::json_to_toon(json), toon_text) << json;
    EXPECT_EQ(toon::encode(*toon::from_json(json)), toon_text) << json;
  }
}

TEST(JsonToToon, SinkPiecesAndStop) {
  // Rows leave as they are written: a 1000-row table in pieces of about 100 bytes.
  std::string json = "[";
  for (int i = 0; i < 1000; ++i) {
    if (i != 0) json += ',';
    json += R"({"id":)";
    json += std::to_string(i);
    json += R"(,"ok":true})";
  }
  json += "]";
  std::size_t calls = 0, largest = 0;
  std::string joined;
  ASSERT_TRUE(toon::json_to_toon(json, {}, [&](std::string_view piece) {
    ++calls;
    largest = std::max(largest, piece.size());
    joined += piece;
    return true;
  }, 100).has_value());
  EXPECT_EQ(joined, *toon::json_to_toon(json));
  EXPECT_GT(calls, 50u);
  EXPECT_LT(largest, 200u);
  // A sink that refuses stops the conversion.
  calls = 0;
  auto stopped = toon::json_to_toon(json, {}, [&](std::string_view) { return ++calls < 3; }, 100);
  ASSERT_FALSE(stopped.has_value());
  EXPECT_EQ(stopped.error().code, toon::error_code::io_error);
  EXPECT_EQ(calls, 3u);
  // Invalid JSON: the sink is never called.
  calls = 0;
  EXPECT_FALSE(toon::json_to_toon("[1,]", {}, [&](std::string_view) { return ++calls, true; }).has_value());
  EXPECT_EQ(calls, 0u);
}

TEST(JsonToToon, InvalidDelimiterThrowsAsEncodeDoes) {
  toon::encode_options o;
  o.delimiter = static_cast<toon::delimiter>(';');
  EXPECT_THROW((void)toon::json_to_toon("[1]", o), std::invalid_argument);
}

}  // namespace
