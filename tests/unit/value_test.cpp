// toon::value: construction, access, ordered objects and §2 equality.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

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
