// toon::value_stream: the push parser (through stream_decoder) building a toon::value in place,
// so that the value decoded so far can be read between feeds.
#include <utility>
#include "toon/detail/linkage.hpp"

#include "../value/value_builder.hpp"
#include "toon/stream.hpp"

namespace toon {

struct value_stream::state {
  explicit state(const decode_options& o) : options(o), builder(o.strict), decoder(builder, options) {}
  decode_options options;
  detail::value_builder builder;
  stream_decoder decoder;
};

TOON_FUNC value_stream::value_stream(const decode_options& options) : state_(std::make_unique<state>(options)) {}
TOON_FUNC value_stream::~value_stream() = default;
TOON_FUNC value_stream::value_stream(value_stream&&) noexcept = default;
TOON_FUNC value_stream& value_stream::operator=(value_stream&&) noexcept = default;

TOON_FUNC result<void> value_stream::feed(std::string_view chunk) { return state_->decoder.feed(chunk); }

TOON_FUNC result<value> value_stream::finish() {
  if (result<void> r = state_->decoder.finish(); !r) return r.error();
  value v = std::move(state_->builder.result());
  state_->builder.result() = value();
  return v;
}

TOON_FUNC const value& value_stream::partial() const noexcept { return state_->builder.result(); }

}  // namespace toon
