// JSON bridge: toon::from_json, toon::to_json, toon::toon_to_json and the streaming writer.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "../../src/json/json_writer.hpp"
#include "../same_error.hpp"
#include "toon/toon.hpp"

namespace {

toon::value parse(std::string_view json) {
  auto r = toon::from_json(json);
  EXPECT_TRUE(r.has_value()) << json << " -> " << (r ? "" : r.error().to_string());
  return r ? *r : toon::value();
}

toon::error parse_error(std::string_view json) {
  auto r = toon::from_json(json);
  EXPECT_FALSE(r.has_value()) << json << " parsed unexpectedly";
  return r ? toon::error{} : r.error();
}

// ---- from_json: structure ----------------------------------------------------------------

TEST(FromJson, KeepsObjectKeyOrder) {
  toon::value v = parse(R"({"zeta":1,"alpha":2,"mid":{"y":true,"x":false}})");
  ASSERT_TRUE(v.is_object());
  std::vector<std::string> keys;
  for (const auto& m : v.as_object()) keys.push_back(m.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"zeta", "alpha", "mid"}));
  std::vector<std::string> inner;
  for (const auto& m : v["mid"].as_object()) inner.push_back(m.key);
  EXPECT_EQ(inner, (std::vector<std::string>{"y", "x"}));
}

TEST(FromJson, DuplicateKeyKeepsFirstPositionAndLastValue) {
  toon::value v = parse(R"({"a":1,"b":2,"a":3})");
  ASSERT_EQ(v.size(), 2u);
  auto it = v.as_object().begin();
  EXPECT_EQ(it->key, "a");
  EXPECT_EQ(it->value.as_int64(), 3);
  ++it;
  EXPECT_EQ(it->key, "b");
  EXPECT_EQ(toon::to_json(v), R"({"a":3,"b":2})");
}

TEST(FromJson, DuplicateKeysInLargeObject) {
  // More members than the linear-scan limit, so the hash index is used.
  std::string json = "{";
  for (int i = 0; i < 100; ++i) json += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  json += R"("k5":"five","k99":[],"k0":null})";
  toon::value v = parse(json);
  ASSERT_EQ(v.size(), 100u);
  EXPECT_EQ(v["k5"].as_string(), "five");
  EXPECT_TRUE(v["k99"].is_array());
  EXPECT_TRUE(v["k0"].is_null());
  EXPECT_EQ(v.as_object().begin()->key, "k0");
  EXPECT_EQ((v.as_object().begin() + 5)->key, "k5");
}

TEST(FromJson, DuplicateKeyReplacesContainerValue) {
  toon::value v = parse(R"({"a":{"x":1},"a":[1,2]})");
  EXPECT_EQ(toon::to_json(v), R"({"a":[1,2]})");
}

TEST(FromJson, RootScalarsAndWhitespace) {
  EXPECT_EQ(parse("42").as_int64(), 42);
  EXPECT_EQ(parse("  \"s\"\n").as_string(), "s");
  EXPECT_TRUE(parse("true").as_bool());
  EXPECT_FALSE(parse(" false ").as_bool());
  EXPECT_TRUE(parse(" null \n").is_null());
  EXPECT_TRUE(parse("\r\n\t[ ]\n").is_array());
  EXPECT_TRUE(parse("{ }").is_object());
}

TEST(FromJson, IgnoresLeadingByteOrderMark) {
  EXPECT_EQ(toon::to_json(parse("\xEF\xBB\xBF{\"a\":[1]}")), R"({"a":[1]})");
  EXPECT_EQ(parse("\xEF\xBB\xBF 12345678901234567890123").as_big_integer().digits, "12345678901234567890123");
  // Positions still count the mark's three bytes.
  toon::error e = parse_error("\xEF\xBB\xBF[1,]");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 7u);
  // A mark anywhere else is an error.
  EXPECT_EQ(parse_error("[\xEF\xBB\xBF" "1]").code, toon::error_code::invalid_json);
}

// Small texts are parsed with a parser and buffer kept per thread: what an earlier, longer
// text left in them must not show through.
TEST(FromJson, AShortTextAfterALongerOneSeesOnlyItsOwnBytes) {
  EXPECT_EQ(toon::to_json(parse(R"({"tool": "read_file", "arguments": {"path": "a/b/c.txt", "n": [1, 2, 3]}})")),
            R"({"tool":"read_file","arguments":{"path":"a/b/c.txt","n":[1,2,3]}})");
  // A prefix of that text: cut inside the string, and just before the closing brace.
  toon::error cut = parse_error(R"({"tool": "read_f)");
  EXPECT_EQ(cut.code, toon::error_code::invalid_json);
  EXPECT_EQ(cut.line, 1u);
  EXPECT_EQ(cut.column, 10u);  // the string's opening quote
  EXPECT_EQ(parse_error(R"({"tool": "read_file")").code, toon::error_code::invalid_json);
  EXPECT_EQ(parse("7").as_int64(), 7);
  EXPECT_EQ(parse_error("").code, toon::error_code::invalid_json);
  EXPECT_EQ(toon::to_json(parse("[true]")), "[true]");
  // Longer than the kept buffer (16 KiB), then short again.
  std::string big = "[";
  for (int i = 0; i < 5000; ++i) big += "1234,";
  big += "0]";
  EXPECT_EQ(parse(big).as_array().size(), 5001u);
  EXPECT_EQ(toon::to_json(parse(R"({"a":1})")), R"({"a":1})");
  EXPECT_EQ(parse_error("[1,").code, toon::error_code::invalid_json);
}

