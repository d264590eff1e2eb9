// Quoted primitives taken as their content (parser_core::emit_primitive: a quoted token without
// a backslash whose only other quote is its last byte) against the classifier
// (parse_primitive, which every other quoted token still goes through). Tokens are built from
// quotes, backslashes, escape letters, spaces and text, closed or not, followed by spaces or
// more text or not, and placed so that they start and end around 16/32/64-byte boundaries of
// the line and of the input (with and without a final newline, and fed in chunks). Every
// consumer (toon::decode, decode_document, toon_to_json, typed decode, decode_events, the
// stream decoder) must give the classifier's string, or its error at the same line and column.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../../src/parse/token.hpp"
#include "toon/toon.hpp"
#include "trace_handler.hpp"

namespace quoted_model {

struct one_string {
  std::string k;
  std::optional<std::int64_t> z;
};
struct one_list {
  std::vector<std::string> a;
};

}  // namespace quoted_model

namespace {

// What the classifier makes of a token: its string, or its error (code, offset in the token).
struct classified {
  bool ok = false;
  std::string text;
  toon::error_code code{};
  std::size_t offset = 0;
};

classified classify(std::string_view token) {
  std::string scratch;
  toon::detail::primitive p;
  toon::detail::scan_error e;
  classified c;
  c.ok = toon::detail::parse_primitive(token, scratch, p, e);
  if (c.ok) {
    c.text = std::string(p.text);
    c.ok = p.type == toon::detail::primitive::kind::string;
  } else {
    c.code = e.code;
    c.offset = e.offset;
  }
  return c;
}

// The token as its line gives it to the parser (the line's trailing spaces are not content,
// inside an unterminated quoted token too), classified.
classified classify_trimmed(std::string_view token) {
  while (!token.empty() && token.back() == ' ') token.remove_suffix(1);
  return classify(token);
}

// A quoted token: a quote, content from bytes that matter to the fast path, then (usually) a
// closing quote and (sometimes) more text.
rc::Gen<std::string> quoted_token(bool inline_cell) {
  auto byte = rc::gen::weightedElement<char>({{30, 'a'}, {4, 'Z'}, {4, ' '}, {3, '"'}, {3, '\\'}, {2, 'n'},
                                              {2, 't'}, {2, 'u'}, {2, '0'}, {2, '-'}, {1, '#'}, {1, '/'}});
  auto content = rc::gen::mapcat(rc::gen::inRange(0, 70), [byte](int n) {
    return rc::gen::map(rc::gen::container<std::vector<char>>(static_cast<std::size_t>(n), byte),
                        [](const std::vector<char>& v) { return std::string(v.begin(), v.end()); });
  });
  auto close = rc::gen::weightedElement<std::string>({{12, "\""}, {1, ""}});
  auto after = inline_cell ? rc::gen::element<std::string>("")
                           : rc::gen::weightedElement<std::string>({{12, ""}, {1, "x"}, {1, " x"}, {1, "\"\""}, {1, "\\"}});
  return rc::gen::apply([](std::string c, std::string q, std::string a) { return "\"" + c + q + a; }, content, close, after);
}

// The same bytes through every consumer, checked against `want` (the token's classification,
// the token standing at (line, column) and the document's value when it decodes).
void check_all(const std::string& text, const classified& want, std::uint32_t line, std::uint32_t column,
               const toon::value& expected, bool list, bool typed, const toon::decode_options& o) {
  const auto v = toon::decode(text, o);
  if (want.ok) {
    RC_ASSERT(v.has_value());
    RC_ASSERT(*v == expected);
  } else {
    RC_ASSERT(!v.has_value());
    RC_ASSERT(v.error().code == want.code);
    RC_ASSERT(v.error().line == line);
    RC_ASSERT(v.error().column == column + static_cast<std::uint32_t>(want.offset));
  }
  const auto d = toon::decode_document(text, o);
  RC_ASSERT(d.has_value() == v.has_value());
  if (d) RC_ASSERT(d->root().to_value() == *v);
  else RC_ASSERT(d.error().code == v.error().code && d.error().line == v.error().line && d.error().column == v.error().column);

  const auto j = toon::toon_to_json(text, o);
  RC_ASSERT(j.has_value() == v.has_value());
  if (j) RC_ASSERT(*j == toon::to_json(*v));
  else RC_ASSERT(j.error().code == v.error().code && j.error().line == v.error().line && j.error().column == v.error().column);

  if (!typed) {
  } else if (list) {
    const auto t = toon::decode<quoted_model::one_list>(text, o);
    RC_ASSERT(t.has_value() == v.has_value());
    if (t) RC_ASSERT(toon::value(t->a.front()) == v->as_object().find("a")->as_array().front());
    else RC_ASSERT(t.error().code == v.error().code && t.error().line == v.error().line && t.error().column == v.error().column);
  } else {
    const auto t = toon::decode<quoted_model::one_string>(text, o);
    RC_ASSERT(t.has_value() == v.has_value());
    if (t) RC_ASSERT(toon::value(t->k) == *v->as_object().find("k"));
    else RC_ASSERT(t.error().code == v.error().code && t.error().line == v.error().line && t.error().column == v.error().column);
  }

  toon_trace::trace_handler whole(false);
  const auto e = toon::decode_events(text, whole, o);
  RC_ASSERT(e.has_value() == v.has_value());
  if (!e) RC_ASSERT(e.error().code == v.error().code && e.error().line == v.error().line && e.error().column == v.error().column);

  // Fed in chunks (lines cut through the stream decoder's buffer).
  for (const std::size_t size : {std::size_t{1}, std::size_t{7}, std::size_t{16}, std::size_t{33}}) {
    toon_trace::trace_handler parts(false);
    toon::stream_decoder s(parts, o);
    toon::result<void> r;
    for (std::size_t at = 0; at < text.size() && r; at += size) r = s.feed(std::string_view(text).substr(at, size));
    if (r) r = s.finish();
    RC_ASSERT(r.has_value() == v.has_value());
    if (r) RC_ASSERT(parts.trace == whole.trace);
    else RC_ASSERT(r.error().code == v.error().code && r.error().line == v.error().line && r.error().column == v.error().column);
  }
}

toon::decode_options mode(bool strict) {
  toon::decode_options o;
  o.strict = strict;
  return o;
}

}  // namespace

