// cli/commands.cpp - encode (JSON -> TOON) and decode (TOON -> JSON).
#include "commands.hpp"

#include <cstdio>
#include <string>

#include "io.hpp"
#include "toon/decode.hpp"
#include "toon/encode.hpp"
#include "toon/json.hpp"

namespace toon_cli {

namespace {

std::string_view input_name(const options& opts) {
  return reads_stdin(opts) ? std::string_view("<stdin>") : std::string_view(opts.input);
}

void print_error(std::string_view message) {
  std::string line(message);
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

// Reads the input; on failure prints the reason and returns false.
bool load(const options& opts, std::string& text) {
  std::string why;
  if (read_input(opts.input, text, why)) return true;
  print_error("toon: " + why);
  return false;
}

// Writes the result (already ending with its newline); returns the exit status.
int store(const options& opts, const std::string& out) {
  std::string why;
  if (write_output(opts.output, out, why)) return exit_ok;
  print_error("toon: " + why);
  return exit_data_error;
}

}  // namespace

int run_encode(const options& opts) {
  std::string text;
  if (!load(opts, text)) return exit_data_error;

  auto parsed = toon::from_json(text);
  if (!parsed) {
    print_error(render_error(parsed.error(), text, input_name(opts)));
    return exit_data_error;
  }
  std::string().swap(text);  // the JSON text is no longer needed

  toon::encode_options eo;
  eo.indent_size = opts.indent;
  eo.delimiter = opts.delimiter;
  std::string out;
  toon::encode_to(out, *parsed, eo);
  out += '\n';
  return store(opts, out);
}

int run_decode(const options& opts) {
  std::string text;
  if (!load(opts, text)) return exit_data_error;

  toon::decode_options d;
  d.indent_size = opts.indent;
  d.strict = opts.strict;
  toon::json_options j;
  j.indent = opts.json_indent.value_or(opts.indent);

  auto json = toon::toon_to_json(text, d, j);
  if (!json) {
    print_error(render_error(json.error(), text, input_name(opts)));
    return exit_data_error;
  }
  json->push_back('\n');
  return store(opts, *json);
}

}  // namespace toon_cli
