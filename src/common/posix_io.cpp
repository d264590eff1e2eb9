#include "posix_io.hpp"
#include "toon/detail/linkage.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace toon::detail {

TOON_FUNC int write_all(int fd, std::string_view bytes) noexcept {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
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
