// The parser's header memo (src/parse/header_parser.hpp) must give exactly what parse_header
// gives, whatever the line before was: same status, same error, same header (every view at the
// same place in the line). Lines are built from header pieces (keys, lengths with and without
// leading zeros, keyed markers, delimiters, field lists, nested groups, quotes, inline values,
// spaces), so that consecutive lines often repeat a header apart from its length, which is
// when the memo answers instead of parse_header.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "../../src/parse/header_parser.hpp"

namespace {

using toon::detail::header;
using toon::detail::header_memo;
using toon::detail::header_status;
using toon::detail::scan_error;

// Where view `v` starts in `line` (npos-like marker when it does not point into it).
long place(std::string_view v, std::string_view line) {
  if (v.empty()) return -1;
  if (v.data() < line.data() || v.data() + v.size() > line.data() + line.size()) return -2;
  return static_cast<long>(v.data() - line.data());
}

void expect_same(std::string_view line, header_status sa, const header& a, const scan_error& ea, header_status sb,
                 const header& b, const scan_error& eb) {
  RC_ASSERT(sa == sb);
  if (sa == header_status::malformed) {
    RC_ASSERT(ea.code == eb.code);
    RC_ASSERT(ea.offset == eb.offset);
    return;
  }
  if (sa != header_status::ok) return;
  RC_ASSERT(a.has_key == b.has_key);
  RC_ASSERT(a.key == b.key);
  if (a.owned.empty()) RC_ASSERT(place(a.key, line) == place(b.key, line));
  RC_ASSERT(a.key_offset == b.key_offset);
  RC_ASSERT(a.length == b.length);
  RC_ASSERT(a.length_text == b.length_text);
  RC_ASSERT(place(a.length_text, line) == place(b.length_text, line));
  RC_ASSERT(a.keyed == b.keyed);
  RC_ASSERT(a.delim == b.delim);
  RC_ASSERT(a.leaf_count == b.leaf_count);
  RC_ASSERT(a.inline_values == b.inline_values);
  RC_ASSERT(place(a.inline_values, line) == place(b.inline_values, line));
  RC_ASSERT(a.inline_offset == b.inline_offset);
  RC_ASSERT(a.fields.size() == b.fields.size());
  for (std::size_t i = 0; i < a.fields.size(); ++i) {
    RC_ASSERT(a.fields[i].name == b.fields[i].name);
    if (a.owned.empty()) RC_ASSERT(place(a.fields[i].name, line) == place(b.fields[i].name, line));
    RC_ASSERT(a.fields[i].subtree_end == b.fields[i].subtree_end);
    RC_ASSERT(a.fields[i].is_group == b.fields[i].is_group);
  }
}

std::string pick(const std::vector<std::string>& options) { return *rc::gen::elementOf(options); }

// One header-like line; `shape` fixes everything but the length most of the time.
std::string line_of(const std::string& shape_key, const std::string& shape_tail) {
  const std::string length = pick({"0", "1", "2", "7", "10", "123", "02", "00", "", "x", "99999999999999999999"});
  return shape_key + "[" + length + shape_tail;
}

RC_GTEST_PROP(HeaderMemo, AnswersExactlyAsParseHeader, ()) {
  const auto shapes = *rc::gen::container<std::vector<std::pair<std::string, std::string>>>(
      rc::gen::apply(
          [](std::string key, std::string marker, std::string fields, std::string colon, std::string inline_part) {
            return std::make_pair(key, marker + "]" + fields + colon + inline_part);
          },
          rc::gen::elementOf(std::vector<std::string>{"items", "a", "", "\"q k\"", "k ", "a:b", "x\"y\"", "tags",
                                                      "\"a[1]\"", "\"e\\\"q\"", "\"c:d\"", "q\"[2]\"",
                                                      // keys around the memo's 8-byte head filter: sharing
                                                      // their first 8 bytes, the bracket as 8th or 9th byte
                                                      "resource", "resources", "resourcesX", "abcdefg",
                                                      "\"app.kubernetes.io/name\"", "\"app.kubernetes.io/part\""}),
          rc::gen::elementOf(std::vector<std::string>{"", ":", "|", "\t", ":|", "|:"}),
          rc::gen::elementOf(std::vector<std::string>{"", "{a,b}", "{a|b}", "{sku,name,qty}", "{a,b{c,d}}", "{\"x y\",z}",
                                                      "{}", "{a,}", " {a}", "{a{b}}", "{\"a[2]\",b}",
                                                      "{c{\"d e\"{f}}}", "{\"g\\\"h\",i}"}),
          rc::gen::elementOf(std::vector<std::string>{":", " :", "", ": ", ":  "}),
          rc::gen::elementOf(std::vector<std::string>{"", "1,2", "x", "  y  ", "\"a,b\"", "a:b"})));
  RC_PRE(!shapes.empty());
  const int lines = *rc::gen::inRange(1, 40);
  header_memo memo;
  std::string scratch_a, scratch_b;
  for (int i = 0; i < lines; ++i) {
    const auto& shape = shapes[static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(shapes.size())))];
    const std::string line = line_of(shape.first, shape.second);
    header a, b;
    scan_error ea, eb;
    const header_status sa = memo.parse(line, a, scratch_a, ea);
    const header_status sb = toon::detail::parse_header(line, b, scratch_b, eb);
    expect_same(line, sa, a, ea, sb, b, eb);
  }
}

