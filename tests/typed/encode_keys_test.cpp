// Tests of the compile-time key text of the typed encoder (toon/typed/encode_keys.hpp) and of
// the line starts built from it: keys needing quotes or escapes (§7.3, §7.1), keys longer than
// one fixed-size copy, first fields of list items, variant tag keys, deep nesting (indentation
// beyond one fixed-size copy) and empty objects.
//
// Expected texts are those of the reference implementation (@toon-format/toon 4.4.0,
// `node /work/ref/enc.mjs encode doc.json`) for the JSON given beside each case; each case also
// checks toon::encode(x, o) == toon::encode(toon::to_value(x), o) for all delimiters and
// indents 1, 2, 4.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include "toon/encode.hpp"
#include "toon/typed/encode.hpp"
#include "toon/typed/encode_keys.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/value.hpp"

namespace keys_test {

// Fourteen members renamed to keys that exercise every quoting rule.
struct exotic {
  int a, b, c, d, e, f, g, h, i, j, k, l, m, n;
};

struct inner {
  int x;
  std::string y;
};

struct list_first {
  std::vector<int> xs;
  int n;
};
struct object_first {
  inner o;
  int n;
};
struct primitive_first {
  int first;
  std::vector<std::vector<int>> tags;
};
struct empty {};
struct empty_first {
  empty e;
  int n;
};
struct probe {
  int x;
};
struct control_object_first {
  probe o;
  std::vector<std::vector<int>> tags;
};

struct holder {
  exotic o;
};

struct empties {
  empty e;
  std::vector<empty> list;
  int n;
  empty_first nested;
};

struct circle {
  int r;
};

struct shapes_doc {
  std::vector<std::variant<circle, int>> shapes;
  circle one;
};

// N nested levels: {v: N, next: {v: N-1, ... {v: 0}}}.
template <int N>
struct deep {
  int v;
  deep<N - 1> next;
};
template <>
struct deep<0> {
  int v;
};

}  // namespace keys_test

template <>
struct toon::meta<keys_test::exotic> {
  static constexpr toon::renamed rename[] = {
      {"a", "user id"},  {"b", "a|b"},    {"c", "1st"},          {"d", "quote\"d"},
      {"e", "back\\slash"}, {"f", "tab\tkey"}, {"g", "new\nline"}, {"h", "ctl\x01"},
      {"i", "x:y"},      {"j", "-dash"},  {"k", "#hash"},        {"l", "\xC3\xA9t\xC3\xA9"},
      {"m", "a_very_long_plain_key.with_dots_0123456789"},
      {"n", "k234567890123456789012345678901"}};
};
template <>
struct toon::meta<keys_test::list_first> {
  static constexpr toon::renamed rename[] = {{"xs", "my list"}};
};
template <>
struct toon::meta<keys_test::object_first> {
  static constexpr toon::renamed rename[] = {{"o", "the obj"}};
};
template <>
struct toon::meta<keys_test::primitive_first> {
  static constexpr toon::renamed rename[] = {{"first", "1st"}};
};
template <>
struct toon::meta<keys_test::control_object_first> {
  static constexpr toon::renamed rename[] = {{"o", "ctl\x01"}};
};
template <>
struct toon::meta<keys_test::circle> {
  static constexpr std::string_view tag = "c x";
  static constexpr std::string_view tag_key = "my kind";
};

