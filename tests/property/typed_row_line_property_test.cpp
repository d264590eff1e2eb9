// Table rows read straight from their line (text_sink::row_line, frame_ops::line_row) against
// the cells path. A table of std::vector<T>, whose columns are T's fields in declaration order,
// has its rows read field by field from the line; the same table into
// std::vector<std::optional<T>> (an element type without line rows) is split into cells first
// and goes through the same field parsers one cell at a time, as every row did before. Both
// must give the same objects, or the same error (code, message, path, line, column) and the same
// number of further errors, for every row: each condition on which the line reader declines
// (quotes with backslashes, unterminated or followed by more text, quotes inside unquoted cells,
// spaces around cells, colons in the first cell, too many or too few cells, tokens outside the
// direct parsers' subsets), every delimiter, and cells ending at 16/32/64-byte boundaries.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "toon/toon.hpp"

namespace line_model {

enum class color { red, green, blue };

struct cells {
  std::int8_t i8 = 0;
  std::uint8_t u8 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  float f = 0;
  double d = 0;
  bool b = false;
  std::string s;
  color e = color::red;
  std::optional<std::int64_t> oi;
  std::optional<std::string> os;
  std::optional<double> od;
  std::string t;
  bool operator==(const cells&) const = default;
};

// Rows read from their line.
struct line_doc {
  std::vector<cells> rows;
};
// The same rows split into cells first (std::optional elements have no line rows).
struct cell_doc {
  std::vector<std::optional<cells>> rows;
};

// A string first (its cell may hold a colon: §9.3), then numbers.
struct keyed_first {
  std::string name;
  std::int64_t n = 0;
  double x = 0;
  bool operator==(const keyed_first&) const = default;
};
struct keyed_line_doc {
  std::vector<keyed_first> rows;
};
struct keyed_cell_doc {
  std::vector<std::optional<keyed_first>> rows;
};

struct three_strings {
  std::string a;
  std::string b;
  std::string c;
  bool operator==(const three_strings&) const = default;
};
struct line3 {
  std::vector<three_strings> rows;
};
struct cell3 {
  std::vector<std::optional<three_strings>> rows;
};

}  // namespace line_model

