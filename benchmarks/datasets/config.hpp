// benchmarks/datasets/config.hpp - a deeply nested configuration: environments > regions >
// clusters > node pools > autoscaling > policy (seven object levels below the root).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "datasets/random.hpp"

namespace bench {

struct scaling_policy {
  std::string metric;
  double target;
  std::int64_t cooldown_s;
  bool operator==(const scaling_policy&) const = default;
};

struct autoscaling {
  bool enabled;
  std::int64_t min_nodes;
  std::int64_t max_nodes;
  scaling_policy policy;
  bool operator==(const autoscaling&) const = default;
};

struct node_pool {
  std::string name;
  std::string machine_type;
  std::vector<std::string> labels;
  bench::autoscaling autoscaling;
  bool operator==(const node_pool&) const = default;
};

struct cluster {
  std::string name;
  std::string version;
  std::vector<node_pool> node_pools;
  bool operator==(const cluster&) const = default;
};

struct region {
  std::string name;
  std::vector<cluster> clusters;
  bool operator==(const region&) const = default;
};

struct environment {
  std::string name;
  bool production;
  std::vector<region> regions;
  bool operator==(const environment&) const = default;
};

struct config_doc {
  std::string version;
  std::vector<environment> environments;
  bool operator==(const config_doc&) const = default;
};

/// The configuration dataset: `n` environments of 2 regions x 2 clusters x 3 pools, seed 6.
inline config_doc make_config(std::size_t n = 200) {
  static constexpr std::array<std::string_view, 4> regions = {"eu-west", "us-east", "ap-south", "sa-east"};
  static constexpr std::array<std::string_view, 4> machines = {"n2-standard-4", "n2-highmem-8",
                                                                "c3-standard-8", "e2-medium"};
  static constexpr std::array<std::string_view, 3> metrics = {"cpu", "memory", "requests_per_second"};
  random r(6);
  config_doc d{"2025.11", {}};
  for (std::size_t i = 0; i < n; ++i) {
    environment e{"env-" + std::to_string(i), r.chance(0.3), {}};
    for (int g = 0; g < 2; ++g) {
      region reg{std::string(r.pick(regions)), {}};
      for (int c = 0; c < 2; ++c) {
        cluster cl{"cl-" + std::to_string(i) + '-' + std::to_string(g) + std::to_string(c),
                   "1." + std::to_string(r.between(27, 31)) + ".2", {}};
        for (int p = 0; p < 3; ++p) {
          const std::int64_t lo = r.between(1, 5);
          cl.node_pools.push_back(
              {"pool-" + std::to_string(p), std::string(r.pick(machines)),
               {"tier=" + std::string(p == 0 ? "system" : "apps"), "zone=" + std::to_string(p)},
               {r.chance(0.8), lo, lo + r.between(2, 40),
                {std::string(r.pick(metrics)), static_cast<double>(r.between(50, 90)) / 100.0,
                 r.between(30, 600)}}});
        }
        reg.clusters.push_back(std::move(cl));
      }
      e.regions.push_back(std::move(reg));
    }
    d.environments.push_back(std::move(e));
  }
  return d;
}

inline std::size_t records_of(const config_doc& d) { return d.environments.size(); }

}  // namespace bench
