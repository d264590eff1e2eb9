// A map with integer keys encoded directly.
// expect-GNU: error: static assertion failed: toon: map keys must be strings; use std::map<std::string, V> or std::unordered_map<std::string, V> (convert other keys to strings), or toon::meta<T>::proxy
// expect-GNU: note: 'toon::detail::unsupported_type<std::map<int, int> >::has_string_keys' evaluates to false
// expect-Clang: error: static_assert failed due to requirement 'unsupported_type<std::map<int, int, std::less<int>, std::allocator<std::pair<const int, int>>>>::has_string_keys' "toon: map keys must be strings; use std::map<std::string, V> or std::unordered_map<std::string, V> (convert other keys to strings), or toon::meta<T>::proxy"
#include <map>

#include "toon/toon.hpp"

int main() { return static_cast<int>(toon::encode(std::map<int, int>{{1, 2}}).size()); }
