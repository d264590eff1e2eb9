// ISO 8601 UTC timestamps: civil-date arithmetic (proleptic Gregorian calendar, any year an
// int64 second count can reach), formatting and parsing. No allocation, no exceptions.
#include "toon/detail/timestamp.hpp"
#include "toon/detail/linkage.hpp"

#include <array>

namespace toon::detail {

namespace {

constexpr std::int64_t seconds_per_day = 86400;
constexpr std::uint32_t nanos_per_second = 1'000'000'000;

// The calendar is counted in 400-year eras that start on March 1 of a year divisible by 400,
// so that the leap day is the last day of its (March-based) year.
constexpr std::int64_t days_per_era = 146097;      // 400 * 365 + 97 leap days
constexpr std::int64_t days_per_century = 36524;   // 100 * 365 + 24 (the era's 4th has one more)
constexpr std::int64_t days_per_quad = 1461;       // 4 * 365 + 1 (a century's last has one fewer)
constexpr std::int64_t epoch_from_era_base = 719468;  // days from 0000-03-01 to 1970-01-01

// Days from March 1 to the first day of each month, months counted from March.
constexpr std::array<int, 12> month_starts_from_march = {0,   31,  61,  92,  122, 153,
                                                         184, 214, 245, 275, 306, 337};

constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept {
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

constexpr bool is_leap(std::int64_t year) noexcept {
  return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

constexpr int days_in_month(std::int64_t year, int month) noexcept {
  constexpr std::array<int, 12> lengths = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && is_leap(year) ? 29 : lengths[static_cast<std::size_t>(month - 1)];
}

struct civil_date {
  std::int64_t year;
  int month;  // 1..12
  int day;    // 1..31
};

// Days since 1970-01-01 of a valid date (|year| below about 2.5e13, so nothing overflows).
constexpr std::int64_t days_from_civil(std::int64_t year, int month, int day) noexcept {
  // Move January and February to the end of the previous year.
  const std::int64_t y = month <= 2 ? year - 1 : year;
  const int month_index = month <= 2 ? month + 9 : month - 3;
  const std::int64_t era = floor_div(y, 400);
  const std::int64_t year_of_era = y - era * 400;  // 0..399
  const std::int64_t day_of_year = month_starts_from_march[static_cast<std::size_t>(month_index)] + day - 1;
  const std::int64_t day_of_era =
      year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;  // 0..146096
  return era * days_per_era + day_of_era - epoch_from_era_base;
}

// The date `days` after 1970-01-01 (any int64 second count divided by 86400).
constexpr civil_date civil_from_days(std::int64_t days) noexcept {
  const std::int64_t shifted = days + epoch_from_era_base;
  const std::int64_t era = floor_div(shifted, days_per_era);
  std::int64_t rest = shifted - era * days_per_era;  // 0..146096
  std::int64_t century = rest / days_per_century;
  if (century > 3) century = 3;  // the era's last day belongs to its 4th century
  rest -= century * days_per_century;
  const std::int64_t quad = rest / days_per_quad;  // 0..24
  rest -= quad * days_per_quad;
  std::int64_t year_of_quad = rest / 365;
  if (year_of_quad > 3) year_of_quad = 3;  // the quad's last day is a leap day
  rest -= year_of_quad * 365;               // day of the March-based year, 0..365
  int month_index = 11;
  while (month_starts_from_march[static_cast<std::size_t>(month_index)] > rest) --month_index;
  civil_date out{};
  out.day = static_cast<int>(rest - month_starts_from_march[static_cast<std::size_t>(month_index)]) + 1;
  out.month = month_index < 10 ? month_index + 3 : month_index - 9;
  out.year = era * 400 + century * 100 + quad * 4 + year_of_quad + (out.month <= 2 ? 1 : 0);
  return out;
}

static_assert(days_from_civil(1970, 1, 1) == 0);
static_assert(days_from_civil(2000, 3, 1) == 11017);
static_assert(civil_from_days(11016).month == 2 && civil_from_days(11016).day == 29);
static_assert(civil_from_days(-1).year == 1969 && civil_from_days(-1).day == 31);

// Writes `value` (>= 0) with at least `width` digits, zero-padded; returns the end.
char* write_digits(char* p, std::uint64_t value, int width) noexcept {
  char tmp[20];
  int n = 0;
  do {
    tmp[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (int i = n; i < width; ++i) *p++ = '0';
  while (n > 0) *p++ = tmp[--n];
  return p;
}

// A cursor over the text being parsed.
struct reader {
  std::string_view text;
  std::size_t pos = 0;

  bool at_end() const noexcept { return pos >= text.size(); }
  char peek() const noexcept { return at_end() ? '\0' : text[pos]; }
  bool is_digit_here() const noexcept { return !at_end() && text[pos] >= '0' && text[pos] <= '9'; }
  bool take(char c) noexcept {
    if (peek() != c || at_end()) return false;
    ++pos;
    return true;
  }
  // Exactly `count` digits.
  bool digits(int count, int& out) noexcept {
    int v = 0;
    for (int i = 0; i < count; ++i) {
      if (!is_digit_here()) return false;
      v = v * 10 + (text[pos++] - '0');
    }
    out = v;
    return true;
  }
};

// Longest year accepted: 12 digits reach past the int64 second range, which is checked later.
constexpr int max_year_digits = 12;

bool parse_year(reader& r, std::int64_t& year) noexcept {
  bool negative = false;
  bool is_signed = false;
  if (r.peek() == '+' || r.peek() == '-') {
    negative = r.peek() == '-';
    is_signed = true;
    ++r.pos;
  }
  std::int64_t v = 0;
  int count = 0;
  while (r.is_digit_here()) {
    if (++count > max_year_digits) return false;
    v = v * 10 + (r.text[r.pos++] - '0');
  }
  // Plain years have exactly four digits; signed (expanded) years at least four.
  if (is_signed ? count < 4 : count != 4) return false;
  year = negative ? -v : v;
  return true;
}

}  // namespace

TOON_FUNC std::size_t format_timestamp(char* buf, timestamp t) noexcept {
  // Tolerate an out-of-range nanosecond count by carrying it into the seconds.
  if (t.nanoseconds >= nanos_per_second) {
    std::int64_t carried = 0;
    if (!__builtin_add_overflow(t.seconds, static_cast<std::int64_t>(t.nanoseconds / nanos_per_second), &carried))
      t.seconds = carried;
    t.nanoseconds %= nanos_per_second;
  }
  std::int64_t days = t.seconds / seconds_per_day;
  std::int64_t second_of_day = t.seconds % seconds_per_day;
  if (second_of_day < 0) {
    second_of_day += seconds_per_day;
    --days;
  }
  const civil_date date = civil_from_days(days);
  char* p = buf;
  if (date.year < 0) {
    *p++ = '-';
    p = write_digits(p, static_cast<std::uint64_t>(-date.year), 4);
  } else {
    if (date.year > 9999) *p++ = '+';
    p = write_digits(p, static_cast<std::uint64_t>(date.year), 4);
  }
  *p++ = '-';
  p = write_digits(p, static_cast<std::uint64_t>(date.month), 2);
  *p++ = '-';
  p = write_digits(p, static_cast<std::uint64_t>(date.day), 2);
  *p++ = 'T';
  p = write_digits(p, static_cast<std::uint64_t>(second_of_day / 3600), 2);
  *p++ = ':';
  p = write_digits(p, static_cast<std::uint64_t>(second_of_day / 60 % 60), 2);
  *p++ = ':';
  p = write_digits(p, static_cast<std::uint64_t>(second_of_day % 60), 2);
  if (t.nanoseconds != 0) {
    *p++ = '.';
    if (t.nanoseconds % 1'000'000 == 0) p = write_digits(p, t.nanoseconds / 1'000'000, 3);
    else if (t.nanoseconds % 1'000 == 0) p = write_digits(p, t.nanoseconds / 1'000, 6);
    else p = write_digits(p, t.nanoseconds, 9);
  }
  *p++ = 'Z';
  return static_cast<std::size_t>(p - buf);
}

TOON_FUNC bool parse_timestamp(std::string_view text, timestamp& out) noexcept {
  reader r{text};
  std::int64_t year = 0;
  int month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!parse_year(r, year) || !r.take('-') || !r.digits(2, month) || !r.take('-') || !r.digits(2, day))
    return false;
  if (!(r.take('T') || r.take('t') || r.take(' '))) return false;
  if (!r.digits(2, hour) || !r.take(':') || !r.digits(2, minute) || !r.take(':') || !r.digits(2, second))
    return false;
  if (month < 1 || month > 12 || day < 1 || day > days_in_month(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 60) return false;
  if (second == 60) second = 59;  // a leap second reads as the second before it

  std::uint32_t nanos = 0;
  if (r.take('.')) {
    int count = 0;
    while (r.is_digit_here()) {
      if (++count > 9) return false;
      nanos = nanos * 10 + static_cast<std::uint32_t>(r.text[r.pos++] - '0');
    }
    if (count == 0) return false;
    for (int i = count; i < 9; ++i) nanos *= 10;
  }

  std::int64_t offset_seconds = 0;  // local time minus UTC
  if (r.take('Z') || r.take('z')) {
  } else if (r.peek() == '+' || r.peek() == '-') {
    const bool negative = r.peek() == '-';
    ++r.pos;
    int off_hour = 0, off_minute = 0;
    if (!r.digits(2, off_hour) || !r.take(':') || !r.digits(2, off_minute)) return false;
    if (off_hour > 23 || off_minute > 59) return false;
    offset_seconds = (off_hour * 3600 + off_minute * 60) * (negative ? -1 : 1);
  } else {
    return false;
  }
  if (!r.at_end()) return false;

  // The day count cannot overflow for 12-digit years; the seconds can. Apply the offset to
  // the time of day first, so that only the final instant has to fit.
  std::int64_t time_of_day = std::int64_t{hour} * 3600 + minute * 60 + second - offset_seconds;
  std::int64_t days = days_from_civil(year, month, day) + floor_div(time_of_day, seconds_per_day);
  time_of_day -= floor_div(time_of_day, seconds_per_day) * seconds_per_day;  // 0..86399
  // Negative days: (days + 1) * 86400 - (86400 - time_of_day) keeps the intermediate in range.
  if (days < 0 && time_of_day > 0) {
    ++days;
    time_of_day -= seconds_per_day;
  }
  std::int64_t seconds = 0;
  if (__builtin_mul_overflow(days, seconds_per_day, &seconds)) return false;
  if (__builtin_add_overflow(seconds, time_of_day, &seconds)) return false;
  out.seconds = seconds;
  out.nanoseconds = nanos;
  return true;
}

}  // namespace toon::detail
