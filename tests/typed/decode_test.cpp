// Typed decoding: every row of the mapping table, from hand-written TOON in every form the
// spec allows (tables with nested field groups, expanded lists, list items with first-field
// forms, keyed tables, inline arrays, arrays of arrays, delimiters, comments, non-strict
// duplicates), toon::meta customizations, variants, decoding into existing objects and
// from_value.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "toon/typed/decode.hpp"

// Counts heap allocations while `counting` is set (the allocation test below).
namespace {
long allocations = 0;
bool counting = false;

void* counted_alloc(std::size_t n) {
  if (counting) ++allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
}  // namespace
void* operator new(std::size_t n) { return counted_alloc(n); }
void* operator new[](std::size_t n) { return counted_alloc(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace dt {

enum class color { red, green, blue };
enum class level { guest, power_user, admin };
enum class status { ok = 200, not_found = 404 };

struct point {
  int x;
  int y;
  friend bool operator==(const point&, const point&) = default;
};

struct home_address {
  std::string city;
  std::string zip;
};
struct person {
  int id;
  std::string name;
  home_address home;
};

struct server {
  std::string host;
  int port;
};
struct server_pair {
  server primary;
  server backup;
};
struct cluster {
  std::map<std::string, server> servers;
  int retries;
};

struct all_ints {
  std::int8_t i8;
  std::uint8_t u8;
  std::int16_t i16;
  std::uint16_t u16;
  std::int32_t i32;
  std::uint32_t u32;
  std::int64_t i64;
  std::uint64_t u64;
  short s;
  long l;
  unsigned long long ull;
  signed char sc;
  unsigned char uc;
};

struct numbers {
  float f;
  double d;
  long double ld;
};

struct profile {
  std::string name;
  std::optional<int> age;
  std::unique_ptr<std::string> nick;
  std::shared_ptr<point> home;
  int retries = 3;
  std::optional<std::string> note = "keep";
};

struct user_record {
  int user_id;
  std::string display_name;
  std::string email_address;
  std::string cache = "untouched";
};

class account {
 public:
  [[nodiscard]] int id() const { return id_; }
  [[nodiscard]] const std::string& name() const { return name_; }
  [[nodiscard]] const std::vector<std::string>& roles() const { return roles_; }

 private:
  int id_ = 0;
  std::string name_;
  std::vector<std::string> roles_;
  friend struct toon::meta<account>;
};

// Written as a string "units.cents CUR".
class price {
 public:
  price() = default;
  price(long cents, std::string currency) : cents_(cents), currency_(std::move(currency)) {}
  [[nodiscard]] long cents() const { return cents_; }
  [[nodiscard]] const std::string& currency() const { return currency_; }

 private:
  long cents_ = 0;
  std::string currency_;
};

// Written as an array of three channels.
struct rgb {
  int r = 0, g = 0, b = 0;
};

struct product {
  std::string item;
  price cost;
  rgb tint;
};

struct circle {
  double radius;
};
struct square {
  double side;
};
struct labelled {
  std::string text;
  int size;
};
struct drawing {
  std::vector<std::variant<circle, square>> shapes;
};

struct tree {
  int value;
  std::vector<tree> kids;
};

struct with_dynamic {
  std::string name;
  toon::value extra;
  toon::object attrs;
  toon::array list;
};

struct wide {
  int a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15;
};

#define DT_TEN(p) int p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7, p##8, p##9;
struct very_wide {
  DT_TEN(a) DT_TEN(b) DT_TEN(c) DT_TEN(d) DT_TEN(e) DT_TEN(f) DT_TEN(g)
  std::optional<int> last;
};
#undef DT_TEN

inline toon::error make_error(toon::error_code code, std::string message) {
  toon::error e;
  e.code = code;
  e.message = std::move(message);
  return e;
}

struct event {
  std::chrono::sys_seconds at;
  std::chrono::time_point<std::chrono::system_clock, std::chrono::milliseconds> ms;
  std::chrono::time_point<std::chrono::system_clock, std::chrono::nanoseconds> ns;
  std::chrono::sys_days day;
};

struct holder {
  std::vector<int> a;
  std::vector<bool> flags;
  std::set<std::string> tags;
};

struct team {
  std::vector<person> people;
};

struct row {
  int a;
  int b;
};

struct item {
  std::string name;
  std::optional<home_address> home;
  std::optional<std::vector<std::string>> tags;
  std::optional<std::vector<row>> rows;
  std::optional<std::vector<toon::value>> list;
};

struct pair_holder {
  server_pair servers;
  int retries;
};

struct matrix {
  std::vector<std::vector<double>> m;
};

struct profile_holder {
  profile p;
};

struct struct_list {
  std::vector<person> people;
};

struct state {
  std::vector<int> list{9, 9, 9};
  std::map<std::string, int> map;  // (a braced NSDMI here crashes GCC 12 inside Boost.PFR)
  std::set<int> set{7};
  std::optional<int> maybe = 5;
  int plain = 0;
  toon::value any = "old";
};

}  // namespace dt

template <>
struct toon::meta<dt::level> {
  static constexpr toon::naming naming = toon::naming::kebab_case;
};
template <>
struct toon::meta<dt::status> {
  static constexpr toon::enumerator<dt::status> enumerators[] = {{dt::status::ok, "OK"},
                                                                {dt::status::not_found, "Not Found"}};
};
template <>
struct toon::meta<dt::profile> {
  static constexpr std::string_view defaulted[] = {"retries", "note"};
};
template <>
struct toon::meta<dt::user_record> {
  static constexpr toon::naming naming = toon::naming::camel_case;
  static constexpr toon::renamed rename[] = {{"email_address", "email"}};
  static constexpr std::string_view skip[] = {"cache"};
};
template <>
struct toon::meta<dt::account> {
  static constexpr auto fields = std::tuple{toon::field("id", &dt::account::id_), toon::field("name", &dt::account::name_),
                                            toon::field("roles", &dt::account::roles_)};
};
template <>
struct toon::meta<dt::price> {
  using proxy = std::string;
  static std::string to_proxy(const dt::price& p) { return std::to_string(p.cents()) + " " + p.currency(); }
  static toon::result<dt::price> from_proxy(std::string&& s) {
    std::size_t space = s.find(' ');
    std::size_t dot = s.find('.');
    if (space == std::string::npos || dot == std::string::npos || dot > space)
      return dt::make_error(toon::error_code::type_mismatch, "expected a price like \"4.20 EUR\"");
    long units = std::stol(s.substr(0, dot));
    long cents = std::stol(s.substr(dot + 1, space - dot - 1));
    return dt::price(units * 100 + cents, s.substr(space + 1));
  }
};
template <>
struct toon::meta<dt::rgb> {
  using proxy = std::array<int, 3>;
  static std::array<int, 3> to_proxy(const dt::rgb& c) { return {c.r, c.g, c.b}; }
  static toon::result<dt::rgb> from_proxy(std::array<int, 3>&& a) {
    for (int v : a)
      if (v < 0 || v > 255) return dt::make_error(toon::error_code::out_of_range, "channel outside 0..255");
    return dt::rgb{a[0], a[1], a[2]};
  }
};
template <>
struct toon::meta<dt::circle> {
  static constexpr std::string_view tag_key = "kind";
};
template <>
struct toon::meta<dt::square> {
  static constexpr std::string_view tag_key = "kind";
};
template <>
struct toon::meta<dt::labelled> {
  static constexpr std::string_view tag = "label";
};

namespace {

using namespace dt;

template <class T>
T ok(std::string_view text, const toon::decode_options& options = {}) {
  toon::result<T> r = toon::decode<T>(text, options);
  EXPECT_TRUE(r.has_value()) << text << "\n-> " << (r.has_value() ? "" : r.error().to_string());
  if (!r.has_value()) return T{};
  return std::move(*r);
}

// ---- primitives -------------------------------------------------------------------------------

TEST(TypedDecode, RootPrimitives) {
  EXPECT_EQ(ok<bool>("true"), true);
  EXPECT_EQ(ok<bool>("false"), false);
  EXPECT_EQ(ok<char>("x"), 'x');
  EXPECT_EQ(ok<char>("\",\""), ',');
  EXPECT_EQ(ok<int>("-42"), -42);
  EXPECT_EQ(ok<std::string>("hello world"), "hello world");
  EXPECT_EQ(ok<std::string>("\"a: b, c\""), "a: b, c");
  EXPECT_EQ(ok<std::string>("\"\""), "");
  EXPECT_EQ(ok<std::string>("\"42\""), "42");
  EXPECT_EQ(ok<std::nullptr_t>("null"), nullptr);
  EXPECT_EQ(ok<std::monostate>("null"), std::monostate{});
  EXPECT_EQ(ok<double>("0.1"), 0.1);
}

TEST(TypedDecode, IntegersOfEveryWidthAtTheirLimits) {
  all_ints v = ok<all_ints>(
      "i8: -128\nu8: 255\ni16: -32768\nu16: 65535\ni32: -2147483648\nu32: 4294967295\n"
      "i64: -9223372036854775808\nu64: 18446744073709551615\ns: 32767\nl: 9223372036854775807\n"
      "ull: 18446744073709551615\nsc: 127\nuc: 0");
  EXPECT_EQ(v.i8, -128);
  EXPECT_EQ(v.u8, 255);
  EXPECT_EQ(v.i16, -32768);
  EXPECT_EQ(v.u16, 65535);
  EXPECT_EQ(v.i32, std::numeric_limits<std::int32_t>::min());
  EXPECT_EQ(v.u32, 4294967295u);
  EXPECT_EQ(v.i64, std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(v.u64, std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(v.s, 32767);
  EXPECT_EQ(v.l, std::numeric_limits<long>::max());
  EXPECT_EQ(v.ull, std::numeric_limits<unsigned long long>::max());
  EXPECT_EQ(v.sc, 127);
  EXPECT_EQ(v.uc, 0);
}

TEST(TypedDecode, IntegralDecimalsIntoIntegers) {
  EXPECT_EQ(ok<int>("1e3"), 1000);
  EXPECT_EQ(ok<int>("-2.0"), -2);
  EXPECT_EQ(ok<std::uint8_t>("2.5e2"), 250);
  EXPECT_EQ(ok<std::uint64_t>("1e19"), 10000000000000000000ull);
  EXPECT_EQ(ok<std::int64_t>("-0.0"), 0);
}

TEST(TypedDecode, FloatingPointFromEveryNumberEvent) {
  numbers n = ok<numbers>("f: 1.5\nd: -3\nld: 2.25");
  EXPECT_EQ(n.f, 1.5f);
  EXPECT_EQ(n.d, -3.0);
  EXPECT_EQ(n.ld, 2.25L);
  EXPECT_EQ(ok<double>("18446744073709551615"), 18446744073709551615.0);
  EXPECT_DOUBLE_EQ(ok<double>("123456789012345678901234567890"), 1.2345678901234568e29);
  EXPECT_FLOAT_EQ(ok<float>("3.4e38"), 3.4e38f);
  EXPECT_EQ(ok<float>("1e-50"), 0.0f);
}

TEST(TypedDecode, Enums) {
  EXPECT_EQ(ok<color>("green"), color::green);
  EXPECT_EQ(ok<color>("2"), color::blue);  // the number of a named enumerator
  EXPECT_EQ(ok<level>("power-user"), level::power_user);
  EXPECT_EQ(ok<status>("Not Found"), status::not_found);
  EXPECT_EQ(ok<status>("OK"), status::ok);
  EXPECT_EQ(ok<std::vector<color>>("[3]: red,blue,green"),
            (std::vector<color>{color::red, color::blue, color::green}));
}

TEST(TypedDecode, TimePoints) {
  using namespace std::chrono;
  event e = ok<event>(
      "at: 2025-03-01T12:00:00Z\nms: \"2025-03-01T12:00:00.123Z\"\nns: 2025-03-01T14:00:00.000000001+02:00\n"
      "day: 2025-03-01T23:59:59Z");
  const sys_seconds noon = sys_days{year{2025} / 3 / 1} + hours{12};
  EXPECT_EQ(e.at, noon);
  EXPECT_EQ(e.ms, noon + milliseconds{123});
  EXPECT_EQ(e.ns, noon + nanoseconds{1});
  EXPECT_EQ(e.day, sys_days{year{2025} / 3 / 1});
  EXPECT_EQ(ok<sys_seconds>("\"1969-12-31T23:59:59.5Z\""), sys_seconds{seconds{-1}});
  EXPECT_EQ(ok<system_clock::time_point>("\"1970-01-01T00:00:01Z\""), system_clock::time_point{seconds{1}});
}

// ---- objects, optionals, pointers, defaulted fields ---------------------------------------------

TEST(TypedDecode, NestedObjects) {
  person p = ok<person>("id: 1\nname: Ada\nhome:\n  city: London\n  zip: N1");
  EXPECT_EQ(p.id, 1);
  EXPECT_EQ(p.name, "Ada");
  EXPECT_EQ(p.home.city, "London");
  EXPECT_EQ(p.home.zip, "N1");
  // Keys in any order.
  person q = ok<person>("home:\n  zip: \"75001\"\n  city: Paris\nname: Bob\nid: 2");
  EXPECT_EQ(q.home.zip, "75001");
  EXPECT_EQ(q.id, 2);
}

TEST(TypedDecode, OptionalsPointersAndDefaulted) {
  profile a = ok<profile>("name: Ada");
  EXPECT_FALSE(a.age.has_value());
  EXPECT_EQ(a.nick, nullptr);
  EXPECT_EQ(a.home, nullptr);
  EXPECT_EQ(a.retries, 3);
  EXPECT_EQ(a.note, "keep");

  profile b = ok<profile>("name: Bob\nage: 36\nnick: bobby\nhome:\n  x: 1\n  y: 2\nretries: 5\nnote: null");
  EXPECT_EQ(b.age, 36);
  ASSERT_NE(b.nick, nullptr);
  EXPECT_EQ(*b.nick, "bobby");
  ASSERT_NE(b.home, nullptr);
  EXPECT_EQ(b.home->y, 2);
  EXPECT_EQ(b.retries, 5);
  EXPECT_FALSE(b.note.has_value());

  profile c = ok<profile>("name: C\nage: null\nnick: null\nhome: null");
  EXPECT_FALSE(c.age.has_value());
  EXPECT_EQ(c.nick, nullptr);
  EXPECT_EQ(c.home, nullptr);

  EXPECT_EQ(ok<std::optional<int>>("null"), std::nullopt);
  EXPECT_EQ(ok<std::optional<int>>("7"), 7);
  EXPECT_EQ(*ok<std::unique_ptr<std::vector<int>>>("[2]: 1,2"), (std::vector<int>{1, 2}));
}

TEST(TypedDecode, EmptyDocumentIsAnEmptyObject) {
  EXPECT_TRUE((ok<std::map<std::string, int>>("").empty()));
  profile p;
  toon::result<profile> r = toon::decode<profile>("");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::missing_field);
  EXPECT_EQ(r.error().path, "name");
}

TEST(TypedDecode, DynamicValues) {
  with_dynamic w = ok<with_dynamic>(
      "name: x\nextra:\n  a[2]: 1,two\n  b: null\nattrs:\n  k: v\nlist[3]: 1,true,\"s\"");
  EXPECT_EQ(w.extra, toon::decode("a[2]: 1,two\nb: null").value());
  EXPECT_EQ(w.attrs, (toon::object{{"k", "v"}}));
  EXPECT_EQ(w.list, (toon::array{1, true, "s"}));
  EXPECT_EQ(ok<toon::value>("a: 1"), toon::decode("a: 1").value());
  toon::result<toon::value> plain = toon::decode("a: 1");  // the non-template overload
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(ok<toon::value>("99999999999999999999999"), toon::value(toon::big_integer{"99999999999999999999999"}));
}

// A toon::value member that already holds something (a repeated key, non-strict mode) is
// replaced by each kind of primitive; a list's primitives of every kind.
TEST(TypedDecode, DynamicValueReplacedByEveryPrimitive) {
  toon::decode_options lax;
  lax.strict = false;
  const std::string long1 = "a string past the small buffer";
  const std::pair<std::string, toon::value> cases[] = {
      {"null", toon::value()},
      {"true", toon::value(true)},
      {"-7", toon::value(-7)},
      {"18446744073709551615", toon::value(UINT64_MAX)},
      {"0.25", toon::value(0.25)},
      {"123456789012345678901234567890", toon::value(toon::big_integer{"123456789012345678901234567890"})},
      {"short", toon::value("short")},
      {long1, toon::value(long1)},
  };
  for (const auto& [text, want] : cases) {
    for (const std::string& before : {std::string("extra[2]: 1,") + long1, "extra:\n  k: " + long1, "extra: " + long1}) {
      with_dynamic w = ok<with_dynamic>("name: n\n" + before + "\nextra: " + text + "\nattrs:\nlist[0]:", lax);
      EXPECT_EQ(w.extra, want) << before << " / " << text;
      EXPECT_EQ(w.extra.type(), want.type()) << before << " / " << text;
    }
  }
  with_dynamic w = ok<with_dynamic>("name: n\nextra: 1\nattrs:\nlist[4]: null,-1.5," + long1 + ",99999999999999999999");
  EXPECT_EQ(w.list, (toon::array{nullptr, -1.5, long1, toon::big_integer{"99999999999999999999"}}));
}

// ---- containers ---------------------------------------------------------------------------------

TEST(TypedDecode, SequencesAndSets) {
  EXPECT_EQ(ok<std::vector<int>>("[3]: 1,2,3"), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(ok<std::deque<std::string>>("[2]: a,\"b c\""), (std::deque<std::string>{"a", "b c"}));
  EXPECT_EQ(ok<std::list<double>>("[2]: 1.5,2"), (std::list<double>{1.5, 2}));
  EXPECT_EQ(ok<std::vector<bool>>("[4]: true,false,false,true"), (std::vector<bool>{true, false, false, true}));
  EXPECT_EQ(ok<std::set<int>>("[4]: 3,1,3,2"), (std::set<int>{1, 2, 3}));
  EXPECT_EQ(ok<std::unordered_set<std::string>>("[2]: a,b"), (std::unordered_set<std::string>{"a", "b"}));
  EXPECT_EQ(ok<std::vector<int>>("[0]:"), std::vector<int>{});
  EXPECT_EQ(ok<std::vector<int>>("[]"), std::vector<int>{});
  holder h = ok<holder>("a[0]:\nflags[2]: true,false\ntags[2]: x,y");
  EXPECT_TRUE(h.a.empty());
  EXPECT_EQ(h.flags, (std::vector<bool>{true, false}));
  EXPECT_EQ(h.tags, (std::set<std::string>{"x", "y"}));
  // Expanded list forms of primitives and of booleans.
  EXPECT_EQ(ok<std::vector<bool>>("[2]:\n  - true\n  - false"), (std::vector<bool>{true, false}));
}

TEST(TypedDecode, FixedArraysAndTuples) {
  EXPECT_EQ((ok<std::array<int, 3>>("[3]: 1,2,3")), (std::array<int, 3>{1, 2, 3}));
  EXPECT_EQ((ok<std::pair<std::string, int>>("[2]: a,1")), (std::pair<std::string, int>{"a", 1}));
  EXPECT_EQ((ok<std::tuple<int, std::string, bool>>("[3]: 1,x,true")), (std::tuple<int, std::string, bool>{1, "x", true}));
  EXPECT_EQ((ok<std::tuple<>>("[0]:")), std::tuple<>{});
  EXPECT_EQ((ok<std::array<bool, 2>>("[2]: true,false")), (std::array<bool, 2>{true, false}));
}

TEST(TypedDecode, Maps) {
  auto m = ok<std::map<std::string, int>>("b: 2\na: 1\n\"x y\": 3");
  EXPECT_EQ(m, (std::map<std::string, int>{{"a", 1}, {"b", 2}, {"x y", 3}}));
  auto u = ok<std::unordered_map<std::string, std::vector<int>>>("p[2]: 1,2\nq[0]:");
  EXPECT_EQ(u.at("p"), (std::vector<int>{1, 2}));
  EXPECT_TRUE(u.at("q").empty());
  auto nested = ok<std::map<std::string, std::map<std::string, point>>>("outer:\n  inner:\n    x: 1\n    y: 2");
  EXPECT_EQ(nested["outer"]["inner"].y, 2);
}

// ---- every TOON form ------------------------------------------------------------------------------

TEST(TypedDecode, TabularWithNestedFieldGroups) {
  auto people = ok<std::vector<person>>(
      "[2]{id,name,home{city,zip}}:\n"
      "  1,Ada,London,N1\n"
      "  2,Bob,Paris,\"75001\"");
  ASSERT_EQ(people.size(), 2u);
  EXPECT_EQ(people[0].home.city, "London");
  EXPECT_EQ(people[1].home.zip, "75001");
  // Header order differs from declaration order.
  team t = ok<team>("people[1]{home{zip,city},name,id}:\n  N1,London,Ada,1");
  ASSERT_EQ(t.people.size(), 1u);
  EXPECT_EQ(t.people[0].home.city, "London");
  EXPECT_EQ(t.people[0].id, 1);
}

TEST(TypedDecode, ExpandedListOfObjects) {
  auto people = ok<std::vector<person>>(
      "[2]:\n"
      "  - id: 1\n"
      "    name: Ada\n"
      "    home:\n"
      "      city: London\n"
      "      zip: N1\n"
      "  - name: Bob\n"
      "    home:\n"
      "      city: Paris\n"
      "      zip: P\n"
      "    id: 2");
  ASSERT_EQ(people.size(), 2u);
  EXPECT_EQ(people[0].home.zip, "N1");
  EXPECT_EQ(people[1].id, 2);
}

TEST(TypedDecode, ListItemsWithFirstFieldForms) {
  auto items = ok<std::vector<item>>(
      "[4]:\n"
      "  - home:\n"
      "      city: London\n"
      "      zip: N1\n"
      "    name: Ada\n"
      "  - tags[2]: a,b\n"
      "    name: Bob\n"
      "  - rows[2]{a,b}:\n"
      "      1,2\n"
      "      3,4\n"
      "    name: C\n"
      "  - list[2]:\n"
      "      - [2]: 1,2\n"
      "      - x: 1\n"
      "    name: D");
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(items[0].home->city, "London");
  EXPECT_EQ(items[0].name, "Ada");
  EXPECT_EQ(*items[1].tags, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ((*items[2].rows)[1].b, 4);
  EXPECT_EQ((*items[3].list)[0], (toon::array{1, 2}));
  EXPECT_EQ(items[3].name, "D");
}

TEST(TypedDecode, KeyedTableIntoMapAndIntoAggregate) {
  const char* text =
      "servers[2:]{host,port}:\n"
      "  primary: 10.0.0.1,8080\n"
      "  backup: 10.0.0.2,8081\n"
      "retries: 3";
  cluster c = ok<cluster>(text);
  ASSERT_EQ(c.servers.size(), 2u);
  EXPECT_EQ(c.servers["primary"].host, "10.0.0.1");
  EXPECT_EQ(c.servers["backup"].port, 8081);
  EXPECT_EQ(c.retries, 3);

  pair_holder p = ok<pair_holder>(text);
  EXPECT_EQ(p.servers.primary.port, 8080);
  EXPECT_EQ(p.servers.backup.host, "10.0.0.2");

  // A keyed root table, and nested groups in keyed rows.
  server_pair root = ok<server_pair>("[2:]{host,port}:\n  backup: b,2\n  primary: a,1");
  EXPECT_EQ(root.primary.host, "a");
  EXPECT_EQ(root.backup.port, 2);
  auto people = ok<std::map<std::string, person>>("[1:]{id,name,home{city,zip}}:\n  ada: 1,Ada,London,N1");
  EXPECT_EQ(people["ada"].home.zip, "N1");
}

TEST(TypedDecode, ArraysOfArrays) {
  const char* text = "[2]:\n  - [2]: 1,2\n  - [2]: 3,4";
  EXPECT_EQ(ok<std::vector<std::vector<int>>>(text), (std::vector<std::vector<int>>{{1, 2}, {3, 4}}));
  EXPECT_EQ((ok<std::array<std::array<int, 2>, 2>>(text)), (std::array<std::array<int, 2>, 2>{{{1, 2}, {3, 4}}}));
  EXPECT_EQ((ok<std::vector<std::pair<int, int>>>(text)), (std::vector<std::pair<int, int>>{{1, 2}, {3, 4}}));
  matrix mx = ok<matrix>("m[3]:\n  - [2]: 1,2\n  - [0]:\n  - []");
  ASSERT_EQ(mx.m.size(), 3u);
  EXPECT_TRUE(mx.m[1].empty());
  EXPECT_TRUE(mx.m[2].empty());
  // Mixed: an array of arrays of objects.
  auto nested = ok<std::vector<std::vector<point>>>("[1]:\n  - [2]:\n    - x: 1\n      y: 2\n    - x: 3\n      y: 4");
  EXPECT_EQ(nested[0][1].x, 3);
}

TEST(TypedDecode, TabAndPipeDelimiters) {
  EXPECT_EQ(ok<std::vector<std::string>>("[3|]: a|b,c|d"), (std::vector<std::string>{"a", "b,c", "d"}));
  EXPECT_EQ(ok<std::vector<int>>("[3\t]: 1\t2\t3"), (std::vector<int>{1, 2, 3}));
  auto rows = ok<std::vector<person>>("[2|]{id|name|home{city|zip}}:\n  1|A,B|L|N1\n  2|C|P|Z");
  EXPECT_EQ(rows[0].name, "A,B");
  EXPECT_EQ(rows[1].home.zip, "Z");
  auto tabbed = ok<std::vector<point>>("[2\t]{x\ty}:\n  1\t2\n  3\t4");
  EXPECT_EQ(tabbed[1].y, 4);
  cluster c = ok<cluster>("servers[1:|]{host|port}:\n  a: h|1\nretries: 0");
  EXPECT_EQ(c.servers["a"].port, 1);
}

TEST(TypedDecode, NonStrictDuplicateKeysLastWins) {
  toon::decode_options lax;
  lax.strict = false;
  EXPECT_EQ(ok<point>("x: 1\ny: 2\nx: 3", lax).x, 3);
  auto m = ok<std::map<std::string, std::vector<int>>>("a[2]: 1,2\na[1]: 3", lax);
  EXPECT_EQ(m["a"], (std::vector<int>{3}));
  // A repeated nested object replaces the earlier one entirely.
  profile_holder h = ok<profile_holder>("p:\n  name: A\n  age: 3\np:\n  name: B", lax);
  EXPECT_EQ(h.p.name, "B");
  EXPECT_FALSE(h.p.age.has_value());
  with_dynamic w = ok<with_dynamic>("name: n\nextra: 1\nattrs:\n  k: 1\n  k: 2\nlist[0]:", lax);
  EXPECT_EQ(w.attrs, (toon::object{{"k", 2}}));
}

TEST(TypedDecode, Comments) {
  person p = ok<person>(
      "# a person\n"
      "id: 1\n"
      "  # indented comment\n"
      "name: Ada\n"
      "home:\n"
      "  # inside\n"
      "  city: L\n"
      "  zip: Z");
  EXPECT_EQ(p.home.city, "L");
  auto v = ok<std::vector<point>>("[2]{x,y}:\n  # a row comment\n  1,2\n  3,4");
  EXPECT_EQ(v.size(), 2u);
}

TEST(TypedDecode, RecursiveTypes) {
  tree u = ok<tree>(
      "value: 1\n"
      "kids[1]:\n"
      "  - value: 2\n"
      "    kids[1]:\n"
      "      - value: 3\n"
      "        kids[0]:");
  ASSERT_EQ(u.kids.size(), 1u);
  ASSERT_EQ(u.kids[0].kids.size(), 1u);
  EXPECT_EQ(u.kids[0].kids[0].value, 3);
}

TEST(TypedDecode, ManyFields) {
  wide w = ok<wide>(
      "a0: 0\na1: 1\na2: 2\na3: 3\na4: 4\na5: 5\na6: 6\na7: 7\na8: 8\na9: 9\na10: 10\na11: 11\na12: 12\n"
      "a13: 13\na15: 15\na14: 14");
  EXPECT_EQ(w.a14, 14);
  EXPECT_EQ(w.a15, 15);

  std::string text;
  for (char p : std::string("abcdefg"))
    for (int i = 9; i >= 0; --i) text += std::string(1, p) + std::to_string(i) + ": " + std::to_string(i) + "\n";
  text += "last: 70";
  very_wide v = ok<very_wide>(text);
  EXPECT_EQ(v.a9, 9);
  EXPECT_EQ(v.g3, 3);
  EXPECT_EQ(v.last, 70);
  toon::result<very_wide> missing = toon::decode<very_wide>("a0: 1");
  ASSERT_FALSE(missing.has_value());
  EXPECT_EQ(missing.error().path, "a1");
}

// Keys of types of more than 12 fields go through a perfect hash made at compile time (or,
// for names alike in the bytes it reads, a binary search): every key in any order, unknown
// keys that land on a used slot, and names differing in one byte.
struct hashed_wide {
  int id, name, email, department, age, salary, active, hired, city, country, zip, phone, title, team;
};
struct alike_wide {  // alpha_12 and alpha_22: same length, first, second, middle and last bytes
  int alpha_1, alpha_2, alpha_11, alpha_12, alpha_21, alpha_22, beta_1, beta_2, beta_11, beta_12, beta_21, beta_22, gamma;
};

TEST(TypedDecode, ManyFieldsHashed) {
  static_assert(toon::detail::object_table<hashed_wide>::perfect_hash.perfect);
  static_assert(!toon::detail::object_table<alike_wide>::perfect_hash.perfect);
  const std::vector<std::string> names = {"id", "name", "email", "department", "age", "salary", "active",
                                          "hired", "city", "country", "zip", "phone", "title", "team"};
  std::string reversed;
  for (std::size_t i = names.size(); i-- > 0;) reversed += names[i] + ": " + std::to_string(i * 3) + "\n";
  hashed_wide h = ok<hashed_wide>(reversed);
  EXPECT_EQ(h.id, 0);
  EXPECT_EQ(h.department, 9);
  EXPECT_EQ(h.hired, 21);
  EXPECT_EQ(h.team, 39);
  for (const char* unknown : {"ids", "nam", "Name", "emaill", "tean", "", "x", "departmenu"}) {
    std::string text = reversed + "\"" + std::string(unknown) + "\": 1\n";
    toon::result<hashed_wide> r = toon::decode<hashed_wide>(text);
    ASSERT_FALSE(r.has_value()) << unknown;
    EXPECT_EQ(r.error().code, toon::error_code::unknown_field) << unknown;
    EXPECT_EQ(r.error().line, 15u) << unknown;
  }

  alike_wide a = ok<alike_wide>(
      "gamma: 13\nbeta_22: 12\nalpha_22: 6\nalpha_12: 4\nbeta_12: 10\nalpha_1: 1\nalpha_2: 2\n"
      "alpha_11: 3\nalpha_21: 5\nbeta_1: 7\nbeta_2: 8\nbeta_11: 9\nbeta_21: 11");
  EXPECT_EQ(a.alpha_12, 4);
  EXPECT_EQ(a.alpha_22, 6);
  EXPECT_EQ(a.beta_22, 12);
  EXPECT_EQ(a.gamma, 13);
  toon::result<alike_wide> r = toon::decode<alike_wide>("alpha_32: 1");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::unknown_field);

  // Table columns in declaration order (the direct row path) and shuffled.
  std::string table = "rows[2]{";
  for (std::size_t i = 0; i < names.size(); ++i) table += (i ? "," : "") + names[i];
  table += "}:\n  1,2,3,4,5,6,7,8,9,10,11,12,13,14\n  15,16,17,18,19,20,21,22,23,24,25,26,27,28\n";
  struct rows_doc {
    std::vector<hashed_wide> rows;
  };
  rows_doc t = ok<rows_doc>(table);
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0].id, 1);
  EXPECT_EQ(t.rows[1].team, 28);
  rows_doc u = ok<rows_doc>("rows[1]{team,id,zip}:\n  1,2,3\n", [] {
    toon::decode_options o;
    o.all_defaulted = true;
    return o;
  }());
  EXPECT_EQ(u.rows[0].team, 1);
  EXPECT_EQ(u.rows[0].id, 2);
  EXPECT_EQ(u.rows[0].zip, 3);
}

// ---- toon::meta ---------------------------------------------------------------------------------

TEST(TypedDecode, MetaNamingRenameSkip) {
  user_record u = ok<user_record>("userId: 7\ndisplayName: Ada\nemail: a@b.c");
  EXPECT_EQ(u.user_id, 7);
  EXPECT_EQ(u.display_name, "Ada");
  EXPECT_EQ(u.email_address, "a@b.c");
  EXPECT_EQ(u.cache, "untouched");
  toon::result<user_record> skipped = toon::decode<user_record>("userId: 7\ndisplayName: Ada\nemail: e\ncache: x");
  ASSERT_FALSE(skipped.has_value());
  EXPECT_EQ(skipped.error().code, toon::error_code::unknown_field);
}

TEST(TypedDecode, MetaFieldsOfAClass) {
  account a = ok<account>("id: 3\nname: root\nroles[2]: admin,ops");
  EXPECT_EQ(a.id(), 3);
  EXPECT_EQ(a.name(), "root");
  EXPECT_EQ(a.roles(), (std::vector<std::string>{"admin", "ops"}));
  auto list = ok<std::vector<account>>("[1]:\n  - id: 1\n    name: a\n    roles[0]:");
  EXPECT_EQ(list[0].name(), "a");
}

TEST(TypedDecode, MetaProxies) {
  product p = ok<product>("item: tea\ncost: 3.05 GBP\ntint[3]: 1,2,3");
  EXPECT_EQ(p.cost.cents(), 305);
  EXPECT_EQ(p.cost.currency(), "GBP");
  EXPECT_EQ(p.tint.g, 2);
  auto prices = ok<std::vector<price>>("[2]: 1.00 EUR,2.50 USD");
  EXPECT_EQ(prices[1].cents(), 250);
  auto tints = ok<std::vector<rgb>>("[2]:\n  - [3]: 1,2,3\n  - [3]: 4,5,6");
  EXPECT_EQ(tints[1].b, 6);
  auto maybe = ok<std::optional<rgb>>("[3]: 7,8,9");
  EXPECT_EQ(maybe->r, 7);
}

// ---- variants -------------------------------------------------------------------------------------

TEST(TypedDecode, PrimitiveVariants) {
  using v = std::variant<std::nullptr_t, bool, std::int64_t, double, std::string>;
  EXPECT_EQ(ok<v>("5"), v(std::int64_t{5}));
  EXPECT_EQ(ok<v>("2.5"), v(2.5));
  EXPECT_EQ(ok<v>("x"), v(std::string("x")));
  EXPECT_EQ(ok<v>("true"), v(true));
  EXPECT_EQ(ok<v>("null"), v(nullptr));
  EXPECT_EQ(ok<v>("\"5\""), v(std::string("5")));

  // An integer goes to an integer alternative before a floating one, whatever their order.
  EXPECT_EQ((ok<std::variant<double, int>>("5").index()), 1u);
  EXPECT_EQ((ok<std::variant<double, int>>("5.5").index()), 0u);
}

TEST(TypedDecode, StringVariantsPreferStringThenEnumThenTimeThenChar) {
  using namespace std::chrono;
  EXPECT_EQ((ok<std::variant<color, std::string>>("green").index()), 1u);
  EXPECT_EQ((ok<std::variant<color, int>>("green")), (std::variant<color, int>(color::green)));
  EXPECT_EQ((ok<std::variant<int, color>>("1").index()), 0u);
  using tv = std::variant<char, sys_seconds, color>;
  EXPECT_EQ(ok<tv>("blue"), tv(color::blue));
  EXPECT_EQ(ok<tv>("\"2025-01-01T00:00:00Z\"").index(), 1u);
  EXPECT_EQ(ok<tv>("q"), tv('q'));
  EXPECT_EQ((ok<std::variant<std::optional<int>, std::string>>("null").index()), 0u);
}

TEST(TypedDecode, ContainerVariants) {
  using v = std::variant<int, std::vector<int>, std::map<std::string, int>>;
  EXPECT_EQ(ok<v>("[2]: 1,2"), v(std::vector<int>{1, 2}));
  EXPECT_EQ(ok<v>("a: 1"), v(std::map<std::string, int>{{"a", 1}}));
  EXPECT_EQ(ok<v>("3"), v(3));
  using any = std::variant<std::string, toon::value>;
  EXPECT_EQ(ok<any>("[1]: 1"), any(toon::value(toon::array{1})));
  EXPECT_EQ(ok<any>("s"), any(std::string("s")));
}

TEST(TypedDecode, TaggedVariantsTagFirst) {
  drawing d = ok<drawing>(
      "shapes[2]:\n"
      "  - kind: circle\n"
      "    radius: 1.5\n"
      "  - kind: square\n"
      "    side: 2");
  ASSERT_EQ(d.shapes.size(), 2u);
  EXPECT_EQ(std::get<circle>(d.shapes[0]).radius, 1.5);
  EXPECT_EQ(std::get<square>(d.shapes[1]).side, 2);
  // As table rows.
  auto rows = ok<std::vector<std::variant<circle, square>>>("[2]{kind,radius}:\n  circle,1\n  circle,2");
  EXPECT_EQ(std::get<circle>(rows[1]).radius, 2);
  // Default tag key and tag values.
  using shape = std::variant<point, labelled>;
  EXPECT_EQ(std::get<point>(ok<shape>("type: point\nx: 1\ny: 2")).y, 2);
  EXPECT_EQ(std::get<labelled>(ok<shape>("type: label\ntext: hi\nsize: 3")).text, "hi");
}

TEST(TypedDecode, TaggedVariantsTagNotFirst) {
  drawing d = ok<drawing>(
      "shapes[3]:\n"
      "  - radius: 1.5\n"
      "    kind: circle\n"
      "  - side: 2\n"
      "    kind: square\n"
      "  - kind: circle\n"
      "    radius: 3");
  ASSERT_EQ(d.shapes.size(), 3u);
  EXPECT_EQ(std::get<circle>(d.shapes[0]).radius, 1.5);
  EXPECT_EQ(std::get<square>(d.shapes[1]).side, 2);
  EXPECT_EQ(std::get<circle>(d.shapes[2]).radius, 3);
  auto rows = ok<std::vector<std::variant<circle, square>>>("[2]{side,kind}:\n  1,square\n  2,square");
  EXPECT_EQ(std::get<square>(rows[1]).side, 2);
  // Nested content in the buffered object.
  using shape = std::variant<point, person>;
  shape s = ok<shape>("id: 1\nname: A\nhome:\n  city: c\n  zip: z\ntype: person");
  EXPECT_EQ(std::get<person>(s).home.zip, "z");
}

TEST(TypedDecode, VariantObjectsWithoutTag) {
  using v = std::variant<point, std::map<std::string, int>>;
  EXPECT_EQ(ok<v>("a: 1\nb: 2"), v(std::map<std::string, int>{{"a", 1}, {"b", 2}}));
  EXPECT_EQ(ok<v>("type: point\nx: 1\ny: 2").index(), 0u);
  // An empty object goes to the map alternative.
  EXPECT_EQ(ok<v>(""), v(std::map<std::string, int>{}));
  using dyn = std::variant<point, toon::value>;
  EXPECT_EQ(ok<dyn>("q: 1"), dyn(toon::value(toon::object{{"q", 1}})));
}

// ---- decoding into existing objects, from_value --------------------------------------------------

TEST(TypedDecode, IntoExistingObjectClearsContainers) {
  state s;
  s.map["old"] = 1;
  toon::result<void> r = toon::decode("list[2]: 1,2\nmap:\n  new: 2\nset[1]: 3\nplain: 4\nany[1]: x", s);
  ASSERT_TRUE(r.has_value()) << r.error().to_string();
  EXPECT_EQ(s.list, (std::vector<int>{1, 2}));
  EXPECT_EQ(s.map, (std::map<std::string, int>{{"new", 2}}));
  EXPECT_EQ(s.set, (std::set<int>{3}));
  EXPECT_EQ(s.maybe, 5);  // absent: kept
  EXPECT_EQ(s.plain, 4);
  EXPECT_EQ(s.any, (toon::value(toon::array{"x"})));

  profile p;
  p.name = "old";
  p.retries = 9;
  ASSERT_TRUE(toon::decode("name: new", p, {}).has_value());
  EXPECT_EQ(p.name, "new");
  EXPECT_EQ(p.retries, 9);

  std::vector<point> v{{1, 1}};
  ASSERT_TRUE(toon::decode("[1]{x,y}:\n  5,6", v).has_value());
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].x, 5);
}

TEST(TypedDecode, DecodeOrThrow) {
  EXPECT_EQ(toon::decode_or_throw<point>("x: 1\ny: 2").y, 2);
  EXPECT_THROW((void)toon::decode_or_throw<point>("x: 1"), toon::toon_error);
  try {
    (void)toon::decode_or_throw<point>("x: 1\ny: no");
    FAIL();
  } catch (const toon::toon_error& e) {
    EXPECT_EQ(e.error().path, "y");
    EXPECT_STREQ(e.what(), "2:4: y: expected integer, found string");
  }
}

TEST(TypedDecode, FromValue) {
  toon::value v = toon::decode("id: 1\nname: Ada\nhome:\n  city: L\n  zip: Z").value();
  toon::result<person> p = toon::from_value<person>(v);
  ASSERT_TRUE(p.has_value()) << p.error().to_string();
  EXPECT_EQ(p->home.zip, "Z");

  toon::value shapes = toon::object{{"shapes", toon::array{toon::object{{"radius", 2}, {"kind", "circle"}},
                                                           toon::object{{"kind", "square"}, {"side", 1}}}}};
  toon::result<drawing> d = toon::from_value<drawing>(shapes);
  ASSERT_TRUE(d.has_value()) << d.error().to_string();
  EXPECT_EQ(std::get<circle>(d->shapes[0]).radius, 2);

  toon::result<person> bad = toon::from_value<person>(toon::object{{"id", "x"}});
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, toon::error_code::type_mismatch);
  EXPECT_EQ(bad.error().path, "id");
  EXPECT_EQ(bad.error().line, 0u);
  EXPECT_EQ(bad.error().column, 0u);
  EXPECT_EQ(bad.error().to_string(), "id: expected integer, found string");

  EXPECT_EQ(toon::from_value<std::uint8_t>(toon::value(300)).error().message, "300 is out of range for uint8");
  EXPECT_EQ(toon::from_value<std::vector<int>>(toon::array{1, 2}).value(), (std::vector<int>{1, 2}));
  EXPECT_EQ(toon::from_value<toon::value>(v).value(), v);
}

// Decoding allocates for the target's own storage and the parser's per-document buffers, never
// per value: the count does not grow with the number of rows.
long allocations_for_rows(int n) {
  std::string text = "people[" + std::to_string(n) + "]{id,name,home{city,zip}}:";
  for (int i = 0; i < n; ++i) text += "\n  " + std::to_string(i) + ",name" + std::to_string(i % 10) + ",city,zip";
  struct_list list;
  allocations = 0;
  counting = true;
  toon::result<void> r = toon::decode(text, list);
  counting = false;
  EXPECT_TRUE(r.has_value());
  EXPECT_EQ(list.people.size(), static_cast<std::size_t>(n));
  return allocations;
}

TEST(TypedDecode, NoAllocationPerValue) {
  const long small = allocations_for_rows(500);
  const long large = allocations_for_rows(4000);
  EXPECT_LT(small, 64);
  EXPECT_LE(large, small + 8);  // the parser's line buffer grows geometrically
}

}  // namespace
