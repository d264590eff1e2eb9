// parse_whole_to_json (push_parser.hpp): the parser bound to the JSON writer at compile time,
// in its own translation unit (see parser_core.hpp).
#include "push_parser.hpp"
#include "toon/detail/linkage.hpp"

#include "../json_writer.hpp"
#include "parser_core.hpp"

namespace toon::detail {

TOON_FUNC void parse_whole_to_json(std::string_view text, json_event_writer& writer, const decode_options& options) {
  parser_core<json_event_writer, json_event_writer> parser(writer, options, &writer);
  parser.set_stable_input(text);
  parser.feed(text);
  parser.finish();
}

}  // namespace toon::detail
