// A map member whose keys are not strings, found by the schema of a tool's arguments.
// expect-GNU: error: static assertion failed: toon: map keys must be strings; use std::map<std::string, V> or std::unordered_map<std::string, V> (convert other keys to strings), or toon::meta<T>::proxy
// expect-GNU: note: 'toon::detail::unsupported_member<toon::detail::fixed_label<22>{"inventory::names_by_id"}>::has_string_keys' evaluates to false
// expect-Clang: error: static_assert failed due to requirement 'unsupported_member<'i', 'n', 'v', 'e', 'n', 't', 'o', 'r', 'y', ':', ':', 'n', 'a', 'm', 'e', 's', '_', 'b', 'y', '_', 'i', 'd'>::has_string_keys' "toon: map keys must be strings; use std::map<std::string, V> or std::unordered_map<std::string, V> (convert other keys to strings), or toon::meta<T>::proxy"
#include <map>
#include <string>

#include "toon/toon.hpp"

struct inventory {
  std::map<int, std::string> names_by_id;
};

int main() { return static_cast<int>(toon::typed_params<inventory>().size()); }
