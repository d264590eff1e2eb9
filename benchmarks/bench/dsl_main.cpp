// benchmarks/bench/dsl_main.cpp - the toon_bench_dsl program: throughput of the MCP-DSL
// compiler and decompiler (docs/mcp-dsl.md) on a generated MCP session, next to parsing and
// writing the same messages as JSON with toon::from_json / toon::to_json.
//
// The session: `rounds` times a tools/call request with arguments, its response with a text
// content block, a progress notification and an error, plus one tools/list result of 40 tools
// whose schemas are in the type syntax. Bytes per second are those of the DSL text for
// compile and of the JSON Lines text for the JSON baselines and decompile.
//
// TOON_BENCH_DSL_FILE=FILE adds the same four cases on the DSL text of FILE, the values it
// compiles to and their JSON Lines (BM_dsl_compile_file, BM_dsl_decompile_file,
// BM_json_parse_lines_file, BM_json_write_lines_file): the input that scripts/bench-mcp-dsl.sh
// gives the TypeScript implementation too.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "toon/dsl/mcp_dsl.hpp"
#include "toon/error.hpp"
#include "toon/json.hpp"

namespace {

std::string make_session(int rounds) {
  std::string s = "< #0 {tools: [";
  for (int t = 0; t < 40; ++t) {
    if (t) s += ", ";
    s += "T{tool_" + std::to_string(t) + ": {desc: \"Tool number " + std::to_string(t) +
         " reads and filters records\", in: {path: str!, limit: int = 100, mode?: enum[fast, full], "
         "tags: [str], since: str::date-time, options: {depth: int, follow: bool}}, @readonly}}";
  }
  s += "]}\n";
  for (int i = 1; i <= rounds; ++i) {
    std::string id = std::to_string(i);
    s += "> tools/call#" + id + " {name: read_file, args: {path: \"src/file_" + id + ".cpp\", limit: " + id + "}}\n";
    s += "< #" + id + " {content: [txt\"line one of file " + id + "\\nline two\"], ok: true}\n";
    s += "! notifications/progress {progressToken: \"t" + id + "\", progress: " + id + ", total: 100}\n";
    s += "x #" + id + " -32602:\"Invalid params\" {field: path}\n";
  }
  return s;
}

struct data {
  std::string dsl;
  std::vector<toon::value> values;
  std::string json;  // JSON Lines, compact
};

data make_data(std::string dsl) {
  data r;
  r.dsl = std::move(dsl);
  r.values = toon::mcp_dsl::compile(r.dsl).value();
  for (const auto& v : r.values) {
    r.json += toon::to_json(v);
    r.json += '\n';
  }
  return r;
}

const data& session() {
  static const data d = make_data(make_session(500));
  return d;
}

void compile_dsl(benchmark::State& state, const data& d) {
  for (auto _ : state) {
    auto items = toon::mcp_dsl::compile(d.dsl);
    benchmark::DoNotOptimize(items);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * d.dsl.size()));
}

void decompile_values(benchmark::State& state, const data& d) {
  for (auto _ : state) {
    auto text = toon::mcp_dsl::decompile_all(d.values);
    benchmark::DoNotOptimize(text);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * d.json.size()));
}

void BM_dsl_compile(benchmark::State& state) { compile_dsl(state, session()); }

void BM_dsl_decompile(benchmark::State& state) { decompile_values(state, session()); }

void parse_json_lines(benchmark::State& state, const data& d) {
  for (auto _ : state) {
    std::size_t b = 0;
    while (b < d.json.size()) {
      std::size_t e = d.json.find('\n', b);
      auto v = toon::from_json(std::string_view(d.json).substr(b, e - b));
      benchmark::DoNotOptimize(v);
      b = e + 1;
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * d.json.size()));
}

void write_json_lines(benchmark::State& state, const data& d) {
  for (auto _ : state) {
    std::string out;
    for (const auto& v : d.values) {
      toon::to_json_to(out, v);
      out += '\n';
    }
    benchmark::DoNotOptimize(out);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * d.json.size()));
}

void BM_json_parse_lines(benchmark::State& state) { parse_json_lines(state, session()); }

void BM_json_write_lines(benchmark::State& state) { write_json_lines(state, session()); }

BENCHMARK(BM_dsl_compile);
BENCHMARK(BM_dsl_decompile);
BENCHMARK(BM_json_parse_lines);
BENCHMARK(BM_json_write_lines);

}  // namespace

std::string describe(const data& d) {
  return std::to_string(d.values.size()) + " items, DSL " + std::to_string(d.dsl.size()) + " bytes, JSON " +
         std::to_string(d.json.size()) + " bytes";
}

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const data& d = session();
  benchmark::AddCustomContext("session", describe(d));
  static data file_data;  // the session of TOON_BENCH_DSL_FILE, when set
  if (const char* path = std::getenv("TOON_BENCH_DSL_FILE"); path && *path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "toon_bench_dsl: cannot read TOON_BENCH_DSL_FILE %s\n", path);
      return 1;
    }
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto items = toon::mcp_dsl::compile(text);
    if (!items) {
      std::fprintf(stderr, "toon_bench_dsl: %s\n", toon::format_error(items.error(), text, path).c_str());
      return 1;
    }
    file_data = make_data(std::move(text));
    benchmark::AddCustomContext("file", describe(file_data));
    benchmark::RegisterBenchmark("BM_dsl_compile_file", [](benchmark::State& s) { compile_dsl(s, file_data); });
    benchmark::RegisterBenchmark("BM_dsl_decompile_file", [](benchmark::State& s) { decompile_values(s, file_data); });
    benchmark::RegisterBenchmark("BM_json_parse_lines_file", [](benchmark::State& s) { parse_json_lines(s, file_data); });
    benchmark::RegisterBenchmark("BM_json_write_lines_file", [](benchmark::State& s) { write_json_lines(s, file_data); });
  }
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
