// MCP over Streamable HTTP (docs/benchmarks.md): a load driver for MCP servers on loopback.
// For each client count and each server given (a child process started afresh for every run,
// the servers interleaved run by run):
//  - N clients, each with its own keep-alive connection and its own session: POST initialize
//    (2025-11-25; the answer's Mcp-Session-Id is sent from then on), POST
//    notifications/initialized, then tools/call of a no-op tool POSTed one after the other
//    (the next once the previous response is read whole), until the run's end;
//  - after --warmup seconds, the calls answered within the next --seconds are counted
//    (requests/s) and their round trips kept (median, p90, p99, max in microseconds); the
//    server's CPU time over the same window is read from /proc (CPU ms per 1000 calls).
// One session per client, not one shared by all: each client is an MCP client of its own, as
// the servers see it in use, and no server serialises one session's calls against another's.
// The driver runs on one thread (Boost.Asio, asynchronous), so that on a small machine it
// takes one core and leaves the rest to the server.
//
//   toon_mcp_http_bench [--clients 1,16,64] [--seconds S] [--warmup S] [--repetitions N]
//                       --server LABEL ARGV... [--server LABEL ARGV...]
//
// In each server's ARGV, {port} is replaced by a free TCP port; the server listens on
// 127.0.0.1:{port}/mcp. Prints one JSON object on stdout; progress on stderr.
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "bench_common.hpp"
#include "toon/json.hpp"
#include "toon/mcp/process.hpp"
#include "toon/version.hpp"

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = net::ip::tcp;
using clock_type = std::chrono::steady_clock;

struct settings {
  std::vector<std::size_t> clients{1, 16, 64};
  double seconds = 3.0;
  double warmup = 1.0;
  std::size_t repetitions = 3;
};

using toon_mcp_bench::load_average;
using toon_mcp_bench::server_spec;

// User + system CPU time of process `pid` and its threads, in clock ticks (/proc/PID/stat).
long cpu_ticks(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  std::getline(in, stat);
  std::size_t paren = stat.rfind(')');
  if (paren == std::string::npos) return 0;
  std::istringstream fields(stat.substr(paren + 2));
  std::string f;
  long utime = 0, stime = 0;
  for (int i = 3; fields >> f; ++i) {  // field 3 is the state; 14 utime, 15 stime
    if (i == 14) utime = std::atol(f.c_str());
    if (i == 15) {
      stime = std::atol(f.c_str());
      break;
    }
  }
  return utime + stime;
}

std::uint16_t free_port() {
  net::io_context ioc;
  tcp::acceptor a(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
  return a.local_endpoint().port();
}

// Reads and drops the child's stdout and stderr, so that it never blocks on them.
class drainer {
 public:
  explicit drainer(const toon::mcp::process& p) : out_(p.stdout_fd()), err_(p.stderr_fd()), t_([this] { run(); }) {}
  ~drainer() {
    stop_ = true;
    t_.join();
  }
  drainer(const drainer&) = delete;
  drainer& operator=(const drainer&) = delete;

 private:
  void run() {
    char buf[4096];
    int fds_open[2] = {out_, err_};
    while (!stop_) {
      pollfd fds[2] = {{fds_open[0], POLLIN, 0}, {fds_open[1], POLLIN, 0}};  // a negative fd is skipped
      if (::poll(fds, 2, 100) <= 0) continue;
      for (int i = 0; i < 2; ++i)
        if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
          ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
          if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) fds_open[i] = -1;  // closed
        }
    }
  }
  int out_, err_;
  std::atomic<bool> stop_{false};
  std::thread t_;
};

struct run_state {
  clock_type::time_point measure_from, measure_to;
  std::vector<double> latencies_us;
  std::size_t failed = 0;
  std::string first_failure;
  std::size_t clients_done = 0;
};

