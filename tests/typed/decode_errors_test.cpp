// Typed decoding errors: exact codes, messages, paths, lines and columns; collecting several
// errors; syntax errors; hostile input.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "toon/typed/decode.hpp"

namespace de {

enum class color { red, green, blue };
enum class small : std::uint8_t { a, b };

struct customer {
  std::string name;
  int age;
};
struct order {
  int id;
  customer buyer;
};
struct order_list {
  std::vector<order> orders;
};

struct user {
  int id;
  std::string name;
  std::string email;
};
struct user_list {
  std::vector<user> users;
};

struct settings {
  color theme;
  std::chrono::sys_seconds at;
  std::array<int, 3> rgb;
  std::pair<std::string, int> entry;
  std::optional<char> initial;
};

struct circle {
  double radius;
};
struct square {
  double side;
};
using shape = std::variant<circle, square>;
struct drawing {
  std::vector<shape> shapes;
};

struct tree {
  int value;
  std::vector<tree> kids;
};

struct point {
  int x;
  int y;
};

// Written as a string "x,y".
struct coord {
  int x = 0;
  int y = 0;
};

}  // namespace de

template <>
struct toon::meta<de::coord> {
  using proxy = std::string;
  static std::string to_proxy(const de::coord& c) { return std::to_string(c.x) + "," + std::to_string(c.y); }
  static toon::result<de::coord> from_proxy(std::string&& s) {
    std::size_t comma = s.find(',');
    if (comma == std::string::npos) {
      toon::error e;
      e.message = "expected \"x,y\"";
      return e;
    }
    return de::coord{std::stoi(s.substr(0, comma)), std::stoi(s.substr(comma + 1))};
  }
};

