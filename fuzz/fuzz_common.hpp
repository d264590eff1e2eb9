// fuzz_common.hpp - helpers shared by the fuzz targets (docs/fuzzing.md).
//
// Each target defines LLVMFuzzerTestOneInput. Built with clang and -fsanitize=fuzzer it is a
// libFuzzer binary (toon_fuzz_<target>); built with any compiler and replay_main.cpp it is a
// replay executable (toon_fuzz_replay_<target>) that runs files and folders of inputs, which
// ctest uses to run the committed regressions and the generated seed corpus.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "toon/toon.hpp"

namespace toon_fuzz {

/// The input in a heap block of exactly its size (no terminator, no spare capacity), so that
/// AddressSanitizer reports any read past its end. libFuzzer's own buffer is exact too, but
/// the replay executables read files into larger strings.
class exact_copy {
 public:
  exact_copy(const std::uint8_t* data, std::size_t size) : buf_(new char[size ? size : 1]), size_(size) {
    if (size) std::memcpy(buf_.get(), data, size);
  }
  [[nodiscard]] std::string_view view() const noexcept { return {buf_.get(), size_}; }

 private:
  std::unique_ptr<char[]> buf_;
  std::size_t size_;
};

/// Reports a broken property with the details and aborts (libFuzzer saves the input).
[[noreturn]] inline void fail(std::string_view what, std::string_view detail = {}) {
  std::fprintf(stderr, "\n=== toon fuzz property violated: %.*s\n%.*s\n", static_cast<int>(what.size()), what.data(),
               static_cast<int>(detail.size()), detail.data());
  std::fflush(stderr);
  std::abort();
}

/// FNV-1a of the input: options chosen from it stay fixed for one input (replays are exact)
/// while mutations of the input explore the others.
inline std::uint64_t input_hash(std::string_view s) noexcept {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

/// Encoder options from a hash: every delimiter, indent sizes 1..8.
inline toon::encode_options encode_options_from(std::uint64_t h) noexcept {
  static constexpr toon::delimiter delimiters[] = {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe};
  toon::encode_options o;
  o.delimiter = delimiters[h % 3];
  o.indent_size = static_cast<int>(1 + (h / 3) % 8);
  return o;
}

/// Decoder options for an input: indent 2 (what nearly every seed uses) for three inputs in
/// four, else 1..8.
inline toon::decode_options decode_options_from(std::uint64_t h, bool strict) noexcept {
  toon::decode_options o;
  o.strict = strict;
  o.indent_size = (h >> 32) % 4 != 0 ? 2 : static_cast<int>(1 + (h >> 40) % 8);
  return o;
}

/// Lines in `text` (a final line without a line break counts).
inline std::size_t count_lines(std::string_view text) noexcept {
  std::size_t n = 1;
  for (char c : text) n += c == '\n';
  return n;
}

/// A decoding error must be located inside the input and render without trouble.
inline void check_error(const toon::error& e, std::string_view input) {
  if (e.code == toon::error_code::ok) fail("error with code ok", e.to_string());
  if (e.line > count_lines(input)) fail("error line beyond the input", e.to_string());
  if (!input.empty() && (e.line == 0 || e.column == 0)) fail("error without a position", e.to_string());
  (void)toon::format_error(e, input, "input.toon");
}

inline std::string json_of(const toon::value& v) { return toon::to_json(v); }

}  // namespace toon_fuzz
