// Correction requests for a model whose reply failed to decode (toon/extract.hpp).
#include <string>
#include "toon/detail/linkage.hpp"

#include "toon/extract.hpp"

namespace toon {

namespace {

// Line `n` (1-based) of `text`, without its line break (CR included); empty when out of range.
std::string_view nth_line(std::string_view text, std::uint32_t n) noexcept {
  std::size_t pos = 0;
  for (std::uint32_t i = 1; i < n; ++i) {
    std::size_t lf = text.find('\n', pos);
    if (lf == std::string_view::npos) return {};
    pos = lf + 1;
  }
  std::string_view line = text.substr(pos, text.find('\n', pos) - pos);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

void append_error(std::string& out, const error& e, std::string_view reply) {
  out += "- ";
  if (e.line != 0) {
    out += "line ";
    out += std::to_string(e.line);
    out += ": ";
  }
  if (!e.path.empty()) {
    out += e.path;
    out += ": ";
  }
  out += e.message;
  out += '\n';
  if (e.line != 0) {
    std::string_view line = nth_line(reply, e.line);
    if (line.size() > 160) line = line.substr(0, 160);
    if (!line.empty()) {
      out += "    ";
      out += line;
      out += '\n';
    }
  }
}

}  // namespace

TOON_FUNC std::string correction_request(const error& e, std::string_view reply, std::string_view expected_shape,
                               std::size_t max_errors) {
  std::string out;
  if (e.code == error_code::json_input) {
    out += "Your reply is JSON, but TOON was asked for.\n";
  } else if (e.code == error_code::no_document) {
    out += "Your reply holds no TOON document.\n";
  } else if (e.code == error_code::refusal) {
    out += "Your reply declined the task; it holds no TOON document.\n";
  } else {
    out += "Your reply could not be decoded:\n";
    if (max_errors == 0) max_errors = 1;
    append_error(out, e, reply);
    std::size_t shown = 1;
    for (const error& m : e.more) {
      if (shown == max_errors) break;
      append_error(out, m, reply);
      ++shown;
    }
    const std::size_t total = 1 + e.more.size();
    if (total > shown) out += "- and " + std::to_string(total - shown) + " more\n";
  }
  out += "Answer again with only the corrected TOON document in a ```toon fence.";
  if (!expected_shape.empty()) {
    out += "\nExpected shape: ";
    out += expected_shape;
  }
  return out;
}

}  // namespace toon
