// Fuzz target: toon::mcp::server message handling (docs/mcp.md, docs/fuzzing.md). The input is
// cut into lines, fed to a fresh server (2025-11-25 and 2026-07-28 requests alike), and every
// message the server sends must be one line of JSON: a JSON-RPC 2.0 response object with a
// valid or null id and exactly one of result (an object) and error ({code: integer, message:
// string}). No more responses than lines, nothing thrown, no crash; handlers run on their own
// threads and are all answered before the next input.
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "toon/json.hpp"
#include "toon/mcp/server.hpp"
#include "toon/tools.hpp"

namespace {

struct echo_args {
  std::string text;
  int times = 1;
};
struct echoed {
  std::string text;
  int times = 1;
};

}  // namespace

template <>
struct toon::meta<echo_args> {
  static constexpr std::string_view defaulted[] = {"times"};
};

namespace {

const toon::tool_catalog& catalog() {
  static const toon::tool_catalog cat = [] {
    toon::tool_catalog c;
    c.add<echo_args>("echo", "Echo", "", [](const echo_args& a) { return echoed{a.text, a.times}; });
    c.add<echo_args>("fail", "Throws", "", [](const echo_args& a) -> std::string { throw std::runtime_error(a.text); });
    return c;
  }();
  return cat;
}

void check_message(std::string_view message) {
  if (message.find('\n') != std::string_view::npos) toon_fuzz::fail("a message spans lines", message);
  toon::result<toon::value> v = toon::from_json(message);
  if (!v || !v->is_object()) toon_fuzz::fail("a message is not a JSON object", message);
  const toon::value* version = v->find("jsonrpc");
  if (version == nullptr || !version->is_string() || version->as_string() != "2.0")
    toon_fuzz::fail("a message without jsonrpc 2.0", message);
  const toon::value* id = v->find("id");
  if (id == nullptr || !(id->is_null() || id->is_string() || id->type() == toon::value::kind::integer ||
                         id->type() == toon::value::kind::uinteger))
    toon_fuzz::fail("a response without a valid id", message);
  const toon::value* result = v->find("result");
  const toon::value* error = v->find("error");
  if ((result == nullptr) == (error == nullptr)) toon_fuzz::fail("not exactly one of result and error", message);
  if (result != nullptr && !result->is_object()) toon_fuzz::fail("a result that is not an object", message);
  if (error != nullptr) {
    const toon::value* code = error->find("code");
    const toon::value* text = error->find("message");
    if (code == nullptr || code->type() != toon::value::kind::integer || text == nullptr || !text->is_string())
      toon_fuzz::fail("a malformed error object", message);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();
  std::mutex m;
  std::vector<std::string> sent;
  toon::mcp::server_options options;
  options.log = {};
  options.page_size = 1 + toon_fuzz::input_hash(text) % 3;
  options.max_line_size = 1 << 16;
  {
    toon::mcp::server server(catalog(), options, [&](std::string_view message) {
      std::lock_guard<std::mutex> lock(m);
      sent.emplace_back(message);
    });
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t nl = text.find('\n', start);
      std::string_view line = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
      if (line.size() > options.max_line_size) server.reject_oversized_line(line.size());
      else server.handle_line(line);
      if (nl == std::string_view::npos) break;
      start = nl + 1;
    }
    server.wait_idle();
  }
  if (sent.size() > toon_fuzz::count_lines(text)) toon_fuzz::fail("more responses than lines", text);
  for (const std::string& message : sent) check_message(message);
  return 0;
}
