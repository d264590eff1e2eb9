// cli/help.cpp - help, version and usage texts of the toon tool.
#include <string>

#include "options.hpp"
#include "toon/version.hpp"

namespace toon_cli {

std::string version_text() {
  std::string s = "toon ";
  s += toon::version;
  s += " (TOON spec ";
  s += toon::spec_version;
  s += "; fixtures ";
  s += toon::fixture_versions;
  s += ")\n";
  return s;
}

std::string usage_hint() {
  return "Usage: toon [encode|decode] [options] [FILE|-]\n"
         "       toon mcp tools [options] -- COMMAND [ARGS...]\n"
         "       toon dsl compile|decompile [options] [FILE|-]\n"
         "Run 'toon --help' for the list of options.\n";
}

std::string help_text() {
  std::string s = "toon ";
  s += toon::version;
  s += " - convert JSON to TOON (Token-Oriented Object Notation) and back\n";
  s += R"(
Usage:
  toon [encode|decode] [options] [FILE|-]
  toon mcp tools [options] -- COMMAND [ARGS...]
  toon dsl compile|decompile [options] [FILE|-]

Commands:
  encode    read JSON, write TOON
  decode    read TOON, write JSON
  mcp tools start an MCP server, print its tools as a TOON table of typed
            params and compare token counts ('toon mcp --help')
  dsl       compile MCP-DSL to JSON-RPC / MCP JSON, or decompile JSON to
            MCP-DSL ('toon dsl --help')
  (none)    choose from FILE's name: *.toon decodes; *.json, any other name
            and standard input encode

FILE is the input; without FILE (data piped in), or with '-', standard input
is read. Output goes to standard output and ends with a single newline.

Options:
  -o, --output FILE     write the result to FILE (created or replaced; left
                        untouched when the input is invalid)
  -e, --encode          same as the encode command
  -d, --decode          same as the decode command
      --delimiter NAME  encode: separator of inline arrays and table rows:
                        comma (default), tab or pipe (also ',', '\t', '|')
      --indent N        spaces per TOON indentation level, 1-64 (default 2);
                        decode: also the JSON indentation unless --json-indent
      --json-indent N   decode: spaces per JSON level, 0 for compact JSON
      --strict          decode: enforce every strict-mode check (default)
      --no-strict       decode: spec 4.4 non-strict mode: no count or indentation
                        checks, and a repeated key keeps its last value
                        (structural errors still fail)
      --omit-null       encode: leave out object members whose value is null
                        (array elements stay); smaller, but not the reference
                        encoder's output
      --omit-empty      encode: leave out object members whose value is an empty
                        array or object, also one emptied by omission
      --stats           after converting, print to standard error the size in
                        bytes and the estimated tokens of the JSON and the TOON
                        form, and the savings in percent; encoding also compares
                        with the compact JSON of the data (the estimate is the
                        reference CLI's heuristic, not a real tokenizer)
  -h, --help            show this help and exit
  -v, --version         show the version and exit

Large inputs: strict decoding reads the TOON (a file or a pipe) in blocks and
writes its JSON as it goes, in bounded memory whatever the input size; invalid
input found after JSON was written leaves standard output incomplete (exit
status 1), while a file given with -o is replaced only on success. Encoding and
--no-strict decoding read the whole input (files of 1 MiB or more are mapped).

Exit status:
  0  success
  1  invalid input (JSON or TOON) or a file that cannot be read or written;
     the message reads FILE:LINE:COLUMN: problem, then the line and a caret
  2  wrong usage (unknown option, bad value, more than one input file)

Examples:
  toon examples/users.json                 encode a file to standard output
  toon examples/users.json -o users.toon   encode to a file
  toon --stats data.json -o /dev/null      only show sizes and token savings
  toon users.toon                          decode (chosen by the extension)
  toon encode --delimiter tab data.json    tab-separated tables
  toon --omit-null --omit-empty --stats data.json
                                           drop null and empty members, and
                                           compare with compact JSON
  curl -s https://example.com/api | toon   encode JSON from a pipe
  toon decode --json-indent 0 < in.toon    compact JSON from standard input
  toon decode --no-strict hand-edited.toon accept counts that do not match
)";
  return s;
}

}  // namespace toon_cli
