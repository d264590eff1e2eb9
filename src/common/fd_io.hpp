// fd_io.hpp - internal: file descriptor I/O for the core library's byte sources
// (toon::read_blocks_fd, decode_file) and the table writer's descriptor sink, and the I/O error
// they share with toon::mcp and the CLI. Portable: POSIX read(2)/write(2) there, the C
// runtime's _read/_write on Windows; no other platform call.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "toon/error.hpp"

namespace toon::detail {

/// Writes all of `bytes` to `fd`, retrying after EINTR and short writes. 0, or the errno value
/// of the failed write.
int write_all(int fd, std::string_view bytes) noexcept;

/// Reads up to `size` bytes from `fd` into `buffer`, retrying after EINTR: the count read (0 at
/// the end), or -1 with errno set.
std::ptrdiff_t read_some(int fd, char* buffer, std::size_t size) noexcept;

/// Opens `path` for reading (close-on-exec where the platform has it, sequential access
/// advised): the descriptor, or -1 with errno set.
int open_for_reading(const std::filesystem::path& path) noexcept;

/// Closes `fd` (ignoring errors).
void close_fd(int fd) noexcept;

/// An io_error whose message is `what`, followed by ": " and strerror(err) when err is not 0.
error io_failure(std::string what, int err);

}  // namespace toon::detail
