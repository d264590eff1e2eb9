// Every enumerator is named, whatever its value (issue 22): enums at the extremes of every
// underlying type, flag and mask enums, HTTP-status-like enums with toon::meta<E>::enum_range,
// explicit lists, enum class and plain enums, with and without a fixed underlying type. Round
// trips through encode / to_value / decode, the schemas' enum lists, and the errors for a value
// without a name (encode: toon::toon_error with invalid_enum; decode: invalid_enum at its path).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/toon.hpp"

namespace en {

enum class e_i8 : std::int8_t { lo = -128, minus_one = -1, zero = 0, hi = 127 };
enum class e_u8 : std::uint8_t { zero = 0, one = 1, hi = 255 };
enum class e_i16 : std::int16_t { lo = -32768, minus_one = -1, zero = 0, v256 = 256, bit12 = 1 << 12, hi = 32767 };
enum class e_u16 : std::uint16_t { zero = 0, v256 = 256, bit10 = 1 << 10, hi = 65535 };
enum class e_i32 : std::int32_t {
  lo = std::numeric_limits<std::int32_t>::min(),
  minus_one = -1,
  zero = 0,
  v256 = 256,
  mask16 = 65535,
  bit20 = 1 << 20,
  hi = std::numeric_limits<std::int32_t>::max(),
};
enum class e_u32 : std::uint32_t { zero = 0, v256 = 256, mask16 = 65535, bit20 = 1u << 20, bit31 = 1u << 31, hi = 0xFFFFFFFFu };
enum class e_i64 : std::int64_t {
  lo = std::numeric_limits<std::int64_t>::min(),
  minus_one = -1,
  zero = 0,
  mask32 = 0xFFFFFFFFll,
  bit40 = 1ll << 40,
  hi = std::numeric_limits<std::int64_t>::max(),
};
enum class e_u64 : std::uint64_t { zero = 0, mask32 = 0xFFFFFFFFull, bit63 = 1ull << 63, hi = ~0ull };

// Plain enums: with a fixed underlying type, and without one.
enum plain_fixed : long long { pf_minus_one = -1, pf_bit33 = 1ll << 33 };
enum plain_free { pfree_a = 1, pfree_big = 1 << 20 };

// Flags: powers of two and the all-ones mask are found without any declaration.
enum class perm : std::uint32_t { none = 0, read = 1, write = 2, exec = 4, audit = 1u << 20, all = 0xFFFFFFFFu };

// Values that only a declared range finds.
enum class http_status : std::uint16_t { ok = 200, not_found = 404, teapot = 418, bad_gateway = 502 };
enum class wide : int { low = -1000, zero = 0, high = 1000 };
enum plain_http : int { plain_ok = 200, plain_gone = 410 };
// An explicit list: any values, any names.
enum class code : std::int64_t { small = 7, huge = -5000000000ll };

}  // namespace en

template <>
struct toon::meta<en::http_status> {
  static constexpr auto enum_range = std::pair{100, 599};
};
template <>
struct toon::meta<en::wide> {
  static constexpr auto enum_range = std::pair{-1000, 1000};
  static constexpr toon::naming naming = toon::naming::upper_snake;
};
template <>
struct toon::meta<en::plain_http> {
  static constexpr auto enum_range = std::pair{0, 999};
};
template <>
struct toon::meta<en::code> {
  static constexpr toon::enumerator<en::code> enumerators[] = {{en::code::huge, "Huge"}, {en::code::small, "Small"}};
};

