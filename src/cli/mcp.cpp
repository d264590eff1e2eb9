// cli/mcp.cpp - `toon mcp tools`: start an MCP server, list its tools, print them as a TOON
// tools table (typed params converted from each inputSchema) and compare token counts of the
// JSON and TOON forms (docs/cli.md, "toon mcp tools").
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "io.hpp"
#include "toon/encode.hpp"
#include "toon/json.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/compact.hpp"
#include "toon/mcp/process.hpp"
#include "toon/tokens.hpp"

namespace toon_cli {

namespace {

namespace fs = std::filesystem;

std::string mcp_usage() {
  return "Usage: toon mcp tools [--descriptions] [--losses] [--no-figures] [--save DIR]\n"
         "                      [--token-counter SCRIPT] (-- COMMAND [ARGS...] | --from FILE)\n"
         "       toon mcp proxy [--config FILE] [--lazy] [-- COMMAND [ARGS...]]\n"
         "Run 'toon mcp --help' for details.\n";
}

std::string mcp_help() {
  return R"(Usage:
  toon mcp tools [options] -- COMMAND [ARGS...]
  toon mcp tools [options] --from FILE
  toon mcp proxy [options] [-- COMMAND [ARGS...]]   (toon mcp proxy --help)

Starts the MCP server COMMAND ARGS (stdio; no shell), lists its tools (or reads
a saved tools/list result from FILE, '-' for standard input) and prints
them on standard output as a TOON tools table, tools[N]{name,description,params}:,
each tool's inputSchema converted to typed params (docs/mcp.md, "JSON Schema to
typed params"). Token figures of the JSON and TOON forms go to standard error.

Options:
  --descriptions          print the tools table with every parameter
                          description in its params cell (path!'Text': a
                          plain string parameter is its name alone), the
                          usual text of parameters of one name once in
                          param_descriptions: (name: text), other texts
                          that several parameters share once in
                          descriptions[M]: text,..., the N-th referenced as *N
  --losses                print what each conversion dropped (formats, bounds,
                          patterns, ...) to standard error
  --no-figures            print no token figures
  --save DIR              write every form compared into DIR (created):
                          tools_list.pretty.json, tools_list.json,
                          tools_list.toon, baseline.json, tools.toon,
                          tools_descriptions.toon, server.json
  --token-counter SCRIPT  count o200k_base tokens with `node SCRIPT FILE...`
                          (tools/tokens/count.mjs of the source tree; also taken
                          from the environment variable TOON_TOKEN_COUNTER);
                          without one the figures are the reference CLI's token
                          estimate, marked as such
  --timeout SECONDS       time limit of start-up and of tools/list (default 60)
  --from FILE             read the tools from FILE instead of a server: a
                          tools/list result {"tools":[...]}, the JSON-RPC
                          response holding one, or an array of tools (JSON)

Forms compared (baseline: compact JSON of each tool's name, description and
inputSchema, what function-calling APIs take):
  tools/list result as sent, pretty-printed and compact JSON, and generic TOON
  baseline
  TOON tools table (drops parameter descriptions, titles, annotations, output
  schemas and what the conversion loses)
  TOON tools table with parameter descriptions (--descriptions)

Exit status: 0 success, 1 the server could not be started or listed, FILE
could not be read or holds no tools, or a file could not be written, 2 wrong
usage.
)";
}

struct mcp_options {
  bool descriptions = false;
  bool losses = false;
  bool figures = true;
  std::string save_dir;
  std::string token_counter;
  int timeout_seconds = 60;
  std::vector<std::string> command;
  std::string from;  // --from FILE: a saved tools/list result instead of a server
};

// One compared form.
struct form {
  std::string file;   // name under --save DIR
  std::string label;  // row label
  std::string text;
  std::uint64_t tokens = 0;
};

bool write_file(const fs::path& p, const std::string& text, std::string& error) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    error = p.string() + ": cannot write";
    return false;
  }
  return true;
}

