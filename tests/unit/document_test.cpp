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

#include "../same_error.hpp"
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

// node::to_value() against a value written by hand: every kind, tables, arrays of arrays, an
// empty object and array, a subtree; the copies outlive the document and grow past the sizes
// they were made with.
TEST(Document, ToValueCopiesEveryKindAndOutlivesTheDocument) {
  const std::string text =
      "id: 7\n"
      "max: 18446744073709551615\n"
      "huge: -123456789012345678901234567890\n"
      "pi: 2.5\n"
      "ok: false\n"
      "none: null\n"
      "long: \"a string longer than fifteen bytes\"\n"
      "rows[2]{a,b}:\n"
      "  1,x\n"
      "  2,y\n"
      "lists[3]:\n"
      "  - [2]: 1,2\n"
      "  - [0]:\n"
      "  - k: v\n"
      "empty:\n"
      "deep:\n"
      "  a:\n"
      "    b:\n"
      "      c: end\n";
  const toon::value deep = toon::object{{"a", toon::object{{"b", toon::object{{"c", "end"}}}}}};
  const toon::value want = toon::object{
      {"id", 7},
      {"max", std::numeric_limits<std::uint64_t>::max()},
      {"huge", toon::big_integer{"-123456789012345678901234567890"}},
      {"pi", 2.5},
      {"ok", false},
      {"none", nullptr},
      {"long", "a string longer than fifteen bytes"},
      {"rows", toon::array{toon::object{{"a", 1}, {"b", "x"}}, toon::object{{"a", 2}, {"b", "y"}}}},
      {"lists", toon::array{toon::array{1, 2}, toon::array{}, toon::object{{"k", "v"}}}},
      {"empty", toon::object{}},
      {"deep", deep}};
  toon::value copy, sub, primitive;
  {
    toon::document doc = toon::decode_document_or_throw(text);
    copy = doc.root().to_value();
    sub = doc.root()["deep"]["a"].to_value();
    primitive = doc.root()["long"].to_value();
  }
  EXPECT_EQ(copy, want);
  EXPECT_EQ(copy["max"].type(), toon::value::kind::uinteger);
  EXPECT_EQ(copy["huge"].type(), toon::value::kind::big_integer);
  EXPECT_EQ(copy["pi"].type(), toon::value::kind::real);
  EXPECT_EQ(sub, deep["a"]);
  EXPECT_EQ(primitive, toon::value("a string longer than fifteen bytes"));
  toon::object& empty = copy.as_object().at("empty").as_object();
  for (int i = 0; i < 40; ++i) empty.insert_or_assign("k" + std::to_string(i), i);
  copy.as_object().at("lists").as_array()[0].as_array().push_back(3);
  ASSERT_EQ(empty.size(), 40u);
  EXPECT_EQ(empty.at("k39"), toon::value(39));
  EXPECT_EQ(copy["lists"].as_array()[0], (toon::array{1, 2, 3}));
  EXPECT_TRUE(copy.as_object().erase("rows"));
  EXPECT_EQ(copy.size(), 10u);
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

// Tables whose field lists have nested groups (`name,s{t,f},x`, keyed, quoted names): values
// checked by hand through the view API, and against toon::decode, in both modes.
TEST(Document, NestedFieldGroupRows) {
  const std::string text =
      "p[2]{name,s{t,f},x}:\n  id,str,uuid,1\n  \"q\\\"r\",2,true,null\n"
      "r[2:]{d,c{\"a/j\"{s{\"$r\"}}}}:\n  \"200\": ok,\"#/u\"\n  x: \"t\\\\n\",-1.5\n"
      "t[1]{g{h{i{j}}},k}:\n  \"\",9\n";
  const toon::document doc = toon::decode_document_or_throw(text);
  const toon::node& p = doc.root()["p"];
  ASSERT_EQ(p.size(), 2u);
  ASSERT_EQ(p[0].members().size(), 3u);
  EXPECT_EQ(p[0].members()[0].key(), "name");
  EXPECT_EQ(p[0].members()[1].key(), "s");
  EXPECT_EQ(p[0].members()[2].key(), "x");
  EXPECT_EQ(p[0]["name"].as_string(), "id");
  ASSERT_EQ(p[0]["s"].members().size(), 2u);
  EXPECT_EQ(p[0]["s"]["t"].as_string(), "str");
  EXPECT_EQ(p[0]["s"]["f"].as_string(), "uuid");
  EXPECT_EQ(p[0]["x"].as_int64(), 1);
  EXPECT_EQ(p[1]["name"].as_string(), "q\"r");
  EXPECT_EQ(p[1]["s"]["t"].as_int64(), 2);
  EXPECT_TRUE(p[1]["s"]["f"].as_bool());
  EXPECT_TRUE(p[1]["x"].is_null());
  const toon::node& r = doc.root()["r"];
  ASSERT_EQ(r.members().size(), 2u);
  EXPECT_EQ(r.members()[0].key(), "200");
  EXPECT_EQ(r["200"]["d"].as_string(), "ok");
  EXPECT_EQ(r["200"]["c"]["a/j"]["s"]["$r"].as_string(), "#/u");
  EXPECT_EQ(r["x"]["d"].as_string(), "t\\n");
  EXPECT_EQ(r["x"]["c"]["a/j"]["s"]["$r"].as_double(), -1.5);
  const toon::node& t = doc.root()["t"][0];
  EXPECT_EQ(t["g"]["h"]["i"]["j"].as_string(), "");
  EXPECT_EQ(t["k"].as_int64(), 9);
  EXPECT_TRUE(doc.root() == toon::decode_or_throw(text));
  toon::decode_options lax;
  lax.strict = false;
  EXPECT_TRUE(toon::decode_document_or_throw(text, lax).root() == toon::decode_or_throw(text));
  // Repeated names (non-strict mode): the last cell wins, as toon::decode has it.
  const std::string repeated = "t[1]{a,g{b,b},a}:\n  1,2,3,4\n";
  EXPECT_TRUE(toon::decode_document_or_throw(repeated, lax).root() == toon::decode_or_throw(repeated, lax));
}

// Errors of nested rows are those of toon::decode (the per-cell path): width, a bad cell, the
// depth limit counted down to the deepest group.
TEST(Document, NestedFieldGroupRowErrors) {
  toon::decode_options o;
  o.max_depth = 4;  // the root object, the array, the row, g: h is one too many
  for (const char* text : {"a: 1\nt[1]{a,g{h{i}}}:\n  1,2\n", "t[2]{a,g{b}}:\n  1,2\n  1,2,3\n",
                           "t[2]{a,g{b}}:\n  1,2\n  1\n", "t[1:]{a,g{b}}:\n  k: 1,\"x\n",
                           "t[1]{a,g{b}}:\n  1,\"x\\q\"\n", "t[3]{a,g{b}}:\n  1,2\n"}) {
    toon_test::expect_both_fail_alike(toon::decode_document(text, o), toon::decode(text, o), text);
  }
  const toon::result<toon::document> deep = toon::decode_document("a: 1\nt[1]{a,g{h{i}}}:\n  1,2\n", o);
  ASSERT_FALSE(deep.has_value());
  EXPECT_EQ(deep.error().code, toon::error_code::depth_limit);
  EXPECT_EQ(deep.error().line, 3u);
  EXPECT_EQ(deep.error().column, 3u);
  o.max_depth = 5;
  EXPECT_EQ(toon::decode_document_or_throw("a: 1\nt[1]{a,g{h{i}}}:\n  1,2\n", o).root()["t"][0]["g"]["h"]["i"].as_int64(), 2);
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

// The builder keeps the children of the open containers on one stack, writes each key into
// the stack's free top slot before its value, keeps that key in the frame while a nested
// container's children reuse the slot, copies objects of fewer than eight members inline and
// larger ones by memcpy, and grows the stack (64 slots first) and the frames (16 first) when
// full. These documents cross each of those limits; the document must equal toon::decode's.
TEST(Document, StackAndFrameLimitsMatchDecode) {
  const auto check = [](const toon::value& v) {
    const std::string text = toon::encode(v);
    for (bool strict : {true, false}) {
      toon::decode_options options;
      options.strict = strict;
      toon::document doc = toon::decode_document_or_throw(text, options);
      EXPECT_TRUE(doc.root() == toon::decode_or_throw(text, options)) << text;
      EXPECT_EQ(doc.root().to_value(), v) << text;
    }
  };
  // Objects of 0..70 members (inline copy below 8, memcpy from 8, stack growth past 64),
  // alone, as a member between two siblings, and as list items.
  for (int n : {0, 1, 2, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 70}) {
    toon::object o;
    for (int i = 0; i < n; ++i) o.emplace_back(std::string("k").append(std::to_string(i)), toon::value(static_cast<std::int64_t>(i)));
    check(toon::value(o));
    toon::object outer;
    outer.emplace_back("before", toon::value("b"));
    outer.emplace_back("inner", toon::value(o));
    outer.emplace_back("after", toon::value(std::int64_t{2}));
    check(toon::value(outer));
    toon::array items;
    for (int i = 0; i < 3; ++i) items.push_back(toon::value(o));
    items.push_back(toon::value("x"));
    toon::object holder;
    holder.emplace_back("items", toon::value(items));
    check(toon::value(holder));
  }
  // Nesting of 1..40 objects (frame growth past 16): every level has a key before and after
  // its nested object, so each nested container reuses the slot holding its own key.
  for (int depth : {1, 2, 15, 16, 17, 18, 33, 40}) {
    toon::value v(std::string("leaf"));
    for (int d = depth; d > 0; --d) {
      toon::object o;
      o.emplace_back(std::string("a").append(std::to_string(d)), toon::value(static_cast<std::int64_t>(d)));
      o.emplace_back(std::string("n").append(std::to_string(d)), v);
      o.emplace_back(std::string("z").append(std::to_string(d)), toon::value(true));
      v = toon::value(o);
    }
    check(v);
  }
  // Arrays of arrays and of objects, nested 18 deep (array frames carry no key).
  toon::value v(toon::array{toon::value(std::int64_t{1}), toon::value("two")});
  for (int d = 0; d < 18; ++d) {
    toon::object o;
    o.emplace_back("k", toon::value(static_cast<std::int64_t>(d)));
    v = toon::value(toon::array{v, toon::value(o), toon::value(toon::object{}), toon::value(toon::array{})});
  }
  check(v);
}

TEST(Document, NonStrictRepeatedKeysWithContainersAndWideObjects) {
  toon::decode_options lax;
  lax.strict = false;
  std::string text;
  for (int i = 0; i < 70; ++i) {
    const std::string n = std::to_string(i);
    text.append("k").append(n).append(": ").append(n).append("\n");
  }
  text += "k3:\n  x: 1\n  y:\n    z: 2\nk69[2]: 7,8\nk0: last\n";
  toon::document doc = toon::decode_document_or_throw(text, lax);
  EXPECT_TRUE(doc.root() == toon::decode_or_throw(text, lax));
  ASSERT_EQ(doc.root().size(), 70u);
  EXPECT_EQ(doc.root().members()[0].key(), "k0");
  EXPECT_EQ(doc.root()["k0"].as_string(), "last");
  EXPECT_EQ(doc.root().members()[3].key(), "k3");
  EXPECT_EQ(doc.root()["k3"]["y"]["z"].as_int64(), 2);
  EXPECT_EQ(doc.root().members()[69].key(), "k69");
  EXPECT_EQ(doc.root()["k69"].size(), 2u);
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
