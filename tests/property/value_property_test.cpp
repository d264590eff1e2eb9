// Properties of the value layer over generated toon::value trees (value_generators.hpp):
//   - round trip: decode(encode(v, o)) == expected_round_trip(v) (spec §2 equality; tabular rows
//     and keyed entries in header order, see value_oracle.hpp) for every delimiter and indent
//     size 1..8, strict and non-strict, and the streaming TOON -> JSON path agrees;
//   - canonical documents: encode(decode(t)) == t for every t = encode(v, o), and for every
//     expected output of the official encode fixtures;
//   - JSON bridge: from_json(to_json(v)) == v (NaN and infinities as null), compact and pretty.
// The typed layer has its own properties: tests/typed/typed_property_test.cpp (five types) and
// tests/property/typed_nested_property_test.cpp. Strict-mode mutations:
// tests/property/strict_mutation_property_test.cpp.
//
// ctest runs rapidcheck's default 100 cases per property; RC_PARAMS="max_success=10000" runs
// more (docs/fuzzing.md).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <string>

#include "toon/toon.hpp"
#include "fixtures.hpp"
#include "value_generators.hpp"
#include "value_oracle.hpp"

namespace {

const toon::delimiter delimiters[] = {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe};

std::string describe(const toon::value& v) { return toon::to_json(v); }

toon::decode_options decoding(int indent, bool strict = true) {
  toon::decode_options o;
  o.indent_size = indent;
  o.strict = strict;
  return o;
}

RC_GTEST_PROP(ValueProperty, RoundTripsForEveryDelimiterAndIndent, ()) {
  const toon::value v = *toon_gen::value();
  const toon::value expected = toon_oracle::expected_round_trip(v);
  for (toon::delimiter d : delimiters) {
    for (int indent = 1; indent <= 8; ++indent) {
      const std::string text = toon::encode(v, {indent, d});
      for (bool strict : {true, false}) {
        toon::result<toon::value> back = toon::decode(text, decoding(indent, strict));
        if (!back)
          RC_FAIL("decode failed: " + back.error().to_string() + "\n--- text\n" + text + "\n--- value\n" + describe(v));
        if (!(*back == expected))
          RC_FAIL("round trip differs (indent " + std::to_string(indent) + ", strict " + std::to_string(strict) +
                  ")\n--- text\n" + text + "\n--- expected\n" + describe(expected) + "\n--- decoded\n" + describe(*back));
        // The streaming TOON -> JSON path agrees with the tree.
        toon::result<std::string> json = toon::toon_to_json(text, decoding(indent, strict));
        RC_ASSERT(json.has_value());
        RC_ASSERT(*json == toon::to_json(*back));
      }
    }
  }
}

RC_GTEST_PROP(ValueProperty, CanonicalDocumentsReencodeUnchanged, ()) {
  const toon::value v = *toon_gen::value();
  const toon::delimiter d = *rc::gen::elementOf(std::vector<toon::delimiter>(std::begin(delimiters), std::end(delimiters)));
  const int indent = toon_gen::pick(1, 9);
  const std::string text = toon::encode(v, {indent, d});
  toon::result<toon::value> back = toon::decode(text, decoding(indent));
  if (!back) RC_FAIL("decode failed: " + back.error().to_string() + "\n" + text);
  const std::string again = toon::encode(*back, {indent, d});
  if (again != text) RC_FAIL("re-encoding differs\n--- canonical\n" + text + "\n--- re-encoded\n" + again);
}

RC_GTEST_PROP(ValueProperty, JsonBridgeRoundTrips, ()) {
  const toon::value v = *toon_gen::value();
  const toon::value expected = toon_oracle::expected_json_round_trip(v);
  for (int indent : {0, 2}) {
    const std::string json = toon::to_json(v, {indent});
    toon::result<toon::value> back = toon::from_json(json);
    if (!back) RC_FAIL("from_json failed: " + back.error().to_string() + "\n" + json);
    if (!(*back == expected)) RC_FAIL("JSON round trip differs\n--- json\n" + json + "\n--- back\n" + describe(*back));
    RC_ASSERT(toon::to_json(*back, {indent}) == toon::to_json(expected, {indent}));
  }
}

// Every expected output of the official encode fixtures is canonical.
TEST(CanonicalFixtures, EncodeFixtureOutputsReencodeUnchanged) {
  int checked = 0;
  toon_fixtures::for_each_test("encode", [&](const std::filesystem::path& file, const toon::value& test) {
    const toon::value* expected = test.find("expected");
    if (test.find("shouldError") || !expected || !expected->is_string()) return;
    toon::encode_options eo;
    int indent = 2;
    if (const toon::value* options = test.find("options")) {
      if (const toon::value* i = options->find("indentSize")) indent = static_cast<int>(i->as_int64());
      if (const toon::value* d = options->find("delimiter")) eo.delimiter = static_cast<toon::delimiter>(d->as_string()[0]);
    }
    if (indent < 1) return;  // indent 0 output is not decodable (docs/encoding.md)
    eo.indent_size = indent;
    const std::string& text = expected->as_string();
    toon::result<toon::value> back = toon::decode(text, decoding(indent));
    ASSERT_TRUE(back.has_value()) << file << ": " << test["name"].as_string() << ": " << back.error().to_string();
    EXPECT_EQ(toon::encode(*back, eo), text) << file << ": " << test["name"].as_string();
    ++checked;
  });
  EXPECT_GT(checked, 300);
}

}  // namespace
