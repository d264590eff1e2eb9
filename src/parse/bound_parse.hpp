// decode_whole_bound(): whole-document decoding with the parser bound at compile time to a
// handler type the library knows (the value builder, the document builder, the JSON writer, the
// typed decoder: final classes), so that its calls are direct and the small ones inlined.
// Users' own handlers and streams go through push_parser (any event_handler, virtual calls).
//
// Each use instantiates the whole parser (parser_core.hpp): include this header in the
// translation unit that defines the handler, once per handler type.
#pragma once

#include "parser_core.hpp"
#include "push_parser.hpp"

namespace toon::detail {

/// decode_events_to() for a handler of type `Handler` and a text sink of type `Sink` (`sink`
/// may be null), with the same results and errors.
template <class Handler, class Sink>
result<void> decode_whole_bound(std::string_view text, Handler& handler, Sink* sink, const decode_options& options) {
  return decode_whole_with<parser_core<Handler, Sink>>(text, handler, sink, options);
}

}  // namespace toon::detail
