// Properties of the typed layer over generated instances (rapidcheck):
//   - round trip: toon::decode<T>(toon::encode(x, o), d) == x for every delimiter and indent 2, 4;
//   - byte identity: toon::encode(x, o) == toon::encode(toon::to_value(x), o).
// Generators lean on TOON's hard cases: strings that need quoting (delimiters, colons,
// brackets, leading/trailing spaces, "-"/"#" prefixes, numeric-like, keywords, escapes,
// non-ASCII), extreme numbers, empty containers, missing optionals in table rows.
// Default runs use rapidcheck's 100 cases per property; RC_PARAMS="max_success=10000" runs more.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "toon/toon.hpp"

namespace prop {

enum class access_role { admin, staff, guest, service_account };

struct postal_address {
  std::string city;
  std::uint16_t zip;
  bool operator==(const postal_address&) const = default;
};
// 1. Table rows with a nested field group and an optional column.
struct employee {
  std::int32_t id;
  std::string name;
  double salary;
  bool active;
  access_role role;
  postal_address address;
  std::optional<std::int64_t> manager;
  bool operator==(const employee&) const = default;
};
struct staff_doc {
  std::vector<employee> employees;
  std::string title;
  bool operator==(const staff_doc&) const = default;
};

// 2. Orders: nested objects, arrays of structs inside list items, maps, optionals.
struct item {
  std::string sku;
  std::uint32_t qty;
  double price;
  bool operator==(const item&) const = default;
};
struct buyer {
  std::string name;
  std::optional<std::string> email;
  bool operator==(const buyer&) const = default;
};
struct order {
  std::uint64_t id;
  buyer customer;
  std::vector<item> items;
  std::map<std::string, std::int32_t> counters;
  std::optional<buyer> gift_to;
  bool operator==(const order&) const = default;
};

// 3. Configuration: keyed tables, fixed arrays, pairs, sets.
struct server {
  std::string host;
  std::uint16_t port;
  access_role access;
  bool operator==(const server&) const = default;
};
struct config {
  std::map<std::string, server> servers;
  std::vector<std::string> features;
  std::array<std::int32_t, 3> version;
  std::pair<std::string, double> threshold;
  std::set<std::string> tags;
  std::map<std::string, std::vector<std::int32_t>> ranges;
  bool operator==(const config&) const = default;
};

// 4. Events: variants, optional elements, time points.
using payload_t = std::variant<std::monostate, std::int64_t, double, std::string, bool>;
struct event {
  std::int64_t seq;
  payload_t payload;
  std::vector<std::optional<double>> samples;
  std::chrono::sys_time<std::chrono::milliseconds> at;
  bool operator==(const event&) const = default;
};
struct event_log {
  std::vector<event> events;
  std::optional<event> last;
  bool operator==(const event_log&) const = default;
};

// 5. Every arithmetic width at its extremes, chars, tuples, nested arrays.
struct numbers {
  std::int8_t i8;
  std::uint8_t u8;
  std::int16_t i16;
  std::uint16_t u16;
  std::int32_t i32;
  std::uint32_t u32;
  std::int64_t i64;
  std::uint64_t u64;
  float f32;
  double f64;
  char c;
  std::vector<std::vector<std::int64_t>> matrix;
  std::tuple<std::int32_t, std::string, bool> triple;
  bool operator==(const numbers&) const = default;
};
struct numbers_doc {
  std::vector<numbers> rows;
  numbers single;
  bool operator==(const numbers_doc&) const = default;
};

// ---- generators ------------------------------------------------------------------------------

// Strings a TOON encoder must quote or escape, mixed with plain and non-ASCII text.
rc::Gen<std::string> awkward_string() {
  static const std::vector<std::string> tricky = {
      "", " ", " lead", "trail ", "a,b", "a|b", "a\tb", "a:b", "key: value", "[1]", "{x}", "- item",
      "-", "#hash", "# comment", "true", "false", "null", "42", "-7", "1e5", "0.5", "05", "-0",
      "quote\"d", "back\\slash", "line\nbreak", "cr\rret", "caf\xC3\xA9", "\xE2\x9C\x93 ok",
      "\xF0\x9F\x98\x80", "\xEF\xBB\xBF" "bom", "a  b", "x]", "y}", "\"", "'"};
  const std::string alphabet = "abcXYZ019 ,|\t:-#[]{}\"\\\n.";
  return rc::gen::oneOf(
      rc::gen::elementOf(tricky),
      rc::gen::container<std::string>(rc::gen::elementOf(alphabet)),
      rc::gen::map(rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::inRange('a', 'z'))),
                   [](std::string s) { return s; }));
}

template <class T>
rc::Gen<T> extreme_int() {
  using L = std::numeric_limits<T>;
  return rc::gen::oneOf(rc::gen::arbitrary<T>(),
                        rc::gen::element<T>(L::min(), L::max(), T(0), T(1), static_cast<T>(L::max() - 1)));
}