namespace {

using namespace line_model;

constexpr const char* field_names[] = {"i8", "u8", "i32", "u32", "i64", "u64", "f", "d",
                                       "b",  "s",  "e",   "oi",  "os",  "od",  "t"};
constexpr std::size_t field_count = sizeof(field_names) / sizeof(field_names[0]);

std::string describe(const toon::error& e) {
  return std::to_string(static_cast<int>(e.code)) + " " + e.message + " at " + e.path + " " + std::to_string(e.line) +
         ":" + std::to_string(e.column);
}

// What differs between the two paths on `text` ("" when nothing does).
template <class Line, class Cell>
std::string difference(const std::string& text, const toon::decode_options& o) {
  const auto fused = toon::decode<Line>(text, o);
  const auto split = toon::decode<Cell>(text, o);
  if (fused.has_value() != split.has_value())
    return fused.has_value() ? "only the cells path fails: " + describe(split.error())
                             : "only the line path fails: " + describe(fused.error());
  if (fused.has_value()) {
    if (fused->rows.size() != split->rows.size()) return "row counts differ";
    for (std::size_t i = 0; i < fused->rows.size(); ++i)
      if (!split->rows[i].has_value() || !(fused->rows[i] == *split->rows[i])) return "row " + std::to_string(i) + " differs";
    return {};
  }
  const toon::error& a = fused.error();
  const toon::error& b = split.error();
  if (describe(a) != describe(b)) return "errors differ: " + describe(a) + " / " + describe(b);
  if (a.more.size() != b.more.size()) return "error counts differ";
  for (std::size_t k = 0; k < a.more.size(); ++k)
    if (describe(a.more[k]) != describe(b.more[k]))
      return "errors differ: " + describe(a.more[k]) + " / " + describe(b.more[k]);
  return {};
}

// What differs on `text`, strict and not, stopping at the first error and collecting.
template <class Line, class Cell>
std::string differences(const std::string& text) {
  toon::decode_options o;
  std::string d = difference<Line, Cell>(text, o);
  o.collect_all_errors = true;
  if (d.empty()) d = difference<Line, Cell>(text, o);
  o.collect_all_errors = false;
  o.strict = false;
  if (d.empty()) d = difference<Line, Cell>(text, o);
  return d;
}

// In a property.
template <class Line = line_doc, class Cell = cell_doc>
void agree(const std::string& text) {
  const std::string d = differences<Line, Cell>(text);
  RC_ASSERT(d == std::string());
}
// In a test.
template <class Line = line_doc, class Cell = cell_doc>
void expect_agree(const std::string& text) {
  EXPECT_EQ((differences<Line, Cell>(text)), "") << text;
}

rc::Gen<std::string> digits(int min_len, int max_len, bool leading_zero) {
  return rc::gen::mapcat(rc::gen::inRange(min_len, max_len + 1), [leading_zero](int n) {
    return rc::gen::map(rc::gen::container<std::vector<char>>(static_cast<std::size_t>(n), rc::gen::inRange('0', ':')),
                        [leading_zero](std::vector<char> v) {
                          if (!v.empty() && v[0] == '0' && !leading_zero && v.size() > 1) v[0] = '7';
                          return std::string(v.begin(), v.end());
                        });
  });
}

// Text of a given length from a small alphabet that includes the row's special bytes.
rc::Gen<std::string> text_run(int max_len) {
  return rc::gen::mapcat(rc::gen::inRange(0, max_len + 1), [](int n) {
    return rc::gen::map(rc::gen::container<std::vector<char>>(
                            static_cast<std::size_t>(n),
                            rc::gen::weightedElement<char>({{20, 'a'}, {4, 'Z'}, {3, '0'}, {2, ' '}, {2, '-'},
                                                            {1, ':'}, {1, ','}, {1, '|'}, {1, '\t'}, {1, '"'},
                                                            {1, '\\'}, {1, '.'}, {1, '/'}})),
                        [](std::vector<char> v) { return std::string(v.begin(), v.end()); });
  });
}

// Cells of every shape the line reader takes or declines.
rc::Gen<std::string> cell() {
  auto sign = rc::gen::element<std::string>("", "", "-");
  auto integer = rc::gen::apply([](std::string s, std::string d) { return s + d; }, sign, digits(1, 21, false));
  auto zeros = rc::gen::apply([](std::string s, std::string d) { return s + "0" + d; }, sign, digits(0, 3, true));
  auto decimal = rc::gen::apply([](std::string s, std::string a, std::string b) { return s + a + "." + b; }, sign,
                                digits(1, 17, false), digits(0, 17, true));
  auto exponent = rc::gen::apply(
      [](std::string s, std::string a, std::string e, std::string b) { return s + a + e + b; }, sign,
      digits(1, 4, false), rc::gen::element<std::string>("e", "E", "e-", ".5e"), digits(0, 3, false));
  auto word = rc::gen::element<std::string>("true", "false", "null", "tru", "True", "falsey", "red", "green", "blue",
                                            "Red", "purple", "x", "-", "1a", "2024-01-15", "", "a b", "a:b",
                                            "\"x\"", "\"12\"", "\"null\"", "\"a,b\"", "\"a|b\"", "\"a:b\"", "\"\"",
                                            "\"t\\tab\"", "\"open", "\"x\"y", "a\"b", "a\\b", "\"green\"",
                                            "\"2025-01-01T00:00:00Z\"");
  auto quoted = rc::gen::map(text_run(70), [](std::string s) { return "\"" + s + "\""; });
  auto plain = text_run(70);
  auto padded = rc::gen::apply([](std::string l, std::string c, std::string r) { return l + c + r; },
                               rc::gen::element<std::string>("", "", "", " ", "  "), rc::gen::element<std::string>("1", "x", "true", "\"q\"", "2.5"),
                               rc::gen::element<std::string>("", "", "", " "));
  return rc::gen::weightedOneOf<std::string>({{3, integer}, {1, zeros}, {2, decimal}, {1, exponent}, {3, word},
                                              {2, quoted}, {2, plain}, {1, padded}});
}

// A row's cells: usually one per field, sometimes one more or one fewer.
rc::Gen<std::vector<std::string>> row_cells(std::size_t n) {
  return rc::gen::mapcat(rc::gen::weightedElement<int>({{12, 0}, {1, -1}, {1, 1}}), [n](int delta) {
    return rc::gen::container<std::vector<std::string>>(static_cast<std::size_t>(static_cast<int>(n) + delta), cell());
  });
}

std::string delimiter_mark(char delim) {
  if (delim == '\t') return "\t";
  if (delim == '|') return "|";
  return "";
}

std::string table(const char* const* names, std::size_t n, const std::vector<std::vector<std::string>>& rows, char delim) {
  std::string t = "rows[" + std::to_string(rows.size()) + delimiter_mark(delim) + "]{";
  for (std::size_t j = 0; j < n; ++j) t += (j ? std::string(1, delim) : "") + names[j];
  t += "}:\n";
  for (const auto& r : rows) {
    t += "  ";
    for (std::size_t j = 0; j < r.size(); ++j) t += (j ? std::string(1, delim) : "") + r[j];
    t += '\n';
  }
  return t;
}

// Rows that mostly pass the fast parsers (so that declined rows sit between taken ones).
rc::Gen<std::vector<std::string>> good_row() {
  return rc::gen::apply(
      [](int a, std::string s, std::string t) {
        return std::vector<std::string>{std::to_string(a % 100), "7",  "-5", "9",  std::to_string(a), "12", "0.5",
                                        "2.25",                  "true", s,   "green", "null", "x",   "1.5", t};
      },
      rc::gen::arbitrary<int>(), rc::gen::map(text_run(40), [](std::string s) { return "\"" + s + "\""; }),
      rc::gen::element<std::string>("word", "2025-01-01", "a b c", "\"q\""));
}

}  // namespace

