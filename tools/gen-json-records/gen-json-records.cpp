// gen-json-records - writes a compact JSON document of about SIZE bytes to stdout: one array
// of API-like records under "records",
//
//   {"records":[{"id":0,"name":"User 0","email":"user0@example.com","active":false,
//     "score":0.5,"address":{"city":"City 0","zip":"10000"}},...]}
//
// and with the shape `list`, each record also has a "tags" array, so the records are written
// as a list rather than a table (the heavier encoder path).
//
// usage: gen-json-records SIZE [table|list]   (SIZE in bytes, or 200MB, 2GB, 512KiB, 1GiB)
// The document stops at the last record that keeps it within SIZE. Build:
//   c++ -O2 -std=c++20 tools/gen-json-records/gen-json-records.cpp -o gen-json-records
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "../gen-common/gen_io.hpp"

namespace {

using gen::parse_size;
using gen::write_all;

// Appends record `i` to `out`.
void record(std::string& out, std::uint64_t i, bool tags) {
  const std::string n = std::to_string(i);
  out += "{\"id\":" + n + ",\"name\":\"User " + n + "\",\"email\":\"user" + n + "@example.com\",\"active\":";
  out += i % 3 != 0 ? "true" : "false";
  out += ",\"score\":" + std::to_string((i * 37) % 1000) + ".5";
  out += ",\"address\":{\"city\":\"City " + std::to_string(i % 97) + "\",\"zip\":\"" + std::to_string(10000 + i % 90000) + "\"}";
  if (tags) {
    out += ",\"tags\":[\"t" + std::to_string(i % 7) + "\"";
    if (i % 2 == 0) out += ",\"even\"";
    out += "]";
  }
  out += '}';
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t size = 0;
  const std::string_view shape = argc == 3 ? argv[2] : "table";
  if (argc < 2 || argc > 3 || !parse_size(argv[1], size) || (shape != "table" && shape != "list")) {
    std::fprintf(stderr, "usage: gen-json-records SIZE [table|list]   (e.g. 200MB)\n");
    return 2;
  }
  const bool tags = shape == "list";
  constexpr std::string_view head = "{\"records\":[", tail = "]}\n";
  std::string buf(head), rec;
  std::uint64_t written = 0;
  for (std::uint64_t i = 0;; ++i) {
    rec.clear();
    if (i != 0) rec += ',';
    record(rec, i, tags);
    if (written + buf.size() + rec.size() + tail.size() > size) break;
    buf += rec;
    if (buf.size() >= (1u << 20)) {
      if (!write_all(buf.data(), buf.size())) return 1;
      written += buf.size();
      buf.clear();
    }
  }
  buf += tail;
  return write_all(buf.data(), buf.size()) ? 0 : 1;
}