TEST(FromJson, NestedContainers) {
  toon::value v = parse(R"([[], {}, [[1]], {"a": {"b": [null]}}])");
  EXPECT_EQ(toon::to_json(v), R"([[],{},[[1]],{"a":{"b":[null]}}])");
}

// ---- from_json: numbers ---------------------------------------------------------------------

TEST(FromJson, Int64Limits) {
  toon::value v = parse("[-9223372036854775808, 9223372036854775807, 0, -0, -1]");
  ASSERT_EQ(v.size(), 5u);
  EXPECT_EQ(v[0].type(), toon::value::kind::integer);
  EXPECT_EQ(v[0].as_int64(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(v[1].as_int64(), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(v[2].as_int64(), 0);
  EXPECT_EQ(v[3].type(), toon::value::kind::integer);  // "-0" is an integer token
  EXPECT_EQ(v[3].as_int64(), 0);
  EXPECT_EQ(v[4].as_int64(), -1);
}

TEST(FromJson, Uint64Range) {
  toon::value v = parse("[9223372036854775808, 18446744073709551615]");
  EXPECT_EQ(v[0].type(), toon::value::kind::uinteger);
  EXPECT_EQ(v[0].as_uint64(), 9223372036854775808ULL);
  EXPECT_EQ(v[1].type(), toon::value::kind::uinteger);
  EXPECT_EQ(v[1].as_uint64(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(toon::to_json(v), "[9223372036854775808,18446744073709551615]");
}

TEST(FromJson, BigIntegersKeepEveryDigit) {
  const std::string huge(400, '7');
  const std::string json =
      "[18446744073709551616, -9223372036854775809, 123456789012345678901234567890, -" + huge + ", " + huge + "]";
  toon::value v = parse(json);
  ASSERT_EQ(v.size(), 5u);
  for (const auto& e : v.as_array()) EXPECT_EQ(e.type(), toon::value::kind::big_integer);
  EXPECT_EQ(v[0].as_big_integer().digits, "18446744073709551616");
  EXPECT_EQ(v[1].as_big_integer().digits, "-9223372036854775809");
  EXPECT_EQ(v[2].as_big_integer().digits, "123456789012345678901234567890");
  EXPECT_EQ(v[3].as_big_integer().digits, "-" + huge);
  EXPECT_EQ(v[4].as_big_integer().digits, huge);
  EXPECT_EQ(toon::to_json(v), "[18446744073709551616,-9223372036854775809,123456789012345678901234567890,-" +
                                  huge + "," + huge + "]");
}

TEST(FromJson, RootNumbersOfEveryKind) {
  // Root numbers without trailing whitespace once lost digits in simdjson's root path.
  EXPECT_EQ(parse("100000000000000000000").as_big_integer().digits, "100000000000000000000");
  EXPECT_EQ(parse("-100000000000000000000").as_big_integer().digits, "-100000000000000000000");
  EXPECT_EQ(parse("18446744073709551615").as_uint64(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(parse("-9223372036854775808").as_int64(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(parse("7").as_int64(), 7);
  EXPECT_EQ(parse(" 2.5e-7\n").as_double(), 2.5e-7);
  EXPECT_EQ(parse("5e-324").as_double(), 5e-324);
  EXPECT_EQ(parse("1e-400").as_double(), 0.0);  // underflow reads as zero
  toon::error e = parse_error("  1e400");
  EXPECT_EQ(e.code, toon::error_code::invalid_json);
  EXPECT_EQ(e.column, 3u);
  EXPECT_EQ(parse_error("12x").column, 1u);
  EXPECT_EQ(parse_error("-").code, toon::error_code::invalid_json);
}

TEST(FromJson, BigIntegerAtRootAndInObject) {
  EXPECT_EQ(parse("99999999999999999999").as_big_integer().digits, "99999999999999999999");
  toon::value v = parse(R"({"n": -100000000000000000000, "after": 1})");
  EXPECT_EQ(v["n"].as_big_integer().digits, "-100000000000000000000");
  EXPECT_EQ(v["after"].as_int64(), 1);
}

TEST(FromJson, Doubles) {
  toon::value v = parse("[0.1, 1e21, 5e-324, -0.0, 1.5, 1E2, 2.5e-7, 1.7976931348623157e308]");
  for (const auto& e : v.as_array()) EXPECT_EQ(e.type(), toon::value::kind::real);
  EXPECT_EQ(v[0].as_double(), 0.1);
  EXPECT_EQ(v[1].as_double(), 1e21);
  EXPECT_EQ(v[2].as_double(), 5e-324);
  EXPECT_EQ(v[3].as_double(), 0.0);
  EXPECT_TRUE(std::signbit(v[3].as_double()));
  EXPECT_EQ(v[4].as_double(), 1.5);
  EXPECT_EQ(v[5].as_double(), 100.0);
  EXPECT_EQ(v[6].as_double(), 2.5e-7);
  EXPECT_EQ(v[7].as_double(), std::numeric_limits<double>::max());
}

// simdjson 3.0.1 misreads some doubles with more than 19 significant digits; the reader
// must still round every token correctly (found by the json_bridge fuzz target).
TEST(FromJson, DoublesWithManyDigitsRoundCorrectly) {
  toon::value v = parse("[0.3333333333333333, 0.30000000000000000001, 1.00000000000000000000001e2,"
                        " -2.718281828459045235360287, 123456789012345678901.5, 0.1000000000000000055511151231257827]");
  ASSERT_EQ(v.as_array().size(), 6u);
  for (const auto& e : v.as_array()) EXPECT_EQ(e.type(), toon::value::kind::real);
  EXPECT_EQ(v[0].as_double(), 0.3333333333333333);
  EXPECT_EQ(v[1].as_double(), 0.3);
  EXPECT_EQ(v[2].as_double(), 100.0);
  EXPECT_EQ(v[3].as_double(), -2.718281828459045);
  EXPECT_EQ(v[4].as_double(), 123456789012345678901.5);
  EXPECT_EQ(v[5].as_double(), 0.1);
  EXPECT_EQ(parse("0.30000000000000000001").as_double(), 0.3);
  EXPECT_EQ(parse("{\"x\": 0.30000000000000000001}")["x"].as_double(), 0.3);
  toon::error e = parse_error("[1.0000000000000000000000e400]");
  EXPECT_EQ(e.message, "number out of range");
}

// ---- from_json: strings -----------------------------------------------------------------------

TEST(FromJson, UnicodeEscapes) {
  toon::value v = parse(R"(["\u00e9", "\ud83d\ude00", "\u0000x", "\/\"\\\b\f\n\r\t", "\u20AC"])");
  EXPECT_EQ(v[0].as_string(), "\xC3\xA9");
  EXPECT_EQ(v[1].as_string(), "\xF0\x9F\x98\x80");  // surrogate pair -> one 4-byte scalar
  EXPECT_EQ(v[2].as_string(), std::string("\0x", 2));
  EXPECT_EQ(v[3].as_string(), "/\"\\\b\f\n\r\t");
  EXPECT_EQ(v[4].as_string(), "\xE2\x82\xAC");
}

TEST(FromJson, RawUtf8AndEscapedKeys) {
  toon::value v = parse("{\"caf\\u00e9\": \"na\xC3\xAFve \xF0\x9F\x98\x80\"}");
  ASSERT_NE(v.find("caf\xC3\xA9"), nullptr);
  EXPECT_EQ(v["caf\xC3\xA9"].as_string(), "na\xC3\xAFve \xF0\x9F\x98\x80");
}

// ---- from_json: errors ------------------------------------------------------------------------

TEST(FromJsonErrors, TrailingCommaInObject) {
  toon::error e = parse_error(R"({"a":1,})");
  EXPECT_EQ(e.code, toon::error_code::invalid_json);
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 8u);
  EXPECT_FALSE(e.message.empty());
}

TEST(FromJsonErrors, PositionOnLaterLine) {
  toon::error e = parse_error("{\n  \"a\": [1,\n        2,\n        @]\n}");
  EXPECT_EQ(e.code, toon::error_code::invalid_json);
  EXPECT_EQ(e.line, 4u);
  EXPECT_EQ(e.column, 9u);
}

TEST(FromJsonErrors, MissingCommaAndColon) {
  toon::error e = parse_error("[1 2]");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 4u);
  e = parse_error(R"({"a" 1})");
  EXPECT_EQ(e.column, 6u);
}

TEST(FromJsonErrors, BadLiteralsAndNumbers) {
  EXPECT_EQ(parse_error("[tru]").column, 2u);
  EXPECT_EQ(parse_error("[nul]").column, 2u);
  EXPECT_EQ(parse_error("[01]").column, 2u);
  EXPECT_EQ(parse_error("[1.5.3]").column, 2u);
  EXPECT_EQ(parse_error("[+1]").code, toon::error_code::invalid_json);
  EXPECT_EQ(parse_error("[.5]").code, toon::error_code::invalid_json);
  EXPECT_EQ(parse_error("[NaN]").code, toon::error_code::invalid_json);
  EXPECT_EQ(parse_error("[1e400]").code, toon::error_code::invalid_json);  // beyond double range
}

TEST(FromJsonErrors, EmptyAndTruncatedInput) {
  toon::error e = parse_error("");
  EXPECT_EQ(e.code, toon::error_code::invalid_json);
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 1u);
  EXPECT_EQ(parse_error("   \n ").code, toon::error_code::invalid_json);
  e = parse_error("{\"a\":1");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 7u);  // just after the last character
  e = parse_error("[1,\n2\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 2u);
  EXPECT_EQ(parse_error("[[[]]").code, toon::error_code::invalid_json);
}

TEST(FromJsonErrors, TrailingContent) {
  toon::error e = parse_error("[1] x");
  EXPECT_EQ(e.column, 5u);
  EXPECT_EQ(parse_error("{}}").column, 3u);
  EXPECT_EQ(parse_error("1 2").column, 3u);
  EXPECT_EQ(parse_error("\"a\" \"b\"").column, 5u);
}

TEST(FromJsonErrors, Strings) {
  toon::error e = parse_error("[\"abc");
  EXPECT_EQ(e.code, toon::error_code::invalid_json);
  EXPECT_EQ(e.column, 2u);  // the opening quote of the unterminated string
  e = parse_error("[\"a\x01\"]");
  EXPECT_EQ(e.column, 4u);  // the raw control character
  e = parse_error(R"(["\ud800"])");  // lone surrogate
  EXPECT_EQ(e.code, toon::error_code::invalid_json);
  EXPECT_EQ(e.column, 2u);
  e = parse_error(R"(["\q"])");
  EXPECT_EQ(e.code, toon::error_code::invalid_json);
}

TEST(FromJsonLoneSurrogates, ReplacedByU_FFFDWhenAsked) {
  const toon::json_read_options lenient{.replace_lone_surrogates = true};
  const std::string fffd = "\xEF\xBF\xBD";  // U+FFFD in UTF-8
  auto str = [&](std::string_view json) {
    toon::result<toon::value> v = toon::from_json(json, lenient);
    EXPECT_TRUE(v.has_value()) << json;
    return v && v->is_array() ? (*v)[0].as_string() : std::string("<failed>");
  };
  EXPECT_EQ(str(R"(["\ud800"])"), fffd);                      // lone high
  EXPECT_EQ(str(R"(["\uDC00x"])"), fffd + "x");                // lone low, uppercase hex
  EXPECT_EQ(str(R"(["a\ud800\u0041"])"), "a" + fffd + "A");    // high followed by a non-surrogate
  EXPECT_EQ(str(R"(["\ud800\ud800\udc00"])"), fffd + "\xF0\x90\x80\x80");  // lone high, then a pair
  EXPECT_EQ(str(R"(["\ud83d\ude00"])"), "\xF0\x9F\x98\x80");   // a pair stays exact
  EXPECT_EQ(str(R"(["\udc00\ud800"])"), fffd + fffd);          // a reversed pair is two lone ones
  EXPECT_EQ(str(R"(["\\ud800"])"), "\\ud800");                 // an escaped backslash, no escape
  // Keys too, and text outside strings is not touched.
  toon::result<toon::value> v = toon::from_json(R"({"k\udfff": "\ud800 high only", "n": 1})", lenient);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(toon::to_json(*v), "{\"k" + fffd + "\":\"" + fffd + " high only\",\"n\":1}");
  // Other errors keep their place; the default reader still rejects lone surrogates.
  toon::result<toon::value> bad = toon::from_json("[\"\\ud800\",\n \"\\q\"]", lenient);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().line, 2u);
  EXPECT_EQ(bad.error().column, 2u);
  EXPECT_FALSE(toon::from_json(R"(["\ud800"])").has_value());
  EXPECT_FALSE(toon::from_json(R"(["\ud800"])", toon::json_read_options{}).has_value());
}

TEST(FromJsonErrors, InvalidUtf8) {
  toon::error e = parse_error("[\"ok\", \"\xFF\"]");
  EXPECT_EQ(e.code, toon::error_code::invalid_json);
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 9u);
  EXPECT_EQ(parse_error("\"\xED\xA0\x80\"").column, 2u);  // encoded surrogate
}

TEST(FromJsonErrors, DeepNestingIsAnErrorNotACrash) {
  // The limit is 256 levels (toon/json.hpp; it was 1000 before issue 39).
  std::string ok = std::string(256, '[') + std::string(256, ']');
  EXPECT_TRUE(toon::from_json(ok).has_value());

  std::string deep = std::string(257, '[') + std::string(257, ']');
  toon::error e = parse_error(deep);
  EXPECT_EQ(e.code, toon::error_code::depth_limit);
  EXPECT_EQ(e.message, "nesting deeper than 256 levels");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 257u);

  std::string hostile(1'000'000, '[');
  EXPECT_EQ(parse_error(hostile).code, toon::error_code::depth_limit);
  std::string objects;
  for (int i = 0; i < 200'000; ++i) objects += "{\"a\":";
  EXPECT_EQ(parse_error(objects).code, toon::error_code::depth_limit);
}

// ---- to_json ----------------------------------------------------------------------------------

TEST(ToJson, CompactAndPretty) {
  toon::value v = parse(R"({"name":"Ada","tags":["x","y"],"empty":[],"obj":{},"nested":{"n":[1,{"k":null}]}})");
  EXPECT_EQ(toon::to_json(v), R"({"name":"Ada","tags":["x","y"],"empty":[],"obj":{},"nested":{"n":[1,{"k":null}]}})");
  EXPECT_EQ(toon::to_json(v, {2}),
            "{\n"
            "  \"name\": \"Ada\",\n"
            "  \"tags\": [\n"
            "    \"x\",\n"
            "    \"y\"\n"
            "  ],\n"
            "  \"empty\": [],\n"
            "  \"obj\": {},\n"
            "  \"nested\": {\n"
            "    \"n\": [\n"
            "      1,\n"
            "      {\n"
            "        \"k\": null\n"
            "      }\n"
            "    ]\n"
            "  }\n"
            "}");
  EXPECT_EQ(toon::to_json(toon::value(toon::array{}), {4}), "[]");
  EXPECT_EQ(toon::to_json(toon::value(toon::object{}), {4}), "{}");
  EXPECT_EQ(toon::to_json(toon::value(toon::array{1, 2}), {4}), "[\n    1,\n    2\n]");
  EXPECT_EQ(toon::to_json(toon::value("s"), {2}), "\"s\"");
}

TEST(ToJson, AppendsToExistingText) {
  std::string out = "x=";
  toon::to_json_to(out, toon::value(toon::array{true, nullptr}));
  EXPECT_EQ(out, "x=[true,null]");
}

// The emitter extends its buffer with headroom that grows with the text (256 B to 64 KiB):
// texts from a few bytes to several times 64 KiB, appended to existing text of several lengths,
// come out whole.
TEST(ToJson, TextsAcrossEveryGrowthStep) {
  for (std::size_t prefix : {0u, 1u, 300u, 70000u}) {
    for (std::size_t count : {1u, 7u, 100u, 3000u}) {
      for (std::size_t len : {0u, 5u, 250u, 1000u, 70000u}) {
        if (count * len > 4000000u) continue;
        toon::array a;
        std::string expected = std::string(prefix, 'p') + "[";
        for (std::size_t i = 0; i < count; ++i) {
          std::string s(len, static_cast<char>('a' + i % 26));
          expected += (i ? ",\"" : "\"") + s + "\"";
          a.emplace_back(std::move(s));
        }
        expected += "]";
        std::string out(prefix, 'p');
        toon::to_json_to(out, toon::value(std::move(a)));
        ASSERT_EQ(out.size(), expected.size()) << prefix << " " << count << " " << len;
        EXPECT_TRUE(out == expected) << prefix << " " << count << " " << len;
      }
    }
  }
}

// A streaming owner syncs and empties the buffer between writes (as toon decode does when it
// spills); the pieces add up to the whole text.
TEST(ToJson, EmitterSyncedAndEmptiedBetweenWrites) {
  std::string out, collected, expected = "[";
  {
    toon::detail::json_emitter em(out, 0);
    em.begin_array();
    for (int i = 0; i < 20000; ++i) {
      const std::string s(static_cast<std::size_t>(i % 97), 'x');
      em.string_value(s);
      expected += (i ? ",\"" : "\"") + s + "\"";
      if (i % 333 == 0) {
        em.sync();
        collected += out;
        out.clear();
      }
    }
    em.end_array();
  }
  collected += out;
  expected += "]";
  EXPECT_TRUE(collected == expected);
  EXPECT_EQ(collected.size(), expected.size());
}

TEST(ToJson, StringEscaping) {
  std::string all;
  for (int c = 0; c < 0x20; ++c) all += static_cast<char>(c);
  EXPECT_EQ(toon::to_json(toon::value(all)),
            "\"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f"
            "\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d"
            "\\u001e\\u001f\"");
  EXPECT_EQ(toon::to_json(toon::value("q\"b\\s/ \x7F")), "\"q\\\"b\\\\s/ \x7F\"");
  // Non-ASCII is written as raw UTF-8.
  EXPECT_EQ(toon::to_json(toon::value("\xC3\xA9\xF0\x9F\x98\x80\xE2\x80\xA8")), "\"\xC3\xA9\xF0\x9F\x98\x80\xE2\x80\xA8\"");
  toon::object o;
  o.emplace_back("k\ney", 1);
  EXPECT_EQ(toon::to_json(toon::value(o)), "{\"k\\ney\":1}");
}

TEST(ToJson, DoublesLikeJavaScript) {
  auto j = [](double d) { return toon::to_json(toon::value(d)); };
  EXPECT_EQ(j(0.1), "0.1");
  EXPECT_EQ(j(100.0), "100");
  EXPECT_EQ(j(-0.0), "0");
  EXPECT_EQ(j(0.0), "0");
  EXPECT_EQ(j(1e21), "1e+21");
  EXPECT_EQ(j(1e20), "100000000000000000000");
  EXPECT_EQ(j(123456789012345680000.0), "123456789012345680000");
  EXPECT_EQ(j(5e-324), "5e-324");
  EXPECT_EQ(j(1e-6), "0.000001");
  EXPECT_EQ(j(1e-7), "1e-7");
  EXPECT_EQ(j(1.5e-7), "1.5e-7");
  EXPECT_EQ(j(-2.5e-5), "-0.000025");
  EXPECT_EQ(j(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(j(0.30000000000000004), "0.30000000000000004");
  EXPECT_EQ(j(-1234.5), "-1234.5");
  EXPECT_EQ(j(1e22), "1e+22");
  EXPECT_EQ(j(2.5e25), "2.5e+25");
}

TEST(ToJson, NonFiniteBecomesNull) {
  toon::value v(toon::array{std::nan(""), std::numeric_limits<double>::infinity(),
                            -std::numeric_limits<double>::infinity()});
  EXPECT_EQ(toon::to_json(v), "[null,null,null]");
}

TEST(ToJson, IntegersAndBigIntegers) {
  toon::value v(toon::array{std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::uint64_t>::max(),
                            toon::big_integer{"-123456789012345678901234567890"}});
  EXPECT_EQ(toon::to_json(v), "[-9223372036854775808,18446744073709551615,-123456789012345678901234567890]");
}

TEST(ToJson, RoundTripsThroughFromJson) {
  const std::string json =
      R"({"id":18446744073709551615,"neg":-9223372036854775808,"big":100000000000000000000000,)"
      R"("d":[0.1,1e+21,5e-324,1.5e-7,-3.25],"s":"\u0001\"\\\n\u00e9","e":[],"o":{}})";
  toon::value v = parse(json);
  EXPECT_EQ(toon::to_json(v), R"({"id":18446744073709551615,"neg":-9223372036854775808,"big":100000000000000000000000,)"
                              R"("d":[0.1,1e+21,5e-324,1.5e-7,-3.25],"s":"\u0001\"\\\n)"
                              "\xC3\xA9"
                              R"(","e":[],"o":{}})");
  EXPECT_EQ(parse(toon::to_json(v)), v);
  EXPECT_EQ(parse(toon::to_json(v, {3})), v);
}

// ---- the streaming writer -------------------------------------------------------------------

TEST(JsonEventWriter, WritesEventsLikeToJson) {
  for (int indent : {0, 2, 4}) {
    std::string out;
    toon::detail::json_event_writer w(out, indent);
    EXPECT_TRUE(w.start_object(0, 0));
    EXPECT_TRUE(w.key("a", 0));
    EXPECT_TRUE(w.start_array(3, 0));
    EXPECT_TRUE(w.int_value(-1, 0));
    EXPECT_TRUE(w.double_value(1e21, 0));
    EXPECT_TRUE(w.start_object(0, 0));
    EXPECT_TRUE(w.end_object());
    EXPECT_TRUE(w.end_array());
    EXPECT_TRUE(w.key("b\"", 0));
    EXPECT_TRUE(w.start_object(0, 0));
    EXPECT_TRUE(w.key("x", 0));
    EXPECT_TRUE(w.string_value("\t", 0));
    EXPECT_TRUE(w.key("y", 0));
    EXPECT_TRUE(w.big_integer_value("-99999999999999999999", 0));
    EXPECT_TRUE(w.key("z", 0));
    EXPECT_TRUE(w.start_array(0, 0));
    EXPECT_TRUE(w.end_array());
    EXPECT_TRUE(w.end_object());
    EXPECT_TRUE(w.key("c", 0));
    EXPECT_TRUE(w.uint_value(18446744073709551615ULL, 0));
    EXPECT_TRUE(w.key("d", 0));
    EXPECT_TRUE(w.bool_value(false, 0));
    EXPECT_TRUE(w.key("e", 0));
    EXPECT_TRUE(w.null_value(0));
    EXPECT_TRUE(w.end_object());
    EXPECT_TRUE(w.complete());
    w.sync();  // the text is in `out` from here on

    toon::value expected = parse(
        R"({"a":[-1,1e21,{}],"b\"":{"x":"\t","y":-99999999999999999999,"z":[]},"c":18446744073709551615,"d":false,"e":null})");
    EXPECT_EQ(out, toon::to_json(expected, {indent})) << "indent " << indent;
  }
}

TEST(JsonEventWriter, RejectsMalformedEventSequences) {
  {
    std::string out;
    toon::detail::json_event_writer w(out, 0);
    EXPECT_TRUE(w.start_object(0, 0));
    EXPECT_FALSE(w.int_value(1, 7));  // a value without a key
    EXPECT_NE(w.failure().code, toon::error_code::ok);
    EXPECT_EQ(w.failure_offset(), 7u);
  }
  {
    std::string out;
    toon::detail::json_event_writer w(out, 0);
    EXPECT_TRUE(w.start_array(0, 0));
    EXPECT_FALSE(w.key("k", 0));
    EXPECT_FALSE(w.end_object());
  }
  {
    std::string out;
    toon::detail::json_event_writer w(out, 0);
    EXPECT_TRUE(w.null_value(0));
    EXPECT_TRUE(w.complete());
    EXPECT_FALSE(w.null_value(0));  // a second root
  }
}

// ---- toon_to_json ---------------------------------------------------------------------------

TEST(ToonToJson, StreamingMatchesTheValuePath) {
  const char* docs[] = {
      "name: Ada\nage: 36\ntags[2]: x,y\n",
      "users[2]{id,name}:\n  1,Alice\n  2,Bob\n",
      "a:\n  b:\n    c: 1\n  d[0]:\ne: \"\"\n",
      "[3]: 1,2.5,-0",
      "items[2]:\n  - id: 1\n    v[1]: a\n  - [2]: x,y\n",
      "hello",
      "",
      "n: 123456789012345678901234567890\nf: 1e-7\ns: \"a\\tb\"\n",
  };
  for (const char* doc : docs) {
    auto tree = toon::decode(doc);
    ASSERT_TRUE(tree.has_value()) << doc << ": " << tree.error().to_string();
    for (int indent : {0, 2}) {
      auto streamed = toon::toon_to_json(doc, {}, {indent});
      ASSERT_TRUE(streamed.has_value()) << doc << ": " << streamed.error().to_string();
      EXPECT_EQ(*streamed, toon::to_json(*tree, {indent})) << doc;
    }
  }
}

// Objects of 32 members and more: the JSON writer keeps the first 32 keys of an object for the
// lines it takes itself and for the parser's repeated-key check, and must answer only from
// those it kept (found by the decode_strict fuzzer: an empty key past the 32nd was reported as
// a repeat). Past 32 an empty key, a new key and, in a nested object, a repeated one.
TEST(ToonToJson, ObjectsOfMoreThanThirtyTwoKeys) {
  std::string doc = "o:\n  x: 1\n";
  for (int i = 0; i < 40; ++i) doc += "k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
  doc += "\"\": empty\nlast:\n  a: 1\n  b: 2\n";
  const auto tree = toon::decode(doc);
  ASSERT_TRUE(tree.has_value()) << tree.error().to_string();
  const auto streamed = toon::toon_to_json(doc);
  ASSERT_TRUE(streamed.has_value()) << streamed.error().to_string();
  EXPECT_EQ(*streamed, toon::to_json(*tree));
  EXPECT_EQ(tree->as_object().size(), 43u);
  for (const std::string repeat : {"k3: again\n", "\"\": again\n", "k39: again\n"}) {
    const std::string bad = doc + repeat;
    toon_test::expect_both_fail_alike(toon::toon_to_json(bad), toon::decode(bad), repeat);
    EXPECT_EQ(toon::toon_to_json(bad).error().code, toon::error_code::duplicate_key) << repeat;
  }
}

TEST(ToonToJson, HandWrittenExpectations) {
  auto r = toon::toon_to_json("users[2]{id,name}:\n  1,Alice\n  2,Bob", {}, {2});
  ASSERT_TRUE(r.has_value()) << r.error().to_string();
  EXPECT_EQ(*r,
            "{\n  \"users\": [\n    {\n      \"id\": 1,\n      \"name\": \"Alice\"\n    },\n"
            "    {\n      \"id\": 2,\n      \"name\": \"Bob\"\n    }\n  ]\n}");
  r = toon::toon_to_json("a: 1\nb[2]: true,null");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, R"({"a":1,"b":[true,null]})");
}

