// benchmarks/bench/stream_intercept.cpp - toon_bench_intercept: tool calls in an LLM token stream
// (toon::mcp::stream_interceptor, docs/streaming.md). A model reply of narrative, JSON calls,
// ```json / ```toon blocks, TOON `tool:` blocks and false alarms, fed in 1-, 4- and 64-byte
// deltas: bytes per second, and the time added per delta. Against it, what chat SDKs do: on
// every delta, classify the whole text received so far again (here with the same classifier,
// toon::mcp::intercept, so the two do the same work per pass; only the passes differ).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "toon/mcp/stream_interceptor.hpp"

namespace {

// One paragraph of a reply: about 1 KiB, 4 calls, 2 false alarms.
const char* const paragraph =
    "I'll start by looking at the build files, then read the sources that define the parser. "
    "The configuration you showed, {\"name\": \"parser\", \"debug\": true}, is fine as it is.\n"
    "{\"tool\": \"read_file\", \"arguments\": {\"path\": \"src/parse/header_parser.cpp\", \"max_bytes\": 4096}}\n"
    "While that runs: the header parser handles `key[N]{fields}:` lines, and the decoder keeps one "
    "frame per open scope, so memory stays bounded whatever the document size.\n"
    "```json\n{\"name\": \"git_log\", \"arguments\": {\"max_count\": 5, \"path\": \"src\"}}\n```\n"
    "Then the listing of the tests folder, in TOON this time:\n"
    "```toon\ntool: list_dir\npath: tests/unit\nrecursive: false\n```\n"
    "An example in Python, which is not a call:\n"
    "```python\nreq = {\"tool\": \"read_file\", \"arguments\": {\"path\": \"x\"}}\n```\n"
    "tool: grep\npattern: TODO\npaths[2]: src,include\n\n"
    "That should be enough to see where the time goes. Caf\xC3\xA9 cr\xC3\xA8me, na\xC3\xAFve r\xC3\xA9sum\xC3\xA9.\n\n";

std::string reply_of(std::size_t bytes) {
  std::string s;
  while (s.size() < bytes) s += paragraph;
  return s;
}

std::size_t calls_in(const std::string& text) {
  std::size_t n = 0;
  for (const auto& p : toon::mcp::intercept(text))
    n += p.kind == toon::mcp::piece_kind::tool_call;
  return n;
}

// The interceptor, fed `chunk` bytes at a time.
std::size_t intercept_stream(const std::string& text, std::size_t chunk) {
  std::size_t calls = 0;
  toon::mcp::stream_interceptor in([&calls](toon::mcp::stream_piece&& p) { calls += p.kind == toon::mcp::piece_kind::tool_call; });
  for (std::size_t at = 0; at < text.size(); at += chunk)
    in.feed(std::string_view(text).substr(at, std::min(chunk, text.size() - at)));
  in.finish();
  return calls;
}

// The SDK way: the accumulated text classified again after every delta.
std::size_t reparse_stream(const std::string& text, std::size_t chunk) {
  std::string acc;
  std::size_t calls = 0;
  for (std::size_t at = 0; at < text.size(); at += chunk) {
    acc.append(text, at, std::min(chunk, text.size() - at));
    calls = 0;
    for (const auto& p : toon::mcp::intercept(acc)) calls += p.kind == toon::mcp::piece_kind::tool_call;
  }
  return calls;
}

void set_counters(benchmark::State& s, const std::string& text, std::size_t chunk) {
  const auto chunks = static_cast<double>((text.size() + chunk - 1) / chunk);
  s.SetBytesProcessed(static_cast<std::int64_t>(s.iterations()) * static_cast<std::int64_t>(text.size()));
  s.counters["per_delta"] = benchmark::Counter(chunks * static_cast<double>(s.iterations()),
                                               benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void check(std::size_t got, std::size_t want, const char* what) {
  if (got == want) return;
  std::fprintf(stderr, "stream_intercept benchmark: %s found %zu calls, expected %zu\n", what, got, want);
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  // 4 KiB: a typical reply (both ways); 64 KiB: a long one (the interceptor only; re-parsing it
  // byte by byte takes minutes).
  static const std::string small = reply_of(4096);
  static const std::string large = reply_of(65536);
  const std::size_t small_calls = calls_in(small);
  const std::size_t large_calls = calls_in(large);
  for (std::size_t chunk : {std::size_t{1}, std::size_t{4}, std::size_t{64}}) {
    check(intercept_stream(small, chunk), small_calls, "interceptor");
    check(reparse_stream(small, chunk), small_calls, "re-parse");
    check(intercept_stream(large, chunk), large_calls, "interceptor");
    for (const std::string* text : {&small, &large}) {
      const std::string size = text == &small ? "4KiB" : "64KiB";
      benchmark::RegisterBenchmark(("stream_intercept/" + size + "/interceptor/chunk_" + std::to_string(chunk)).c_str(),
                                   [text, chunk](benchmark::State& s) {
                                     for (auto _ : s) benchmark::DoNotOptimize(intercept_stream(*text, chunk));
                                     set_counters(s, *text, chunk);
                                   });
    }
    benchmark::RegisterBenchmark(("stream_intercept/4KiB/reparse/chunk_" + std::to_string(chunk)).c_str(),
                                 [chunk](benchmark::State& s) {
                                   for (auto _ : s) benchmark::DoNotOptimize(reparse_stream(small, chunk));
                                   set_counters(s, small, chunk);
                                 });
  }
  benchmark::RegisterBenchmark("stream_intercept/64KiB/whole_text", [](benchmark::State& s) {
    for (auto _ : s) benchmark::DoNotOptimize(toon::mcp::intercept(large));
    s.SetBytesProcessed(static_cast<std::int64_t>(s.iterations()) * static_cast<std::int64_t>(large.size()));
  });
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
