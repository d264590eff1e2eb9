// benchmarks/bench/main.cpp - the toon_bench program: registers all groups, then runs
// Google Benchmark with the command-line options.
#include <benchmark/benchmark.h>
#include <simdjson.h>

#include "bench/common.hpp"
#include "bench/value_data.hpp"

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::AddCustomContext("simdjson_ondemand", bench::simdjson_ondemand_implementation());
  benchmark::AddCustomContext("catalog", bench::catalog_file() ? bench::catalog_file() : "generated (datasets/catalog.hpp)");
  benchmark::AddCustomContext("simdjson_dom", simdjson::get_active_implementation()->name());
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  bench::register_typed_encode();
  bench::register_value_encode();
  bench::register_typed_decode();
  bench::register_typed_decode_simdjson();
  bench::register_value_decode();
  bench::register_convert();
  bench::register_stream_decode();
  bench::register_json_to_toon();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
