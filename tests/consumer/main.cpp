// A program outside the toon-cpp tree that uses the library the way a consumer would: through
// find_package(toon), add_subdirectory, pkg-config, or header-only (see CMakeLists.txt beside
// this file).
// It encodes a plain struct, reads it back, converts JSON, and formats with fmt; any mismatch
// makes it exit with status 1.
#include <toon/fmt.hpp>
#include <toon/toon.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct item {
  std::string sku;
  int qty;
  double price;
};

struct order {
  int id;
  std::string customer;
  std::vector<item> items;
};

int failures = 0;

void expect(bool ok, std::string_view what, std::string_view got = {}) {
  if (ok) return;
  ++failures;
  std::fprintf(stderr, "consumer: FAILED: %.*s\n%.*s\n", static_cast<int>(what.size()), what.data(),
               static_cast<int>(got.size()), got.data());
}

}  // namespace

#ifndef TOON_CONSUMER_CORE_ONLY
std::string consumer_second_tu();  // second.cpp (toon::mcp)
#endif

int main() {
  const order o{1001, "Ada", {{"A-1", 2, 9.99}, {"B-7", 1, 24.5}}};
  const std::string expected =
      "id: 1001\n"
      "customer: Ada\n"
      "items[2]{sku,qty,price}:\n"
      "  A-1,2,9.99\n"
      "  B-7,1,24.5";

  // Typed encoding of an aggregate (header-only templates on top of the library).
  const std::string text = toon::encode(o);
  expect(text == expected, "toon::encode(order)", text);

  // Typed decoding (library: the TOON event parser).
  toon::result<order> back = toon::decode<order>(text);
  expect(back.has_value() && back->items.size() == 2 && back->items[1].sku == "B-7" && back->id == 1001,
         "toon::decode<order>");

  // JSON in and out (library: simdjson, a private dependency that a static toon still needs).
  toon::result<toon::value> v = toon::from_json(R"({"id":1001,"customer":"Ada","items":[]})");
  expect(v.has_value() && toon::to_json(*v) == R"({"id":1001,"customer":"Ada","items":[]})", "from_json/to_json");

  // fmt integration (public dependency).
  const std::string formatted = fmt::format("{}", toon::as_toon(o));
  expect(formatted == expected, "fmt::format(toon::as_toon(order))", formatted);

  // Another translation unit using the library (header-only mode: its definitions are inline).
#ifndef TOON_CONSUMER_CORE_ONLY
  const std::string second = consumer_second_tu();
  expect(second == "tags[2]: a,b\nn: 3", "second translation unit", second);
#endif

#ifdef TOON_CONSUMER_EXPECTED_VERSION
  expect(toon::version == TOON_CONSUMER_EXPECTED_VERSION, "toon::version", toon::version);
#endif

  if (failures == 0) std::printf("consumer: toon %.*s OK\n", static_cast<int>(toon::version.size()), toon::version.data());
  return failures == 0 ? 0 : 1;
}
