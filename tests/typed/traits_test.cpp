// The typed layer's compile-time foundation: naming policies (toon/reflect/naming.hpp),
// enumerator and type names (reflect/enum_names.hpp, reflect/type_name.hpp), enum_info,
// object_info and the type_kind mapping table. Checked with static_assert where possible and
// again at run time so that failures show the values.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <forward_list>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "toon/error.hpp"
#include "toon/meta.hpp"
#include "toon/reflect/enum_names.hpp"
#include "toon/reflect/naming.hpp"
#include "toon/reflect/type_name.hpp"
#include "toon/typed/enum_info.hpp"
#include "toon/typed/object_info.hpp"
#include "toon/typed/type_kind.hpp"
#include "toon/value.hpp"

// ---- types under test ---------------------------------------------------------------------------

namespace {

enum class gaps { a = 1, b = 5, c = 200 };
enum class signed_values : int { minus = -100, zero = 0, plus = 100 };
enum class small : std::uint8_t { lo = 0, mid = 128, hi = 255 };
enum unscoped { u_three = 3, u_four };
enum class aliased { first = 1, alias_of_first = 1, second = 2 };
enum class partly_reflected { near = 1, far = 1000 };
enum class log_level { debug_info, WarnOnce, errorCode };
enum class http_status { ok = 200, not_found = 404 };

struct holder {
  enum class mode { off, on };
  struct nested {};
};

template <class T>
struct generic {
  enum class state : std::int8_t { idle = -1, busy = 1 };
  struct inner {};
};

struct plain {
  int id;
  std::string display_name;
  double score;
};

struct profile {
  int user_id;
  std::string first_name;
  bool is_admin;
  std::string cache;
  std::string last_name;
};

struct shouting {
  int retryCount;
  std::string apiKey;
};

// A class with private members, listed in meta<account>::fields.
class account {
 public:
  account() = default;
  account(int id, std::string owner) : id_(id), owner_(std::move(owner)) {}
  int id() const { return id_; }
  const std::string& owner() const { return owner_; }
  double cached() const { return cached_; }

 private:
  friend struct toon::meta<account>;
  int id_ = 0;
  std::string owner_;
  double cached_ = 0;  // not listed: not written
};

// Not an aggregate and no meta: unsupported.
class opaque {
 public:
  explicit opaque(int x) : x_(x) {}
  int x() const { return x_; }

 private:
  int x_;
};

struct celsius {
  double degrees;
};

struct circle {
  double r;
};

}  // namespace

namespace app::deep {
enum class level : signed char { low = -128, high = 127 };
template <class A, int N>
struct widget {};
struct gadget {};
}  // namespace app::deep

struct global_thing {};

template <>
struct toon::meta<log_level> {
  static constexpr toon::naming naming = toon::naming::kebab_case;
};

template <>
struct toon::meta<http_status> {
  static constexpr toon::enumerator<http_status> enumerators[] = {{http_status::not_found, "Not Found"},
                                                                  {http_status::ok, "OK"}};
  static constexpr toon::naming naming = toon::naming::upper_snake;  // ignored: names are explicit
};

template <>
struct toon::meta<profile> {
  static constexpr toon::naming naming = toon::naming::camel_case;
  static constexpr toon::renamed rename[] = {{"user_id", "ID"}, {"last_name", "surname"}};
  static constexpr std::string_view skip[] = {"cache"};
  static constexpr std::string_view defaulted[] = {"is_admin"};
};

template <>
struct toon::meta<shouting> {
  static constexpr toon::naming naming = toon::naming::upper_snake;
};

template <>
struct toon::meta<account> {
  static constexpr auto fields = std::make_tuple(toon::field("id", &account::id_), toon::field("owner", &account::owner_));
  static constexpr std::string_view description = "a bank account";
  static constexpr toon::field_description field_descriptions[] = {{"id", "account number"}};
};

template <>
struct toon::meta<celsius> {
  using proxy = double;
  static double to_proxy(const celsius& c) { return c.degrees; }
  static toon::result<celsius> from_proxy(double&& d) { return celsius{d}; }
};

template <>
struct toon::meta<circle> {
  static constexpr std::string_view tag = "round";
  static constexpr std::string_view tag_key = "kind";
};

