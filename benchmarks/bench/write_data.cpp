// benchmarks/bench/write_data.cpp - the toon_bench_data program: writes every dataset as
// files for the size/token table and the peers, plus manifest.json.
//
//   toon_bench_data OUTDIR
//
// Per dataset NAME: NAME.pretty.json (2-space), NAME.json (compact), NAME.toon (comma),
// NAME.tab.toon (tab), and NAME.csv when the data is one flat table.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "bench/value_data.hpp"

namespace {

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  if (!f) {
    std::cerr << "toon_bench_data: cannot write " << path << '\n';
    std::exit(1);
  }
}

/// The rows when `v` is an object with a single array of flat objects sharing one key list.
const toon::array* flat_table(const toon::value& v) {
  if (!v.is_object() || v.as_object().size() != 1) return nullptr;
  const toon::value& a = v.as_object().begin()->value;
  if (!a.is_array() || a.as_array().empty()) return nullptr;
  const toon::object* first = nullptr;
  for (const toon::value& row : a.as_array()) {
    if (!row.is_object()) return nullptr;
    for (const auto& m : row.as_object())
      if (!m.value.is_primitive()) return nullptr;
    if (first == nullptr) first = &row.as_object();
    if (row.as_object().size() != first->size()) return nullptr;
  }
  return &a.as_array();
}

/// One CSV field (RFC 4180): strings quoted when they need it, numbers as in JSON, null empty.
void csv_field(std::string& out, const toon::value& v) {
  if (v.is_null()) return;
  if (!v.is_string()) {
    out += toon::to_json(v);
    return;
  }
  const std::string& s = v.as_string();
  if (s.find_first_of(",\"\r\n") == std::string::npos && (s.empty() || (s.front() != ' ' && s.back() != ' '))) {
    out += s;
    return;
  }
  out += '"';
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

std::string to_csv(const toon::array& rows) {
  std::string out;
  bool first = true;
  for (const auto& m : rows.front().as_object()) {
    if (!first) out += ',';
    first = false;
    out += m.key;
  }
  out += '\n';
  for (const toon::value& row : rows) {
    first = true;
    for (const auto& m : row.as_object()) {
      if (!first) out += ',';
      first = false;
      csv_field(out, m.value);
    }
    out += '\n';
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: toon_bench_data OUTDIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  toon::array manifest;
  for (const bench::value_dataset& ds : bench::value_datasets()) {
    const std::string base = dir + '/' + std::string(ds.name);
    write_file(base + ".pretty.json", toon::to_json(ds.value, {2}));
    write_file(base + ".json", ds.json);
    write_file(base + ".toon", ds.toon);
    toon::encode_options tab;
    tab.delimiter = toon::delimiter::tab;
    write_file(base + ".tab.toon", toon::encode(ds.value, tab));
    const toon::array* rows = flat_table(ds.value);
    if (rows != nullptr) write_file(base + ".csv", to_csv(*rows));
    manifest.emplace_back(toon::object{{"name", std::string(ds.name)},
                                       {"records", ds.records},
                                       {"csv", rows != nullptr}});
  }
  write_file(dir + "/manifest.json", toon::to_json(toon::value(std::move(manifest)), {2}) + '\n');
  return 0;
}
