// toon_reference_batch - runs many encode / decode jobs through the library in one process, for
// the differential test against the reference implementation (scripts/differential-reference.sh,
// tools/reference/differential.mjs).
//
//   toon_reference_batch < jobs.jsonl > results.jsonl
//
// Reads one job per line of stdin, each a JSON object:
//
//   {"op":"encode","json":"<JSON text>","delimiter":",","indent":2}
//   {"op":"decode","toon":"<TOON text>","indent":2,"strict":true}
//
// delimiter is ",", "\t" or "|" (or comma, tab, pipe; default comma); indent defaults to 2 and
// strict to true. Writes one JSON line per job, in order:
//
//   {"ok":true,"output":"<TOON text, or the decoded value as compact JSON>"}
//   {"ok":false,"error":"<code> at <line>:<col>: <message>"}
//   {"ok":false,"error":"...","bad_job":true}     (the job line itself is unusable)
//
// Output is flushed whenever the program is about to wait for more input, so a driver can send
// jobs in chunks over pipes and wait for each chunk's results. Exit status 0, or 2 on an I/O
// error.
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "toon/decode.hpp"
#include "toon/encode.hpp"
#include "toon/error.hpp"
#include "toon/json.hpp"
#include "toon/options.hpp"
#include "toon/value.hpp"

namespace {

// Writes all of `data` to stdout; false on an I/O error.
bool write_all(std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(STDOUT_FILENO, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

std::string describe(const toon::error& e) {
  std::string out(toon::to_string(e.code));
  if (e.line != 0) {
    out += " at ";
    out += std::to_string(e.line);
    out += ':';
    out += std::to_string(e.column);
  }
  out += ": ";
  out += e.message;
  return out;
}

void append_result(std::string& out, bool ok, std::string text, bool bad_job = false) {
  toon::object result;
  result.emplace_back("ok", ok);
  result.emplace_back(ok ? "output" : "error", std::move(text));
  if (bad_job) result.emplace_back("bad_job", true);
  toon::to_json_to(out, toon::value(std::move(result)));
  out += '\n';
}

// A string member of the job, or nullptr.
const std::string* string_member(const toon::value& job, std::string_view key) {
  const toon::value* v = job.find(key);
  return v != nullptr ? v->get_if<std::string>() : nullptr;
}

bool read_indent(const toon::value& job, int& indent) {
  const toon::value* v = job.find("indent");
  if (v == nullptr) return true;
  const auto* i = v->get_if<std::int64_t>();
  if (i == nullptr || *i < 0 || *i > 64) return false;
  indent = static_cast<int>(*i);
  return true;
}

bool read_delimiter(const toon::value& job, toon::delimiter& d) {
  const toon::value* v = job.find("delimiter");
  if (v == nullptr) return true;
  const auto* s = v->get_if<std::string>();
  if (s == nullptr) return false;
  if (*s == "," || *s == "comma") d = toon::delimiter::comma;
  else if (*s == "\t" || *s == "tab") d = toon::delimiter::tab;
  else if (*s == "|" || *s == "pipe") d = toon::delimiter::pipe;
  else return false;
  return true;
}

bool read_strict(const toon::value& job, bool& strict) {
  const toon::value* v = job.find("strict");
  if (v == nullptr) return true;
  const auto* b = v->get_if<bool>();
  if (b == nullptr) return false;
  strict = *b;
  return true;
}

void run_job(std::string& out, std::string_view line) {
  auto parsed = toon::from_json(line);
  if (!parsed) {
    append_result(out, false, "job is not JSON: " + describe(parsed.error()), true);
    return;
  }
  const toon::value& job = *parsed;
  const std::string* op = job.is_object() ? string_member(job, "op") : nullptr;
  if (op == nullptr) {
    append_result(out, false, "job has no \"op\"", true);
    return;
  }
  if (*op == "encode") {
    const std::string* json = string_member(job, "json");
    toon::encode_options options;
    if (json == nullptr || !read_indent(job, options.indent_size) ||
        !read_delimiter(job, options.delimiter)) {
      append_result(out, false, "encode job needs \"json\" (string), \"indent\", \"delimiter\"", true);
      return;
    }
    auto doc = toon::from_json(*json);
    if (!doc) {
      append_result(out, false, describe(doc.error()));
      return;
    }
    append_result(out, true, toon::encode(*doc, options));
    return;
  }
  if (*op == "decode") {
    const std::string* text = string_member(job, "toon");
    toon::decode_options options;
    if (text == nullptr || !read_indent(job, options.indent_size) || options.indent_size < 1 ||
        !read_strict(job, options.strict)) {
      append_result(out, false, "decode job needs \"toon\" (string), \"indent\" (>= 1), \"strict\"", true);
      return;
    }
    auto decoded = toon::decode(*text, options);
    if (!decoded) {
      append_result(out, false, describe(decoded.error()));
      return;
    }
    append_result(out, true, toon::to_json(*decoded));
    return;
  }
  append_result(out, false, "unknown op \"" + *op + "\"", true);
}

void run_line(std::string& out, std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty()) return;
  try {
    run_job(out, line);
  } catch (const std::exception& e) {
    append_result(out, false, std::string("exception: ") + e.what());
  }
}

}  // namespace

int main() {
  constexpr std::size_t chunk = std::size_t(1) << 16;
  constexpr std::size_t flush_at = std::size_t(1) << 20;
  std::string in;   // unconsumed input: a partial line
  std::string out;  // results not yet written
  std::string buffer(chunk, '\0');
  for (;;) {
    // About to wait for input: hand over everything done so far.
    if (!out.empty()) {
      if (!write_all(out)) return 2;
      out.clear();
    }
    const ssize_t n = ::read(STDIN_FILENO, buffer.data(), buffer.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return 2;
    }
    if (n == 0) break;
    in.append(buffer.data(), static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t nl; (nl = in.find('\n', start)) != std::string::npos; start = nl + 1) {
      run_line(out, std::string_view(in).substr(start, nl - start));
      if (out.size() >= flush_at) {
        if (!write_all(out)) return 2;
        out.clear();
      }
    }
    in.erase(0, start);
  }
  run_line(out, in);
  return write_all(out) ? 0 : 2;
}
