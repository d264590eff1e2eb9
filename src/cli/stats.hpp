// cli/stats.hpp - `toon --stats`: sizes and estimated token counts of the JSON and TOON forms.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace toon_cli {

/// Estimates how many LLM tokens a text costs, without a tokenizer. This is the heuristic the
/// reference CLI (@toon-format/cli, through the tokenx library) prints for --stats, so both
/// tools give the same numbers (docs/cli.md, "Token estimate"):
///
/// * the text is cut into runs of whitespace, runs of the ASCII punctuation
///   `. , ! ? ; ( ) { } [ ] < > : / \ | @ # $ % ^ & * + = ` ~ _ -`, and runs of anything else;
/// * whitespace costs nothing; a run containing a CJK or Hangul character costs one token per
///   character; a run of digits costs 1; a run of at most 3 UTF-16 units costs 1;
///   a punctuation run costs ceil(length / 2);
/// * any other run costs ceil(length / c), the length in UTF-16 units, with c = 3 when it
///   holds a German or French accented letter, 3.5 for a Polish or Czech one, else 6.
///
/// Text is fed in pieces of any size (a piece may end inside a UTF-8 sequence); ill-formed
/// UTF-8 counts as U+FFFD.
class token_estimator {
 public:
  /// Adds the next piece of the text.
  void feed(std::string_view bytes);
  /// The estimate for everything fed so far (the text is taken to end here).
  [[nodiscard]] std::uint64_t finish();

  /// Estimate for a whole text.
  [[nodiscard]] static std::uint64_t estimate(std::string_view text) {
    token_estimator e;
    e.feed(text);
    return e.finish();
  }

 private:
  enum class run_kind : std::uint8_t { none, space, punct, other };

  void add(char32_t cp);
  void end_run();

  // Current run.
  run_kind kind_ = run_kind::none;
  std::uint64_t units_ = 0;        // UTF-16 code units
  std::uint64_t code_points_ = 0;
  bool cjk_ = false;
  bool digits_only_ = true;
  int language_ = 0;               // 0 none, else 1..3: the first matching accent group
  // Partial UTF-8 sequence carried over between pieces.
  char32_t pending_ = 0;
  int pending_left_ = 0;          // continuation bytes still expected
  unsigned char pending_lo_ = 0;  // allowed range of the next continuation byte
  unsigned char pending_hi_ = 0;

  std::uint64_t total_ = 0;
};

/// Byte and token counts of the two forms of one document.
struct stats {
  std::uint64_t json_bytes = 0;
  std::uint64_t json_tokens = 0;
  std::uint64_t toon_bytes = 0;
  std::uint64_t toon_tokens = 0;
};

/// The --stats report (three lines, each ending with '\n'):
///
///     JSON   1180 bytes  ~235 tokens
///     TOON    328 bytes  ~118 tokens
///     saved   852 bytes  ~117 tokens  (-72.2% bytes, -49.8% tokens)
[[nodiscard]] std::string format_stats(const stats& s);

}  // namespace toon_cli
