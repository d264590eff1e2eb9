// benchmarks/bench/value_encode.cpp - document model -> text: toon::value -> TOON vs
// rapidjson Document -> JSON (Writer) and nlohmann::json -> dump().
#include <memory>
#include <string>

#include <nlohmann/json.hpp>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "bench/common.hpp"
#include "bench/value_data.hpp"

namespace bench {

void register_value_encode() {
  for (const value_dataset& ds : value_datasets()) {
    // Each DOM is built once from the same JSON; the checks compare the outputs.
    require(toon::decode(ds.toon).has_value() && *toon::decode(ds.toon) == ds.value, ds.name, "toon value encode -> decode");
    auto rdoc = std::make_shared<rapidjson::Document>();
    rdoc->Parse<rapidjson::kParseFullPrecisionFlag>(ds.json.data(), ds.json.size());
    require(!rdoc->HasParseError(), ds.name, "rapidjson parse");
    {
      rapidjson::StringBuffer b;
      rapidjson::Writer<rapidjson::StringBuffer> w(b);
      rdoc->Accept(w);
      auto v = toon::from_json(std::string_view(b.GetString(), b.GetSize()));
      require(v.has_value() && *v == ds.value, ds.name, "rapidjson Document -> JSON");
    }
    auto ndoc = std::make_shared<nlohmann::json>(nlohmann::json::parse(ds.json));
    require(nlohmann::json::parse(ndoc->dump()) == *ndoc, ds.name, "nlohmann dump -> parse");
    const std::size_t n = ds.records;
    benchmark::RegisterBenchmark(bench_name("value_encode", ds.name, "toon").c_str(), [&ds, n](benchmark::State& s) {
      std::string out;
      for (auto _ : s) {
        out.clear();
        toon::encode_to(out, ds.value);
        benchmark::DoNotOptimize(out.data());
      }
      set_rates(s, out.size(), n);
    });
    benchmark::RegisterBenchmark(bench_name("value_encode", ds.name, "rapidjson").c_str(), [rdoc, n](benchmark::State& s) {
      rapidjson::StringBuffer b;
      for (auto _ : s) {
        b.Clear();
        rapidjson::Writer<rapidjson::StringBuffer> w(b);
        rdoc->Accept(w);
        benchmark::DoNotOptimize(b.GetString());
      }
      set_rates(s, b.GetSize(), n);
    });
    benchmark::RegisterBenchmark(bench_name("value_encode", ds.name, "nlohmann").c_str(), [ndoc, n](benchmark::State& s) {
      std::size_t size = 0;
      for (auto _ : s) {
        std::string out = ndoc->dump();
        size = out.size();
        benchmark::DoNotOptimize(out.data());
      }
      set_rates(s, size, n);
    });
  }
}

}  // namespace bench
