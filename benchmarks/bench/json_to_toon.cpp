// benchmarks/bench/json_to_toon.cpp - JSON text -> TOON text (what `toon encode` does):
// toon::json_to_toon_to (the compact tape, no toon::value) against the value path it replaced,
// toon::from_json then toon::encode_to.
#include <string>

#include "bench/common.hpp"
#include "bench/value_data.hpp"

namespace bench {

void register_json_to_toon() {
  for (const value_dataset& ds : value_datasets()) {
    {
      auto direct = toon::json_to_toon(ds.json);
      require(direct.has_value() && *direct == ds.toon, ds.name, "json_to_toon == encode(value)");
    }
    const std::size_t n = ds.records;
    // The new path (json_to_toon/<dataset>/toon) is registered by convert.cpp.
    benchmark::RegisterBenchmark(bench_name("json_to_toon", ds.name, "value_path").c_str(), [&ds, n](benchmark::State& s) {
      std::string out;
      for (auto _ : s) {
        out.clear();
        auto v = toon::from_json(ds.json);
        toon::encode_to(out, *v);
        benchmark::DoNotOptimize(out.data());
      }
      set_rates(s, ds.json.size(), n);
    });
  }
}

}  // namespace bench
