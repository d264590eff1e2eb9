// benchmarks/datasets/employees.hpp - 10,000 uniform employee records (flat, tabular).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "datasets/random.hpp"

namespace bench {

struct employee {
  std::int64_t id;
  std::string name;
  std::string email;
  std::string department;
  std::int64_t age;
  double salary;
  bool active;
  std::string hired;
  bool operator==(const employee&) const = default;
};

struct employees_doc {
  std::vector<employee> employees;
  bool operator==(const employees_doc&) const = default;
};

/// The employee dataset: `n` records, seed 1.
inline employees_doc make_employees(std::size_t n = 10'000) {
  static constexpr std::array<std::string_view, 8> departments = {
      "Engineering", "Sales", "Marketing", "Finance", "Support", "Legal", "Operations", "Research"};
  random r(1);
  employees_doc d;
  d.employees.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto id = static_cast<std::int64_t>(i + 1);
    std::string name = person_name(r);
    std::string email = email_of(name, id);
    d.employees.push_back({id, std::move(name), std::move(email), std::string(r.pick(departments)),
                           r.between(22, 65), r.money(40'000, 180'000), r.chance(0.9),
                           date(r.between(0, 3000))});
  }
  return d;
}

/// Records of the dataset (for records/s).
inline std::size_t records_of(const employees_doc& d) { return d.employees.size(); }

}  // namespace bench
