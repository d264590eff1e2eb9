// Typed decoding allocates only the target's own storage: per record, toon::decode<T> makes
// as many heap allocations as a copy of the decoded value does (one per non-empty container,
// one per string past the small-string buffer); what it allocates beyond that (the decoder's
// and the parser's working buffers) is a small constant per call, the same for 10 records as
// for 1,000, in table, list and nested forms.
//
// Global operator new/delete are replaced by counting versions (counting_new.hpp); only
// allocations made while `counting` is set are counted.
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

#include "toon/typed/decode.hpp"
#include "toon/typed/encode.hpp"

#include "counting_new.hpp"

namespace decode_alloc_test {

enum class level { debug, info, error };

struct detail_info {
  std::string code;
  std::int64_t retries;
};

struct line_item {
  std::string sku;
  std::string name;
  std::int64_t quantity;
  double price;
};

// List form (nested object, optionals, a table per record).
struct record {
  std::string id;
  std::string message;  // past the small-string buffer
  level severity;
  bool active;
  std::optional<std::int64_t> status;
  std::optional<detail_info> error;
  std::vector<line_item> items;
  std::vector<std::string> tags;
};

// Table form.
struct row {
  std::int64_t id;
  std::string name;
  double score;
  bool ok;
  level severity;
};

template <class Item>
struct doc {
  std::string version;
  std::vector<Item> entries;
  std::map<std::string, std::int64_t> counters;
};

}  // namespace decode_alloc_test

namespace {

using namespace decode_alloc_test;

doc<record> make_records(int n) {
  doc<record> d{"1.0", {}, {{"seen", 1}, {"a key longer than sixteen bytes", 2}}};
  for (int i = 0; i < n; ++i) {
    record r;
    r.id = "R-" + std::to_string(i);
    r.message = "a message long enough to need the heap #" + std::to_string(i);
    r.severity = static_cast<level>(i % 3);
    r.active = i % 2 == 0;
    if (i % 3 != 0) r.status = 200 + i % 5;
    if (i % 4 == 0) r.error = detail_info{"E_TIMEOUT_AFTER_RETRIES_" + std::to_string(i), i % 3};
    for (int k = 0; k <= i % 3; ++k)
      r.items.push_back({"SKU-" + std::to_string(k), k == 1 ? "a product name past fifteen bytes" : "mug", k + 1, 2.5 * k});
    if (i % 2) r.tags = {"x", "a tag longer than fifteen bytes"};
    d.entries.push_back(std::move(r));
  }
  return d;
}

doc<row> make_rows(int n) {
  doc<row> d{"2.0", {}, {}};
  for (int i = 0; i < n; ++i)
    d.entries.push_back({i, i % 2 ? "short" : "a name longer than fifteen bytes " + std::to_string(i), 0.5 * i, i % 3 == 0,
                         static_cast<level>(i % 3)});
  return d;
}

// Allocations of decode<T>(text) minus those of a copy of the result (the target's storage).
template <class T>
long long beyond_target(const std::string& text) {
  (void)toon::decode<T>(text);  // first: what the process allocates once (not per decoding)
  counting = true;
  allocations = 0;
  toon::result<T> r = toon::decode<T>(text);
  const std::size_t decoding = allocations.load();
  counting = false;
  EXPECT_TRUE(r.has_value()) << (r ? "" : r.error().message);
  if (!r) return -1;
  counting = true;
  allocations = 0;
  {
    T copy(*r);
    counting = false;
  }
  const std::size_t copying = allocations.load();
  counting = false;
  return static_cast<long long>(decoding) - static_cast<long long>(copying);
}

TEST(TypedDecodeAllocations, CountingWorks) {
  counting = true;
  allocations = 0;
  auto* p = new std::string(100, 'x');
  counting = false;
  delete p;
  EXPECT_GE(allocations.load(), 1u);
}

TEST(TypedDecodeAllocations, ListFormRecordsAllocateOnlyTheirStorage) {
  const std::string small = toon::encode(make_records(10));
  const std::string large = toon::encode(make_records(1000));
  ASSERT_NE(small.find("- id:"), std::string::npos);  // list form, as the test means
  const long long a = beyond_target<doc<record>>(small);
  const long long b = beyond_target<doc<record>>(large);
  EXPECT_GE(a, 0);
  EXPECT_LE(a, 64);
  EXPECT_EQ(a, b);  // nothing per record
}

TEST(TypedDecodeAllocations, TableRowsAllocateOnlyTheirStorage) {
  const std::string small = toon::encode(make_rows(10));
  const std::string large = toon::encode(make_rows(1000));
  ASSERT_NE(small.find("{id,name,score,ok,severity}"), std::string::npos);  // table form
  const long long a = beyond_target<doc<row>>(small);
  const long long b = beyond_target<doc<row>>(large);
  EXPECT_GE(a, 0);
  EXPECT_LE(a, 64);
  EXPECT_EQ(a, b);
}

}  // namespace
