// benchmarks/peers/ctoon/ab_main.cpp - toon-cpp and ctoon's C core timed alternately in one
// process (A/B interleaved), so that their ratio holds on a loaded machine where the figures
// of two processes run one after the other drift apart.
//
//   toon_ab_ctoon DATADIR [RUNS [BATCH_MS]]
//
// Built only when CMake is given the unpacked source package of the crate ctoon 0.9.0
// (-DTOON_BENCH_CTOON_SOURCE=DIR, which scripts/bench.sh passes after `cargo metadata` fetched
// it; ctoon is never part of this repository). For each dataset of DATADIR/manifest.json
// (written by toon_bench_data) and each operation, a run times batches of toon-cpp then ctoon,
// then ctoon then toon-cpp (A B B A, each batch about BATCH_MS of CPU time), and takes the
// ratio of their per-call CPU times; RUNS runs (default 3) give the median and the spread
// (lowest, highest). Operations (toon ÷ ctoon, both on the same input bytes):
//   value_decode     toon::decode(text) -> toon::value          vs ctoon_read + ctoon_doc_free
//   document_decode  toon::decode_document(text) -> document     vs ctoon_read + ctoon_doc_free
//   value_tree       node::to_value() of a document decoded before vs ctoon_read + ctoon_doc_free
//                    (the toon::value tree built and freed without any parsing: what the tree
//                    alone costs beside ctoon's whole read; timed in a pass after the others)
//   toon_to_json     toon::toon_to_json(text)                     vs ctoon_toon_to_json + free
//   json_to_toon     toon::json_to_toon(json)                     vs ctoon_json_to_toon + free
// Before timing, each toon-cpp path is checked against the dataset (same value, same texts);
// ctoon's outputs are checked by ctoon_peer, which scripts/bench.sh runs as well.
// Prints one JSON object: {"runs": N, "results": [{dataset, op, toon_s, ctoon_s, ratio,
// ratio_min, ratio_max, ratios: [...]}]}.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" {
#include "ctoon.h"
}

#include "toon/toon.hpp"

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "toon_ab_ctoon: cannot open %s\n", path.c_str());
    std::exit(1);
  }
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The process's CPU time: the clock of toon_bench and ctoon_peer.
double now() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

volatile std::size_t sink;

// CPU seconds of `n` calls of f.
template <class F>
double batch(F& f, long n) {
  const double t0 = now();
  for (long i = 0; i < n; ++i) sink = sink + f();
  return now() - t0;
}

// Calls of f that take about `seconds` (at least 1).
template <class F>
long calibrate(F& f, double seconds) {
  long n = 1;
  for (;;) {
    const double t = batch(f, n);
    if (t >= seconds / 4 || n > (1L << 30)) return std::max(1L, static_cast<long>(static_cast<double>(n) * seconds / std::max(t, 1e-9)));
    n *= 4;
  }
}

struct op_result {
  std::string dataset, op;
  std::vector<double> toon_s, ctoon_s, ratios;  // per run: seconds per call, ctoon ÷ toon time
};

template <class A, class B>
void run_pair(op_result& r, A& a, B& b, double seconds) {
  const long na = calibrate(a, seconds), nb = calibrate(b, seconds);
  // A B B A: a drift in the machine's load over the run weighs on both sides alike.
  double ta = batch(a, na), tb = batch(b, nb);
  tb += batch(b, nb);
  ta += batch(a, na);
  const double sa = ta / static_cast<double>(2 * na), sb = tb / static_cast<double>(2 * nb);
  r.toon_s.push_back(sa);
  r.ctoon_s.push_back(sb);
  r.ratios.push_back(sb / sa);
}

void require(bool ok, const std::string& dataset, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "toon_ab_ctoon: %s: %s check failed\n", dataset.c_str(), what);
  std::exit(1);
}

