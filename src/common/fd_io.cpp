#include "fd_io.hpp"
#include "toon/detail/linkage.hpp"

#include <fcntl.h>
#if defined(_WIN32)
#include <io.h>
#else
#include <unistd.h>
#endif

#include <cerrno>
#include <climits>
#include <cstring>
#include <utility>

namespace toon::detail {

namespace {

#if defined(_WIN32)
// The C runtime's descriptor calls take and return int counts.
constexpr std::size_t max_chunk = INT_MAX;
#else
constexpr std::size_t max_chunk = SSIZE_MAX;
#endif

}  // namespace

TOON_FUNC int write_all(int fd, std::string_view bytes) noexcept {
  while (!bytes.empty()) {
    const std::size_t chunk = bytes.size() < max_chunk ? bytes.size() : max_chunk;
#if defined(_WIN32)
    const auto n = ::_write(fd, bytes.data(), static_cast<unsigned>(chunk));
#else
    const auto n = ::write(fd, bytes.data(), chunk);
#endif
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

TOON_FUNC std::ptrdiff_t read_some(int fd, char* buffer, std::size_t size) noexcept {
  if (size > max_chunk) size = max_chunk;
  for (;;) {
#if defined(_WIN32)
    const auto n = ::_read(fd, buffer, static_cast<unsigned>(size));
#else
    const auto n = ::read(fd, buffer, size);
#endif
    if (n < 0 && errno == EINTR) continue;
    return static_cast<std::ptrdiff_t>(n);
  }
}

TOON_FUNC int open_for_reading(const std::filesystem::path& path) noexcept {
#if defined(_WIN32)
  return ::_wopen(path.c_str(), _O_RDONLY | _O_BINARY);
#else
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
#ifdef POSIX_FADV_SEQUENTIAL
  if (fd >= 0) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  return fd;
#endif
}

TOON_FUNC void close_fd(int fd) noexcept {
#if defined(_WIN32)
  ::_close(fd);
#else
  ::close(fd);
#endif
}

TOON_FUNC error io_failure(std::string what, int err) {
  error e;
  e.code = error_code::io_error;
  e.message = std::move(what);
  if (err != 0) {
    e.message += ": ";
    e.message += std::strerror(err);
  }
  return e;
}

}  // namespace toon::detail
