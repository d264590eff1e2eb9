// benchmarks/bench/value_data.hpp - every dataset as a toon::value (the typed ones through
// toon::to_value, plus the catalog) with its compact JSON and TOON texts, made once.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "datasets/all.hpp"
#include "toon/toon.hpp"

namespace bench {

/// One dataset in the value model.
struct value_dataset {
  std::string_view name;
  toon::value value;
  std::size_t records;
  std::string json;  ///< compact JSON
  std::string toon;  ///< TOON, comma delimiter, indent 2
};

/// Where the catalog comes from: the tools/list JSON named by the environment variable
/// TOON_BENCH_CATALOG (scripts/bench.sh sets it to the output of benchmarks/catalog's
/// toon_catalog_50 when that exists), else the generator of datasets/catalog.hpp.
inline const char* catalog_file() {
  const char* f = std::getenv("TOON_BENCH_CATALOG");
  return f != nullptr && *f != '\0' ? f : nullptr;
}

/// The catalog as a value (exits when TOON_BENCH_CATALOG names an unreadable file).
inline toon::value load_catalog() {
  const char* f = catalog_file();
  if (f == nullptr) return catalog_data();
  std::ifstream in(f, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto v = toon::from_json(text);
  if (!in.is_open() || !v || !v->is_object() || v->find("tools") == nullptr) {
    std::fprintf(stderr, "TOON_BENCH_CATALOG=%s: not a tools/list JSON file\n", f);
    std::exit(1);
  }
  return std::move(*v);
}

/// All datasets in report order, built on first use.
inline const std::vector<value_dataset>& value_datasets() {
  static const std::vector<value_dataset> all = [] {
    std::vector<value_dataset> v;
    auto add = [&v](std::string_view name, toon::value x, std::size_t records) {
      std::string json = toon::to_json(x), text = toon::encode(x);
      v.push_back({name, std::move(x), records, std::move(json), std::move(text)});
    };
    for_each_typed_dataset([&add](auto ds) { add(ds.name, toon::to_value(ds.data()), records_of(ds.data())); });
    toon::value catalog = load_catalog();
    const std::size_t n = catalog_records(catalog);
    add(catalog_name, std::move(catalog), n);
    add("manifests", manifests_data(), manifests_records(manifests_data()));
    add("openapi", openapi_data(), openapi_records(openapi_data()));
    return v;
  }();
  return all;
}

}  // namespace bench