namespace {

using namespace keys_test;
namespace td = toon::detail;

// The typed encoder and the value encoder agree for every delimiter and indent 1, 2, 4.
template <class T>
void check_equivalent(const T& x) {
  const toon::value v = toon::to_value(x);
  for (toon::delimiter d : {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe}) {
    for (int indent : {1, 2, 4}) {
      toon::encode_options o;
      o.delimiter = d;
      o.indent_size = indent;
      EXPECT_EQ(toon::encode(x, o), toon::encode(v, o)) << "indent " << indent;
    }
  }
}

constexpr exotic numbered{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};

// ---- Compile-time key text ------------------------------------------------------------------

struct plain_name {
  static constexpr std::string_view value = "id";
};
struct spaced_name {
  static constexpr std::string_view value = "a b";
};
struct empty_name {
  static constexpr std::string_view value = "";
};
struct escaped_name {
  static constexpr std::string_view value = "q\"\\\n\x1f";
};

std::string_view text(td::padded_text t) { return {t.data, t.size}; }

TEST(EncodeKeys, SlicesOfPlainKey) {
  using k = td::static_key<plain_name>;
  EXPECT_EQ(text(k::bare()), "id");
  EXPECT_EQ(text(k::open()), "id:");
  EXPECT_EQ(text(k::value_prefix()), "id: ");
  EXPECT_EQ(text(k::item_bare()), "- id");
  EXPECT_EQ(text(k::item_open()), "- id:");
  EXPECT_EQ(text(k::item_value()), "- id: ");
}

TEST(EncodeKeys, QuotedAndEscapedAtCompileTime) {
  EXPECT_EQ(text(td::static_key<spaced_name>::value_prefix()), "\"a b\": ");
  EXPECT_EQ(text(td::static_key<escaped_name>::item_open()), "- \"q\\\"\\\\\\n\\u001f\":");
  // {"": 1} -> `"": 1`
  EXPECT_EQ(text(td::static_key<empty_name>::value_prefix()), "\"\": ");
}

TEST(EncodeKeys, PaddedForFixedSizeCopies) {
  // Readable for 32 bytes from each slice start (the writer copies up to 32 bytes at once),
  // and up to the 16-byte block past the end of a longer text.
  EXPECT_GE(td::key_text<plain_name>::chars.size(), 34u);
  using long_key = td::member_name<exotic, 12>;
  static_assert(long_key::value == "a_very_long_plain_key.with_dots_0123456789");
  EXPECT_GE(td::key_text<long_key>::chars.size(), 2 + (td::key_text<long_key>::size - 2 + 15) / 16 * 16);
}

// ---- Documents --------------------------------------------------------------------------------

// {"user id":1,"a|b":2,"1st":3,"quote\"d":4,"back\\slash":5,"tab\tkey":6,"new\nline":7,
//  "ctl\u0001":8,"x:y":9,"-dash":10,"#hash":11,"été":12,
//  "a_very_long_plain_key.with_dots_0123456789":13,"k234567890123456789012345678901":14}
constexpr std::string_view exotic_text =
    "\"user id\": 1\n\"a|b\": 2\n\"1st\": 3\n\"quote\\\"d\": 4\n\"back\\\\slash\": 5\n"
    "\"tab\\tkey\": 6\n\"new\\nline\": 7\n\"ctl\\u0001\": 8\n\"x:y\": 9\n\"-dash\": 10\n\"#hash\": 11\n"
    "\"\xC3\xA9t\xC3\xA9\": 12\na_very_long_plain_key.with_dots_0123456789: 13\n"
    "k234567890123456789012345678901: 14";

TEST(EncodeKeys, ExoticKeysAsFields) {
  EXPECT_EQ(toon::encode(numbered), exotic_text);
  check_equivalent(numbered);
}

TEST(EncodeKeys, ExoticKeysAsNestedFields) {
  // The same keys one level down, at indent 4: {"o": <exotic>}.
  std::string expected = "o:";
  std::string_view rest = exotic_text;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    expected += "\n    ";
    expected += rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  }
  toon::encode_options o;
  o.indent_size = 4;
  EXPECT_EQ(toon::encode(holder{numbered}, o), expected);
  check_equivalent(holder{numbered});
}

TEST(EncodeKeys, ExoticKeysAsTabularHeader) {
  // {"rows":[<exotic>,<exotic>]}
  const std::vector<exotic> rows{numbered, numbered};
  EXPECT_EQ(toon::encode(rows),
            "[2]{\"user id\",\"a|b\",\"1st\",\"quote\\\"d\",\"back\\\\slash\",\"tab\\tkey\","
            "\"new\\nline\",\"ctl\\u0001\",\"x:y\",\"-dash\",\"#hash\",\"\xC3\xA9t\xC3\xA9\","
            "a_very_long_plain_key.with_dots_0123456789,k234567890123456789012345678901}:\n"
            "  1,2,3,4,5,6,7,8,9,10,11,12,13,14\n  1,2,3,4,5,6,7,8,9,10,11,12,13,14");
  check_equivalent(rows);
}

