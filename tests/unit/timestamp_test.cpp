// ISO 8601 timestamps (toon/detail/timestamp.hpp): exact text of known instants, offsets,
// rejected text, and round trips checked against std::chrono's calendar.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "toon/detail/timestamp.hpp"

namespace {

using toon::detail::format_timestamp;
using toon::detail::max_timestamp_chars;
using toon::detail::parse_timestamp;
using toon::detail::timestamp;

std::string format(std::int64_t seconds, std::uint32_t nanos = 0) {
  char buf[max_timestamp_chars];
  std::size_t n = format_timestamp(buf, timestamp{seconds, nanos});
  EXPECT_LE(n, max_timestamp_chars);
  return std::string(buf, n);
}

std::optional<timestamp> parse(std::string_view text) {
  timestamp t{12345, 678};  // must be left alone on failure or fully overwritten on success
  if (!parse_timestamp(text, t)) return std::nullopt;
  return t;
}

// Seconds since the epoch of a civil date and time, via std::chrono (years -32767..32767).
std::int64_t chrono_seconds(int y, unsigned m, unsigned d, int hh = 0, int mm = 0, int ss = 0) {
  using namespace std::chrono;
  const sys_days day{year{y} / month{m} / d};
  return day.time_since_epoch().count() * std::int64_t{86400} + hh * 3600 + mm * 60 + ss;
}

TEST(Timestamp, KnownInstants) {
  EXPECT_EQ(format(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(format(-1), "1969-12-31T23:59:59Z");
  EXPECT_EQ(format(-1, 500'000'000), "1969-12-31T23:59:59.500Z");
  EXPECT_EQ(format(951782400), "2000-02-29T00:00:00Z");
  EXPECT_EQ(format(1709164800), "2024-02-29T00:00:00Z");
  EXPECT_EQ(format(1709251199), "2024-02-29T23:59:59Z");
  EXPECT_EQ(format(1709251200), "2024-03-01T00:00:00Z");
  EXPECT_EQ(format(1700000000), "2023-11-14T22:13:20Z");
  EXPECT_EQ(format(2147483647), "2038-01-19T03:14:07Z");
  EXPECT_EQ(format(253402300799), "9999-12-31T23:59:59Z");
  EXPECT_EQ(format(-62135596800), "0001-01-01T00:00:00Z");
  EXPECT_EQ(format(-62167219200), "0000-01-01T00:00:00Z");
  // 1900 is not a leap year, 2000 is.
  EXPECT_EQ(format(chrono_seconds(1900, 3, 1)), "1900-03-01T00:00:00Z");
  EXPECT_EQ(format(chrono_seconds(1900, 3, 1) - 1), "1900-02-28T23:59:59Z");
}

TEST(Timestamp, FarYearsHaveASign) {
  EXPECT_EQ(format(253402300800), "+10000-01-01T00:00:00Z");
  EXPECT_EQ(format(-62167219201), "-0001-12-31T23:59:59Z");
  EXPECT_EQ(format(chrono_seconds(-32767, 1, 1)), "-32767-01-01T00:00:00Z");
  EXPECT_EQ(format(chrono_seconds(32767, 12, 31, 23, 59, 59), 999'999'999),
            "+32767-12-31T23:59:59.999999999Z");
  EXPECT_EQ(format(chrono_seconds(-4713, 11, 24, 12)), "-4713-11-24T12:00:00Z");
  // The extremes of the second count.
  EXPECT_EQ(format(std::numeric_limits<std::int64_t>::max(), 999'999'999),
            "+292277026596-12-04T15:30:07.999999999Z");
  EXPECT_EQ(format(std::numeric_limits<std::int64_t>::min()), "-292277022657-01-27T08:29:52Z");
}

TEST(Timestamp, FractionsUseTheShortestExactGroup) {
  EXPECT_EQ(format(0, 500'000'000), "1970-01-01T00:00:00.500Z");
  EXPECT_EQ(format(0, 1'000'000), "1970-01-01T00:00:00.001Z");
  EXPECT_EQ(format(0, 1'000), "1970-01-01T00:00:00.000001Z");
  EXPECT_EQ(format(0, 1), "1970-01-01T00:00:00.000000001Z");
  EXPECT_EQ(format(0, 123'456'000), "1970-01-01T00:00:00.123456Z");
  EXPECT_EQ(format(0, 123'456'789), "1970-01-01T00:00:00.123456789Z");
  EXPECT_EQ(format(0, 999'999'999), "1970-01-01T00:00:00.999999999Z");
  // Out-of-range nanoseconds are carried into the seconds.
  EXPECT_EQ(format(0, 1'500'000'000), "1970-01-01T00:00:01.500Z");
}

TEST(Timestamp, ParsesWhatItWrites) {
  auto t = parse("1969-12-31T23:59:59.5Z");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seconds, -1);
  EXPECT_EQ(t->nanoseconds, 500'000'000u);

  t = parse("2024-02-29T12:34:56Z");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seconds, chrono_seconds(2024, 2, 29, 12, 34, 56));
  EXPECT_EQ(t->nanoseconds, 0u);

  t = parse("1970-01-01T00:00:00.000000001Z");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seconds, 0);
  EXPECT_EQ(t->nanoseconds, 1u);

  t = parse("1970-01-01T00:00:00.000001Z");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->nanoseconds, 1'000u);

  t = parse("+10000-01-01T00:00:00Z");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seconds, 253402300800);

  t = parse("-0001-12-31T23:59:59Z");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seconds, -62167219201);

  t = parse("+292277026596-12-04T15:30:07.999999999Z");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seconds, std::numeric_limits<std::int64_t>::max());
  t = parse("-292277022657-01-27T08:29:52Z");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seconds, std::numeric_limits<std::int64_t>::min());
  // Local times beyond the range whose UTC instant is inside it.
  t = parse("+292277026596-12-04T16:30:07+01:00");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seconds, std::numeric_limits<std::int64_t>::max());
  t = parse("-292277022657-01-27T07:29:52-01:00");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seconds, std::numeric_limits<std::int64_t>::min());
}

