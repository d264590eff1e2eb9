// decode_typed (typed_decoder.hpp): the parser bound to the typed decoder at compile time, in
// its own translation unit (see bound_parse.hpp). Whole documents only; a stream_decoder
// feeding a typed decoder keeps the generic instantiation (push_parser.cpp).
#include "toon/detail/linkage.hpp"

#include "toon/detail/typed_decoder.hpp"
#include "bound_parse.hpp"

namespace toon::detail {

TOON_FUNC result<void> decode_typed(std::string_view text, typed_decoder& decoder, const decode_options& options) {
  return decode_whole_bound(text, decoder, &decoder, options);
}

}  // namespace toon::detail
