// The README's API example, compiled and checked.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "toon/toon.hpp"

TEST(Readme, ApiExample) {
  toon::value users = toon::object{
      {"users", toon::array{
                    toon::object{{"id", 1}, {"name", "Ada"}, {"role", "admin"}},
                    toon::object{{"id", 2}, {"name", "Bob"}, {"role", "user"}},
                }}};
  std::string text = toon::encode(users);
  EXPECT_EQ(text, "users[2]{id,name,role}:\n  1,Ada,admin\n  2,Bob,user");

  toon::result<toon::value> back = toon::decode(text);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, users);
  EXPECT_EQ(toon::to_json(*back),
            R"({"users":[{"id":1,"name":"Ada","role":"admin"},{"id":2,"name":"Bob","role":"user"}]})");
}

namespace readme {
struct item {
  std::string sku;
  int qty;
  double price;
};
struct order {
  int id;
  std::string customer;
  std::vector<item> items;
};
}  // namespace readme

TEST(Readme, StructExample) {
  readme::order o{1001, "Ada", {{"A-1", 2, 9.99}, {"B-7", 1, 24.5}}};
  std::string text = toon::encode(o);
  // Expected text: the reference implementation's encoding of the same data as JSON.
  EXPECT_EQ(text, "id: 1001\ncustomer: Ada\nitems[2]{sku,qty,price}:\n  A-1,2,9.99\n  B-7,1,24.5");
  toon::result<readme::order> back = toon::decode<readme::order>(text);
  ASSERT_TRUE(back.has_value()) << back.error().to_string();
  EXPECT_EQ(back->items[1].price, 24.5);

  toon::result<readme::order> bad = toon::decode<readme::order>(
      "id: 1\ncustomer: Ada\nitems[2]{sku,qty,price}:\n  A-1,2,9.99\n  B-7,lots,24.5");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().path, "items[1].qty");
}
