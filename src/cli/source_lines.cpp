// cli/source_lines.cpp - recent input lines and diagnostics for block-by-block decoding.
#include "source_lines.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <vector>

namespace toon_cli {

void recent_lines::trim() {
  const std::size_t last = tail_.rfind('\n');
  if (last == std::string::npos || last == 0) return;
  const std::size_t prev = tail_.rfind('\n', last - 1);
  if (prev == std::string::npos) return;
  if (first_ == 1 && tail_.compare(0, 3, "\xEF\xBB\xBF") == 0) bom_line_ = tail_.substr(0, tail_.find('\n'));
  first_ += static_cast<std::uint64_t>(std::count(tail_.data(), tail_.data() + prev + 1, '\n'));
  tail_.erase(0, prev + 1);
}

std::optional<std::string_view> recent_lines::line(std::uint64_t n) const {
  if (n == 1 && bom_line_) return std::string_view(*bom_line_);
  if (n < first_) return std::nullopt;
  std::size_t start = 0;
  for (std::uint64_t l = first_; l < n; ++l) {
    const std::size_t nl = tail_.find('\n', start);
    if (nl == std::string::npos) return std::nullopt;
    start = nl + 1;
  }
  std::size_t end = tail_.find('\n', start);
  if (end == std::string::npos) end = tail_.size();
  return std::string_view(tail_).substr(start, end - start);
}

std::uint64_t recent_lines::line_count() const {
  return first_ + static_cast<std::uint64_t>(std::count(tail_.begin(), tail_.end(), '\n'));
}

bool read_line_at(int fd, std::int64_t start, std::uint64_t n, std::string& out) {
  std::vector<char> buf(std::size_t(1) << 16);
  std::uint64_t line = 1;
  auto pos = static_cast<off_t>(start);
  out.clear();
  for (;;) {
    const ssize_t got = ::pread(fd, buf.data(), buf.size(), pos);
    if (got < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (got == 0) return line == n;  // the last line, without a line break
    pos += got;
    const char* p = buf.data();
    const char* end = p + got;
    while (p < end) {
      const char* nl = std::find(p, end, '\n');
      if (line == n) out.append(p, nl);
      if (nl == end) break;
      if (line == n) return true;
      ++line;
      p = nl + 1;
    }
  }
}

std::string render_error_line(const toon::error& e, std::optional<std::string_view> line, bool line_exists,
                              std::string_view name) {
  std::string out(name);
  if (e.line == 0) return out + ": " + e.to_string();
  out += ':';
  out += e.to_string();
  if (line) {
    // What format_error() shows for this line of the whole text.
    toon::error shown;
    toon::detail::set_location(shown, *line, e.column > 0 ? e.column - 1 : 0);
    toon::detail::append_source_context(out, shown.source_line, shown.source_column);
  } else if (line_exists && e.source_column != 0) {
    toon::detail::append_source_context(out, e.source_line, e.source_column);
  }
  return out;
}

}  // namespace toon_cli
