// Unit tests of canonical number formatting (§2, §3): through toon::encode and through the
// low-level writer. Expected texts follow the spec and the reference implementation
// (JavaScript Number::toString, which @toon-format/toon uses).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>

#include "toon/detail/writer.hpp"
#include "toon/encode.hpp"
#include "toon/value.hpp"

namespace {

std::string fmt(double d) {
  std::string out;
  toon::detail::append_double(out, d);
  return out;
}

std::string enc(const toon::value& v) { return toon::encode(v); }

TEST(NumberFormat, CanonicalDecimalRange) {
  EXPECT_EQ(fmt(0.0), "0");
  EXPECT_EQ(fmt(-0.0), "0");
  EXPECT_EQ(fmt(1.0), "1");
  EXPECT_EQ(fmt(-7.0), "-7");
  EXPECT_EQ(fmt(100.0), "100");
  EXPECT_EQ(fmt(1e6), "1000000");
  EXPECT_EQ(fmt(1.5), "1.5");
  EXPECT_EQ(fmt(-0.5), "-0.5");
  EXPECT_EQ(fmt(3.14), "3.14");
  EXPECT_EQ(fmt(123.456), "123.456");
  EXPECT_EQ(fmt(12345678.9), "12345678.9");
  EXPECT_EQ(fmt(4.35), "4.35");
  EXPECT_EQ(fmt(0.1), "0.1");
  EXPECT_EQ(fmt(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(fmt(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(fmt(1.0000000000000002), "1.0000000000000002");
}

TEST(NumberFormat, SmallBoundary) {
  EXPECT_EQ(fmt(1e-6), "0.000001");
  EXPECT_EQ(fmt(-1e-6), "-0.000001");
  EXPECT_EQ(fmt(0.000001234), "0.000001234");
  EXPECT_EQ(fmt(1.5e-6), "0.0000015");
  EXPECT_EQ(fmt(9.99999e-7), "9.99999e-7");
  EXPECT_EQ(fmt(5e-7), "5e-7");
  EXPECT_EQ(fmt(1e-7), "1e-7");
  EXPECT_EQ(fmt(-1e-7), "-1e-7");
  EXPECT_EQ(fmt(1.5e-10), "1.5e-10");
  EXPECT_EQ(fmt(2.2250738585072014e-308), "2.2250738585072014e-308");
  EXPECT_EQ(fmt(5e-324), "5e-324");
  EXPECT_EQ(fmt(-5e-324), "-5e-324");
}

TEST(NumberFormat, LargeBoundary) {
  EXPECT_EQ(fmt(1e15), "1000000000000000");
  EXPECT_EQ(fmt(9007199254740992.0), "9007199254740992");
  EXPECT_EQ(fmt(1e20), "100000000000000000000");
  EXPECT_EQ(fmt(123456789012345680000.0), "123456789012345680000");
  EXPECT_EQ(fmt(9.999999999999999e20), "999999999999999900000");
  EXPECT_EQ(fmt(-9.999999999999999e20), "-999999999999999900000");
  EXPECT_EQ(fmt(1e21), "1e+21");
  EXPECT_EQ(fmt(-1e21), "-1e+21");
  EXPECT_EQ(fmt(1.5e21), "1.5e+21");
  EXPECT_EQ(fmt(1.2345678901234567e22), "1.2345678901234568e+22");  // shortest round-trip digits
  EXPECT_EQ(fmt(1e100), "1e+100");
  EXPECT_EQ(fmt(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(fmt(-1.7976931348623157e308), "-1.7976931348623157e+308");
}

TEST(NumberFormat, NonFiniteIsNull) {
  EXPECT_EQ(fmt(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(fmt(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(fmt(-std::numeric_limits<double>::infinity()), "null");
}

TEST(NumberFormat, Integers) {
  std::string out;
  toon::detail::append_int(out, 0);
  out += ' ';
  toon::detail::append_int(out, -42);
  out += ' ';
  toon::detail::append_int(out, std::numeric_limits<std::int64_t>::min());
  out += ' ';
  toon::detail::append_int(out, std::numeric_limits<std::int64_t>::max());
  out += ' ';
  toon::detail::append_uint(out, std::numeric_limits<std::uint64_t>::max());
  out += ' ';
  toon::detail::append_int(out, 9007199254740993);  // 2^53 + 1: exact, unlike a double
  out += ' ';
  toon::detail::append_big_integer(out, "-123456789012345678901234567890");
  EXPECT_EQ(out,
            "0 -42 -9223372036854775808 9223372036854775807 18446744073709551615 "
            "9007199254740993 -123456789012345678901234567890");
}

TEST(NumberFormat, ThroughEncode) {
  EXPECT_EQ(enc(1e21), "1e+21");
  EXPECT_EQ(enc(1e-7), "1e-7");
  EXPECT_EQ(enc(5e-324), "5e-324");
  EXPECT_EQ(enc(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(enc(std::int64_t{9007199254740993}), "9007199254740993");
  EXPECT_EQ(enc(std::numeric_limits<std::uint64_t>::max()), "18446744073709551615");
  EXPECT_EQ(enc(-0.0), "0");
  EXPECT_EQ(enc(1e-6), "0.000001");
  EXPECT_EQ(enc(123456789012345680000.0), "123456789012345680000");
  EXPECT_EQ(enc(toon::big_integer{"100000000000000000000"}), "100000000000000000000");
  EXPECT_EQ(enc(std::nan("")), "null");
  EXPECT_EQ(enc(1.0f), "1");
  EXPECT_EQ(enc(0.1f), "0.10000000149011612");  // the float's exact double value
}

TEST(NumberFormat, FormatDoubleReturnsLength) {
  char buf[toon::detail::max_double_chars];
  const std::size_t n = toon::detail::format_double(buf, -1.2345678901234567e-308);
  EXPECT_EQ(std::string_view(buf, n), "-1.2345678901234567e-308");
  EXPECT_LE(n, toon::detail::max_double_chars);
}

// Property check over many doubles: the text round-trips exactly, uses exponent notation
// exactly outside [1e-6, 1e21), has no leading '+', no trailing fractional zeros, and an
// explicit exponent sign.
TEST(NumberFormat, RandomDoublesRoundTripAndFollowTheForm) {
  std::mt19937_64 rng(12345);
  for (int i = 0; i < 200000; ++i) {
    double d;
    if (i % 2 == 0) {
      const std::uint64_t bits = rng();
      std::memcpy(&d, &bits, sizeof d);
      if (!std::isfinite(d)) continue;
    } else {
      std::uniform_real_distribution<double> mant(-10.0, 10.0);
      std::uniform_int_distribution<int> exp(-12, 25);
      d = mant(rng) * std::pow(10.0, exp(rng));
    }
    const std::string s = fmt(d);
    ASSERT_FALSE(s.empty());
    const double back = std::strtod(s.c_str(), nullptr);
    ASSERT_EQ(back, d) << s;
    const double mag = std::fabs(d);
    const bool has_exp = s.find('e') != std::string::npos;
    if (d == 0) {
      ASSERT_EQ(s, "0");
    } else if (mag >= 1e-6 && mag < 1e21) {
      ASSERT_FALSE(has_exp) << s;
      const auto dot = s.find('.');
      if (dot != std::string::npos) {
        ASSERT_NE(s.back(), '0') << s;
      }
    } else {
      ASSERT_TRUE(has_exp) << s;
      const auto e = s.find('e');
      ASSERT_TRUE(s[e + 1] == '+' || s[e + 1] == '-') << s;
      ASSERT_NE(s[e - 1], '.') << s;
      if (s.find('.') != std::string::npos) {
        ASSERT_NE(s[e - 1], '0') << s;
      }
    }
    ASSERT_NE(s.front(), '+');
  }
}

}  // namespace
