// toon::mcp::http_server serving one no-op tool over Streamable HTTP on 127.0.0.1, for
// http_bench.cpp (docs/benchmarks.md, "MCP over Streamable HTTP"): the peer of
// ts_http_noop_server.mjs and py_http_noop_server.py, with the default server_options and
// http_options (sessions; a tools/call, run on a worker thread, is answered with an SSE stream:
// a priming event, then the response).
//
//   toon_mcp_bench_http_noop_server PORT
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "toon/mcp/http.hpp"
#include "toon/tools.hpp"

namespace {
struct no_args {};
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: toon_mcp_bench_http_noop_server PORT\n");
    return 2;
  }
  auto cat = std::make_shared<toon::tool_catalog>();
  cat->add<no_args>("noop", "Does nothing", "", [](const no_args&) { return std::string("ok"); });
  toon::mcp::server_options options;
  options.info.name = "toon-noop";
  options.log = {};
  toon::mcp::http_options http;
  http.port = static_cast<std::uint16_t>(std::atoi(argv[1]));
  toon::mcp::http_server server(cat, options, http);
  if (auto started = server.start(); !started) {
    std::fprintf(stderr, "%s\n", started.error().message.c_str());
    return 1;
  }
  server.wait();
  return 0;
}
