// decode_to_json (json_writer.hpp): the parser bound to the JSON writer at compile time, in its
// own translation unit (see bound_parse.hpp).
#include "toon/detail/linkage.hpp"

#include "../document/document_builder.hpp"
#include "../json/json_writer.hpp"
#include "bound_parse.hpp"

namespace toon::detail {

TOON_FUNC result<void> decode_to_json(std::string_view text, json_event_writer& writer, const decode_options& options) {
  // The lines the document builder reads straight from the text become nodes in its arena
  // first, then JSON (one read at a time): cheaper than the parser's events for them.
  document scratch;
  document_builder reader(scratch, text.size() / 2, options.strict);
  reader.view_input(text, writer);
  writer.read_lines_with(&reader);
  result<void> r = decode_whole_bound(text, writer, &writer, options);
  writer.read_lines_with(nullptr);
  return r;
}

}  // namespace toon::detail
