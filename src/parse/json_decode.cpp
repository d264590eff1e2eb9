// decode_to_json (json_writer.hpp): the parser bound to the JSON writer at compile time, in its
// own translation unit (see bound_parse.hpp).
#include "toon/detail/linkage.hpp"

#include "../json/json_writer.hpp"
#include "bound_parse.hpp"

namespace toon::detail {

TOON_FUNC result<void> decode_to_json(std::string_view text, json_event_writer& writer, const decode_options& options) {
  return decode_whole_bound(text, writer, &writer, options);
}

}  // namespace toon::detail
