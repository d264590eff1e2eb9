// toon::value: construction, access, ordered objects and §2 equality.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "toon/decode.hpp"
#include "toon/value.hpp"

namespace {

using toon::array;
using toon::object;
using toon::value;

TEST(Value, StreamsAsToon) {
  std::ostringstream os;
  os << toon::value(toon::object{{"id", 1}, {"tags", toon::array{"a", "b"}}}) << '\n' << toon::value("x y");
  EXPECT_EQ(os.str(), "id: 1\ntags[2]: a,b\nx y");
}

TEST(Value, KindsFromConstructors) {
  EXPECT_TRUE(value().is_null());
  EXPECT_TRUE(value(nullptr).is_null());
  EXPECT_EQ(value(true).type(), value::kind::boolean);
  EXPECT_EQ(value(42).type(), value::kind::integer);
  EXPECT_EQ(value(42u).type(), value::kind::integer);  // fits int64: normalised
  EXPECT_EQ(value(std::numeric_limits<std::uint64_t>::max()).type(), value::kind::uinteger);
  EXPECT_EQ(value(1.5).type(), value::kind::real);
  EXPECT_EQ(value("s").type(), value::kind::string);
  EXPECT_EQ(value(std::string_view("s")).type(), value::kind::string);
  EXPECT_EQ(value(array{}).type(), value::kind::array);
  EXPECT_EQ(value(object{}).type(), value::kind::object);
  EXPECT_EQ(value(toon::big_integer{"123456789012345678901234"}).type(), value::kind::big_integer);
}

TEST(Value, InitializerLists) {
  value o = {{"a", 1}, {"b", {1, 2, 3}}};
  ASSERT_TRUE(o.is_object());
  EXPECT_EQ(o["a"], value(1));
  EXPECT_EQ(o["b"].size(), 3u);
  value a = {1, "two", nullptr};
  ASSERT_TRUE(a.is_array());
  EXPECT_EQ(a[1], value("two"));
  // Explicit choice when the shape is ambiguous.
  value pairs = array{array{"k", 1}};
  EXPECT_TRUE(pairs.is_array());
}

TEST(Value, ObjectKeepsInsertionOrderAndReplacesInPlace) {
  object o;
  o["z"] = 1;
  o["a"] = 2;
  o.insert_or_assign("z", 3);
  std::vector<std::string> keys;
  for (const auto& m : o) keys.push_back(m.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"z", "a"}));
  EXPECT_EQ(o.at("z"), value(3));
  EXPECT_TRUE(o.erase("z"));
  EXPECT_FALSE(o.contains("z"));
  EXPECT_THROW((void)o.at("missing"), std::out_of_range);
  EXPECT_EQ(value(o).find("missing"), nullptr);
}

TEST(Value, EqualityFollowsSpecSection2) {
  EXPECT_EQ(value(0.0), value(-0.0));
  EXPECT_EQ(value(-0.0), value(0));
  EXPECT_EQ(value(1), value(1.0));
  EXPECT_NE(value(1), value(1.5));
  EXPECT_EQ(value(std::uint64_t{5}), value(std::int64_t{5}));
  EXPECT_NE(value(-1), value(std::numeric_limits<std::uint64_t>::max()));
  EXPECT_EQ(value(std::numeric_limits<std::uint64_t>::max()), value(std::numeric_limits<std::uint64_t>::max()));
  EXPECT_EQ(value(toon::big_integer{"18446744073709551616"}), value(18446744073709551616.0));
  EXPECT_NE(value(toon::big_integer{"18446744073709551617"}), value(18446744073709551616.0));
  // Canonical digits of a double equal that double (what an encoder writes for it).
  EXPECT_EQ(value(toon::big_integer{"222222222222200000000"}), value(2.222222222222e20));
  EXPECT_NE(value(1), value("1"));
  EXPECT_NE(value(nullptr), value(false));
  EXPECT_NE(value(std::nan("")), value(std::nan("")));
  // Objects compare by the ordered key sequence.
  EXPECT_NE((value(object{{"a", 1}, {"b", 2}})), (value(object{{"b", 2}, {"a", 1}})));
  EXPECT_TRUE(toon::equal_unordered(value(object{{"a", 1}, {"b", 2}}), value(object{{"b", 2}, {"a", 1}})));
}

TEST(Value, CheapMoves) {
  value big = array(1000, value("x"));
  const void* data = big.as_array().data();
  value moved = std::move(big);
  EXPECT_EQ(moved.as_array().data(), data);
  static_assert(std::is_nothrow_move_constructible_v<value>);
}