namespace en {

template <class E>
struct box {
  E value;
};

template <class E>
struct many {
  std::vector<E> values;
};

// Every (value, name) pair of E, in the order the schemas list them: each encodes to its name,
// converts to it with to_value, decodes back from it (and from its number); the schemas list
// exactly these names.
template <class E>
void expect_names(const std::vector<std::pair<E, std::string>>& expected) {
  std::string list;
  std::string json_list;
  std::vector<E> all;
  for (const auto& [e, name] : expected) {
    SCOPED_TRACE(name);
    all.push_back(e);
    list += (list.empty() ? "" : "/") + name;
    json_list += (json_list.empty() ? "\"" : ",\"") + name + "\"";
    EXPECT_EQ(toon::encode(e), name);
    EXPECT_EQ(toon::encode(box<E>{e}), "value: " + name);
    EXPECT_EQ(toon::to_value(box<E>{e}), toon::value(toon::object{{"value", toon::value(name)}}));
    toon::result<box<E>> back = toon::decode<box<E>>("value: " + name);
    ASSERT_TRUE(back.has_value()) << back.error().to_string();
    EXPECT_EQ(back->value, e);
    // The number of a named enumerator is accepted too (documents written before names were
    // required).
    using U = std::underlying_type_t<E>;
    const std::string number = std::is_signed_v<U> ? std::to_string(static_cast<std::int64_t>(e))
                                                   : std::to_string(static_cast<std::uint64_t>(e));
    toon::result<box<E>> from_number = toon::decode<box<E>>("value: " + number);
    ASSERT_TRUE(from_number.has_value()) << from_number.error().to_string();
    EXPECT_EQ(from_number->value, e);
  }
  const std::string text = toon::encode(many<E>{all});
  toon::result<many<E>> back = toon::decode<many<E>>(text);
  ASSERT_TRUE(back.has_value()) << text;
  EXPECT_EQ(back->values, all);
  // Two or more names a/b/c, one enum(a) (docs/typed-params.md, "Enums").
  EXPECT_EQ(toon::typed_params<box<E>>(), expected.size() >= 2 ? "value:" + list + "!" : "value:enum(" + list + ")!");
  EXPECT_NE(toon::to_json(toon::json_schema<box<E>>()).find("\"enum\":[" + json_list + "]"), std::string::npos)
      << toon::to_json(toon::json_schema<box<E>>());
}

TEST(EnumNames, Int8) {
  expect_names<e_i8>({{e_i8::lo, "lo"}, {e_i8::minus_one, "minus_one"}, {e_i8::zero, "zero"}, {e_i8::hi, "hi"}});
}

TEST(EnumNames, Uint8) { expect_names<e_u8>({{e_u8::zero, "zero"}, {e_u8::one, "one"}, {e_u8::hi, "hi"}}); }

TEST(EnumNames, Int16) {
  expect_names<e_i16>({{e_i16::lo, "lo"},
                       {e_i16::minus_one, "minus_one"},
                       {e_i16::zero, "zero"},
                       {e_i16::v256, "v256"},
                       {e_i16::bit12, "bit12"},
                       {e_i16::hi, "hi"}});
}

TEST(EnumNames, Uint16) {
  expect_names<e_u16>({{e_u16::zero, "zero"}, {e_u16::v256, "v256"}, {e_u16::bit10, "bit10"}, {e_u16::hi, "hi"}});
}

TEST(EnumNames, Int32) {
  expect_names<e_i32>({{e_i32::lo, "lo"},
                       {e_i32::minus_one, "minus_one"},
                       {e_i32::zero, "zero"},
                       {e_i32::v256, "v256"},
                       {e_i32::mask16, "mask16"},
                       {e_i32::bit20, "bit20"},
                       {e_i32::hi, "hi"}});
}

TEST(EnumNames, Uint32) {
  expect_names<e_u32>({{e_u32::zero, "zero"},
                       {e_u32::v256, "v256"},
                       {e_u32::mask16, "mask16"},
                       {e_u32::bit20, "bit20"},
                       {e_u32::bit31, "bit31"},
                       {e_u32::hi, "hi"}});
}

TEST(EnumNames, Int64) {
  expect_names<e_i64>({{e_i64::lo, "lo"},
                       {e_i64::minus_one, "minus_one"},
                       {e_i64::zero, "zero"},
                       {e_i64::mask32, "mask32"},
                       {e_i64::bit40, "bit40"},
                       {e_i64::hi, "hi"}});
}

TEST(EnumNames, Uint64) {
  expect_names<e_u64>({{e_u64::zero, "zero"}, {e_u64::mask32, "mask32"}, {e_u64::bit63, "bit63"}, {e_u64::hi, "hi"}});
}

TEST(EnumNames, PlainEnums) {
  expect_names<plain_fixed>({{pf_minus_one, "pf_minus_one"}, {pf_bit33, "pf_bit33"}});
  expect_names<plain_free>({{pfree_a, "pfree_a"}, {pfree_big, "pfree_big"}});
  expect_names<plain_http>({{plain_ok, "plain_ok"}, {plain_gone, "plain_gone"}});
}

TEST(EnumNames, Flags) {
  expect_names<perm>({{perm::none, "none"},
                      {perm::read, "read"},
                      {perm::write, "write"},
                      {perm::exec, "exec"},
                      {perm::audit, "audit"},
                      {perm::all, "all"}});
}

TEST(EnumNames, DeclaredRange) {
  expect_names<http_status>({{http_status::ok, "ok"},
                             {http_status::not_found, "not_found"},
                             {http_status::teapot, "teapot"},
                             {http_status::bad_gateway, "bad_gateway"}});
  expect_names<wide>({{wide::low, "LOW"}, {wide::zero, "ZERO"}, {wide::high, "HIGH"}});
}

TEST(EnumNames, ExplicitList) { expect_names<code>({{code::huge, "Huge"}, {code::small, "Small"}}); }

// ---- values without a name -----------------------------------------------------------------------

// The toon_error `f` throws.
template <class F>
toon::error thrown_by(F f) {
  try {
    f();
  } catch (const toon::toon_error& e) {
    return e.error();
  }
  ADD_FAILURE() << "no toon::toon_error thrown";
  return {};
}

TEST(EnumNames, EncodingAValueWithoutANameThrows) {
  const auto unnamed = static_cast<http_status>(12345);
  const toon::error e = thrown_by([&] { (void)toon::encode(box<http_status>{unnamed}); });
  EXPECT_EQ(e.code, toon::error_code::invalid_enum);
  EXPECT_EQ(e.message,
            "enum http_status has no name for the value 12345 (a value without a name is not written as a "
            "number: name every enumerator with toon::meta<http_status>::enum_range or ::enumerators, see "
            "docs/reflection.md)");
  // At the root, in a list, through to_value, and with every encoder path.
  EXPECT_EQ(thrown_by([&] { (void)toon::encode(unnamed); }).code, toon::error_code::invalid_enum);
  EXPECT_EQ(thrown_by([&] { (void)toon::encode(many<http_status>{{http_status::ok, unnamed}}); }).code,
            toon::error_code::invalid_enum);
  EXPECT_EQ(thrown_by([&] { (void)toon::to_value(box<http_status>{unnamed}); }).code, toon::error_code::invalid_enum);
  // Flag combinations have no name either.
  const perm rw = static_cast<perm>(3);
  EXPECT_EQ(thrown_by([&] { (void)toon::encode(box<perm>{rw}); }).code, toon::error_code::invalid_enum);
  EXPECT_EQ(thrown_by([&] { (void)toon::encode(static_cast<e_i8>(5)); }).code, toon::error_code::invalid_enum);
  EXPECT_EQ(thrown_by([&] { (void)toon::encode(static_cast<e_u64>(12345)); }).message.find("enum e_u64 has no name for the value 12345"), 0u);
  EXPECT_EQ(thrown_by([&] { (void)toon::encode(static_cast<e_i64>(-12345)); }).message.find("enum e_i64 has no name for the value -12345"), 0u);
  // encode_to leaves the buffer as it was.
  std::string out = "kept";
  EXPECT_THROW(toon::encode_to(out, many<http_status>{{http_status::ok, http_status::teapot, unnamed}}), toon::toon_error);
  EXPECT_EQ(out, "kept");
}

TEST(EnumNames, DecodingANumberWithoutANameFails) {
  toon::result<box<http_status>> r = toon::decode<box<http_status>>("value: 12345");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::invalid_enum);
  EXPECT_EQ(r.error().path, "value");
  EXPECT_EQ(r.error().message,
            "no enumerator has the value 12345 (expected one of: ok, not_found, teapot, bad_gateway)");
  EXPECT_EQ(r.error().line, 1u);
  EXPECT_EQ(r.error().column, 8u);

  toon::result<many<perm>> flags = toon::decode<many<perm>>("values[2]: 1,3");
  ASSERT_FALSE(flags.has_value());
  EXPECT_EQ(flags.error().code, toon::error_code::invalid_enum);
  EXPECT_EQ(flags.error().path, "values[1]");

  toon::result<box<http_status>> name = toon::decode<box<http_status>>("value: gone");
  ASSERT_FALSE(name.has_value());
  EXPECT_EQ(name.error().code, toon::error_code::invalid_enum);
  EXPECT_EQ(name.error().message, "unknown enumerator \"gone\" (expected one of: ok, not_found, teapot, bad_gateway)");
}

}  // namespace en
