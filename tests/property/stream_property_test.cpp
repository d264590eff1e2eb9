// Incremental decoding (toon::stream_decoder) is the whole-document decoder fed in pieces: for
// any split of the input into chunks (one chunk, every byte apart, random sizes, splits inside
// escapes and multi-byte UTF-8 sequences), the event trace and the error (code, line, column,
// message) equal those of toon::decode_events on the whole text. Checked on every decode fixture
// of the three sets, strict and non-strict, and on generated documents and their line edits.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "toon/toon.hpp"
#include "trace_handler.hpp"
#include "value_generators.hpp"

namespace {

struct outcome {
  std::string trace;
  std::string error;  // empty on success: "code line:column: message"
};

std::string describe(const toon::error& e) {
  return std::string(toon::to_string(e.code)) + " " + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " +
         e.message;
}

outcome whole(std::string_view text, bool rows, const toon::decode_options& o) {
  toon_trace::trace_handler h(rows);
  toon::result<void> r = toon::decode_events(text, h, o);
  return {h.trace, r ? "" : describe(r.error())};
}

// Feeds `text` cut at `cuts` (sorted offsets).
outcome chunked(std::string_view text, const std::vector<std::size_t>& cuts, bool rows, const toon::decode_options& o) {
  toon_trace::trace_handler h(rows);
  toon::stream_decoder d(h, o);
  std::size_t at = 0;
  toon::result<void> r{};
  for (std::size_t cut : cuts) {
    if (cut <= at || cut >= text.size()) continue;
    r = d.feed(text.substr(at, cut - at));
    at = cut;
    if (!r) break;
  }
  if (r) r = d.feed(text.substr(at));
  if (r) r = d.finish();
  return {h.trace, r ? "" : describe(r.error())};
}

std::vector<std::size_t> every_byte(std::size_t n) {
  std::vector<std::size_t> cuts;
  for (std::size_t i = 1; i < n; ++i) cuts.push_back(i);
  return cuts;
}

std::vector<std::size_t> random_cuts(std::size_t n, std::mt19937& rng, std::size_t max_step) {
  std::vector<std::size_t> cuts;
  std::uniform_int_distribution<std::size_t> step(1, max_step);
  for (std::size_t i = step(rng); i < n; i += step(rng)) cuts.push_back(i);
  return cuts;
}

// Every chunking of `text` agrees with the whole-document decode; returns false on a mismatch
// (with a gtest failure naming it).
bool expect_equivalent(std::string_view text, const toon::decode_options& o, std::mt19937& rng, const std::string& where) {
  bool ok = true;
  for (bool rows : {false, true}) {
    const outcome w = whole(text, rows, o);
    std::vector<std::vector<std::size_t>> splits = {{}, every_byte(text.size()), random_cuts(text.size(), rng, 3),
                                                    random_cuts(text.size(), rng, 17), random_cuts(text.size(), rng, 64)};
    for (const auto& cuts : splits) {
      const outcome c = chunked(text, cuts, rows, o);
      if (c.error != w.error || c.trace != w.trace) {
        ADD_FAILURE() << where << " (" << cuts.size() << " cuts, rows " << rows << ")\ntext: " << text
                      << "\nwhole error: " << w.error << "\nchunked error: " << c.error
                      << (c.trace != w.trace ? "\ntraces differ" : "");
        ok = false;
      }
    }
  }
  return ok;
}

TEST(Stream, ChunkingNeverChangesEventsOrErrorsOnEveryDecodeFixture) {
  std::mt19937 rng(42);
  int inputs = 0, errors = 0;
  toon_fixtures::for_each_test("decode", [&](const std::filesystem::path& file, const toon::value& test) {
    const toon::value* input = test.find("input");
    if (!input || !input->is_string()) return;
    toon::decode_options o = toon_fixtures::decode_options_of(test);
    if (o.indent_size < 1) return;
    for (bool strict : {true, false}) {
      o.strict = strict;
      ++inputs;
      if (!toon::decode(input->as_string(), o)) ++errors;
      expect_equivalent(input->as_string(), o, rng, file.filename().string() + ": " + test["name"].as_string());
    }
  });
  EXPECT_GT(inputs, 2000);
  EXPECT_GT(errors, 300);  // error positions are compared too
}

// `later` extends `earlier`: equal, except that the last element or member of a container may
// itself extend (values only grow at the tail). A null root means "not started yet".
bool extends(const toon::value& earlier, const toon::value& later) {
  if (earlier.is_array()) {
    if (!later.is_array()) return false;
    const toon::array& a = earlier.as_array();
    const toon::array& b = later.as_array();
    if (a.size() > b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!(i + 1 == a.size() ? extends(a[i], b[i]) : a[i] == b[i])) return false;
    return true;
  }
  if (earlier.is_object()) {
    if (!later.is_object()) return false;
    const toon::object& a = earlier.as_object();
    const toon::object& b = later.as_object();
    if (a.size() > b.size()) return false;
    auto x = a.begin();
    auto y = b.begin();
    for (std::size_t i = 0; i < a.size(); ++i, ++x, ++y) {
      if (x->key != y->key) return false;
      if (!(i + 1 == a.size() ? extends(x->value, y->value) : x->value == y->value)) return false;
    }
    return true;
  }
  return earlier == later;
}

// toon::value_stream fed byte by byte: partial() only grows, and the final value (or error) is
// toon::decode's. Strict mode (non-strict duplicates replace values by design).
TEST(Stream, PartialValuesOnlyGrowAndEndAsTheWholeDecode) {
  int documents = 0, grown = 0;
  toon_fixtures::for_each_test("decode", [&](const std::filesystem::path& file, const toon::value& test) {
    const toon::value* input = test.find("input");
    if (!input || !input->is_string()) return;
    toon::decode_options o = toon_fixtures::decode_options_of(test);
    if (o.indent_size < 1 || !o.strict) return;
    const std::string& text = input->as_string();
    const std::string where = file.filename().string() + ": " + test["name"].as_string();
    const toon::result<toon::value> want = toon::decode(text, o);
    toon::value_stream s(o);
    toon::value before;  // null: not started
    toon::result<void> fed{};
    for (std::size_t i = 0; i < text.size() && fed; ++i) {
      fed = s.feed(std::string_view(text).substr(i, 1));
      if (!before.is_null() && !extends(before, s.partial())) {
        ADD_FAILURE() << where << ": partial value shrank or changed after byte " << i;
        return;
      }
      if (!(before == s.partial())) ++grown;
      before = s.partial();
    }
    toon::result<toon::value> got = fed ? s.finish() : toon::result<toon::value>(fed.error());
    ++documents;
    ASSERT_EQ(got.has_value(), want.has_value()) << where;
    if (want) {
      EXPECT_TRUE(*got == *want) << where;
      EXPECT_TRUE(before.is_null() || extends(before, *got)) << where;
    } else {
      EXPECT_EQ(describe(got.error()), describe(want.error())) << where;
    }
  });
  EXPECT_GT(documents, 1000);
  EXPECT_GT(grown, 500);  // partial values were seen growing, not only at the end
}

// Chunked input copies keys for the duplicate check into a buffer that grows and moves: wide
// objects (past the 32 keys where a hash set takes over), nested, with long keys, and a
// repeated key at several depths.
TEST(Stream, DuplicateKeysInWideNestedObjectsWhateverTheChunking) {
  std::mt19937 rng(11);
  auto object = [](int depth, int width, int repeat_at) {
    std::string text;
    const std::string pad(static_cast<std::size_t>(2 * depth), ' ');
    for (int i = 0; i < width; ++i) {
      const int k = i == repeat_at ? 3 : i;
      text += pad + "key_with_a_rather_long_name_" + std::to_string(k) + std::string(static_cast<std::size_t>(k % 7), 'x') +
              ": " + std::to_string(i) + "\n";
    }
    return text;
  };
  for (int repeat_at : {-1, 5, 39}) {
    for (int depth_of_repeat : {0, 1, 2}) {
      std::string text = object(0, 40, depth_of_repeat == 0 ? repeat_at : -1);
      text += "inner:\n" + object(1, 40, depth_of_repeat == 1 ? repeat_at : -1);
      text += "  deeper:\n" + object(2, 50, depth_of_repeat == 2 ? repeat_at : -1);
      text += "  after: 1\nlast: 2\n";
      toon::decode_options o;
      expect_equivalent(text, o, rng, "repeat " + std::to_string(repeat_at) + " at depth " + std::to_string(depth_of_repeat));
      EXPECT_EQ(toon::decode(text).has_value(), repeat_at < 0);
    }
  }
}

TEST(Stream, SplitsInsideEscapesUtf8AndCrLf) {
  std::mt19937 rng(7);
  const std::string texts[] = {
      "a: \"x\\ny\\u00e9\\\"z\"\r\nb: \xC3\xA9t\xC3\xA9\r\nc[2]: \"\\t\",\xF0\x9F\x98\x80\r\n",
      "\xEF\xBB\xBFt[2]{k,v}:\n  \"a,b\",\xE2\x82\xAC\n  c,\"\\\\\"\n",
      "x:\n  y:\n    z: 1\n\n  w[1]:\n    - q: \"\\ud83d\"\n",  // a surrogate escape: error
      "u[2:]{x}:\n  a: \xE6\x97\xA5\n  \"b\\\"\": 2",
      " \"x\\r\"\nb: 1",  // an indented first line without a colon (non-strict: depth 0), then a second line
      " hello",
  };
  for (const std::string& t : texts)
    for (bool strict : {true, false}) {
      toon::decode_options o;
      o.strict = strict;
      expect_equivalent(t, o, rng, "fixed text");
    }
}

// Every row event reaches the handler before the first byte of the next line is fed.
class row_counter final : public toon::event_handler {
 public:
  int values = 0;
  bool start_object(std::size_t, std::size_t) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t, std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool key(std::string_view, std::size_t) override { return true; }
  bool null_value(std::size_t) override { return ++values, true; }
  bool bool_value(bool, std::size_t) override { return ++values, true; }
  bool int_value(std::int64_t, std::size_t) override { return ++values, true; }
  bool uint_value(std::uint64_t, std::size_t) override { return ++values, true; }
  bool double_value(double, std::size_t) override { return ++values, true; }
  bool big_integer_value(std::string_view, std::size_t) override { return ++values, true; }
  bool string_value(std::string_view, std::size_t) override { return ++values, true; }
};

TEST(Stream, RowsArriveWhenTheirLineEnds) {
  const std::string text = "t[3]{a,b}:\n  1,x\n  2,y\n  3,z\nn: 4\n";
  row_counter h;
  toon::stream_decoder d(h);
  std::vector<int> seen;  // values seen after each line break was fed
  for (char c : text) {
    ASSERT_TRUE(d.feed(std::string_view(&c, 1)));
    if (c == '\n') seen.push_back(h.values);
  }
  ASSERT_TRUE(d.finish());
  EXPECT_EQ(seen, (std::vector<int>{0, 2, 4, 6, 7}));
}

TEST(Stream, LongLinesFailWithTheLimit) {
  row_counter h;
  toon::decode_options o;
  o.max_line_size = 16;
  toon::stream_decoder d(h, o);
  ASSERT_TRUE(d.feed("a: 1\nb: "));
  auto r = d.feed("0123456789abcdef");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::size_limit);
  EXPECT_EQ(r.error().line, 2u);
  EXPECT_FALSE(d.finish());  // the error sticks
  EXPECT_EQ(toon::decode("a: 1\nb: 0123456789abcdef", o).error().code, toon::error_code::size_limit);
}

