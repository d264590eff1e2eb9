// Byte sources (toon/source.hpp): the block readers, and decode_stream / decode_fd /
// decode_file giving the events and errors of decode_events() on the whole text.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "toon/source.hpp"

namespace fs = std::filesystem;

namespace {

// Every event as one line of text.
class recorder final : public toon::event_handler {
 public:
  std::string log;

  bool start_object(std::size_t n, std::size_t at) override { return put("{" + num(n), at); }
  bool end_object() override { return put("}", 0); }
  bool start_array(std::size_t n, std::size_t at) override { return put("[" + num(n), at); }
  bool end_array() override { return put("]", 0); }
  bool key(std::string_view k, std::size_t at) override { return put("k:" + std::string(k), at); }
  bool null_value(std::size_t at) override { return put("null", at); }
  bool bool_value(bool b, std::size_t at) override { return put(b ? "true" : "false", at); }
  bool int_value(std::int64_t i, std::size_t at) override { return put("i:" + std::to_string(i), at); }
  bool uint_value(std::uint64_t u, std::size_t at) override { return put("u:" + std::to_string(u), at); }
  bool double_value(double d, std::size_t at) override { return put("d:" + std::to_string(d), at); }
  bool big_integer_value(std::string_view s, std::size_t at) override { return put("b:" + std::string(s), at); }
  bool string_value(std::string_view s, std::size_t at) override { return put("s:" + std::string(s), at); }