// `k: TOKEN`, the token after 1-70 spaces (so that it starts and ends on either side of the
// 16/32/64-byte boundaries), followed by spaces or not, by another line or not, by a newline
// or not.
void key_value_case() {
  const std::string token = *quoted_token(false);
  const int pad = *rc::gen::inRange(1, 70);
  const std::string trail = *rc::gen::element<std::string>("", "", " ", "   ");
  const int follow = *rc::gen::inRange(0, 3);  // 0: end of input, 1: newline, 2: another line
  const bool nested = *rc::gen::arbitrary<bool>();
  const bool strict = *rc::gen::arbitrary<bool>();
  const std::string indent = nested ? "  " : "";
  std::string text = nested ? "o:\n" : "";
  text += indent + "k:" + std::string(static_cast<std::size_t>(pad), ' ') + token + trail;
  if (follow >= 1) text += "\n";
  if (follow == 2) text += indent + "z: 1\n";
  const classified want = classify_trimmed(token);
  toon::value expected;
  if (want.ok) {
    toon::object inner;
    inner.append("k") = toon::value(want.text);
    if (follow == 2) inner.append("z") = toon::value(std::int64_t{1});
    if (nested) {
      toon::object outer;
      outer.append("o") = toon::value(std::move(inner));
      expected = toon::value(std::move(outer));
    } else {
      expected = toon::value(std::move(inner));
    }
  }
  const auto column = static_cast<std::uint32_t>(indent.size() + 2 + static_cast<std::size_t>(pad) + 1);
  check_all(text, want, nested ? 2 : 1, column, expected, false, !nested, mode(strict));
}