RC_GTEST_PROP(StreamProperty, GeneratedDocumentsAndLineEditsDecodeTheSameInAnyChunks, ()) {
  const toon::value v = *toon_gen::value();
  toon::encode_options eo;
  eo.delimiter = *rc::gen::element(toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe);
  eo.indent_size = *rc::gen::inRange(1, 5);
  std::string text = toon::encode(v, eo);
  // A line edit: drop, repeat or re-indent one line, to reach error paths.
  std::vector<std::string> lines;
  for (std::size_t b = 0;;) {
    const std::size_t e = text.find('\n', b);
    lines.push_back(text.substr(b, e == std::string::npos ? std::string::npos : e - b));
    if (e == std::string::npos) break;
    b = e + 1;
  }
  const std::size_t k = *rc::gen::inRange<std::size_t>(0, lines.size());
  switch (*rc::gen::inRange(0, 5)) {
    case 0: lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(k)); break;
    case 1: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(k), lines[k]); break;
    case 2: lines[k] = " " + lines[k]; break;
    case 3: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(k), ""); break;
    default: break;
  }
  std::string edited;
  for (std::size_t i = 0; i < lines.size(); ++i) edited += (i ? "\n" : "") + lines[i];
  toon::decode_options o;
  o.indent_size = eo.indent_size;
  o.strict = *rc::gen::arbitrary<bool>();
  std::mt19937 rng(*rc::gen::arbitrary<unsigned>());
  RC_ASSERT(expect_equivalent(edited, o, rng, "generated"));
}

}  // namespace