namespace {

using namespace de;
using toon::error_code;

template <class T>
toon::error fails(std::string_view text, const toon::decode_options& options = {}) {
  toon::result<T> r = toon::decode<T>(text, options);
  EXPECT_FALSE(r.has_value()) << text;
  if (r.has_value()) return {};
  return r.error();
}

void expect_error(const toon::error& e, error_code code, std::string_view path, std::string_view message,
                  std::uint32_t line, std::uint32_t column) {
  EXPECT_EQ(e.code, code) << toon::to_string(e.code);
  EXPECT_EQ(e.path, path);
  EXPECT_EQ(e.message, message);
  EXPECT_EQ(e.line, line);
  EXPECT_EQ(e.column, column);
  std::string expected = std::to_string(line) + ":" + std::to_string(column) + ": ";
  if (!path.empty()) expected += std::string(path) + ": ";
  expected += message;
  EXPECT_EQ(e.to_string(), expected);
}

// ---- type mismatches ---------------------------------------------------------------------------

TEST(TypedDecodeErrors, TypeMismatchDeepInsideAList) {
  const char* text =
      "orders[3]:\n"
      "  - id: 1\n"
      "    buyer:\n"
      "      name: Ada\n"
      "      age: 36\n"
      "  - id: 2\n"
      "    buyer:\n"
      "      name: Bob\n"
      "      age: 40\n"
      "  - id: 3\n"
      "    buyer:\n"
      "      name: 42\n"
      "      age: 50";
  toon::error e = fails<order_list>(text);
  expect_error(e, error_code::type_mismatch, "orders[2].buyer.name", "expected string, found number", 12, 13);
  EXPECT_EQ(e.to_string(), "12:13: orders[2].buyer.name: expected string, found number");
  EXPECT_TRUE(e.more.empty());
}

TEST(TypedDecodeErrors, TypeMismatchInsideATableRow) {
  toon::error e = fails<order_list>(
      "orders[3]{id,buyer{name,age}}:\n"
      "  1,Ada,36\n"
      "  2,Bob,40\n"
      "  3,42,50");
  expect_error(e, error_code::type_mismatch, "orders[2].buyer.name", "expected string, found number", 4, 5);
}

TEST(TypedDecodeErrors, EveryKindOfMismatch) {
  expect_error(fails<int>("x"), error_code::type_mismatch, "", "expected integer, found string", 1, 1);
  expect_error(fails<int>("1.5"), error_code::type_mismatch, "", "expected integer, found 1.5", 1, 1);
  expect_error(fails<int>("null"), error_code::type_mismatch, "", "expected integer, found null", 1, 1);
  expect_error(fails<bool>("yes"), error_code::type_mismatch, "", "expected boolean, found string", 1, 1);
  expect_error(fails<char>("ab"), error_code::type_mismatch, "", "expected one-character string, found string", 1, 1);
  expect_error(fails<double>("true"), error_code::type_mismatch, "", "expected number, found boolean", 1, 1);
  expect_error(fails<std::string>("1"), error_code::type_mismatch, "", "expected string, found number", 1, 1);
  expect_error(fails<std::nullptr_t>("0"), error_code::type_mismatch, "", "expected null, found number", 1, 1);
  expect_error(fails<color>("true"), error_code::type_mismatch, "", "expected enum name, found boolean", 1, 1);
  expect_error(fails<std::vector<int>>("x"), error_code::type_mismatch, "", "expected array, found string", 1, 1);
  expect_error(fails<std::vector<int>>("a: 1"), error_code::type_mismatch, "", "expected array, found object", 1, 1);
  expect_error(fails<point>("[1]: 1"), error_code::type_mismatch, "", "expected object, found array", 1, 1);
  expect_error(fails<std::map<std::string, int>>("7"), error_code::type_mismatch, "", "expected object, found number", 1, 1);
  expect_error(fails<std::pair<int, int>>("x"), error_code::type_mismatch, "", "expected array of 2 elements, found string",
               1, 1);
  expect_error(fails<std::variant<int, std::string>>("true"), error_code::type_mismatch, "",
               "expected integer or string, found boolean", 1, 1);
  expect_error(fails<point>("x: 1\ny:\n  z: 2"), error_code::type_mismatch, "y", "expected integer, found object", 2, 1);
  expect_error(fails<point>("x: 1\ny[1]: 2"), error_code::type_mismatch, "y", "expected integer, found array", 2, 1);
  expect_error(fails<std::vector<int>>("[3]: 1,x,3"), error_code::type_mismatch, "[1]", "expected integer, found string",
               1, 8);
  expect_error(fails<toon::array>("a: 1"), error_code::type_mismatch, "", "expected array, found object", 1, 1);
  expect_error(fails<toon::object>("[0]:"), error_code::type_mismatch, "", "expected object, found array", 1, 1);
}

TEST(TypedDecodeErrors, MapKeysInPaths) {
  expect_error(fails<std::map<std::string, point>>("ok:\n  x: 1\n  y: no"), error_code::type_mismatch, "ok.y",
               "expected integer, found string", 3, 6);
  expect_error(fails<std::map<std::string, point>>("\"a b\":\n  x: 1\n  y: no"), error_code::type_mismatch,
               "[\"a b\"].y", "expected integer, found string", 3, 6);
  expect_error(fails<std::map<std::string, std::vector<int>>>("\"q\\\"\"[1]: x"), error_code::type_mismatch,
               "[\"q\\\"\"][0]", "expected integer, found string", 1, 11);
  expect_error(fails<std::vector<std::map<std::string, int>>>("[1]:\n  - a1: 1\n    _b: x"), error_code::type_mismatch,
               "[0]._b", "expected integer, found string", 3, 9);
}

// ---- numbers out of range ---------------------------------------------------------------------------

template <class T>
void expect_out_of_range(std::string_view text, std::string_view message) {
  SCOPED_TRACE(std::string(text));
  expect_error(fails<T>(text), error_code::out_of_range, "", message, 1, 1);
}

TEST(TypedDecodeErrors, OutOfRangeForEveryIntegerWidth) {
  expect_out_of_range<std::int8_t>("128", "128 is out of range for int8");
  expect_out_of_range<std::int8_t>("-129", "-129 is out of range for int8");
  expect_out_of_range<std::uint8_t>("256", "256 is out of range for uint8");
  expect_out_of_range<std::uint8_t>("-1", "-1 is out of range for uint8");
  expect_out_of_range<std::int16_t>("32768", "32768 is out of range for int16");
  expect_out_of_range<std::int16_t>("-32769", "-32769 is out of range for int16");
  expect_out_of_range<std::uint16_t>("65536", "65536 is out of range for uint16");
  expect_out_of_range<std::uint16_t>("-1", "-1 is out of range for uint16");
  expect_out_of_range<std::int32_t>("2147483648", "2147483648 is out of range for int32");
  expect_out_of_range<std::int32_t>("-2147483649", "-2147483649 is out of range for int32");
  expect_out_of_range<std::uint32_t>("4294967296", "4294967296 is out of range for uint32");
  expect_out_of_range<std::uint32_t>("-1", "-1 is out of range for uint32");
  expect_out_of_range<std::int64_t>("9223372036854775808", "9223372036854775808 is out of range for int64");
  expect_out_of_range<std::int64_t>("-9223372036854775809", "-9223372036854775809 is out of range for int64");
  expect_out_of_range<std::uint64_t>("18446744073709551616", "18446744073709551616 is out of range for uint64");
  expect_out_of_range<std::uint64_t>("-1", "-1 is out of range for uint64");
  expect_out_of_range<long long>("99999999999999999999999999", "99999999999999999999999999 is out of range for int64");
  expect_out_of_range<unsigned short>("70000", "70000 is out of range for uint16");
  expect_out_of_range<small>("300", "300 is out of range for uint8");
}

TEST(TypedDecodeErrors, OutOfRangeFromIntegralDecimals) {
  expect_out_of_range<std::int8_t>("1e3", "1000 is out of range for int8");
  expect_out_of_range<std::uint32_t>("-2.0", "-2 is out of range for uint32");
  expect_out_of_range<std::uint64_t>("1e20", "100000000000000000000 is out of range for uint64");
  expect_out_of_range<std::int64_t>("-1e19", "-10000000000000000000 is out of range for int64");
  expect_out_of_range<std::int64_t>("1e300", "1e+300 is out of range for int64");
}

TEST(TypedDecodeErrors, OutOfRangeForFloatingPoint) {
  expect_out_of_range<float>("1e39", "1e+39 is out of range for float");
  expect_out_of_range<float>("-3.5e38", "-3.5e+38 is out of range for float");
  const std::string forty = "1" + std::string(40, '0');
  expect_out_of_range<float>(forty, forty + " is out of range for float");
  const std::string huge = "9" + std::string(400, '0');
  expect_out_of_range<double>(huge, huge + " is out of range for double");
}

TEST(TypedDecodeErrors, OutOfRangeLocatedInsideAnObject) {
  expect_error(fails<std::map<std::string, std::uint8_t>>("level: 300"), error_code::out_of_range, "level",
               "300 is out of range for uint8", 1, 8);
}

// ---- missing and unknown fields ------------------------------------------------------------------------

TEST(TypedDecodeErrors, MissingFieldInATableRow) {
  const char* text =
      "users[2]{id,name}:\n"
      "  1,Ada\n"
      "  2,Bob";
  toon::error e = fails<user_list>(text);
  expect_error(e, error_code::missing_field, "users[0].email", "missing required field", 2, 3);
  EXPECT_EQ(e.to_string(), "2:3: users[0].email: missing required field");

  toon::decode_options all;
  all.collect_all_errors = true;
  toon::error c = fails<user_list>(text, all);
  expect_error(c, error_code::missing_field, "users[0].email", "missing required field", 2, 3);
  ASSERT_EQ(c.more.size(), 1u);
  expect_error(c.more[0], error_code::missing_field, "users[1].email", "missing required field", 3, 3);
}

TEST(TypedDecodeErrors, MissingFieldInANestedObject) {
  expect_error(fails<order>("id: 1\nbuyer:\n  age: 3"), error_code::missing_field, "buyer.name",
               "missing required field", 2, 1);
  expect_error(fails<order_list>("orders[1]:\n  - id: 1\n    buyer:\n      name: A"), error_code::missing_field,
               "orders[0].buyer.age", "missing required field", 3, 5);
  expect_error(fails<order_list>("orders[1]:\n  - buyer:\n      name: A\n      age: 1"), error_code::missing_field,
               "orders[0].id", "missing required field", 2, 5);
  expect_error(fails<point>("x: 1"), error_code::missing_field, "y", "missing required field", 1, 1);
}

TEST(TypedDecodeErrors, UnknownField) {
  toon::error e = fails<user>("id: 1\nname: A\nemail: e\nphone: 5");
  expect_error(e, error_code::unknown_field, "phone", "unknown field (expected one of: id, name, email)", 4, 1);
  expect_error(fails<user_list>("users[1]{id,name,email,phone}:\n  1,a,b,c"), error_code::unknown_field,
               "users[0].phone", "unknown field (expected one of: id, name, email)", 2, 3);
  expect_error(fails<user>("id: 1\n\"my key\": 2"), error_code::unknown_field, "[\"my key\"]",
               "unknown field (expected one of: id, name, email)", 2, 1);
}

TEST(TypedDecodeErrors, UnknownFieldsIgnoredOnRequest) {
  toon::decode_options lenient;
  lenient.ignore_unknown_fields = true;
  const char* text =
      "id: 1\n"
      "extra:\n"
      "  deep:\n"
      "    deeper[2]: 1,2\n"
      "  list[2]:\n"
      "    - a: 1\n"
      "      b[1]{c}:\n"
      "        3\n"
      "    - [2]: 4,5\n"
      "name: A\n"
      "table[2]{p,q}:\n"
      "  1,2\n"
      "  3,4\n"
      "keyed[1:]{p}:\n"
      "  k: 1\n"
      "flat[3]: a,b,c\n"
      "empty[0]:\n"
      "email: e";
  toon::result<user> r = toon::decode<user>(text, lenient);
  ASSERT_TRUE(r.has_value()) << r.error().to_string();
  EXPECT_EQ(r->id, 1);
  EXPECT_EQ(r->name, "A");
  EXPECT_EQ(r->email, "e");
  expect_error(fails<user>(text), error_code::unknown_field, "extra", "unknown field (expected one of: id, name, email)",
               2, 1);
  toon::result<user_list> rows = toon::decode<user_list>("users[1]{id,x,name,email}:\n  1,2,a,b", lenient);
  ASSERT_TRUE(rows.has_value());
  EXPECT_EQ(rows->users[0].name, "a");
}

// ---- enums, timestamps, fixed lengths, proxies, variants -------------------------------------------------------

TEST(TypedDecodeErrors, BadEnumName) {
  expect_error(fails<settings>("theme: purple"), error_code::invalid_enum, "theme",
               "unknown enumerator \"purple\" (expected one of: red, green, blue)", 1, 8);
  expect_error(fails<color>("\"a\\\"b\""), error_code::invalid_enum, "",
               "unknown enumerator \"a\\\"b\" (expected one of: red, green, blue)", 1, 1);
}

TEST(TypedDecodeErrors, BadTimestamp) {
  const char* base = "theme: red\nrgb[3]: 1,2,3\nentry[2]: a,1\n";
  expect_error(fails<settings>(std::string(base) + "at: 2025-13-01T00:00:00Z"), error_code::type_mismatch, "at",
               "expected ISO 8601 timestamp, found string", 4, 5);
  expect_error(fails<settings>(std::string(base) + "at: 5"), error_code::type_mismatch, "at",
               "expected ISO 8601 timestamp, found number", 4, 5);
  expect_error(fails<std::chrono::sys_seconds>("yesterday"), error_code::type_mismatch, "",
               "expected ISO 8601 timestamp, found string", 1, 1);
  using ns_time = std::chrono::time_point<std::chrono::system_clock, std::chrono::nanoseconds>;
  expect_error(fails<ns_time>("\"2500-01-01T00:00:00Z\""), error_code::out_of_range, "",
               "2500-01-01T00:00:00Z is out of range for time_point", 1, 1);
}

TEST(TypedDecodeErrors, WrongFixedLengths) {
  expect_error(fails<std::array<int, 3>>("[2]: 1,2"), error_code::type_mismatch, "", "expected array of 3 elements, found 2",
               1, 1);
  const char* base = "theme: red\nat: 2025-01-01T00:00:00Z\n";
  expect_error(fails<settings>(std::string(base) + "rgb[4]: 1,2,3,4\nentry[2]: a,1"), error_code::type_mismatch, "rgb",
               "expected array of 3 elements, found 4", 3, 1);
  expect_error(fails<settings>(std::string(base) + "rgb[3]: 1,2,3\nentry[3]: a,1,2"), error_code::type_mismatch,
               "entry", "expected array of 2 elements, found 3", 4, 1);
  expect_error(fails<std::tuple<int, bool>>("[1]: 1"), error_code::type_mismatch, "", "expected array of 2 elements, found 1",
               1, 1);
  expect_error(fails<std::vector<std::array<int, 2>>>("[2]:\n  - [2]: 1,2\n  - [1]: 3"), error_code::type_mismatch, "[1]",
               "expected array of 2 elements, found 1", 3, 5);
}

TEST(TypedDecodeErrors, ProxyErrors) {
  expect_error(fails<std::vector<coord>>("[2]: \"1,2\",3"), error_code::type_mismatch, "[1]", "expected string, found number",
               1, 12);
  expect_error(fails<std::vector<coord>>("[2]: \"1,2\",x"), error_code::type_mismatch, "[1]", "expected \"x,y\"", 1, 12);
}

TEST(TypedDecodeErrors, VariantErrors) {
  expect_error(fails<drawing>("shapes[1]:\n  - type: hexagon\n    side: 1"), error_code::invalid_enum, "shapes[0].type",
               "unknown tag \"hexagon\" (expected one of: circle, square)", 2, 11);
  expect_error(fails<drawing>("shapes[1]:\n  - side: 1\n    type: hexagon"), error_code::invalid_enum, "shapes[0].type",
               "unknown tag \"hexagon\" (expected one of: circle, square)", 2, 5);
  expect_error(fails<drawing>("shapes[1]:\n  - type: 3\n    side: 1"), error_code::type_mismatch, "shapes[0].type",
               "expected string, found number", 2, 11);
  expect_error(fails<drawing>("shapes[1]:\n  - side: 1"), error_code::missing_field, "shapes[0].type",
               "missing required field", 2, 5);
  expect_error(fails<drawing>("shapes[1]:\n  - type: square\n    side: x"), error_code::type_mismatch, "shapes[0].side",
               "expected number, found string", 3, 11);
  // Buffered (tag not first): errors inside are located at the object's start.
  expect_error(fails<drawing>("shapes[1]:\n  - side: x\n    type: square"), error_code::type_mismatch, "shapes[0].side",
               "expected number, found string", 2, 5);
  expect_error(fails<drawing>("shapes[1]:\n  - side: 1\n    radius: 2\n    type: square"), error_code::unknown_field,
               "shapes[0].radius", "unknown field (expected one of: side)", 2, 5);
  expect_error(fails<shape>("[1]: 1"), error_code::type_mismatch, "", "expected object, found array", 1, 1);
}

TEST(TypedDecodeErrors, VariantErrorsWhileCollecting) {
  toon::decode_options all;
  all.collect_all_errors = true;
  toon::error e = fails<drawing>(
      "shapes[5]:\n"
      "  - type: hexagon\n"
      "    side: 1\n"
      "  - type:\n"
      "      a: 1\n"
      "    side: 1\n"
      "  - type[2]: a,b\n"
      "    side: 2\n"
      "  - side: 1\n"
      "    type: square\n"
      "    extra:\n"
      "      deep[1]: 1\n"
      "  - type: circle\n"
      "    radius: 2",
      all);
  expect_error(e, error_code::invalid_enum, "shapes[0].type", "unknown tag \"hexagon\" (expected one of: circle, square)",
               2, 11);
  ASSERT_EQ(e.more.size(), 3u);
  expect_error(e.more[0], error_code::type_mismatch, "shapes[1].type", "expected string, found object", 4, 5);
  expect_error(e.more[1], error_code::type_mismatch, "shapes[2].type", "expected string, found array", 7, 5);
  expect_error(e.more[2], error_code::unknown_field, "shapes[3].extra", "unknown field (expected one of: side)", 9, 5);
}

// ---- collecting every error ---------------------------------------------------------------------------------

TEST(TypedDecodeErrors, CollectAllErrors) {
  toon::decode_options all;
  all.collect_all_errors = true;
  const char* text =
      "orders[3]:\n"
      "  - id: x\n"
      "    buyer:\n"
      "      name: Ada\n"
      "      age: 300000000000\n"
      "  - id: 2\n"
      "    buyer:\n"
      "      name: Bob\n"
      "      nickname: B\n"
      "  - id: 3\n"
      "    buyer[2]: 1,2";
  toon::error e = fails<order_list>(text, all);
  expect_error(e, error_code::type_mismatch, "orders[0].id", "expected integer, found string", 2, 9);
  ASSERT_EQ(e.more.size(), 4u);
  expect_error(e.more[0], error_code::out_of_range, "orders[0].buyer.age", "300000000000 is out of range for int32", 5, 12);
  expect_error(e.more[1], error_code::unknown_field, "orders[1].buyer.nickname",
               "unknown field (expected one of: name, age)", 9, 7);
  expect_error(e.more[2], error_code::missing_field, "orders[1].buyer.age", "missing required field", 7, 5);
  expect_error(e.more[3], error_code::type_mismatch, "orders[2].buyer", "expected object, found array", 11, 5);
  for (const toon::error& m : e.more) EXPECT_TRUE(m.more.empty());

  // Without collecting: only the first.
  toon::error first = fails<order_list>(text);
  expect_error(first, error_code::type_mismatch, "orders[0].id", "expected integer, found string", 2, 9);
  EXPECT_TRUE(first.more.empty());
}

TEST(TypedDecodeErrors, CollectingStopsAtASyntaxError) {
  toon::decode_options all;
  all.collect_all_errors = true;
  toon::error e = fails<user_list>("users[2]{id,name,email}:\n  x,a,b\n  2,b\n  3,c,d", all);
  expect_error(e, error_code::type_mismatch, "users[0].id", "expected integer, found string", 2, 3);
  ASSERT_EQ(e.more.size(), 1u);
  EXPECT_EQ(e.more[0].code, error_code::width_mismatch);
  EXPECT_EQ(e.more[0].line, 3u);
  EXPECT_EQ(e.more[0].path, "");
}

TEST(TypedDecodeErrors, ByteOrderMarkIsNotCounted) {
  expect_error(fails<point>("\xEF\xBB\xBFx: a\ny: 1"), error_code::type_mismatch, "x", "expected integer, found string",
               1, 4);
  EXPECT_EQ(fails<point>("\xEF\xBB\xBFx: a\ny: 1").source_line, "x: a");
  expect_error(fails<point>("\xEF\xBB\xBFx: 1\ny: b"), error_code::type_mismatch, "y", "expected integer, found string",
               2, 4);
}

// ---- syntax errors keep their codes and positions ---------------------------------------------------------

TEST(TypedDecodeErrors, SyntaxErrorsStillHaveLineAndColumn) {
  toon::error e = fails<user_list>("users[2]{id,name,email}:\n  1,a,b");
  EXPECT_EQ(e.code, error_code::length_mismatch);
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 7u);  // the N of the header, with the array's path
  EXPECT_EQ(e.path, "users");
  EXPECT_EQ(e.message, "the header says 2, found 1 row");
  EXPECT_EQ(e.to_string(), "1:7: users: the header says 2, found 1 row");

