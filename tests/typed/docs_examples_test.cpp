// The examples of docs/reflection.md, compiled and run. Each block between "// doc:begin" and
// "// doc:end" appears verbatim in the documentation (tests/check_doc_examples.py checks it).
// Expected TOON texts come from the reference implementation's encoding of the same data.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "toon/fmt.hpp"
#include "toon/toon.hpp"

// doc:begin basic
struct user {
  int id;
  std::string name;
  std::string role;
};
struct team {
  std::string name;
  std::vector<user> members;
};

TEST(DocsReflection, Basic) {
  team t{"core", {{1, "Ada", "admin"}, {2, "Bob", "user"}}};
  std::string text = toon::encode(t);
  EXPECT_EQ(text,
            "name: core\n"
            "members[2]{id,name,role}:\n"
            "  1,Ada,admin\n"
            "  2,Bob,user");

  toon::result<team> back = toon::decode<team>(text);
  ASSERT_TRUE(back.has_value()) << back.error().to_string();
  EXPECT_EQ(back->members[1].name, "Bob");
}
// doc:end

// doc:begin groups
struct postal_address {
  std::string city;
  std::string zip;
};
struct person {
  int id;
  std::string name;
  postal_address address;
};

TEST(DocsReflection, NestedFieldGroups) {
  std::vector<person> people{{1, "Ada", {"London", "N1"}}, {2, "Bob", {"Paris", "75001"}}};
  EXPECT_EQ(toon::encode(people),
            "[2]{id,name,address{city,zip}}:\n"
            "  1,Ada,London,N1\n"
            "  2,Bob,Paris,\"75001\"");
}
// doc:end

// doc:begin keyed
struct server {
  std::string host;
  int port;
};
struct cluster {
  std::map<std::string, server> servers;
  int retries;
};

TEST(DocsReflection, KeyedTables) {
  cluster c{{{"primary", {"10.0.0.1", 8080}}, {"backup", {"10.0.0.2", 8081}}}, 3};
  EXPECT_EQ(toon::encode(c),
            "servers[2:]{host,port}:\n"
            "  backup: 10.0.0.2,8081\n"
            "  primary: 10.0.0.1,8080\n"
            "retries: 3");
}
// doc:end

// doc:begin meta
enum class access_level { guest, power_user, admin };

struct account {
  int user_id;
  std::string display_name;
  access_level level;
  std::chrono::sys_seconds last_seen;
  std::optional<std::string> email;
  std::string session_cache;  // not part of the data
};

template <>
struct toon::meta<account> {
  static constexpr toon::naming naming = toon::naming::camel_case;
  static constexpr std::string_view skip[] = {"session_cache"};
};
template <>
struct toon::meta<access_level> {
  static constexpr toon::naming naming = toon::naming::kebab_case;
};

TEST(DocsReflection, Meta) {
  using namespace std::chrono;
  account a{7, "Ada", access_level::power_user, sys_days{year{2025} / 3 / 1} + hours{12}, std::nullopt, "x"};
  EXPECT_EQ(toon::encode(a),
            "userId: 7\n"
            "displayName: Ada\n"
            "level: power-user\n"
            "lastSeen: \"2025-03-01T12:00:00Z\"\n"
            "email: null");
}
// doc:end

// doc:begin all_defaulted
struct retry_policy {
  int retries = 3;
  std::string mode = "fast";
  std::vector<int> codes{500, 503};
};
template <>
struct toon::meta<retry_policy> {
  static constexpr bool all_defaulted = true;  // absent members keep their initializers
};

TEST(DocsReflection, AllDefaulted) {
  retry_policy p = toon::decode<retry_policy>("retries: 5").value();
  EXPECT_EQ(p.mode, "fast");
  EXPECT_EQ(p.codes, (std::vector<int>{500, 503}));
  EXPECT_EQ(toon::typed_params<retry_policy>(), "retries:int=3 mode:string=fast codes:int[]");
}
// doc:end

// doc:begin enums
enum class http_status : std::uint16_t { ok = 200, not_found = 404, bad_gateway = 502 };
enum class permission : std::uint32_t { read = 1, write = 2, admin = 1u << 20, all = ~0u };

template <>
struct toon::meta<http_status> {
  static constexpr auto enum_range = std::pair{100, 599};
};

struct reply {
  http_status status;
  permission grant;
};

