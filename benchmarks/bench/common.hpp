// benchmarks/bench/common.hpp - helpers shared by the benchmark registrations: counters,
// the round-trip checks run before any timing, and the per-dataset texts.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <benchmark/benchmark.h>

namespace bench {

/// Sets bytes/s (of `bytes`, the text produced or consumed per iteration) and records/s.
inline void set_rates(benchmark::State& s, std::size_t bytes, std::size_t records) {
  s.SetBytesProcessed(static_cast<std::int64_t>(s.iterations()) * static_cast<std::int64_t>(bytes));
  s.SetItemsProcessed(static_cast<std::int64_t>(s.iterations()) * static_cast<std::int64_t>(records));
  s.counters["bytes"] = static_cast<double>(bytes);
  s.counters["records"] = static_cast<double>(records);
}

/// Stops the program when a path does not round-trip: no benchmark may time a broken path.
inline void require(bool ok, std::string_view dataset, std::string_view what) {
  if (ok) return;
  std::fprintf(stderr, "round-trip check failed: %.*s: %.*s\n", static_cast<int>(dataset.size()),
               dataset.data(), static_cast<int>(what.size()), what.data());
  std::exit(1);
}

/// "group/dataset/implementation", the name scheme benchmarks/report.py splits on.
inline std::string bench_name(std::string_view group, std::string_view dataset, std::string_view impl) {
  return std::string(group) + '/' + std::string(dataset) + '/' + std::string(impl);
}

/// Registers every benchmark group (one function per registration file).
void register_typed_encode();
void register_value_encode();
void register_stream_decode();
void register_typed_decode();
void register_typed_decode_simdjson();
void register_value_decode();
void register_convert();
void register_json_to_toon();

/// The SIMD kernel simdjson On-Demand was compiled with (typed_decode_simdjson.cpp).
std::string simdjson_ondemand_implementation();

}  // namespace bench
