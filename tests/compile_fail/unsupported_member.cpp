// A member of a type outside the mapping table (std::weak_ptr).
// expect-GNU: error: static assertion failed: toon: unsupported type: not an aggregate, without toon::meta<T>::fields or toon::meta<T>::proxy, and not a supported standard type (see docs/reflection.md, the mapping table)
// expect-GNU: note: 'toon::detail::unsupported_member<toon::detail::fixed_label<14>{"session::owner"}>::has_a_supported_type' evaluates to false
// expect-Clang: error: static_assert failed due to requirement 'unsupported_member<'s', 'e', 's', 's', 'i', 'o', 'n', ':', ':', 'o', 'w', 'n', 'e', 'r'>::has_a_supported_type' "toon: unsupported type: not an aggregate, without toon::meta<T>::fields or toon::meta<T>::proxy, and not a supported standard type (see docs/reflection.md, the mapping table)"
#include <memory>

#include "toon/toon.hpp"

struct session {
  std::weak_ptr<int> owner;
};

int main() { return static_cast<int>(toon::to_value(session{}).is_object()); }
