// benchmarks/bench/typed_decode_simdjson.cpp - JSON -> structs with simdjson On-Demand, the
// typed_decode baseline. On-Demand is compiled into this file from simdjson's headers, for the
// instruction set the compiler targets; CMakeLists.txt builds this file alone with
// -march=native, as simdjson recommends (else it falls back to its portable scalar kernel).
#include <memory>
#include <string>

#include <simdjson.h>

#include "bench/common.hpp"
#include "datasets/all.hpp"
#include "json/simdjson_read.hpp"
#include "toon/toon.hpp"

namespace bench {
namespace {

template <class Doc>
void register_one(typed_dataset<Doc> ds) {
  const Doc& d = ds.data();
  const std::size_t n = records_of(d);
  auto padded = std::make_shared<simdjson::padded_string>(toon::to_json(toon::to_value(d)));
  {
    simdjson::ondemand::parser p;
    Doc x{};
    sj::from_json(p, *padded, x);
    require(x == d, ds.name, "simdjson On-Demand -> structs");
  }
  benchmark::RegisterBenchmark(bench_name("typed_decode", ds.name, "simdjson").c_str(), [padded, n](benchmark::State& s) {
    simdjson::ondemand::parser p;
    for (auto _ : s) {
      Doc x{};
      sj::from_json(p, *padded, x);
      benchmark::DoNotOptimize(x);
    }
    set_rates(s, padded->size(), n);
  });
}

}  // namespace

void register_typed_decode_simdjson() {
  for_each_typed_dataset([](auto ds) { register_one(ds); });
}

/// The implementation On-Demand was compiled for (reported in the context).
std::string simdjson_ondemand_implementation() {
#define TOON_BENCH_STR2(x) #x
#define TOON_BENCH_STR(x) TOON_BENCH_STR2(x)
  return TOON_BENCH_STR(SIMDJSON_BUILTIN_IMPLEMENTATION);
#undef TOON_BENCH_STR
#undef TOON_BENCH_STR2
}

}  // namespace bench
