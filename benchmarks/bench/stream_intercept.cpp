// benchmarks/bench/stream_intercept.cpp - toon_bench_intercept: tool calls in an LLM token stream
// (toon::mcp::stream_interceptor, docs/streaming.md). Three streams, fed in 1-, 4-, 16- and
// 64-byte deltas: bytes per second, and the time added per delta.
//   - reply: a model reply of narrative, JSON calls, ```json / ```toon blocks, TOON `tool:`
//     blocks and false alarms (a paragraph of about 1 KiB repeated);
//   - prose: generated Markdown prose without calls (words, punctuation, inline code, lists,
//     brackets, `<`, numbers, UTF-8), the common case of a reply;
//   - calls: a generated stream with a call about every 120 bytes, in turn in each shape the
//     interceptor knows (bare JSON, ```json, ```toon, TOON block, MCP-DSL, <tool_call>,
//     [TOOL_CALLS], <|python_tag|>, {"tool_calls": [...]}), short narrative between them.
// Against the reply, what chat SDKs do: on every delta, classify the whole text received so
// far again (here with the same classifier, toon::mcp::intercept, so the two do the same work
// per pass; only the passes differ).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <string>
#include <string_view>

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

// A small deterministic generator (the same streams on every run and machine).
struct lcg {
  std::uint64_t x = 0x9E3779B97F4A7C15ull;
  std::size_t below(std::size_t n) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>((x >> 33) % n);
  }
};

constexpr std::string_view words[] = {
    "the",   "parser",  "reads", "each",   "line",    "once",     "and",     "keeps",   "a",      "frame",
    "per",   "scope",   "so",    "memory", "stays",   "bounded",  "while",   "tests",   "cover",  "edge",
    "cases", "of",      "input", "that",   "models",  "write",    "when",    "they",    "answer", "questions",
    "about", "code",    "this",  "is",     "why",     "results",  "differ",  "between", "runs",   "on",
    "busy",  "machines", "we",   "expect", "fewer",   "tokens",   "table",   "rows",    "to",     "be",
    "short", "r\xC3\xA9sum\xC3\xA9", "caf\xC3\xA9", "na\xC3\xAFve", "data", "value", "tool", "result", "file", "then"};

// One sentence of prose: words, sometimes a comma, a number, inline code, a bracket or `<`.
void sentence(lcg& r, std::string& out, std::size_t fewest = 6, std::size_t spread = 12) {
  const std::size_t n = fewest + r.below(spread);
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) out += ' ';
    std::string_view w = words[r.below(std::size(words))];
    switch (r.below(40)) {
      case 0: out += '`'; out += w; out += "()`"; continue;
      case 1: out += '['; out += std::to_string(1 + r.below(9)); out += ']'; continue;
      case 2: out += "a < b"; continue;
      case 3: out += std::to_string(r.below(100000)); continue;
      case 4: out += '('; out += w; out += ')'; continue;
      default: break;
    }
    if (i == 0 && !w.empty()) {
      out += static_cast<char>(w[0] >= 'a' && w[0] <= 'z' ? w[0] - 'a' + 'A' : w[0]);
      out += w.substr(1);
    } else {
      out += w;
    }
    if (i + 1 < n && r.below(8) == 0) out += ',';
  }
  out += r.below(10) == 0 ? "?" : ".";
}

// Markdown prose of about `bytes` bytes: paragraphs of sentences, some bullet lists.
std::string prose_of(std::size_t bytes) {
  lcg r;
  std::string s;
  while (s.size() < bytes) {
    if (r.below(5) == 0) {
      for (std::size_t i = 1 + r.below(4); i > 0; --i) {
        s += "- ";
        sentence(r, s);
        s += '\n';
      }
    } else {
      for (std::size_t i = 2 + r.below(4); i > 0; --i) {
        sentence(r, s);
        s += ' ';
      }
      s.back() = '\n';
    }
    s += '\n';
  }
  return s;
}

