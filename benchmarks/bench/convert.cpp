// benchmarks/bench/convert.cpp - text -> text, the work of the CLI: `toon decode` (TOON text ->
// JSON text, toon::toon_to_json: the strict decoder's events straight into the JSON writer)
// and `toon encode` (JSON text -> TOON text: toon::json_to_toon, no toon::value; the older
// from_json + encode path is json_to_toon.cpp's value_path). Each iteration returns a fresh
// string, as the CLI fills a fresh buffer.
#include <string>

#include "bench/common.hpp"
#include "bench/value_data.hpp"

namespace bench {

void register_convert() {
  for (const value_dataset& ds : value_datasets()) {
    const std::size_t n = ds.records;
    {
      // Both directions must give back the other text of the dataset exactly.
      auto json = toon::toon_to_json(ds.toon);
      require(json.has_value() && *json == ds.json, ds.name, "toon::toon_to_json");
      auto v = toon::from_json(ds.json);
      require(v.has_value() && toon::encode(*v) == ds.toon, ds.name, "toon::from_json -> toon::encode");
    }
    benchmark::RegisterBenchmark(bench_name("toon_to_json", ds.name, "toon").c_str(), [&ds, n](benchmark::State& s) {
      for (auto _ : s) {
        auto json = toon::toon_to_json(ds.toon);
        benchmark::DoNotOptimize(json);
      }
      set_rates(s, ds.toon.size(), n);
    });
    benchmark::RegisterBenchmark(bench_name("json_to_toon", ds.name, "toon").c_str(), [&ds, n](benchmark::State& s) {
      for (auto _ : s) {
        auto text = toon::json_to_toon(ds.json);
        benchmark::DoNotOptimize(text);
      }
      set_rates(s, ds.json.size(), n);
    });
  }
}

}  // namespace bench