RC_GTEST_PROP(TypedRowLine, RowsAgreeWithTheCellsPath, ()) {
  const char delim = *rc::gen::element(',', '\t', '|');
  const auto rows = *rc::gen::scale(
      0.3, rc::gen::container<std::vector<std::vector<std::string>>>(
               rc::gen::weightedOneOf<std::vector<std::string>>({{2, good_row()}, {1, row_cells(field_count)}})));
  agree(table(field_names, field_count, rows, delim));
}

RC_GTEST_PROP(TypedRowLine, FirstCellColonsAgreeWithTheCellsPath, ()) {
  static constexpr const char* names[] = {"name", "n", "x"};
  const char delim = *rc::gen::element(',', '\t', '|');
  // A first cell with a colon somewhere (quoted or not, before or after spaces, quotes...),
  // then mostly good numbers, so that the row is otherwise one the line reader takes.
  const auto first = rc::gen::apply([](std::string a, std::string b) { return a + ":" + b; }, text_run(20), text_run(20));
  const auto colon_row = rc::gen::apply(
      [](std::string a, bool quote, int n, std::string x) {
        return std::vector<std::string>{quote ? "\"" + a + "\"" : a, std::to_string(n), x};
      },
      first, rc::gen::arbitrary<bool>(), rc::gen::arbitrary<int>(), rc::gen::element<std::string>("2.5", "-1", "0", "x"));
  const auto rows = *rc::gen::scale(
      0.3, rc::gen::container<std::vector<std::vector<std::string>>>(
               rc::gen::weightedOneOf<std::vector<std::string>>({{2, colon_row}, {1, row_cells(3)}})));
  agree<keyed_line_doc, keyed_cell_doc>(table(names, 3, rows, delim));
}

