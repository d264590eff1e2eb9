#include "line_scanner.hpp"

#include <bit>
#include <cstdint>
#include <cstring>

namespace toon::detail {

scan_error scan_lines(std::string_view text, const decode_options& options, std::vector<line>& out) {
  out.clear();
  const char* data = text.data();
  const std::size_t n = text.size();
  const std::uint32_t indent_size = options.indent_size > 0 ? static_cast<std::uint32_t>(options.indent_size) : 2;
  // The usual indent sizes are powers of two: shifts instead of divisions.
  const bool pow2 = std::has_single_bit(indent_size);
  const int shift = std::countr_zero(indent_size);
  out.reserve(n / 24 + 16);
  std::size_t pos = 0;
  while (pos <= n) {
    const void* nl = pos < n ? std::memchr(data + pos, '\n', n - pos) : nullptr;
    std::size_t eol = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - data) : n;
    std::size_t end = eol;
    if (end > pos && data[end - 1] == '\r') --end;  // CR of a CRLF terminator
    // Leading indentation: spaces, and tabs (strict: error; non-strict: one level each).
    std::size_t i = pos;
    // Runs of spaces eight at a time: the first byte that is not a space ends the run.
    while (std::endian::native == std::endian::little && i + 8 <= end) {
      std::uint64_t w;
      std::memcpy(&w, data + i, 8);
      w ^= 0x2020202020202020ull;
      if (w) {
        i += static_cast<std::size_t>(std::countr_zero(w)) / 8;  // little-endian byte order
        break;
      }
      i += 8;
    }
    std::uint32_t spaces = static_cast<std::uint32_t>(i - pos);
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
    // Trailing spaces are not content (spec 4.4 strips them before a line is classified).
    while (end > i && data[end - 1] == ' ') --end;
    bool blank = i == end;
    // Comment line: only spaces before '#'.
    bool comment = !blank && !tab && data[i] == '#';
    if (!comment) {
      // Strict mode: a tab in the leading whitespace is an error even on an otherwise empty
      // line (spec 4.4: a tab-only line is not blank); non-strict mode reads it as blank.
      if (tab && options.strict) return {error_code::invalid_indentation, "tabs are not allowed in indentation", pos};
      if (!blank && options.strict) {
        if ((pow2 ? spaces & (indent_size - 1) : spaces % indent_size) != 0)
          return {error_code::invalid_indentation,
                  "indentation is not a multiple of the indent size", pos};
      }
      out.push_back(line{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(end),
                         pow2 ? spaces >> shift : spaces / indent_size, blank});
    }
    if (!nl) break;
    pos = eol + 1;
  }
  return {};
}

}  // namespace toon::detail
