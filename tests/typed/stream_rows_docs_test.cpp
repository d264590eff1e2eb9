// The examples of docs/streaming.md about toon::row_reader, compiled and run (ctest
// docs.streaming.examples_in_sync checks that the page shows exactly these).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "toon/toon.hpp"

namespace {

// doc:begin row_reader
struct order {
  std::int64_t id = 0;
  std::string item;
  double total = 0;
};

// Prints each order of `orders` as soon as its row is complete, while the text streams in.
toon::result<std::size_t> show_orders(const std::vector<std::string>& chunks, std::vector<std::string>& screen) {
  toon::row_reader<order> reader([&](const order& o) { screen.push_back(std::to_string(o.id) + " " + o.item); },
                                 "orders");
  for (const std::string& chunk : chunks)
    if (auto r = reader.feed(chunk); !r) return r.error();
  if (auto r = reader.finish(); !r) return r.error();
  return reader.rows();
}
// doc:end

TEST(StreamDocs, RowReaderShowsEachOrder) {
  std::vector<std::string> screen;
  auto n = show_orders({"orders[2]{id,it", "em,total}:\n  1,tea,2.5\n  2,c", "offee,3\n"}, screen);
  ASSERT_TRUE(n) << n.error().message;
  EXPECT_EQ(*n, 2u);
  EXPECT_EQ(screen, (std::vector<std::string>{"1 tea", "2 coffee"}));

  auto bad = show_orders({"orders[1]{id,item,total}:\n  x,tea,1\n"}, screen);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().path, "orders[0].id");
  EXPECT_EQ(bad.error().line, 2u);
  EXPECT_EQ(bad.error().column, 3u);
}

}  // namespace
