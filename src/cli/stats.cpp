// cli/stats.cpp - the --stats report (the token estimate is the library's, toon/tokens.hpp).
#include "stats.hpp"

#include <cinttypes>
#include <cstdio>

namespace toon_cli {

namespace {

// `label` in a column of 16, then the bytes right-aligned in 10, then the tokens.
std::string size_line(const char* label, std::uint64_t bytes, std::uint64_t tokens) {
  char line[160];
  std::snprintf(line, sizeof line, "%-16s%10" PRIu64 " bytes  ~%" PRIu64 " tokens\n", label, bytes, tokens);
  return line;
}

// What going from `from` to the TOON form saves, and the change in percent (negative: TOON is
// smaller), like the reference CLI's "Saved ~117 tokens (-49.8%)".
std::string saved_line(const char* label, std::uint64_t from_bytes, std::uint64_t from_tokens,
                       std::uint64_t toon_bytes, std::uint64_t toon_tokens) {
  auto change = [](std::uint64_t from, std::uint64_t to) {
    if (from == 0) return 0.0;
    return (static_cast<double>(to) - static_cast<double>(from)) / static_cast<double>(from) * 100.0;
  };
  char line[200];
  std::snprintf(line, sizeof line, "%-16s%10" PRId64 " bytes  ~%" PRId64 " tokens  (%+.1f%% bytes, %+.1f%% tokens)\n",
                label, static_cast<std::int64_t>(from_bytes - toon_bytes),
                static_cast<std::int64_t>(from_tokens - toon_tokens), change(from_bytes, toon_bytes),
                change(from_tokens, toon_tokens));
  return line;
}

}  // namespace

std::string format_comparison(const char* from_label, text_size from, const char* to_label, text_size to) {
  return size_line(from_label, from.bytes, from.tokens) + size_line(to_label, to.bytes, to.tokens) +
         saved_line("saved", from.bytes, from.tokens, to.bytes, to.tokens);
}

std::string format_stats(const stats& s) {
  if (!s.compact) {
    return size_line("JSON", s.json_bytes, s.json_tokens) + size_line("TOON", s.toon_bytes, s.toon_tokens) +
           saved_line("saved", s.json_bytes, s.json_tokens, s.toon_bytes, s.toon_tokens);
  }
  return size_line("JSON input", s.json_bytes, s.json_tokens) +
         size_line("JSON compact", s.compact->bytes, s.compact->tokens) +
         size_line("TOON", s.toon_bytes, s.toon_tokens) +
         saved_line("saved vs input", s.json_bytes, s.json_tokens, s.toon_bytes, s.toon_tokens) +
         saved_line("saved vs compact", s.compact->bytes, s.compact->tokens, s.toon_bytes, s.toon_tokens);
}

}  // namespace toon_cli
