// cli/diagnostics.cpp - error messages with the offending line and a caret.
#include <string>

#include "commands.hpp"

namespace toon_cli {

std::string render_error(const toon::error& e, std::string_view source, std::string_view name) {
  if (e.line == 0) return std::string(name) + ": " + e.to_string();
  return toon::format_error(e, source, name);
}

}  // namespace toon_cli
