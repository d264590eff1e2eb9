// benchmarks/bench/typed_encode.cpp - structs -> text: toon::encode_to vs rapidjson's Writer
// and nlohmann (build json, dump), on the same structs.
#include <string>

#include <rapidjson/stringbuffer.h>

#include "bench/common.hpp"
#include "datasets/all.hpp"
#include "json/nlohmann_write.hpp"
#include "json/rapidjson_read.hpp"
#include "json/rapidjson_write.hpp"
#include "toon/toon.hpp"

namespace bench {
namespace {

template <class Doc>
void register_one(typed_dataset<Doc> ds) {
  const Doc& d = ds.data();
  const std::size_t n = records_of(d);

  // Each writer's output must read back into structs equal to the originals.
  const std::string toon_text = toon::encode(d);
  auto back = toon::decode<Doc>(toon_text);
  require(back.has_value() && *back == d, ds.name, "toon typed encode -> decode");
  rapidjson::StringBuffer buf;
  rj::to_json(buf, d);
  Doc from_rj{};
  rj::from_json(std::string_view(buf.GetString(), buf.GetSize()), from_rj);
  require(from_rj == d, ds.name, "rapidjson Writer -> read");
  Doc from_nl{};
  rj::from_json(nl::to_json(d), from_nl);
  require(from_nl == d, ds.name, "nlohmann dump -> read");

  benchmark::RegisterBenchmark(bench_name("typed_encode", ds.name, "toon").c_str(), [&d, n](benchmark::State& s) {
    std::string out;
    for (auto _ : s) {
      out.clear();
      toon::encode_to(out, d);
      benchmark::DoNotOptimize(out.data());
    }
    set_rates(s, out.size(), n);
  });
  benchmark::RegisterBenchmark(bench_name("typed_encode", ds.name, "rapidjson").c_str(), [&d, n](benchmark::State& s) {
    rapidjson::StringBuffer b;
    for (auto _ : s) {
      rj::to_json(b, d);
      benchmark::DoNotOptimize(b.GetString());
    }
    set_rates(s, b.GetSize(), n);
  });
  benchmark::RegisterBenchmark(bench_name("typed_encode", ds.name, "nlohmann").c_str(), [&d, n](benchmark::State& s) {
    std::size_t size = 0;
    for (auto _ : s) {
      std::string out = nl::to_json(d);
      size = out.size();
      benchmark::DoNotOptimize(out.data());
    }
    set_rates(s, size, n);
  });
}

}  // namespace

void register_typed_encode() {
  for_each_typed_dataset([](auto ds) { register_one(ds); });
}

}  // namespace bench
