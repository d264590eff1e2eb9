// A raw pointer inside a container member, found when decoding.
// expect-GNU: error: static assertion failed: toon: raw pointers are not supported; use std::unique_ptr, std::optional or toon::meta<T>::proxy
// expect-GNU: note: 'toon::detail::unsupported_member<toon::detail::fixed_label<12>{"graph::edges"}>::is_not_a_raw_pointer' evaluates to false
// expect-Clang: error: static_assert failed due to requirement 'unsupported_member<'g', 'r', 'a', 'p', 'h', ':', ':', 'e', 'd', 'g', 'e', 's'>::is_not_a_raw_pointer' "toon: raw pointers are not supported; use std::unique_ptr, std::optional or toon::meta<T>::proxy"
#include <optional>
#include <vector>

#include "toon/toon.hpp"

struct edge {
  int weight;
};
struct graph {
  std::string name;
  std::vector<std::optional<const edge*>> edges;
};

int main() { return toon::decode<graph>("name: g").has_value() ? 0 : 1; }