// Tables whose field lists have nested groups: the JSON writer takes their rows as text (one
// cell per leaf, the keys, braces and separators written once per field list), compact
// output only. Expected JSON written by hand; indented output and the value tree agree.
TEST(ToonToJson, NestedFieldGroupRows) {
  struct sample {
    const char* toon;
    const char* json;
  };
  const sample samples[] = {
      {"p[2]{name,s{t,f}}:\n  id,str,uuid\n  \"x\\\"y\",1,true\n",
       R"({"p":[{"name":"id","s":{"t":"str","f":"uuid"}},{"name":"x\"y","s":{"t":1,"f":true}}]})"},
      // a keyed table: quoted keys with `/` and `$`, an escaped cell, null
      {"r[2:]{d,c{\"a/j\"{s{\"$r\"}}}}:\n  \"200\": ok,\"#/u\"\n  x: \"t\\\\n\",null\n",
       R"({"r":{"200":{"d":"ok","c":{"a/j":{"s":{"$r":"#/u"}}}},"x":{"d":"t\\n","c":{"a/j":{"s":{"$r":null}}}}}})"},
      // a group first, in the middle, last; groups in groups
      {"t[1]{g{b},a}:\n  1,2\n", R"({"t":[{"g":{"b":1},"a":2}]})"},
      {"t[1]{a,g{b,c},d}:\n  1,2,3,4\n", R"({"t":[{"a":1,"g":{"b":2,"c":3},"d":4}]})"},
      {"t[1]{a,g{h{i{j}}}}:\n  -1.5,\"\"\n", R"({"t":[{"a":-1.5,"g":{"h":{"i":{"j":""}}}}]})"},
      {"t[1]{\"k\\\\\"{\"q\\\"\"}}:\n  x y\n", R"({"t":[{"k\\":{"q\"":"x y"}}]})"},
      // another delimiter, quoted cells holding it
      {"t[2|]{a|g{b|c}}:\n  \"1|2\"|x,y|\n  a|b|c\n",
       R"({"t":[{"a":"1|2","g":{"b":"x,y","c":""}},{"a":"a","g":{"b":"b","c":"c"}}]})"},
  };
  for (const sample& s : samples) {
    auto r = toon::toon_to_json(s.toon);
    ASSERT_TRUE(r.has_value()) << s.toon << ": " << r.error().to_string();
    EXPECT_EQ(*r, s.json) << s.toon;
    auto tree = toon::decode(s.toon);
    ASSERT_TRUE(tree.has_value()) << s.toon;
    EXPECT_EQ(toon::to_json(*tree), s.json) << s.toon;
    auto pretty = toon::toon_to_json(s.toon, {}, {2});
    ASSERT_TRUE(pretty.has_value()) << s.toon;
    EXPECT_EQ(*pretty, toon::to_json(*tree, {2})) << s.toon;
  }
}

