// fixture_runner.hpp - runs the official TOON conformance fixtures (spec repository format:
// `<dir>/encode/*.json`, `<dir>/decode/*.json`) through the library or through the CLI binary.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "toon/value.hpp"

namespace toon_conformance {

/// What the cases run through.
enum class run_mode {
  library,  ///< toon::encode / toon::decode in this process
  cli,      ///< the `toon` binary, one child process per case
};

/// Command-line configuration of one run.
struct config {
  run_mode mode = run_mode::library;
  /// Path of the `toon` binary (cli mode).
  std::string cli_path;
  /// The fixture set folder, holding encode/ and decode/.
  std::filesystem::path dir;
  /// Required number of cases in the set (all files, before --filter); checked when set.
  std::optional<std::size_t> expect;
  /// Run only the cases whose "<file>:<name>" contains this text.
  std::string filter;
  /// Also print one line per passing case.
  bool verbose = false;
  /// Per-process time limit in cli mode.
  int timeout_ms = 10000;
  /// File listing the cases a newer spec supersedes (tests/conformance/superseded.txt); empty
  /// when none. Listed cases of this set must fail; any other failure fails the run.
  std::filesystem::path superseded_file;
};

/// A case the current spec supersedes: it must fail, for `reason`.
struct superseded_case {
  std::string set;     ///< fixture set folder name, e.g. "fixtures-4.1.1"
  std::string id;      ///< "<file>:<case name>"
  std::string reason;  ///< why the newer spec reverses it
};

/// Reads a superseded-cases file ("<set>: <file>:<name>" lines, each followed by an indented
/// "why: <reason>" line; '#' comments). Throws std::runtime_error on a malformed file.
[[nodiscard]] std::vector<superseded_case> load_superseded(const std::filesystem::path& file);

/// Which half of the fixture set a case belongs to.
enum class case_kind { encode, decode };

/// One test of a fixture file.
struct test_case {
  case_kind kind = case_kind::encode;
  std::string file;  ///< relative to the set folder, e.g. "decode/objects.json"
  std::string name;  ///< unique within the file ("name [#k]" when the file repeats a name)
  toon::value input;
  toon::value expected;
  toon::value options;  ///< null when absent
  bool should_error = false;
  /// Set when the test entry itself is malformed; the case then fails with this reason.
  std::string malformed;
};

/// Every case of a set, plus the problems met while loading it.
struct fixture_set {
  std::vector<test_case> cases;
  /// "<file>: <problem>" for files that could not be read or parsed (each counts as a failure).
  std::vector<std::string> file_errors;
  std::size_t file_count = 0;
};

/// Loads `<dir>/encode/*.json` and `<dir>/decode/*.json` (sorted by name) with toon::from_json.
/// Throws std::runtime_error when the folder or either subfolder is missing.
[[nodiscard]] fixture_set load_fixtures(const std::filesystem::path& dir);

/// The result of one case.
struct outcome {
  bool passed = false;
  std::string reason;  ///< why it failed (one line, control characters escaped)
};

/// Runs one case in the configured mode.
[[nodiscard]] outcome run_case(const test_case& tc, const config& cfg);

/// Loads the set, runs every case, prints `FAIL ...` lines and the summary to `out` and
/// setup problems to `err`. Returns the process exit code (0 only when every case passed).
[[nodiscard]] int run(const config& cfg, std::ostream& out, std::ostream& err);

/// `s` as a double-quoted literal with \n, \t, \r, \", \\ and \xNN for other control bytes and
/// ill-formed UTF-8, so that every byte is visible on one line. Long texts are shortened to
/// about `max_chars` characters with a note of the full size.
[[nodiscard]] std::string quote_visible(std::string_view s, std::size_t max_chars = 2000);

/// Describes the first place where `expected` and `actual` differ ("$.a[2].b: ..."), or
/// returns an empty string when they are equal under toon::value's operator==.
[[nodiscard]] std::string first_difference(const toon::value& expected, const toon::value& actual);

/// Result of running a child process.
struct process_result {
  int exit_code = -1;      ///< exit status, -1 when it did not exit normally
  int term_signal = 0;     ///< signal that ended it, or 0
  bool timed_out = false;  ///< killed after the time limit
  std::string spawn_error; ///< non-empty when the process could not be started
  std::string out;         ///< everything written to stdout
  std::string err;         ///< everything written to stderr
};

/// Runs `args[0]` with `args` (no shell), feeding `input` to its stdin and collecting stdout and
/// stderr concurrently (no pipe deadlock). Kills it after `timeout_ms`.
[[nodiscard]] process_result run_process(const std::vector<std::string>& args,
                                         std::string_view input, int timeout_ms);

}  // namespace toon_conformance
