// gen-toon-table - writes a TOON document with one big table of about SIZE bytes to stdout:
//
//   rows[N]{id,name,email,active,score}:
//     0,User 0,user0@example.com,true,0.5
//     ...
//
// usage: gen-toon-table SIZE     (SIZE in bytes, or with a suffix: 200MB, 2GB, 512KiB, 1GiB)
// N is the largest row count whose document does not exceed SIZE. Build:
//   c++ -O2 -std=c++20 tools/gen-toon-table/gen-toon-table.cpp -o gen-toon-table
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "../gen-common/gen_io.hpp"

namespace {

using gen::parse_size;
using gen::write_all;

unsigned digits(std::uint64_t v) {
  unsigned d = 1;
  while (v >= 10) v /= 10, ++d;
  return d;
}

bool active(std::uint64_t i) { return i % 3 != 0; }
std::uint64_t score(std::uint64_t i) { return (i * 37) % 1000; }  // written as score/10 "." 5

// Bytes of row `i`: "  I,User I,userI@example.com,ACTIVE,S.5\n".
std::uint64_t row_size(std::uint64_t i) {
  const unsigned d = digits(i);
  return 2 + d + 6 + d + 5 + d + 12 + 1 + (active(i) ? 4 : 5) + 1 + digits(score(i)) + 2 + 1;
}

std::string header(std::uint64_t rows) { return "rows[" + std::to_string(rows) + "]{id,name,email,active,score}:\n"; }

char* put(char* p, std::string_view s) {
  std::memcpy(p, s.data(), s.size());
  return p + s.size();
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t size = 0;
  if (argc != 2 || !parse_size(argv[1], size)) {
    std::fprintf(stderr, "usage: gen-toon-table SIZE   (bytes, or 200MB, 2GB, 512KiB, 1GiB)\n");
    return 2;
  }
  // The row count: grow while the document (header with that count, plus rows) fits.
  std::uint64_t rows = 0, body = 0;
  const std::uint64_t fixed = header(0).size() - 1;  // the header without its count's digits
  while (fixed + digits(rows + 1) + body + row_size(rows) <= size) body += row_size(rows++);

  static char buf[1 << 20];
  char* p = buf;
  p = put(p, header(rows));
  for (std::uint64_t i = 0; i < rows; ++i) {
    if (p > buf + sizeof buf - 256) {
      if (!write_all(buf, static_cast<std::size_t>(p - buf))) return 1;
      p = buf;
    }
    char id[24];
    const std::size_t n = static_cast<std::size_t>(std::to_chars(id, id + sizeof id, i).ptr - id);
    const std::string_view ids(id, n);
    p = put(p, "  ");
    p = put(p, ids);
    p = put(p, ",User ");
    p = put(p, ids);
    p = put(p, ",user");
    p = put(p, ids);
    p = put(p, "@example.com,");
    p = put(p, active(i) ? "true," : "false,");
    p = std::to_chars(p, p + 24, score(i)).ptr;
    p = put(p, ".5\n");
  }
  if (!write_all(buf, static_cast<std::size_t>(p - buf))) return 1;
  return 0;
}