// The writer keeps the texts of the last few field lists: six lists in turn, twice over, and
// flat tables between them, each row written with its own list's keys.
TEST(ToonToJson, NestedFieldListsInTurn) {
  std::string doc = "items[12]:\n";
  std::string json = R"({"items":[)";
  for (int round = 0; round < 2; ++round) {
    for (int k = 0; k < 6; ++k) {
      const std::string n = std::to_string(k);
      doc += "  - t" + n + "[1]{a" + n + ",g{b" + n + "}}:\n      " + n + ",v" + n + "\n";
      doc += "    f[1]{x,y}:\n      " + n + ",w\n";
      json += std::string(round + k ? "," : "") + R"({"t)" + n + R"(":[{"a)" + n + R"(":)" + n + R"(,"g":{"b)" + n +
              R"(":"v)" + n + R"("}}],"f":[{"x":)" + n + R"(,"y":"w"}]})";
    }
  }
  json += "]}";
  auto r = toon::toon_to_json(doc);
  ASSERT_TRUE(r.has_value()) << r.error().to_string();
  EXPECT_EQ(*r, json);
}

// Errors of nested rows are those of the per-cell path: the width, and the depth limit counted
// down to the deepest group (the row's objects are entered at the line's start).
TEST(ToonToJson, NestedFieldGroupRowErrors) {
  toon::decode_options o;
  o.max_depth = 4;  // root object, the array, the row, g: h is one too many
  auto r = toon::toon_to_json("a: 1\nt[1]{a,g{h{i}}}:\n  1,2\n", o);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::depth_limit);
  EXPECT_EQ(r.error().line, 3u);
  EXPECT_EQ(r.error().column, 3u);
  o.max_depth = 5;
  r = toon::toon_to_json("a: 1\nt[1]{a,g{h{i}}}:\n  1,2\n", o);
  ASSERT_TRUE(r.has_value()) << r.error().to_string();
  EXPECT_EQ(*r, R"({"a":1,"t":[{"a":1,"g":{"h":{"i":2}}}]})");
  for (const char* doc : {"t[2]{a,g{b}}:\n  1,2\n  1,2,3\n", "t[2]{a,g{b}}:\n  1,2\n  1\n",
                          "t[1:]{a,g{b}}:\n  k: 1,\"x\n"}) {
    toon_test::expect_both_fail_alike(toon::toon_to_json(doc), toon::decode(doc), doc);
  }
  r = toon::toon_to_json("t[2]{a,g{b}}:\n  1,2\n  1,2,3\n");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::width_mismatch);
  EXPECT_EQ(r.error().line, 3u);
}