// One client: a keep-alive connection and a session, then sequential calls until measure_to.
class client : public std::enable_shared_from_this<client> {
 public:
  client(net::io_context& ioc, tcp::endpoint ep, std::string host, run_state& st)
      : stream_(ioc), ep_(ep), host_(std::move(host)), st_(st) {}

  void start() {
    stream_.expires_after(std::chrono::seconds(30));
    stream_.async_connect(ep_, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail("connect: " + ec.message());
      self->post(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
                 R"("capabilities":{},"clientInfo":{"name":"toon-mcp-http-bench","version":"1"}}})",
                 &client::on_initialize);
    });
  }

 private:
  using step = void (client::*)();

  void post(std::string body, step next) {
    req_ = {};
    req_.method(bhttp::verb::post);
    req_.target("/mcp");
    req_.version(11);
    req_.set(bhttp::field::host, host_);
    req_.set(bhttp::field::accept, "application/json, text/event-stream");
    req_.set(bhttp::field::content_type, "application/json");
    if (!session_.empty()) {
      req_.set("Mcp-Session-Id", session_);
      req_.set("MCP-Protocol-Version", "2025-11-25");
    }
    req_.body() = std::move(body);
    req_.prepare_payload();
    sent_ = clock_type::now();
    stream_.expires_after(std::chrono::seconds(30));
    bhttp::async_write(stream_, req_, [self = shared_from_this(), next](beast::error_code ec, std::size_t) {
      if (ec) return self->fail("write: " + ec.message());
      self->res_.emplace();
      self->res_->body_limit(1 << 20);
      bhttp::async_read(self->stream_, self->buffer_, *self->res_, [self, next](beast::error_code e, std::size_t) {
        if (e) return self->fail("read: " + e.message());
        ((*self).*next)();
      });
    });
  }

  void on_initialize() {
    auto& r = res_->get();
    session_ = std::string(r["mcp-session-id"]);
    if (r.result_int() != 200 || session_.empty() || r.body().find("\"result\"") == std::string::npos)
      return fail("initialize: HTTP " + std::to_string(r.result_int()) + " " + r.body().substr(0, 200));
    post(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", &client::on_initialized);
  }

  void on_initialized() {
    if (res_->get().result_int() != 202) return fail("notifications/initialized: HTTP " + std::to_string(res_->get().result_int()));
    call();
  }

  void call() {
    post(R"({"jsonrpc":"2.0","id":)" + std::to_string(++id_) +
             R"(,"method":"tools/call","params":{"name":"noop","arguments":{}}})",
         &client::on_call);
  }

  void on_call() {
    const auto now = clock_type::now();
    auto& r = res_->get();
    const std::string& body = r.body();
    const bool ok = r.result_int() == 200 && body.find("\"result\"") != std::string::npos &&
                    body.find("\"isError\":true") == std::string::npos && body.find("\"error\"") == std::string::npos;
    if (sent_ >= st_.measure_from && now <= st_.measure_to) {
      if (ok) st_.latencies_us.push_back(std::chrono::duration<double, std::micro>(now - sent_).count());
    }
    if (!ok) {
      ++st_.failed;
      if (st_.first_failure.empty()) st_.first_failure = "HTTP " + std::to_string(r.result_int()) + " " + body.substr(0, 200);
    }
    if (now >= st_.measure_to) return finish();
    call();
  }

  void fail(const std::string& why) {
    ++st_.failed;
    if (st_.first_failure.empty()) st_.first_failure = why;
    finish();
  }

  void finish() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    ++st_.clients_done;
  }

  beast::tcp_stream stream_;
  tcp::endpoint ep_;
  std::string host_;
  run_state& st_;
  beast::flat_buffer buffer_;
  bhttp::request<bhttp::string_body> req_;
  std::optional<bhttp::response_parser<bhttp::string_body>> res_;
  std::string session_;
  std::uint64_t id_ = 0;
  clock_type::time_point sent_{};
};

struct run_result {
  double requests_per_s = 0;
  double p50_us = 0, p90_us = 0, p99_us = 0, max_us = 0;
  double cpu_ms_per_1000 = 0;
};

