// cli/io.cpp - reading and writing whole files with POSIX calls (binary, no stdio buffers).
#include "io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace toon_cli {

namespace {

std::string describe(const std::string& what, int err) { return what + ": " + std::strerror(err); }

// Reads `fd` to its end, appending to `out`. Returns 0 or an errno value.
int read_all(int fd, std::string& out) {
  struct stat st {};
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    // A regular file: read straight into a buffer of its size.
    std::size_t size = static_cast<std::size_t>(st.st_size);
    std::size_t got = 0;
    out.resize(size);
    while (got < size) {
      ssize_t n = ::read(fd, out.data() + got, size - got);
      if (n < 0) {
        if (errno == EINTR) continue;
        out.resize(got);
        return errno;
      }
      if (n == 0) break;
      got += static_cast<std::size_t>(n);
    }
    out.resize(got);
    if (got < size) return 0;  // the file shrank meanwhile
  }
  // Pipes, terminals, and files that grew: read in chunks.
  std::vector<char> buf(std::size_t(1) << 16);
  for (;;) {
    ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (n == 0) return 0;
    out.append(buf.data(), static_cast<std::size_t>(n));
    if (buf.size() < (std::size_t(1) << 20)) buf.resize(buf.size() * 2);
  }
}

int write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

}  // namespace

bool read_input(const std::string& path, std::string& out, std::string& error) {
  out.clear();
  if (path.empty() || path == "-") {
    if (int err = read_all(STDIN_FILENO, out)) {
      error = describe("cannot read standard input", err);
      return false;
    }
    return true;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = describe("cannot open '" + path + "'", errno);
    return false;
  }
  int err = read_all(fd, out);
  ::close(fd);
  if (err != 0) {
    error = describe("cannot read '" + path + "'", err);
    return false;
  }
  return true;
}

bool write_output(const std::string& path, std::string_view data, std::string& error) {
  if (path.empty()) {
    if (int err = write_all(STDOUT_FILENO, data)) {
      error = describe("cannot write standard output", err);
      return false;
    }
    return true;
  }
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) {
    error = describe("cannot create '" + path + "'", errno);
    return false;
  }
  int err = write_all(fd, data);
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) {
    error = describe("cannot write '" + path + "'", err);
    return false;
  }
  return true;
}

}  // namespace toon_cli