TEST(DocsReflection, Enums) {
  EXPECT_EQ(toon::encode(reply{http_status::not_found, permission::admin}), "status: not_found\ngrant: admin");
  EXPECT_EQ(toon::decode<reply>("status: bad_gateway\ngrant: all")->status, http_status::bad_gateway);
  EXPECT_EQ(toon::typed_params<reply>(), "status:ok/not_found/bad_gateway! grant:read/write/admin/all!");

  // A value without a name: an error, not `status: 12345`.
  EXPECT_THROW((void)toon::encode(reply{static_cast<http_status>(12345), permission::read}), toon::toon_error);
  toon::result<reply> r = toon::decode<reply>("status: 12345\ngrant: read");
  EXPECT_EQ(r.error().code, toon::error_code::invalid_enum);
  EXPECT_EQ(r.error().path, "status");
}
// doc:end

// doc:begin variant
struct circle {
  double radius;
};
struct square {
  double side;
};
struct drawing {
  std::vector<std::variant<circle, square>> shapes;
};

template <>
struct toon::meta<circle> {
  static constexpr std::string_view tag_key = "kind";
};
template <>
struct toon::meta<square> {
  static constexpr std::string_view tag_key = "kind";
};

TEST(DocsReflection, TaggedVariants) {
  drawing d{{circle{1.5}, square{2}}};
  const std::string text = toon::encode(d);
  EXPECT_EQ(text,
            "shapes[2]:\n"
            "  - kind: circle\n"
            "    radius: 1.5\n"
            "  - kind: square\n"
            "    side: 2");
  toon::result<drawing> back = toon::decode<drawing>(text);
  ASSERT_TRUE(back.has_value()) << back.error().to_string();
  EXPECT_EQ(std::get<square>(back->shapes[1]).side, 2);
}
// doc:end

// doc:begin proxy
// A class with private state, written as a string.
class money {
 public:
  money() = default;
  money(long cents, std::string currency) : cents_(cents), currency_(std::move(currency)) {}
  long cents() const { return cents_; }
  const std::string& currency() const { return currency_; }

 private:
  long cents_ = 0;
  std::string currency_;
};

struct product {
  std::string item;
  money price;
};

template <>
struct toon::meta<money> {
  using proxy = std::string;
  static std::string to_proxy(const money& p) {
    std::string cents = std::to_string(p.cents() % 100);
    return std::to_string(p.cents() / 100) + "." + (cents.size() == 1 ? "0" : "") + cents + " " + p.currency();
  }
  static toon::result<money> from_proxy(std::string&& s) {
    long units = 0, cents = 0;
    char currency[4] = {};
    if (std::sscanf(s.c_str(), "%ld.%2ld %3s", &units, &cents, currency) != 3)
      return toon::error{toon::error_code::type_mismatch, "expected a price like \"4.20 EUR\""};
    return money(units * 100 + cents, currency);
  }
};

TEST(DocsReflection, Proxy) {
  product p{"coffee", money(420, "EUR")};
  EXPECT_EQ(toon::encode(p), "item: coffee\nprice: 4.20 EUR");
  toon::result<product> back = toon::decode<product>("item: tea\nprice: 3.05 GBP");
  ASSERT_TRUE(back.has_value()) << back.error().to_string();
  EXPECT_EQ(back->price.cents(), 305);
}
// doc:end

// doc:begin errors
struct buyer {
  std::string name;
  int age;
};
struct order {
  int id;
  buyer customer;
};
struct order_list {
  std::vector<order> orders;
};

TEST(DocsReflection, Errors) {
  const char* reply =
      "orders[2]:\n"
      "  - id: 1\n"
      "    customer:\n"
      "      name: Ada\n"
      "      age: 36\n"
      "  - id: 2\n"
      "    customer:\n"
      "      name: Bob\n"
      "      age: thirty";
  toon::result<order_list> r = toon::decode<order_list>(reply);
  ASSERT_FALSE(r.has_value());
  const toon::error& e = r.error();
  EXPECT_EQ(e.code, toon::error_code::type_mismatch);
  EXPECT_EQ(e.path, "orders[1].customer.age");
  EXPECT_EQ(e.to_string(), "9:12: orders[1].customer.age: expected integer, found string");
}
// doc:end

// doc:begin fmt
struct point {
  int x;
  int y;
};

TEST(DocsReflection, Fmt) {
  EXPECT_EQ(fmt::format("{}", toon::as_toon(point{3, 4})), "x: 3\ny: 4");
}
// doc:end
