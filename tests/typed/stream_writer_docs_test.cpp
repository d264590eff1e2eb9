// The C++ example of docs/streaming.md's "Writing a table row by row" section, compiled and run.
// The block between "// doc:begin" and "// doc:end" appears verbatim in the documentation
// (tests/check_doc_examples.py checks it).
#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "toon/typed/encode.hpp"
#include "toon/typed/table_writer.hpp"

namespace {

// doc:begin table_writer
#include <toon/typed/table_writer.hpp>

struct user {
  int id;
  std::string name;
  std::string role;
};

// Writes `count` users, fetched one at a time, as users[N]{id,name,role}: and one row each.
toon::result<void> export_users(std::ostream& out, std::size_t count,
                                const std::function<user(std::size_t)>& fetch) {
  toon::table_writer<user> writer(out, "users", count);
  for (std::size_t i = 0; i < count; ++i)
    if (auto r = writer.write(fetch(i)); !r) return r;
  return writer.finish();
}
// doc:end

struct users_doc {
  std::vector<user> users;
};

TEST(DocsStreamWriter, ExportUsers) {
  const std::vector<user> all{{1, "Ada", "admin"}, {2, "Bob, Jr.", "user"}, {3, "Cy", "user"}};
  std::ostringstream out;
  ASSERT_TRUE(export_users(out, all.size(), [&](std::size_t i) { return all[i]; }));
  EXPECT_EQ(out.str(),
            "users[3]{id,name,role}:\n"
            "  1,Ada,admin\n"
            "  2,\"Bob, Jr.\",user\n"
            "  3,Cy,user");
  EXPECT_EQ(out.str(), toon::encode(users_doc{all}));
}

TEST(DocsStreamWriter, CountMismatch) {
  std::ostringstream out;
  ASSERT_TRUE(export_users(out, 0, [](std::size_t) { return user{}; }));
  EXPECT_EQ(out.str(), "users: []");

  std::string text;
  toon::table_writer<user> writer(text, "users", 2);
  ASSERT_TRUE(writer.write(user{1, "Ada", "admin"}));
  const toon::result<void> short_by_one = writer.finish();
  ASSERT_FALSE(short_by_one);
  EXPECT_EQ(short_by_one.error().code, toon::error_code::length_mismatch);
  EXPECT_EQ(short_by_one.error().message, "toon::table_writer: 1 rows written, 2 declared");
}

}  // namespace
