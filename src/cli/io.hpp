// cli/io.hpp - whole-file input and output for the toon tool.
#pragma once

#include <string>
#include <string_view>

namespace toon_cli {

/// Reads all of `path` (standard input when empty or "-") in binary mode into `out`.
/// On failure returns false and sets `error` to a message naming the file.
bool read_input(const std::string& path, std::string& out, std::string& error);

/// Writes `data` to `path` (standard output when empty), replacing the file.
/// On failure returns false and sets `error`.
bool write_output(const std::string& path, std::string_view data, std::string& error);

}  // namespace toon_cli