 private:
  static std::string num(std::size_t n) { return std::to_string(n); }
  bool put(const std::string& event, std::size_t at) {
    log += event;
    log += '@';
    log += std::to_string(at);
    log += '\n';
    return true;
  }
};

// What a decode produced: the events and the error (code, message, line, column).
struct outcome {
  std::string events;
  std::string error;
};

std::string describe(const toon::result<void>& r) {
  if (r) return "ok";
  const toon::error& e = r.error();
  return std::string(toon::to_string(e.code)) + " " + std::to_string(e.line) + ":" + std::to_string(e.column) + " " +
         e.message;
}

outcome whole(std::string_view text, const toon::decode_options& o) {
  recorder rec;
  auto r = toon::decode_events(text, rec, o);
  return {rec.log, describe(r)};
}

class temp_dir {
 public:
  temp_dir() {
    std::string tmpl = (fs::temp_directory_path() / "toon-source-test-XXXXXX").string();
    if (mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
  }
  ~temp_dir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  fs::path file(const std::string& name, std::string_view data) const {
    fs::path p = path_ / name;
    std::ofstream(p, std::ios::binary) << data;
    return p;
  }

 private:
  fs::path path_;
};

outcome via_stream(const std::string& text, const toon::decode_options& o, std::size_t block) {
  std::istringstream in(text);
  recorder rec;
  auto r = toon::decode_stream(in, rec, o, block);
  return {rec.log, describe(r)};
}

outcome via_file(const temp_dir& dir, const std::string& text, const toon::decode_options& o, std::size_t block) {
  const fs::path p = dir.file("doc.toon", text);
  recorder rec;
  auto r = toon::decode_file(p, rec, o, block);
  return {rec.log, describe(r)};
}

// A pipe whose writer thread sends `text` in pieces of `piece` bytes.
outcome via_pipe(const std::string& text, const toon::decode_options& o, std::size_t block, std::size_t piece) {
  int fds[2];
  if (::pipe(fds) != 0) return {"", "pipe failed"};
  std::thread writer([&] {
    for (std::size_t at = 0; at < text.size(); at += piece) {
      std::string_view part = std::string_view(text).substr(at, piece);
      while (!part.empty()) {
        ssize_t n = ::write(fds[1], part.data(), part.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        part.remove_prefix(static_cast<std::size_t>(n));
      }
    }
    ::close(fds[1]);
  });
  recorder rec;
  auto r = toon::decode_fd(fds[0], rec, o, block);
  // Drain what an early error left unread, so the writer can finish.
  char sink[4096];
  while (::read(fds[0], sink, sizeof sink) > 0) {
  }
  writer.join();
  ::close(fds[0]);
  return {rec.log, describe(r)};
}

std::string big_table(int rows, const std::string& bad_row) {
  std::string t = "meta:\n  name: big\nrows[" + std::to_string(rows) + "]{id,name,email,active,score}:\n";
  for (int i = 0; i < rows; ++i) {
    if (i == rows / 2 && !bad_row.empty()) {
      t += bad_row;
      continue;
    }
    const std::string n = std::to_string(i);
    t += "  " + n + ",user " + n + ",u" + n + "@example.com," + (i % 2 ? "true" : "false") + "," + n + ".5\n";
  }
  return t + "tail: done\n";
}

// Valid and invalid documents in the forms of the spec's fixtures.
std::vector<std::string> documents() {
  return {
      "",
      "\n\n",
      "hello world",
      "42\n",
      "name: Ada\ntags[2]: x,y\naddress:\n  city: London\n  zip: \"0 1\"\n",
      "users[2]{id,name,role}:\n  1,Alice,admin\n  2,Bob,user\ncount: 2\n",
      "items[3]:\n  - a: 1\n    b: [2]: x,y\n  - [2]: 1,2\n  - text\n",
      "n: 123456789012345678901234567890\nm: 18446744073709551615\nf: -1.5e3\nz: null\nt: true\n",
      "s: \"caf\xC3\xA9 \\u00e9 \\\"q\\\"\"\nu: \xE6\x9D\xB1\xE4\xBA\xAC\n",
      "a: 1\r\nb:\r\n  c: 2\r\n",
      "\xEF\xBB\xBF" "a: 1\nb: 2\n",
      "\xEF\xBB\xBF" "tags[3]: a,b\n",
      "\xEF\xBB\xBF" "a: \"open\n",
      "tags[3]: a,b\n",
      "rows[2]{a,b}:\n  1,2\n  3\n",
      "a: 1\na: 2\n",
      "a:\n   b: 1\n",
      "a: \"bad \\q escape\"\n",
      "a: \"unterminated\n",
      "list[2]:\n  - 1\n\n  - 2\n",
      "x\ny\n",
      "a: \xFF\n",
      "rows[3]{a}:\n  1\n  2\n",
      "k[2]{id}:\n  1\n  2\nother: [1]: z\n",
      big_table(3000, ""),
      big_table(3000, "  1,2,3\n"),
      big_table(3001, "  9,x,y,true,1\n  10,x,y,true,2\n"),
  };
}

// ---- decode_stream / decode_fd / decode_file --------------------------------------------------

TEST(Sources, SameEventsAndErrorsAsWholeDocumentDecoding) {
  temp_dir dir;
  for (bool strict : {true, false}) {
    toon::decode_options o;
    o.strict = strict;
    for (const std::string& doc : documents()) {
      const outcome expected = whole(doc, o);
      for (std::size_t block : {std::size_t(1), std::size_t(7), std::size_t(64) << 10}) {
        if (block == 1 && doc.size() > 20000) continue;  // covered by the 7-byte blocks
        const std::string what = "strict=" + std::to_string(strict) + " block=" + std::to_string(block) + "\n" +
                                 doc.substr(0, 120);
        outcome s = via_stream(doc, o, block);
        EXPECT_EQ(s.error, expected.error) << what;
        EXPECT_TRUE(s.events == expected.events) << what;
        outcome f = via_file(dir, doc, o, block);
        EXPECT_EQ(f.error, expected.error) << what;
        EXPECT_TRUE(f.events == expected.events) << what;
        outcome p = via_pipe(doc, o, block, 5);
        EXPECT_EQ(p.error, expected.error) << what;
        EXPECT_TRUE(p.events == expected.events) << what;
      }
    }
  }
}

TEST(Sources, ErrorPositionsDeepInALargeInput) {
  const std::string doc = big_table(20000, "  1,2,3\n");
  const outcome expected = whole(doc, {});
  ASSERT_NE(expected.error.find("width_mismatch 10004:"), std::string::npos) << expected.error;
  EXPECT_EQ(via_stream(doc, {}, std::size_t(64) << 10).error, expected.error);
  EXPECT_EQ(via_pipe(doc, {}, 4096, 1000).error, expected.error);
}

TEST(Sources, EmptyInputIsAnEmptyObject) {
  std::istringstream in("");
  recorder rec;
  EXPECT_TRUE(toon::decode_stream(in, rec));
  EXPECT_EQ(rec.log, whole("", {}).events);
  EXPECT_EQ(rec.log, "{0@0\n}@0\n");
}

TEST(Sources, MissingFileIsAnIoErrorNamingThePath) {
  recorder rec;
  const fs::path missing = fs::temp_directory_path() / "toon-no-such-dir" / "none.toon";
  auto r = toon::decode_file(missing, rec);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::io_error);
  EXPECT_NE(r.error().message.find(missing.string()), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("No such file or directory"), std::string::npos) << r.error().message;
  EXPECT_EQ(r.error().line, 0u);
  EXPECT_EQ(rec.log, "");
}

TEST(Sources, BadDescriptorIsAnIoErrorNamingIt) {
  recorder rec;
  auto r = toon::decode_fd(-1, rec);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::io_error);
  EXPECT_NE(r.error().message.find("file descriptor -1"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("Bad file descriptor"), std::string::npos) << r.error().message;
}

// ---- read_blocks ------------------------------------------------------------------------------

// A stream buffer whose reads fail after `good` bytes.
class failing_buf final : public std::streambuf {
 public:
  explicit failing_buf(std::string good) : good_(std::move(good)) {
    setg(good_.data(), good_.data(), good_.data() + good_.size());
  }

