// make_seeds.cpp - writes the seed corpora of the fuzz targets from the official fixtures and
// the project's sample data (docs/fuzzing.md). Run at build time by the toon_fuzz_seeds target:
//
//   toon_fuzz_make_seeds OUT_DIR SPEC_DIR SOURCE_DIR
//
// OUT_DIR/toon   TOON documents: every decode fixture's input (fixtures-4.4.0, fixtures, fixtures-4.1.1),
//                every encode fixture's expected output, the spec's examples (*.toon: valid,
//                invalid, conversions), the project's examples/*.toon, and the JSON documents
//                below encoded with each delimiter and indent sizes 2 and 4;
// OUT_DIR/json   JSON documents: every encode fixture's input, every decode fixture's expected
//                value, the spec's and the project's *.json, tests/corpus/*.json;
// OUT_DIR/typed  TOON documents shaped like toon_model::document (typed_model.hpp);
// OUT_DIR/params typed-param texts: every code span and code-block line of
//                docs/typed-params.md, and a few texts followed by a TOON arguments document.
// Each folder also gets generated hostile seeds (add_hostile_seeds): nesting just past each
// default depth limit, wide headers, many members and long tokens, each under 1 MiB (the
// -max_len of scripts/ci-sanitize.sh and scripts/fuzz.sh), so that the fuzzers start from
// inputs they would not reach by mutation in a minute.
// Files are named by a hash of their content, so duplicates collapse. OUT_DIR is emptied
// first. A missing SPEC_DIR is reported and skipped (the conformance tests fail on it).
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "toon/toon.hpp"
#include "typed_model.hpp"

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class corpus {
 public:
  explicit corpus(fs::path dir) : dir_(std::move(dir)) { fs::create_directories(dir_); }

  void add(const std::string& content) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : content) h = (h ^ c) * 1099511628211ull;
    char name[17];
    std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(h));
    if (!names_.insert(name).second) return;
    std::ofstream(dir_ / name, std::ios::binary) << content;
  }
  [[nodiscard]] std::size_t size() const { return names_.size(); }

 private:
  fs::path dir_;
  std::set<std::string> names_;
};

std::vector<fs::path> files_under(const fs::path& dir, const std::string& extension) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == extension) out.push_back(e.path());
  return out;
}

