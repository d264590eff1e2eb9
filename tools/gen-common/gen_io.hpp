// gen-common/gen_io.hpp - what the data generators (tools/gen-*) share: the SIZE argument
// and writing to standard output.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace gen {

/// Parses a size in bytes, or with a suffix: 200MB, 2GB, 512KiB, 1GiB.
inline bool parse_size(std::string_view s, std::uint64_t& out) {
  std::uint64_t n = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end == s.data()) return false;
  const std::string_view unit(end, static_cast<std::size_t>(s.data() + s.size() - end));
  struct suffix {
    const char* name;
    std::uint64_t factor;
  };
  static constexpr suffix suffixes[] = {{"", 1},         {"B", 1},           {"KB", 1000},     {"MB", 1000000},
                                        {"GB", 1000000000}, {"KiB", 1u << 10}, {"MiB", 1u << 20}, {"GiB", 1u << 30}};
  for (const suffix& x : suffixes) {
    if (unit == x.name) {
      out = n * x.factor;
      return true;
    }
  }
  return false;
}

/// Writes all `n` bytes to standard output; false on error.
inline bool write_all(const char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(STDOUT_FILENO, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

}  // namespace gen
