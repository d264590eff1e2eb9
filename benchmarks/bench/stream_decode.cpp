// benchmarks/bench/stream_decode.cpp - incremental decoding cost by chunk size: the same TOON
// text through toon::stream_decoder in 1-byte, 16-byte and 4 KiB chunks, and whole through
// toon::decode_events, into a handler that does nothing (the parser's own cost).
#include <algorithm>
#include <string>

#include "bench/common.hpp"
#include "bench/null_handler.hpp"
#include "bench/value_data.hpp"
#include "toon/events.hpp"
#include "toon/stream.hpp"

namespace bench {
namespace {

bool feed_in_chunks(const std::string& text, std::size_t chunk) {
  null_handler h;
  toon::stream_decoder d(h);
  for (std::size_t at = 0; at < text.size(); at += chunk)
    if (!d.feed(std::string_view(text).substr(at, std::min(chunk, text.size() - at)))) return false;
  return d.finish().has_value();
}

}  // namespace

void register_stream_decode() {
  for (const value_dataset& ds : value_datasets()) {
    const std::size_t n = ds.records;
    for (std::size_t chunk : {std::size_t{1}, std::size_t{16}, std::size_t{4096}})
      require(feed_in_chunks(ds.toon, chunk), ds.name, "stream_decoder");
    benchmark::RegisterBenchmark(bench_name("stream_decode", ds.name, "whole").c_str(), [&ds, n](benchmark::State& s) {
      for (auto _ : s) {
        null_handler h;
        auto r = toon::decode_events(ds.toon, h);
        benchmark::DoNotOptimize(r);
      }
      set_rates(s, ds.toon.size(), n);
    });
    for (std::size_t chunk : {std::size_t{4096}, std::size_t{16}, std::size_t{1}}) {
      benchmark::RegisterBenchmark(bench_name("stream_decode", ds.name, "chunk_" + std::to_string(chunk)).c_str(),
                                   [&ds, n, chunk](benchmark::State& s) {
                                     for (auto _ : s) benchmark::DoNotOptimize(feed_in_chunks(ds.toon, chunk));
                                     set_rates(s, ds.toon.size(), n);
                                   });
    }
  }
}

}  // namespace bench
