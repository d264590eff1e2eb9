// benchmarks/bench/profile_main.cpp - the toon_bench_profile program: runs one operation on
// one dataset a given number of times and nothing else, for instruction counts and profiles
// (valgrind --tool=callgrind, perf), which toon_bench cannot give: its registration runs
// simdjson kernels that valgrind does not emulate, and Google Benchmark picks the iterations.
//
//   toon_bench_profile typed_decode|value_decode|document_decode|parse|toon_to_json|json_to_toon|typed_encode|value_encode DATASET [N]
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
  std::fprintf(stderr, "usage: toon_bench_profile typed_decode|value_decode|document_decode|parse|toon_to_json|json_to_toon|typed_encode|value_encode DATASET [N]\n");
  return 2;
}

// One value-model operation on the dataset's TOON `text`, JSON `json` and value `v`: what it
// adds to the sink, -1 on a failed decode, -2 when `op` is not a value-model operation.
long value_op(std::string_view op, const std::string& text, const std::string& json, const toon::value& v) {
  if (op == "value_decode") {
    auto r = toon::decode(text);
    return r ? static_cast<long>(r->is_object() ? r->as_object().size() : 1) : -1;
  }
  if (op == "document_decode") {
    auto r = toon::decode_document(text);
    return r ? static_cast<long>(r->root().size()) : -1;
  }
  if (op == "parse") {
    bench::null_handler h;
    return toon::decode_events(text, h) ? 1 : -1;
  }
  if (op == "toon_to_json") {
    auto r = toon::toon_to_json(text);
    return r ? static_cast<long>(r->size()) : -1;
  }
  if (op == "json_to_toon") {
    auto r = toon::json_to_toon(json);
    return r ? static_cast<long>(r->size()) : -1;
  }
  if (op == "value_encode") return static_cast<long>(toon::encode(v).size());
  return -2;
}

// Runs `op` n times on one dataset: its value `v` and, for a typed dataset, the decoding check
// and the typed operations in `typed` (nullptr for the catalog, which has no C++ type). The
// results are checked once, before the loop, so that the loop is the operation alone.
template <class Typed>
int run(std::string_view op, const toon::value& v, std::size_t records, long n, Typed typed) {
  const std::string text = toon::encode(v);
  const std::string json = toon::to_json(v);
  if (op == "value_decode" && !(toon::decode(text).value() == v)) return std::fprintf(stderr, "value decode differs\n"), 1;
  if (op == "json_to_toon" && toon::json_to_toon(json).value() != text) return std::fprintf(stderr, "json_to_toon differs\n"), 1;
  std::size_t sink = 0;
  for (long i = 0; i < n; ++i) {
    long r = typed(op, text);
    if (r == -2) r = value_op(op, text, json, v);
    if (r == -2) return usage();
    if (r < 0) return std::fprintf(stderr, "%s failed\n", std::string(op).c_str()), 1;
    sink += static_cast<std::size_t>(r);
  }
  std::printf("%s: %zu bytes, %zu records, %ld runs (%zu)\n", std::string(op).c_str(), text.size(), records, n, sink);
  return 0;
}

// The typed operations on a dataset of type Doc (-2 for the others).
template <class Doc>
auto typed_ops(const Doc& d) {
  return [&d](std::string_view op, const std::string& text) -> long {
    if (op == "typed_decode") {
      auto r = toon::decode<Doc>(text);
      return r && *r == d ? static_cast<long>(bench::records_of(*r)) : -1;
    }
    if (op == "typed_encode") return static_cast<long>(toon::encode(d).size());
    return -2;
  };
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  const std::string_view op = argv[1];
  const std::string_view name = argv[2];
  const long n = argc > 3 ? std::strtol(argv[3], nullptr, 10) : 1;
  int rc = -1;
  bench::for_each_typed_dataset([&](auto ds) {
    if (ds.name == name) rc = run(op, toon::to_value(ds.data()), bench::records_of(ds.data()), n, typed_ops(ds.data()));
  });
  if (rc < 0 && name == bench::catalog_name) {
    const toon::value catalog = bench::load_catalog();
    rc = run(op, catalog, bench::catalog_records(catalog), n, [](std::string_view, const std::string&) { return -2L; });
  }
  auto value_only = [](std::string_view, const std::string&) { return -2L; };
  if (rc < 0 && name == "manifests") rc = run(op, bench::manifests_data(), bench::manifests_records(bench::manifests_data()), n, value_only);
  if (rc < 0 && name == "openapi") rc = run(op, bench::openapi_data(), bench::openapi_records(bench::openapi_data()), n, value_only);
  if (rc < 0) return std::fprintf(stderr, "unknown dataset\n"), usage();
  return rc;
}
