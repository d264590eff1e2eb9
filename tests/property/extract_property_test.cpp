// Extraction properties (toon/extract.hpp, issue 21): on every valid TOON document (the
// official decode fixtures that decode, and generated documents), toon::extract returns the
// document unchanged and drops nothing, and toon::decode_reply gives the strict value; wrapped
// in a fence with prose around it, or (for objects) in unfenced prose, it gives the same value
// and reports the wrapping as dropped.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <string>

#include "toon/extract.hpp"
#include "toon/toon.hpp"
#include "fixtures.hpp"
#include "value_generators.hpp"

namespace {

// Only blank lines and '#' comment lines (a byte order mark aside).
bool blank_or_comments(std::string_view doc) {
  if (doc.substr(0, 3) == "\xEF\xBB\xBF") doc.remove_prefix(3);
  while (!doc.empty()) {
    std::size_t lf = doc.find('\n');
    std::string_view line = doc.substr(0, lf);
    std::size_t i = line.find_first_not_of(" \t\r");
    if (i != std::string_view::npos && (i != 0 || line[0] != '#')) return false;
    if (lf == std::string_view::npos) break;
    doc.remove_prefix(lf + 1);
  }
  return true;
}

// Checks the properties on one valid document; returns false (with a failure) when one fails.
void check_valid_document(const std::string& doc, const toon::decode_options& o, const toon::value& want,
                          const std::string& where) {
  toon::result<toon::extraction> x = toon::extract(doc);
  ASSERT_TRUE(x) << where << ": " << x.error().to_string();
  ASSERT_EQ(x->documents.size(), 1u) << where;
  EXPECT_EQ(x->documents[0].text, doc) << where;
  EXPECT_EQ(x->documents[0].text.data(), doc.data()) << where;
  EXPECT_EQ(x->documents[0].kind, toon::payload_kind::toon) << where;
  EXPECT_TRUE(x->dropped.empty()) << where;

  toon::reply_options r;
  r.decode = o;
  toon::result<toon::value> plain = toon::decode_reply(doc, r);
  ASSERT_TRUE(plain) << where << ": " << plain.error().to_string();
  EXPECT_EQ(*plain, want) << where;

  // In a fence, with prose before and after.
  const std::string fenced = "Here is the result in TOON:\n\n```toon\n" + doc + "\n```\n\nLet me know if you need more.\n";
  toon::result<toon::extraction> fx = toon::extract(fenced);
  ASSERT_TRUE(fx) << where;
  ASSERT_EQ(fx->documents.size(), 1u) << where;
  EXPECT_EQ(fx->documents[0].text, doc + "\n") << where;
  EXPECT_EQ(fx->documents[0].first_line, 4u) << where;
  toon::result<toon::value> in_fence = toon::decode_reply(fenced, r);
  ASSERT_TRUE(in_fence) << where << ": " << in_fence.error().to_string();
  EXPECT_EQ(*in_fence, want) << where;
}

TEST(ExtractProperty, FixturesAreReturnedUnchanged) {
  int checked = 0;
  int empty = 0;
  toon_fixtures::for_each_test("decode", [&](const std::filesystem::path& file, const toon::value& test) {
    if (test.find("shouldError") && test["shouldError"].is_bool() && test["shouldError"].as_bool()) return;
    const std::string input = test["input"].as_string();
    const toon::decode_options o = toon_fixtures::decode_options_of(test);
    toon::result<toon::value> strict = toon::decode(input, o);
    if (!strict) return;  // superseded cases of the older sets
    if (blank_or_comments(input)) {
      // Valid TOON (an empty object), but a reply with no content is no document (by design,
      // docs/llm-output.md): checked, not counted.
      toon::result<toon::extraction> x = toon::extract(input);
      ASSERT_FALSE(x) << file;
      EXPECT_EQ(x.error().code, toon::error_code::no_document);
      ++empty;
      return;
    }
    // A document holding a fence line cannot be fenced; none of the fixtures does.
    ASSERT_EQ(input.find("```"), std::string::npos) << file;
    check_valid_document(input, o, *strict, file.filename().string() + ": " + test["name"].as_string());
    ++checked;
  });
  EXPECT_GT(checked, 500);
  EXPECT_EQ(empty, 11);  // the comment-only and empty documents of the three sets
}

RC_GTEST_PROP(ExtractProperty, GeneratedDocumentsAreReturnedUnchanged, ()) {
  const toon::value v = *toon_gen::value();
  const std::string doc = toon::encode(v);
  RC_PRE(doc.find("```") == std::string::npos && doc.find("~~~") == std::string::npos);
  RC_PRE(!doc.empty());  // the empty object: no document (FixturesAreReturnedUnchanged checks it)
  toon::result<toon::value> strict = toon::decode(doc);
  RC_ASSERT(strict.has_value());
  check_valid_document(doc, {}, *strict, doc);
  RC_ASSERT(!::testing::Test::HasFailure());
}

// An object document in unfenced prose: the prose is dropped, the value is the strict one.
RC_GTEST_PROP(ExtractProperty, ObjectsInUnfencedProse, ()) {
  const toon::value v = *toon_gen::document_with_array();
  const std::string doc = toon::encode(v);
  RC_PRE(doc.find("```") == std::string::npos && doc.find("~~~") == std::string::npos);
  const std::string reply = "Sure! Here is the data you asked for.\n\n" + doc + "\n\nI hope this helps.\n";
  toon::result<toon::extraction> x = toon::extract(reply);
  RC_ASSERT(x.has_value());
  RC_ASSERT(x->documents.size() == 1u);
  RC_ASSERT(x->documents[0].first_line == 3u);
  RC_ASSERT(x->documents[0].text == doc + "\n");
  const std::size_t doc_lines = static_cast<std::size_t>(std::count(doc.begin(), doc.end(), '\n')) + 1;
  RC_ASSERT(x->dropped.size() == 2u);
  RC_ASSERT(x->dropped[0] == (toon::dropped_lines{1, 1, toon::drop_reason::prose}));
  const auto last = static_cast<std::uint32_t>(2 + doc_lines + 2);
  RC_ASSERT(x->dropped[1] == (toon::dropped_lines{last, last, toon::drop_reason::prose}));
  toon::result<toon::value> strict = toon::decode(doc);
  RC_ASSERT(strict.has_value());
  toon::result<toon::value> got = toon::decode_reply(reply);
  RC_ASSERT(got.has_value());
  RC_ASSERT(*got == *strict);
}

}  // namespace
