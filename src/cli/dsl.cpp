// cli/dsl.cpp - `toon dsl compile|decompile`: MCP-DSL to JSON-RPC and back (docs/mcp-dsl.md).
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "io.hpp"
#include "stats.hpp"
#include "toon/dsl/mcp_dsl.hpp"
#include "toon/tokens.hpp"

namespace toon_cli {

namespace {

std::string dsl_usage() {
  return "Usage: toon dsl compile [--pretty] [--stats] [-o FILE] [FILE|-]\n"
         "       toon dsl decompile [--kind KIND] [--stats] [-o FILE] [FILE|-]\n"
         "Run 'toon dsl --help' for details.\n";
}

std::string dsl_help() {
  return R"(toon dsl - compile MCP-DSL to JSON-RPC / MCP JSON and back (docs/mcp-dsl.md)

Usage:
  toon dsl compile [options] [FILE|-]     DSL -> JSON, one message or definition
                                          per line (JSON Lines)
  toon dsl decompile [options] [FILE|-]   JSON -> canonical DSL, one item per line;
                                          the input is one JSON value, an array of
                                          them, or a sequence of them (JSON Lines)

Options:
  -o, --output FILE  write to FILE instead of standard output
  --pretty           compile: pretty-print each JSON value (2 spaces)
  --kind KIND        decompile: read every item as KIND: message, tool, resource,
                     prompt or template (default: a message when it has
                     "jsonrpc", else guessed from its keys)
  --stats            print to standard error the bytes and estimated tokens of the
                     JSON and the DSL form (compact JSON, one value per line)
  -h, --help         show this help and exit

Exit status: 0 success, 1 invalid input (FILE:LINE:COLUMN: problem, the line and
a caret) or JSON the DSL cannot express, 2 wrong usage.

Examples:
  echo '> tools/call#42 {name: "search", args: {query: "weather"}}' | toon dsl compile
  toon dsl decompile --stats session.jsonl
)";
}

bool parse_kind(std::string_view s, toon::mcp_dsl::item_kind& k) {
  using toon::mcp_dsl::item_kind;
  if (s == "message") k = item_kind::message;
  else if (s == "tool") k = item_kind::tool;
  else if (s == "resource") k = item_kind::resource;
  else if (s == "prompt") k = item_kind::prompt;
  else if (s == "template") k = item_kind::resource_template;
  else return false;
  return true;
}

}  // namespace

int run_dsl(const std::vector<std::string_view>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    put(args.empty() ? stderr : stdout, args.empty() ? dsl_usage() : dsl_help());
    return args.empty() ? exit_usage : exit_ok;
  }
  const bool compile = args[0] == "compile";
  if (!compile && args[0] != "decompile") {
    put(stderr, "toon dsl: unknown subcommand \"" + std::string(args[0]) + "\"\n" + dsl_usage());
    return exit_usage;
  }
  bool pretty = false;
  bool stats = false;
  bool have_input = false;
  std::string input_path;
  std::string output_path;
  toon::mcp_dsl::item_kind kind = toon::mcp_dsl::item_kind::automatic;
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string_view a = args[i];
    if (a == "--help" || a == "-h") {
      put(stdout, dsl_help());
      return exit_ok;
    }
    if (a == "--pretty" && compile) {
      pretty = true;
    } else if (a == "--stats") {
      stats = true;
    } else if (a == "-o" || a == "--output") {
      if (i + 1 >= args.size()) {
        put(stderr, "toon dsl: " + std::string(a) + " needs a file name\n" + dsl_usage());
        return exit_usage;
      }
      output_path = std::string(args[++i]);
    } else if (a == "--kind" && !compile) {
      if (i + 1 >= args.size() || !parse_kind(args[i + 1], kind)) {
        put(stderr, "toon dsl: --kind takes message, tool, resource, prompt or template\n" + dsl_usage());
        return exit_usage;
      }
      ++i;
    } else if (a.size() > 1 && a[0] == '-') {
      put(stderr, "toon dsl: unknown option \"" + std::string(a) + "\"\n" + dsl_usage());
      return exit_usage;
    } else if (have_input) {
      put(stderr, "toon dsl: more than one input file\n" + dsl_usage());
      return exit_usage;
    } else {
      have_input = true;
      input_path = std::string(a);
    }
  }

  input_text in;
  std::string io_error;
  if (!in.open(input_path, io_error)) {
    put(stderr, "toon: " + io_error + "\n");
    return exit_data_error;
  }
  const std::string name = input_path.empty() || input_path == "-" ? std::string("<stdin>") : input_path;
  std::string result;
  std::string compact_json;  // for --stats: the JSON side, compact, one value per line
  if (compile) {
    auto json = toon::mcp_dsl::compile_to_json(in.view(), pretty ? 2 : 0);
    if (!json) {
      put(stderr, render_error(json.error(), in.view(), name) + "\n");
      return exit_data_error;
    }
    result = std::move(*json);
    if (stats) compact_json = pretty ? *toon::mcp_dsl::compile_to_json(in.view()) : result;
  } else {
    auto dsl = toon::mcp_dsl::decompile_json(in.view(), kind);
    if (!dsl) {
      const toon::error& e = dsl.error();
      if (e.code == toon::error_code::dsl_inexpressible) put(stderr, "toon dsl: " + std::string(name) + ": " + e.message + "\n");
      else put(stderr, render_error(e, in.view(), name) + "\n");
      return exit_data_error;
    }
    result = std::move(*dsl);
    if (stats) {
      // The same items as compact JSON Lines, as `toon dsl compile` writes them.
      auto back = toon::mcp_dsl::compile_to_json(result);
      compact_json = back ? std::move(*back) : std::string(in.view());
    }
  }
  output_sink out(output_path);
  out.buffer() = std::move(result);
  const std::string_view dsl_text = compile ? in.view() : std::string_view(out.buffer());
  std::string report;
  if (stats) {
    report = format_comparison("JSON", {compact_json.size(), toon::estimate_tokens(compact_json)}, "DSL",
                               {dsl_text.size(), toon::estimate_tokens(dsl_text)});
  }
  if (!out.finish(io_error)) {
    put(stderr, "toon: " + io_error + "\n");
    return exit_data_error;
  }
  if (stats) put(stderr, report);
  return exit_ok;
}

}  // namespace toon_cli