  toon::error q = fails<point>("x: 1\ny: \"unterminated");
  EXPECT_EQ(q.code, error_code::unterminated_string);
  EXPECT_EQ(q.line, 2u);

  toon::error i = fails<point>("x: 1\n   y: 2");
  EXPECT_EQ(i.code, error_code::invalid_indentation);
  EXPECT_EQ(i.line, 2u);
  EXPECT_EQ(i.column, 1u);
}

// ---- hostile input ---------------------------------------------------------------------------------------------------

std::string nested_objects(int depth) {
  std::string text;
  for (int i = 0; i < depth; ++i) text += std::string(static_cast<std::size_t>(i) * 2, ' ') + "k:\n";
  return text + std::string(static_cast<std::size_t>(depth) * 2, ' ') + "v: 1";
}

TEST(TypedDecodeErrors, DeepNestingHitsTheDepthLimit) {
  EXPECT_EQ(fails<toon::value>(nested_objects(400)).code, error_code::depth_limit);
  EXPECT_EQ((fails<std::map<std::string, toon::value>>(nested_objects(300)).code), error_code::depth_limit);
  // Skipped content (unknown fields) and type mismatches are bounded the same way.
  toon::decode_options lenient;
  lenient.ignore_unknown_fields = true;
  EXPECT_EQ(fails<point>("x: 1\ny: 2\n" + nested_objects(300), lenient).code, error_code::depth_limit);
  toon::decode_options all;
  all.collect_all_errors = true;
  toon::error e = fails<std::vector<int>>(nested_objects(300), all);
  EXPECT_EQ(e.code, error_code::type_mismatch);
  ASSERT_EQ(e.more.size(), 1u);
  EXPECT_EQ(e.more[0].code, error_code::depth_limit);

  std::string deep_tree = "value: 0";
  std::string indent;
  for (int i = 0; i < 100; ++i) {
    deep_tree += "\n" + indent + "kids[1]:\n" + indent + "  - value: " + std::to_string(i + 1);
    indent += "    ";
  }
  toon::result<tree> t = toon::decode<tree>(deep_tree);
  ASSERT_FALSE(t.has_value());
  EXPECT_EQ(t.error().code, error_code::missing_field);  // the innermost has no kids
  EXPECT_EQ(t.error().line, 201u);
}