rc::Gen<double> finite_double() {
  using L = std::numeric_limits<double>;
  return rc::gen::oneOf(
      rc::gen::suchThat(rc::gen::arbitrary<double>(), [](double d) { return std::isfinite(d); }),
      rc::gen::element(0.0, -0.0, 1e-7, 1e21, 1.5e300, -2.5e-300, L::max(), L::lowest(), L::min(),
                       L::denorm_min(), 0.1, 1.0 / 3.0, 9007199254740993.0));
}

rc::Gen<float> finite_float() {
  using L = std::numeric_limits<float>;
  return rc::gen::oneOf(
      rc::gen::suchThat(rc::gen::arbitrary<float>(), [](float f) { return std::isfinite(f); }),
      rc::gen::element(0.0f, L::max(), L::lowest(), L::min(), L::denorm_min(), 0.1f));
}

// rapidcheck's gen::maybe gives rc::Maybe; the structs hold std::optional.
template <class T>
rc::Gen<std::optional<T>> optional_of(rc::Gen<T> g) {
  return rc::gen::map(rc::gen::maybe(std::move(g)),
                      [](rc::Maybe<T> m) { return m ? std::optional<T>(std::move(*m)) : std::nullopt; });
}

template <class T>
rc::Gen<std::vector<T>> small_vector(rc::Gen<T> g) {
  return rc::gen::scale(0.3, rc::gen::container<std::vector<T>>(std::move(g)));
}

}  // namespace prop

namespace rc {

template <>
struct Arbitrary<prop::access_role> {
  static Gen<prop::access_role> arbitrary() {
    return gen::element(prop::access_role::admin, prop::access_role::staff, prop::access_role::guest, prop::access_role::service_account);
  }
};

template <>
struct Arbitrary<prop::staff_doc> {
  static Gen<prop::staff_doc> arbitrary() {
    using namespace prop;
    auto address_gen = gen::build<postal_address>(gen::set(&postal_address::city, awkward_string()),
                                           gen::set(&postal_address::zip, extreme_int<std::uint16_t>()));
    auto employee_gen = gen::build<employee>(
        gen::set(&employee::id, extreme_int<std::int32_t>()), gen::set(&employee::name, awkward_string()),
        gen::set(&employee::salary, finite_double()), gen::set(&employee::active),
        gen::set(&employee::role), gen::set(&employee::address, address_gen),
        gen::set(&employee::manager, optional_of(extreme_int<std::int64_t>())));
    return gen::build<staff_doc>(gen::set(&staff_doc::employees, small_vector(employee_gen)),
                                 gen::set(&staff_doc::title, awkward_string()));
  }
};

template <>
struct Arbitrary<prop::order> {
  static Gen<prop::order> arbitrary() {
    using namespace prop;
    auto customer_gen = gen::build<buyer>(gen::set(&buyer::name, awkward_string()),
                                             gen::set(&buyer::email, optional_of(awkward_string())));
    auto item_gen = gen::build<item>(gen::set(&item::sku, awkward_string()),
                                     gen::set(&item::qty, extreme_int<std::uint32_t>()),
                                     gen::set(&item::price, finite_double()));
    return gen::build<order>(
        gen::set(&order::id, extreme_int<std::uint64_t>()), gen::set(&order::customer, customer_gen),
        gen::set(&order::items, small_vector(item_gen)),
        gen::set(&order::counters, gen::scale(0.3, gen::container<std::map<std::string, std::int32_t>>(
                                                        awkward_string(), extreme_int<std::int32_t>()))),
        gen::set(&order::gift_to, optional_of(customer_gen)));
  }
};

template <>
struct Arbitrary<prop::config> {
  static Gen<prop::config> arbitrary() {
    using namespace prop;
    auto server_gen = gen::build<server>(gen::set(&server::host, awkward_string()),
                                         gen::set(&server::port, extreme_int<std::uint16_t>()),
                                         gen::set(&server::access));
    return gen::build<config>(
        gen::set(&config::servers,
                 gen::scale(0.3, gen::container<std::map<std::string, server>>(awkward_string(), server_gen))),
        gen::set(&config::features, small_vector(awkward_string())),
        gen::set(&config::version),
        gen::set(&config::threshold, gen::pair(awkward_string(), finite_double())),
        gen::set(&config::tags, gen::scale(0.3, gen::container<std::set<std::string>>(awkward_string()))),
        gen::set(&config::ranges, gen::scale(0.3, gen::container<std::map<std::string, std::vector<std::int32_t>>>(
                                                      awkward_string(), small_vector(gen::arbitrary<std::int32_t>())))));
  }
};

template <>
struct Arbitrary<prop::event_log> {
  static Gen<prop::event_log> arbitrary() {
    using namespace prop;
    auto payload_gen = gen::oneOf(
        gen::just(payload_t{}), gen::map(extreme_int<std::int64_t>(), [](std::int64_t i) { return payload_t{i}; }),
        // An integral double would come back as the integer alternative (untagged variants pick the
        // first alternative that accepts the number), so the double alternative holds fractions.
        gen::map(gen::suchThat(finite_double(), [](double d) { return d != std::trunc(d); }),
                 [](double d) { return payload_t{d}; }),
        gen::map(awkward_string(), [](std::string s) { return payload_t{std::move(s)}; }),
        gen::map(gen::arbitrary<bool>(), [](bool b) { return payload_t{b}; }));
    // Milliseconds within years 0001..9999.
    auto time_gen = gen::map(gen::inRange<std::int64_t>(-62135596800000, 253402300799999), [](std::int64_t ms) {
      return std::chrono::sys_time<std::chrono::milliseconds>(std::chrono::milliseconds(ms));
    });
    auto event_gen = gen::build<event>(gen::set(&event::seq, extreme_int<std::int64_t>()),
                                       gen::set(&event::payload, payload_gen),
                                       gen::set(&event::samples, small_vector(optional_of(finite_double()))),
                                       gen::set(&event::at, time_gen));
    return gen::build<event_log>(gen::set(&event_log::events, small_vector(event_gen)),
                                 gen::set(&event_log::last, optional_of(event_gen)));
  }
};

template <>
struct Arbitrary<prop::numbers_doc> {
  static Gen<prop::numbers_doc> arbitrary() {
    using namespace prop;
    auto char_gen = gen::oneOf(gen::inRange<char>(32, 127), gen::element('\n', '\t', '"', '\\', ',', ' '));
    auto numbers_gen = gen::build<numbers>(
        gen::set(&numbers::i8, extreme_int<std::int8_t>()), gen::set(&numbers::u8, extreme_int<std::uint8_t>()),
        gen::set(&numbers::i16, extreme_int<std::int16_t>()), gen::set(&numbers::u16, extreme_int<std::uint16_t>()),
        gen::set(&numbers::i32, extreme_int<std::int32_t>()), gen::set(&numbers::u32, extreme_int<std::uint32_t>()),
        gen::set(&numbers::i64, extreme_int<std::int64_t>()), gen::set(&numbers::u64, extreme_int<std::uint64_t>()),
        gen::set(&numbers::f32, finite_float()), gen::set(&numbers::f64, finite_double()),
        gen::set(&numbers::c, char_gen),
        gen::set(&numbers::matrix, small_vector(small_vector(extreme_int<std::int64_t>()))),
        gen::set(&numbers::triple, gen::tuple(gen::arbitrary<std::int32_t>(), awkward_string(), gen::arbitrary<bool>())));
    return gen::build<numbers_doc>(gen::set(&numbers_doc::rows, small_vector(numbers_gen)),
                                   gen::set(&numbers_doc::single, numbers_gen));
  }
};

}  // namespace rc