TEST(EncodeKeys, ExoticFirstFieldsOfListItems) {
  // {"items":[{"my list":[1,2],"n":1},{"the obj":{"x":1,"y":"a"},"n":2},
  //           {"1st":3,"tags":[[1],[2,3]]},{"e":{},"n":4},{"ctl\u0001":{"x":1},"tags":[[1]]}]}
  const auto items = std::make_tuple(list_first{{1, 2}, 1}, object_first{{1, "a"}, 2},
                                     primitive_first{3, {{1}, {2, 3}}}, empty_first{{}, 4},
                                     control_object_first{{1}, {{1}}});
  EXPECT_EQ(toon::encode(items),
            "[5]:\n"
            "  - \"my list\"[2]: 1,2\n    n: 1\n"
            "  - \"the obj\":\n      x: 1\n      y: a\n    n: 2\n"
            "  - \"1st\": 3\n    tags[2]:\n      - [1]: 1\n      - [2]: 2,3\n"
            "  - e:\n    n: 4\n"
            "  - \"ctl\\u0001\":\n      x: 1\n    tags[1]:\n      - [1]: 1");
  check_equivalent(items);
}

TEST(EncodeKeys, VariantTagKeyNeedingQuotes) {
  // {"shapes":[{"my kind":"c x","r":1},5,{"my kind":"c x","r":2}],"one":{"my kind":"c x","r":3}}
  // (`one` is a plain circle, not a variant: no tag.)
  const shapes_doc doc{{circle{1}, 5, circle{2}}, circle{3}};
  EXPECT_EQ(toon::encode(doc),
            "shapes[3]:\n  - \"my kind\": c x\n    r: 1\n  - 5\n  - \"my kind\": c x\n    r: 2\n"
            "one:\n  r: 3");
  check_equivalent(doc);
}

TEST(EncodeKeys, EmptyObjects) {
  // {"e":{},"list":[{},{}],"n":1,"nested":{"e":{},"n":0}}
  const empties doc{{}, {{}, {}}, 1, {{}, 0}};
  EXPECT_EQ(toon::encode(doc), "e:\nlist[2]:\n  -\n  -\nn: 1\nnested:\n  e:\n  n: 0");
  check_equivalent(doc);
}

// Spec §8: each nesting level indents its fields by one more indent unit.
template <int N>
std::string deep_text(int indent) {
  std::string out;
  for (int level = 0; level <= N; ++level) {
    const std::string pad(static_cast<std::size_t>(level * indent), ' ');
    if (level > 0) out += '\n';
    out += pad + "v: " + std::to_string(N - level);
    if (level < N) out += '\n' + pad + "next:";
  }
  return out;
}

template <int N>
deep<N> make_deep() {
  if constexpr (N == 0) return deep<0>{0};
  else return deep<N>{N, make_deep<N - 1>()};
}

TEST(EncodeKeys, DeepNestingBeyondOneIndentCopy) {
  // Depth 24 at indent 2 and 4: up to 96 spaces of indentation.
  const deep<24> doc = make_deep<24>();
  for (int indent : {2, 4}) {
    toon::encode_options o;
    o.indent_size = indent;
    EXPECT_EQ(toon::encode(doc, o), deep_text<24>(indent));
  }
  check_equivalent(doc);
  // As a list item: the first field on the hyphen line, deeper fields at +2.
  check_equivalent(std::vector<deep<24>>{doc, doc});
}

TEST(EncodeKeys, NearTheEndOfTheBufferCapacity) {
  // Each document written after a prefix filling the buffer's capacity up to a few bytes, so
  // that line starts take the exact (non fixed-size) path.
  const deep<24> doc = make_deep<24>();
  const std::string expected = toon::encode(toon::to_value(doc));
  for (std::size_t spare = 0; spare < 80; ++spare) {
    std::string out;
    out.reserve(expected.size() + 200);
    out.assign(out.capacity() - spare - expected.size() / 2, 'x');
    const std::size_t prefix = out.size();
    toon::encode_to(out, doc);
    EXPECT_EQ(std::string_view(out).substr(prefix), expected) << spare;
    EXPECT_EQ(std::string_view(out).substr(0, prefix), std::string(prefix, 'x'));
  }
}

}  // namespace