TEST(TypedDecodeErrors, HugeNumbersAndLengths) {
  const std::string digits(100000, '7');
  EXPECT_EQ(fails<int>(digits).code, error_code::out_of_range);
  EXPECT_EQ(fails<double>(digits).code, error_code::out_of_range);
  toon::result<toon::value> v = toon::decode<toon::value>(digits);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->as_big_integer().digits, digits);
  toon::result<std::variant<int, double, std::string>> var = toon::decode<std::variant<int, double, std::string>>(digits);
  ASSERT_FALSE(var.has_value());
  EXPECT_EQ(var.error().code, error_code::out_of_range);
  EXPECT_EQ(var.error().message, digits + " is out of range for double");

  // A declared length far beyond the content (non-strict: only a hint).
  toon::decode_options lax;
  lax.strict = false;
  toon::result<std::vector<int>> big = toon::decode<std::vector<int>>("[999999999999]: 1,2", lax);
  ASSERT_TRUE(big.has_value()) << big.error().to_string();
  EXPECT_EQ(big->size(), 2u);
  toon::result<std::map<std::string, point>> keyed =
      toon::decode<std::map<std::string, point>>("[99999999999:]{x,y}:\n  a: 1,2", lax);
  ASSERT_TRUE(keyed.has_value());
}