// Fixed rows, each through both paths and (when it decodes) to the expected value.
TEST(TypedRowLine, DeclinedRowsAgree) {
  static constexpr const char* names[] = {"name", "n", "x"};
  const std::vector<std::string> rows[] = {
      {"a", "1", "2.5"},        {"\"a\\\"b\"", "1", "2"}, {"\"a", "1", "2"},     {"\"a\"b", "1", "2"},
      {"a\"b", "1", "2"},       {"a\\b", "1", "2"},       {" a", "1", "2"},      {"a ", "1", "2"},
      {"a", " 1", "2"},         {"a", "1 ", "2"},         {"a", "1", "2 "},      {"a:b", "1", "2"},
      {"\"a:b\"", "1", "2"},    {"a", "1"},               {"a", "1", "2", "3"}, {"a", "1", ""},
      {"a", "1", "1e5"},        {"a", "1234567890123456789", "2"}, {"a", "999999999999999999", "2"},
      {"a", "1", "1234567890.123456"}, {"a", "1", "12345678901.2345"}, {"a", "05", "2"},
      {"a", "-0", "-0.0"},      {"null", "1", "2"},        {"\"null\"", "1", "2"}, {"a", "true", "2"},
      {"a", "1", "x"},          {"", "1", "2"},            {"\"\"", "1", "2"},     {"a,b", "1", "2"},
      {"- a", "1", "2"},        {"a", "-", "2"},           {"a", "1", "."},        {"a", "1", "1."},
  };
  for (const auto& r : rows) {
    for (char delim : {',', '\t', '|'}) {
      const std::string text = table(names, 3, {r, {"ok", "2", "3"}}, delim);
      SCOPED_TRACE(text);
      expect_agree<keyed_line_doc, keyed_cell_doc>(text);
    }
  }
  // Lines of the table's scope that are not rows: a key-value line ends it (§9.3).
  expect_agree<keyed_line_doc, keyed_cell_doc>("rows[2]{name,n,x}:\n  a,1,2\n  key: 1,2\n");
  expect_agree<keyed_line_doc, keyed_cell_doc>("rows[1]{name,n,x}:\n  a,1,2\n  b,1,2\n");
  expect_agree<keyed_line_doc, keyed_cell_doc>("rows[3]{name,n,x}:\n  a,1,2\n  b,1,2\n");
}

TEST(TypedRowLine, TakenRowsHaveTheirValues) {
  const auto r = toon::decode<keyed_line_doc>(
      "rows[5]{name,n,x}:\n  a b,-42,0.25\n  \"c, d: e\",999999999999999999,-0.0\n  ,0,123456789012.345\n"
      "  \"\",7,-3\n  x|y,1,1\n");
  ASSERT_TRUE(r.has_value()) << r.error().to_string();
  ASSERT_EQ(r->rows.size(), 5u);
  EXPECT_EQ(r->rows[0], (keyed_first{"a b", -42, 0.25}));
  EXPECT_EQ(r->rows[1], (keyed_first{"c, d: e", 999999999999999999, 0.0}));
  EXPECT_FALSE(std::signbit(r->rows[1].x));
  EXPECT_EQ(r->rows[2], (keyed_first{"", 0, 123456789012.345}));
  EXPECT_EQ(r->rows[3], (keyed_first{"", 7, -3.0}));
  EXPECT_EQ(r->rows[4], (keyed_first{"x|y", 1, 1.0}));
}

