// Repair mode (toon/repair.hpp): repair names, their text, and the value decoders. The repairs
// themselves are made by the parser (push_parser.cpp) and the typed decoder where strict mode's
// checks are.
#include "toon/repair.hpp"
#include "toon/detail/linkage.hpp"

#include <string>
#include <utility>

#include "../common/located_text.hpp"

namespace toon {

TOON_FUNC std::string_view to_string(repair_kind kind) noexcept {
  switch (kind) {
    case repair_kind::length: return "length";
    case repair_kind::indent_size: return "indent_size";
    case repair_kind::tab_indentation: return "tab_indentation";
    case repair_kind::blank_line: return "blank_line";
    case repair_kind::enum_case: return "enum_case";
    case repair_kind::number_in_string: return "number_in_string";
    case repair_kind::trailing_delimiter: return "trailing_delimiter";
  }
  return "unknown";
}

TOON_FUNC std::string repair::to_string() const { return detail::located_text(line, column, path, message); }

TOON_FUNC result<repaired<value>> decode_repaired(std::string_view text, decode_options options) {
  repaired<value> out;
  options.repairs = &out.repairs;
  result<value> v = toon::decode(text, options);
  if (!v) return v.error();
  out.value = std::move(*v);
  return out;
}

TOON_FUNC result<repaired<value>> decode_reply_repaired(std::string_view reply, reply_options options) {
  repaired<value> out;
  options.decode.repairs = &out.repairs;
  result<value> v = toon::decode_reply(reply, options);
  if (!v) return v.error();
  out.value = std::move(*v);
  return out;
}

}  // namespace toon
