// benchmarks/bench/value_decode.cpp - text -> document model: toon::decode (toon::value) and
// toon::decode_document (the read-only arena document) vs simdjson (DOM parse), rapidjson
// (Document::Parse, default flags) and nlohmann::json::parse.
#include <memory>
#include <string>

#include <nlohmann/json.hpp>
#include <rapidjson/document.h>
#include <simdjson.h>

#include "bench/common.hpp"
#include "bench/value_data.hpp"

namespace bench {

void register_value_decode() {
  for (const value_dataset& ds : value_datasets()) {
    const std::size_t n = ds.records;
    auto padded = std::make_shared<simdjson::padded_string>(ds.json);
    {
      auto v = toon::decode(ds.toon);
      require(v.has_value() && *v == ds.value, ds.name, "toon::decode");
      auto d = toon::decode_document(ds.toon);
      require(d.has_value() && d->root() == ds.value, ds.name, "toon::decode_document");
      simdjson::dom::parser p;
      simdjson::dom::element e;
      require(p.parse(*padded).get(e) == simdjson::SUCCESS, ds.name, "simdjson DOM parse");
      rapidjson::Document r;
      r.Parse(ds.json.data(), ds.json.size());
      require(!r.HasParseError(), ds.name, "rapidjson parse");
    }
    benchmark::RegisterBenchmark(bench_name("value_decode", ds.name, "toon").c_str(), [&ds, n](benchmark::State& s) {
      for (auto _ : s) {
        auto v = toon::decode(ds.toon);
        benchmark::DoNotOptimize(v);
      }
      set_rates(s, ds.toon.size(), n);
    });
    benchmark::RegisterBenchmark(bench_name("document_decode", ds.name, "toon").c_str(), [&ds, n](benchmark::State& s) {
      for (auto _ : s) {
        auto d = toon::decode_document(ds.toon);
        benchmark::DoNotOptimize(d);
      }
      set_rates(s, ds.toon.size(), n);
    });
    benchmark::RegisterBenchmark(bench_name("value_decode", ds.name, "simdjson").c_str(), [padded, n](benchmark::State& s) {
      simdjson::dom::parser p;  // reused: its buffers are allocated once, as simdjson intends
      for (auto _ : s) {
        simdjson::dom::element e;
        auto err = p.parse(*padded).get(e);
        benchmark::DoNotOptimize(err);
        benchmark::DoNotOptimize(e);
      }
      set_rates(s, padded->size(), n);
    });
    benchmark::RegisterBenchmark(bench_name("value_decode", ds.name, "rapidjson").c_str(), [&ds, n](benchmark::State& s) {
      for (auto _ : s) {
        rapidjson::Document r;
        r.Parse(ds.json.data(), ds.json.size());
        benchmark::DoNotOptimize(r);
      }
      set_rates(s, ds.json.size(), n);
    });
    benchmark::RegisterBenchmark(bench_name("value_decode", ds.name, "nlohmann").c_str(), [&ds, n](benchmark::State& s) {
      for (auto _ : s) {
        auto j = nlohmann::json::parse(ds.json);
        benchmark::DoNotOptimize(j);
      }
      set_rates(s, ds.json.size(), n);
    });
  }
}

}  // namespace bench
