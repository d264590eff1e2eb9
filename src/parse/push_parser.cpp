// push_parser (push_parser.hpp): the structural parser of parser_core.hpp for any event_handler
// and text sink.
#include "push_parser.hpp"
#include "toon/detail/linkage.hpp"

#include "parser_core.hpp"

namespace toon::detail {

class push_parser_impl : public parser_core<event_handler, text_sink> {
 public:
  using parser_core::parser_core;
};

TOON_FUNC push_parser::push_parser(event_handler& handler, const decode_options& options, text_sink* sink)
    : impl_(std::make_unique<push_parser_impl>(handler, options, sink)) {}
TOON_FUNC push_parser::~push_parser() = default;
TOON_FUNC void push_parser::feed(std::string_view chunk) { impl_->feed(chunk); }
TOON_FUNC void push_parser::finish() { impl_->finish(); }
TOON_FUNC void push_parser::set_stable_input(std::string_view whole) noexcept { impl_->set_stable_input(whole); }
TOON_FUNC bool push_parser::locate(std::size_t offset, std::uint32_t& line, std::size_t& line_start, std::string& text) const {
  return impl_->locate(offset, line, line_start, text);
}

}  // namespace toon::detail