TEST(Timestamp, AcceptedVariants) {
  const std::int64_t base = chrono_seconds(2023, 5, 6, 7, 8, 9);
  for (std::string_view text : {"2023-05-06T07:08:09Z", "2023-05-06t07:08:09Z", "2023-05-06 07:08:09Z",
                                "2023-05-06T07:08:09z", "2023-05-06T07:08:09+00:00",
                                "2023-05-06T07:08:09-00:00"}) {
    auto t = parse(text);
    ASSERT_TRUE(t) << text;
    EXPECT_EQ(t->seconds, base) << text;
  }
  // Fractions of 1 to 9 digits.
  EXPECT_EQ(parse("2023-05-06T07:08:09.1Z")->nanoseconds, 100'000'000u);
  EXPECT_EQ(parse("2023-05-06T07:08:09.12Z")->nanoseconds, 120'000'000u);
  EXPECT_EQ(parse("2023-05-06T07:08:09.1234Z")->nanoseconds, 123'400'000u);
  EXPECT_EQ(parse("2023-05-06T07:08:09.12345678Z")->nanoseconds, 123'456'780u);
  // A leap second reads as the second before it.
  auto leap = parse("2016-12-31T23:59:60Z");
  ASSERT_TRUE(leap);
  EXPECT_EQ(leap->seconds, chrono_seconds(2016, 12, 31, 23, 59, 59));
}

TEST(Timestamp, OffsetsShiftToUtc) {
  const std::int64_t noon = chrono_seconds(2024, 6, 1, 12);
  EXPECT_EQ(parse("2024-06-01T14:00:00+02:00")->seconds, noon);
  EXPECT_EQ(parse("2024-06-01T10:00:00-02:00")->seconds, noon);
  EXPECT_EQ(parse("2024-06-01T17:30:00+05:30")->seconds, noon);
  EXPECT_EQ(parse("2024-06-01T00:15:00-11:45")->seconds, noon);
  // Offsets move across day, month and year boundaries.
  EXPECT_EQ(parse("2024-01-01T01:00:00+02:00")->seconds, chrono_seconds(2023, 12, 31, 23));
  EXPECT_EQ(parse("2024-02-28T23:00:00-02:00")->seconds, chrono_seconds(2024, 2, 29, 1));
  EXPECT_EQ(parse("1970-01-01T00:00:00.25+01:00")->seconds, -3600);
  EXPECT_EQ(parse("1970-01-01T00:00:00.25+01:00")->nanoseconds, 250'000'000u);
  EXPECT_EQ(format(parse("2024-06-01T14:00:00.5+02:00")->seconds, 500'000'000), "2024-06-01T12:00:00.500Z");
}

