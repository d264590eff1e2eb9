// The examples of docs/streaming.md about toon::value_stream, compiled and run (ctest
// docs.streaming.examples_in_sync checks that the page shows exactly these).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "toon/toon.hpp"

namespace {

// doc:begin value_stream
// Renders the document after each chunk: what is shown only grows.
toon::result<toon::value> render_while_streaming(const std::vector<std::string>& chunks,
                                                 std::vector<std::string>& frames) {
  toon::value_stream stream;
  for (const std::string& chunk : chunks) {
    if (auto r = stream.feed(chunk); !r) return r.error();
    frames.push_back(toon::to_json(stream.partial()));
  }
  return stream.finish();
}
// doc:end

TEST(StreamDocs, ValueStreamGrows) {
  std::vector<std::string> frames;
  auto v = render_while_streaming({"title: Repo", "rts\nitems[2]: a,", "b\nowner:\n  name: Ann\n"}, frames);
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(toon::to_json(*v), R"({"title":"Reports","items":["a","b"],"owner":{"name":"Ann"}})");
  EXPECT_EQ(frames, (std::vector<std::string>{"null", R"({"title":"Reports"})",
                                              R"({"title":"Reports","items":["a","b"],"owner":{"name":"Ann"}})"}));
}

}  // namespace
