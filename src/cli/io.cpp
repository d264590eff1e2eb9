// cli/io.cpp - reading (or mapping) the input and writing the output with POSIX calls.
#include "io.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "../common/fd_io.hpp"

namespace toon_cli {

namespace {

std::string describe(const std::string& what, int err) { return what + ": " + std::strerror(err); }

// Reads `fd` to its end, appending to `out`. Returns 0 or an errno value.
int read_all(int fd, std::string& out, const struct stat* st) {
  if (st != nullptr && S_ISREG(st->st_mode) && st->st_size > 0) {
    // A regular file: read straight into a buffer of its size.
    std::size_t size = static_cast<std::size_t>(st->st_size);
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


}  // namespace

// ---- input_text -------------------------------------------------------------------------------

bool input_text::open(const std::string& path, std::string& error) {
  release();
  if (path.empty() || path == "-") {
    struct stat st {};
    bool have_stat = fstat(STDIN_FILENO, &st) == 0;
    if (int err = read_all(STDIN_FILENO, owned_, have_stat ? &st : nullptr)) {
      error = describe("cannot read standard input", err);
      return false;
    }
    view_ = owned_;
    return true;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = describe("cannot open '" + path + "'", errno);
    return false;
  }
  struct stat st {};
  bool have_stat = fstat(fd, &st) == 0;
  if (have_stat && S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) >= map_threshold &&
      static_cast<std::uint64_t>(st.st_size) <= SIZE_MAX) {
    // Large regular file: map it. The decoders read it front to back.
    std::size_t size = static_cast<std::size_t>(st.st_size);
    void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      ::madvise(p, size, MADV_SEQUENTIAL);
      ::close(fd);
      map_ = p;
      map_size_ = size;
      view_ = std::string_view(static_cast<const char*>(p), size);
      return true;
    }
    // Mapping refused (some file systems): read it instead.
  }
  int err = read_all(fd, owned_, have_stat ? &st : nullptr);
  ::close(fd);
  if (err != 0) {
    error = describe("cannot read '" + path + "'", err);
    return false;
  }
  view_ = owned_;
  return true;
}

void input_text::release() noexcept {
  if (map_ != nullptr) ::munmap(map_, map_size_);
  map_ = nullptr;
  map_size_ = 0;
  std::string().swap(owned_);
  view_ = {};
}

// ---- output_sink ------------------------------------------------------------------------------

bool output_sink::open_target(bool streaming, std::string& error) {
  if (path_.empty()) {
    fd_ = STDOUT_FILENO;
    return true;
  }
  struct stat st {};
  bool exists = ::lstat(path_.c_str(), &st) == 0;
  if (streaming && (!exists || S_ISREG(st.st_mode))) {
    // Write beside the file and rename at the end, so that a failure leaves it as it was.
    std::string::size_type slash = path_.rfind('/');
    std::string dir = slash == std::string::npos ? std::string() : path_.substr(0, slash + 1);
    std::string name = slash == std::string::npos ? path_ : path_.substr(slash + 1);
    std::string tmpl = dir + "." + name + ".toon-XXXXXX";
    int fd = ::mkostemp(tmpl.data(), O_CLOEXEC);
    if (fd < 0) {
      error = describe("cannot create a temporary file for '" + path_ + "'", errno);
      return false;
    }
    // The new file gets the old one's permissions, or the usual 0666 less the umask.
    mode_t mode = 0;
    if (exists) {
      mode = st.st_mode & 07777;
    } else {
      mode_t mask = ::umask(0);
      ::umask(mask);
      mode = 0666 & ~mask;
    }
    ::fchmod(fd, mode);
    fd_ = fd;
    temp_path_ = tmpl;
    return true;
  }
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd_ < 0) {
    error = describe("cannot create '" + path_ + "'", errno);
    return false;
  }
  return true;
}

bool output_sink::write_buffer(std::string& error) {
  if (count_tokens_) estimator_.feed(buffer_);
  bytes_ += buffer_.size();
  if (int err = toon::detail::write_all(fd_, buffer_)) {
    error = describe(path_.empty() ? std::string("cannot write standard output") : "cannot write '" + path_ + "'", err);
    return false;
  }
  buffer_.clear();
  return true;
}

bool output_sink::spill(std::string& error) {
  if (buffer_.size() < spill_threshold) return true;
  if (fd_ < 0 && !open_target(true, error)) return false;
  spilled_ = true;
  return write_buffer(error);
}

bool output_sink::flush(std::string& error) {
  if (buffer_.empty()) return true;
  if (fd_ < 0 && !open_target(true, error)) return false;
  spilled_ = true;
  return write_buffer(error);
}

bool output_sink::finish(std::string& error) {
  if (fd_ < 0 && !open_target(false, error)) return false;
  if (!write_buffer(error)) return false;
  if (count_tokens_) tokens_ = estimator_.finish();
  if (fd_ != STDOUT_FILENO) {
    int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
      error = describe("cannot write '" + path_ + "'", errno);
      return false;
    }
    if (!temp_path_.empty()) {
      if (::rename(temp_path_.c_str(), path_.c_str()) != 0) {
        error = describe("cannot replace '" + path_ + "'", errno);
        return false;
      }
      temp_path_.clear();
    }
  }
  fd_ = -1;
  return true;
}

void output_sink::abandon() noexcept {
  if (fd_ >= 0 && fd_ != STDOUT_FILENO) ::close(fd_);
  fd_ = -1;
  if (!temp_path_.empty()) ::unlink(temp_path_.c_str());
  temp_path_.clear();
}

}  // namespace toon_cli
