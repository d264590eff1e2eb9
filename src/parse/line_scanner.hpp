// Splits a TOON document into classified lines: CR/LF handling, BOM, comment removal
// (§5.1), indentation measurement and the strict indentation checks of §12.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "toon/error.hpp"
#include "toon/options.hpp"

namespace toon::detail {

/// One non-comment line of the document.
struct line {
  std::uint32_t begin;   ///< offset of the first content byte (after indentation)
  std::uint32_t end;     ///< offset one past the last content byte (CR excluded)
  std::uint32_t depth;   ///< indentation level
  bool blank;            ///< content is empty (only spaces/tabs)
};

/// An error found while scanning: code, message and byte offset.
struct scan_error {
  error_code code = error_code::ok;
  const char* message = "";
  std::size_t offset = 0;
};

/// Scans `text` (BOM already removed by the caller, offsets relative to `text`) into
/// `out`, replacing its contents. Returns an error for strict-mode indentation problems.
scan_error scan_lines(std::string_view text, const decode_options& options, std::vector<line>& out);

}  // namespace toon::detail
