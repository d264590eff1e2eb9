// Line-level helpers of LLM replies shared by toon::extract (src/extract/extract.cpp) and the
// stream interceptor (src/mcp/stream_interceptor.cpp): fences, blank lines, TOON key lines.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace toon::detail {

/// A fence line: ``` or ~~~ (3 or more) after at most 3 spaces, and its info string.
struct fence_line {
  char mark = 0;
  std::size_t count = 0;
  std::string_view info{};  ///< trimmed
};

/// True for a line of blanks (spaces, tabs, a CR).
[[nodiscard]] bool is_blank(std::string_view s) noexcept;
/// Offset just past the colon of a line whose part before it is one token (a TOON key with its
/// `[...]`/`{...}` segments: `a: 1`, `items[2]{id}:`), or npos (prose: "Here is the data:").
[[nodiscard]] std::size_t key_colon(std::string_view s) noexcept;
/// An unindented TOON key line (not a list item), as key_colon() judges it.
[[nodiscard]] bool is_key_line(std::string_view s) noexcept;
/// The fence `s` opens, if it is a fence line (a CR at its end is ignored).
[[nodiscard]] std::optional<fence_line> parse_fence(std::string_view s) noexcept;
/// True when `s` closes the block `open` opened (same mark, at least as long, no info).
[[nodiscard]] bool is_closing_fence(std::string_view s, const fence_line& open) noexcept;
/// ASCII case-insensitive equality of `info` with the lowercase `word`.
[[nodiscard]] bool lower_is(std::string_view info, std::string_view word) noexcept;

}  // namespace toon::detail
