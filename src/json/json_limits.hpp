// Limits shared by the JSON readers (from_json and json_to_toon's tape), so both reject the
// same input with the same error.
#pragma once

#include <cstddef>

namespace toon::detail {

/// Nesting limit of JSON input (arrays and objects). Deeper input fails with
/// error_code::depth_limit instead of exhausting the stack.
inline constexpr std::size_t max_json_depth = 1000;

}  // namespace toon::detail