TEST(ToonToJson, StrictErrorsCarryPosition) {
  auto r = toon::toon_to_json("a: 1\nb[3]: 1,2\n");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::length_mismatch);
  EXPECT_EQ(r.error().line, 2u);
  EXPECT_GE(r.error().column, 1u);
}

TEST(ToonToJson, NonStrictLastWriteWins) {
  toon::decode_options lenient;
  lenient.strict = false;
  auto r = toon::toon_to_json("a: 1\nb: 2\na: 3\n", lenient);
  ASSERT_TRUE(r.has_value()) << r.error().to_string();
  EXPECT_EQ(*r, R"({"a":3,"b":2})");
  auto strict = toon::toon_to_json("a: 1\nb: 2\na: 3\n");
  ASSERT_FALSE(strict.has_value());
  EXPECT_EQ(strict.error().code, toon::error_code::duplicate_key);
  EXPECT_EQ(strict.error().line, 3u);
}

// The JSON string escaping, checked against a byte-at-a-time oracle written here: one special
// byte at every position of strings around the 16-byte blocks of the vectorised scan.
std::string naive_json_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          static const char hex[] = "0123456789abcdef";
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

TEST(JsonString, EscapesEverySpecialByteAtEveryPosition) {
  const std::string specials[] = {"\"", "\\", "\n", "\t", "\b", "\f", "\r", std::string(1, '\0'), "\x01", "\x1f",
                                  " ", "\x7f", "\xc3\xa9", "/"};
  int checked = 0;
  for (std::size_t size = 0; size <= 40; ++size) {
    for (std::size_t at = 0; at <= size; ++at) {
      for (const std::string& sp : specials) {
        std::string s(size, 'a');
        s.insert(at, sp);
        if (at % 3 == 0) s += sp;  // a second one after the first
        std::string out = "x";
        toon::detail::append_json_string(out, s);
        std::string expected = "x";
        expected += naive_json_string(s);
        ASSERT_EQ(out, expected) << "size " << size << " at " << at;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

// Unquoted number tokens are copied only when they are already in the form the writer gives
// their value; the others are parsed and formatted (the expected texts are JSON.stringify's).
TEST(ToonToJson, NumberTokensAsTheirValues) {
  const std::pair<const char*, const char*> cases[] = {
      {"0", "0"}, {"-0", "0"}, {"42", "42"}, {"-7", "-7"}, {"007", "\"007\""}, {"-", "\"-\""},
      {"123456789012345678", "123456789012345678"}, {"1234567890123456789", "1234567890123456789"},
      {"9223372036854775808", "9223372036854775808"}, {"-9223372036854775809", "-9223372036854775809"},
      {"1.5", "1.5"}, {"-1.5", "-1.5"}, {"1.50", "1.5"}, {"1.0", "1"}, {"-0.0", "0"}, {"0.0", "0"},
      {"0.000001", "0.000001"}, {"0.0000001", "1e-7"}, {"0.0000012", "0.0000012"}, {"0.00000012", "1.2e-7"},
      {"123456789012.345", "123456789012.345"}, {"0.1234567890123456", "0.1234567890123456"},
      {"1.23456789012345678", "1.2345678901234567"}, {"1e3", "1000"}, {"1E-7", "1e-7"}, {"1e21", "1e+21"},
      {"1.", "\"1.\""}, {".5", "\".5\""}, {"1.2.3", "\"1.2.3\""}, {"2024-01-15", "\"2024-01-15\""},
      {"true", "true"}, {"false", "false"}, {"null", "null"}, {"True", "\"True\""}, {"nul", "\"nul\""},
  };
  for (const auto& [token, json] : cases) {
    for (const std::string& doc : {std::string("a: ") + token, std::string("a[2]: ") + token + "," + token,
                                   std::string("a[1]{x,y}:\n  ") + token + ",\"s\"",
                                   std::string("a[1]:\n  - ") + token}) {
      auto r = toon::toon_to_json(doc);
      ASSERT_TRUE(r.has_value()) << doc << ": " << r.error().to_string();
      const std::string j = json;
      const std::string expected = doc.rfind("a: ", 0) == 0       ? "{\"a\":" + j + "}"
                                   : doc.find('{') != std::string::npos ? "{\"a\":[{\"x\":" + j + ",\"y\":\"s\"}]}"
                                   : doc.find(',') != std::string::npos ? "{\"a\":[" + j + "," + j + "]}"
                                                                        : "{\"a\":[" + j + "]}";
      EXPECT_EQ(*r, expected) << doc;
    }
  }
}

// Quoted values of key-value lines: copied as their JSON string when nothing in them needs
// escaping there, else unescaped and escaped again; malformed ones are still errors.
TEST(ToonToJson, QuotedValuesOfKeyValueLines) {
  const std::pair<const char*, const char*> cases[] = {
      {"a: \"\"", R"({"a":""})"},
      {"a: \"x y: z, w\"", R"({"a":"x y: z, w"})"},
      {"a: \"caf\xC3\xA9\"", "{\"a\":\"caf\xC3\xA9\"}"},
      {"a: \"x\\ty\"", R"({"a":"x\ty"})"},
      {"a: \"q\\\"q\"", R"({"a":"q\"q"})"},
      {"a: \"back\\\\slash\"", R"({"a":"back\\slash"})"},
      {"a: \"x\ty\"", R"({"a":"x\ty"})"},
      {"o:\n  k: \"v\"\n  n: 1", R"({"o":{"k":"v","n":1}})"},
      {"l[2]:\n  - k: \"v\"\n  - \"w\"", R"({"l":[{"k":"v"},"w"]})"},
  };
  for (const auto& [doc, json] : cases) {
    auto r = toon::toon_to_json(doc);
    ASSERT_TRUE(r.has_value()) << doc << ": " << r.error().to_string();
    EXPECT_EQ(*r, json) << doc;
    auto tree = toon::decode(doc);
    ASSERT_TRUE(tree.has_value()) << doc;
    EXPECT_EQ(*r, toon::to_json(*tree)) << doc;
  }
  for (const char* bad : {"a: \"open", "a: \"x\" y", "a: \"bad\\q\""}) {
    toon_test::expect_both_fail_alike(toon::toon_to_json(bad), toon::decode(bad), bad);
  }
}

}  // namespace
