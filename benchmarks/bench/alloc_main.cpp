// benchmarks/bench/alloc_main.cpp - the toon_bench_alloc program: counts heap allocations of
// the encoders and of typed decoding with a replaced global operator new. Reported counters:
// allocations per iteration and per record, once the output buffer has reached its size
// (first iteration untimed). Typed decoding is set against the minimum its target needs: the
// allocations of a copy of the decoded document (one per non-empty container, one per string
// past the small-string buffer); `beyond_target` is what decoding allocates above that, per
// iteration (the decoder's and parser's own buffers). A separate program, so that counting
// costs nothing in toon_bench.
#include <atomic>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>

#include <benchmark/benchmark.h>
#include <rapidjson/stringbuffer.h>

#include "bench/common.hpp"
#include "datasets/all.hpp"
#include "json/nlohmann_write.hpp"
#include "json/rapidjson_write.hpp"
#include "toon/toon.hpp"

namespace {

std::atomic<std::size_t> allocations{0};

void* counted(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}

/// Runs `body` once to size the buffers, then counts its allocations per iteration.
template <class Body>
void count(benchmark::State& s, std::size_t records, Body body) {
  body();
  std::size_t total = 0;
  for (auto _ : s) {
    const std::size_t before = allocations.load(std::memory_order_relaxed);
    body();
    total += allocations.load(std::memory_order_relaxed) - before;
  }
  const double per_iter = static_cast<double>(total) / static_cast<double>(s.iterations());
  s.counters["allocs_per_iteration"] = per_iter;
  s.counters["allocs_per_record"] = per_iter / static_cast<double>(records);
  s.counters["records"] = static_cast<double>(records);
}

/// Allocations of one call of `body`.
template <class Body>
std::size_t allocations_of(Body body) {
  const std::size_t before = allocations.load(std::memory_order_relaxed);
  body();
  return allocations.load(std::memory_order_relaxed) - before;
}

template <class Doc>
void register_decode(const bench::typed_dataset<Doc>& ds) {
  const Doc& d = ds.data();
  const std::size_t n = bench::records_of(d);
  auto text = std::make_shared<std::string>(toon::encode(d));
  // The target's own storage: what a copy of the document allocates.
  const std::size_t minimum = allocations_of([&] { benchmark::DoNotOptimize(Doc(d)); });
  benchmark::RegisterBenchmark(bench::bench_name("alloc_typed_decode", ds.name, "toon").c_str(), [text, n, minimum](benchmark::State& s) {
    count(s, n, [&] {
      auto r = toon::decode<Doc>(*text);
      if (!r) s.SkipWithError("decode failed");
      benchmark::DoNotOptimize(r);
    });
    s.counters["beyond_target"] = s.counters["allocs_per_iteration"] - static_cast<double>(minimum);
  });
  benchmark::RegisterBenchmark(bench::bench_name("alloc_typed_decode", ds.name, "minimum").c_str(), [&d, n](benchmark::State& s) {
    count(s, n, [&] { benchmark::DoNotOptimize(Doc(d)); });
  });
}

template <class Doc>
void register_one(bench::typed_dataset<Doc> ds) {
  const Doc& d = ds.data();
  const std::size_t n = bench::records_of(d);
  register_decode(ds);
  benchmark::RegisterBenchmark(bench::bench_name("alloc_typed_encode", ds.name, "toon").c_str(), [&d, n](benchmark::State& s) {
    std::string out;
    count(s, n, [&] {
      out.clear();
      toon::encode_to(out, d);
    });
  });
  benchmark::RegisterBenchmark(bench::bench_name("alloc_typed_encode", ds.name, "rapidjson").c_str(), [&d, n](benchmark::State& s) {
    rapidjson::StringBuffer b;
    count(s, n, [&] { bench::rj::to_json(b, d); });
  });
  benchmark::RegisterBenchmark(bench::bench_name("alloc_typed_encode", ds.name, "nlohmann").c_str(), [&d, n](benchmark::State& s) {
    count(s, n, [&] { benchmark::DoNotOptimize(bench::nl::to_json(d)); });
  });
}

}  // namespace

void* operator new(std::size_t n) { return counted(n); }
void* operator new[](std::size_t n) { return counted(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  bench::for_each_typed_dataset([](auto ds) { register_one(ds); });
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