// Cells ending at and around 16-, 32- and 64-byte boundaries of the line and of the cell, for
// rows shorter and longer than 16 bytes, quoted and not, empty, first cell, middle and last;
// a quote, a backslash or a delimiter at every position of a cell.
TEST(TypedRowLine, CellsAtBlockBoundaries) {
  const std::size_t lengths[] = {0, 1, 2, 14, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65};
  for (std::size_t la = 0; la <= 70; ++la) {
    for (std::size_t lb : lengths) {
      for (std::size_t lc : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{16}, std::size_t{20}}) {
        for (int quoted = 0; quoted < 8; ++quoted) {
          std::string a(la, 'a');
          const std::string b(lb, 'b');
          const std::string c(lc, 'c');
          if (la > 2) a[la / 2] = ':';  // a colon: the row is a key-value line unless a is quoted
          const std::string ca = quoted & 1 ? "\"" + a + "\"" : a;
          const std::string cb = quoted & 2 ? "\"" + b + "\"" : b;
          const std::string cc = quoted & 4 ? "\"" + c + "\"" : c;
          const std::string text = "rows[1]{a,b,c}:\n  " + ca + "," + cb + "," + cc + "\n";
          SCOPED_TRACE(text);
          expect_agree<line3, cell3>(text);
          if ((quoted & 1) || la <= 2) {
            const auto r = toon::decode<line3>(text);
            ASSERT_TRUE(r.has_value()) << r.error().to_string();
            EXPECT_EQ(r->rows[0], (three_strings{a, b, c}));
          }
        }
      }
    }
  }
  // One special byte at every position of the first or the middle cell.
  for (std::size_t la : {std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{17}, std::size_t{40}}) {
    for (std::size_t i = 0; i < la; ++i) {
      for (char special : {'"', '\\', ','}) {
        std::string a(la, 'a');
        a[i] = special;
        for (const std::string& text :
             {"rows[1]{a,b,c}:\n  " + a + ",bb,cc\n", "rows[1]{a,b,c}:\n  \"" + a + "\",bb,cc\n",
              "rows[1]{a,b,c}:\n  xx," + a + ",cc\n", "rows[1]{a,b,c}:\n  xx,\"" + a + "\",cc\n",
              "rows[1]{a,b,c}:\n  xx,yy," + a + "\n", "rows[1]{a,b,c}:\n  " + std::string(20, 'x') + "," + a + ",c\n"}) {
          SCOPED_TRACE(text);
          expect_agree<line3, cell3>(text);
        }
      }
    }
  }
}

// Integer and decimal cells at the limits of the direct parsers, in each integer type.
TEST(TypedRowLine, NumbersAtTheParsersLimits) {
  const char* tokens[] = {"127", "128", "-128", "-129", "255", "256", "-1", "2147483647", "2147483648",
                          "4294967295", "4294967296", "999999999999999999", "1000000000000000000",
                          "-999999999999999999", "9223372036854775807", "18446744073709551615", "0", "-0", "00",
                          "0.0", "-0.0", "123456789012345", "1234567890123456", "12345678901234.5",
                          "1234567890123.45", "0.123456789012345", "0.1234567890123456", "1.", ".5", "1e2"};
  for (const char* t : tokens) {
    std::vector<std::string> row = {"1", "2", "3", "4", "5", "6", "0.5", "0.5", "true", "s", "red", "1", "o", "1.5", "t"};
    for (std::size_t j = 0; j < 8; ++j) {
      std::vector<std::string> r = row;
      r[j] = t;
      const std::string text = table(field_names, field_count, {r}, ',');
      SCOPED_TRACE(text);
      expect_agree(text);
    }
  }
}

// The depth limit counts a row's object: a row past it fails as before (or with its width
// error when the row is also too wide).
TEST(TypedRowLine, DepthLimitAsBefore) {
  static constexpr const char* names[] = {"name", "n", "x"};
  for (std::size_t depth = 1; depth <= 3; ++depth) {
    toon::decode_options o;
    o.max_depth = depth;
    for (const std::string& text : {table(names, 3, {{"a", "1", "2"}}, ','), table(names, 3, {{"a", "1", "2", "3"}}, ',')}) {
      SCOPED_TRACE(text);
      EXPECT_EQ((difference<keyed_line_doc, keyed_cell_doc>(text, o)), "");
    }
  }
}
