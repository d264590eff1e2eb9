// MCP over stdio (docs/benchmarks.md): for each server given, started as a child process,
//  - throughput: tools/call requests of a no-op tool pipelined on the raw pipes (at most
//    --window unanswered at a time, written as fast as the pipe takes them) and every response
//    read; reported as requests answered per second (one request line in, one response out);
//  - latency: sequential round trips of toon::mcp::client::call_tool on the same tool
//    (median, p99, mean, min in microseconds).
// Both use the 2025-11-25 initialize handshake, the revision every server here speaks.
//
//   toon_mcp_bench [--calls N] [--window N] [--repetitions N] [--latency-calls N]
//                  --server LABEL ARGV... [--server LABEL ARGV...]
//
// Prints one JSON object on stdout; progress on stderr.
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench_common.hpp"
#include "toon/json.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/process.hpp"
#include "toon/version.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

struct settings {
  std::size_t calls = 20000;
  std::size_t window = 64;
  std::size_t repetitions = 3;
  std::size_t latency_calls = 2000;
};

using toon_mcp_bench::load_average;
using toon_mcp_bench::server_spec;

// Reads what the child wrote, counts complete lines and hands each to `on_line`. stderr is
// drained and dropped so that the child never blocks on it.
class line_reader {
 public:
  template <class OnLine>
  bool read_some(int fd, OnLine&& on_line) {
    char buf[65536];
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) return errno == EAGAIN || errno == EINTR;
    if (n == 0) return false;
    pending_.append(buf, static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t nl; (nl = pending_.find('\n', start)) != std::string::npos; start = nl + 1)
      on_line(std::string_view(pending_).substr(start, nl - start));
    pending_.erase(0, start);
    return true;
  }

 private:
  std::string pending_;
};

void drain(int fd) {
  char buf[65536];
  while (::read(fd, buf, sizeof buf) > 0) {
  }
}

// Writes `out` (from `offset`) and reads until `done()`, with poll; false on EOF or error.
template <class OnLine, class Refill, class Done>
bool pump(toon::mcp::process& p, std::string& out, std::size_t& offset, line_reader& reader, OnLine&& on_line,
          Refill&& refill, Done&& done) {
  while (!done()) {
    refill();
    pollfd fds[3] = {{p.stdout_fd(), POLLIN, 0}, {p.stderr_fd(), POLLIN, 0}, {p.stdin_fd(), 0, 0}};
    if (offset < out.size()) fds[2].events = POLLOUT;
    if (::poll(fds, 3, 30000) <= 0) return false;  // 30 s without progress: a hung server
    if (fds[1].revents != 0) drain(p.stderr_fd());
    if ((fds[2].revents & POLLOUT) != 0) {
      ssize_t n = ::write(p.stdin_fd(), out.data() + offset, out.size() - offset);
      if (n < 0 && errno != EAGAIN && errno != EINTR) return false;
      if (n > 0) offset += static_cast<std::size_t>(n);
      if (offset == out.size()) {
        out.clear();
        offset = 0;
      }
    }
    if ((fds[0].revents & (POLLIN | POLLHUP)) != 0 && !reader.read_some(p.stdout_fd(), on_line)) return false;
  }
  return true;
}

std::string call_line(std::size_t id) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":"tools/call","params":{"name":"noop","arguments":{}}})" + "\n";
}

// One pipelined run: requests per second, or nullopt (with a message on stderr) on failure.
std::optional<double> throughput_run(const server_spec& s, const settings& cfg) {
  toon::mcp::process_options po;
  po.argv = s.argv;
  auto p = toon::mcp::process::spawn(po);
  if (!p) {
    std::cerr << s.label << ": " << p.error().message << '\n';
    return std::nullopt;
  }
  line_reader reader;
  std::string out = R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
                    R"("capabilities":{},"clientInfo":{"name":"toon-mcp-bench","version":"1"}}})" "\n";
  std::size_t offset = 0;
  bool initialized = false;
  bool ok = pump(*p, out, offset, reader, [&](std::string_view line) { initialized |= line.find("\"result\"") != std::string_view::npos; },
                 [] {}, [&] { return initialized; });
  if (!ok) {
    std::cerr << s.label << ": no initialize result\n";
    return std::nullopt;
  }
  out = R"({"jsonrpc":"2.0","method":"notifications/initialized"})" "\n";

  std::size_t total = cfg.calls + cfg.window;  // the first `window` calls warm up
  std::size_t sent = 0, answered = 0, failed = 0;
  clock_type::time_point start{};
  auto on_line = [&](std::string_view line) {
    if (line.find("\"id\"") == std::string_view::npos) return;  // a notification
    if (line.find("\"result\"") == std::string_view::npos || line.find("\"error\"") != std::string_view::npos) ++failed;
    if (++answered == cfg.window) start = clock_type::now();
  };
  auto refill = [&] {
    while (sent < total && sent - answered < cfg.window) out += call_line(++sent);
  };
  ok = pump(*p, out, offset, reader, on_line, refill, [&] { return answered == total; });
  double seconds = std::chrono::duration<double>(clock_type::now() - start).count();
  p->shutdown(std::chrono::seconds(2), std::chrono::seconds(2));
  if (!ok || failed != 0) {
    std::cerr << s.label << ": " << (ok ? std::to_string(failed) + " calls failed" : "server stopped answering") << '\n';
    return std::nullopt;
  }
  return static_cast<double>(cfg.calls) / seconds;
}

