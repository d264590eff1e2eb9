// Decoding of decimal numbers: the short-decimal fast path (<= 15 significant digits, no
// exponent) must give the same double as std::from_chars, bit for bit, and the general path
// must take over beyond it.
#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include "toon/decode.hpp"

namespace {

double reference(const std::string& token) {
  double d = 0;
  auto r = std::from_chars(token.data(), token.data() + token.size(), d);
  EXPECT_EQ(r.ec, std::errc()) << token;
  return d == 0 ? 0.0 : d;  // -0 decodes to 0
}

double decoded(const std::string& token) {
  auto v = toon::decode("x: " + token);
  EXPECT_TRUE(v.has_value()) << token;
  if (!v) return std::nan("");
  const toon::value& x = (*v)["x"];
  EXPECT_TRUE(x.is_number()) << token;
  return x.to_double();
}

void expect_bits(const std::string& token) {
  const double want = reference(token);
  const double got = decoded(token);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(got), std::bit_cast<std::uint64_t>(want)) << token;
}

TEST(DecimalParse, EdgeCases) {
  for (const char* t : {"0.0", "-0.0", "-0.000", "0.5", "-0.5", "1.0", "0.1", "0.2", "0.3", "1.7976931348623",
                        "999999999999999.0", "99999999999999.9", "0.000000000000001", "-0.000000000000001",
                        "123456789012345.6", "9007199254740.993", "0.30000000000000004", "1.00000000000000011",
                        "2.2250738585072014", "4.9406564584124654", "12.50", "3.14159265358979"}) {
    expect_bits(t);
  }
  auto v = toon::decode("x: -0.0");
  ASSERT_TRUE(v.has_value());
  EXPECT_FALSE(std::signbit((*v)["x"].as_double()));
}

TEST(DecimalParse, RandomShortAndLongDecimalsMatchFromChars) {
  std::mt19937_64 rng(20261122);
  for (int n = 0; n < 200000; ++n) {
    const int digits = 1 + static_cast<int>(rng() % 19);            // 1..19 significant digits
    const int point = 1 + static_cast<int>(rng() % digits);         // digits before the point
    std::string t = (rng() & 1) ? "-" : "";
    for (int i = 0; i < digits; ++i) {
      char c = static_cast<char>('0' + rng() % 10);
      if (i == 0 && point > 1 && c == '0') c = '1';  // no forbidden leading zero
      if (i == point) t += '.';
      t += c;
    }
    if (point == digits) t += ".5";
    expect_bits(t);
  }
}

TEST(DecimalParse, TokensThatAreNotShortDecimals) {
  expect_bits("1.5e3");
  expect_bits("-2.5E-3");
  expect_bits("1234567890123456.7");  // 17 digits: the general path
  auto v = toon::decode("a: 1.\nb: .5\nc: 1.2.3\nd: 01.5");
  ASSERT_TRUE(v.has_value()) << v.error().to_string();
  for (const char* k : {"a", "b", "c", "d"}) EXPECT_TRUE((*v)[k].is_string()) << k;
}

}  // namespace
