// benchmarks/datasets/timeseries.hpp - daily web-analytics metrics (flat, numeric-heavy).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "datasets/random.hpp"

namespace bench {

struct metric_point {
  std::string date;
  std::int64_t views;
  std::int64_t clicks;
  std::int64_t conversions;
  double revenue;
  double bounce_rate;
  bool operator==(const metric_point&) const = default;
};

struct timeseries_doc {
  std::vector<metric_point> metrics;
  bool operator==(const timeseries_doc&) const = default;
};

/// The time-series dataset: `n` hourly points, seed 3.
inline timeseries_doc make_timeseries(std::size_t n = 8'760) {
  random r(3);
  timeseries_doc d;
  d.metrics.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto h = static_cast<std::int64_t>(i);
    const std::int64_t views = r.between(500, 20'000);
    const std::int64_t clicks = views * r.between(2, 12) / 100;
    const std::int64_t conv = clicks * r.between(1, 9) / 100;
    d.metrics.push_back({timestamp(h / 24, h % 24 * 3600), views, clicks, conv,
                         static_cast<double>(conv * r.between(1500, 9000)) / 100.0,
                         static_cast<double>(r.between(2000, 7000)) / 10'000.0});
  }
  return d;
}

inline std::size_t records_of(const timeseries_doc& d) { return d.metrics.size(); }

}  // namespace bench
