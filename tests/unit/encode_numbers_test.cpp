// Unit tests of the few-decimals path of number formatting (doubles equal to r / 10^6 for an
// integer r): both ways of writing the digits (below and above 10^8), the trailing zeros of the
// decimals, signs and the bounds of the path. Expected texts are JavaScript's
// String(Number(x)) (node), which the reference implementation writes.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "toon/detail/writer.hpp"
#include "toon/encode.hpp"
#include "toon/value.hpp"

namespace {

std::string fmt(double d) {
  std::string out;
  toon::detail::append_double(out, d);
  return out;
}

TEST(EncodeNumbers, FewDecimals) {
  const std::pair<double, const char*> cases[] = {
      {123456.78, "123456.78"},  {0.010203, "0.010203"}, {10203.0405, "10203.0405"},
      {12.3, "12.3"},            {0.1, "0.1"},           {0.25, "0.25"},
      {-0.5, "-0.5"},            {42.000001, "42.000001"}, {0.9999995, "0.9999995"},
      {1234567.5, "1234567.5"},  {1000000.000001, "1000000.000001"},
  };
  for (const auto& [d, text] : cases) EXPECT_EQ(fmt(d), text) << text;
}

TEST(EncodeNumbers, WholeNumbers) {
  EXPECT_EQ(fmt(7), "7");
  EXPECT_EQ(fmt(-7), "-7");
  EXPECT_EQ(fmt(99999999), "99999999");
  EXPECT_EQ(fmt(100000000), "100000000");
}

TEST(EncodeNumbers, AroundOneHundredMillion) {
  // Eight whole digits at most take the register path; more take the general one.
  EXPECT_EQ(fmt(99999999.999999), "99999999.999999");
  EXPECT_EQ(fmt(-99999999.999999), "-99999999.999999");
  EXPECT_EQ(fmt(100000000.5), "100000000.5");
  EXPECT_EQ(fmt(-100000000.25), "-100000000.25");
}

TEST(EncodeNumbers, BoundsOfTheFewDecimalsPath) {
  EXPECT_EQ(fmt(0.000001), "0.000001");
  EXPECT_EQ(fmt(-0.000001), "-0.000001");
  EXPECT_EQ(fmt(0.0000005), "5e-7");
  EXPECT_EQ(fmt(999999.9999995), "999999.9999995");
  EXPECT_EQ(fmt(1125899906.842624), "1125899906.842624");
  EXPECT_EQ(fmt(1125899906.842625), "1125899906.842625");
}

TEST(EncodeNumbers, ThroughTheWriterNearTheBufferEnd) {
  // The writer formats in place when there is room, through a stack buffer otherwise.
  for (std::size_t fill = 0; fill < 40; ++fill) {
    std::string out;
    out.reserve(64);
    out.assign(out.capacity() - fill, 'x');
    const std::size_t prefix = out.size();
    toon::encode_to(out, toon::value(-99999999.999999));
    EXPECT_EQ(out.substr(prefix), "-99999999.999999") << fill;
  }
}

}  // namespace