TEST(Value, AccessErrors) {
  EXPECT_THROW((void)value(1).as_string(), std::bad_variant_access);
  EXPECT_THROW((void)value(array{})[std::size_t{3}], std::out_of_range);
  EXPECT_DOUBLE_EQ(value(toon::big_integer{"100000000000000000000"}).to_double(), 1e20);
  EXPECT_EQ(toon::kind_name(value::kind::uinteger), "number");
}

}  // namespace

// ---- objects decoded by toon::decode: members in shared chunks (src/value/member_arena.hpp) ----

namespace {

// A document of `n` objects of two members each, under keys k0, k1, ...
std::string many_objects(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text += "k" + std::to_string(i) + ":\n  a: " + std::to_string(i) + "\n  b: x\n";
  return text;
}

}  // namespace

TEST(DecodedObjects, OutliveTheDocumentTheyCameFrom) {
  // Objects moved out of a decoded tree keep their members after the rest is dropped, whatever
  // chunk they share with the dropped ones (~2,000 objects span several chunks).
  std::vector<toon::value> kept;
  {
    toon::value doc = toon::decode_or_throw(many_objects(2000));
    for (int i = 0; i < 2000; i += 97) kept.push_back(std::move(doc.as_object().at("k" + std::to_string(i))));
  }
  ASSERT_EQ(kept.size(), 21u);
  for (std::size_t j = 0; j < kept.size(); ++j) {
    const toon::object& o = kept[j].as_object();
    ASSERT_EQ(o.size(), 2u);
    EXPECT_EQ(o.at("a").as_int64(), static_cast<std::int64_t>(j * 97));
    EXPECT_EQ(o.at("b").as_string(), "x");
  }
}

TEST(DecodedObjects, GrowCopyAndEraseAsAnyObject) {
  toon::value doc = toon::decode_or_throw("a:\n  b: 1\nc:\n  d: 2\n  e: 3\n");
  toon::object& a = doc.as_object().at("a").as_object();
  for (int i = 0; i < 100; ++i) a.insert_or_assign("n" + std::to_string(i), i);  // grows past its block
  EXPECT_EQ(a.size(), 101u);
  EXPECT_EQ(a.at("b").as_int64(), 1);
  EXPECT_EQ(a.at("n99").as_int64(), 99);
  const toon::value copy = doc;  // a copy made after the decode
  EXPECT_EQ(copy, doc);
  EXPECT_TRUE(doc.as_object().at("c").as_object().erase("d"));
  EXPECT_EQ(doc.as_object().at("c").as_object().size(), 1u);
  EXPECT_EQ(copy["c"].size(), 2u);
  doc = toon::value();  // the original freed before its copy
  EXPECT_EQ(copy["a"]["n50"].as_int64(), 50);
}

TEST(DecodedObjects, FreedOnOtherThreads) {
  // Subtrees of one decode dropped concurrently: the chunks they share count their blocks
  // atomically. Every object must be freed once and every chunk with its last object: the
  // sanitizer stage (ASan, LeakSanitizer) reports a double free or a chunk left behind.
  toon::value doc = toon::decode_or_throw(many_objects(4000));
  std::vector<toon::value> halves[2];
  int i = 0;
  for (toon::member& m : doc.as_object()) halves[i++ % 2].push_back(std::move(m.value));
  doc = toon::value();
  std::thread t([&] { halves[0].clear(); });
  halves[1].clear();
  t.join();
  EXPECT_TRUE(halves[0].empty());
  EXPECT_TRUE(halves[1].empty());
}

TEST(DecodedObjects, ObjectsBuiltWhileNoDecodeRunsUseTheHeap) {
  // Objects made outside a decode, before and after one, are unaffected by it.
  toon::object before{{"x", 1}};
  toon::value doc = toon::decode_or_throw(many_objects(10));
  toon::object after{{"y", 2}};
  doc = toon::value();
  EXPECT_EQ(before.at("x").as_int64(), 1);
  EXPECT_EQ(after.at("y").as_int64(), 2);
}

TEST(DecodedObjects, WideObjectsInShortAndLongDocuments) {
  // An object growing past the first chunk of a short document (100 members: 7 KiB, a chunk of
  // its own) and past what any chunk takes (400 members: 28 KiB, from the heap), in the same
  // decode as small ones.
  for (int width : {1, 5, 100, 400}) {
    std::string text = "small:\n  a: 1\nwide:\n";
    for (int i = 0; i < width; ++i) text += "  k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
    text += "after:\n  b: 2\n";
    const toon::value v = toon::decode_or_throw(text);
    const toon::object& wide = v.as_object().at("wide").as_object();
    ASSERT_EQ(wide.size(), static_cast<std::size_t>(width));
    for (int i = 0; i < width; ++i) EXPECT_EQ(wide.at("k" + std::to_string(i)).as_int64(), i);
    EXPECT_EQ(v["small"]["a"].as_int64(), 1);
    EXPECT_EQ(v["after"]["b"].as_int64(), 2);
  }
}