// `- TOKEN` list items and `a[1]: TOKEN` inline cells.
void item_case() {
  const bool inline_cell = *rc::gen::arbitrary<bool>();
  const std::string token = *quoted_token(inline_cell);
  const int pad = *rc::gen::inRange(0, 70);
  const bool final_newline = *rc::gen::arbitrary<bool>();
  const bool strict = *rc::gen::arbitrary<bool>();
  std::string text;
  std::uint32_t line = 1;
  std::uint32_t column = 0;
  if (inline_cell) {
    // Padding in the key: the token follows `a…a[1]: `.
    const std::string key = "a" + std::string(static_cast<std::size_t>(pad), 'b');
    text = "x: 0\n" + key + "[1]: " + token;
    line = 2;
    column = static_cast<std::uint32_t>(key.size() + 5 + 1);
  } else {
    text = "a[1]:\n  - " + token;
    line = 2;
    column = 5;
  }
  if (final_newline) text += "\n";
  const classified want = classify_trimmed(token);
  toon::value expected;
  if (want.ok) {
    toon::array items;
    items.push_back(toon::value(want.text));
    toon::object o;
    if (inline_cell) {
      o.append("x") = toon::value(std::int64_t{0});
      o.append("a" + std::string(static_cast<std::size_t>(pad), 'b')) = toon::value(std::move(items));
    } else {
      o.append("a") = toon::value(std::move(items));
    }
    expected = toon::value(std::move(o));
  }
  if (inline_cell) {
    // A cell holding an unquoted comma or colon is not one token: only the consumers' agreement
    // is checked there (the key is not `a`, so no typed target either).
    if (token.find(',') != std::string::npos || token.find(':') != std::string::npos || !want.ok) {
      const auto v = toon::decode(text, mode(strict));
      const auto d = toon::decode_document(text, mode(strict));
      const auto j = toon::toon_to_json(text, mode(strict));
      RC_ASSERT(v.has_value() == d.has_value());
      RC_ASSERT(v.has_value() == j.has_value());
      if (v) {
        RC_ASSERT(d->root().to_value() == *v);
        RC_ASSERT(*j == toon::to_json(*v));
      } else {
        RC_ASSERT(d.error().code == v.error().code && d.error().column == v.error().column);
        RC_ASSERT(j.error().code == v.error().code && j.error().column == v.error().column);
      }
      if (want.ok) RC_ASSERT(v.has_value() && *v == expected);
      return;
    }
    const auto v = toon::decode(text, mode(strict));
    RC_ASSERT(v.has_value());
    RC_ASSERT(*v == expected);
    const auto d = toon::decode_document(text, mode(strict));
    RC_ASSERT(d.has_value() && d->root().to_value() == expected);
    const auto j = toon::toon_to_json(text, mode(strict));
    RC_ASSERT(j.has_value() && *j == toon::to_json(expected));
    return;
  }
  check_all(text, want, line, column, expected, true, true, mode(strict));
}

// Eight cases a run (the fast path's edges are a few bytes of a long token).
RC_GTEST_PROP(QuotedValues, KeyValueLineMatchesTheClassifier, ()) {
  for (int i = 0; i < 8; ++i) key_value_case();
}
RC_GTEST_PROP(QuotedValues, ListItemsAndInlineCellsMatchTheClassifier, ()) {
  for (int i = 0; i < 8; ++i) item_case();
}

// Unquoted tokens that start with a digit (integers, short decimals, strings such as dates,
// leading zeros, exponents, long digit runs) as `k: TOKEN` and `- TOKEN`: the parser's inline
// reading (parser_core::emit_common) against the JSON writer's path, which classifies every
// unquoted token with parse_primitive (strict mode: toon_to_json does not build a value there).
RC_GTEST_PROP(QuotedValues, DigitTokensMatchTheClassifier, ()) {
  auto byte = rc::gen::weightedElement<char>({{30, '1'}, {10, '0'}, {10, '9'}, {6, '.'}, {2, 'e'}, {2, 'E'},
                                              {2, '-'}, {2, '+'}, {2, 'x'}, {2, ':'}, {1, 'T'}});
  const std::string first = std::string(1, *rc::gen::element('0', '1', '5', '9'));
  const auto rest = *rc::gen::container<std::vector<char>>(byte);
  std::string token = first + std::string(rest.begin(), rest.end());
  if (token.size() > 40) token.resize(40);
  const bool item = *rc::gen::arbitrary<bool>();
  const std::string text = item ? "a[1]:\n  - " + token + "\n" : "k: " + token + "\n";
  const auto j = toon::toon_to_json(text);
  const auto v = toon::decode(text);
  const auto d = toon::decode_document(text);
  RC_ASSERT(j.has_value() == v.has_value());
  RC_ASSERT(d.has_value() == v.has_value());
  if (!v) return;
  RC_ASSERT(toon::to_json(*v) == *j);
  RC_ASSERT(toon::to_json(d->root().to_value()) == *j);
  toon_trace::trace_handler events(false);
  RC_ASSERT(toon::decode_events(text, events).has_value());
  toon::value_stream vs;
  RC_ASSERT(vs.feed(text).has_value());
  const auto streamed = vs.finish();
  RC_ASSERT(streamed.has_value());
  RC_ASSERT(toon::to_json(*streamed) == *j);
}

