#include "line_scanner.hpp"

#include <cstring>

#include <simdjson.h>

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

std::size_t find_invalid_utf8(std::string_view text) noexcept {
  if (simdjson::validate_utf8(text.data(), text.size())) return std::string_view::npos;
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len;
    std::uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07; }
    else return i;
    if (i + len > n) return i;
    for (std::size_t k = 1; k < len; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return i;
    i += len;
  }
  return std::string_view::npos;
}

}  // namespace toon::detail