double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  std::size_t i = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(i, sorted.size() - 1)];
}

bool wait_listening(tcp::endpoint ep, toon::mcp::process& p) {
  for (int i = 0; i < 600; ++i) {  // 30 s
    net::io_context ioc;
    tcp::socket s(ioc);
    beast::error_code ec;
    s.connect(ep, ec);
    if (!ec) return true;
    if (p.try_wait()) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

std::optional<run_result> one_run(const server_spec& s, std::size_t clients, const settings& cfg) {
  const std::uint16_t port = free_port();
  toon::mcp::process_options po;
  for (const std::string& a : s.argv) {
    std::string arg = a;
    if (auto at = arg.find("{port}"); at != std::string::npos) arg.replace(at, 6, std::to_string(port));
    po.argv.push_back(arg);
  }
  auto p = toon::mcp::process::spawn(po);
  if (!p) {
    std::cerr << s.label << ": " << p.error().message << '\n';
    return std::nullopt;
  }
  std::optional<run_result> out;
  {
    drainer drain(*p);
    const tcp::endpoint ep(net::ip::make_address("127.0.0.1"), port);
    if (!wait_listening(ep, *p)) {
      std::cerr << s.label << ": not listening on port " << port << '\n';
    } else {
      net::io_context ioc;
      run_state st;
      const auto start = clock_type::now();
      st.measure_from = start + std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(cfg.warmup));
      st.measure_to = st.measure_from + std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(cfg.seconds));
      const std::string host = "127.0.0.1:" + std::to_string(port);
      for (std::size_t i = 0; i < clients; ++i) std::make_shared<client>(ioc, ep, host, st)->start();
      long cpu_from = -1, cpu_to = -1;
      net::steady_timer t_from(ioc, st.measure_from), t_to(ioc, st.measure_to);
      t_from.async_wait([&](beast::error_code) { cpu_from = cpu_ticks(p->pid()); });
      t_to.async_wait([&](beast::error_code) { cpu_to = cpu_ticks(p->pid()); });
      ioc.run();
      if (st.failed != 0) {
        std::cerr << s.label << ": " << st.failed << " failures, the first: " << st.first_failure << '\n';
      } else {
        std::sort(st.latencies_us.begin(), st.latencies_us.end());
        run_result r;
        const double n = static_cast<double>(st.latencies_us.size());
        r.requests_per_s = n / cfg.seconds;
        r.p50_us = percentile(st.latencies_us, 0.50);
        r.p90_us = percentile(st.latencies_us, 0.90);
        r.p99_us = percentile(st.latencies_us, 0.99);
        r.max_us = st.latencies_us.empty() ? 0 : st.latencies_us.back();
        if (n > 0 && cpu_from >= 0 && cpu_to >= cpu_from)
          r.cpu_ms_per_1000 = static_cast<double>(cpu_to - cpu_from) * 1000.0 / static_cast<double>(::sysconf(_SC_CLK_TCK)) / n * 1000.0;
        out = r;
      }
    }
    p->shutdown(std::chrono::milliseconds(0), std::chrono::seconds(3));
  }
  return out;
}

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "toon_mcp_http_bench: " << problem
            << "\nusage: toon_mcp_http_bench [--clients 1,16,64] [--seconds S] [--warmup S] [--repetitions N]"
               " --server LABEL ARGV... [--server LABEL ARGV...]\n";
  std::exit(2);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  settings cfg;
  std::vector<server_spec> servers;
  for (int i = 1; i < argc; ++i) {
    if (toon_mcp_bench::take_server_argument(i, argc, argv, servers, usage)) continue;
    std::string_view a = argv[i];
    if (i + 1 < argc && a == "--clients") {
      cfg.clients.clear();
      std::string list = argv[++i];
      for (std::size_t at = 0; at <= list.size();) {
        std::size_t comma = std::min(list.find(',', at), list.size());
        std::size_t n = std::strtoull(list.substr(at, comma - at).c_str(), nullptr, 10);
        if (n == 0) usage("--clients needs positive integers");
        cfg.clients.push_back(n);
        at = comma + 1;
      }
    } else if (i + 1 < argc && (a == "--seconds" || a == "--warmup")) {
      double v = std::strtod(argv[++i], nullptr);
      if (!(v > 0)) usage(std::string(a) + " needs a positive number");
      (a == "--seconds" ? cfg.seconds : cfg.warmup) = v;
    } else if (i + 1 < argc && a == "--repetitions") {
      cfg.repetitions = std::strtoull(argv[++i], nullptr, 10);
      if (cfg.repetitions == 0) usage("--repetitions needs a positive integer");
    } else {
      usage("unknown argument " + std::string(a));
    }
  }
  toon_mcp_bench::check_servers(servers, usage);

  toon::object doc;
  doc.emplace_back("toon_version", std::string(toon::version));
  doc.emplace_back("load_before", load_average());
  doc.emplace_back("seconds", cfg.seconds);
  doc.emplace_back("warmup", cfg.warmup);
  doc.emplace_back("repetitions", static_cast<std::int64_t>(cfg.repetitions));
  // runs[server][clients] = the runs' results, taken interleaved.
  std::vector<std::vector<std::vector<run_result>>> runs(servers.size(), std::vector<std::vector<run_result>>(cfg.clients.size()));
  int status = 0;
  for (std::size_t rep = 0; rep < cfg.repetitions; ++rep)
    for (std::size_t c = 0; c < cfg.clients.size(); ++c)
      for (std::size_t s = 0; s < servers.size(); ++s) {
        std::cerr << "toon_mcp_http_bench: run " << rep + 1 << ", " << cfg.clients[c] << " clients, " << servers[s].label;
        if (auto r = one_run(servers[s], cfg.clients[c], cfg)) {
          std::cerr << ": " << static_cast<long>(r->requests_per_s) << " requests/s, p99 " << static_cast<long>(r->p99_us) << " us\n";
          runs[s][c].push_back(*r);
        } else {
          std::cerr << ": failed\n";
          status = 1;
        }
      }
  toon::array results;
  for (std::size_t s = 0; s < servers.size(); ++s) {
    toon::object r;
    r.emplace_back("label", servers[s].label);
    r.emplace_back("command", servers[s].command());
    toon::array by_clients;
    for (std::size_t c = 0; c < cfg.clients.size(); ++c) {
      toon::object o;
      o.emplace_back("clients", static_cast<std::int64_t>(cfg.clients[c]));
      const auto& v = runs[s][c];
      if (v.size() != cfg.repetitions) o.emplace_back("error", "a run failed (see stderr)");
      auto med = [&](double run_result::*field) {
        std::vector<double> xs;
        for (const run_result& x : v) xs.push_back(x.*field);
        return median(xs);
      };
      toon::array rates;
      for (const run_result& x : v) rates.emplace_back(x.requests_per_s);
      o.emplace_back("requests_per_s_runs", std::move(rates));
      if (!v.empty()) {
        o.emplace_back("requests_per_s", med(&run_result::requests_per_s));
        o.emplace_back("p50_us", med(&run_result::p50_us));
        o.emplace_back("p90_us", med(&run_result::p90_us));
        o.emplace_back("p99_us", med(&run_result::p99_us));
        o.emplace_back("max_us", med(&run_result::max_us));
        o.emplace_back("cpu_ms_per_1000_calls", med(&run_result::cpu_ms_per_1000));
      }
      by_clients.emplace_back(std::move(o));
    }
    r.emplace_back("by_clients", std::move(by_clients));
    results.emplace_back(std::move(r));
  }
  doc.emplace_back("servers", std::move(results));
  doc.emplace_back("load_after", load_average());
  std::cout << toon::to_json(toon::value(std::move(doc))) << '\n';
  return status;
}
