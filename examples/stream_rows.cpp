// Typed rows from a stream in constant memory: reads a TOON document from stdin block by
// block, decodes each row of its table into a struct as soon as the row's line is complete, and
// prints a summary. Any size of input works; memory stays that of one row and one line.
//
//   toon_example_stream_rows [PATH] < table.toon      (PATH: dotted keys of the table, "rows")
//
// With no input on stdin (a terminal) it decodes a small built-in table instead.
#include <unistd.h>

#include <cstdint>
#include <cstddef>
#include <cstdio>
#include <string>

#include "toon/source.hpp"
#include "toon/typed/row_reader.hpp"

namespace {

struct record {
  std::int64_t id = 0;
  std::string name;
  std::string email;
  bool active = false;
  double score = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const char* path = argc > 1 ? argv[1] : "rows";
  toon::decode_options options;
  options.max_input_size = SIZE_MAX;  // the input is not held: no bound on its total size
  std::uint64_t active = 0;
  double total = 0;
  toon::row_reader<record> reader(
      [&](const record& r) {
        active += r.active;
        total += r.score;
      },
      path, options);
  toon::result<void> r;
  if (isatty(0)) {
    r = reader.feed("rows[2]{id,name,email,active,score}:\n  1,Ada,ada@example.com,true,9.5\n"
                    "  2,Bob,bob@example.com,false,7\n");
  } else {
    r = toon::read_blocks_fd(0, [&](std::string_view block) { return reader.feed(block); });
  }
  if (r) r = reader.finish();
  if (!r) {
    std::fprintf(stderr, "stdin:%u:%u: %s%s%s\n", r.error().line, r.error().column, r.error().message.c_str(),
                 r.error().path.empty() ? "" : " at ", r.error().path.c_str());
    return 1;
  }
  std::printf("%llu rows, %llu active, score total %.1f\n", static_cast<unsigned long long>(reader.rows()),
              static_cast<unsigned long long>(active), total);
  return 0;
}
