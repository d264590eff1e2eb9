// Fuzz target: incremental decoding (docs/streaming.md). The input is decoded whole with
// decode_events and again through a stream_decoder fed in chunks whose sizes come from the
// input's hash (every byte apart, small, random up to 64 bytes, or two halves); the event traces
// (row events and per-cell events) and the errors (code, line, column, message) must be equal.
#include <string>

#include "fuzz_common.hpp"
#include "trace_handler.hpp"

namespace {

std::string describe(const toon::result<void>& r) {
  if (r) return {};
  const toon::error& e = r.error();
  return std::string(toon::to_string(e.code)) + " " + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " +
         e.message;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();
  std::uint64_t h = toon_fuzz::input_hash(text);
  const toon::decode_options options = toon_fuzz::decode_options_from(h, (h >> 7) & 1);
  const bool rows = (h >> 9) & 1;

  toon_trace::trace_handler whole_handler(rows);
  const std::string whole = describe(toon::decode_events(text, whole_handler, options));

  toon_trace::trace_handler chunk_handler(rows);
  toon::stream_decoder decoder(chunk_handler, options);
  toon::result<void> r{};
  const unsigned mode = static_cast<unsigned>((h >> 11) % 4);
  std::size_t at = 0;
  while (r && at < text.size()) {
    std::size_t n = 1;
    if (mode == 1) n = 1 + (h >> 13) % 8;
    if (mode == 2) {
      h = h * 6364136223846793005ULL + 1442695040888963407ULL;
      n = 1 + (h >> 33) % 64;
    }
    if (mode == 3) n = at == 0 ? text.size() / 2 + 1 : text.size();
    if (n > text.size() - at) n = text.size() - at;
    r = decoder.feed(text.substr(at, n));
    at += n;
  }
  if (r) r = decoder.finish();
  const std::string chunked = describe(r);
  if (chunked != whole) toon_fuzz::fail("chunked decoding reports another error", whole + "\n" + chunked);
  if (chunk_handler.trace != whole_handler.trace)
    toon_fuzz::fail("chunked decoding sends other events", whole_handler.trace + "\n----\n" + chunk_handler.trace);
  return 0;
}
