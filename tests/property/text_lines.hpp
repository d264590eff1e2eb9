// text_lines.hpp - a document as lines and back, for the properties that edit documents line
// by line (strict_mutation_property_test, repair_property_test).
#pragma once

#include <string>
#include <vector>

namespace toon_test {

/// The lines of `text` split on LF (a final LF gives a last empty line).
inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string::size_type start = 0;
  while (true) {
    auto nl = text.find('\n', start);
    lines.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return lines;
}

/// `lines` joined with LF (the inverse of split_lines).
inline std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i) out += '\n';
    out += lines[i];
  }
  return out;
}

}  // namespace toon_test