// Runs `node SCRIPT FILE...` and returns its standard output (the count.mjs JSON); empty with
// `error` set on failure.
std::string run_counter(const std::string& script, const std::vector<std::string>& files, std::string& error) {
  toon::mcp::process_options p;
  p.argv = {"node", script};
  p.argv.insert(p.argv.end(), files.begin(), files.end());
  auto proc = toon::mcp::process::spawn(p);
  if (!proc) {
    error = "token counter: " + proc.error().message;
    return {};
  }
  proc->close_stdin();
  std::string out, err;
  int fds[2] = {proc->stdout_fd(), proc->stderr_fd()};
  std::string* sinks[2] = {&out, &err};
  bool open[2] = {true, true};
  char buf[65536];
  while (open[0] || open[1]) {
    pollfd pf[2];
    nfds_t n = 0;
    int map[2];
    for (int i = 0; i < 2; ++i)
      if (open[i]) {
        pf[n] = {fds[i], POLLIN, 0};
        map[n++] = i;
      }
    if (::poll(pf, n, 120000) <= 0) {
      if (errno == EINTR) continue;
      error = "token counter: no answer";
      return {};
    }
    for (nfds_t k = 0; k < n; ++k) {
      if ((pf[k].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      ssize_t got = ::read(pf[k].fd, buf, sizeof buf);
      if (got > 0) sinks[map[k]]->append(buf, static_cast<std::size_t>(got));
      else if (got == 0 || (errno != EAGAIN && errno != EINTR)) open[map[k]] = false;
    }
  }
  toon::mcp::exit_status st = proc->wait();
  if (!st.success()) {
    error = "token counter (node " + script + ") failed: " + st.to_string() + "\n" + err;
    return {};
  }
  return out;
}

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  out.reserve(digits.size() + digits.size() / 3);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string pad(std::string s, std::size_t width, bool right) {
  if (s.size() >= width) return s;
  std::string fill(width - s.size(), ' ');
  return right ? fill + s : s + fill;
}

int list_server_tools(const mcp_options& o, toon::result<std::vector<toon::mcp::tool_info>>& tools,
                      toon::mcp::server_info& info);
int report_tools(const mcp_options& o, std::vector<toon::mcp::tool_info>& tool_list, const toon::mcp::server_info& info);

// The tools of a saved tools/list result (docs/mcp.md, "toon mcp tools"): {"tools":[...]}, a
// JSON-RPC response {"result":{"tools":[...]}}, or the array itself. Each tool needs a name.
toon::result<std::vector<toon::mcp::tool_info>> tools_from_file(const std::string& path) {
  auto fail = [](toon::error_code code, std::string message) {
    toon::error e;
    e.code = code;
    e.message = std::move(message);
    return e;
  };
  toon::result<toon::value> v = toon::value();
  {
    std::string text;  // freed once parsed
    if (path == "-") {
      char buf[65536];
      std::size_t n = 0;
      while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) text.append(buf, n);
    } else {
      std::ifstream in(path, std::ios::binary);
      if (!in) return fail(toon::error_code::io_error, path + ": cannot read");
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    v = toon::from_json(text);
  }
  if (!v) return v.error();
  toon::value* list = &*v;
  if (toon::value* r = list->is_object() ? list->as_object().find("result") : nullptr) list = r;
  if (toon::value* t = list->is_object() ? list->as_object().find("tools") : nullptr) list = t;
  if (!list->is_array())
    return fail(toon::error_code::type_mismatch,
                            "expected a tools/list result {\"tools\":[...]}, a JSON-RPC response holding one, or an array "
                            "of tools");
  std::vector<toon::mcp::tool_info> tools;
  tools.reserve(list->as_array().size());
  for (toon::value& t : list->as_array()) {
    const toon::value* name = t.is_object() ? t.find("name") : nullptr;
    if (name == nullptr || !name->is_string() || name->as_string().empty())
      return fail(toon::error_code::missing_field,
                              "tool " + std::to_string(tools.size()) + " has no name");
    toon::mcp::tool_info info;
    info.name = name->as_string();
    if (const toon::value* d = t.find("description"); d != nullptr && d->is_string()) info.description = d->as_string();
    if (const toon::value* s = t.find("inputSchema")) info.input_schema = *s;
    if (const toon::value* s = t.find("outputSchema")) info.output_schema = *s;
    info.raw = std::move(t);  // the parsed list is not needed afterwards
    tools.push_back(std::move(info));
  }
  return tools;
}

int run_tools(const mcp_options& o) {
  toon::result<std::vector<toon::mcp::tool_info>> tools = std::vector<toon::mcp::tool_info>{};
  toon::mcp::server_info info;
  if (!o.from.empty()) {
    tools = tools_from_file(o.from);
    if (!tools) {
      put(stderr, "toon mcp tools: " + o.from + ": " + tools.error().message + "\n");
      return exit_data_error;
    }
  } else {
    int status = list_server_tools(o, tools, info);
    if (status != exit_ok) return status;
  }
  return report_tools(o, *tools, info);
}

// Starts the server of o.command and lists its tools.
int list_server_tools(const mcp_options& o, toon::result<std::vector<toon::mcp::tool_info>>& tools,
                      toon::mcp::server_info& info) {
  toon::mcp::process_options p;
  p.argv = o.command;
  toon::mcp::client_options co;
  co.initialize_timeout = std::chrono::seconds(o.timeout_seconds);
  co.request_timeout = std::chrono::seconds(o.timeout_seconds);
  co.discover_timeout = std::chrono::seconds(std::min(o.timeout_seconds, 10));
  auto c = toon::mcp::client::connect(p, co);
  if (!c) {
    put(stderr, "toon mcp tools: cannot connect to " + o.command.front() + ": " + c.error().message + "\n");
    return exit_data_error;
  }
  toon::mcp::call_options call;
  call.timeout = std::chrono::seconds(o.timeout_seconds);
  tools = c->list_tools(call);
  if (!tools) {
    put(stderr, "toon mcp tools: tools/list failed: " + tools.error().message + "\n" + c->stderr_tail());
    return exit_data_error;
  }
  info = c->server();
  c->shutdown();
  return exit_ok;
}

// Prints the tables, the losses and the figures of `tools`.
// The forms compared are made only when figures or --save ask for them; the tools' `raw`
// members are moved into the tools/list form (the caller's tools lose them), and the baseline is
// written without copying the schemas, so that memory stays a few times the list's size.
int report_tools(const mcp_options& o, std::vector<toon::mcp::tool_info>& tool_list, const toon::mcp::server_info& info) {
  const std::vector<toon::mcp::tool_info>* tools = &tool_list;
  std::vector<toon::mcp::compact_tool> compact = toon::mcp::compact_tools(*tools);
  std::string table = toon::mcp::tools_table(compact);
  std::string described = toon::mcp::described_tools_table(compact);

  std::string out = (o.descriptions ? described : table) + "\n";
  put(stdout, out);
  std::fflush(stdout);

  if (o.losses) {
    std::string l;
    for (const auto& t : compact)
      for (const toon::schema_loss& loss : t.losses)
        l += t.name + " " + loss.to_string() + " [" + std::string(toon::to_string(loss.kind)) + "]\n";
    put(stderr, l.empty() ? std::string("no losses\n") : l);
  }

  if (!o.figures && o.save_dir.empty()) return exit_ok;

  // The forms compared. The baseline, compact JSON of {"tools":[{name, description,
  // inputSchema}]}, is written piece by piece (what to_json of that object gives).
  std::string baseline_json = "{\"tools\":[";
  for (std::size_t i = 0; i < tools->size(); ++i) {
    const auto& t = (*tools)[i];
    if (i > 0) baseline_json += ',';
    baseline_json += "{\"name\":" + toon::to_json(toon::value(t.name)) +
                     ",\"description\":" + toon::to_json(toon::value(t.description)) +
                     ",\"inputSchema\":" + toon::to_json(t.input_schema) + "}";
  }
  baseline_json += "]}";
  toon::array raw;
  raw.reserve(tools->size());
  for (auto& t : tool_list) raw.push_back(std::move(t.raw));
  toon::object list_members;
  list_members.emplace_back("tools", toon::value(std::move(raw)));
  const toon::value list(std::move(list_members));
  toon::json_options pretty;
  pretty.indent = 2;
  std::vector<form> forms = {
      {"tools_list.pretty.json", "tools/list result, pretty JSON", toon::to_json(list, pretty) + "\n"},
      {"tools_list.json", "tools/list result, compact JSON", toon::to_json(list)},
      {"tools_list.toon", "tools/list result, generic TOON", toon::encode(list)},
      {"baseline.json", "baseline: compact JSON of name, description, inputSchema", std::move(baseline_json)},
      {"tools.toon", "TOON tools table", table},
      {"tools_descriptions.toon", "TOON tools table with parameter descriptions", std::move(described)},
  };

  std::string counter = o.token_counter;
  if (counter.empty()) {
    if (const char* env = std::getenv("TOON_TOKEN_COUNTER")) counter = env;
  }
  std::string dir = o.save_dir;
  bool temp_dir = false;
  if (dir.empty() && !counter.empty() && o.figures) {
    char tmpl[] = "/tmp/toon-mcp-tools-XXXXXX";
    if (::mkdtemp(tmpl) == nullptr) {
      put(stderr, "toon mcp tools: cannot create a temporary directory\n");
      return exit_data_error;
    }
    dir = tmpl;
    temp_dir = true;
  }
  std::vector<std::string> paths;
  if (!dir.empty()) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    std::string error;
    toon::object server;
    server.emplace_back("name", info.name);
    server.emplace_back("version", info.version);
    server.emplace_back("protocol_version", info.protocol_version);
    server.emplace_back("tool_count", static_cast<std::uint64_t>(tools->size()));
    std::uint64_t losses = 0, stricter = 0;
    toon::object kinds;  // loss kind -> count, in order of first appearance
    for (const auto& t : compact) {
      losses += t.losses.size();
      for (const auto& l : t.losses) {
        stricter += l.stricter ? 1 : 0;
        toon::value& n = kinds[toon::to_string(l.kind)];
        n = n.is_null() ? std::int64_t(1) : n.as_int64() + 1;
      }
    }
    server.emplace_back("losses", losses);
    server.emplace_back("stricter_losses", stricter);
    server.emplace_back("loss_kinds", std::move(kinds));
    bool ok = write_file(fs::path(dir) / "server.json", toon::to_json(toon::value(std::move(server))) + "\n", error);
    for (const form& f : forms) {
      paths.push_back((fs::path(dir) / f.file).string());
      ok = ok && write_file(paths.back(), f.text, error);
    }
    if (!ok) {
      put(stderr, "toon mcp tools: " + error + "\n");
      return exit_data_error;
    }
  }
  if (!o.figures) return exit_ok;

  std::string unit = "tokens (estimate)";
  bool counted = false;
  if (!counter.empty()) {
    std::string error;
    std::string json = run_counter(counter, paths, error);
    auto counts = json.empty() ? toon::result<toon::value>(toon::value{}) : toon::from_json(json);
    if (!error.empty() || !counts || !counts->is_object()) {
      put(stderr, "toon mcp tools: " + (error.empty() ? std::string("the token counter printed no JSON object") : error) +
                      "\n");
    } else {
      counted = true;
      for (std::size_t i = 0; i < forms.size(); ++i) {
        const toon::value* c2 = counts->find(paths[i]);
        const toon::value* t = c2 != nullptr ? c2->find("tokens") : nullptr;
        if (t == nullptr || !t->is_number()) counted = false;
        else forms[i].tokens = static_cast<std::uint64_t>(t->to_double());
      }
      unit = "tokens (o200k_base)";
    }
  }
  if (temp_dir) {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  if (!counted)
    for (form& f : forms) f.tokens = toon::estimate_tokens(f.text);

  const form& base_form = forms[3];
  std::string report = info.name.empty() ? std::string() : info.name + " " + info.version + ": ";
  report += std::to_string(tools->size()) + " tools\n";
  std::size_t width = 0;
  for (const form& f : forms) width = std::max(width, f.label.size());
  report += pad("form", width, false) + "  " + pad("bytes", 9, true) + "  " + pad(unit, 20, true) + "  " +
            pad("of baseline", 11, true) + "\n";
  for (const form& f : forms) {
    char pct[32];
    std::snprintf(pct, sizeof pct, "%.1f %%",
                  base_form.tokens == 0 ? 0.0 : 100.0 * static_cast<double>(f.tokens) / static_cast<double>(base_form.tokens));
    report += pad(f.label, width, false) + "  " + pad(with_commas(f.text.size()), 9, true) + "  " +
              pad(with_commas(f.tokens), 20, true) + "  " + pad(pct, 11, true) + "\n";
  }
  put(stderr, report);
  return exit_ok;
}

}  // namespace

int run_mcp(const std::vector<std::string_view>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    put(args.empty() ? stderr : stdout, args.empty() ? mcp_usage() : mcp_help());
    return args.empty() ? exit_usage : exit_ok;
  }
  if (args[0] == "proxy") return run_mcp_proxy(std::vector<std::string_view>(args.begin() + 1, args.end()));
  if (args[0] != "tools") {
    put(stderr, "toon mcp: unknown subcommand \"" + std::string(args[0]) + "\"\n" + mcp_usage());
    return exit_usage;
  }
  mcp_options o;
  std::size_t i = 1;
  for (; i < args.size(); ++i) {
    std::string_view a = args[i];
    auto value_of = [&](std::string& into) {
      if (i + 1 >= args.size()) return false;
      into = std::string(args[++i]);
      return true;
    };
    if (a == "--") {
      ++i;
      break;
    }
    if (a == "--help" || a == "-h") {
      put(stdout, mcp_help());
      return exit_ok;
    }
    if (a == "--descriptions") {
      o.descriptions = true;
    } else if (a == "--losses") {
      o.losses = true;
    } else if (a == "--no-figures") {
      o.figures = false;
    } else if (a == "--from") {
      if (!value_of(o.from)) {
        put(stderr, "toon mcp tools: --from needs a file\n" + mcp_usage());
        return exit_usage;
      }
    } else if (a == "--save") {
      if (!value_of(o.save_dir)) {
        put(stderr, "toon mcp tools: --save needs a directory\n" + mcp_usage());
        return exit_usage;
      }
    } else if (a == "--token-counter") {
      if (!value_of(o.token_counter)) {
        put(stderr, "toon mcp tools: --token-counter needs a script\n" + mcp_usage());
        return exit_usage;
      }
    } else if (a == "--timeout") {
      std::string v;
      char* end = nullptr;
      long n = value_of(v) ? std::strtol(v.c_str(), &end, 10) : 0;
      if (end == nullptr || *end != '\0' || n < 1 || n > 3600) {
        put(stderr, "toon mcp tools: --timeout needs a number of seconds, 1 to 3600\n" + mcp_usage());
        return exit_usage;
      }
      o.timeout_seconds = static_cast<int>(n);
    } else {
      put(stderr, "toon mcp tools: unknown option \"" + std::string(a) + "\" (the server command goes after --)\n" +
                      mcp_usage());
      return exit_usage;
    }
  }
  for (; i < args.size(); ++i) o.command.emplace_back(args[i]);
  if (!o.from.empty() && !o.command.empty()) {
    put(stderr, "toon mcp tools: --from and a server command exclude each other\n" + mcp_usage());
    return exit_usage;
  }
  if (o.command.empty() && o.from.empty()) {
    put(stderr, "toon mcp tools: no server command (give it after --, or --from FILE)\n" + mcp_usage());
    return exit_usage;
  }
  return run_tools(o);
}

}  // namespace toon_cli
