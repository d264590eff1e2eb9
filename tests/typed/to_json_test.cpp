// toon::to_json(x) for typed values (issue 22, item 6): the JSON text of to_value(x).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "toon/json.hpp"
#include "toon/toon.hpp"

namespace tj {

enum class role { admin, guest };

struct address {
  std::string city;
  std::optional<std::string> zip;
};

struct user {
  std::uint64_t id;
  std::string name;
  role r;
  std::vector<int> scores;
  address home;
  std::map<std::string, double> weights;
  std::unique_ptr<int> boss;
  std::variant<int, std::string> tag;
  std::chrono::sys_seconds seen;
};

struct circle {
  double r;
};
struct square {
  double side;
};

}  // namespace tj

template <>
struct toon::meta<tj::user> {
  static constexpr toon::naming naming = toon::naming::camel_case;
};

namespace tj {

TEST(TypedToJson, StructsContainersAndEnums) {
  user u{18446744073709551615ull, "Ada \"A\"", role::guest, {1, 2}, {"Paris", std::nullopt},
         {{"b", 0.5}, {"a", 1e300}}, nullptr, std::string("t"),
         std::chrono::sys_seconds{std::chrono::seconds{86400}}};
  EXPECT_EQ(toon::to_json(u),
            R"({"id":18446744073709551615,"name":"Ada \"A\"","r":"guest","scores":[1,2],)"
            R"("home":{"city":"Paris","zip":null},"weights":{"a":1e+300,"b":0.5},"boss":null,"tag":"t",)"
            R"("seen":"1970-01-02T00:00:00Z"})");
  EXPECT_EQ(toon::to_json(u), toon::to_json(toon::to_value(u)));
  toon::json_options pretty;
  pretty.indent = 2;
  EXPECT_EQ(toon::to_json(address{"Oslo", "0150"}, pretty), "{\n  \"city\": \"Oslo\",\n  \"zip\": \"0150\"\n}");
}

TEST(TypedToJson, TopLevelContainersAndVariants) {
  EXPECT_EQ(toon::to_json(std::vector<std::optional<int>>{1, std::nullopt}), "[1,null]");
  EXPECT_EQ(toon::to_json(std::vector<std::variant<circle, square>>{circle{1}, square{2}}),
            R"([{"type":"circle","r":1},{"type":"square","side":2}])");
  EXPECT_EQ(toon::to_json(std::map<std::string, role>{{"x", role::admin}}), R"({"x":"admin"})");
  EXPECT_EQ(toon::to_json(std::pair<int, std::string>{1, "a"}), R"([1,"a"])");
}

TEST(TypedToJson, ValuesKeepTheirOverload) {
  EXPECT_EQ(toon::to_json("text"), "\"text\"");
  EXPECT_EQ(toon::to_json(42), "42");
  EXPECT_EQ(toon::to_json(toon::object{{"k", toon::array{1, true}}}), R"({"k":[1,true]})");
}

TEST(TypedToJson, UnnamedEnumValueThrows) {
  EXPECT_THROW((void)toon::to_json(std::vector<role>{static_cast<role>(7)}), toon::toon_error);
}

TEST(TypedToJson, RoundTripsThroughTheTypedDecoder) {
  const std::vector<address> in{{"A", "1"}, {"B", std::nullopt}};
  toon::result<toon::value> parsed = toon::from_json(toon::to_json(in));
  ASSERT_TRUE(parsed.has_value());
  toon::result<std::vector<address>> back = toon::from_value<std::vector<address>>(*parsed);
  ASSERT_TRUE(back.has_value()) << back.error().to_string();
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[0].zip, "1");
  EXPECT_EQ((*back)[1].zip, std::nullopt);
}

}  // namespace tj
