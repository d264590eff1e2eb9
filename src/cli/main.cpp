// cli/main.cpp - entry point of the toon command-line tool.
#include <unistd.h>

#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "io.hpp"
#include "options.hpp"

namespace {

using toon_cli::put;

int run(int argc, char** argv) {
  std::vector<std::string_view> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  if (!args.empty() && args[0] == "mcp") return toon_cli::run_mcp({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "dsl") return toon_cli::run_dsl({args.begin() + 1, args.end()});
  toon_cli::parse_result parsed = toon_cli::parse_args(args);
  if (!parsed.error.empty()) {
    put(stderr, "toon: " + parsed.error + "\n" + toon_cli::usage_hint());
    return toon_cli::exit_usage;
  }
  const toon_cli::options& opts = parsed.opts;
  if (opts.show_help || opts.show_version) {
    put(stdout, opts.show_help ? toon_cli::help_text() : toon_cli::version_text());
    return std::fflush(stdout) == 0 ? toon_cli::exit_ok : toon_cli::exit_data_error;
  }
  if (opts.input.empty() && isatty(STDIN_FILENO)) {
    // Nothing piped in and no FILE: waiting on the terminal is rarely what was meant
    // ("toon -" still reads a terminal).
    put(stderr, "toon: no input: give a FILE, or pipe data into standard input\n" + toon_cli::usage_hint());
    return toon_cli::exit_usage;
  }
  return toon_cli::resolve_mode(opts) == toon_cli::mode::decode ? toon_cli::run_decode(opts)
                                                                : toon_cli::run_encode(opts);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    put(stderr, "toon: out of memory\n");
  } catch (const std::exception& e) {
    put(stderr, std::string("toon: internal error: ") + e.what() + "\n");
  }
  return toon_cli::exit_data_error;
}