TEST(HeaderMemo, ReusesARepeatedHeaderWithANewLength) {
  header_memo memo;
  std::string scratch;
  scan_error e;
  header h;
  const std::string first = "items[3]{sku,qty}:";
  ASSERT_EQ(memo.parse(first, h, scratch, e), header_status::ok);
  const std::string second = "items[12]{sku,qty}:";
  ASSERT_EQ(memo.parse(second, h, scratch, e), header_status::ok);
  EXPECT_EQ(h.length, 12u);
  ASSERT_EQ(h.fields.size(), 2u);
  EXPECT_EQ(h.fields[1].name, "qty");
  EXPECT_EQ(h.fields[1].name.data(), second.data() + 14);  // a view of the new line
  EXPECT_EQ(h.key.data(), second.data());
  // A length with a leading zero is malformed even when the rest repeats.
  EXPECT_EQ(memo.parse("items[012]{sku,qty}:", h, scratch, e), header_status::malformed);
  // Values after the colon of a header with fields are malformed too.
  EXPECT_EQ(memo.parse("items[3]{sku,qty}: x", h, scratch, e), header_status::malformed);
}

TEST(HeaderMemo, ReusesAHeaderWithQuotedKeyAndFieldNames) {
  header_memo memo;
  std::string scratch;
  scan_error e;
  header h;
  const std::string first = "\"a[1]\"[2:]{d,c{\"x/y\"{s}}}:";
  ASSERT_EQ(memo.parse(first, h, scratch, e), header_status::ok);
  const std::string second = "\"a[1]\"[14:]{d,c{\"x/y\"{s}}}:";
  ASSERT_EQ(memo.parse(second, h, scratch, e), header_status::ok);
  EXPECT_EQ(h.length, 14u);
  EXPECT_EQ(h.key, "a[1]");
  EXPECT_EQ(h.key.data(), second.data() + 1);
  ASSERT_EQ(h.fields.size(), 4u);
  EXPECT_EQ(h.fields[2].name, "x/y");
  EXPECT_EQ(h.fields[2].name.data(), second.data() + 17);  // a view of the new line
}

// A document that cycles through many distinct headers (a Kubernetes Deployment holds ten) is
// answered by the memo from its second cycle on: a header the memo repeats carries the
// `names_checked` mark set on its entry after the first parse, one that was parsed again does
// not. Sixteen headers fit; the seventeenth replaces the oldest.
TEST(HeaderMemo, RemembersACycleOfSixteenHeaders) {
  std::vector<std::string> shapes;
  for (int k = 0; k < 17; ++k)
    shapes.push_back((k % 2 ? "resources" : "ports") + std::to_string(k) + "[#]{name,port" + std::to_string(k) + "}:");
  auto line = [&](int k, int n) {
    std::string s = shapes[static_cast<std::size_t>(k)];
    return s.replace(s.find('#'), 1, std::to_string(n));
  };
  header_memo memo;
  std::string scratch;
  scan_error e;
  for (int k = 0; k < 16; ++k) {
    header h;
    const std::string s = line(k, 2);
    ASSERT_EQ(memo.parse(s, h, scratch, e), header_status::ok) << s;
    EXPECT_FALSE(h.names_checked) << s;
    memo.names_checked();
  }
  for (int round = 0; round < 2; ++round) {
    for (int k = 0; k < 16; ++k) {
      header h;
      const std::string s = line(k, 3 + round * 10);
      ASSERT_EQ(memo.parse(s, h, scratch, e), header_status::ok) << s;
      EXPECT_TRUE(h.names_checked) << s;  // answered by its entry
      EXPECT_EQ(h.length, static_cast<std::uint64_t>(3 + round * 10)) << s;
      ASSERT_EQ(h.fields.size(), 2u);
      EXPECT_EQ(h.fields[1].name, "port" + std::to_string(k));
    }
  }
  header h;
  ASSERT_EQ(memo.parse(line(16, 4), h, scratch, e), header_status::ok);  // replaces the oldest
  EXPECT_FALSE(h.names_checked);
  ASSERT_EQ(memo.parse(line(0, 4), h, scratch, e), header_status::ok);  // parsed again
  EXPECT_FALSE(h.names_checked);
  ASSERT_EQ(memo.parse(line(2, 4), h, scratch, e), header_status::ok);  // still remembered
  EXPECT_TRUE(h.names_checked);
}

}  // namespace
