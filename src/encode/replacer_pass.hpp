// replacer_pass.hpp - applies encode_options::replacer to a toon::value before it is encoded
// (internal; see replacer.cpp).
#pragma once

#include "toon/replacer.hpp"
#include "toon/value.hpp"

namespace toon::detail {

/// Calls `replacer` for `root` and its descendants as @toon-format/toon 4.4.0 does (parents
/// before children, document order) and applies its answers. Returns false when nothing changed
/// (`root` is to be encoded as it is); otherwise sets `out` to the value to encode, in which raw
/// texts are held as toon::big_integer values (which the encoder writes verbatim). Exceptions
/// of the replacer propagate.
[[nodiscard]] bool apply_replacer(const value& root, const replacer_function& replacer, value& out);

}  // namespace toon::detail