// ctoon's read of a TOON text into its document, and the document's release: what
// value_decode, document_decode and value_tree are compared with.
std::size_t ctoon_read_and_free(const std::string& text) {
  ctoon_doc* d = ctoon_read(text.data(), text.size(), 0);
  const std::size_t n = ctoon_doc_get_val_count(d);
  ctoon_doc_free(d);
  return n;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: toon_ab_ctoon DATADIR [RUNS [BATCH_MS]]\n");
    return 2;
  }
  const std::string dir = argv[1];
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  const double seconds = (argc > 3 ? std::atof(argv[3]) : 150.0) / 1000.0;
  const toon::value manifest = toon::from_json(read_file(dir + "/manifest.json")).value();

  struct input {
    std::string name, toon, json;
  };
  std::vector<input> inputs;
  for (const toon::value& e : manifest.as_array()) {
    input in;
    in.name = e["name"].as_string();
    in.toon = read_file(dir + "/" + in.name + ".toon");
    in.json = read_file(dir + "/" + in.name + ".json");
    const toon::value want = toon::from_json(in.json).value();
    require(toon::decode(in.toon).value() == want, in.name, "toon::decode");
    require(toon::decode_document(in.toon).value().root() == want, in.name, "toon::decode_document");
    require(toon::decode_document(in.toon).value().root().to_value() == want, in.name, "toon::node::to_value");
    require(toon::toon_to_json(in.toon).value() == in.json, in.name, "toon::toon_to_json");
    require(toon::json_to_toon(in.json).value() == in.toon, in.name, "toon::json_to_toon");
    inputs.push_back(std::move(in));
  }

  std::vector<op_result> results;
  for (int run = 0; run < runs; ++run) {
    std::size_t k = 0;
    for (const input& in : inputs) {
      auto slot = [&](const char* op) -> op_result& {
        if (run == 0) results.push_back({in.name, op, {}, {}, {}});
        return results[k++];
      };
      auto ctoon_read_free = [&in] { return ctoon_read_and_free(in.toon); };
      {
        auto a = [&in] { return toon::decode(in.toon)->size(); };
        run_pair(slot("value_decode"), a, ctoon_read_free, seconds);
      }
      {
        auto a = [&in] { return toon::decode_document(in.toon)->root().size(); };
        run_pair(slot("document_decode"), a, ctoon_read_free, seconds);
      }
      {
        auto a = [&in] { return toon::toon_to_json(in.toon)->size(); };
        auto b = [&in] {
          std::size_t n = 0;
          std::free(ctoon_toon_to_json(in.toon.data(), in.toon.size(), &n));
          return n;
        };
        run_pair(slot("toon_to_json"), a, b, seconds);
      }
      {
        auto a = [&in] { return toon::json_to_toon(in.json)->size(); };
        auto b = [&in] {
          std::size_t n = 0;
          std::free(ctoon_json_to_toon(in.json.data(), in.json.size(), &n));
          return n;
        };
        run_pair(slot("json_to_toon"), a, b, seconds);
      }
    }
  }

  // value_tree in a pass of its own, after every run of the others: building and freeing the
  // trees leaves glibc's heap in a state where ctoon's reads that follow measured 18-30 %
  // slower (catalog, openapi, manifests) while toon-cpp's did not move, which would flatter
  // every ratio after it.
  const std::size_t tree_results = results.size();  // value_tree of inputs[i]: results[tree_results + i]
  for (const input& in : inputs) results.push_back({in.name, "value_tree", {}, {}, {}});
  for (int run = 0; run < runs; ++run) {
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      const input& in = inputs[i];
      const toon::document doc = toon::decode_document(in.toon).value();
      auto a = [&doc] { return doc.root().to_value().size(); };
      auto b = [&in] { return ctoon_read_and_free(in.toon); };
      run_pair(results[tree_results + i], a, b, seconds);
    }
  }

  std::printf("{\n  \"runs\": %d,\n  \"batch_ms\": %.0f,\n  \"results\": [", runs, seconds * 1000);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const op_result& r = results[i];
    std::printf("%s\n    {\"dataset\": \"%s\", \"op\": \"%s\", \"toon_s\": %.9g, \"ctoon_s\": %.9g, \"ratio\": %.4f, "
                "\"ratio_min\": %.4f, \"ratio_max\": %.4f, \"ratios\": [",
                i ? "," : "", r.dataset.c_str(), r.op.c_str(), median(r.toon_s), median(r.ctoon_s), median(r.ratios),
                *std::min_element(r.ratios.begin(), r.ratios.end()),
                *std::max_element(r.ratios.begin(), r.ratios.end()));
    for (std::size_t j = 0; j < r.ratios.size(); ++j) std::printf("%s%.4f", j ? ", " : "", r.ratios[j]);
    std::printf("]}");
  }
  std::printf("\n  ]\n}\n");
  return 0;
}