namespace {

using toon::naming;
using toon::detail::type_kind;
using toon::detail::type_kind_v;

// ---- naming -------------------------------------------------------------------------------------

// `in` converted to `policy`, through the compile-time API.
constexpr bool converts(naming policy, std::string_view in, std::string_view want) {
  char buf[64]{};
  const std::size_t n = toon::reflect::detail::convert_name(policy, in, buf);
  return n == toon::reflect::converted_length(policy, in) && std::string_view(buf, n) == want;
}

std::string convert(naming policy, std::string_view in) {
  std::string out(toon::reflect::converted_length(policy, in), '\0');
  toon::reflect::detail::convert_name(policy, in, out.data());
  return out;
}

static_assert(converts(naming::snake_case, "userId", "user_id"));
static_assert(converts(naming::camel_case, "user_id", "userId"));
static_assert(converts(naming::pascal_case, "user-id", "UserId"));
static_assert(converts(naming::kebab_case, "UserId", "user-id"));
static_assert(converts(naming::upper_snake, "userId", "USER_ID"));
static_assert(converts(naming::as_is, "_odd-Name_", "_odd-Name_"));
static_assert(converts(naming::snake_case, "userID2", "user_id2"));
static_assert(converts(naming::snake_case, "address2Line", "address2_line"));

// The public template returns exactly the converted characters.
constexpr auto pascal_chars =
    toon::reflect::convert_name<toon::reflect::converted_length(naming::pascal_case, "order_id_2")>(
        naming::pascal_case, "order_id_2");
static_assert(pascal_chars.size() == 8);
static_assert(std::string_view(pascal_chars.data(), pascal_chars.size()) == "OrderId2");

struct naming_row {
  std::string_view in, camel, pascal, snake, kebab, upper;
};

TEST(Naming, EveryPolicy) {
  const naming_row rows[] = {
      {"user_id", "userId", "UserId", "user_id", "user-id", "USER_ID"},
      {"userId", "userId", "UserId", "user_id", "user-id", "USER_ID"},
      {"UserId", "userId", "UserId", "user_id", "user-id", "USER_ID"},
      {"user-id", "userId", "UserId", "user_id", "user-id", "USER_ID"},
      {"USER_ID", "userId", "UserId", "user_id", "user-id", "USER_ID"},
      {"x", "x", "X", "x", "x", "X"},
      {"", "", "", "", "", ""},
      {"order_line_item", "orderLineItem", "OrderLineItem", "order_line_item", "order-line-item", "ORDER_LINE_ITEM"},
      {"isHTTPS", "isHttps", "IsHttps", "is_https", "is-https", "IS_HTTPS"},
  };
  for (const naming_row& r : rows) {
    EXPECT_EQ(convert(naming::camel_case, r.in), r.camel) << r.in;
    EXPECT_EQ(convert(naming::pascal_case, r.in), r.pascal) << r.in;
    EXPECT_EQ(convert(naming::snake_case, r.in), r.snake) << r.in;
    EXPECT_EQ(convert(naming::kebab_case, r.in), r.kebab) << r.in;
    EXPECT_EQ(convert(naming::upper_snake, r.in), r.upper) << r.in;
    EXPECT_EQ(convert(naming::as_is, r.in), r.in) << r.in;
  }
}

TEST(Naming, Acronyms) {
  // A word boundary is a lower-case letter or digit followed by an upper-case letter, so an
  // acronym stays one word with what follows it up to the next such change.
  EXPECT_EQ(convert(naming::snake_case, "userID"), "user_id");
  EXPECT_EQ(convert(naming::camel_case, "userID"), "userId");
  EXPECT_EQ(convert(naming::pascal_case, "userID"), "UserId");
  EXPECT_EQ(convert(naming::snake_case, "HTTPServer"), "httpserver");
  EXPECT_EQ(convert(naming::camel_case, "HTTPServer"), "httpserver");
  EXPECT_EQ(convert(naming::snake_case, "parseHTTPResponse"), "parse_httpresponse");
  EXPECT_EQ(convert(naming::snake_case, "HTTP_server"), "http_server");
  EXPECT_EQ(convert(naming::camel_case, "HTTP_server"), "httpServer");
  EXPECT_EQ(convert(naming::pascal_case, "url"), "Url");
  EXPECT_EQ(convert(naming::upper_snake, "getURL"), "GET_URL");
}

TEST(Naming, Digits) {
  EXPECT_EQ(convert(naming::snake_case, "userID2"), "user_id2");
  EXPECT_EQ(convert(naming::camel_case, "userID2"), "userId2");
  EXPECT_EQ(convert(naming::kebab_case, "address2Line"), "address2-line");
  EXPECT_EQ(convert(naming::upper_snake, "address2Line"), "ADDRESS2_LINE");
  EXPECT_EQ(convert(naming::snake_case, "base64Data"), "base64_data");
  EXPECT_EQ(convert(naming::camel_case, "v2_api"), "v2Api");
  EXPECT_EQ(convert(naming::pascal_case, "v2_api"), "V2Api");
  EXPECT_EQ(convert(naming::camel_case, "model_3d"), "model3d");
  EXPECT_EQ(convert(naming::pascal_case, "_3d_model"), "3dModel");
  EXPECT_EQ(convert(naming::upper_snake, "_3d_model"), "3D_MODEL");
  EXPECT_EQ(convert(naming::snake_case, "item_2"), "item_2");
  EXPECT_EQ(convert(naming::camel_case, "item_2"), "item2");
}

TEST(Naming, SeparatorsAreCollapsedAndTrimmed) {
  EXPECT_EQ(convert(naming::snake_case, "a__b--c"), "a_b_c");
  EXPECT_EQ(convert(naming::camel_case, "a__b--c"), "aBC");
  EXPECT_EQ(convert(naming::kebab_case, "a__b--c"), "a-b-c");
  EXPECT_EQ(convert(naming::snake_case, "_private_field"), "private_field");
  EXPECT_EQ(convert(naming::camel_case, "_private_field"), "privateField");
  EXPECT_EQ(convert(naming::snake_case, "trailing_"), "trailing");
  EXPECT_EQ(convert(naming::camel_case, "__"), "");
  EXPECT_EQ(convert(naming::as_is, "_private_field"), "_private_field");
}

// ---- enumerator names ---------------------------------------------------------------------------

template <class E>
std::vector<std::pair<long long, std::string>> entries_of() {
  std::vector<std::pair<long long, std::string>> out;
  for (const auto& e : toon::reflect::enum_entries_v<E>)
    out.emplace_back(static_cast<long long>(e.value), std::string(e.name));
  return out;
}

using entry_list = std::vector<std::pair<long long, std::string>>;

static_assert(toon::reflect::enum_entries_v<gaps>.size() == 3);
static_assert(toon::reflect::enum_entries_v<gaps>[2].name == "c");
static_assert(toon::reflect::enum_entries_v<gaps>[2].value == gaps::c);
static_assert(toon::reflect::enum_entries_v<signed_values>[0].name == "minus");
static_assert(toon::reflect::enum_entries_v<small>.size() == 3);
static_assert(toon::reflect::enum_entries_v<holder::mode>[1].name == "on");
static_assert(toon::reflect::enum_entries_v<generic<std::string>::state>[0].name == "idle");
static_assert(toon::reflect::enum_entries_v<generic<int[3]>::state>[1].name == "busy");

TEST(EnumNames, GapsAndOrder) {
  EXPECT_EQ(entries_of<gaps>(), (entry_list{{1, "a"}, {5, "b"}, {200, "c"}}));
}

TEST(EnumNames, NegativeValues) {
  EXPECT_EQ(entries_of<signed_values>(), (entry_list{{-100, "minus"}, {0, "zero"}, {100, "plus"}}));
  EXPECT_EQ(entries_of<app::deep::level>(), (entry_list{{-128, "low"}, {127, "high"}}));
  EXPECT_EQ(entries_of<generic<int>::state>(), (entry_list{{-1, "idle"}, {1, "busy"}}));
}

TEST(EnumNames, Uint8Underlying) {
  EXPECT_EQ(entries_of<small>(), (entry_list{{0, "lo"}, {128, "mid"}, {255, "hi"}}));
}

TEST(EnumNames, AnonymousNamespaceNestedAndTemplates) {
  // These enums all live in an anonymous namespace (clang prints "(anonymous namespace)::").
  EXPECT_EQ(entries_of<unscoped>(), (entry_list{{3, "u_three"}, {4, "u_four"}}));
  EXPECT_EQ(entries_of<holder::mode>(), (entry_list{{0, "off"}, {1, "on"}}));
  EXPECT_EQ((entries_of<generic<std::map<std::string, int>>::state>()), (entry_list{{-1, "idle"}, {1, "busy"}}));
  EXPECT_EQ(entries_of<generic<int[3]>::state>(), (entry_list{{-1, "idle"}, {1, "busy"}}));
}

TEST(EnumNames, AliasesAndValuesOutsideTheRange) {
  // One name per value (the first declared); 1000 is beyond the probed range.
  EXPECT_EQ(entries_of<aliased>(), (entry_list{{1, "first"}, {2, "second"}}));
  EXPECT_EQ(entries_of<partly_reflected>(), (entry_list{{1, "near"}}));
}

TEST(EnumNames, NameExtraction) {
  using toon::reflect::detail::enumerator_names_from;
  using names2 = std::array<std::string_view, 2>;
  // GCC lists a pack in braces, clang in angle brackets; values without a name print as casts.
  EXPECT_EQ(enumerator_names_from<2>("f() [with auto ...Vs = {ns::color::red, (ns::color)1}; std::string_view = x]"),
            (names2{"red", ""}));
  EXPECT_EQ(enumerator_names_from<2>("f() [Vs = <(ns::color)-1, ns::color::red>]"), (names2{"", "red"}));
  EXPECT_EQ(enumerator_names_from<2>("f() [Vs = <(anonymous namespace)::color::red, ((anonymous namespace)::color)-7>]"),
            (names2{"red", ""}));
  EXPECT_EQ(enumerator_names_from<2>("f() [with auto ...Vs = {<unnamed>::red, (<unnamed>::color)7}; x]"),
            (names2{"red", ""}));
  // Commas and brackets inside a value's scope do not split it.
  EXPECT_EQ(enumerator_names_from<2>("f() [Vs = <box<int[3], char>::mode::on, (box<int[3], char>::mode)2>]"),
            (names2{"on", ""}));
  EXPECT_EQ(enumerator_names_from<2>("f() [with auto ...Vs = {ns::t<int, char>::x, ns::t<int, char>::y}; x]"),
            (names2{"x", "y"}));
  EXPECT_EQ(enumerator_names_from<2>("no marker"), (names2{"", ""}));
  // A list shorter than expected leaves the rest empty.
  EXPECT_EQ(enumerator_names_from<2>("f() [Vs = <ns::color::red>]"), (names2{"red", ""}));
}

// ---- type names ---------------------------------------------------------------------------------

using toon::reflect::type_name_v;

static_assert(type_name_v<global_thing> == "global_thing");
static_assert(type_name_v<plain> == "plain");
static_assert(type_name_v<app::deep::gadget> == "gadget");
static_assert(type_name_v<app::deep::widget<int, 3>> == "widget");
static_assert(type_name_v<holder::nested> == "nested");
static_assert(type_name_v<generic<int>::inner> == "inner");
static_assert(type_name_v<holder::mode> == "mode");

TEST(TypeName, Unqualified) {
  EXPECT_EQ(type_name_v<global_thing>, "global_thing");
  EXPECT_EQ(type_name_v<plain>, "plain");  // anonymous namespace
  EXPECT_EQ(type_name_v<app::deep::gadget>, "gadget");
  EXPECT_EQ(type_name_v<app::deep::level>, "level");
  EXPECT_EQ(type_name_v<gaps>, "gaps");
  EXPECT_EQ(type_name_v<int>, "int");
}

TEST(TypeName, NestedAndTemplates) {
  EXPECT_EQ(type_name_v<holder::nested>, "nested");
  EXPECT_EQ(type_name_v<holder::mode>, "mode");
  EXPECT_EQ((type_name_v<app::deep::widget<std::string, -1>>), "widget");
  EXPECT_EQ((type_name_v<app::deep::widget<plain, 2>>), "widget");
  EXPECT_EQ(type_name_v<generic<int>>, "generic");
  EXPECT_EQ((type_name_v<generic<std::map<std::string, int>>::inner>), "inner");
  EXPECT_EQ(type_name_v<generic<int[3]>::inner>, "inner");
  EXPECT_EQ(type_name_v<generic<plain>::state>, "state");
  EXPECT_EQ(type_name_v<std::vector<int>>, "vector");
}

// ---- enum_info ----------------------------------------------------------------------------------

using toon::detail::enum_info;

static_assert(enum_info<gaps>::name_of(gaps::b) == "b");
static_assert(enum_info<gaps>::from_name("c") == gaps::c);
static_assert(enum_info<log_level>::entries[0].name == "debug-info");
static_assert(enum_info<http_status>::from_name("Not Found") == http_status::not_found);
static_assert(toon::meta<http_status>::naming == naming::upper_snake);  // present, but not applied

TEST(EnumInfo, ReflectedNames) {
  EXPECT_EQ(enum_info<gaps>::entries.size(), 3u);
  EXPECT_EQ(enum_info<gaps>::name_of(gaps::a), "a");
  EXPECT_EQ(enum_info<gaps>::name_of(static_cast<gaps>(2)), "");  // no name
  EXPECT_EQ(enum_info<gaps>::from_name("b"), gaps::b);
  EXPECT_EQ(enum_info<gaps>::from_name("B"), std::nullopt);
  EXPECT_EQ(enum_info<gaps>::from_name(""), std::nullopt);
  EXPECT_EQ(enum_info<signed_values>::name_of(signed_values::minus), "minus");
  EXPECT_EQ(enum_info<small>::from_name("hi"), small::hi);
  EXPECT_EQ(enum_info<unscoped>::name_of(u_four), "u_four");
}

TEST(EnumInfo, NamingPolicy) {
  ASSERT_EQ(enum_info<log_level>::entries.size(), 3u);
  EXPECT_EQ(enum_info<log_level>::name_of(log_level::debug_info), "debug-info");
  EXPECT_EQ(enum_info<log_level>::name_of(log_level::WarnOnce), "warn-once");
  EXPECT_EQ(enum_info<log_level>::name_of(log_level::errorCode), "error-code");
  EXPECT_EQ(enum_info<log_level>::from_name("warn-once"), log_level::WarnOnce);
  EXPECT_EQ(enum_info<log_level>::from_name("WarnOnce"), std::nullopt);
}

TEST(EnumInfo, ExplicitEnumerators) {
  // meta<E>::enumerators: their order, their names as written (the naming policy is not
  // applied), values outside the reflected range.
  ASSERT_EQ(enum_info<http_status>::entries.size(), 2u);
  EXPECT_EQ(enum_info<http_status>::entries[0].value, http_status::not_found);
  EXPECT_EQ(enum_info<http_status>::entries[0].name, "Not Found");
  EXPECT_EQ(enum_info<http_status>::entries[1].name, "OK");
  EXPECT_EQ(enum_info<http_status>::name_of(http_status::ok), "OK");
  EXPECT_EQ(enum_info<http_status>::from_name("Not Found"), http_status::not_found);
  EXPECT_EQ(enum_info<http_status>::from_name("NOT_FOUND"), std::nullopt);
  EXPECT_EQ(enum_info<http_status>::name_of(static_cast<http_status>(500)), "");
}

// ---- object_info --------------------------------------------------------------------------------

using toon::detail::object_info;

static_assert(object_info<plain>::size == 3);
static_assert(object_info<plain>::names[1] == "display_name");
static_assert(object_info<profile>::size == 4);
static_assert(object_info<profile>::names[0] == "ID");
static_assert(object_info<profile>::names[1] == "firstName");
static_assert(object_info<profile>::names[2] == "isAdmin");
static_assert(object_info<profile>::names[3] == "surname");
static_assert(object_info<profile>::source_name<3> == "last_name");
static_assert(std::is_same_v<object_info<profile>::type<2>, bool>);
static_assert(object_info<shouting>::names[0] == "RETRY_COUNT");
static_assert(object_info<account>::size == 2);
static_assert(object_info<account>::names[1] == "owner");
static_assert(std::is_same_v<object_info<account>::type<0>, int>);
static_assert(std::is_same_v<object_info<account>::type<1>, std::string>);

template <class T>
std::vector<std::string> names_of() {
  std::vector<std::string> out;
  toon::detail::for_each_member_index<T>([&](auto i) { out.emplace_back(object_info<T>::names[i]); });
  return out;
}

TEST(ObjectInfo, ReflectedNames) {
  EXPECT_EQ(names_of<plain>(), (std::vector<std::string>{"id", "display_name", "score"}));
  plain p{7, "Ada", 1.5};
  EXPECT_EQ(object_info<plain>::get<0>(p), 7);
  object_info<plain>::get<1>(p) = "Grace";
  EXPECT_EQ(p.display_name, "Grace");
  const plain& cp = p;
  static_assert(std::is_same_v<decltype(object_info<plain>::get<2>(cp)), const double&>);
  EXPECT_EQ(object_info<plain>::get<2>(cp), 1.5);
}

TEST(ObjectInfo, RenameBeatsNamingBeatsReflectedName) {
  EXPECT_EQ(names_of<profile>(), (std::vector<std::string>{"ID", "firstName", "isAdmin", "surname"}));
  EXPECT_EQ(names_of<shouting>(), (std::vector<std::string>{"RETRY_COUNT", "API_KEY"}));
  EXPECT_EQ(object_info<profile>::source_name<0>, "user_id");
  EXPECT_EQ(object_info<profile>::source_name<1>, "first_name");
}

TEST(ObjectInfo, SkippedFieldsAreLeftOut) {
  profile p{1, "Ada", true, "scratch", "Lovelace"};
  // Member 3 is last_name: the skipped `cache` does not take an index.
  EXPECT_EQ(object_info<profile>::get<3>(p), "Lovelace");
  EXPECT_EQ(object_info<profile>::get<2>(p), true);
  std::vector<std::string> sources;
  toon::detail::for_each_member_index<profile>(
      [&](auto i) { sources.emplace_back(object_info<profile>::template source_name<decltype(i)::value>); });
  EXPECT_EQ(sources, (std::vector<std::string>{"user_id", "first_name", "is_admin", "last_name"}));
}

TEST(ObjectInfo, PrivateMembersThroughMetaFields) {
  EXPECT_EQ(names_of<account>(), (std::vector<std::string>{"id", "owner"}));
  account a(42, "Ada");
  EXPECT_EQ(object_info<account>::get<0>(a), 42);
  object_info<account>::get<1>(a) = "Grace";
  EXPECT_EQ(a.owner(), "Grace");
  const account& ca = a;
  EXPECT_EQ(object_info<account>::get<1>(ca), "Grace");
  EXPECT_EQ(object_info<account>::source_name<1>, "owner");
}

// ---- meta detection -----------------------------------------------------------------------------

static_assert(toon::detail::has_meta_naming<profile> && toon::detail::has_meta_rename<profile>);
static_assert(toon::detail::has_meta_skip<profile> && toon::detail::has_meta_defaulted<profile>);
static_assert(!toon::detail::has_meta_fields<profile> && toon::detail::has_meta_fields<account>);
static_assert(toon::detail::has_meta_description<account> && toon::detail::has_meta_field_descriptions<account>);
static_assert(toon::detail::has_meta_proxy<celsius> && !toon::detail::has_meta_proxy<plain>);
static_assert(toon::detail::has_meta_tag<circle> && toon::detail::has_meta_tag_key<circle>);
static_assert(toon::detail::has_meta_enumerators<http_status> && !toon::detail::has_meta_enumerators<gaps>);
static_assert(!toon::detail::has_meta_naming<plain> && !toon::detail::has_meta_skip<plain>);

// ---- type_kind: every row of the mapping table --------------------------------------------------

using sys_ms = std::chrono::time_point<std::chrono::system_clock, std::chrono::milliseconds>;
using variant_t = std::variant<int, std::string, plain>;

// dynamic
static_assert(type_kind_v<toon::value> == type_kind::dynamic);
static_assert(type_kind_v<toon::array> == type_kind::dynamic);
static_assert(type_kind_v<toon::object> == type_kind::dynamic);
// proxy (wins over being an aggregate)
static_assert(type_kind_v<celsius> == type_kind::proxy);
// null
static_assert(type_kind_v<std::nullptr_t> == type_kind::null);
static_assert(type_kind_v<std::monostate> == type_kind::null);
// boolean, character
static_assert(type_kind_v<bool> == type_kind::boolean);
static_assert(type_kind_v<char> == type_kind::character);
// integer: every integral type but bool and char
static_assert(type_kind_v<signed char> == type_kind::integer);
static_assert(type_kind_v<unsigned char> == type_kind::integer);
static_assert(type_kind_v<std::int8_t> == type_kind::integer);
static_assert(type_kind_v<std::uint8_t> == type_kind::integer);
static_assert(type_kind_v<short> == type_kind::integer);
static_assert(type_kind_v<unsigned short> == type_kind::integer);
static_assert(type_kind_v<int> == type_kind::integer);
static_assert(type_kind_v<unsigned> == type_kind::integer);
static_assert(type_kind_v<long> == type_kind::integer);
static_assert(type_kind_v<unsigned long> == type_kind::integer);
static_assert(type_kind_v<long long> == type_kind::integer);
static_assert(type_kind_v<std::uint64_t> == type_kind::integer);
// floating
static_assert(type_kind_v<float> == type_kind::floating);
static_assert(type_kind_v<double> == type_kind::floating);
static_assert(type_kind_v<long double> == type_kind::floating);
// string
static_assert(type_kind_v<std::string> == type_kind::string);
static_assert(type_kind_v<std::string_view> == type_kind::string);
static_assert(type_kind_v<const char*> == type_kind::string);
static_assert(type_kind_v<char*> == type_kind::string);
// enumeration
static_assert(type_kind_v<gaps> == type_kind::enumeration);
static_assert(type_kind_v<unscoped> == type_kind::enumeration);
static_assert(type_kind_v<http_status> == type_kind::enumeration);
// time_point: system_clock at any resolution
static_assert(type_kind_v<std::chrono::system_clock::time_point> == type_kind::time_point);
static_assert(type_kind_v<sys_ms> == type_kind::time_point);
static_assert(type_kind_v<std::chrono::sys_seconds> == type_kind::time_point);
// optional, pointer
static_assert(type_kind_v<std::optional<int>> == type_kind::optional);
static_assert(type_kind_v<std::optional<plain>> == type_kind::optional);
static_assert(type_kind_v<std::unique_ptr<plain>> == type_kind::pointer);
static_assert(type_kind_v<std::shared_ptr<std::string>> == type_kind::pointer);
// sequence, set, fixed_array
static_assert(type_kind_v<std::vector<int>> == type_kind::sequence);
static_assert(type_kind_v<std::vector<bool>> == type_kind::sequence);
static_assert(type_kind_v<std::deque<std::string>> == type_kind::sequence);
static_assert(type_kind_v<std::list<plain>> == type_kind::sequence);
static_assert(type_kind_v<std::set<int>> == type_kind::set);
static_assert(type_kind_v<std::unordered_set<std::string>> == type_kind::set);
static_assert(type_kind_v<std::array<int, 3>> == type_kind::fixed_array);  // an aggregate, but an array
static_assert(type_kind_v<std::array<plain, 0>> == type_kind::fixed_array);
// map: string keys only
static_assert(type_kind_v<std::map<std::string, int>> == type_kind::map);
static_assert(type_kind_v<std::map<std::string, plain, std::less<>>> == type_kind::map);
static_assert(type_kind_v<std::unordered_map<std::string, std::vector<int>>> == type_kind::map);
// tuple, variant
static_assert(type_kind_v<std::pair<int, std::string>> == type_kind::tuple);
static_assert(type_kind_v<std::tuple<int, double, plain>> == type_kind::tuple);
static_assert(type_kind_v<std::tuple<>> == type_kind::tuple);
static_assert(type_kind_v<variant_t> == type_kind::variant);
// object: aggregates and classes with meta<T>::fields
static_assert(type_kind_v<plain> == type_kind::object);
static_assert(type_kind_v<profile> == type_kind::object);
static_assert(type_kind_v<account> == type_kind::object);
static_assert(type_kind_v<circle> == type_kind::object);
// cv-qualifiers and references are ignored
static_assert(type_kind_v<const int&> == type_kind::integer);
static_assert(type_kind_v<volatile double> == type_kind::floating);
static_assert(type_kind_v<std::vector<int>&&> == type_kind::sequence);
static_assert(type_kind_v<const plain&> == type_kind::object);
// unsupported
static_assert(type_kind_v<opaque> == type_kind::unsupported);
static_assert(type_kind_v<int*> == type_kind::unsupported);
static_assert(type_kind_v<int[3]> == type_kind::unsupported);
static_assert(type_kind_v<std::map<int, int>> == type_kind::unsupported);
static_assert(type_kind_v<std::multiset<int>> == type_kind::unsupported);
static_assert(type_kind_v<std::forward_list<int>> == type_kind::unsupported);
static_assert(type_kind_v<std::weak_ptr<int>> == type_kind::unsupported);
static_assert(type_kind_v<std::function<void()>> == type_kind::unsupported);
static_assert(type_kind_v<std::chrono::steady_clock::time_point> == type_kind::unsupported);
static_assert(type_kind_v<std::chrono::seconds> == type_kind::unsupported);

// Helpers of the table.
static_assert(toon::detail::supported<plain>() && toon::detail::supported<std::optional<int>>());
static_assert(std::is_same_v<toon::detail::pointee_t<std::optional<int>>, int>);
static_assert(std::is_same_v<toon::detail::pointee_t<std::unique_ptr<const plain>>, plain>);
static_assert(std::is_same_v<toon::detail::pointee_t<std::shared_ptr<std::string>>, std::string>);
static_assert(toon::detail::object_type<plain> && toon::detail::object_type<account>);
static_assert(!toon::detail::object_type<celsius> && !toon::detail::object_type<opaque>);
static_assert(!toon::detail::object_type<std::string>);

TEST(TypeKind, MappingTable) {
  // The same rows at run time, so that a mismatch prints the kinds.
  const std::pair<type_kind, type_kind> rows[] = {
      {type_kind_v<toon::value>, type_kind::dynamic},
      {type_kind_v<celsius>, type_kind::proxy},
      {type_kind_v<std::nullptr_t>, type_kind::null},
      {type_kind_v<bool>, type_kind::boolean},
      {type_kind_v<char>, type_kind::character},
      {type_kind_v<std::uint16_t>, type_kind::integer},
      {type_kind_v<float>, type_kind::floating},
      {type_kind_v<std::string>, type_kind::string},
      {type_kind_v<gaps>, type_kind::enumeration},
      {type_kind_v<sys_ms>, type_kind::time_point},
      {type_kind_v<std::optional<double>>, type_kind::optional},
      {type_kind_v<std::shared_ptr<plain>>, type_kind::pointer},
      {type_kind_v<std::deque<int>>, type_kind::sequence},
      {type_kind_v<std::set<std::string>>, type_kind::set},
      {type_kind_v<std::array<double, 2>>, type_kind::fixed_array},
      {type_kind_v<std::unordered_map<std::string, int>>, type_kind::map},
      {type_kind_v<std::pair<int, int>>, type_kind::tuple},
      {type_kind_v<variant_t>, type_kind::variant},
      {type_kind_v<account>, type_kind::object},
      {type_kind_v<opaque>, type_kind::unsupported},
  };
  int i = 0;
  for (const auto& [got, want] : rows) {
    EXPECT_EQ(static_cast<int>(got), static_cast<int>(want)) << "row " << i;
    ++i;
  }
}

TEST(TypeKind, PrimitiveKinds) {
  using toon::detail::is_primitive_kind;
  for (type_kind k : {type_kind::null, type_kind::boolean, type_kind::character, type_kind::integer,
                      type_kind::floating, type_kind::string, type_kind::enumeration, type_kind::time_point})
    EXPECT_TRUE(is_primitive_kind(k)) << static_cast<int>(k);
  for (type_kind k : {type_kind::unsupported, type_kind::dynamic, type_kind::proxy, type_kind::optional,
                      type_kind::pointer, type_kind::sequence, type_kind::set, type_kind::fixed_array,
                      type_kind::map, type_kind::tuple, type_kind::variant, type_kind::object})
    EXPECT_FALSE(is_primitive_kind(k)) << static_cast<int>(k);
}

}  // namespace
