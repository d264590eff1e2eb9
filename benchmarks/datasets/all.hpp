// benchmarks/datasets/all.hpp - every dataset, generated once per process, and the list the
// benchmark registrations and the data writer iterate over.
#pragma once

#include <cstddef>
#include <string_view>

#include "datasets/catalog.hpp"
#include "datasets/config.hpp"
#include "datasets/deep.hpp"
#include "datasets/employees.hpp"
#include "datasets/events.hpp"
#include "datasets/orders.hpp"
#include "datasets/repos.hpp"
#include "datasets/timeseries.hpp"

namespace bench {

/// A dataset with a C++ struct model: its name and its data (generated on first use).
template <class Doc>
struct typed_dataset {
  using doc_type = Doc;
  std::string_view name;
  const Doc& (*data)();
};

#define TOON_BENCH_CACHED(fn, make) \
  inline const auto& fn() {         \
    static const auto d = make();   \
    return d;                       \
  }
TOON_BENCH_CACHED(employees_data, make_employees)
TOON_BENCH_CACHED(orders_data, make_orders)
TOON_BENCH_CACHED(timeseries_data, make_timeseries)
TOON_BENCH_CACHED(repos_data, make_repos)
TOON_BENCH_CACHED(events_data, make_events)
TOON_BENCH_CACHED(config_data, make_config)
TOON_BENCH_CACHED(catalog_data, make_catalog)
TOON_BENCH_CACHED(manifests_data, make_manifests)
TOON_BENCH_CACHED(openapi_data, make_openapi)
#undef TOON_BENCH_CACHED

/// Calls `f(typed_dataset<Doc>{...})` for every dataset with a struct model, in report order.
template <class F>
void for_each_typed_dataset(F&& f) {
  f(typed_dataset<employees_doc>{"employees", &employees_data});
  f(typed_dataset<orders_doc>{"orders", &orders_data});
  f(typed_dataset<timeseries_doc>{"timeseries", &timeseries_data});
  f(typed_dataset<repos_doc>{"repos", &repos_data});
  f(typed_dataset<events_doc>{"events", &events_data});
  f(typed_dataset<config_doc>{"config", &config_data});
}

/// The value-only dataset (no struct model): the MCP tool catalog, 50 records.
inline constexpr std::string_view catalog_name = "catalog";
inline std::size_t catalog_records(const toon::value& v) { return v.find("tools")->as_array().size(); }

/// The deep value-only datasets (datasets/deep.hpp): Kubernetes-like manifests (records =
/// resources) and an OpenAPI fragment (records = operations).
inline std::size_t manifests_records(const toon::value& v) { return v.find("items")->as_array().size(); }
inline std::size_t openapi_records(const toon::value& v) {
  std::size_t n = 0;
  for (const toon::member& p : v.find("paths")->as_object()) n += p.value.size();
  return n;
}

}  // namespace bench
