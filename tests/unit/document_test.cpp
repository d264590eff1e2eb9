// toon::document: the read-only arena document (include/toon/document.hpp). The fixtures are
// covered by tests/property/consumers_property_test.cpp (same value or same error as
// toon::decode on every decode fixture, both modes); these tests pin the view API, the
// sharing of table keys, non-strict repeated keys and ownership.
#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "toon/toon.hpp"

namespace {

TEST(Document, ReadsEveryKind) {
  const std::string text =
      "name: \"Ada \\\"L\\\"\"\n"
      "age: 36\n"
      "big: 18446744073709551615\n"
      "huge: 123456789012345678901234567890\n"
      "pi: 3.25\n"
      "ok: true\n"
      "none: null\n"
      "tags[2]: x,y\n"
      "empty[0]:\n"
      "nested:\n"
      "  inner: -7\n";
  toon::document doc = toon::decode_document_or_throw(text);
  const toon::node& r = doc.root();
  ASSERT_TRUE(r.is_object());
  EXPECT_EQ(r.size(), 10u);
  EXPECT_EQ(r["name"].as_string(), "Ada \"L\"");
  EXPECT_EQ(r["age"].as_int64(), 36);
  EXPECT_EQ(r["big"].type(), toon::node::kind::uinteger);
  EXPECT_EQ(r["big"].as_uint64(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(r["huge"].as_big_integer(), "123456789012345678901234567890");
  EXPECT_DOUBLE_EQ(r["huge"].to_double(), 1.2345678901234568e29);
  EXPECT_DOUBLE_EQ(r["pi"].as_double(), 3.25);
  EXPECT_TRUE(r["ok"].as_bool());
  EXPECT_TRUE(r["none"].is_null());
  ASSERT_EQ(r["tags"].size(), 2u);
  EXPECT_EQ(r["tags"][1].as_string(), "y");
  EXPECT_TRUE(r["empty"].is_array());
  EXPECT_EQ(r["empty"].size(), 0u);
  EXPECT_EQ(r["nested"]["inner"].as_int64(), -7);
  EXPECT_EQ(r.members()[0].key(), "name");
  EXPECT_EQ(r.find("missing"), nullptr);
  EXPECT_EQ(r.to_value(), toon::decode_or_throw(text));
  EXPECT_GT(doc.memory_size(), text.size());
}

TEST(Document, WrongAccessThrows) {
  toon::document doc = toon::decode_document_or_throw("a: 1\nb[1]: x\n");
  const toon::node& r = doc.root();
  EXPECT_THROW((void)r["a"].as_string(), std::bad_variant_access);
  EXPECT_THROW((void)r["a"].as_double(), std::bad_variant_access);
  EXPECT_THROW((void)r["b"].to_double(), std::bad_variant_access);
  EXPECT_THROW((void)r["zz"], std::out_of_range);
  EXPECT_THROW((void)r[std::size_t{0}], std::out_of_range);
  EXPECT_THROW((void)r["b"][std::size_t{1}], std::out_of_range);
  EXPECT_TRUE(r["a"].elements().empty());
  EXPECT_TRUE(r["b"].members().empty());
  EXPECT_EQ(r["a"].size(), 0u);
}

TEST(Document, TableRowsShareTheirKeys) {
  toon::document doc = toon::decode_document_or_throw("users[3]{id,name}:\n  1,Ada\n  2,Bob\n  3,\"C\\td\"\n");
  const toon::node& users = doc.root()["users"];
  ASSERT_EQ(users.size(), 3u);
  for (const toon::node& row : users.elements()) {
    ASSERT_EQ(row.members().size(), 2u);
    // One copy of each column name serves every row.
    EXPECT_EQ(row.members()[0].key().data(), users[0].members()[0].key().data());
    EXPECT_EQ(row.members()[1].key().data(), users[0].members()[1].key().data());
  }
  EXPECT_EQ(users[2]["name"].as_string(), "C\td");
  EXPECT_EQ(users[1]["id"].as_int64(), 2);
}

TEST(Document, NonStrictRepeatedKeysKeepTheLastValueAtTheFirstPosition) {
  toon::decode_options lax;
  lax.strict = false;
  toon::document doc = toon::decode_document_or_throw("a: 1\nb: 2\na:\n  c: 3\n", lax);
  const toon::node& r = doc.root();
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r.members()[0].key(), "a");
  EXPECT_EQ(r["a"]["c"].as_int64(), 3);
  EXPECT_EQ(r.members()[1].key(), "b");

  toon::document rows = toon::decode_document_or_throw("t[1]{x,y,x}:\n  1,2,3\n", lax);
  const toon::node& row = rows.root()["t"][0];
  ASSERT_EQ(row.size(), 2u);
  EXPECT_EQ(row.members()[0].key(), "x");
  EXPECT_EQ(row["x"].as_int64(), 3);
  EXPECT_EQ(row["y"].as_int64(), 2);
  EXPECT_EQ(rows.root().to_value(), toon::decode_or_throw("t[1]{x,y,x}:\n  1,2,3\n", lax));
}

TEST(Document, OwnsItsTextAndMoves) {
  toon::document doc;
  EXPECT_TRUE(doc.root().is_null());
  EXPECT_EQ(doc.memory_size(), 0u);
  {
    std::string text = "items[2]:\n  - id: 1\n    label: first one\n  - plain\n";
    doc = toon::decode_document_or_throw(text);
    text.assign(text.size(), 'X');  // the document keeps its own copy
  }
  toon::document moved = std::move(doc);
  EXPECT_TRUE(doc.root().is_null());  // NOLINT(bugprone-use-after-move): moved-from state is specified
  const toon::node& items = moved.root()["items"];
  EXPECT_EQ(items[0]["label"].as_string(), "first one");
  EXPECT_EQ(items[1].as_string(), "plain");
}

TEST(Document, RootPrimitivesAndEmptyInput) {
  EXPECT_EQ(toon::decode_document_or_throw("42").root().as_int64(), 42);
  EXPECT_EQ(toon::decode_document_or_throw("\"hi\"").root().as_string(), "hi");
  EXPECT_TRUE(toon::decode_document_or_throw("[2]: 1,2").root().is_array());
  EXPECT_EQ(toon::decode_document_or_throw("").root().to_value(), toon::decode_or_throw(""));
}

TEST(Document, ErrorsMatchDecode) {
  const std::string text = "a: 1\nlist[3]: 1,2\n";
  toon::result<toon::document> doc = toon::decode_document(text);
  ASSERT_FALSE(doc.has_value());
  const toon::error expected = toon::decode(text).error();
  EXPECT_EQ(doc.error().code, expected.code);
  EXPECT_EQ(doc.error().line, 2u);
  EXPECT_EQ(doc.error().column, expected.column);
  EXPECT_THROW((void)toon::decode_document_or_throw(text), toon::toon_error);
}

TEST(Document, EqualityWithValueFollowsTheDataModel) {
  toon::document doc = toon::decode_document_or_throw("a: 1\nb: -0\nc[2]: x,2.5\n");
  EXPECT_TRUE(doc.root() == toon::decode_or_throw("a: 1.0\nb: 0\nc[2]: x,2.5\n"));
  EXPECT_FALSE(doc.root() == toon::decode_or_throw("b: 0\na: 1\nc[2]: x,2.5\n"));
  EXPECT_FALSE(doc.root() == toon::decode_or_throw("a: 1\nb: 0\nc[2]: y,2.5\n"));
  EXPECT_FALSE(doc.root()["a"] == toon::value("1"));
}

}  // namespace