namespace prop {

const toon::delimiter delimiters[] = {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe};
const int indents[] = {2, 4};

// `absent_nulls_decode`: every member that can be null is optional, so that a document without
// the null members decodes back to x (a null std::monostate alternative is required).
template <class T>
void round_trips(const T& x, bool absent_nulls_decode = true) {
  for (toon::delimiter d : delimiters) {
    for (int indent : indents) {
      const toon::encode_options eo{indent, d};
      const std::string text = toon::encode(x, eo);
      // Byte-identical to encoding the equivalent toon::value.
      RC_ASSERT(text == toon::encode(toon::to_value(x), eo));
      toon::decode_options dopt;
      dopt.indent_size = indent;
      toon::result<T> back = toon::decode<T>(text, dopt);
      if (!back) RC_FAIL("decode failed: " + back.error().to_string() + "\n" + text);
      RC_ASSERT(*back == x);
    }
  }
  // With the omit options: still byte-identical to the toon::value path; leaving out null
  // members only, the text decodes back to x (an absent optional member is empty).
  for (toon::delimiter d : delimiters) {
    for (const auto& [omit_null, omit_empty] : {std::pair{true, false}, {false, true}, {true, true}}) {
      toon::encode_options eo{2, d};
      eo.omit_null = omit_null;
      eo.omit_empty = omit_empty;
      const std::string text = toon::encode(x, eo);
      RC_ASSERT(text == toon::encode(toon::to_value(x), eo));
      if (omit_empty || !absent_nulls_decode) continue;  // an empty container member is required
      toon::result<T> back = toon::decode<T>(text);
      if (!back) RC_FAIL("decode failed: " + back.error().to_string() + "\n" + text);
      RC_ASSERT(*back == x);
    }
  }
}

RC_GTEST_PROP(TypedProperty, EmployeesRoundTrip, (const staff_doc& x)) { round_trips(x); }
RC_GTEST_PROP(TypedProperty, OrdersRoundTrip, (const order& x)) { round_trips(x); }
RC_GTEST_PROP(TypedProperty, ConfigRoundTrip, (const config& x)) { round_trips(x); }
RC_GTEST_PROP(TypedProperty, EventsRoundTrip, (const event_log& x)) { round_trips(x, false); }
RC_GTEST_PROP(TypedProperty, NumbersRoundTrip, (const numbers_doc& x)) { round_trips(x); }

}  // namespace prop
