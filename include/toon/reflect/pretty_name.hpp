// toon/reflect/pretty_name.hpp - reading names out of the compilers' __PRETTY_FUNCTION__ text.
//
// Shared by type_name.hpp and enum_names.hpp. GCC writes `... [with T = ns::a<int>::b; ...]`
// and `{anonymous}::x` / `<unnamed>::x`; clang writes `... [T = ns::a<int>::b]` and
// `(anonymous namespace)::x`. Template arguments may themselves hold `::`, `;`-free brackets
// such as `int [3]`, and parenthesised or braced scopes, so every split below happens only at
// bracket depth 0. Knows nothing of TOON text.
#pragma once

#include <cstddef>
#include <string_view>

namespace toon::reflect::detail {

/// True for the opening brackets tracked by the scanners below.
constexpr bool is_open_bracket(char c) noexcept { return c == '<' || c == '(' || c == '[' || c == '{'; }
/// True for the closing brackets tracked by the scanners below.
constexpr bool is_close_bracket(char c) noexcept { return c == '>' || c == ')' || c == ']' || c == '}'; }

/// The text of the template argument written after `marker` ("T = ", "V = ") in `pretty`, up
/// to the first ';' or unmatched ']' outside brackets. Empty when `marker` is absent.
constexpr std::string_view pretty_argument(std::string_view pretty, std::string_view marker) noexcept {
  std::size_t begin = pretty.find(marker);
  if (begin == std::string_view::npos) return {};
  begin += marker.size();
  int depth = 0;
  std::size_t i = begin;
  for (; i < pretty.size(); ++i) {
    const char c = pretty[i];
    if (depth == 0 && (c == ';' || c == ']')) break;
    if (is_open_bracket(c)) ++depth;
    else if (is_close_bracket(c) && depth > 0) --depth;
  }
  return pretty.substr(begin, i - begin);
}

/// The part of a qualified name after its last `::` outside brackets:
/// "(anonymous namespace)::a<x::y>::b" gives "b", "ns::c<x::y>" gives "c<x::y>".
constexpr std::string_view last_scope_component(std::string_view name) noexcept {
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (is_open_bracket(c)) ++depth;
    else if (is_close_bracket(c) && depth > 0) --depth;
    else if (depth == 0 && c == ':' && i + 1 < name.size() && name[i + 1] == ':') {
      start = i + 2;
      ++i;
    }
  }
  return name.substr(start);
}

/// True when `name` starts like an identifier (a letter, '_' or a non-ASCII byte).
constexpr bool starts_identifier(std::string_view name) noexcept {
  if (name.empty()) return false;
  const char c = name.front();
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

}  // namespace toon::reflect::detail
