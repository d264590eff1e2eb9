// benchmarks/bench/typed_decode.cpp - text -> structs: toon::decode<T> vs rapidjson (Document,
// then members) filling the same structs (simdjson On-Demand: typed_decode_simdjson.cpp).
// Each iteration decodes into a fresh object, as toon::decode<T> does.
#include <memory>
#include <string>

#include "bench/common.hpp"
#include "bench/value_data.hpp"
#include "json/rapidjson_read.hpp"

namespace bench {
namespace {

template <class Doc>
void register_one(typed_dataset<Doc> ds) {
  const Doc& d = ds.data();
  const std::size_t n = records_of(d);
  auto toon_text = std::make_shared<std::string>(toon::encode(d));
  auto json = std::make_shared<std::string>(toon::to_json(toon::to_value(d)));

  auto t = toon::decode<Doc>(*toon_text);
  require(t.has_value() && *t == d, ds.name, "toon::decode<T>");
  {
    Doc x{};
    rj::from_json(*json, x);
    require(x == d, ds.name, "rapidjson -> structs");
  }

  benchmark::RegisterBenchmark(bench_name("typed_decode", ds.name, "toon").c_str(), [toon_text, n](benchmark::State& s) {
    for (auto _ : s) {
      auto r = toon::decode<Doc>(*toon_text);
      benchmark::DoNotOptimize(r);
    }
    set_rates(s, toon_text->size(), n);
  });
  benchmark::RegisterBenchmark(bench_name("typed_decode", ds.name, "rapidjson").c_str(), [json, n](benchmark::State& s) {
    for (auto _ : s) {
      Doc x{};
      rj::from_json(*json, x);
      benchmark::DoNotOptimize(x);
    }
    set_rates(s, json->size(), n);
  });
}

}  // namespace

void register_typed_decode() {
  for_each_typed_dataset([](auto ds) { register_one(ds); });
}

}  // namespace bench
