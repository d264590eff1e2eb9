// A chat loop that keeps control of its own LLM calls: each model reply streams in, narrative is
// printed as it arrives, tool calls are recognised while they are being written
// (toon::mcp::stream_interceptor), run through the filesystem and git tools while the stream
// goes on (toon::mcp::tool_runner), and their results go back to the model for the next round
// (docs/streaming.md, "Tool calls in a token stream").
//
// The model is replayed: examples/streams/round<N>.jsonl hold four recorded replies, one delta
// per line as an LLM API streams them ({"delta": "..."}, or {"bytes": [...]} for a delta that
// splits a UTF-8 character), with narrative, JSON calls (plain, fenced, OpenAI-style), TOON
// calls (fenced and bare) and false alarms (JSON in prose, a ```python block, inline code, an
// unknown tool). The tools run in process, or with --mcp SERVER on an MCP server over stdio
// (examples/mcp_fs_git_server.cpp) through toon::mcp::client.
//
//   toon_example_stream_chat examples/streams [--mcp path/to/toon_example_mcp_fs_git_server]
//
// Exit status 0 when the replies were classified without losing or repeating a byte (it runs
// as a ctest, which also checks the summary line).
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/stream_interceptor.hpp"
#include "toon/mcp/tool_runner.hpp"
#include "toon/toon.hpp"

#include "fs_git_tools.hpp"

namespace {

constexpr int max_rounds = 6;  // the bound on tool rounds of one conversation

// The deltas of a recorded reply, or nullopt when the file does not exist.
std::optional<std::vector<std::string>> load_stream(const fs::path& file) {
  std::ifstream in(file);
  if (!in) return std::nullopt;
  std::vector<std::string> deltas;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    toon::value v = toon::from_json(line).value();
    if (const toon::value* d = v.find("delta")) {
      deltas.push_back(d->as_string());
    } else {
      std::string bytes;
      for (const toon::value& b : v.find("bytes")->as_array()) bytes.push_back(static_cast<char>(b.as_int64()));
      deltas.push_back(std::move(bytes));
    }
  }
  return deltas;
}

std::string first_line(const std::string& text, std::size_t max = 70) {
  std::string s = text.substr(0, text.find('\n'));
  if (s.size() > max) s = s.substr(0, max) + "...";
  return s;
}

struct totals {
  int rounds = 0;
  int calls = 0;
  int ok = 0;
  int false_alarms = 0;
  bool lossless = true;
};

// One round: the reply streams through the interceptor; calls run as soon as they are
// recognised. Returns the message for the next round, or nullopt when the reply made no call.
std::optional<std::string> round(const std::vector<std::string>& deltas, const toon::mcp::tool_backend& backend,
                                 const std::vector<std::string>& tool_names, totals& t) {
  toon::mcp::intercept_options o;
  o.mode = toon::mcp::intercept_mode::placeholders;
  o.placeholder = "[running {name}\xE2\x80\xA6]";
  o.known_tools = tool_names;
  o.timings = true;
  toon::mcp::runner_options limits;
  limits.max_calls = 8;
  toon::mcp::tool_runner runner(backend, limits);
  std::string received;  // every byte of the reply, for the lossless check
  std::string rebuilt;   // the pieces' texts, concatenated
  std::vector<toon::mcp::stream_piece> calls;
  toon::mcp::stream_interceptor in(
      [&](toon::mcp::stream_piece&& p) {
        rebuilt += p.text;
        if (p.kind == toon::mcp::piece_kind::tool_call) {
          std::cout << p.placeholder << std::flush;
          runner.submit(*p.call);  // runs while the stream goes on
          calls.push_back(std::move(p));
        } else {
          std::cout << p.text << std::flush;  // what the user sees, at once
          if (p.false_alarm) ++t.false_alarms;
        }
      },
      o);
  for (const std::string& d : deltas) {
    received += d;
    in.feed(d);
  }
  in.finish();
  if (rebuilt != received) t.lossless = false;
  ++t.rounds;
  if (calls.empty()) return std::nullopt;

  std::vector<toon::mcp::tool_result> results = runner.wait_all();
  std::cout << "\n  --- " << results.size() << " tool call(s) ---\n";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const toon::mcp::tool_result& r = results[i];
    const toon::mcp::stream_piece& p = calls[i];
    const auto us = [](auto d) { return std::chrono::duration_cast<std::chrono::microseconds>(d).count(); };
    std::cout << "  " << r.id << ' ' << r.name << ' ' << toon::to_json(p.call->arguments) << " ["
              << to_string(p.call->syntax) << ", bytes " << p.offset << ".." << p.offset + p.text.size()
              << ", held " << us(p.timing.held()) << " us, detected " << us(p.timing.detection()) << " us after its end]\n"
              << "    -> " << to_string(r.status) << " in " << us(r.duration) << " us: "
              << first_line(r.failure ? r.failure->message : r.result.text()) << '\n';
    ++t.calls;
    t.ok += r.status == toon::mcp::run_status::ok;
  }
  return toon::mcp::results_message(results);
}

int run(const fs::path& streams, const std::optional<std::string>& server) {
  // A small project to work on.
  const fs::path root = fs::temp_directory_path() / ("toon_stream_chat_" + std::to_string(std::random_device{}()));
  fs::create_directories(root / "src");
  std::ofstream(root / "README.md") << "# Demo\n\nTODO: write the usage notes.\n";
  std::ofstream(root / "src" / "main.cpp") << "int main() {\n  // TODO: parse the options\n  return 0;\n}\n";
  const demo::workspace ws(fs::canonical(root));
  const toon::tool_catalog catalog = demo::make_catalog(ws);
  std::vector<std::string> names;
  for (const toon::tool& tl : catalog.tools()) names.push_back(tl.name);

  std::optional<toon::mcp::client> mcp;
  toon::mcp::tool_backend backend = toon::mcp::catalog_backend(catalog);
  if (server) {
    toon::mcp::process_options p;
    p.argv = {*server, "--workspace", ws.root().string()};
    auto c = toon::mcp::client::connect(p);
    if (!c) {
      std::cerr << "cannot start the MCP server: " << c.error().to_string() << '\n';
      return 1;
    }
    mcp.emplace(std::move(*c));
    backend = toon::mcp::client_backend(*mcp, std::chrono::seconds(30));
    std::cout << "(tools on the MCP server " << mcp->server().name << ")\n";
  }

  totals t;
  for (int n = 1; n <= max_rounds; ++n) {
    std::optional<std::vector<std::string>> deltas = load_stream(streams / ("round" + std::to_string(n) + ".jsonl"));
    if (!deltas) break;
    std::cout << "\n===== round " << n << ": assistant =====\n";
    std::optional<std::string> next = round(*deltas, backend, names, t);
    if (!next) break;  // a reply without calls ends the turn
    std::cout << "  (" << next->size() << " bytes of TOON results sent back for round " << n + 1 << ")\n";
  }
  std::error_code ignored;
  fs::remove_all(root, ignored);
  std::cout << "\n" << t.rounds << " rounds, " << t.calls << " calls (" << t.ok << " ok), " << t.false_alarms
            << " false alarms shown as text, " << (t.lossless ? "no byte lost" : "BYTES LOST") << '\n';
  return t.lossless ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: toon_example_stream_chat STREAMS_DIR [--mcp SERVER]\n";
    return 2;
  }
  std::optional<std::string> server;
  if (argc >= 4 && std::string_view(argv[2]) == "--mcp") server = argv[3];
  try {
    return run(argv[1], server);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << '\n';
    return 1;
  }
}
