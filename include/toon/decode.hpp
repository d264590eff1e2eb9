// toon/decode.hpp - TOON text -> toon::value.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <string_view>

#include "toon/error.hpp"
#include "toon/events.hpp"
#include "toon/options.hpp"
#include "toon/value.hpp"

namespace toon {

/// Decodes a TOON document into a value. Errors carry a code, message, line and column.
[[nodiscard]] result<value> decode(std::string_view text, const decode_options& options = {});

/// Throwing convenience: decodes or throws toon::toon_error.
[[nodiscard]] value decode_or_throw(std::string_view text, const decode_options& options = {});

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
