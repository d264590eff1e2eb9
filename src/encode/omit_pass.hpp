// omit_pass.hpp - encode_options::omit_null and omit_empty on a toon::value before it is
// encoded (internal; see omit.cpp).
#pragma once

#include "toon/value.hpp"

namespace toon::detail {

/// Which members the pass leaves out (encode_options::omit_null, omit_empty).
struct omit_rules {
  bool null = false;   ///< members whose value is null (or a non-finite number, written null)
  bool empty = false;  ///< members whose value is an empty array or object, after omission inside
};

/// Leaves out the object members of `root` (at any depth) that `rules` select; array elements
/// and the root itself always stay. Returns false when nothing is left out (`root` is to be
/// encoded as it is); otherwise sets `out` to the value without them. Copies only the
/// containers that change.
[[nodiscard]] bool apply_omit(const value& root, omit_rules rules, value& out);

/// The same on a value the caller owns, in place.
void apply_omit_in_place(value& root, omit_rules rules);

}  // namespace toon::detail