// The same for tokens at the edges of the digit readers.
TEST(QuotedValues, DigitTokenEdges) {
  for (const char* token : {"0", "00", "05", "0.0", "0.54", "10.50", "1.", "1.e5", "1.5e3", "1.5E-3", "1.28.2",
                            "1.5x", "2025-01-15", "2025-01-15T00:00:00Z", "12ab", "1e5", "123456789012345",
                            "1234567890123456789", "12345678901234567890", "123456789012345.5", "12345678901234.5",
                            "1234567890123456.5", "9.999999999999999", "0.000000000000001", "1:2"}) {
    for (const std::string& text : {std::string("k: ") + token + "\n", std::string("a[1]:\n  - ") + token}) {
      const auto j = toon::toon_to_json(text);
      const auto v = toon::decode(text);
      const auto d = toon::decode_document(text);
      ASSERT_TRUE(j.has_value() && v.has_value() && d.has_value()) << text;
      EXPECT_EQ(toon::to_json(*v), *j) << text;
      EXPECT_EQ(toon::to_json(d->root().to_value()), *j) << text;
    }
  }
}

// Fixed cases: the fast path's edges, and the classifier's errors where it declines.
TEST(QuotedValues, EdgesAndErrors) {
  struct expect_error {
    const char* text;
    toon::error_code code;
    std::uint32_t column;
    std::uint32_t line = 1;
  };
  EXPECT_EQ(toon::decode_or_throw("k: \"\""), toon::decode_or_throw("k: \"\"\n"));
  EXPECT_EQ(toon::decode_or_throw("k: \"\"").as_object().find("k")->as_string(), "");
  EXPECT_EQ(toon::decode_or_throw("k: \"a b\"  ").as_object().find("k")->as_string(), "a b");
  EXPECT_EQ(toon::decode_or_throw("k: \"a\\\"b\"").as_object().find("k")->as_string(), "a\"b");
  EXPECT_EQ(toon::decode_or_throw("k: \"a\\\\\"").as_object().find("k")->as_string(), "a\\");
  EXPECT_EQ(toon::decode_or_throw("[2]:\n  - \"x\"\n  - \"\"").as_array()[1].as_string(), "");
  EXPECT_EQ(toon::decode_or_throw("[2]: \"a,b\",\"\"").as_array()[0].as_string(), "a,b");
  EXPECT_EQ(toon::decode_or_throw("\"root\"").as_string(), "root");
  EXPECT_EQ(toon::decode_or_throw("t[1]{a,b}:\n  \"x\",\"y z\"").as_object().find("t")->as_array()[0].as_object().find("b")->as_string(), "y z");
  for (const expect_error& c : {expect_error{"k: \"abc", toon::error_code::unterminated_string, 4},
                                expect_error{"k: \"a\"b\"", toon::error_code::unexpected_line, 7},
                                expect_error{"k: \"a\" x", toon::error_code::unexpected_line, 7},
                                expect_error{"k: \"a\\q\"", toon::error_code::invalid_escape, 6},
                                expect_error{"k: \"\\\"", toon::error_code::unterminated_string, 4},
                                expect_error{"k: \"", toon::error_code::unterminated_string, 4},
                                expect_error{"[1]:\n  - \"a\"\"", toon::error_code::unexpected_line, 8, 2}}) {
    for (const bool strict : {true, false}) {
      const auto r = toon::decode(c.text, mode(strict));
      ASSERT_FALSE(r.has_value()) << c.text;
      EXPECT_EQ(r.error().code, c.code) << c.text << " -> " << r.error().to_string();
      EXPECT_EQ(r.error().line, c.line) << c.text;
      EXPECT_EQ(r.error().column, c.column) << c.text << " -> " << r.error().to_string();
    }
  }
}
