// decode_events() (whole documents) and toon::stream_decoder (byte chunks): both drive the one
// push parser (push_parser.cpp); a whole document is "feed everything, then finish".
#include <string>
#include "toon/detail/linkage.hpp"
#include <utility>

#include "push_parser.hpp"
#include "toon/detail/text_sink.hpp"
#include "toon/events.hpp"
#include "toon/stream.hpp"

namespace toon {

namespace {

error make_error(error_code code, std::string message) {
  error e;
  e.code = code;
  e.message = std::move(message);
  return e;
}

// Option checks made before any input is read.
bool check_options(const decode_options& options, error& out) {
  if (options.indent_size < 1) {
    out = make_error(error_code::invalid_indentation, "indent_size must be at least 1");
    out.line = 1;
    out.column = 1;
    return false;
  }
  return true;
}

}  // namespace

TOON_FUNC result<void> decode_events(std::string_view text, event_handler& handler, const decode_options& options) {
  return detail::decode_events_to(text, handler, nullptr, options);
}

TOON_FUNC result<void> detail::decode_whole(std::string_view text, event_handler& handler, const decode_options& options,
                                           void (*parse)(void* context), void* context) {
  // A leading byte order mark is not part of the document: positions are located in `body`,
  // so columns on the first line do not count it.
  std::string_view body = text;
  if (body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
  const std::size_t bom_size = text.size() - body.size();
  auto located = [&](error_code code, std::string message, std::size_t offset) {
    error e = make_error(code, std::move(message));
    detail::set_location(e, body, offset > bom_size ? offset - bom_size : 0);
    return e;
  };
  if (text.size() > options.max_input_size) return located(error_code::size_limit, "input exceeds the size limit", 0);
  if (error e; !check_options(options, e)) return located(e.code, e.message, 0);
  try {
    parse(context);
  } catch (const detail::parse_failure& f) {
    error e = located(f.code, f.message, f.offset);
    e.path = f.path;
    return e;
  } catch (const detail::handler_abort&) {
    const error& he = handler.failure();
    if (he.code == error_code::ok) return located(error_code::unexpected_line, "decoding stopped by the handler", 0);
    error e = located(he.code, he.message, handler.failure_offset());
    e.path = he.path;
    return e;
  }
  return {};
}

TOON_FUNC result<void> detail::decode_events_to(std::string_view text, event_handler& handler, text_sink* sink,
                                      const decode_options& options) {
  return decode_whole_with<push_parser>(text, handler, sink, options);
}

struct stream_decoder::state {
  state(event_handler& h, const decode_options& o) : handler(h), options(o), parser(h, options) {}
  event_handler& handler;
  decode_options options;
  detail::push_parser parser;
  std::size_t fed = 0;
  bool finished = false;
  result<void> outcome{};

  // The error of a failure at `offset` on line `line` (content from `line_start`, text `text`).
  static error at_line(error_code code, std::string message, std::size_t offset, std::uint32_t line,
                       std::size_t line_start, std::string_view text) {
    error e = make_error(code, std::move(message));
    if (line == 0) return e;
    detail::set_location(e, text, offset > line_start ? offset - line_start : 0);
    e.line = line;
    return e;
  }

  template <class F>
  result<void> run(F&& step) {
    if (!outcome) return outcome;
    try {
      step();
    } catch (const detail::parse_failure& f) {
      error e = at_line(f.code, f.message, f.offset, f.line, f.line_start, f.line_text);
      e.path = f.path;
      outcome = std::move(e);
    } catch (const detail::handler_abort&) {
      const error& he = handler.failure();
      if (he.code == error_code::ok) {
        outcome = make_error(error_code::unexpected_line, "decoding stopped by the handler");
      } else {
        std::uint32_t line = 0;
        std::size_t line_start = 0;
        std::string text;
        const std::size_t offset = handler.failure_offset();
        error e = parser.locate(offset, line, line_start, text)
                      ? at_line(he.code, he.message, offset, line, line_start, text)
                      : make_error(he.code, he.message);
        e.path = he.path;
        outcome = std::move(e);
      }
    }
    return outcome;
  }
};

TOON_FUNC stream_decoder::stream_decoder(event_handler& handler, const decode_options& options)
    : state_(std::make_unique<state>(handler, options)) {
  if (error e; !check_options(state_->options, e)) state_->outcome = std::move(e);
}
TOON_FUNC stream_decoder::~stream_decoder() = default;
TOON_FUNC stream_decoder::stream_decoder(stream_decoder&&) noexcept = default;
TOON_FUNC stream_decoder& stream_decoder::operator=(stream_decoder&&) noexcept = default;

TOON_FUNC result<void> stream_decoder::feed(std::string_view chunk) {
  state& s = *state_;
  if (s.outcome && s.finished) {
    s.outcome = make_error(error_code::unexpected_line, "feed() after finish()");
    return s.outcome;
  }
  if (s.outcome && s.fed + chunk.size() > s.options.max_input_size) {
    error e = make_error(error_code::size_limit, "input exceeds the size limit");
    e.line = 1;
    e.column = 1;
    s.outcome = std::move(e);
    return s.outcome;
  }
  s.fed += chunk.size();
  return s.run([&] { s.parser.feed(chunk); });
}

TOON_FUNC bool stream_decoder::locate(std::size_t offset, error& e) const {
  std::uint32_t line = 0;
  std::size_t line_start = 0;
  std::string text;
  if (!state_->parser.locate(offset, line, line_start, text) || line == 0) return false;
  error located = state::at_line(e.code, {}, offset, line, line_start, text);
  e.line = located.line;
  e.column = located.column;
  return true;
}

TOON_FUNC result<void> stream_decoder::finish() {
  state& s = *state_;
  if (s.finished) return s.outcome;
  s.finished = true;
  return s.run([&] { s.parser.finish(); });
}

}  // namespace toon
