// Every C++ example of docs/decoding.md, compiled and run (docs.decoding.examples_in_sync
// checks that each one appears here verbatim).
#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>

#include "toon/toon.hpp"

namespace {

TEST(DecodingDocs, ReadingWithoutCopying) {
  // doc:begin reading_without_copying
toon::document doc = toon::decode_document_or_throw(
    "users[2]{id,name}:\n"
    "  1,Ada\n"
    "  2,Bob\n");
std::int64_t total = 0;
for (const toon::node& user : doc.root()["users"].elements()) total += user["id"].as_int64();
std::string_view name = doc.root()["users"][1]["name"].as_string();  // a view into doc
toon::value editable = doc.root().to_value();                          // a copy to modify
  // doc:end
  EXPECT_EQ(total, 3);
  EXPECT_EQ(name, "Bob");
  EXPECT_EQ(editable, toon::decode_or_throw("users[2]{id,name}:\n  1,Ada\n  2,Bob\n"));
}

}  // namespace
