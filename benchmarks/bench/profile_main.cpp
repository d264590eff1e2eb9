// benchmarks/bench/profile_main.cpp - the toon_bench_profile program: runs one operation on
// one dataset a given number of times and nothing else, for instruction counts and profiles
// (valgrind --tool=callgrind, perf), which toon_bench cannot give: its registration runs
// simdjson kernels that valgrind does not emulate, and Google Benchmark picks the iterations.
//
//   toon_bench_profile typed_decode|value_decode|document_decode|parse|json_to_toon|typed_encode|value_encode DATASET [N]
//
// DATASET is a typed dataset or `catalog` (value_decode, document_decode, parse,
// json_to_toon and value_encode only). Prints the instructions-relevant facts (records,
// bytes) and exits 1 on a failed check.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "bench/common.hpp"
#include "bench/null_handler.hpp"
#include "bench/value_data.hpp"
#include "datasets/all.hpp"
#include "toon/toon.hpp"

namespace {

int usage() {
  std::fprintf(stderr, "usage: toon_bench_profile typed_decode|value_decode|document_decode|parse|json_to_toon|typed_encode|value_encode DATASET [N]\n");
  return 2;
}

template <class Doc>
int run(std::string_view op, const Doc& d, long n) {
  const std::string text = toon::encode(d);
  std::size_t sink = 0;
  for (long i = 0; i < n; ++i) {
    if (op == "typed_decode") {
      auto r = toon::decode<Doc>(text);
      if (!r || !(*r == d)) return std::fprintf(stderr, "typed decode failed\n"), 1;
      sink += bench::records_of(*r);
    } else if (op == "value_decode") {
      auto r = toon::decode(text);
      if (!r) return std::fprintf(stderr, "value decode failed\n"), 1;
      sink += r->is_object() ? r->as_object().size() : 1;
    } else if (op == "document_decode") {
      auto r = toon::decode_document(text);
      if (!r) return std::fprintf(stderr, "document decode failed\n"), 1;
      sink += r->root().size();
    } else if (op == "parse") {
      bench::null_handler h;
      if (!toon::decode_events(text, h)) return std::fprintf(stderr, "parse failed\n"), 1;
      sink += 1;
    } else if (op == "json_to_toon") {
      static const std::string json = toon::to_json(toon::to_value(d));
      auto r = toon::json_to_toon(json);
      if (!r) return std::fprintf(stderr, "json_to_toon failed\n"), 1;
      sink += r->size();
    } else if (op == "typed_encode") {
      sink += toon::encode(d).size();
    } else if (op == "value_encode") {
      static const toon::value v = toon::to_value(d);
      sink += toon::encode(v).size();
    } else {
      return usage();
    }
  }
  std::printf("%s: %zu bytes, %zu records, %ld runs (%zu)\n", std::string(op).c_str(), text.size(),
              bench::records_of(d), n, sink);
  return 0;
}

// The catalog has no C++ type: the operations on values only.
int run_value(std::string_view op, const toon::value& v, long n) {
  const std::string text = toon::encode(v);
  const std::string json = toon::to_json(v);
  std::size_t sink = 0;
  for (long i = 0; i < n; ++i) {
    if (op == "value_decode") {
      auto r = toon::decode(text);
      if (!r || !(*r == v)) return std::fprintf(stderr, "value decode failed\n"), 1;
      sink += r->is_object() ? r->as_object().size() : 1;
    } else if (op == "document_decode") {
      auto r = toon::decode_document(text);
      if (!r) return std::fprintf(stderr, "document decode failed\n"), 1;
      sink += r->root().size();
    } else if (op == "parse") {
      bench::null_handler h;
      if (!toon::decode_events(text, h)) return std::fprintf(stderr, "parse failed\n"), 1;
      sink += 1;
    } else if (op == "json_to_toon") {
      auto r = toon::json_to_toon(json);
      if (!r || *r != text) return std::fprintf(stderr, "json_to_toon failed\n"), 1;
      sink += r->size();
    } else if (op == "value_encode") {
      sink += toon::encode(v).size();
    } else {
      return std::fprintf(stderr, "%s: not an operation on the catalog (it has no C++ type)\n",
                          std::string(op).c_str()), usage();
    }
  }
  std::printf("%s: %zu bytes, %ld runs (%zu)\n", std::string(op).c_str(), text.size(), n, sink);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  const std::string_view op = argv[1];
  const std::string_view name = argv[2];
  const long n = argc > 3 ? std::strtol(argv[3], nullptr, 10) : 1;
  int rc = -1;
  bench::for_each_typed_dataset([&](auto ds) {
    if (ds.name == name) rc = run(op, ds.data(), n);
  });
  if (rc < 0 && name == bench::catalog_name) rc = run_value(op, bench::load_catalog(), n);
  if (rc < 0) return std::fprintf(stderr, "unknown dataset\n"), usage();
  return rc;
}
