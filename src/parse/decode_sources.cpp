// Byte sources (toon/source.hpp): block readers for streams, descriptors and files, and the
// decoders that feed their blocks to a stream_decoder.
#include "toon/source.hpp"
#include "toon/detail/linkage.hpp"

#include <cerrno>
#include <cstring>
#include <istream>
#include <memory>
#include <string>

#include "toon/stream.hpp"
#include "../common/fd_io.hpp"

namespace toon {

namespace {

using detail::io_failure;

// Read loop over `fd`; `name` goes into error messages.
result<void> read_fd(int fd, const block_consumer& consume, std::size_t block_size, const std::string& name) {
  if (block_size == 0) block_size = 1;
  std::unique_ptr<char[]> buffer(new char[block_size]);
  for (;;) {
    const std::ptrdiff_t n = detail::read_some(fd, buffer.get(), block_size);
    if (n < 0) return io_failure("cannot read " + name, errno);
    if (n == 0) return {};
    if (auto r = consume(std::string_view(buffer.get(), static_cast<std::size_t>(n))); !r) return r;
  }
}

// Feeds every block from `read` (a reader taking a consumer) to a stream_decoder.
template <class Reader>
result<void> decode_blocks(event_handler& handler, const decode_options& options, Reader&& read) {
  stream_decoder decoder(handler, options);
  if (auto r = read([&](std::string_view block) { return decoder.feed(block); }); !r) return r;
  return decoder.finish();
}

}  // namespace

TOON_FUNC result<void> read_blocks(std::istream& in, const block_consumer& consume, std::size_t block_size) {
  if (block_size == 0) block_size = 1;
  std::unique_ptr<char[]> buffer(new char[block_size]);
  const auto size = static_cast<std::streamsize>(block_size);
  for (;;) {
    errno = 0;
    in.read(buffer.get(), size);
    const std::streamsize n = in.gcount();
    if (n > 0) {
      if (auto r = consume(std::string_view(buffer.get(), static_cast<std::size_t>(n))); !r) return r;
    }
    if (in.bad()) return io_failure("cannot read the input stream", errno);
    if (n < size) return {};  // end of the stream (eof and fail set)
  }
}

TOON_FUNC result<void> read_blocks_fd(int fd, const block_consumer& consume, std::size_t block_size) {
  return read_fd(fd, consume, block_size, "file descriptor " + std::to_string(fd));
}

TOON_FUNC result<void> read_blocks_file(const std::filesystem::path& path, const block_consumer& consume,
                              std::size_t block_size) {
  std::string quoted = path.string();
  quoted.insert(quoted.begin(), '\'');
  quoted.push_back('\'');
  const int fd = detail::open_for_reading(path);
  if (fd < 0) return io_failure("cannot open " + quoted, errno);
  result<void> r = read_fd(fd, consume, block_size, quoted);
  detail::close_fd(fd);
  return r;
}

TOON_FUNC result<void> decode_stream(std::istream& in, event_handler& handler, const decode_options& options,
                           std::size_t block_size) {
  return decode_blocks(handler, options, [&](const block_consumer& c) { return read_blocks(in, c, block_size); });
}

TOON_FUNC result<void> decode_fd(int fd, event_handler& handler, const decode_options& options, std::size_t block_size) {
  return decode_blocks(handler, options, [&](const block_consumer& c) { return read_blocks_fd(fd, c, block_size); });
}

TOON_FUNC result<void> decode_file(const std::filesystem::path& path, event_handler& handler, const decode_options& options,
                         std::size_t block_size) {
  return decode_blocks(handler, options,
                       [&](const block_consumer& c) { return read_blocks_file(path, c, block_size); });
}

}  // namespace toon
