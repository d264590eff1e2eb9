// The README's API example, compiled and checked.
#include <gtest/gtest.h>

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