TEST(Timestamp, RejectsBadText) {
  for (std::string_view text : {
           "",
           "garbage",
           "2023-02-29T00:00:00Z",        // 2023 is not a leap year
           "1900-02-29T00:00:00Z",        // nor is 1900
           "2024-02-30T00:00:00Z",
           "2024-04-31T00:00:00Z",
           "2024-00-10T00:00:00Z",
           "2024-13-10T00:00:00Z",
           "2024-01-00T00:00:00Z",
           "2024-01-32T00:00:00Z",
           "2024-01-01T24:00:00Z",        // hour 24
           "2024-01-01T23:60:00Z",
           "2024-01-01T23:59:61Z",
           "2024-01-01T00:00:00",         // missing Z
           "2024-01-01",                  // date only
           "2024-01-01T00:00Z",           // no seconds
           "2024-01-01T00:00:00.Z",       // empty fraction
           "2024-01-01T00:00:00.1234567890Z",  // ten fraction digits
           "2024-01-01T00:00:00,5Z",
           "2024-01-01T00:00:00ZZ",
           "2024-01-01T00:00:00Z ",
           " 2024-01-01T00:00:00Z",
           "2024-01-01T00:00:00+2:00",
           "2024-01-01T00:00:00+0200",
           "2024-01-01T00:00:00+02",
           "2024-01-01T00:00:00+24:00",
           "2024-01-01T00:00:00+02:60",
           "2024-1-01T00:00:00Z",
           "2024-01-1T00:00:00Z",
           "2024-01-01T0:00:00Z",
           "2024/01/01T00:00:00Z",
           "2024-01-01X00:00:00Z",
           "24-01-01T00:00:00Z",          // two-digit year
           "02024-01-01T00:00:00Z",       // five digits without a sign
           "+024-01-01T00:00:00Z",        // signed with fewer than four digits
           "+1234567890123-01-01T00:00:00Z",  // thirteen digits
           "+292277026596-12-04T15:30:08Z",   // one second past the int64 range
           "-292277022657-01-27T08:29:51Z",
           "2024-01-01T00:00:00\xEF\xBC\xBA",  // a full-width Z
       }) {
    EXPECT_FALSE(parse(text)) << '"' << text << '"';
  }
  // Embedded NUL.
  EXPECT_FALSE(parse(std::string_view("2024-01-01T00:00:00Z\0", 21)));
}

TEST(Timestamp, CalendarAgreesWithChrono) {
  // Every day from -1200 to 2800 (covering several 400-year eras either side of year 0).
  using namespace std::chrono;
  const sys_days first{year{-1200} / January / 1};
  const sys_days last{year{2800} / December / 31};
  char buf[max_timestamp_chars];
  for (sys_days d = first; d <= last; d += days{1}) {
    const year_month_day ymd{d};
    const std::int64_t seconds = d.time_since_epoch().count() * std::int64_t{86400};
    const std::size_t n = format_timestamp(buf, timestamp{seconds, 0});
    const std::string_view text(buf, n);
    // Compare the date fields.
    const int y = static_cast<int>(ymd.year());
    char want[32];
    const int w = y < 0 ? std::snprintf(want, sizeof want, "-%04d-%02u-%02uT00:00:00Z", -y,
                                        static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()))
                        : std::snprintf(want, sizeof want, "%04d-%02u-%02uT00:00:00Z", y,
                                        static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
    ASSERT_EQ(text, std::string_view(want, static_cast<std::size_t>(w)));
    timestamp back{};
    ASSERT_TRUE(parse_timestamp(text, back)) << text;
    ASSERT_EQ(back.seconds, seconds) << text;
  }
}

TEST(Timestamp, RoundTripsManyInstants) {
  // A deterministic spread of instants over the whole range, with assorted fractions.
  std::uint64_t state = 0x9E3779B97F4A7C15u;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  const std::uint32_t fractions[] = {0, 1, 999'999'999, 500'000'000, 1'000, 123'000'000, 7'654'321};
  char buf[max_timestamp_chars];
  for (int i = 0; i < 200'000; ++i) {
    const std::uint64_t r = next();
    std::int64_t seconds;
    switch (i % 3) {
      case 0: seconds = static_cast<std::int64_t>(r); break;                                  // anything
      case 1: seconds = static_cast<std::int64_t>(r % 20'000'000'000u) - 10'000'000'000; break;  // +-300 years
      default: seconds = static_cast<std::int64_t>(r % 2'000'000'000'000u) - 1'000'000'000'000; break;
    }
    const std::uint32_t nanos = i % 2 ? static_cast<std::uint32_t>(next() % 1'000'000'000u)
                                      : fractions[static_cast<std::size_t>(i) % std::size(fractions)];
    const std::size_t n = format_timestamp(buf, timestamp{seconds, nanos});
    ASSERT_LE(n, max_timestamp_chars);
    timestamp back{};
    ASSERT_TRUE(parse_timestamp(std::string_view(buf, n), back)) << std::string_view(buf, n);
    ASSERT_EQ(back.seconds, seconds) << std::string_view(buf, n);
    ASSERT_EQ(back.nanoseconds, nanos) << std::string_view(buf, n);
  }
}

}  // namespace
