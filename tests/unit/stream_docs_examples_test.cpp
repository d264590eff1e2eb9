// The C++ example of docs/streaming.md, compiled and run. The block between "// doc:begin" and
// "// doc:end" appears verbatim in the documentation (tests/check_doc_examples.py checks it).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "toon/stream.hpp"

namespace {

// doc:begin rows
#include <toon/stream.hpp>

// Counts the rows of the tables in a stream, as their lines complete.
class row_counter final : public toon::event_handler {
 public:
  row_counter() { receive_rows(); }  // rows of plain tables as one table_row() call each
  std::size_t rows = 0;

  bool table_row(const toon::scalar*, std::size_t, std::size_t) override { return ++rows, true; }
  bool start_object(std::size_t, std::size_t) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t, std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool key(std::string_view, std::size_t) override { return true; }
  bool null_value(std::size_t) override { return true; }
  bool bool_value(bool, std::size_t) override { return true; }
  bool int_value(std::int64_t, std::size_t) override { return true; }
  bool uint_value(std::uint64_t, std::size_t) override { return true; }
  bool double_value(double, std::size_t) override { return true; }
  bool big_integer_value(std::string_view, std::size_t) override { return true; }
  bool string_value(std::string_view, std::size_t) override { return true; }
};

// `chunks` as they arrive from a socket, a pipe or an LLM: split anywhere.
toon::result<std::size_t> count_rows(const std::vector<std::string>& chunks) {
  row_counter counter;
  toon::stream_decoder decoder(counter);
  for (const std::string& chunk : chunks)
    if (auto r = decoder.feed(chunk); !r) return r.error();
  if (auto r = decoder.finish(); !r) return r.error();
  return counter.rows;
}
// doc:end

TEST(DocsStreaming, Rows) {
  auto n = count_rows({"users[3]{id,na", "me}:\n  1,Ada\n  2,B", "ob\n  3,Cy", "\n"});
  ASSERT_TRUE(n.has_value()) << n.error().to_string();
  EXPECT_EQ(*n, 3u);
  auto bad = count_rows({"users[3]{id,name}:\n  1,Ada\n", "  2\n"});
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, toon::error_code::width_mismatch);
  EXPECT_EQ(bad.error().line, 3u);
  EXPECT_EQ(bad.error().column, 3u);
}

}  // namespace
