// "line:col: path: message" (internal): the text of toon::error and toon::repair.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace toon::detail {

/// "line:col: path: message": the position left out when `line` is 0, the path when empty.
std::string located_text(std::uint32_t line, std::uint32_t column, std::string_view path, std::string_view message);

}  // namespace toon::detail
