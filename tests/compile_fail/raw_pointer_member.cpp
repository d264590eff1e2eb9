// A struct member that is a raw pointer: the error names the member and suggests the fix.
// expect-GNU: error: static assertion failed: toon: raw pointers are not supported; use std::unique_ptr, std::optional or toon::meta<T>::proxy
// expect-GNU: note: 'toon::detail::unsupported_member<toon::detail::fixed_label<12>{"node::parent"}>::is_not_a_raw_pointer' evaluates to false
// expect-Clang: error: static_assert failed due to requirement 'unsupported_member<'n', 'o', 'd', 'e', ':', ':', 'p', 'a', 'r', 'e', 'n', 't'>::is_not_a_raw_pointer' "toon: raw pointers are not supported; use std::unique_ptr, std::optional or toon::meta<T>::proxy"
#include "toon/toon.hpp"

struct node {
  int id;
  node* parent;
};

int main() { return static_cast<int>(toon::encode(node{1, nullptr}).size()); }
