// toon_conformance - runs the official TOON conformance fixtures through the library or the CLI.
//
//   toon_conformance [--mode library|cli] [--cli PATH] [--expect N] [--filter TEXT] [--verbose]
//                    [--timeout SECONDS] [--superseded FILE] DIR
//
// DIR is a fixture set folder holding encode/*.json and decode/*.json (for example
// $TOON_SPEC_DIR/fixtures). Prints `FAIL <file>:<test name>: <reason>` for each failing case and
// ends with `N passed, M failed`. With --superseded FILE, the cases FILE lists for this set must fail
// (a newer spec reverses them) and are reported apart. Exit status: 0 when every case passed, 1 when some failed,
// 2 on a usage or setup error.
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "fixture_runner.hpp"

namespace {

void usage(std::ostream& os) {
  os << "usage: toon_conformance [--mode library|cli] [--cli PATH] [--expect N] [--filter TEXT]\n"
        "                        [--verbose] [--timeout SECONDS] [--superseded FILE] DIR\n"
        "\n"
        "Runs every case of DIR/encode/*.json and DIR/decode/*.json (TOON spec fixture format).\n"
        "  --mode library   through toon::encode / toon::decode (default)\n"
        "  --mode cli       through the toon binary given by --cli, one process per case\n"
        "  --expect N       also fail unless the fixture files hold exactly N cases\n"
        "  --filter TEXT    run only cases whose '<file>:<name>' contains TEXT\n"
        "  --verbose        list passing cases too\n"
        "  --timeout S      per-process time limit in cli mode (default 10)\n"
        "  --superseded F   cases of this set that a newer spec supersedes: they must fail\n"
        "                   (tests/conformance/superseded.txt); any other failure still fails\n"
        "The fixtures ship with the TOON spec; the build finds them through TOON_SPEC_DIR.\n";
}

bool parse_count(std::string_view text, long long& out) {
  if (text.empty() || text.size() > 9) return false;
  long long v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = v;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  toon_conformance::config cfg;
  bool have_dir = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto next = [&](std::string_view flag) -> const char* {
      if (i + 1 >= argc) {
        std::cerr << "toon_conformance: " << flag << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "-h" || arg == "--help") {
      usage(std::cout);
      return 0;
    } else if (arg == "--mode") {
      const std::string_view m = next(arg);
      if (m == "library") {
        cfg.mode = toon_conformance::run_mode::library;
      } else if (m == "cli") {
        cfg.mode = toon_conformance::run_mode::cli;
      } else {
        std::cerr << "toon_conformance: unknown mode '" << m << "' (library or cli)\n";
        return 2;
      }
    } else if (arg == "--cli") {
      cfg.cli_path = next(arg);
    } else if (arg == "--expect") {
      long long n = 0;
      if (!parse_count(next(arg), n)) {
        std::cerr << "toon_conformance: --expect needs a case count\n";
        return 2;
      }
      cfg.expect = static_cast<std::size_t>(n);
    } else if (arg == "--filter") {
      cfg.filter = next(arg);
    } else if (arg == "--verbose" || arg == "-v") {
      cfg.verbose = true;
    } else if (arg == "--superseded") {
      cfg.superseded_file = next(arg);
    } else if (arg == "--timeout") {
      long long s = 0;
      if (!parse_count(next(arg), s) || s < 1 || s > 3600) {
        std::cerr << "toon_conformance: --timeout needs a number of seconds (1-3600)\n";
        return 2;
      }
      cfg.timeout_ms = static_cast<int>(s * 1000);
    } else if (!arg.empty() && arg[0] == '-') {
      std::cerr << "toon_conformance: unknown option '" << arg << "'\n";
      usage(std::cerr);
      return 2;
    } else if (have_dir) {
      std::cerr << "toon_conformance: more than one fixture folder given\n";
      return 2;
    } else {
      cfg.dir = std::string(arg);
      have_dir = true;
    }
  }
  if (!have_dir) {
    std::cerr << "toon_conformance: no fixture folder given (for example $TOON_SPEC_DIR/fixtures)\n";
    usage(std::cerr);
    return 2;
  }
  return toon_conformance::run(cfg, std::cout, std::cerr);
}
