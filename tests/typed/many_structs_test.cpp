// Twenty distinct structs through the typed encoder and decoder: a compile-time benchmark for
// the reflection layer (its compile time is stated in docs/reflection.md) and a round-trip test.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "toon/toon.hpp"

namespace many {

struct s0 {
  std::int32_t f0_0{};
  std::string f0_1{};
  double f0_2{};
  bool f0_3{};
  bool operator==(const s0&) const = default;
};
struct s1 {
  std::string f1_0{};
  double f1_1{};
  bool f1_2{};
  std::uint16_t f1_3{};
  std::optional<std::int64_t> f1_4{};
  s0 child{};
  bool operator==(const s1&) const = default;
};
struct s2 {
  double f2_0{};
  bool f2_1{};
  std::uint16_t f2_2{};
  std::optional<std::int64_t> f2_3{};
  std::vector<std::string> f2_4{};
  std::int64_t f2_5{};
  s1 child{};
  std::vector<s0> rows{};
  bool operator==(const s2&) const = default;
};
struct s3 {
  bool f3_0{};
  std::uint16_t f3_1{};
  std::optional<std::int64_t> f3_2{};
  std::vector<std::string> f3_3{};
  std::int64_t f3_4{};
  std::int32_t f3_5{};
  std::string f3_6{};
  s2 child{};
  std::vector<s1> rows{};
  bool operator==(const s3&) const = default;
};
struct s4 {
  std::uint16_t f4_0{};
  std::optional<std::int64_t> f4_1{};
  std::vector<std::string> f4_2{};
  std::int64_t f4_3{};
  std::int32_t f4_4{};
  std::string f4_5{};
  double f4_6{};
  bool f4_7{};
  s3 child{};
  std::vector<s2> rows{};
  bool operator==(const s4&) const = default;
};
struct s5 {
  std::optional<std::int64_t> f5_0{};
  std::vector<std::string> f5_1{};
  std::int64_t f5_2{};
  std::int32_t f5_3{};
  s4 child{};
  std::vector<s3> rows{};
  bool operator==(const s5&) const = default;
};
struct s6 {
  std::vector<std::string> f6_0{};
  std::int64_t f6_1{};
  std::int32_t f6_2{};
  std::string f6_3{};
  double f6_4{};
  s5 child{};
  std::vector<s4> rows{};
  bool operator==(const s6&) const = default;
};
struct s7 {
  std::int64_t f7_0{};
  std::int32_t f7_1{};
  std::string f7_2{};
  double f7_3{};
  bool f7_4{};
  std::uint16_t f7_5{};
  s6 child{};
  std::vector<s5> rows{};
  bool operator==(const s7&) const = default;
};
struct s8 {
  std::int32_t f8_0{};
  std::string f8_1{};
  double f8_2{};
  bool f8_3{};
  std::uint16_t f8_4{};
  std::optional<std::int64_t> f8_5{};
  std::vector<std::string> f8_6{};
  s7 child{};
  std::vector<s6> rows{};
  bool operator==(const s8&) const = default;
};
struct s9 {
  std::string f9_0{};
  double f9_1{};
  bool f9_2{};
  std::uint16_t f9_3{};
  std::optional<std::int64_t> f9_4{};
  std::vector<std::string> f9_5{};
  std::int64_t f9_6{};
  std::int32_t f9_7{};
  s8 child{};
  std::vector<s7> rows{};
  bool operator==(const s9&) const = default;
};
struct s10 {
  double f10_0{};
  bool f10_1{};
  std::uint16_t f10_2{};
  std::optional<std::int64_t> f10_3{};
  s9 child{};
  std::vector<s8> rows{};
  bool operator==(const s10&) const = default;
};
struct s11 {
  bool f11_0{};
  std::uint16_t f11_1{};
  std::optional<std::int64_t> f11_2{};
  std::vector<std::string> f11_3{};
  std::int64_t f11_4{};
  s10 child{};
  std::vector<s9> rows{};
  bool operator==(const s11&) const = default;
};
struct s12 {
  std::uint16_t f12_0{};
  std::optional<std::int64_t> f12_1{};
  std::vector<std::string> f12_2{};
  std::int64_t f12_3{};
  std::int32_t f12_4{};
  std::string f12_5{};
  s11 child{};
  std::vector<s10> rows{};
  bool operator==(const s12&) const = default;
};
struct s13 {
  std::optional<std::int64_t> f13_0{};
  std::vector<std::string> f13_1{};
  std::int64_t f13_2{};
  std::int32_t f13_3{};
  std::string f13_4{};
  double f13_5{};
  bool f13_6{};
  s12 child{};
  std::vector<s11> rows{};
  bool operator==(const s13&) const = default;
};
struct s14 {
  std::vector<std::string> f14_0{};
  std::int64_t f14_1{};
  std::int32_t f14_2{};
  std::string f14_3{};
  double f14_4{};
  bool f14_5{};
  std::uint16_t f14_6{};
  std::optional<std::int64_t> f14_7{};
  s13 child{};
  std::vector<s12> rows{};
  bool operator==(const s14&) const = default;
};
struct s15 {
  std::int64_t f15_0{};
  std::int32_t f15_1{};
  std::string f15_2{};
  double f15_3{};
  s14 child{};
  std::vector<s13> rows{};
  bool operator==(const s15&) const = default;
};
struct s16 {
  std::int32_t f16_0{};
  std::string f16_1{};
  double f16_2{};
  bool f16_3{};
  std::uint16_t f16_4{};
  s15 child{};
  std::vector<s14> rows{};
  bool operator==(const s16&) const = default;
};
struct s17 {
  std::string f17_0{};
  double f17_1{};
  bool f17_2{};
  std::uint16_t f17_3{};
  std::optional<std::int64_t> f17_4{};
  std::vector<std::string> f17_5{};
  s16 child{};
  std::vector<s15> rows{};
  bool operator==(const s17&) const = default;
};
struct s18 {
  double f18_0{};
  bool f18_1{};
  std::uint16_t f18_2{};
  std::optional<std::int64_t> f18_3{};
  std::vector<std::string> f18_4{};
  std::int64_t f18_5{};
  std::int32_t f18_6{};
  s17 child{};
  std::vector<s16> rows{};
  bool operator==(const s18&) const = default;
};
struct s19 {
  bool f19_0{};
  std::uint16_t f19_1{};
  std::optional<std::int64_t> f19_2{};
  std::vector<std::string> f19_3{};
  std::int64_t f19_4{};
  std::int32_t f19_5{};
  std::string f19_6{};
  double f19_7{};
  s18 child{};
  std::vector<s17> rows{};
  bool operator==(const s19&) const = default;
};

template <class T>
void round_trip(const T& x) {
  const std::string text = toon::encode(x);
  toon::result<T> back = toon::decode<T>(text);
  ASSERT_TRUE(back.has_value()) << back.error().to_string() << "\n" << text;
  EXPECT_TRUE(*back == x) << text;
  EXPECT_EQ(text, toon::encode(toon::to_value(x)));
}

TEST(ManyStructs, S0) {
  s0 x{};
  round_trip(x);
}
TEST(ManyStructs, S1) {
  s1 x{};
  round_trip(x);
}
TEST(ManyStructs, S2) {
  s2 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S3) {
  s3 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S4) {
  s4 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S5) {
  s5 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S6) {
  s6 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S7) {
  s7 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S8) {
  s8 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S9) {
  s9 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S10) {
  s10 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S11) {
  s11 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S12) {
  s12 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S13) {
  s13 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S14) {
  s14 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S15) {
  s15 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S16) {
  s16 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S17) {
  s17 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S18) {
  s18 x{};
  x.rows.resize(2);
  round_trip(x);
}
TEST(ManyStructs, S19) {
  s19 x{};
  x.rows.resize(2);
  round_trip(x);
}
}  // namespace many
