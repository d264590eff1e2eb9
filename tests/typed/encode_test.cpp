// Tests of the typed encoder (toon::encode / toon::encode_to on C++ values) and toon::to_value.
//
// Two kinds of checks:
//   - equivalence: toon::encode(x, o) == toon::encode(toon::to_value(x), o) for every type of
//     the mapping table, with the three delimiters and indent 1, 2 and 4;
//   - exact output: for small documents, the text the reference implementation
//     (@toon-format/toon 4.4.0, `node /work/ref/enc.mjs encode doc.json`) writes for the JSON
//     given beside each case, which is also checked to equal toon::to_value(x).
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "toon/encode.hpp"
#include "toon/error.hpp"
#include "toon/json.hpp"
#include "toon/typed/encode.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/value.hpp"

namespace enc_test {

enum class role { admin, user };
enum class color : unsigned char { red, green, blue };
enum plain_enum : int { first_value = -3, second_value = 40 };

struct addr {
  std::string city;
  std::string zip;
};

// Same key set as addr in another order: rows of both pass tabular detection together.
struct addr_reversed {
  std::string zip;
  std::string city;
};

struct employee {
  int id;
  std::string name;
  double salary;
  bool active;
  role r;
  addr home;
  std::optional<int> manager;
};

struct staff_doc {
  std::vector<employee> staff;
};

struct places_doc {
  std::map<std::string, addr> places;
  std::map<std::string, addr> one;
};

struct route {
  addr from;
  addr to;
};

struct item {
  std::string sku;
  int qty;
};

struct order {
  std::vector<item> items;
  int id;
};

struct tags_first {
  std::vector<std::string> tags;
  int n;
};

struct home_first {
  addr home;
  int n;
};

struct grid_first {
  std::vector<std::vector<int>> grid;
  int n;
};

struct places_first {
  std::map<std::string, addr> places;
  int n;
};

struct firsts_doc {
  std::vector<tags_first> a;
  std::vector<home_first> b;
  std::vector<grid_first> c;
  std::vector<places_first> d;
};

struct circle {
  double r;
};

struct square {
  double side;
};

using shape = std::variant<int, circle, std::string, std::monostate, square>;

struct shapes_doc {
  std::vector<shape> shapes;
};

struct person {
  std::string name;
  std::optional<addr> home;
};

struct people_doc {
  std::vector<person> people;
};

struct grid_doc {
  std::vector<std::vector<int>> grid;
  std::vector<std::vector<std::vector<int>>> deep;
  std::vector<int> none;
};

struct empty {};

struct empties_doc {
  empty e;
  std::vector<int> v;
  std::vector<empty> list;
  std::monostate n;
};

struct tuple_doc {
  std::pair<int, std::string> p;
  std::tuple<> t;
  std::array<double, 3> arr;
};

// ---- Types for the equivalence checks --------------------------------------------------------

struct numbers {
  signed char sc = -5;
  unsigned char uc = 250;
  short s = -300;
  unsigned short us = 60000;
  int i = -2147483647 - 1;
  unsigned u = 4294967295u;
  long long ll = std::numeric_limits<long long>::min();
  unsigned long long ull = std::numeric_limits<unsigned long long>::max();
  std::uint64_t u_small = 12;
  float f = 0.1f;
  double d = 1e21;
  double tiny = 1e-7;
  double neg_zero = -0.0;
  double nan = std::numeric_limits<double>::quiet_NaN();
  double inf = -std::numeric_limits<double>::infinity();
  long double ld = 2.5L;
  char16_t c16 = u'x';
};

struct texts {
  char c = ',';
  char quote = '"';
  std::string empty_string;
  std::string keyword = "true";
  std::string numeric = "-12.5e3";
  std::string delims = "a,b|c\td";
  std::string_view view = "view: yes";
  const char* pointer = "ptr";
  const char* null_pointer = nullptr;
  std::string hyphen = "- item";
  std::string unicode = "caf\xC3\xA9 \xE2\x9C\x93";
  std::string controls = "line\nbreak\x01";
};

struct enums {
  role r = role::user;
  color c = color::blue;
  plain_enum p = second_value;
  plain_enum q = first_value;
};

using sys_ms = std::chrono::time_point<std::chrono::system_clock, std::chrono::milliseconds>;
using sys_us = std::chrono::time_point<std::chrono::system_clock, std::chrono::microseconds>;

struct times {
  std::chrono::sys_seconds epoch{};
  std::chrono::sys_seconds later{std::chrono::seconds{1700000000}};
  sys_ms with_ms{std::chrono::milliseconds{1700000000123}};
  sys_us before_epoch{std::chrono::microseconds{-1500000}};
  std::chrono::sys_days day{std::chrono::days{19000}};
  std::chrono::system_clock::time_point ns{std::chrono::nanoseconds{1}};
};

struct pointers {
  std::unique_ptr<int> none;
  std::unique_ptr<int> some = std::make_unique<int>(5);
  std::shared_ptr<addr> shared = std::make_shared<addr>(addr{"Oslo", "1"});
  std::unique_ptr<addr> no_addr;
  std::optional<std::vector<int>> opt_vec = std::vector<int>{1, 2};
  std::optional<std::string> opt_none;
};

// No default member initializers here: GCC 12 crashes on some of them (deque<string>,
// vector<variant>) inside Boost.PFR's field counting.
struct containers {
  std::deque<std::string> dq;
  std::list<double> lst;
  std::set<int> st;
  std::unordered_set<int> ust;
  std::set<std::string> words;
  std::array<int, 0> none;
  std::array<std::array<int, 2>, 2> pairs;
  std::tuple<int, std::string, bool, std::monostate> tup;
  std::pair<std::vector<int>, std::string> mixed_pair;
  std::vector<bool> bits;
  std::vector<std::optional<int>> opt_ints;
  std::vector<std::variant<int, std::string>> prim_variants;
};

containers make_containers() {
  containers c;
  c.dq = {"a", "b,c", "d|e"};
  c.lst = {1.5, -2};
  c.st = {3, 1, 2};
  c.ust = {7};
  c.words = {"b", "a"};
  c.pairs = {{{1, 2}, {3, 4}}};
  c.tup = {1, "x", true, {}};
  c.mixed_pair = {{1, 2}, "y"};
  c.bits = {true, false};
  c.opt_ints = {1, std::nullopt, 3};
  c.prim_variants = {1, "two"};
  return c;
}

struct maps {
  std::map<std::string, int> counts;
  std::unordered_map<std::string, std::string> one;
  std::map<std::string, std::vector<int>> lists;
  std::map<std::string, std::map<std::string, int>> nested;
  std::map<std::string, employee> by_name;
  std::map<std::string, empty> empties;
  std::map<std::string, std::optional<addr>> maybe;
  std::map<std::string, std::optional<addr>> maybe_not;
};

maps make_maps() {
  maps m;
  m.counts = {{"a", 1}, {"b c", 2}, {"", 3}, {"1x", 4}, {"x.y", 5}};
  m.one = {{"k", "v:1"}};
  m.lists = {{"x", {1, 2}}, {"y", {}}};
  m.nested = {{"p", {{"a", 1}}}, {"q", {{"a", 2}}}};
  m.by_name = {{"ada", {1, "Ada", 1, true, role::admin, {"L", "1"}, {}}},
               {"bob", {2, "Bob", 2, false, role::user, {"P", "2"}, 1}}};
  m.empties = {{"a", {}}, {"b", {}}};
  m.maybe = {{"a", addr{"x", "1"}}, {"b", addr{"y", "2"}}};
  m.maybe_not = {{"a", addr{"x", "1"}}, {"b", std::nullopt}};
  return m;
}

// Deep nested field groups.
struct inner {
  int y;
  std::string w;
};
struct middle {
  inner in;
  int z;
};
struct outer {
  int x;
  middle mid;
  bool flag;
};

struct node {
  std::string name;
  std::vector<node> children;
};

struct tree {
  int v;
  std::unique_ptr<tree> left;
  std::unique_ptr<tree> right;
};

// Object list items whose first field has each form.
struct first_tabular {
  std::vector<item> items;
  std::string note;
};
struct first_empty_struct {
  empty e;
  int n;
};
struct first_variant {
  std::variant<int, circle> v;
  int n;
};
struct first_optional {
  std::optional<addr> home;
  int n;
};
struct first_dynamic {
  toon::value v;
  int n;
};
struct first_deep {
  std::vector<std::vector<std::vector<int>>> deep;
  int n;
};
struct first_pair {
  std::pair<addr, addr_reversed> both;
  int n;
};
struct first_route {
  route r;
  int n;
};

struct two_maps {
  std::map<std::string, int> a;
  std::map<std::string, int> b;
};

struct mixed_route {
  addr from;
  addr_reversed to;
};

struct incompatible_route {
  addr from;
  item to;
};

// Nested groups whose members come in another order: still compatible rows.
struct with_addr {
  addr a;
  int y;
};
struct with_addr_reversed {
  int y;
  addr_reversed a;
};
struct nested_mixed {
  with_addr first;
  with_addr_reversed second;
};

struct holder {
  route r;
  mixed_route m;
};

struct dynamic_members {
  toon::value v;
  toon::array a;
  toon::object o;
};

struct optional_rows {
  std::vector<std::optional<addr>> all;
  std::vector<std::optional<addr>> some;
  std::vector<std::optional<addr>> nulls;
};

// meta<T> customizations.
struct renamed_user {
  int user_id;
  std::string display_name;
  std::string cache;
};

struct camel {
  int user_id;
  std::string first_name;
};

class secret {
 public:
  secret() = default;
  secret(int a, std::string b) : a_(a), b_(std::move(b)) {}

