// Compile-time member names (toon::reflect), checked at compile time and at run time.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "toon/reflect/field_names.hpp"

namespace {

struct customer {
  std::string name;
  std::string country;
};

struct order {
  int id;
  customer buyer;
  std::vector<std::string> items;
  std::optional<double> total_price;
  std::map<std::string, int> _counts;
  bool isPaid2;
};

template <class T>
struct box {
  T value;
  std::vector<T> more;
};

struct empty {};

using toon::reflect::field_count_v;
using toon::reflect::field_name_v;
using toon::reflect::field_names_v;

static_assert(field_count_v<order> == 6);
static_assert(field_name_v<order, 0> == "id");
static_assert(field_name_v<order, 1> == "buyer");
static_assert(field_name_v<order, 3> == "total_price");
static_assert(field_name_v<order, 5> == "isPaid2");
static_assert(field_names_v<box<customer>>[1] == "more");
static_assert(field_count_v<empty> == 0);
static_assert(!toon::reflect::reflectable_v<std::string>);

TEST(ReflectNames, AllMembersInDeclarationOrder) {
  auto names = field_names_v<order>;
  std::vector<std::string> got(names.begin(), names.end());
  EXPECT_EQ(got, (std::vector<std::string>{"id", "buyer", "items", "total_price", "_counts", "isPaid2"}));
  EXPECT_EQ(field_names_v<customer>[0], "name");
  EXPECT_EQ(field_names_v<customer>[1], "country");
  EXPECT_TRUE(field_names_v<empty>.empty());
}

}  // namespace
