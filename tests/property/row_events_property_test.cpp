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
#include "value_generators.hpp"

namespace {

// Writes every event as one line of text; `rows` asks for table_row() events, which are
// written as the per-cell events they stand for, so both traces must match line for line.
class trace_handler final : public toon::event_handler {
 public:
  explicit trace_handler(bool rows) {
    if (rows) receive_rows();
  }
  std::string trace;
  int row_events = 0;

  bool start_object(std::size_t hint, std::size_t at) override { return put("{ " + std::to_string(hint), at); }
  bool end_object() override { return put("}", npos); }
  bool start_array(std::size_t n, std::size_t at) override { return put("[ " + std::to_string(n), at); }
  bool end_array() override { return put("]", npos); }
  bool key(std::string_view k, std::size_t at) override { return put("key " + std::string(k), at); }
  bool null_value(std::size_t at) override { return put("null", at); }
  bool bool_value(bool b, std::size_t at) override { return put(b ? "true" : "false", at); }
  bool int_value(std::int64_t i, std::size_t at) override { return put("int " + std::to_string(i), at); }
  bool uint_value(std::uint64_t u, std::size_t at) override { return put("uint " + std::to_string(u), at); }
  bool double_value(double d, std::size_t at) override { return put("double " + toon::encode(toon::value(d)), at); }
  bool big_integer_value(std::string_view s, std::size_t at) override { return put("big " + std::string(s), at); }
  bool string_value(std::string_view s, std::size_t at) override { return put("string " + std::string(s), at); }

  bool begin_table(const std::string_view* names, std::size_t count, std::size_t) override {
    columns_.assign(names, names + count);
    return true;
  }
  bool table_row(const toon::scalar* cells, std::size_t count, std::size_t at) override {
    ++row_events;
    if (count != columns_.size()) return put("row of the wrong width", at);
    // The per-cell path sends the row's start_object and keys at the row's line start.
    bool ok = start_object(0, at);
    for (std::size_t j = 0; ok && j < count; ++j) {
      ok = key(columns_[j], at) && cell(cells[j]);
    }
    return ok && end_object();
  }

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  bool put(const std::string& s, std::size_t at) {
    trace += s;
    if (at != npos) trace += " @" + std::to_string(at);
    trace += '\n';
    return true;
  }
  bool cell(const toon::scalar& c) {
    switch (c.type) {
      case toon::scalar::kind::null: return null_value(c.offset);
      case toon::scalar::kind::boolean: return bool_value(c.b, c.offset);
      case toon::scalar::kind::integer: return int_value(c.i, c.offset);
      case toon::scalar::kind::uinteger: return uint_value(c.u, c.offset);
      case toon::scalar::kind::real: return double_value(c.d, c.offset);
      case toon::scalar::kind::big_integer: return big_integer_value(c.text, c.offset);
      case toon::scalar::kind::string: return string_value(c.text, c.offset);
    }
    return false;
  }
  std::vector<std::string> columns_;
};

struct outcome {
  std::string trace;
  std::string error;  // empty on success
  int row_events = 0;
};

outcome run(std::string_view text, bool rows, const toon::decode_options& o) {
  trace_handler h(rows);
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
    toon::decode_options o;
    if (const toon::value* options = test.find("options"))
      if (const toon::value* i = options->find("indentSize"); i && i->is_number())
        o.indent_size = static_cast<int>(i->as_int64());
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
