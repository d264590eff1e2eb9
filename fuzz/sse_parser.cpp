// Fuzz target: the Streamable HTTP client's SSE parser (src/mcp/sse_parser.hpp; docs/fuzzing.md).
// The input is a text/event-stream body. Properties:
//  - fed whole, the parser yields the events, last event id and retry that a plain model of the
//    WHATWG "interpret an event stream" algorithm written here yields (lines end with CRLF, LF
//    or CR; "data" lines joined with LF; dispatch on an empty line, only with data; the last
//    event id and retry as the algorithm sets them: the id when an event is dispatched, a retry
//    of ASCII digits only; a retry beyond 64 bits is ignored);
//  - fed in pieces cut where the input's hash says, it yields the same;
//  - with a small size limit, what it yields before refusing is a prefix of those events, none
//    of whose data is over the limit.
#include <charconv>
#include <cstdint>
#include <system_error>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.hpp"
#include "sse_parser.hpp"

namespace {

struct outcome {
  std::vector<toon::mcp::sse_parser::event> events;
  std::string last_id;
  std::optional<std::int64_t> retry;
};

bool same_events(const std::vector<toon::mcp::sse_parser::event>& a, const std::vector<toon::mcp::sse_parser::event>& b,
                 std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (a[i].type != b[i].type || a[i].data != b[i].data) return false;
  return true;
}

// The model: the algorithm's steps, one line at a time, with no size limit.
outcome model(std::string_view s) {
  outcome out;
  std::string data, type, id_buffer;
  bool first_line = true;
  auto process = [&](std::string_view line) {
    if (first_line && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);  // a leading BOM
    first_line = false;
    if (line.empty()) {
      out.last_id = id_buffer;
      if (data.empty()) {
        type.clear();
        return;
      }
      if (data.back() == '\n') data.pop_back();
      out.events.push_back({type.empty() ? std::string("message") : type, data});
      data.clear();
      type.clear();
      return;
    }
    if (line.front() == ':') return;
    const std::size_t colon = line.find(':');
    std::string_view field = line.substr(0, colon), value;
    if (colon != std::string_view::npos) {
      value = line.substr(colon + 1);
      if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    }
    if (field == "data") {
      data.append(value);
      data += '\n';
    } else if (field == "event") {
      type = std::string(value);
    } else if (field == "id") {
      if (value.find('\0') == std::string_view::npos) id_buffer = std::string(value);
    } else if (field == "retry") {
      bool digits = !value.empty();
      for (char c : value) digits = digits && c >= '0' && c <= '9';
      std::int64_t ms = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), ms);
      if (digits && ec == std::errc() && end == value.data() + value.size()) out.retry = ms;  // else too big: ignored
    }
  };
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\r' && s[i] != '\n') continue;
    process(s.substr(start, i - start));
    if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n') ++i;
    start = i + 1;
  }
  // An unterminated last line is not processed (the stream ended inside it).
  return out;
}

outcome run(std::string_view s, std::size_t limit, std::uint64_t cuts, bool& refused) {
  toon::mcp::sse_parser p(limit);
  outcome out;
  refused = false;
  std::size_t at = 0;
  while (at < s.size() && !refused) {
    std::size_t piece = cuts == 0 ? s.size() : 1 + cuts % 7;
    cuts /= 7;
    piece = std::min(piece, s.size() - at);
    refused = !p.feed(s.substr(at, piece), [&](toon::mcp::sse_parser::event e) { out.events.push_back(std::move(e)); });
    at += piece;
  }
  out.last_id = p.last_event_id();
  out.retry = p.retry();
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();
  const outcome expected = model(text);
  bool refused = false;
  const outcome whole = run(text, text.size() + 1, 0, refused);
  if (refused) toon_fuzz::fail("the parser refused an input within its limit", text);
  if (whole.events.size() != expected.events.size() || !same_events(whole.events, expected.events, whole.events.size()))
    toon_fuzz::fail("events differ from the model's", text);
  if (whole.last_id != expected.last_id) toon_fuzz::fail("last event id differs from the model's", text);
  if (whole.retry != expected.retry) toon_fuzz::fail("retry differs from the model's", text);

  const std::uint64_t h = toon_fuzz::input_hash(text);
  const outcome pieces = run(text, text.size() + 1, h | 1, refused);
  if (refused || pieces.events.size() != whole.events.size() || !same_events(pieces.events, whole.events, whole.events.size()) ||
      pieces.last_id != whole.last_id || pieces.retry != whole.retry)
    toon_fuzz::fail("fed in pieces, the parser yields something else", text);

  const std::size_t limit = 1 + h % 64;
  const outcome bounded = run(text, limit, h >> 8, refused);
  if (bounded.events.size() > whole.events.size() || !same_events(bounded.events, whole.events, bounded.events.size()))
    toon_fuzz::fail("with a size limit, the events are not a prefix of the unlimited ones", text);
  for (const auto& e : bounded.events)
    if (e.data.size() > limit) toon_fuzz::fail("an event over the size limit", text);
  return 0;
}
