// Limits shared by the JSON readers (from_json and json_to_toon's tape), so both reject the
// same input with the same error.
#pragma once

#include <cstddef>

namespace toon::detail {

/// Nesting limit of JSON input (arrays and objects), the default decode_options::max_depth of
/// TOON. Deeper input fails with error_code::depth_limit instead of exhausting the stack. It
/// was 1000 until issue 39: from_json's recursion then took up to 0.9 MiB (and over 8 MiB
/// under ASan), and copying or destroying such a value, which recurses in the caller's code,
/// 1.5 MiB in a -O0 build. At 256 levels every reader and every value operation fits a 1 MiB
/// stack (tests/unit/hostile_input_test.cpp).
inline constexpr std::size_t max_json_depth = 256;

}  // namespace toon::detail
