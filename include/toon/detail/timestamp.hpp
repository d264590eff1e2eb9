// toon/detail/timestamp.hpp - ISO 8601 UTC timestamps for std::chrono::system_clock time points
// (detail: not a stable API; used by the typed encoder and decoder).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace toon::detail {

/// A point in time: whole seconds since 1970-01-01T00:00:00Z (negative before) plus
/// nanoseconds in [0, 1e9).
struct timestamp {
  std::int64_t seconds = 0;
  std::uint32_t nanoseconds = 0;
};

/// Longest text format_timestamp() writes ("-32767-12-31T23:59:59.999999999Z" and the like).
inline constexpr std::size_t max_timestamp_chars = 48;

/// Writes `t` as `YYYY-MM-DDTHH:MM:SSZ`, with `.fff`, `.ffffff` or `.fffffffff` before the Z
/// when the fraction is not zero (the shortest of the three that is exact). Years outside
/// 0000..9999 are written with a sign and at least four digits. Returns the length written to
/// `buf` (at least max_timestamp_chars bytes).
std::size_t format_timestamp(char* buf, timestamp t) noexcept;

/// Parses `YYYY-MM-DDTHH:MM:SS[.f{1,9}](Z|z|+HH:MM|-HH:MM)` (also 't' or a space instead of
/// 'T'; the year may also be a sign and 4 to 12 digits, as format_timestamp writes far years),
/// validating every field (month 1-12, day within the month, hour 0-23, minute 0-59,
/// second 0-60 where 60 is read as 59, offset hour 0-23 and minute 0-59) and that the instant
/// fits in `timestamp`. An offset is subtracted: 10:00+02:00 is 08:00Z. False on any other text.
bool parse_timestamp(std::string_view text, timestamp& out) noexcept;

}  // namespace toon::detail
