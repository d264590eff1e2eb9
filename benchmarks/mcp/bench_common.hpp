// What the two MCP benchmark drivers (mcp_bench.cpp over stdio, http_bench.cpp over Streamable
// HTTP) share: the servers named on the command line and the machine's load.
#pragma once

#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace toon_mcp_bench {

/// One server under test: `--server LABEL ARGV...`.
struct server_spec {
  std::string label;
  std::vector<std::string> argv;

  /// The command as one line (for the report).
  [[nodiscard]] std::string command() const {
    std::string out;
    for (const std::string& part : argv) out += (out.empty() ? "" : " ") + part;
    return out;
  }
};

/// The first line of /proc/loadavg.
inline std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string line;
  std::getline(in, line);
  return line;
}

/// Takes argv[i] when it belongs to the servers: `--server LABEL` starts one, and every later
/// argument is its command. True when taken; `usage` (which does not return) on a missing label.
template <class Usage>
bool take_server_argument(int& i, int argc, char** argv, std::vector<server_spec>& servers, Usage usage) {
  const std::string_view a = argv[i];
  if (a == "--server") {
    if (i + 1 >= argc) usage("--server needs a label");
    servers.push_back({argv[++i], {}});
    return true;
  }
  if (servers.empty()) return false;
  servers.back().argv.emplace_back(a);
  return true;
}

/// At least one server, each with a command; else `usage`.
template <class Usage>
void check_servers(const std::vector<server_spec>& servers, Usage usage) {
  if (servers.empty()) usage("no --server");
  for (const server_spec& s : servers)
    if (s.argv.empty()) usage("--server " + s.label + " has no command");
}

}  // namespace toon_mcp_bench
