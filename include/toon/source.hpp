// toon/source.hpp - byte sources for incremental decoding: a std::istream, a file descriptor or
// a file read in fixed-size blocks, and decoders that feed those blocks to a stream_decoder
// (docs/streaming.md, "Sources").
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string_view>

#include "toon/error.hpp"
#include "toon/events.hpp"
#include "toon/options.hpp"

namespace toon {

/// Receives one block of input; an error stops the reading and is returned by the reader.
using block_consumer = std::function<result<void>(std::string_view)>;

/// Default block size of the readers and decoders below (64 KiB).
inline constexpr std::size_t default_block_size = std::size_t(64) << 10;

/// Reads `in` to its end in blocks of at most `block_size` bytes (0 counts as 1) into one
/// reused buffer and passes each to `consume`; returns the first error of `consume`, or
/// io_error when the stream goes bad.
result<void> read_blocks(std::istream& in, const block_consumer& consume,
                         std::size_t block_size = default_block_size);

/// As read_blocks() for a file descriptor (read(2), retried on EINTR; the descriptor is not
/// closed). A block is what one read returns, so a pipe's data is passed on as it arrives.
result<void> read_blocks_fd(int fd, const block_consumer& consume, std::size_t block_size = default_block_size);

/// As read_blocks_fd() for the file at `path` (io_error naming the path when it cannot be
/// opened or read).
result<void> read_blocks_file(const std::filesystem::path& path, const block_consumer& consume,
                              std::size_t block_size = default_block_size);

/// Decodes the TOON document read from `in` in blocks of `block_size` bytes with a
/// stream_decoder: the events and errors of decode_events() on the whole text, in memory
/// bounded by the longest line. Read failures give io_error.
result<void> decode_stream(std::istream& in, event_handler& handler, const decode_options& options = {},
                           std::size_t block_size = default_block_size);

/// As decode_stream() for a file descriptor (not closed).
result<void> decode_fd(int fd, event_handler& handler, const decode_options& options = {},
                       std::size_t block_size = default_block_size);

/// As decode_stream() for the file at `path`.
result<void> decode_file(const std::filesystem::path& path, event_handler& handler,
                         const decode_options& options = {}, std::size_t block_size = default_block_size);

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
