// benchmarks/bench/stream_decode.cpp - incremental decoding cost by chunk size: the same TOON
// text through toon::stream_decoder in 1-byte, 16-byte and 4 KiB chunks, and whole through
// toon::decode_events, into a handler that does nothing (the parser's own cost).
#include <algorithm>
#include <string>

#include "bench/common.hpp"
#include "bench/value_data.hpp"
#include "toon/events.hpp"
#include "toon/stream.hpp"

namespace bench {
namespace {

// Takes every event and does nothing (table rows as one call each, as the value builder).
class null_handler final : public toon::event_handler {
 public:
  null_handler() { receive_rows(); }
  bool start_object(std::size_t, std::size_t) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t, std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool key(std::string_view, std::size_t) override { return true; }
  bool null_value(std::size_t) override { return true; }
  bool bool_value(bool, std::size_t) override { return true; }
  bool int_value(std::int64_t, std::size_t) override { return true; }
  bool uint_value(std::uint64_t, std::size_t) override { return true; }
  bool double_value(double, std::size_t) override { return true; }
  bool big_integer_value(std::string_view, std::size_t) override { return true; }
  bool string_value(std::string_view, std::size_t) override { return true; }
  bool table_row(const toon::scalar*, std::size_t, std::size_t) override { return true; }
};

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
