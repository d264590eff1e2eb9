// {fmt} integration (toon/fmt.hpp): values with each spec, errors with their source line and
// caret, toon::as_toon; and the error context that detail::set_location records.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "toon/decode.hpp"
#include "toon/fmt.hpp"
#include "toon/json.hpp"

namespace {

using toon::array;
using toon::error_code;
using toon::object;
using toon::value;

value sample() {
  return value(object{{"name", "Ada"},
                      {"tags", array{"a", "b c", "x|y"}},
                      {"rows", array{object{{"id", 1}, {"ok", true}}, object{{"id", 2}, {"ok", false}}}}});
}

toon::error decode_error(std::string_view text) {
  auto r = toon::decode(text);
  EXPECT_FALSE(r.has_value()) << text;
  return r.has_value() ? toon::error{} : r.error();
}

TEST(FmtValue, DefaultIsToonWithCommas) {
  EXPECT_EQ(fmt::format("{}", sample()),
            "name: Ada\ntags[3]: a,b c,x|y\nrows[2]{id,ok}:\n  1,true\n  2,false");
  EXPECT_EQ(fmt::format("[{}]", value(42)), "[42]");
  EXPECT_EQ(fmt::format("{}", value(array{1, 2})), "[2]: 1,2");
  EXPECT_EQ(fmt::format("{}", value()), "null");
}

TEST(FmtValue, TabAndPipeDelimiters) {
  EXPECT_EQ(fmt::format("{:t}", sample()),
            "name: Ada\ntags[3\t]: a\tb c\tx|y\nrows[2\t]{id\tok}:\n  1\ttrue\n  2\tfalse");
  EXPECT_EQ(fmt::format("{:|}", sample()),
            "name: Ada\ntags[3|]: a|b c|\"x|y\"\nrows[2|]{id|ok}:\n  1|true\n  2|false");
}

TEST(FmtValue, CompactJson) {
  EXPECT_EQ(fmt::format("{:j}", sample()),
            R"({"name":"Ada","tags":["a","b c","x|y"],"rows":[{"id":1,"ok":true},{"id":2,"ok":false}]})");
  EXPECT_EQ(fmt::format("{:j}", value("q\"")), R"("q\"")");
}

TEST(FmtValue, SameAsEncode) {
  const value v = sample();
  toon::encode_options pipe;
  pipe.delimiter = toon::delimiter::pipe;
  EXPECT_EQ(fmt::format("{}", v), toon::encode(v));
  EXPECT_EQ(fmt::format("{:|}", v), toon::encode(v, pipe));
  EXPECT_EQ(fmt::format("{:j}", v), toon::to_json(v));
}

TEST(FmtValue, RejectsUnknownSpecs) {
  const value v = sample();
  for (const char* spec : {"{:x}", "{:tj}", "{:>10}", "{:jj}", "{:T}", "{:,}", "{: }"})
    EXPECT_THROW((void)fmt::format(fmt::runtime(spec), v), fmt::format_error) << spec;
}

TEST(FmtError, MisindentedLine) {
  const std::string text = "a:\n  b: 1\n   c: 2";
  const toon::error e = decode_error(text);
  EXPECT_EQ(e.code, error_code::invalid_indentation);
  EXPECT_EQ(fmt::format("{}", e),
            "3:1: indentation is not a multiple of the indent size\n"
            "   c: 2\n"
            "^");
}

TEST(FmtError, UnterminatedString) {
  const std::string text = "name: Ada\nnote: \"open\nnext: 1";
  const toon::error e = decode_error(text);
  EXPECT_EQ(e.code, error_code::unterminated_string);
  EXPECT_EQ(fmt::format("{}", e),
            "2:7: unterminated string\n"
            "note: \"open\n"
            "      ^");
}

TEST(FmtError, TabsInTheLineKeepTheCaretAligned) {
  const std::string text = "rows[2\t]{a\tb}:\n  1\t2\n  1\t\"x";
  const toon::error e = decode_error(text);
  EXPECT_EQ(fmt::format("{}", e), "3:5: unterminated string\n  1\t\"x\n   \t^");
}

TEST(FmtError, LongLinesAreWindowed) {
  const std::string text = "a: \"" + std::string(300, 'x') + "\\q" + std::string(300, 'y') + "\"";
  const toon::error e = decode_error(text);
  const std::string shown = "..." + std::string(70, 'x') + "\\q" + std::string(68, 'y') + "...";
  EXPECT_EQ(e.source_line, shown);
  EXPECT_EQ(e.source_column, 74u);
  EXPECT_EQ(fmt::format("{}", e), "1:305: invalid escape sequence\n" + shown + "\n" + std::string(73, ' ') + "^");
}

TEST(FmtError, MatchesFormatErrorForManyInputs) {
  const std::vector<std::string> inputs = {
      "a:\n  b: 1\n   c: 2",
      "a: \"x",
      "users[2]{id,name}:\n  1,Ada\n  2",
      "[3]: 1,2",
      "a: 1\r\nb: \"\\u12\"\r\n",
      "items[2]:\n  - 1\n\n  - 2",
      "a: 1\na: 2",
      "x: \"" + std::string(200, 'z') + "\\x\"",
      "x: \"" + std::string(100, 'z') + "\xC3\xA9" + std::string(100, 'z') + "\\x\"",
      "a:\n\tb: 1",
      "a: 1\n  b: 2",
      "\xEF\xBB\xBF" "a: 1\nb",
      "\xEF\xBB\xBF" "a: \"open",
  };
  for (const std::string& text : inputs) {
    const toon::error e = decode_error(text);
    if (e.code == error_code::ok) continue;
    // format_error shows the line of `text` itself; a leading byte order mark is not shown
    // by set_location, so compare against the text without it.
    std::string_view shown_source = text;
    if (shown_source.substr(0, 3) == "\xEF\xBB\xBF") shown_source.remove_prefix(3);
    EXPECT_EQ(fmt::format("{}", e), toon::format_error(e, shown_source)) << text;
  }
}

TEST(FmtError, ByteOrderMarkIsNotShownOrCounted) {
  const toon::error e = decode_error("\xEF\xBB\xBF" "a: \"open");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 4u);
  EXPECT_EQ(e.source_line, "a: \"open");
  EXPECT_EQ(e.source_column, 4u);
}

