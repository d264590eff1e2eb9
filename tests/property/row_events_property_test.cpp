// Row events (event_handler::receive_rows) against the per-cell events: a handler that takes
// table_row() must see exactly the document a per-cell handler sees. Checked over every input
// of the official decode fixtures (strict and non-strict) and over generated documents in
// every delimiter, plus hand-written rows whose cells need unescaping or fail.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "toon/toon.hpp"
#include "fixtures.hpp"
#include "trace_handler.hpp"
#include "value_generators.hpp"

namespace {

struct outcome {
  std::string trace;
  std::string error;  // empty on success
  int row_events = 0;
};

outcome run(std::string_view text, bool rows, const toon::decode_options& o) {
  toon_trace::trace_handler h(rows);
  toon::result<void> r = toon::decode_events(text, h, o);
  outcome out{h.trace, "", h.row_events};
  if (!r) out.error = r.error().to_string();
  return out;
}

// Both paths agree on `text`; returns the number of row events seen.
int expect_same(std::string_view text, const toon::decode_options& o) {
  outcome cells = run(text, false, o);
  outcome rows = run(text, true, o);
  EXPECT_EQ(cells.error, rows.error) << text;
  EXPECT_EQ(cells.trace, rows.trace) << text;
  EXPECT_EQ(cells.row_events, 0);
  return rows.row_events;
}

TEST(RowEvents, SameEventsAsPerCellOnEveryDecodeFixture) {
  int inputs = 0, rows = 0;
  toon_fixtures::for_each_test("decode", [&](const std::filesystem::path&, const toon::value& test) {
    const toon::value* input = test.find("input");
    if (!input || !input->is_string()) return;
    toon::decode_options o = toon_fixtures::decode_options_of(test);
    if (o.indent_size < 1) return;
    for (bool strict : {true, false}) {
      o.strict = strict;
      rows += expect_same(input->as_string(), o);
      ++inputs;
    }
  });
  EXPECT_GT(inputs, 800);
  EXPECT_GT(rows, 100);  // the fixtures do exercise the row path
}

TEST(RowEvents, CellsNeedingUnescapingKeepTheirOwnText) {
  toon::decode_options o;
  const std::string text = "t[2]{a,b,c}:\n  \"x\\ty\",\"\\\"q\\\"\",plain\n  \"1\\n2\",7,\"a,b\"\n";
  EXPECT_EQ(expect_same(text, o), 2);
  auto v = toon::decode(text);
  ASSERT_TRUE(v.has_value()) << v.error().to_string();
  const toon::value& row0 = (*v)["t"][0];
  EXPECT_EQ(row0["a"].as_string(), "x\ty");
  EXPECT_EQ(row0["b"].as_string(), "\"q\"");
  EXPECT_EQ(row0["c"].as_string(), "plain");
  EXPECT_EQ((*v)["t"][1]["a"].as_string(), "1\n2");
  EXPECT_EQ((*v)["t"][1]["c"].as_string(), "a,b");
}

TEST(RowEvents, BadRowsReportWhatThePerCellPathReports) {
  for (bool strict : {true, false}) {
    toon::decode_options o;
    o.strict = strict;
    for (const char* text : {"t[2]{a,b}:\n  1,2\n  3\n", "t[2]{a,b}:\n  1,2\n  3,4,5\n", "t[1]{a,b}:\n  \"x\\q\",2\n",
                             "t[1]{a,b}:\n  \"open,2\n", "m[2:]{a,b}:\n  k: 1,2\n  j: 3\n", "t[1]{a,a}:\n  1,2\n"}) {
      expect_same(text, o);
    }
  }
}

TEST(RowEvents, KeyedTablesAndNestedGroups) {
  toon::decode_options o;
  EXPECT_EQ(expect_same("m[2:]{a,b}:\n  k: 1,x\n  \"j k\": 3,\"y\"\n", o), 2);
  // Nested field groups go through the per-cell events.
  EXPECT_EQ(expect_same("t[2]{a,b{c,d}}:\n  1,2,3\n  4,5,6\n", o), 0);
}

// A table of `width` columns in delimiter `d` holding `rows` (each row's cells joined by d).
std::string table(char d, int width, const std::vector<std::vector<std::string>>& rows) {
  std::string out = "t[" + std::to_string(rows.size());
  if (d != ',') out.push_back(d);
  out += "]{";
  for (int i = 0; i < width; ++i) {
    if (i) out.push_back(d);
    out += "f";
    out += std::to_string(i);
  }
  out += "}:\n";
  for (const auto& row : rows) {
    out += "  ";
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i) out.push_back(d);
      out += row[i];
    }
    out.push_back('\n');
  }
  return out;
}

TEST(RowEvents, LongRowsSpacedCellsAndEveryWidth) {
  // Rows across several 16-byte blocks, cells trimmed of spaces, empty cells, rows one cell
  // short or long, in each delimiter.
  for (char d : {',', '\t', '|'}) {
    for (int width = 2; width <= 40; width += 3) {
      std::vector<std::string> plain, spaced, empty(static_cast<std::size_t>(width));
      for (int i = 0; i < width; ++i) {
        plain.push_back(std::to_string(i * 37) + (i % 3 ? "" : ".5"));
        spaced.push_back((i ? "  v" : "v") + std::to_string(i) + "  ");
      }
      if (d == '\t') empty[0] = "e";  // a leading tab would be indentation
      std::vector<std::string> short_row(plain.begin(), plain.end() - 1), long_row = plain;
      long_row.push_back("x");
      toon::decode_options o;
      for (bool strict : {true, false}) {
        o.strict = strict;
        EXPECT_EQ(expect_same(table(d, width, {plain, spaced, empty}), o), 3) << width;
        expect_same(table(d, width, {plain, short_row, plain}), o);
        expect_same(table(d, width, {long_row, plain, plain}), o);
      }
    }
  }
}

RC_GTEST_PROP(RowEvents, SameEventsOnGeneratedDocuments, ()) {
  const toon::value v = *toon_gen::document_with_array();
  for (toon::delimiter d : {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe}) {
    toon::encode_options eo;
    eo.delimiter = d;
    const std::string text = toon::encode(v, eo);
    for (bool strict : {true, false}) {
      toon::decode_options o;
      o.strict = strict;
      outcome cells = run(text, false, o);
      outcome rows = run(text, true, o);
      RC_ASSERT(cells.error.empty());
      RC_ASSERT(rows.error == cells.error);
      RC_ASSERT(rows.trace == cells.trace);
    }
  }
}

}  // namespace
