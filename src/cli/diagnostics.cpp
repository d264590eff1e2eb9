// cli/diagnostics.cpp - error messages with the offending line and a caret.
#include <cstddef>
#include <string>
#include <string_view>

#include "commands.hpp"
#include "toon/decode.hpp"

namespace toon_cli {

std::string render_error(const toon::error& e, std::string_view source, std::string_view name) {
  if (e.line == 0) return std::string(name) + ": " + e.to_string();
  return toon::format_error(e, source, name);
}

std::string toon_input_hint(std::string_view source) {
  // Empty input, and broken JSON objects (which may also read as TOON keys: `{"a": 1,}`).
  const std::size_t first = source.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || source[first] == '{') return {};
  toon::result<toon::value> v = toon::decode(source);
  if (!v || !(v->is_object() || v->is_array())) return {};
  return "hint: the input is TOON, not JSON; `toon decode` converts TOON to JSON";
}

}  // namespace toon_cli
