// parse_whole_typed (push_parser.hpp): the parser bound to the typed decoder at compile time,
// in its own translation unit (see parser_core.hpp). Whole documents only; a stream_decoder
// feeding a typed decoder keeps the generic instantiation (push_parser.cpp).
#include "push_parser.hpp"
#include "toon/detail/linkage.hpp"

#include "toon/detail/typed_decoder.hpp"
#include "parser_core.hpp"

namespace toon::detail {

TOON_FUNC void parse_whole_typed(std::string_view text, typed_decoder& decoder, const decode_options& options) {
  parser_core<typed_decoder, typed_decoder> parser(decoder, options, &decoder);
  parser.set_stable_input(text);
  parser.feed(text);
  parser.finish();
}

}  // namespace toon::detail
