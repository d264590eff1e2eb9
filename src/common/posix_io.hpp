// posix_io.hpp - internal: the POSIX write loop and I/O error shared by the library's file
// descriptor code (byte sources, the table writer's fd sink, MCP pipes) and the CLI.
#pragma once

#include <string>
#include <string_view>

#include "toon/error.hpp"

namespace toon::detail {

/// Writes all of `bytes` to `fd`, retrying after EINTR and short writes. 0, or the errno value
/// of the failed write.
int write_all(int fd, std::string_view bytes) noexcept;

/// An io_error whose message is `what`, followed by ": " and strerror(err) when err is not 0.
error io_failure(std::string what, int err);

}  // namespace toon::detail