struct latency {
  double median_us = 0, p99_us = 0, mean_us = 0, min_us = 0;
};

std::optional<latency> latency_run(const server_spec& s, const settings& cfg, std::string& protocol) {
  toon::mcp::process_options po;
  po.argv = s.argv;
  toon::mcp::client_options co;
  co.client_name = "toon-mcp-bench";
  co.probe_discover = false;  // 2025-11-25 for every server
  auto c = toon::mcp::client::connect(po, co);
  if (!c) {
    std::cerr << s.label << ": " << c.error().message << '\n';
    return std::nullopt;
  }
  protocol = c->server().protocol_version;
  const toon::value args = toon::object{};
  std::vector<double> us;
  us.reserve(cfg.latency_calls);
  for (std::size_t i = 0; i < cfg.latency_calls + 200; ++i) {  // 200 warm-up calls
    auto t0 = clock_type::now();
    auto r = c->call_tool("noop", args, std::chrono::seconds(30));
    auto t1 = clock_type::now();
    if (!r || r->is_error) {
      std::cerr << s.label << ": call failed: " << (r ? r->text() : r.error().message) << '\n';
      return std::nullopt;
    }
    if (i >= 200) us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(us.begin(), us.end());
  latency l;
  l.median_us = us[us.size() / 2];
  l.p99_us = us[std::min(us.size() - 1, us.size() * 99 / 100)];
  for (double v : us) l.mean_us += v;
  l.mean_us /= static_cast<double>(us.size());
  l.min_us = us.front();
  return l;
}

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "toon_mcp_bench: " << problem
            << "\nusage: toon_mcp_bench [--calls N] [--window N] [--repetitions N] [--latency-calls N]"
               " --server LABEL ARGV... [--server LABEL ARGV...]\n";
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  settings cfg;
  std::vector<server_spec> servers;
  for (int i = 1; i < argc; ++i) {
    if (toon_mcp_bench::take_server_argument(i, argc, argv, servers, usage)) continue;
    std::string_view a = argv[i];
    if (i + 1 < argc && (a == "--calls" || a == "--window" || a == "--repetitions" || a == "--latency-calls")) {
      std::size_t n = std::strtoull(argv[++i], nullptr, 10);
      if (n == 0) usage(std::string(a) + " needs a positive integer");
      (a == "--calls" ? cfg.calls : a == "--window" ? cfg.window : a == "--repetitions" ? cfg.repetitions : cfg.latency_calls) = n;
    } else {
      usage("unknown argument " + std::string(a));
    }
  }
  toon_mcp_bench::check_servers(servers, usage);

  toon::object doc;
  doc.emplace_back("toon_version", std::string(toon::version));
  doc.emplace_back("load_before", load_average());
  doc.emplace_back("calls", static_cast<std::int64_t>(cfg.calls));
  doc.emplace_back("window", static_cast<std::int64_t>(cfg.window));
  doc.emplace_back("repetitions", static_cast<std::int64_t>(cfg.repetitions));
  doc.emplace_back("latency_calls", static_cast<std::int64_t>(cfg.latency_calls));
  toon::array results;
  int status = 0;
  for (const server_spec& s : servers) {
    std::cerr << "toon_mcp_bench: " << s.label << '\n';
    toon::object r;
    r.emplace_back("label", s.label);
    r.emplace_back("command", s.command());
    std::vector<double> rates;
    for (std::size_t k = 0; k < cfg.repetitions; ++k)
      if (auto rate = throughput_run(s, cfg)) rates.push_back(*rate);
    std::string protocol;
    std::optional<latency> l = latency_run(s, cfg, protocol);
    if (rates.size() != cfg.repetitions || !l) {
      status = 1;
      r.emplace_back("error", "a run failed (see stderr)");
    }
    r.emplace_back("protocol", protocol);
    toon::array runs;
    for (double v : rates) runs.emplace_back(v);
    r.emplace_back("requests_per_s_runs", std::move(runs));
    if (!rates.empty()) {
      std::vector<double> sorted = rates;
      std::sort(sorted.begin(), sorted.end());
      r.emplace_back("requests_per_s", sorted[sorted.size() / 2]);
    }
    if (l) {
      toon::object lo;
      lo.emplace_back("median_us", l->median_us);
      lo.emplace_back("p99_us", l->p99_us);
      lo.emplace_back("mean_us", l->mean_us);
      lo.emplace_back("min_us", l->min_us);
      r.emplace_back("latency", std::move(lo));
    }
    results.emplace_back(std::move(r));
  }
  doc.emplace_back("servers", std::move(results));
  doc.emplace_back("load_after", load_average());
  std::cout << toon::to_json(toon::value(std::move(doc))) << '\n';
  return status;
}
