// The C++ examples of docs/streaming.md's "Sources" section, compiled and run. The blocks
// between "// doc:begin" and "// doc:end" appear verbatim in the documentation
// (tests/check_doc_examples.py checks it).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>

#include "toon/source.hpp"
#include "toon/stream.hpp"

namespace {

// doc:begin decode_file
#include <toon/source.hpp>

// Sums the `score` fields of a TOON file of any size, read in 64 KiB blocks.
class score_sum final : public toon::event_handler {
 public:
  double total = 0;

  bool key(std::string_view k, std::size_t) override { return scoring_ = k == "score", true; }
  bool int_value(std::int64_t i, std::size_t) override { return add(static_cast<double>(i)); }
  bool uint_value(std::uint64_t u, std::size_t) override { return add(static_cast<double>(u)); }
  bool double_value(double d, std::size_t) override { return add(d); }
  bool null_value(std::size_t) override { return add(0); }
  bool bool_value(bool, std::size_t) override { return add(0); }
  bool big_integer_value(std::string_view, std::size_t) override { return add(0); }
  bool string_value(std::string_view, std::size_t) override { return add(0); }
  bool start_object(std::size_t, std::size_t) override { return scoring_ = false, true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t, std::size_t) override { return scoring_ = false, true; }
  bool end_array() override { return true; }

 private:
  bool add(double v) {
    if (scoring_) total += v;
    scoring_ = false;
    return true;
  }
  bool scoring_ = false;
};

toon::result<double> total_score(const std::filesystem::path& path) {
  score_sum sum;
  // io_error when the file cannot be read; a syntax error has its line and column.
  if (auto r = toon::decode_file(path, sum); !r) return r.error();
  return sum.total;
}
// doc:end

// doc:begin read_blocks
// Decodes what arrives on `fd` (a pipe, a socket) as it arrives; returns the bytes read.
toon::result<std::uint64_t> decode_counting(int fd, toon::event_handler& handler) {
  toon::stream_decoder decoder(handler);
  std::uint64_t bytes = 0;
  auto r = toon::read_blocks_fd(fd, [&](std::string_view block) {
    bytes += block.size();
    return decoder.feed(block);  // an error stops the reading
  });
  if (r) r = decoder.finish();
  if (!r) return r.error();
  return bytes;
}
// doc:end

class temp_file {
 public:
  explicit temp_file(const std::string& text) {
    std::string tmpl = (std::filesystem::temp_directory_path() / "toon-doc-XXXXXX").string();
    const int fd = mkstemp(tmpl.data());
    if (fd >= 0) ::close(fd);
    path_ = tmpl;
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~temp_file() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

TEST(StreamSourceDocs, DecodeFileSumsScores) {
  std::string doc = "rows[1000]{id,score}:\n";
  for (int i = 0; i < 1000; ++i) doc += "  " + std::to_string(i) + "," + std::to_string(i) + ".5\n";
  temp_file f(doc + "extra:\n  score: 10\n");
  auto total = total_score(f.path());
  ASSERT_TRUE(total) << total.error().to_string();
  EXPECT_DOUBLE_EQ(*total, 999.0 * 1000 / 2 + 500 + 10);

  temp_file bad(doc + "x: \"open\n");
  auto e = total_score(bad.path());
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().code, toon::error_code::unterminated_string) << e.error().to_string();
  EXPECT_EQ(e.error().line, 1002u);

  auto missing = total_score(f.path().string() + ".none");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, toon::error_code::io_error);
}

TEST(StreamSourceDocs, ReadBlocksFromAPipe) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const std::string doc = "a: 1\nb:\n  score: 2.5\n";
  std::thread writer([&] {
    for (char c : doc) EXPECT_EQ(::write(fds[1], &c, 1), 1);
    ::close(fds[1]);
  });
  score_sum sum;
  auto bytes = decode_counting(fds[0], sum);
  writer.join();
  ::close(fds[0]);
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  EXPECT_EQ(*bytes, doc.size());
  EXPECT_DOUBLE_EQ(sum.total, 2.5);
}

}  // namespace