TEST(FmtError, JsonErrorsCarryTheirLine) {
  const std::string json = "{\n  \"a\": [1,\n  2,,\n]}";
  auto r = toon::from_json(json);
  ASSERT_FALSE(r.has_value());
  const toon::error& e = r.error();
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.source_line, "  2,,");
  EXPECT_EQ(fmt::format("{}", e), toon::format_error(e, json));
}

TEST(FmtError, WithoutSourceOrPosition) {
  toon::error e;
  e.code = error_code::io_error;
  e.message = "cannot open file";
  EXPECT_EQ(fmt::format("{}", e), "cannot open file");
  e.line = 4;
  e.column = 2;
  e.path = "users[3].email";
  EXPECT_EQ(fmt::format("{}", e), "4:2: users[3].email: cannot open file");
}

TEST(FmtError, PathAndSourceAndMore) {
  toon::error e;
  e.code = error_code::type_mismatch;
  e.message = "expected integer, found string";
  e.path = "orders[1].qty";
  toon::detail::set_location(e, "orders[2]{qty}:\n  1\n  two", 22);
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 3u);
  toon::error second;
  second.code = error_code::missing_field;
  second.message = "missing required field";
  second.path = "id";
  toon::detail::set_location(second, "qty: 1", 0);
  e.more.push_back(second);
  EXPECT_EQ(fmt::format("{}", e),
            "3:3: orders[1].qty: expected integer, found string\n"
            "  two\n"
            "  ^\n"
            "1:1: id: missing required field\n"
            "qty: 1\n"
            "^");
}

TEST(FmtError, SetLocationAtLineEnds) {
  toon::error e;
  toon::detail::set_location(e, "ab\r\ncd\n", 2);  // on the CR
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 3u);
  EXPECT_EQ(e.source_line, "ab");
  EXPECT_EQ(e.source_column, 3u);
  toon::detail::set_location(e, "ab\r\ncd\n", 7);  // at the end, after the last LF
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 1u);
  EXPECT_EQ(e.source_line, "");
  EXPECT_EQ(e.source_column, 1u);
  toon::detail::set_location(e, "abc", 99);  // past the end: clamped
  EXPECT_EQ(e.column, 4u);
  EXPECT_EQ(e.source_line, "abc");
  EXPECT_EQ(e.source_column, 4u);
}

TEST(FmtError, RejectsSpecs) {
  toon::error e;
  e.message = "m";
  EXPECT_THROW((void)fmt::format(fmt::runtime("{:x}"), e), fmt::format_error);
}

TEST(FmtAsToon, Values) {
  const value v = sample();
  EXPECT_EQ(fmt::format("{}", toon::as_toon(v)), toon::encode(v));
  toon::encode_options o;
  o.indent_size = 4;
  o.delimiter = toon::delimiter::pipe;
  EXPECT_EQ(fmt::format("{}", toon::as_toon(v, o)),
            "name: Ada\ntags[3|]: a|b c|\"x|y\"\nrows[2|]{id|ok}:\n    1|true\n    2|false");
  EXPECT_EQ(fmt::format("<{}>", toon::as_toon(value(object{{"k", "v"}}))), "<k: v>");
  EXPECT_THROW((void)fmt::format(fmt::runtime("{:t}"), toon::as_toon(v)), fmt::format_error);
}

struct point {
  int x;
  int y;
};

struct route {
  std::string name;
  std::vector<point> stops;
  std::optional<double> length;
  std::map<std::string, std::string> tags;
};

TEST(FmtAsToon, TypedValues) {
  EXPECT_EQ(fmt::format("{}", toon::as_toon(point{3, 4})), "x: 3\ny: 4");
  const route r{"loop", {{0, 0}, {1, 2}}, std::nullopt, {{"kind", "a|b"}}};
  EXPECT_EQ(fmt::format("{}", toon::as_toon(r)),
            "name: loop\nstops[2]{x,y}:\n  0,0\n  1,2\nlength: null\ntags:\n  kind: a|b");
  toon::encode_options pipe;
  pipe.delimiter = toon::delimiter::pipe;
  EXPECT_EQ(fmt::format("{}", toon::as_toon(r, pipe)), toon::encode(r, pipe));
  EXPECT_EQ(fmt::format("{}", toon::as_toon(std::vector<int>{1, 2, 3})), "[3]: 1,2,3");
  EXPECT_EQ(fmt::format("{}", toon::as_toon("text")), "text");
}

}  // namespace