TEST(TypedDecodeErrors, TruncatedAndMangledInputNeverCrash) {
  const std::string text =
      "orders[2]:\n"
      "  - id: 1\n"
      "    buyer:\n"
      "      name: \"Ada \\\"A\\\"\"\n"
      "      age: 36\n"
      "  - id: 2\n"
      "    buyer{name,age}:\n"
      "      x,1";
  toon::decode_options all;
  all.collect_all_errors = true;
  toon::decode_options lax;
  lax.strict = false;
  lax.ignore_unknown_fields = true;
  for (std::size_t n = 0; n <= text.size(); ++n) {
    std::string prefix = text.substr(0, n);
    (void)toon::decode<order_list>(prefix);
    (void)toon::decode<order_list>(prefix, all);
    (void)toon::decode<order_list>(prefix, lax);
    (void)toon::decode<std::variant<order_list, toon::value>>(prefix);
    for (char c : std::string(":-[]{}\",| \n")) {
      std::string mangled = text;
      if (n < mangled.size()) mangled[n] = c;
      (void)toon::decode<order_list>(mangled, all);
      (void)toon::decode<std::vector<std::variant<order, std::map<std::string, toon::value>>>>(mangled, lax);
    }
  }
  SUCCEED();
}

TEST(TypedDecodeErrors, ErrorsFromValues) {
  toon::value v = toon::object{{"orders", toon::array{toon::object{{"id", 1}, {"buyer", toon::object{{"name", 5}}}}}}};
  toon::result<order_list> r = toon::from_value<order_list>(v);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path, "orders[0].buyer.name");
  EXPECT_EQ(r.error().line, 0u);
  EXPECT_EQ(r.error().to_string(), "orders[0].buyer.name: expected string, found number");
  toon::decode_options all;
  all.collect_all_errors = true;
  toon::result<order_list> c = toon::from_value<order_list>(v, all);
  ASSERT_FALSE(c.has_value());
  ASSERT_EQ(c.error().more.size(), 1u);
  EXPECT_EQ(c.error().more[0].path, "orders[0].buyer.age");
  EXPECT_EQ(c.error().more[0].code, error_code::missing_field);
}

}  // namespace
