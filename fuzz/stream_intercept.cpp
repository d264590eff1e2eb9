// Fuzz target: tool calls inside an LLM token stream (toon::mcp::stream_interceptor;
// docs/streaming.md, docs/fuzzing.md). The input is the stream; options (syntaxes, mode,
// invalid-call handling, max_buffer_chars from 16 to 1 KiB) and a chunking come from its hash.
//   - no crash, hang, leak or undefined behaviour;
//   - the pieces tile the input: offsets contiguous, texts concatenated == the input;
//   - what is held back (pending()) is the unreleased rest of what was fed, and never more
//     than max_buffer_chars bytes (max_call_bytes once it can only be a call);
//   - the classification (merged narrative, calls with their offsets, decisions, names and
//     arguments) is the same fed whole, byte by byte, and in the hash's chunks;
//   - every call has an object of arguments and a non-empty name; the text of a bare JSON call
//     (of the calls decided by the same byte, for an array of calls) is JSON; in passthrough
//     mode everything is narrative.
#include <algorithm>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "toon/mcp/stream_interceptor.hpp"

namespace {

using toon::mcp::piece_kind;
using toon::mcp::stream_piece;

struct run_result {
  std::vector<std::string> items;
  std::string text;
};

toon::mcp::intercept_options options_from(std::uint64_t h) {
  toon::mcp::intercept_options o;
  o.max_buffer_chars = 16 + (h >> 8) % 1009;
  o.max_call_bytes = 16 + (h >> 42) % 2053;
  o.invalid = (h >> 20) % 2 ? toon::mcp::invalid_calls::report : toon::mcp::invalid_calls::narrative;
  o.mode = (h >> 22) % 8 == 0 ? toon::mcp::intercept_mode::passthrough
           : (h >> 22) % 8 == 1 ? toon::mcp::intercept_mode::placeholders
                                 : toon::mcp::intercept_mode::smart;
  const std::uint64_t bits = (h >> 36) % 64;
  if ((h >> 30) % 4 == 0) {  // one in four inputs: some syntaxes off
    o.syntaxes.json_object = bits & 1;
    o.syntaxes.json_fence = bits & 2;
    o.syntaxes.toon_fence = bits & 4;
    o.syntaxes.toon_block = bits & 8;
    o.syntaxes.dsl_request = bits & 16;
    o.syntaxes.dsl_fence = bits & 32;
    o.syntaxes.tool_call_tag = bits & 1;
    o.syntaxes.tool_calls_marker = bits & 2;
    o.syntaxes.python_tag = bits & 4;
  }
  if ((h >> 34) % 4 == 0) o.known_tools = {"read_file", "list_dir", "x"};
  return o;
}

// step(i) > 0: the size of chunk i.
template <class Step>
run_result run(std::string_view input, const toon::mcp::intercept_options& o, Step step) {
  run_result r;
  std::string narrative;
  std::size_t next = 0;
  std::string json_group;  // the texts of the bare JSON calls decided by the same byte
  std::size_t json_decided = 0;
  bool json_broken = false;  // a piece of the group was not a call (an unknown tool's text)
  auto flush = [&] {
    if (!narrative.empty()) r.items.push_back(std::string(1, 'N').append(narrative));
    narrative.clear();
  };
  toon::mcp::stream_interceptor in(
      [&](stream_piece&& p) {
        if (p.offset != next) toon_fuzz::fail("pieces not contiguous");
        if (p.text.empty()) toon_fuzz::fail("empty piece");
        if (p.decided_at < p.offset + p.text.size() && p.kind != piece_kind::narrative)
          toon_fuzz::fail("call decided before its end");
        next += p.text.size();
        r.text += p.text;
        if (p.kind != piece_kind::tool_call && p.decided_at == json_decided) json_broken = true;
        if (p.kind == piece_kind::narrative) {
          narrative += p.text;
          return;
        }
        if (o.mode == toon::mcp::intercept_mode::passthrough) toon_fuzz::fail("a call in passthrough mode");
        flush();
        std::string item(p.kind == piece_kind::tool_call ? "C" : "I");
        item += std::to_string(p.offset);
        item += ':';
        item += std::to_string(p.text.size());
        item += ':';
        item += std::to_string(p.decided_at);
        if (p.kind == piece_kind::tool_call) {
          if (!p.call || p.call->name.empty() || !p.call->arguments.is_object()) toon_fuzz::fail("malformed call");
          if (p.call->syntax == toon::mcp::call_syntax::json_object) {
            // The calls of one object (an array of calls) share their decided_at.
            if (p.decided_at != json_decided) {
              json_group.clear();
              json_broken = false;
            }
            json_group += p.text;
            json_decided = p.decided_at;
            // JSON as the interceptor reads model output: a lone surrogate escape is U+FFFD.
            if (p.decided_at == p.offset + p.text.size() && !json_broken &&
                !toon::from_json(json_group, toon::json_read_options{.replace_lone_surrogates = true}))
              toon_fuzz::fail("a JSON call whose text is not JSON", json_group);
          }
          if (!o.known_tools.empty() && p.call->name != "read_file" && p.call->name != "list_dir" && p.call->name != "x")
            toon_fuzz::fail("an unknown tool called", p.call->name);
          item += ":" + p.call->name + ":" + toon::to_json(p.call->arguments);
        } else if (p.problem.empty()) {
          toon_fuzz::fail("invalid call without a reason");
        }
        r.items.push_back(std::move(item));
      },
      o);
  std::size_t at = 0;
  for (std::size_t i = 0; at < input.size(); ++i) {
    const std::size_t n = std::min<std::size_t>(step(i), input.size() - at);
    in.feed(input.substr(at, n));
    at += n;
    const std::string pending = in.pending();
    if (pending.size() != at - next) toon_fuzz::fail("pending() is not the unreleased rest");
    if (pending.size() > std::max(o.max_buffer_chars, o.max_call_bytes))
      toon_fuzz::fail("held back more than max_buffer_chars and max_call_bytes");
  }
  in.finish();
  flush();
  if (next != input.size() || r.text != input) toon_fuzz::fail("pieces do not add up to the input");
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy copy(data, size);
  const std::string_view input = copy.view();
  const std::uint64_t h = toon_fuzz::input_hash(input);
  const toon::mcp::intercept_options o = options_from(h);

  const run_result whole = run(input, o, [&](std::size_t) { return input.size(); });
  const run_result bytes = run(input, o, [](std::size_t) { return std::size_t{1}; });
  const run_result chunks = run(input, o, [h](std::size_t i) { return 1 + ((h >> (i % 48)) ^ (i * 7)) % 13; });
  if (bytes.items != whole.items) toon_fuzz::fail("byte-by-byte classification differs from whole");
  if (chunks.items != whole.items) toon_fuzz::fail("chunked classification differs from whole");
  return 0;
}