 protected:
  int_type underflow() override { throw std::runtime_error("device error"); }

 private:
  std::string good_;
};

TEST(ReadBlocks, FixedSizeBlocksInOneReusedBuffer) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += "line " + std::to_string(i) + "\n";
  for (std::size_t block : {std::size_t(1), std::size_t(7), std::size_t(64) << 10}) {
    std::istringstream in(text);
    std::string joined;
    std::vector<const char*> buffers;
    std::size_t calls = 0;
    auto r = toon::read_blocks(
        in,
        [&](std::string_view b) -> toon::result<void> {
          ++calls;
          EXPECT_LE(b.size(), block);
          EXPECT_FALSE(b.empty());
          if (buffers.empty() || buffers.back() != b.data()) buffers.push_back(b.data());
          joined.append(b);
          return {};
        },
        block);
    EXPECT_TRUE(r);
    EXPECT_TRUE(joined == text) << block;
    EXPECT_EQ(buffers.size(), 1u) << "one buffer for every block";
    EXPECT_EQ(calls, (text.size() + block - 1) / block);
  }
}

TEST(ReadBlocks, StopsAtTheFirstConsumerError) {
  temp_dir dir;
  const std::string text(100, 'x');
  const fs::path p = dir.file("x.txt", text);
  std::size_t calls = 0;
  auto stop_at_third = [&](std::string_view) -> toon::result<void> {
    if (++calls < 3) return {};
    toon::error e;
    e.code = toon::error_code::size_limit;
    e.message = "enough";
    return e;
  };
  auto r = toon::read_blocks_file(p, stop_at_third, 10);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::size_limit);
  EXPECT_EQ(r.error().message, "enough");
  EXPECT_EQ(calls, 3u);

  calls = 0;
  std::istringstream in(text);
  r = toon::read_blocks(in, stop_at_third, 10);
  EXPECT_EQ(r.error().message, "enough");
  EXPECT_EQ(calls, 3u);
}

TEST(ReadBlocks, StreamFailureIsAnIoError) {
  failing_buf buf("abc");
  std::istream in(&buf);
  std::string got;
  auto r = toon::read_blocks(in, [&](std::string_view b) -> toon::result<void> { return got.append(b), toon::result<void>{}; }, 2);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::io_error);
  EXPECT_NE(r.error().message.find("stream"), std::string::npos) << r.error().message;
  EXPECT_EQ(got.rfind("ab", 0), 0u) << got;  // what was read before the failure
}

TEST(ReadBlocks, PipeDataIsPassedOnAsItArrives) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  // The writer sends the second piece only after the reader has seen the first: a reader
  // that waited for a full block would never see it.
  int acks[2];
  ASSERT_EQ(::pipe(acks), 0);
  std::thread writer([&] {
    EXPECT_EQ(::write(fds[1], "first", 5), 5);
    char c = 0;
    EXPECT_EQ(::read(acks[0], &c, 1), 1);
    EXPECT_EQ(::write(fds[1], "second", 6), 6);
    ::close(fds[1]);
  });
  std::vector<std::string> blocks;
  auto r = toon::read_blocks_fd(fds[0], [&](std::string_view b) -> toon::result<void> {
    blocks.emplace_back(b);
    if (blocks.size() == 1) {
      EXPECT_EQ(::write(acks[1], "k", 1), 1);
    }
    return {};
  });
  writer.join();
  EXPECT_TRUE(r);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0], "first");
  EXPECT_EQ(blocks[1], "second");
  EXPECT_NE(::fcntl(fds[0], F_GETFD), -1) << "the descriptor stays open";
  for (int fd : {fds[0], acks[0], acks[1]}) ::close(fd);
}

}  // namespace
