// toon/tokens.hpp - a tokenizer-free estimate of how many LLM tokens a text costs.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstdint>
#include <string_view>

namespace toon {

/// Estimates the LLM tokens of a text without a tokenizer: the heuristic the reference CLI
/// (@toon-format/cli, through the tokenx library) prints for --stats, which the `toon` CLI
/// prints too (docs/cli.md, "Token estimate"):
///
/// * the text is cut into runs of whitespace, runs of the ASCII punctuation
///   `. , ! ? ; ( ) { } [ ] < > : / \ | @ # $ % ^ & * + = ` ~ _ -`, and runs of anything else;
/// * whitespace costs nothing; a run containing a CJK or Hangul character costs one token per
///   character; a run of digits costs 1; a run of at most 3 UTF-16 units costs 1;
///   a punctuation run costs ceil(length / 2);
/// * any other run costs ceil(length / c), the length in UTF-16 units, with c = 3 when it
///   holds a German or French accented letter, 3.5 for a Polish or Czech one, else 6.
///
/// How good it is, against o200k_base (the GPT-4o tokenizer; tools/tokens) on ten documents
/// (examples/ and tests/corpus/, 0.3 to 10 KB; docs/encoding.md, "Estimating tokens"):
///
/// * compact JSON: typically within 6% (median -1%; extremes -29% for a document of long
///   numbers, which count 1 each, and +23%);
/// * TOON: typically 20% to 35% low (median -28%; range -41% to +4%);
/// * indented JSON: 25% to 48% low (median -40%).
///
/// Whitespace costs nothing in the estimate, while real tokenizers spend tokens on
/// indentation, so the estimate favours indented text. It can even rank two forms the wrong
/// way round (one of the ten: estimated 15% fewer tokens in TOON than in compact JSON, 17%
/// more by o200k_base). Use it for a quick comparison; count with a real tokenizer before
/// relying on a difference.
///
/// Ill-formed UTF-8 counts as U+FFFD.
[[nodiscard]] std::uint64_t estimate_tokens(std::string_view text);

/// The same estimate for a text given in pieces of any size (a piece may end inside a UTF-8
/// sequence): feed() each piece in order, then finish().
class token_estimator {
 public:
  /// Adds the next piece of the text.
  void feed(std::string_view bytes);
  /// The estimate for everything fed so far (the text is taken to end here). Feed nothing
  /// more afterwards.
  [[nodiscard]] std::uint64_t finish();

 private:
  enum class run_kind : std::uint8_t { none, space, punct, other };

  void add(char32_t cp);
  void end_run();

  // Current run.
  run_kind kind_ = run_kind::none;
  std::uint64_t units_ = 0;  // UTF-16 code units
  std::uint64_t code_points_ = 0;
  bool cjk_ = false;
  bool digits_only_ = true;
  int language_ = 0;  // 0 none, else 1..3: the first matching accent group
  // Partial UTF-8 sequence carried over between pieces.
  char32_t pending_ = 0;
  int pending_left_ = 0;          // continuation bytes still expected
  unsigned char pending_lo_ = 0;  // allowed range of the next continuation byte
  unsigned char pending_hi_ = 0;

  std::uint64_t total_ = 0;
};

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
