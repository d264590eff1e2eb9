// toon::row_reader: typed rows as they arrive. Rows, errors (code, message, path, line,
// column) and stops are compared with toon::decode<T> of the whole document, for every
// chunking of the input; each row arrives before the next line's first byte is fed.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "../same_error.hpp"
#include "toon/typed/decode.hpp"
#include "toon/typed/row_reader.hpp"

namespace {

struct user {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::string> email;
  bool active = false;
  bool operator==(const user&) const = default;
};

struct address {
  std::string city;
  bool operator==(const address&) const = default;
};

struct person {
  std::string name;
  address home;
  std::vector<std::string> tags;
  bool operator==(const person&) const = default;
};

struct users_doc {
  std::string title;
  std::vector<user> users;
  std::string footer;
};

struct data_part {
  std::vector<int> skipped;
  std::vector<person> items;
  std::string after;
};
struct nested_doc {
  data_part data;
};

// Splits `text` at `cuts` and feeds the pieces; the rows and the outcome of the reading.
template <class T>
struct reading {
  std::vector<T> rows;
  toon::result<void> outcome;
};

template <class T>
reading<T> read_chunked(std::string_view text, std::string_view path, const std::vector<std::size_t>& cuts,
                        const toon::decode_options& o = {}) {
  reading<T> out;
  toon::row_reader<T> reader([&](T& row) { out.rows.push_back(std::move(row)); }, path, o);
  std::size_t at = 0;
  for (std::size_t cut : cuts) {
    if (auto r = reader.feed(text.substr(at, cut - at)); !r) {
      out.outcome = r;
      return out;
    }
    at = cut;
  }
  if (auto r = reader.feed(text.substr(at)); !r) {
    out.outcome = r;
    return out;
  }
  out.outcome = reader.finish();
  return out;
}

std::vector<std::size_t> every_byte(std::size_t n) {
  std::vector<std::size_t> cuts;
  for (std::size_t i = 1; i < n; ++i) cuts.push_back(i);
  return cuts;
}

std::vector<std::vector<std::size_t>> chunkings(std::size_t n) {
  std::mt19937 rng(static_cast<unsigned>(n));
  std::vector<std::vector<std::size_t>> all = {{}, every_byte(n)};
  for (std::size_t max : {3u, 16u}) {
    std::vector<std::size_t> cuts;
    std::uniform_int_distribution<std::size_t> step(1, max);
    for (std::size_t i = step(rng); i < n; i += step(rng)) cuts.push_back(i);
    all.push_back(std::move(cuts));
  }
  return all;
}

const char* const users_text =
    "title: Team\n"
    "users[3]{id,name,email,active}:\n"
    "  1,Ada,ada@example.com,true\n"
    "  2,\"Bob, Jr.\",null,false\n"
    "  3,Cy,cy@example.com,true\n"
    "footer: done\n";

TEST(RowReader, RowsAtAPathEqualTheWholeDecodeForEveryChunking) {
  const users_doc whole = toon::decode<users_doc>(users_text).value();
  for (const auto& cuts : chunkings(std::string_view(users_text).size())) {
    reading<user> r = read_chunked<user>(users_text, "users", cuts);
    ASSERT_TRUE(r.outcome) << r.outcome.error().message;
    EXPECT_EQ(r.rows, whole.users);
  }
  EXPECT_EQ(whole.users.size(), 3u);
  EXPECT_EQ(whole.users[1].name, "Bob, Jr.");
}

TEST(RowReader, RootTableAndListItemsWithNestedFields) {
  const std::string table = "[2]{id,name,email,active}:\n  7,Eve,null,true\n  8,Fay,f@x.io,false\n";
  const auto want = toon::decode<std::vector<user>>(table).value();
  reading<user> r = read_chunked<user>(table, "", every_byte(table.size()));
  ASSERT_TRUE(r.outcome) << r.outcome.error().message;
  EXPECT_EQ(r.rows, want);
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_EQ(r.rows[1].email, "f@x.io");

  const std::string list =
      "data:\n"
      "  skipped[2]: 1,2\n"
      "  items[2]:\n"
      "    - name: Ann\n"
      "      home:\n"
      "        city: Oslo\n"
      "      tags[2]: a,b\n"
      "    - name: Ben\n"
      "      home:\n"
      "        city: Rome\n"
      "      tags[0]:\n"
      "  after: x\n";
  const auto doc = toon::decode<nested_doc>(list, {}).value();
  for (const auto& cuts : chunkings(list.size())) {
    reading<person> p = read_chunked<person>(list, "data.items", cuts);
    ASSERT_TRUE(p.outcome) << p.outcome.error().message;
    EXPECT_EQ(p.rows, doc.data.items);
  }
  EXPECT_EQ(doc.data.items.at(0).home.city, "Oslo");
}

TEST(RowReader, EachRowArrivesBeforeTheNextLineStarts) {
  std::string text = "users[50]{id,name,email,active}:\n";
  for (int i = 1; i <= 50; ++i) text += "  " + std::to_string(i) + ",n" + std::to_string(i) + ",null,true\n";
  std::size_t fed_lines = 0;  // lines completely fed so far
  std::vector<std::size_t> seen_at;
  toon::row_reader<user> reader([&](const user&) { seen_at.push_back(fed_lines); }, "users");
  for (char c : text) {
    ASSERT_TRUE(reader.feed(std::string_view(&c, 1)));
    if (c == '\n') ++fed_lines;
  }
  ASSERT_TRUE(reader.finish());
  ASSERT_EQ(seen_at.size(), 50u);
  // Row i (line i + 2) was delivered while feeding its own newline, before line i + 3 began.
  for (std::size_t i = 0; i < seen_at.size(); ++i) EXPECT_EQ(seen_at[i], i + 1) << "row " << i;
  EXPECT_EQ(reader.rows(), 50u);
}

TEST(RowReader, FieldErrorsHaveTheWholeDecodePathAndPosition) {
  std::string text = "title: T\nusers[45]{id,name,email,active}:\n";
  for (int i = 0; i < 45; ++i)
    text += "  " + std::to_string(i) + ",u" + std::to_string(i) + "," + (i == 41 ? "12" : "null") + ",true\n";
  const auto whole = toon::decode<users_doc>(text);
  ASSERT_FALSE(whole);
  EXPECT_EQ(whole.error().path, "users[41].email");
  for (const auto& cuts : chunkings(text.size())) {
    reading<user> r = read_chunked<user>(text, "users", cuts);
    ASSERT_FALSE(r.outcome);
    toon_test::expect_same_error(r.outcome.error(), whole.error());
    EXPECT_EQ(r.rows.size(), 41u);  // the rows before the bad one were delivered
  }
}

TEST(RowReader, SyntaxErrorsAreTheWholeDecodeErrors) {
  const std::string texts[] = {
      "users[3]{id,name,email,active}:\n  1,a,null,true\n  2,b,null\n  3,c,null,true\n",  // width
      "users[3]{id,name,email,active}:\n  1,a,null,true\n",                               // count
      "users[1]{id,name,email,active}:\n  1,\"a,null,true\n",                             // quote
      "users[2]:\n  - id: 1\n     name: x\n",                                              // indentation
  };
  for (const std::string& text : texts) {
    const auto whole = toon::decode<users_doc>(text);
    ASSERT_FALSE(whole) << text;
    for (const auto& cuts : chunkings(text.size())) {
      reading<user> r = read_chunked<user>(text, "users", cuts);
      ASSERT_FALSE(r.outcome) << text;
      toon_test::expect_same_error(r.outcome.error(), whole.error());
    }
  }
}

TEST(RowReader, TheRowFunctionMayStopTheReading) {
  std::vector<std::int64_t> ids;
  toon::row_reader<user> reader(
      [&](const user& u) {
        ids.push_back(u.id);
        return ids.size() < 2;
      },
      "users");
  EXPECT_TRUE(reader.feed(users_text));
  EXPECT_TRUE(reader.feed("this would be an error: [\n"));
  EXPECT_TRUE(reader.finish());
  EXPECT_TRUE(reader.stopped());
  EXPECT_EQ(ids, (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(reader.rows(), 2u);
}

TEST(RowReader, AnAbsentOrMistypedArrayIsAnError) {
  reading<user> missing = read_chunked<user>(users_text, "people", {});
  ASSERT_FALSE(missing.outcome);
  EXPECT_EQ(missing.outcome.error().code, toon::error_code::missing_field);
  EXPECT_NE(missing.outcome.error().message.find("people"), std::string::npos);

  reading<user> scalar = read_chunked<user>("users: 3\n", "users", {});
  ASSERT_FALSE(scalar.outcome);
  EXPECT_EQ(scalar.outcome.error().code, toon::error_code::type_mismatch);
  EXPECT_EQ(scalar.outcome.error().path, "users");
  EXPECT_EQ(scalar.outcome.error().line, 1u);
  EXPECT_EQ(scalar.outcome.error().column, 8u);

  reading<user> root = read_chunked<user>(users_text, "", {});
  ASSERT_FALSE(root.outcome);
  EXPECT_EQ(root.outcome.error().code, toon::error_code::type_mismatch);
  EXPECT_EQ(root.outcome.error().message, "expected array, found object");
}

TEST(RowReader, NonStrictModeAndOptionsAreThoseOfTheDecoder) {
  toon::decode_options o;
  o.strict = false;
  const std::string text = "users[3]{id,name,email,active}:\n  1,a,null,true\n";  // count off: accepted
  reading<user> r = read_chunked<user>(text, "users", {5, 40}, o);
  ASSERT_TRUE(r.outcome) << r.outcome.error().message;
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(r.rows[0].name, "a");
}

}  // namespace
