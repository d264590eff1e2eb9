// toon/encode.hpp - toon::value -> TOON text.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <string>

#include "toon/options.hpp"
#include "toon/value.hpp"

namespace toon {

/// Encodes `v` as a TOON document (no trailing newline). Throws std::invalid_argument when
/// options.delimiter is not one of comma, tab, pipe.
[[nodiscard]] std::string encode(const value& v, const encode_options& options = {});

/// Appends the TOON document for `v` to `out` (reusing its capacity).
void encode_to(std::string& out, const value& v, const encode_options& options = {});

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
