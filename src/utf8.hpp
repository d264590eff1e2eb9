// UTF-8 validation shared by the TOON decoder and the JSON reader.
#pragma once

#include <cstddef>
#include <string_view>

namespace toon::detail {

/// Offset of the first ill-formed UTF-8 sequence (truncated or invalid sequences,
/// overlongs, surrogates, code points above U+10FFFF), or npos when `text` is valid.
/// Valid input is checked with simdjson's vectorised validator.
std::size_t find_invalid_utf8(std::string_view text) noexcept;

}  // namespace toon::detail
