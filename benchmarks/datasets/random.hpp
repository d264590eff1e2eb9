// benchmarks/datasets/random.hpp - the deterministic generator every dataset draws from.
//
// splitmix64 with a fixed seed per dataset: the same binary writes the same data on every
// machine, so sizes and token counts are reproducible.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace bench {

/// A small, fast, seeded pseudo-random source (splitmix64).
class random {
 public:
  explicit random(std::uint64_t seed) noexcept : state_(seed) {}

  /// The next 64 random bits.
  std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// A uniform integer in [lo, hi].
  std::int64_t between(std::int64_t lo, std::int64_t hi) noexcept {
    return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  /// True with probability `p`.
  bool chance(double p) noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }
  /// A price-like value with two decimals in [lo, hi].
  double money(std::int64_t lo, std::int64_t hi) noexcept {
    return static_cast<double>(between(lo * 100, hi * 100)) / 100.0;
  }
  /// One element of a fixed list.
  template <class T, std::size_t N>
  const T& pick(const std::array<T, N>& items) noexcept {
    return items[static_cast<std::size_t>(next() % N)];
  }

 private:
  std::uint64_t state_;
};

/// An ISO 8601 UTC timestamp `days` and `seconds` after 2025-01-01 (30-day months, for
/// simplicity; every result is a valid date).
inline std::string timestamp(std::int64_t days, std::int64_t seconds) {
  char buf[32];
  const std::int64_t month = days / 28 % 12 + 1, day = days % 28 + 1;
  std::snprintf(buf, sizeof buf, "2025-%02d-%02dT%02d:%02d:%02dZ", static_cast<int>(month),
                static_cast<int>(day), static_cast<int>(seconds / 3600 % 24),
                static_cast<int>(seconds / 60 % 60), static_cast<int>(seconds % 60));
  return buf;
}

/// A calendar date `days` after 2025-01-01 (28-day months).
inline std::string date(std::int64_t days) { return timestamp(days, 0).substr(0, 10); }

inline constexpr std::array<std::string_view, 24> first_names = {
    "Ada", "Bob", "Chen", "Dana", "Elif", "Femi", "Gita", "Hugo", "Ines", "Jon", "Kira", "Liam",
    "Mona", "Nils", "Omar", "Pia", "Quinn", "Rosa", "Sven", "Tara", "Uma", "Vik", "Wen", "Yara"};
inline constexpr std::array<std::string_view, 16> last_names = {
    "Alvarez", "Brooks", "Costa", "Dubois", "Evans", "Fischer", "Garcia", "Hansen",
    "Ito",     "Jensen", "Kumar", "Lopez",  "Moreau", "Nakamura", "Okafor", "Petrov"};
inline constexpr std::array<std::string_view, 12> words = {
    "fast", "tiny", "secure", "async", "modern", "typed", "cloud", "native", "simple", "robust",
    "streaming", "embedded"};

/// "First Last" from the name lists.
inline std::string person_name(random& r) {
  return std::string(r.pick(first_names)) + ' ' + std::string(r.pick(last_names));
}

/// A lower-case e-mail address derived from a name and a number.
inline std::string email_of(std::string_view name, std::int64_t n) {
  std::string e;
  for (char c : name) e += c == ' ' ? '.' : static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return e + std::to_string(n) + "@example.com";
}

}  // namespace bench
