// The typed encoder does not allocate for types whose layout is static: encoding into a
// std::string whose capacity was reserved beforehand performs zero heap allocations.
//
// Global operator new/delete are replaced by counting versions (counting_new.hpp); only
// allocations made while `counting` is set are counted. Test data uses strings short enough for the small-string
// optimization only where the test builds it; the encoder itself must not allocate at all.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "toon/typed/encode.hpp"
#include "toon/typed/to_value.hpp"

#include "counting_new.hpp"

namespace alloc_test {

enum class department { engineering, operations, sales };

struct address {
  std::string city;
  std::string zip;
  int floor;
};

struct employee {
  int id;
  std::string name;
  double salary;
  bool active;
  department dept;
  address office;
  std::optional<int> manager;
  std::uint64_t badge;
  float rating;
};

struct limits {
  int cpu;
  double memory;
};

// Written as a keyed tabular object (both members are objects of the same shape).
struct bounds {
  limits soft;
  limits hard;
};

struct settings {
  std::string name;
  bounds limits;
};

struct service {
  std::string name;
  int replicas;
  settings config;
  address location;
  std::vector<int> ports;
  std::vector<employee> owners;
  std::map<std::string, limits> quotas;
};

}  // namespace alloc_test

template <>
struct toon::meta<alloc_test::limits> {
  static constexpr toon::renamed rename[] = {{"cpu", "cpu cores"}};  // a quoted field name
};

namespace {

using namespace alloc_test;

std::vector<employee> make_employees(int n) {
  std::vector<employee> out;
  out.reserve(static_cast<std::size_t>(n));
  const char* names[] = {"Ada", "Bob, Jr.", "Chloe", "true", "Dmitri|K", ""};
  const char* cities[] = {"Oslo", "Rome", "New York", "12345"};
  for (int i = 0; i < n; ++i) {
    employee e;
    e.id = i;
    e.name = names[i % 6];
    e.salary = 1000.25 * i - 17.5;
    e.active = i % 3 == 0;
    e.dept = static_cast<department>(i % 3);
    e.office = {cities[i % 4], std::to_string(1000 + i % 7), i % 12};
    if (i % 4 != 0) e.manager = i / 4;
    e.badge = 18446744073709551615ull - static_cast<std::uint64_t>(i);
    e.rating = 0.1f * static_cast<float>(i % 10);
    out.push_back(e);
  }
  return out;
}

// Number of allocations made by encode_to(out, x, options) into a buffer with enough capacity;
// also checks the text against the value encoder.
template <class T>
std::size_t allocations_of(const T& x, const toon::encode_options& options) {
  const std::string expected = toon::encode(toon::to_value(x), options);
  std::string out;
  out.reserve(expected.size() + 64);
  counting = true;
  allocations = 0;
  toon::encode_to(out, x, options);
  counting = false;
  EXPECT_EQ(out, expected);
  return allocations.load();
}

constexpr toon::delimiter delimiters[] = {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe};

TEST(TypedEncodeAllocations, CountingWorks) {
  counting = true;
  allocations = 0;
  auto* p = new std::string(100, 'x');
  counting = false;
  delete p;
  EXPECT_GE(allocations.load(), 1u);
}

TEST(TypedEncodeAllocations, VectorOfThousandEmployees) {
  const std::vector<employee> staff = make_employees(1000);
  for (toon::delimiter d : delimiters) {
    for (int indent : {1, 2, 4}) {
      toon::encode_options options;
      options.delimiter = d;
      options.indent_size = indent;
      EXPECT_EQ(allocations_of(staff, options), 0u);
    }
  }
}

TEST(TypedEncodeAllocations, MapOfStructs) {
  std::map<std::string, employee> by_name;
  const std::vector<employee> staff = make_employees(50);
  for (const employee& e : staff) by_name.emplace("emp" + std::to_string(e.id), e);
  std::map<std::string, limits> quotas{{"a", {1, 1.5}}, {"b b", {2, 2.5}}, {"c", {3, 0}}};
  for (toon::delimiter d : delimiters) {
    toon::encode_options options;
    options.delimiter = d;
    EXPECT_EQ(allocations_of(by_name, options), 0u);
    EXPECT_EQ(allocations_of(quotas, options), 0u);
  }
}

TEST(TypedEncodeAllocations, StructWithNestedObjects) {
  service s{"api", 3, {"default", {{1, 0.5}, {4, 2}}}, {"Oslo", "0150", 2}, {80, 443}, make_employees(5),
            {{"dev", {1, 1}}, {"prod", {8, 16}}}};
  for (toon::delimiter d : delimiters) {
    toon::encode_options options;
    options.delimiter = d;
    EXPECT_EQ(allocations_of(s, options), 0u);
    EXPECT_EQ(allocations_of(s.config, options), 0u);
    EXPECT_EQ(allocations_of(s.config.limits, options), 0u);  // root keyed tabular
    EXPECT_EQ(allocations_of(std::vector<service>{s, s}, options), 0u);
  }
}

}  // namespace

namespace alloc_test {

struct maybe_row {
  int id;
  std::optional<address> home;  // may be null: the form depends on the content
};

}  // namespace alloc_test

namespace {

// A column that mixes null and objects fails tabular detection, which the typed encoder sees
// on the typed data: list form, still without allocating.
TEST(TypedEncodeAllocations, OptionalStructNullInOneRow) {
  const std::vector<maybe_row> rows{{1, address{"Oslo", "1", 2}}, {2, std::nullopt}};
  EXPECT_EQ(allocations_of(rows, toon::encode_options{}), 0u);
}

// Sanity check of the counter during encode_to: shapes that only the content decides (here:
// optional objects present in every row, which the value encoder makes a nested field group)
// go through toon::to_value() and the value encoder, which allocate.
TEST(TypedEncodeAllocations, ContentDependentShapesMayAllocate) {
  const std::vector<maybe_row> rows{{1, address{"Oslo", "1", 2}}, {2, address{"Rome", "2", 3}}};
  EXPECT_GT(allocations_of(rows, toon::encode_options{}), 0u);
}

}  // namespace