// A stream with a call about every 120 bytes, the shapes in turn; `calls` is set to the number
// of calls written (an array of two calls counts two).
std::string calls_of(std::size_t bytes, std::size_t& calls) {
  lcg r;
  std::string s;
  calls = 0;
  std::size_t shape = 0;
  while (s.size() < bytes) {
    // Narrative: a short sentence or two, ending the line (some shapes must start one).
    sentence(r, s, 5, 9);
    s += '\n';
    const std::string path = "src/" + std::string(words[r.below(50)]) + std::to_string(r.below(100)) + ".cpp";
    const std::string n = std::to_string(1 + r.below(500));
    switch (shape++ % 9) {
      case 0: s += "{\"tool\": \"read_file\", \"arguments\": {\"path\": \"" + path + "\"}}\n"; break;
      case 1: s += "```json\n{\"name\": \"grep\", \"arguments\": {\"pattern\": \"TODO\", \"max\": " + n + "}}\n```\n"; break;
      case 2: s += "```toon\ntool: read_file\npath: " + path + "\n```\n"; break;
      case 3: s += "tool: git_log\nmax_count: " + n + "\n\n"; break;
      case 4: s += "> tools/call {name: \"read_file\", args: {path: \"" + path + "\"}}\n"; break;
      case 5: s += "<tool_call>{\"name\": \"list_dir\", \"arguments\": {\"path\": \"src\"}}</tool_call>\n"; break;
      case 6:
        s += "[TOOL_CALLS] [{\"name\": \"read_file\", \"arguments\": {\"path\": \"" + path +
             "\"}}, {\"name\": \"git_log\", \"arguments\": {}}]\n";
        ++calls;
        break;
      case 7: s += "<|python_tag|>{\"name\": \"grep\", \"parameters\": {\"pattern\": \"x" + n + "\"}}<|eom_id|>\n"; break;
      default:
        s += "{\"tool_calls\": [{\"id\": \"c" + n +
             "\", \"type\": \"function\", \"function\": {\"name\": \"read_file\", \"arguments\": \"{\\\"path\\\": \\\"" +
             path + "\\\"}\"}}]}\n";
        break;
    }
    ++calls;
  }
  return s;
}

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
  static const std::string prose = prose_of(65536);
  std::size_t generated_calls = 0;
  static const std::string calls = calls_of(65536, generated_calls);
  const std::size_t small_calls = calls_in(small);
  const std::size_t large_calls = calls_in(large);
  check(calls_in(prose), 0, "interceptor on prose");
  check(calls_in(calls), generated_calls, "interceptor on the calls stream");
  for (std::size_t chunk : {std::size_t{1}, std::size_t{4}, std::size_t{16}, std::size_t{64}}) {
    check(intercept_stream(small, chunk), small_calls, "interceptor");
    check(intercept_stream(large, chunk), large_calls, "interceptor");
    check(intercept_stream(prose, chunk), 0, "interceptor on prose");
    check(intercept_stream(calls, chunk), generated_calls, "interceptor on the calls stream");
    if (chunk != 16) check(reparse_stream(small, chunk), small_calls, "re-parse");
    for (const std::string* text : {&small, &large, &prose, &calls}) {
      const std::string name = text == &small   ? "4KiB"
                               : text == &large ? "64KiB"
                               : text == &prose ? "prose_64KiB"
                                                : "calls_64KiB";
      benchmark::RegisterBenchmark(("stream_intercept/" + name + "/interceptor/chunk_" + std::to_string(chunk)).c_str(),
                                   [text, chunk](benchmark::State& s) {
                                     for (auto _ : s) benchmark::DoNotOptimize(intercept_stream(*text, chunk));
                                     set_counters(s, *text, chunk);
                                   });
    }
    if (chunk != 16)
      benchmark::RegisterBenchmark(("stream_intercept/4KiB/reparse/chunk_" + std::to_string(chunk)).c_str(),
                                   [chunk](benchmark::State& s) {
                                     for (auto _ : s) benchmark::DoNotOptimize(reparse_stream(small, chunk));
                                     set_counters(s, small, chunk);
                                   });
  }
  std::fprintf(stderr, "calls stream: %zu bytes, %zu calls, a call every %zu bytes\n", calls.size(), generated_calls,
               calls.size() / generated_calls);
  benchmark::RegisterBenchmark("stream_intercept/64KiB/whole_text", [](benchmark::State& s) {
    for (auto _ : s) benchmark::DoNotOptimize(toon::mcp::intercept(large));
    s.SetBytesProcessed(static_cast<std::int64_t>(s.iterations()) * static_cast<std::int64_t>(large.size()));
  });
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
