// benchmarks/datasets/repos.hpp - GitHub-repository-like records (flat, with free text).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "datasets/random.hpp"

namespace bench {

struct repository {
  std::int64_t id;
  std::string name;
  std::string full_name;
  std::string description;
  std::string language;
  std::int64_t stars;
  std::int64_t forks;
  std::int64_t open_issues;
  bool archived;
  std::string default_branch;
  std::string created_at;
  std::string updated_at;
  bool operator==(const repository&) const = default;
};

struct repos_doc {
  std::vector<repository> repositories;
  bool operator==(const repos_doc&) const = default;
};

/// The repository dataset: `n` records, seed 4. Descriptions contain commas and colons, so
/// some need quoting in TOON.
inline repos_doc make_repos(std::size_t n = 1'000) {
  static constexpr std::array<std::string_view, 8> languages = {"C++", "Rust", "Go", "TypeScript",
                                                                 "Python", "Java", "Zig", "C"};
  static constexpr std::array<std::string_view, 8> owners = {"acme", "octo-org", "datalab", "kernelfolk",
                                                              "webworks", "mlgroup", "infra", "toolsmith"};
  static constexpr std::array<std::string_view, 8> nouns = {"parser", "server", "cache", "router",
                                                             "compiler", "scheduler", "logger", "client"};
  random r(4);
  repos_doc d;
  d.repositories.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    repository x;
    x.id = 10'000'000 + static_cast<std::int64_t>(i) * 7919;
    x.name = std::string(r.pick(words)) + '-' + std::string(r.pick(nouns)) + std::to_string(i % 97);
    x.full_name = std::string(r.pick(owners)) + '/' + x.name;
    x.description = "A " + std::string(r.pick(words)) + ", " + std::string(r.pick(words)) + ' ' +
                    std::string(r.pick(nouns)) + " for " + std::string(r.pick(languages)) +
                    (r.chance(0.3) ? ": batteries included" : "");
    x.language = r.pick(languages);
    x.stars = r.between(0, 80'000);
    x.forks = x.stars / r.between(3, 30);
    x.open_issues = r.between(0, 900);
    x.archived = r.chance(0.05);
    x.default_branch = r.chance(0.8) ? "main" : "master";
    x.created_at = timestamp(r.between(0, 200), r.between(0, 86'399));
    x.updated_at = timestamp(r.between(200, 330), r.between(0, 86'399));
    d.repositories.push_back(std::move(x));
  }
  return d;
}

inline std::size_t records_of(const repos_doc& d) { return d.repositories.size(); }

}  // namespace bench