// Every encoding of a JSON document the fuzzers should start from.
void add_encodings(corpus& toon_docs, const toon::value& v) {
  for (toon::delimiter d : {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe})
    for (int indent : {2, 4}) toon_docs.add(toon::encode(v, {indent, d}));
}

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// Deep, wide and long inputs (docs/fuzzing.md, "Seeds and dictionaries").
void add_hostile_seeds(corpus& toon_docs, corpus& json_docs, corpus& typed_docs, corpus& params) {
  // TOON: objects and list arrays nested 257 and 300 levels (the default max_depth is 256).
  for (std::size_t levels : {std::size_t(255), std::size_t(257), std::size_t(300)}) {
    std::string objects, lists = "a[1]:\n";
    for (std::size_t i = 0; i < levels; ++i) {
      objects += std::string(2 * i, ' ') + "a:\n";
      if (i > 0) lists += std::string(2 * i, ' ') + "- [1]:\n";
    }
    objects += std::string(2 * levels, ' ') + "v: 1\n";
    lists += std::string(2 * levels, ' ') + "- 1\n";
    toon_docs.add(objects);
    toon_docs.add(lists);
    typed_docs.add(objects);
  }
  // A header of 5,000 columns (with and without a repeated name), 10,000 members (with repeats),
  // and a 200 KB token.
  std::string header = "t[2]{", row = "  ";
  // (Appended piece by piece: GCC 12 warns, wrongly, about "literal" + std::to_string(i).)
  for (int i = 0; i < 5000; ++i) {
    header += i ? ",c" : "c";
    header += std::to_string(i);
    row += i ? "," : "";
    row += std::to_string(i);
  }
  toon_docs.add(header + "}:\n" + row + "\n" + row + "\n");
  toon_docs.add(header + ",c7}:\n" + row + ",x\n" + row + ",y\n");
  std::string members;
  for (int i = 0; i < 10000; ++i) {
    members += 'k';
    members += std::to_string(i % 9000);
    members += ": ";
    members += std::to_string(i);
    members += '\n';
  }
  toon_docs.add(members);
  toon_docs.add("s: \"" + std::string(200000, 'x') + "\"\n");
  // JSON: 256 and 257 nested arrays and objects (the limit is 256), 10^5 open brackets,
  // 10,000 members, a 200 KB string.
  for (std::size_t levels : {std::size_t(256), std::size_t(257)}) {
    json_docs.add(repeat("[", levels) + repeat("]", levels));
    json_docs.add(repeat("{\"a\":", levels) + "1" + repeat("}", levels));
  }
  json_docs.add(repeat("[", 100000));
  std::string object = "{";
  for (int i = 0; i < 10000; ++i) {
    object += i ? ",\"k" : "\"k";
    object += std::to_string(i);
    object += "\":";
    object += std::to_string(i);
  }
  json_docs.add(object + "}");
  json_docs.add("[\"" + std::string(200000, 'x') + "\"]");
  // Typed params: nesting just past the default max_depth (64), 5,000 parameters.
  params.add("p:" + repeat("{a:", 70) + "int" + repeat("}", 70));
  params.add("p:int" + repeat("[]", 70));
  std::string many;
  for (int i = 0; i < 5000; ++i) {
    many += i ? " p" : "p";
    many += std::to_string(i);
    many += ":int";
  }
  params.add(many);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s OUT_DIR SPEC_DIR SOURCE_DIR\n", argv[0]);
    return 2;
  }
  const fs::path out = argv[1], spec = argv[2], source = argv[3];
  std::error_code ec;
  fs::remove_all(out, ec);
  corpus toon_docs(out / "toon"), json_docs(out / "json"), typed_docs(out / "typed"), params(out / "params");
  std::vector<toon::value> json_values;
  auto add_json = [&](const std::string& text) {
    json_docs.add(text);
    if (toon::result<toon::value> v = toon::from_json(text)) json_values.push_back(std::move(*v));
  };

  if (!fs::is_directory(spec, ec)) {
    std::fprintf(stderr, "%s: warning: no TOON spec fixtures at %s (set TOON_SPEC_DIR); seeds from the project only\n",
                 argv[0], spec.string().c_str());
  } else {
    for (const char* set : {"fixtures-4.4.0", "fixtures", "fixtures-4.1.1"}) {
      for (const char* kind : {"encode", "decode"}) {
        for (const fs::path& f : files_under(spec / set / kind, ".json")) {
          toon::result<toon::value> file = toon::from_json(read_file(f));
          if (!file || !file->find("tests")) {
            std::fprintf(stderr, "%s: cannot read fixture file %s\n", argv[0], f.string().c_str());
            return 1;
          }
          for (const toon::value& test : (*file)["tests"].as_array()) {
            const toon::value* input = test.find("input");
            const toon::value* expected = test.find("expected");
            if (kind == std::string_view("decode")) {
              if (input && input->is_string()) toon_docs.add(input->as_string());
              if (expected && !test.find("shouldError")) add_json(toon::to_json(*expected));
            } else {
              if (input) add_json(toon::to_json(*input));
              if (expected && expected->is_string()) toon_docs.add(expected->as_string());
            }
          }
        }
      }
    }
    for (const fs::path& f : files_under(spec / "examples", ".toon")) toon_docs.add(read_file(f));
    for (const fs::path& f : files_under(spec / "examples", ".json")) add_json(read_file(f));
  }
  for (const fs::path& f : files_under(source / "examples", ".toon")) toon_docs.add(read_file(f));
  for (const fs::path& f : files_under(source / "examples", ".json")) add_json(read_file(f));
  for (const fs::path& f : files_under(source / "tests" / "corpus", ".json")) add_json(read_file(f));
  for (const toon::value& v : json_values) add_encodings(toon_docs, v);
  add_hostile_seeds(toon_docs, json_docs, typed_docs, params);

  // Typed seeds: the sample document in every form, and smaller pieces of it.
  const toon_model::document sample = toon_model::sample_document();
  for (toon::delimiter d : {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe})
    for (int indent : {2, 4}) typed_docs.add(toon::encode(sample, {indent, d}));
  toon_model::document partial{};
  partial.version = 1;
  typed_docs.add(toon::encode(partial));
  partial.groups = sample.groups;
  typed_docs.add(toon::encode(partial));
  partial.places = sample.places;
  partial.index = sample.index;
  typed_docs.add(toon::encode(partial));
  partial.marks = sample.marks;
  typed_docs.add(toon::encode(partial));

  // Typed-param texts from their specification, and texts with arguments.
  const std::string spec_text = read_file(source / "docs" / "typed-params.md");
  bool in_block = false;
  std::size_t line_start = 0;
  while (line_start < spec_text.size()) {
    std::size_t line_end = spec_text.find('\n', line_start);
    if (line_end == std::string::npos) line_end = spec_text.size();
    const std::string line = spec_text.substr(line_start, line_end - line_start);
    line_start = line_end + 1;
    if (line.rfind("```", 0) == 0) {
      in_block = !in_block;
      continue;
    }
    if (in_block) {
      params.add(line);
      continue;
    }
    for (std::size_t open = line.find('`'); open != std::string::npos; open = line.find('`', open)) {
      const std::size_t close = line.find('`', open + 1);
      if (close == std::string::npos) break;
      params.add(line.substr(open + 1, close - open - 1));
      open = close + 1;
    }
  }
  for (const char* with_args : {
           "path:string! line:int tags:string[]\npath: a.txt\nline: 3\ntags[2]: x,y",
           "opts:{recursive:bool depth:int=1}! mode:fast/safe=fast\nopts:\n  recursive: true\nmode: slow",
           "ids:(int|string)[]! x:int[]|string\nids[3]: 1,a,2.5\nx: 7",
           "m:int[][] v:any n:null o:object \"file name\":string\nm[1]:\n  - [2]: 1,2\nv: {}\nn: null\no:\n  k: 1",
           "rows:{id:int! name:string}[]\nrows[2]{id,name}:\n  1,Ada\n  x,Bob"})
    params.add(with_args);

  std::printf("seeds: %zu TOON, %zu JSON, %zu typed, %zu typed-param in %s\n", toon_docs.size(), json_docs.size(),
              typed_docs.size(), params.size(), out.string().c_str());
  return 0;
}