 private:
  friend struct toon::meta<secret>;
  int a_ = 0;
  std::string b_;
};

struct money {
  long long cents;
};

struct celsius {
  double degrees;
};

struct as_list {
  int a;
  int b;
};

struct as_dynamic {
  int a;
};

struct priced {
  std::string item;
  money price;
};

struct weather {
  celsius t;
  int day;
};

struct quoted_names {
  int id;
  std::string name;
};

}  // namespace enc_test

template <>
struct toon::meta<enc_test::square> {
  static constexpr std::string_view tag = "sq";
  static constexpr std::string_view tag_key = "kind";
};

template <>
struct toon::meta<enc_test::renamed_user> {
  static constexpr toon::renamed rename[] = {{"user_id", "id"}};
  static constexpr std::string_view skip[] = {"cache"};
  static constexpr toon::naming naming = toon::naming::camel_case;
};

template <>
struct toon::meta<enc_test::camel> {
  static constexpr toon::naming naming = toon::naming::kebab_case;
};

template <>
struct toon::meta<enc_test::secret> {
  static constexpr auto fields =
      std::make_tuple(toon::field("a", &enc_test::secret::a_), toon::field("b", &enc_test::secret::b_));
};

template <>
struct toon::meta<enc_test::money> {
  using proxy = std::string;
  static std::string to_proxy(const enc_test::money& m) {
    return std::to_string(m.cents / 100) + "." + (m.cents % 100 < 10 ? "0" : "") + std::to_string(m.cents % 100);
  }
  static toon::result<enc_test::money> from_proxy(std::string&&) { return enc_test::money{0}; }
};

// A proxy that is a fixed object: rows of it are tabular.
template <>
struct toon::meta<enc_test::celsius> {
  using proxy = enc_test::inner;
  static enc_test::inner to_proxy(const enc_test::celsius& c) { return {static_cast<int>(c.degrees), "C"}; }
  static toon::result<enc_test::celsius> from_proxy(enc_test::inner&&) { return enc_test::celsius{0}; }
};

template <>
struct toon::meta<enc_test::as_list> {
  using proxy = std::vector<int>;
  static std::vector<int> to_proxy(const enc_test::as_list& x) { return {x.a, x.b}; }
  static toon::result<enc_test::as_list> from_proxy(std::vector<int>&&) { return enc_test::as_list{}; }
};

template <>
struct toon::meta<enc_test::as_dynamic> {
  using proxy = toon::value;
  static toon::value to_proxy(const enc_test::as_dynamic& x) {
    if (x.a == 0) return toon::value(nullptr);
    return toon::object{{"a", x.a}, {"k", toon::array{1, "b"}}};
  }
  static toon::result<enc_test::as_dynamic> from_proxy(toon::value&&) { return enc_test::as_dynamic{}; }
};

