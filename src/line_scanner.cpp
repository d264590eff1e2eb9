#include "line_scanner.hpp"

#include <cstring>

namespace toon::detail {

scan_error scan_lines(std::string_view text, const decode_options& options, std::vector<line>& out) {
  out.clear();
  const char* data = text.data();
  const std::size_t n = text.size();
  const std::uint32_t indent_size = options.indent_size > 0 ? static_cast<std::uint32_t>(options.indent_size) : 2;
  std::size_t pos = 0;
  while (pos <= n) {
    const void* nl = pos < n ? std::memchr(data + pos, '\n', n - pos) : nullptr;
    std::size_t eol = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - data) : n;
    std::size_t end = eol;
    if (end > pos && data[end - 1] == '\r') --end;  // CR of a CRLF terminator
    // Leading indentation: spaces, and tabs (strict: error; non-strict: one level each).
    std::size_t i = pos;
    std::uint32_t spaces = 0;
    bool tab = false;
    while (i < end && (data[i] == ' ' || data[i] == '\t')) {
      if (data[i] == '\t') {
        tab = true;
        spaces += indent_size;
      } else {
        ++spaces;
      }
      ++i;
    }
    bool blank = i == end;
    // Comment line: only spaces before '#'.
    bool comment = !blank && !tab && data[i] == '#';
    if (!comment) {
      if (!blank && options.strict) {
        if (tab) return {error_code::invalid_indentation, "tabs are not allowed in indentation", pos};
        if (spaces % indent_size != 0)
          return {error_code::invalid_indentation,
                  "indentation is not a multiple of the indent size", pos};
      }
      out.push_back(line{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(end),
                         spaces / indent_size, blank});
    }
    if (!nl) break;
    pos = eol + 1;
  }
  return {};
}

}  // namespace toon::detail