template <>
struct toon::meta<enc_test::quoted_names> {
  static constexpr toon::renamed rename[] = {{"id", "user id"}, {"name", "a|b"}};
};

namespace {

using namespace enc_test;
using toon::delimiter;

constexpr delimiter all_delimiters[] = {delimiter::comma, delimiter::tab, delimiter::pipe};
constexpr int all_indents[] = {1, 2, 4};

toon::encode_options opts(delimiter d, int indent) {
  toon::encode_options o;
  o.delimiter = d;
  o.indent_size = indent;
  return o;
}

// toon::encode(x) == toon::encode(toon::to_value(x)) for every delimiter and indent.
template <class T>
void check(const T& x) {
  const toon::value v = toon::to_value(x);
  for (delimiter d : all_delimiters) {
    for (int indent : all_indents) {
      const toon::encode_options o = opts(d, indent);
      const std::string typed = toon::encode(x, o);
      EXPECT_EQ(typed, toon::encode(v, o))
          << "delimiter '" << static_cast<char>(d) << "', indent " << indent << ", value "
          << toon::to_json(v);
      // encode_to appends to what the buffer holds.
      std::string out = "prefix";
      toon::encode_to(out, x, o);
      EXPECT_EQ(out, "prefix" + typed);
    }
  }
  // The same with the omit options (encode_options::omit_null, omit_empty), which the typed
  // encoder applies either by writing x as it is (nothing to leave out) or through to_value.
  for (delimiter d : all_delimiters) {
    for (const auto& [omit_null, omit_empty] : {std::pair{true, false}, {false, true}, {true, true}}) {
      toon::encode_options o = opts(d, 2);
      o.omit_null = omit_null;
      o.omit_empty = omit_empty;
      const std::string typed = toon::encode(x, o);
      EXPECT_EQ(typed, toon::encode(v, o))
          << "delimiter '" << static_cast<char>(d) << "', omit_null " << omit_null << ", omit_empty "
          << omit_empty << ", value " << toon::to_json(v);
      std::string out = "prefix";
      toon::encode_to(out, x, o);
      EXPECT_EQ(out, "prefix" + typed);
    }
  }
}

// to_value(x) is the JSON document `json`, and the typed encoder writes `expected` (the
// reference implementation's output for `json`) with options `o`; also check().
template <class T>
void expect_encoded(const T& x, std::string_view json, std::string_view expected,
                    const toon::encode_options& o = {}) {
  toon::result<toon::value> parsed = toon::from_json(json);
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(toon::to_value(x), *parsed) << toon::to_json(toon::to_value(x));
  EXPECT_EQ(toon::encode(x, o), expected);
  check(x);
}

// ---- Exact outputs (reference implementation) ---------------------------------------------------

staff_doc make_staff() {
  return {{{1, "Ada Lovelace", 1234.5, true, role::admin, {"London", "N1"}, std::nullopt},
           {2, "Bob, Jr.", -0.25, false, role::user, {"Paris", "75001"}, 1}}};
}

constexpr std::string_view staff_json =
    R"({"staff":[{"id":1,"name":"Ada Lovelace","salary":1234.5,"active":true,"r":"admin","home":{"city":"London","zip":"N1"},"manager":null},{"id":2,"name":"Bob, Jr.","salary":-0.25,"active":false,"r":"user","home":{"city":"Paris","zip":"75001"},"manager":1}]})";

TEST(TypedEncodeReference, TabularWithNestedGroup) {
  expect_encoded(make_staff(), staff_json, "staff[2]{id,name,salary,active,r,home{city,zip},manager}:\n"
      "  1,Ada Lovelace,1234.5,true,admin,London,N1,null\n"
      "  2,\"Bob, Jr.\",-0.25,false,user,Paris,\"75001\",1");
  expect_encoded(make_staff(), staff_json, "staff[2|]{id|name|salary|active|r|home{city|zip}|manager}:\n"
      "    1|Ada Lovelace|1234.5|true|admin|London|N1|null\n"
      "    2|Bob, Jr.|-0.25|false|user|Paris|\"75001\"|1", opts(delimiter::pipe, 4));
  expect_encoded(make_staff(), staff_json, "staff[2\t]{id\tname\tsalary\tactive\tr\thome{city\tzip}\tmanager}:\n"
      " 1\tAda Lovelace\t1234.5\ttrue\tadmin\tLondon\tN1\tnull\n"
      " 2\tBob, Jr.\t-0.25\tfalse\tuser\tParis\t\"75001\"\t1", opts(delimiter::tab, 1));
}

TEST(TypedEncodeReference, KeyedTabularMaps) {
  const places_doc doc{{{"home", {"Oslo", "0150"}}, {"work", {"Bergen", "5003"}}}, {{"only", {"Oslo", "x"}}}};
  constexpr std::string_view json =
      R"({"places":{"home":{"city":"Oslo","zip":"0150"},"work":{"city":"Bergen","zip":"5003"}},"one":{"only":{"city":"Oslo","zip":"x"}}})";
  expect_encoded(doc, json, "places[2:]{city,zip}:\n"
      "  home: Oslo,\"0150\"\n"
      "  work: Bergen,\"5003\"\n"
      "one:\n"
      "  only:\n"
      "    city: Oslo\n"
      "    zip: x");
  expect_encoded(doc, json, "places[2:|]{city|zip}:\n"
      "    home: Oslo|\"0150\"\n"
      "    work: Bergen|\"5003\"\n"
      "one:\n"
      "    only:\n"
      "        city: Oslo\n"
      "        zip: x", opts(delimiter::pipe, 4));
  expect_encoded(doc, json, "places[2:\t]{city\tzip}:\n"
      " home: Oslo\t\"0150\"\n"
      " work: Bergen\t\"5003\"\n"
      "one:\n"
      " only:\n"
      "  city: Oslo\n"
      "  zip: x", opts(delimiter::tab, 1));
}

TEST(TypedEncodeReference, RootKeyedTabularStruct) {
  const route r{{"Oslo", "0150"}, {"Bergen|Vest", "5003"}};
  constexpr std::string_view json = R"({"from":{"city":"Oslo","zip":"0150"},"to":{"city":"Bergen|Vest","zip":"5003"}})";
  expect_encoded(r, json, "[2:]{city,zip}:\n"
      "  from: Oslo,\"0150\"\n"
      "  to: Bergen|Vest,\"5003\"");
  expect_encoded(r, json, "[2:|]{city|zip}:\n"
      "    from: Oslo|\"0150\"\n"
      "    to: \"Bergen|Vest\"|\"5003\"", opts(delimiter::pipe, 4));
  expect_encoded(r, json, "[2:\t]{city\tzip}:\n"
      " from: Oslo\t\"0150\"\n"
      " to: Bergen|Vest\t\"5003\"", opts(delimiter::tab, 1));
}

TEST(TypedEncodeReference, ListItemsWithTabularFirstField) {
  const std::vector<order> orders{{{{"A1", 2}, {"B2", 1}}, 1}, {{}, 2}, {{{"C3", 5}}, 3}};
  constexpr std::string_view json =
      R"([{"items":[{"sku":"A1","qty":2},{"sku":"B2","qty":1}],"id":1},{"items":[],"id":2},{"items":[{"sku":"C3","qty":5}],"id":3}])";
  expect_encoded(orders, json, "[3]:\n"
      "  - items[2]{sku,qty}:\n"
      "      A1,2\n"
      "      B2,1\n"
      "    id: 1\n"
      "  - items: []\n"
      "    id: 2\n"
      "  - items[1]{sku,qty}:\n"
      "      C3,5\n"
      "    id: 3");
  expect_encoded(orders, json, "[3|]:\n"
      "    - items[2|]{sku|qty}:\n"
      "            A1|2\n"
      "            B2|1\n"
      "        id: 1\n"
      "    - items: []\n"
      "        id: 2\n"
      "    - items[1|]{sku|qty}:\n"
      "            C3|5\n"
      "        id: 3", opts(delimiter::pipe, 4));
  expect_encoded(orders, json, "[3\t]:\n"
      " - items[2\t]{sku\tqty}:\n"
      "   A1\t2\n"
      "   B2\t1\n"
      "  id: 1\n"
      " - items: []\n"
      "  id: 2\n"
      " - items[1\t]{sku\tqty}:\n"
      "   C3\t5\n"
      "  id: 3", opts(delimiter::tab, 1));
}

TEST(TypedEncodeReference, FirstFieldForms) {
  const firsts_doc doc{{{{"x", "y"}, 1}, {{}, 2}},
                       {{{"Oslo", "1"}, 1}},
                       {{{{1, 2}, {}}, 1}},
                       {{{{"p", {"A", "1"}}, {"q", {"B", "2"}}}, 1}}};
  constexpr std::string_view json =
      R"({"a":[{"tags":["x","y"],"n":1},{"tags":[],"n":2}],"b":[{"home":{"city":"Oslo","zip":"1"},"n":1}],"c":[{"grid":[[1,2],[]],"n":1}],"d":[{"places":{"p":{"city":"A","zip":"1"},"q":{"city":"B","zip":"2"}},"n":1}]})";
  expect_encoded(doc, json, "a[2]:\n"
      "  - tags[2]: x,y\n"
      "    n: 1\n"
      "  - tags: []\n"
      "    n: 2\n"
      "b[1]{home{city,zip},n}:\n"
      "  Oslo,\"1\",1\n"
      "c[1]:\n"
      "  - grid[2]:\n"
      "      - [2]: 1,2\n"
      "      - [0]:\n"
      "    n: 1\n"
      "d[1]{places{p{city,zip},q{city,zip}},n}:\n"
      "  A,\"1\",B,\"2\",1");
  expect_encoded(doc, json, "a[2|]:\n"
      "    - tags[2|]: x|y\n"
      "        n: 1\n"
      "    - tags: []\n"
      "        n: 2\n"
      "b[1|]{home{city|zip}|n}:\n"
      "    Oslo|\"1\"|1\n"
      "c[1|]:\n"
      "    - grid[2|]:\n"
      "            - [2|]: 1|2\n"
      "            - [0|]:\n"
      "        n: 1\n"
      "d[1|]{places{p{city|zip}|q{city|zip}}|n}:\n"
      "    A|\"1\"|B|\"2\"|1", opts(delimiter::pipe, 4));
  expect_encoded(doc, json, "a[2\t]:\n"
      " - tags[2\t]: x\ty\n"
      "  n: 1\n"
      " - tags: []\n"
      "  n: 2\n"
      "b[1\t]{home{city\tzip}\tn}:\n"
      " Oslo\t\"1\"\t1\n"
      "c[1\t]:\n"
      " - grid[2\t]:\n"
      "   - [2\t]: 1\t2\n"
      "   - [0\t]:\n"
      "  n: 1\n"
      "d[1\t]{places{p{city\tzip}\tq{city\tzip}}\tn}:\n"
      " A\t\"1\"\tB\t\"2\"\t1", opts(delimiter::tab, 1));
}

TEST(TypedEncodeReference, VariantsTaggedAndPrimitive) {
  const shapes_doc doc{{1, circle{2}, std::string("x"), std::monostate{}, square{1.5}}};
  constexpr std::string_view json = R"({"shapes":[1,{"type":"circle","r":2},"x",null,{"kind":"sq","side":1.5}]})";
  expect_encoded(doc, json, "shapes[5]:\n"
      "  - 1\n"
      "  - type: circle\n"
      "    r: 2\n"
      "  - x\n"
      "  - null\n"
      "  - kind: sq\n"
      "    side: 1.5");
  expect_encoded(doc, json, "shapes[5|]:\n"
      "    - 1\n"
      "    - type: circle\n"
      "        r: 2\n"
      "    - x\n"
      "    - null\n"
      "    - kind: sq\n"
      "        side: 1.5", opts(delimiter::pipe, 4));
  expect_encoded(doc, json, "shapes[5\t]:\n"
      " - 1\n"
      " - type: circle\n"
      "  r: 2\n"
      " - x\n"
      " - null\n"
      " - kind: sq\n"
      "  side: 1.5", opts(delimiter::tab, 1));
}

TEST(TypedEncodeReference, OptionalStructEmptyInOneRowBreaksTabular) {
  const people_doc doc{{{"a", addr{"x", "1"}}, {"b", std::nullopt}}};
  constexpr std::string_view json = R"({"people":[{"name":"a","home":{"city":"x","zip":"1"}},{"name":"b","home":null}]})";
  expect_encoded(doc, json, "people[2]:\n"
      "  - name: a\n"
      "    home:\n"
      "      city: x\n"
      "      zip: \"1\"\n"
      "  - name: b\n"
      "    home: null");
  expect_encoded(doc, json, "people[2|]:\n"
      "    - name: a\n"
      "        home:\n"
      "            city: x\n"
      "            zip: \"1\"\n"
      "    - name: b\n"
      "        home: null", opts(delimiter::pipe, 4));
  expect_encoded(doc, json, "people[2\t]:\n"
      " - name: a\n"
      "  home:\n"
      "   city: x\n"
      "   zip: \"1\"\n"
      " - name: b\n"
      "  home: null", opts(delimiter::tab, 1));
}

TEST(TypedEncodeReference, ArraysOfArrays) {
  const grid_doc doc{{{1, 2}, {}, {3}}, {{{1}, {2}}, {}}, {}};
  constexpr std::string_view json = R"({"grid":[[1,2],[],[3]],"deep":[[[1],[2]],[]],"none":[]})";
  expect_encoded(doc, json, "grid[3]:\n"
      "  - [2]: 1,2\n"
      "  - [0]:\n"
      "  - [1]: 3\n"
      "deep[2]:\n"
      "  - [2]:\n"
      "    - [1]: 1\n"
      "    - [1]: 2\n"
      "  - [0]:\n"
      "none: []");
  expect_encoded(doc, json, "grid[3|]:\n"
      "    - [2|]: 1|2\n"
      "    - [0|]:\n"
      "    - [1|]: 3\n"
      "deep[2|]:\n"
      "    - [2|]:\n"
      "        - [1|]: 1\n"
      "        - [1|]: 2\n"
      "    - [0|]:\n"
      "none: []", opts(delimiter::pipe, 4));
  expect_encoded(doc, json, "grid[3\t]:\n"
      " - [2\t]: 1\t2\n"
      " - [0\t]:\n"
      " - [1\t]: 3\n"
      "deep[2\t]:\n"
      " - [2\t]:\n"
      "  - [1\t]: 1\n"
      "  - [1\t]: 2\n"
      " - [0\t]:\n"
      "none: []", opts(delimiter::tab, 1));
  const std::vector<std::vector<int>> root{{1}, {2, 3}};
  expect_encoded(root, "[[1],[2,3]]", "[2]:\n"
      "  - [1]: 1\n"
      "  - [2]: 2,3");
  expect_encoded(root, "[[1],[2,3]]", "[2|]:\n"
      "    - [1|]: 1\n"
      "    - [2|]: 2|3", opts(delimiter::pipe, 4));
}

TEST(TypedEncodeReference, EmptyStructsAndVectors) {
  const empties_doc doc{{}, {}, {{}, {}}, {}};
  constexpr std::string_view json = R"({"e":{},"v":[],"list":[{},{}],"n":null})";
  expect_encoded(doc, json, "e:\n"
      "v: []\n"
      "list[2]:\n"
      "  -\n"
      "  -\n"
      "n: null");
  expect_encoded(doc, json, "e:\n"
      "v: []\n"
      "list[2|]:\n"
      "    -\n"
      "    -\n"
      "n: null", opts(delimiter::pipe, 4));
}

TEST(TypedEncodeReference, TuplesPairsArrays) {
  const tuple_doc doc{{1, "a b"}, {}, {1.5, 2, 3}};
  constexpr std::string_view json = R"({"p":[1,"a b"],"t":[],"arr":[1.5,2,3]})";
  expect_encoded(doc, json, "p[2]: 1,a b\n"
      "t: []\n"
      "arr[3]: 1.5,2,3");
  expect_encoded(doc, json, "p[2\t]: 1\ta b\n"
      "t: []\n"
      "arr[3\t]: 1.5\t2\t3", opts(delimiter::tab, 1));
}

TEST(TypedEncodeReference, RootStrings) {
  expect_encoded(std::string("\xEF\xBB\xBFhi"), R"("\ufeffhi")", "\"\xEF\xBB\xBF""hi\"");
  expect_encoded(std::string_view("a,b"), R"("a,b")", "\"a,b\"");
  expect_encoded(static_cast<const char*>("a,b"), R"("a,b")", "a,b", opts(delimiter::pipe, 4));
}

// ---- Compile-time decisions --------------------------------------------------------------------

namespace td = toon::detail;

static_assert(td::is_fixed_object<employee>());
static_assert(td::is_fixed_object<outer>());
static_assert(td::is_fixed_object<celsius>());  // through its proxy
static_assert(!td::is_fixed_object<person>());  // optional<addr> may be null
static_assert(!td::is_fixed_object<empty>());
static_assert(td::never_group<order>());        // a vector member
static_assert(td::never_group<empty>());
static_assert(td::never_group<first_empty_struct>());
static_assert(!td::never_group<person>());      // decided at run time
static_assert(std::is_same_v<td::tabular_header_t<std::vector<employee>>, employee>);
static_assert(std::is_same_v<td::tabular_header_t<std::vector<std::optional<addr>>>, addr>);
static_assert(std::is_same_v<td::tabular_header_t<std::tuple<addr, addr_reversed>>, addr>);
static_assert(std::is_void_v<td::tabular_header_t<std::tuple<addr, item>>>);
static_assert(std::is_void_v<td::tabular_header_t<std::vector<person>>>);
static_assert(std::is_same_v<td::keyed_header_t<route>, addr>);
static_assert(std::is_same_v<td::keyed_header_t<mixed_route>, addr>);
static_assert(std::is_same_v<td::keyed_header_t<nested_mixed>, with_addr>);
static_assert(std::is_void_v<td::keyed_header_t<incompatible_route>>);
static_assert(std::is_same_v<td::keyed_header_t<std::map<std::string, addr>>, addr>);
static_assert(td::header_text<employee, ','>::value == "{id,name,salary,active,r,home{city,zip},manager}");
static_assert(td::header_text<outer, '|'>::value == "{x|mid{in{y|w}|z}|flag}");
static_assert(!td::plain_field_names_v<quoted_names>);
static_assert(td::kind_mask<std::optional<addr>>() == (td::kind_primitive | td::kind_object));
static_assert(td::kind_mask<shape>() == (td::kind_primitive | td::kind_object));
static_assert(td::kind_mask<as_list>() == td::kind_array);

// ---- Equivalence with the value encoder -----------------------------------------------------------

TEST(TypedEncode, RootPrimitives) {
  check(42);
  check(-7LL);
  check(std::numeric_limits<std::uint64_t>::max());
  check(1.5);
  check(1e21);
  check(-0.0);
  check(std::numeric_limits<double>::quiet_NaN());
  check(std::numeric_limits<float>::infinity());
  check(0.1f);
  check(true);
  check('x');
  check(',');
  check(nullptr);
  check(std::monostate{});
  check(std::string());
  check(std::string("true"));
  check(std::string("- a"));
  check(std::string("\xEF\xBB\xBF"));
  check(role::admin);
  check(color::blue);
  check(std::optional<int>{});
  check(std::optional<std::string>{"x"});
  check(std::unique_ptr<int>{});
  check(std::make_shared<double>(2.5));
  check(std::variant<int, std::string>{"v"});
  check(static_cast<const char*>(nullptr));
  check(std::chrono::sys_seconds{std::chrono::seconds{86400}});
  EXPECT_EQ(toon::encode(std::string("")), "\"\"");
  EXPECT_EQ(toon::encode(nullptr), "null");
}

TEST(TypedEncode, Numbers) {
  check(numbers{});
  check(std::vector<numbers>(3));
  // NaN and infinities are null; to_value gives null too.
  EXPECT_TRUE(toon::to_value(std::numeric_limits<double>::quiet_NaN()).is_null());
  EXPECT_TRUE(toon::to_value(std::numeric_limits<float>::infinity()).is_null());
  EXPECT_EQ(toon::to_value(std::numeric_limits<std::uint64_t>::max()).type(), toon::value::kind::uinteger);
}

TEST(TypedEncode, Texts) {
  check(texts{});
  check(std::vector<texts>(2));
  check(std::map<std::string, texts>{{"a", {}}, {"b", {}}});
}

TEST(TypedEncode, Enums) {
  check(enums{});
  check(std::vector<enums>(2));
  check(std::vector<role>{role::admin, role::user});
  EXPECT_EQ(toon::encode(enums{}), "r: user\nc: blue\np: second_value\nq: first_value");
  // A value without a name is an error, never its number (tests/typed/enum_names_test.cpp).
  EXPECT_THROW((void)toon::encode(static_cast<color>(200)), toon::toon_error);
  EXPECT_THROW((void)toon::to_value(static_cast<plain_enum>(-100)), toon::toon_error);
}

TEST(TypedEncode, TimePoints) {
  check(times{});
  check(std::vector<times>(2));
  const toon::value v = toon::to_value(times{});
  EXPECT_EQ(v["epoch"], toon::value("1970-01-01T00:00:00Z"));
  EXPECT_EQ(v["later"], toon::value("2023-11-14T22:13:20Z"));
  EXPECT_EQ(v["with_ms"], toon::value("2023-11-14T22:13:20.123Z"));
}

TEST(TypedEncode, Pointers) {
  check(pointers{});
  std::vector<pointers> many(2);
  many[1].no_addr = std::make_unique<addr>(addr{"x", "y"});
  check(many);
}

TEST(TypedEncode, Containers) {
  check(make_containers());
  check(std::vector<containers>{make_containers(), make_containers()});
  check(std::deque<int>{});
  check(std::list<std::string>{"a"});
  check(std::set<int>{});
  check(std::array<int, 3>{1, 2, 3});
  check(std::make_pair(1, 2));
  check(std::tuple<>{});
  check(std::tuple<int, std::vector<int>>{1, {2}});
  check(std::vector<std::tuple<int, int>>{{1, 2}, {3, 4}});
  check(std::vector<std::pair<std::string, std::vector<int>>>{{"a", {1}}, {"b", {}}});
  check(std::vector<std::vector<std::string>>{{"a,b", "c"}, {}});
  check(std::vector<std::vector<std::vector<int>>>{{{1}}, {}});
  check(std::vector<std::vector<std::vector<int>>>{{}, {}});
  check(std::vector<std::optional<std::vector<int>>>{std::vector<int>{1}, std::nullopt});
  check(std::vector<std::optional<std::vector<int>>>{std::vector<int>{1}, std::vector<int>{}});
}

TEST(TypedEncode, Maps) {
  check(make_maps());
  check(std::map<std::string, int>{});
  check(std::map<std::string, addr>{{"only", {"a", "b"}}});
  check(std::map<std::string, addr>{{"a", {"a", "b"}}, {"b c", {"c", "d"}}});
  check(std::map<std::string, std::map<std::string, int>>{{"a", {{"x", 1}}}, {"b", {{"y", 1}}}});
  check(std::map<std::string, std::map<std::string, int>>{{"a", {}}, {"b", {{"y", 1}}}});
  check(std::map<std::string, std::variant<int, circle>>{{"a", circle{1}}, {"b", circle{2}}});
  check(std::map<std::string, std::variant<int, circle>>{{"a", circle{1}}, {"b", 2}});
  check(std::map<std::string, toon::value>{{"a", toon::object{{"x", 1}}}, {"b", toon::object{{"x", 2}}}});
  check(std::vector<std::map<std::string, addr>>{{{"p", {"a", "1"}}}, {{"p", {"b", "2"}}}});
  check(std::vector<std::map<std::string, addr>>{{{"p", {"a", "1"}}}, {}});
  check(std::vector<std::map<std::string, addr>>{{{"p", {"a", "1"}}}, {{"q", {"b", "2"}}}});
  check(std::vector<std::map<std::string, std::vector<int>>>{{{"p", {1}}}, {{"p", {2}}}});
}

TEST(TypedEncode, NestedAggregates) {
  const outer o{1, {{2, "w"}, 3}, true};
  check(o);
  check(std::vector<outer>{o, o});
  check(std::map<std::string, outer>{{"a", o}, {"b", o}});
  EXPECT_EQ(toon::encode(std::vector<outer>{o, o}), "[2]{x,mid{in{y,w},z},flag}:\n  1,2,w,3,true\n  1,2,w,3,true");
  const node root{"root", {{"a", {}}, {"b", {{"c", {}}}}}};
  check(root);
  check(std::vector<node>{root, {"leaf", {}}});
  tree t{1, std::make_unique<tree>(), nullptr};
  t.left->v = 2;
  check(t);
  std::vector<tree> forest;
  forest.push_back(tree{3, nullptr, nullptr});
  forest.push_back(tree{4, nullptr, nullptr});
  check(forest);  // tabular: every pointer is null
  forest.push_back(std::move(t));
  check(forest);  // list
}

TEST(TypedEncode, VectorsOfStructs) {
  check(make_staff());
  check(make_staff().staff);
  check(std::vector<employee>{});
  check(std::vector<item>{{"a", 1}});
  check(std::vector<order>{{{{"A", 1}}, 1}, {{}, 2}});
  check(std::vector<empty>{{}, {}});
  check(std::vector<empty>{});
  check(std::vector<route>{{{"a", "1"}, {"b", "2"}}});
  check(std::array<addr, 2>{addr{"a", "1"}, addr{"b", "2"}});
}

TEST(TypedEncode, ObjectListItemFirstFields) {
  check(std::vector<first_tabular>{{{{"a", 1}, {"b", 2}}, "n"}, {{}, "m"}});
  check(std::vector<first_empty_struct>{{{}, 1}, {{}, 2}});
  check(std::vector<first_variant>{{1, 1}, {circle{2}, 2}});
  check(std::vector<first_optional>{{addr{"a", "1"}, 1}, {std::nullopt, 2}});
  check(std::vector<first_dynamic>{{toon::array{1, 2}, 1}, {toon::object{{"a", 1}}, 2}, {toon::value(3), 3},
                                   {toon::array{toon::object{{"a", 1}}}, 4}});
  check(std::vector<first_deep>{{{{{1}}}, 1}, {{}, 2}});
  check(std::vector<first_pair>{{{addr{"a", "1"}, addr_reversed{"2", "b"}}, 1}, {{}, 2}});
  check(std::vector<first_route>{{{{"a", "1"}, {"b", "2"}}, 1}, {{}, 2}});
  check(std::vector<std::variant<first_route, int>>{first_route{{{"a", "1"}, {"b", "2"}}, 1}, 3});
}

TEST(TypedEncode, KeyedTabularStructs) {
  check(route{{"a", "1"}, {"b", "2"}});
  check(mixed_route{{"a", "1"}, {"2", "b"}});
  check(incompatible_route{{"a", "1"}, {"b", 2}});
  check(two_maps{{{"x", 1}}, {{"x", 2}}});
  check(two_maps{{{"x", 1}}, {}});
  check(two_maps{{{"x", 1}}, {{"y", 2}}});
  check(std::vector<two_maps>{{{{"x", 1}}, {{"x", 2}}}});
  check(std::map<std::string, route>{{"r", {{"a", "1"}, {"b", "2"}}}});
  check(holder{{{"a", "1"}, {"b", "2"}}, {{"c", "3"}, {"4", "d"}}});
  EXPECT_EQ(toon::encode(mixed_route{{"a", "1"}, {"2", "b"}}), "[2:]{city,zip}:\n  from: a,\"1\"\n  to: b,\"2\"");
  EXPECT_EQ(toon::encode(std::tuple<addr, addr_reversed>{{"a", "1"}, {"2", "b"}}),
            "[2]{city,zip}:\n  a,\"1\"\n  b,\"2\"");
  check(std::tuple<addr, addr_reversed>{{"a", "1"}, {"2", "b"}});
  check(std::tuple<addr, item>{{"a", "1"}, {"2", 3}});
}

TEST(TypedEncode, NestedGroupsInAnotherOrder) {
  const nested_mixed n{{{"a", "1"}, 2}, {3, {"4", "b"}}};
  check(n);
  EXPECT_EQ(toon::encode(n), "[2:]{a{city,zip},y}:\n  first: a,\"1\",2\n  second: b,\"4\",3");
  check(std::tuple<with_addr, with_addr_reversed>{{{"a", "1"}, 2}, {3, {"4", "b"}}});
  check(std::vector<nested_mixed>{n, n});
}

TEST(TypedEncode, OptionalAndPointerRows) {
  optional_rows rows;
  rows.all = {addr{"a", "1"}, addr{"b", "2"}};
  rows.some = {addr{"a", "1"}, std::nullopt};
  rows.nulls = {std::nullopt, std::nullopt};
  check(rows);
  // (Not a member: Boost.PFR cannot count the fields of an aggregate holding a vector of
  // move-only elements under clang.)
  std::vector<std::unique_ptr<addr>> ptrs;
  ptrs.push_back(std::make_unique<addr>(addr{"a", "1"}));
  ptrs.push_back(std::make_unique<addr>(addr{"b", "2"}));
  check(ptrs);
  ptrs.push_back(nullptr);
  check(ptrs);
  EXPECT_EQ(toon::encode(rows.all), "[2]{city,zip}:\n  a,\"1\"\n  b,\"2\"");
  check(std::vector<person>{{"a", std::nullopt}, {"b", std::nullopt}});
  check(std::vector<person>{{"a", addr{"x", "1"}}, {"b", addr{"y", "2"}}});
}

TEST(TypedEncode, Variants) {
  check(std::vector<shape>{circle{1}, circle{2}});
  check(std::vector<shape>{circle{1}, square{2}});
  check(std::vector<std::variant<std::vector<int>, std::string>>{std::vector<int>{1}, std::vector<int>{}});
  check(std::vector<std::variant<std::vector<int>, std::string>>{std::vector<int>{1}, "x"});
  check(shape{circle{3}});
  check(shape{square{3}});
  check(std::map<std::string, shape>{{"c", circle{1}}, {"s", square{2}}});
  check(std::variant<std::monostate, addr>{addr{"a", "b"}});
  EXPECT_EQ(toon::encode(shape{circle{3}}), "type: circle\nr: 3");
  EXPECT_EQ(toon::to_value(shape{square{2}}), (toon::object{{"kind", "sq"}, {"side", 2}}));
}

TEST(TypedEncode, DynamicValues) {
  dynamic_members d{toon::object{{"x", toon::array{1, toon::object{{"y", 2}}}}}, toon::array{1, "a"},
                    toon::object{{"k", toon::object{}}}};
  check(d);
  check(std::vector<dynamic_members>{d, d});
  check(toon::array{toon::object{{"a", 1}}, toon::object{{"a", 2}}});
  check(toon::object{{"a", toon::object{{"x", 1}}}, {"b", toon::object{{"x", 2}}}});
  check(std::deque<toon::value>{1, "a", nullptr});
  check(std::deque<toon::value>{toon::object{{"a", 1}}, toon::object{{"a", 2}}});
  check(std::deque<toon::value>{toon::array{1}, toon::array{}});
  check(std::vector<toon::object>{});
  check(toon::value(toon::big_integer{"123456789012345678901234"}));
  check(std::vector<toon::value>{toon::big_integer{"-99999999999999999999"}, 1});
  check(std::deque<toon::value>{toon::big_integer{"-99999999999999999999"}, 1});
}

TEST(TypedEncode, MetaCustomizations) {
  check(renamed_user{7, "Ada", "ignored"});
  check(std::vector<renamed_user>{{1, "a", ""}, {2, "b", ""}});
  EXPECT_EQ(toon::encode(renamed_user{7, "Ada", "x"}), "id: 7\ndisplayName: Ada");
  check(camel{1, "x"});
  EXPECT_EQ(toon::encode(std::vector<camel>{{1, "x"}}), "[1]{\"user-id\",\"first-name\"}:\n  1,x");
  check(secret{1, "b"});
  check(std::vector<secret>{{1, "b"}, {2, "c"}});
  check(priced{"coffee", {420}});
  check(std::vector<priced>{{"coffee", {420}}, {"tea", {305}}});
  EXPECT_EQ(toon::encode(priced{"coffee", {420}}), "item: coffee\nprice: \"4.20\"");
  check(weather{{21.5}, 1});
  check(std::vector<weather>{{{21.5}, 1}, {{-3}, 2}});
  EXPECT_EQ(toon::encode(std::vector<weather>{{{21.5}, 1}}), "[1]{t{y,w},day}:\n  21,C,1");
  check(std::map<std::string, celsius>{{"a", {1}}, {"b", {2}}});
  check(as_list{1, 2});
  check(std::vector<as_list>{{1, 2}, {3, 4}});
  check(std::vector<as_dynamic>{{0}, {1}});
  check(std::vector<as_dynamic>{{1}, {2}});
  check(std::map<std::string, as_dynamic>{{"a", {1}}, {"b", {2}}});
  check(quoted_names{1, "x"});
  check(std::vector<quoted_names>{{1, "x"}, {2, "y|z"}});
  check(std::map<std::string, quoted_names>{{"a b", {1, "x"}}, {"c", {2, "y"}}});
  EXPECT_EQ(toon::encode(std::vector<quoted_names>{{1, "x"}}), "[1]{\"user id\",\"a|b\"}:\n  1,x");
}

TEST(TypedEncode, RootForms) {
  check(empty{});
  EXPECT_EQ(toon::encode(empty{}), "");
  check(std::vector<int>{});
  EXPECT_EQ(toon::encode(std::vector<int>{}), "[]");
  check(std::vector<int>{1, 2});
  check(std::map<std::string, addr>{});
  check(std::map<std::string, addr>{{"a", {"x", "1"}}, {"b", {"y", "2"}}});
  check(make_staff().staff);
  check(std::optional<addr>{addr{"a", "b"}});
  check(std::unique_ptr<addr>{});
}

TEST(TypedEncode, EncodeToAppendsAndValidatesOptions) {
  std::string out = "x";
  out.reserve(256);
  toon::encode_to(out, std::vector<int>{1, 2});
  EXPECT_EQ(out, "x[2]: 1,2");
  toon::encode_options bad;
  bad.delimiter = static_cast<delimiter>(';');
  EXPECT_THROW(toon::encode_to(out, item{"a", 1}, bad), std::invalid_argument);
  EXPECT_EQ(out, "x[2]: 1,2");
  EXPECT_THROW((void)toon::encode(item{"a", 1}, bad), std::invalid_argument);
}

TEST(TypedEncode, ValueOverloadStillUsed) {
  const toon::value v = toon::object{{"a", toon::array{1, 2}}};
  EXPECT_EQ(toon::encode(v), "a[2]: 1,2");
  EXPECT_EQ(toon::encode(toon::value(1)), "1");
  std::string out;
  toon::encode_to(out, v);
  EXPECT_EQ(out, "a[2]: 1,2");
  // A toon::array or toon::object argument goes through the typed overload, same bytes.
  EXPECT_EQ(toon::encode(toon::array{1, 2}), "[2]: 1,2");
}

TEST(TypedEncode, ToValueMapping) {
  EXPECT_EQ(toon::to_value(person{"a", std::nullopt}), (toon::object{{"name", "a"}, {"home", nullptr}}));
  EXPECT_EQ(toon::to_value('c'), toon::value("c"));
  EXPECT_EQ(toon::to_value(std::make_pair(1, std::string("x"))), (toon::array{1, "x"}));
  EXPECT_EQ(toon::to_value(color::green), toon::value("green"));
  EXPECT_THROW((void)toon::to_value(static_cast<color>(200)), toon::toon_error);  // no name
  EXPECT_EQ(toon::to_value(std::set<int>{2, 1}), (toon::array{1, 2}));
  EXPECT_EQ(toon::to_value(priced{"c", {5}}), (toon::object{{"item", "c"}, {"price", "0.05"}}));
}

}  // namespace
