// fixture_runner.cpp - loads and runs the TOON conformance fixtures (see fixture_runner.hpp).
#include "fixture_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "toon/decode.hpp"
#include "toon/encode.hpp"
#include "toon/error.hpp"
#include "toon/json.hpp"
#include "toon/options.hpp"

extern char** environ;  // NOLINT: POSIX, passed on to the CLI child processes

namespace toon_conformance {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxJsonShown = 1500;

// ---------------------------------------------------------------------------------------------
// Display helpers

/// Length of the well-formed UTF-8 sequence starting at s[i], or 0 when it is ill-formed.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  std::size_t len = 0;
  std::uint32_t cp = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
    cp = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3;
    cp = b0 & 0x0Fu;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4;
    cp = b0 & 0x07u;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (b & 0x3Fu);
  }
  if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return 0;
  if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
  return len;
}

std::string hex_byte(unsigned char b) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string r = "\\x";
  r += digits[b >> 4];
  r += digits[b & 0xF];
  return r;
}

/// Shortens an already printable text (such as compact JSON) to about `max_chars`.
std::string shorten(std::string s, std::size_t max_chars = kMaxJsonShown) {
  if (s.size() <= max_chars) return s;
  const std::size_t total = s.size();
  std::size_t cut = max_chars;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0u) == 0x80u) --cut;  // UTF-8 boundary
  s.resize(cut);
  s += "...(" + std::to_string(total) + " bytes in all)";
  return s;
}

/// Compact JSON of a value for messages (never throws).
std::string json_of(const toon::value& v) {
  try {
    return shorten(toon::to_json(v));
  } catch (const std::exception& e) {
    return std::string("<to_json threw: ") + e.what() + ">";
  }
}

/// One-line description of a toon::error.
std::string describe(const toon::error& e) {
  std::string r(toon::to_string(e.code));
  if (e.line != 0) r += " at " + std::to_string(e.line) + ":" + std::to_string(e.column);
  if (!e.message.empty()) r += ": " + e.message;
  return quote_visible(r, 500);
}

/// "line L, column C" of the first byte where `a` and `b` differ.
std::string first_text_difference(std::string_view a, std::string_view b) {
  std::size_t i = 0;
  const std::size_t n = std::min(a.size(), b.size());
  while (i < n && a[i] == b[i]) ++i;
  std::size_t line = 1;
  std::size_t col = 1;
  for (std::size_t k = 0; k < i; ++k) {
    if (a[k] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  std::string r = "line " + std::to_string(line) + ", column " + std::to_string(col);
  if (i == a.size()) r += " (actual output is longer)";
  else if (i == b.size()) r += " (actual output is shorter)";
  return r;
}

std::string text_mismatch(std::string_view expected, std::string_view actual) {
  return "output differs at " + first_text_difference(expected, actual) +
         ": expected " + quote_visible(expected) + ", actual " + quote_visible(actual);
}

bool is_identifier(std::string_view k) {
  if (k.empty()) return false;
  for (std::size_t i = 0; i < k.size(); ++i) {
    const char c = k[i];
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const bool digit = c >= '0' && c <= '9';
    if (!(alpha || (i > 0 && digit))) return false;
  }
  return true;
}

std::string member_path(const std::string& path, const std::string& key) {
  if (is_identifier(key)) return path + "." + key;
  return path + "[" + json_of(toon::value(key)) + "]";
}

std::string key_list(const toon::object& o) {
  std::string r = "[";
  bool first = true;
  for (const auto& m : o) {
    if (!first) r += ",";
    first = false;
    r += json_of(toon::value(m.key));
  }
  return shorten(r + "]", 500);
}

std::string kind_of(const toon::value& v) { return std::string(toon::kind_name(v.type())); }

std::string difference_at(const toon::value& e, const toon::value& a, const std::string& path) {
  if (e == a) return {};
  const bool same_category = (e.is_number() && a.is_number()) || e.type() == a.type();
  if (!same_category) {
    return path + ": expected " + kind_of(e) + " " + json_of(e) + ", actual " + kind_of(a) + " " +
           json_of(a);
  }
  if (e.is_array()) {
    const auto& ea = e.as_array();
    const auto& aa = a.as_array();
    if (ea.size() != aa.size()) {
      return path + ": expected " + std::to_string(ea.size()) + " elements, actual " +
             std::to_string(aa.size());
    }
    for (std::size_t i = 0; i < ea.size(); ++i) {
      std::string d = difference_at(ea[i], aa[i], path + "[" + std::to_string(i) + "]");
      if (!d.empty()) return d;
    }
    return path + ": arrays compare unequal";  // not reached with a consistent operator==
  }
  if (e.is_object()) {
    const auto& eo = e.as_object();
    const auto& ao = a.as_object();
    bool same_keys = eo.size() == ao.size();
    for (auto ei = eo.begin(), ai = ao.begin(); same_keys && ei != eo.end(); ++ei, ++ai)
      same_keys = ei->key == ai->key;
    if (!same_keys) {
      const bool reordered = toon::equal_unordered(e, a);
      return path + ": " + (reordered ? "same members in a different key order: " : "") +
             "expected keys " + key_list(eo) + ", actual keys " + key_list(ao);
    }
    for (auto ei = eo.begin(), ai = ao.begin(); ei != eo.end(); ++ei, ++ai) {
      std::string d = difference_at(ei->value, ai->value, member_path(path, ei->key));
      if (!d.empty()) return d;
    }
    return path + ": objects compare unequal";
  }
  return path + ": expected " + json_of(e) + ", actual " + json_of(a);
}

// ---------------------------------------------------------------------------------------------
// Fixture loading

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + p.string());
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw std::runtime_error("cannot read " + p.string());
  return ss.str();
}

std::vector<fs::path> json_files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void load_file(const fs::path& path, case_kind kind, const std::string& rel, fixture_set& set) {
  std::string text;
  try {
    text = read_file(path);
  } catch (const std::exception& e) {
    set.file_errors.push_back(rel + ": " + e.what());
    return;
  }
  auto parsed = toon::from_json(text);
  if (!parsed) {
    set.file_errors.push_back(rel + ": not valid JSON (toon::from_json): " + describe(parsed.error()));
    return;
  }
  const toon::value& doc = *parsed;
  const toon::value* tests = doc.is_object() ? doc.find("tests") : nullptr;
  if (tests == nullptr || !tests->is_array()) {
    set.file_errors.push_back(rel + ": no \"tests\" array");
    return;
  }
  const char* folder = kind == case_kind::encode ? "encode" : "decode";
  if (const toon::value* cat = doc.find("category"); cat != nullptr) {
    if (!cat->is_string() || cat->as_string() != folder) {
      set.file_errors.push_back(rel + ": category " + json_of(*cat) + " in the " + folder + "/ folder");
      return;
    }
  }

  // Names that occur more than once in the file get " [#k]" so that every case is addressable.
  std::map<std::string, int> name_count;
  for (const auto& t : tests->as_array()) {
    if (const toon::value* n = t.find("name"); n != nullptr && n->is_string()) ++name_count[n->as_string()];
  }
  std::map<std::string, int> name_seen;

  std::size_t index = 0;
  for (const auto& t : tests->as_array()) {
    ++index;
    test_case tc;
    tc.kind = kind;
    tc.file = rel;
    tc.name = "#" + std::to_string(index);
    if (!t.is_object()) {
      tc.malformed = "test entry is not an object";
      set.cases.push_back(std::move(tc));
      continue;
    }
    const toon::value* name = t.find("name");
    const toon::value* input = t.find("input");
    const toon::value* expected = t.find("expected");
    const toon::value* options = t.find("options");
    const toon::value* should_error = t.find("shouldError");

    if (name != nullptr && name->is_string()) {
      tc.name = name->as_string();
      if (name_count[tc.name] > 1) tc.name += " [#" + std::to_string(++name_seen[tc.name]) + "]";
    } else {
      tc.malformed = "test entry has no string \"name\"";
    }
    if (should_error != nullptr) {
      if (should_error->is_bool()) tc.should_error = should_error->as_bool();
      else if (!should_error->is_null()) tc.malformed = "\"shouldError\" is not a boolean";
    }
    if (input == nullptr) tc.malformed = "test entry has no \"input\"";
    else tc.input = *input;
    if (expected != nullptr) tc.expected = *expected;
    else if (!tc.should_error) tc.malformed = "test entry has no \"expected\"";
    if (options != nullptr && !options->is_null()) {
      if (options->is_object()) tc.options = *options;
      else tc.malformed = "\"options\" is not an object";
    }
    if (tc.malformed.empty()) {
      if (kind == case_kind::encode && !tc.should_error && !tc.expected.is_string())
        tc.malformed = "encode test whose \"expected\" is not a string";
      if (kind == case_kind::decode && !tc.input.is_string())
        tc.malformed = "decode test whose \"input\" is not a string";
    }
    set.cases.push_back(std::move(tc));
  }
}

// ---------------------------------------------------------------------------------------------
// Options

std::optional<long long> integer_of(const toon::value& v) {
  if (const auto* i = v.get_if<std::int64_t>()) return *i;
  if (const auto* d = v.get_if<double>()) {
    if (*d == static_cast<double>(static_cast<long long>(*d)) && *d > -1e15 && *d < 1e15)
      return static_cast<long long>(*d);
  }
  return std::nullopt;
}

struct encode_setup {
  toon::encode_options options;
  std::vector<std::string> cli_args;
  std::string error;
};

struct decode_setup {
  toon::decode_options options;
  std::vector<std::string> cli_args;
  std::string error;
};

encode_setup encode_setup_of(const test_case& tc) {
  encode_setup s;
  if (!tc.options.is_object()) return s;
  for (const auto& m : tc.options.as_object()) {
    if (m.key == "delimiter") {
      const std::string d = m.value.is_string() ? m.value.as_string() : std::string();
      if (d == ",") {
        s.options.delimiter = toon::delimiter::comma;
        s.cli_args.insert(s.cli_args.end(), {"--delimiter", "comma"});
      } else if (d == "\t") {
        s.options.delimiter = toon::delimiter::tab;
        s.cli_args.insert(s.cli_args.end(), {"--delimiter", "tab"});
      } else if (d == "|") {
        s.options.delimiter = toon::delimiter::pipe;
        s.cli_args.insert(s.cli_args.end(), {"--delimiter", "pipe"});
      } else {
        s.error = "unsupported delimiter option " + json_of(m.value);
      }
    } else if (m.key == "indentSize") {
      const auto n = integer_of(m.value);
      if (!n || *n < 1 || *n > 64) {
        s.error = "unsupported indentSize option " + json_of(m.value);
      } else {
        s.options.indent_size = static_cast<int>(*n);
        s.cli_args.insert(s.cli_args.end(), {"--indent", std::to_string(*n)});
      }
    } else {
      s.error = "unsupported encode option " + json_of(toon::value(m.key));
    }
  }
  return s;
}

decode_setup decode_setup_of(const test_case& tc) {
  decode_setup s;
  if (!tc.options.is_object()) return s;
  for (const auto& m : tc.options.as_object()) {
    if (m.key == "indentSize") {
      const auto n = integer_of(m.value);
      if (!n || *n < 1 || *n > 64) {
        s.error = "unsupported indentSize option " + json_of(m.value);
      } else {
        s.options.indent_size = static_cast<int>(*n);
        s.cli_args.insert(s.cli_args.end(), {"--indent", std::to_string(*n)});
      }
    } else if (m.key == "strict") {
      if (!m.value.is_bool()) {
        s.error = "unsupported strict option " + json_of(m.value);
      } else {
        s.options.strict = m.value.as_bool();
        if (!s.options.strict) s.cli_args.emplace_back("--no-strict");
      }
    } else {
      s.error = "unsupported decode option " + json_of(toon::value(m.key));
    }
  }
  return s;
}

outcome pass() { return {true, {}}; }
outcome fail(std::string reason) { return {false, std::move(reason)}; }

// ---------------------------------------------------------------------------------------------
// Library mode

outcome run_encode_library(const test_case& tc) {
  const encode_setup setup = encode_setup_of(tc);
  if (!setup.error.empty()) return fail(setup.error);
  std::string actual;
  try {
    actual = toon::encode(tc.input, setup.options);
  } catch (const toon::toon_error& e) {
    if (tc.should_error) return pass();
    return fail("toon::encode threw: " + describe(e.error()));
  } catch (const std::exception& e) {
    if (tc.should_error) return pass();
    return fail("toon::encode threw: " + quote_visible(e.what(), 500));
  }
  if (tc.should_error) return fail("expected an error, got " + quote_visible(actual));
  const std::string& expected = tc.expected.as_string();
  if (actual == expected) return pass();
  return fail(text_mismatch(expected, actual));
}

outcome compare_decoded(const test_case& tc, const toon::value& actual) {
  const std::string diff = first_difference(tc.expected, actual);
  if (diff.empty()) return pass();
  return fail("value differs at " + diff + "; expected " + json_of(tc.expected) + ", actual " +
              json_of(actual));
}

outcome run_decode_library(const test_case& tc) {
  const decode_setup setup = decode_setup_of(tc);
  if (!setup.error.empty()) return fail(setup.error);
  try {
    auto r = toon::decode(tc.input.as_string(), setup.options);
    if (!r) {
      if (tc.should_error) return pass();
      return fail("decode failed: " + describe(r.error()) + "; expected " + json_of(tc.expected));
    }
    if (tc.should_error) return fail("expected an error, decoded " + json_of(*r));
    return compare_decoded(tc, *r);
  } catch (const std::exception& e) {
    return fail("toon::decode threw: " + quote_visible(e.what(), 500));
  }
}

// ---------------------------------------------------------------------------------------------
// CLI mode

/// Why a finished process does not count as a normal run, or empty.
std::string abnormal(const process_result& p) {
  if (!p.spawn_error.empty()) return "cannot run the CLI: " + p.spawn_error;
  if (p.timed_out) return "the CLI timed out (killed)";
  if (p.term_signal != 0) {
    return "the CLI was killed by signal " + std::to_string(p.term_signal) + " (" +
           strsignal(p.term_signal) + "); stderr " + quote_visible(p.err, 500);
  }
  return {};
}

/// Checks the CLI's behaviour on an input that must be rejected: exit 1 and a message.
outcome expect_cli_error(const process_result& p) {
  if (p.exit_code == 1 && !p.err.empty()) return pass();
  if (p.exit_code == 1) return fail("exit status 1 but nothing on stderr");
  return fail("expected exit status 1 and an error message, got exit status " +
              std::to_string(p.exit_code) + "; stdout " + quote_visible(p.out, 500) + ", stderr " +
              quote_visible(p.err, 500));
}

outcome run_encode_cli(const test_case& tc, const config& cfg) {
  const encode_setup setup = encode_setup_of(tc);
  if (!setup.error.empty()) return fail(setup.error);
  std::vector<std::string> args{cfg.cli_path, "encode"};
  args.insert(args.end(), setup.cli_args.begin(), setup.cli_args.end());
  args.emplace_back("-");
  const process_result p = run_process(args, toon::to_json(tc.input), cfg.timeout_ms);
  if (std::string why = abnormal(p); !why.empty()) return fail(why);
  if (tc.should_error) return expect_cli_error(p);
  if (p.exit_code != 0) {
    return fail("exit status " + std::to_string(p.exit_code) + ", stderr " + quote_visible(p.err, 500) +
                "; expected " + quote_visible(tc.expected.as_string()));
  }
  std::string_view actual = p.out;
  if (!actual.empty() && actual.back() == '\n') actual.remove_suffix(1);  // the CLI ends its output with LF
  const std::string& expected = tc.expected.as_string();
  if (actual == expected) return pass();
  return fail(text_mismatch(expected, actual));
}

outcome run_decode_cli(const test_case& tc, const config& cfg) {
  const decode_setup setup = decode_setup_of(tc);
  if (!setup.error.empty()) return fail(setup.error);
  std::vector<std::string> args{cfg.cli_path, "decode"};
  args.insert(args.end(), setup.cli_args.begin(), setup.cli_args.end());
  args.emplace_back("-");
  const process_result p = run_process(args, tc.input.as_string(), cfg.timeout_ms);
  if (std::string why = abnormal(p); !why.empty()) return fail(why);
  if (tc.should_error) {
    if (p.exit_code == 0) return fail("expected an error, exit status 0 with stdout " + quote_visible(p.out, 500));
    return expect_cli_error(p);
  }
  if (p.exit_code != 0) {
    return fail("exit status " + std::to_string(p.exit_code) + ", stderr " + quote_visible(p.err, 500) +
                "; expected " + json_of(tc.expected));
  }
  auto parsed = toon::from_json(p.out);
  if (!parsed) {
    return fail("stdout is not valid JSON (" + describe(parsed.error()) + "): " + quote_visible(p.out, 500));
  }
  return compare_decoded(tc, *parsed);
}

bool fd_pair(int fds[2]) { return pipe2(fds, O_CLOEXEC) == 0; }

void close_fd(int& fd) {
  if (fd >= 0) {
    close(fd);
    fd = -1;
  }
}

}  // namespace

// -----------------------------------------------------------------------------------------------
// Public functions

std::string quote_visible(std::string_view s, std::size_t max_chars) {
  std::string r = "\"";
  std::size_t i = 0;
  for (; i < s.size(); ++i) {
    if (r.size() >= max_chars) break;
    const auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '\n': r += "\\n"; continue;
      case '\t': r += "\\t"; continue;
      case '\r': r += "\\r"; continue;
      case '"': r += "\\\""; continue;
      case '\\': r += "\\\\"; continue;
      default: break;
    }
    if (c < 0x20 || c == 0x7F) {
      r += hex_byte(c);
    } else if (c < 0x80) {
      r += static_cast<char>(c);
    } else if (const std::size_t len = utf8_sequence_length(s, i); len != 0) {
      r.append(s.substr(i, len));
      i += len - 1;
    } else {
      r += hex_byte(c);
    }
  }
  r += '"';
  if (i < s.size()) r += "...(" + std::to_string(s.size()) + " bytes in all)";
  return r;
}

std::string first_difference(const toon::value& expected, const toon::value& actual) {
  return difference_at(expected, actual, "$");
}

fixture_set load_fixtures(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw std::runtime_error("fixture folder '" + dir.string() + "' does not exist");
  fixture_set set;
  for (const case_kind kind : {case_kind::encode, case_kind::decode}) {
    const std::string folder = kind == case_kind::encode ? "encode" : "decode";
    const fs::path sub = dir / folder;
    if (!fs::is_directory(sub, ec)) {
      throw std::runtime_error("fixture folder '" + dir.string() + "' has no " + folder + "/ subfolder");
    }
    for (const auto& file : json_files_in(sub)) {
      ++set.file_count;
      load_file(file, kind, folder + "/" + file.filename().string(), set);
    }
  }
  return set;
}

outcome run_case(const test_case& tc, const config& cfg) {
  if (!tc.malformed.empty()) return fail("malformed fixture: " + tc.malformed);
  try {
    if (cfg.mode == run_mode::library) {
      return tc.kind == case_kind::encode ? run_encode_library(tc) : run_decode_library(tc);
    }
    return tc.kind == case_kind::encode ? run_encode_cli(tc, cfg) : run_decode_cli(tc, cfg);
  } catch (const std::exception& e) {
    return fail("exception: " + quote_visible(e.what(), 500));
  }
}

process_result run_process(const std::vector<std::string>& args, std::string_view input, int timeout_ms) {
  // A child that exits without reading its stdin must not kill us through SIGPIPE.
  static const bool sigpipe_ignored = [] {
    std::signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)sigpipe_ignored;

  process_result res;
  if (args.empty()) {
    res.spawn_error = "no program";
    return res;
  }
  int in_pipe[2] = {-1, -1};
  int out_pipe[2] = {-1, -1};
  int err_pipe[2] = {-1, -1};
  if (!fd_pair(in_pipe) || !fd_pair(out_pipe) || !fd_pair(err_pipe)) {
    res.spawn_error = std::string("pipe: ") + std::strerror(errno);
    for (int* p : {in_pipe, out_pipe, err_pipe}) {
      close_fd(p[0]);
      close_fd(p[1]);
    }
    return res;
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);

  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  sigset_t mask;
  sigemptyset(&mask);
  posix_spawnattr_setsigmask(&attr, &mask);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  pid_t pid = -1;
  const int rc = args[0].find('/') != std::string::npos
                     ? posix_spawn(&pid, argv[0], &actions, &attr, argv.data(), environ)
                     : posix_spawnp(&pid, argv[0], &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close_fd(in_pipe[0]);
  close_fd(out_pipe[1]);
  close_fd(err_pipe[1]);
  if (rc != 0) {
    res.spawn_error = args[0] + ": " + std::strerror(rc);
    close_fd(in_pipe[1]);
    close_fd(out_pipe[0]);
    close_fd(err_pipe[0]);
    return res;
  }

  int in_fd = in_pipe[1];
  int out_fd = out_pipe[0];
  int err_fd = err_pipe[0];
  std::size_t written = 0;
  if (input.empty()) close_fd(in_fd);
  else fcntl(in_fd, F_SETFL, fcntl(in_fd, F_GETFL) | O_NONBLOCK);

  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  char buffer[65536];
  while (in_fd >= 0 || out_fd >= 0 || err_fd >= 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      res.timed_out = true;
      kill(pid, SIGKILL);
      break;
    }
    pollfd fds[3];
    int* owners[3];
    nfds_t n = 0;
    if (in_fd >= 0) {
      fds[n] = {in_fd, POLLOUT, 0};
      owners[n++] = &in_fd;
    }
    if (out_fd >= 0) {
      fds[n] = {out_fd, POLLIN, 0};
      owners[n++] = &out_fd;
    }
    if (err_fd >= 0) {
      fds[n] = {err_fd, POLLIN, 0};
      owners[n++] = &err_fd;
    }
    const int ready = poll(fds, n, static_cast<int>(left.count()));
    if (ready < 0) {
      if (errno == EINTR) continue;
      res.spawn_error = std::string("poll: ") + std::strerror(errno);
      kill(pid, SIGKILL);
      break;
    }
    for (nfds_t k = 0; k < n; ++k) {
      if (fds[k].revents == 0) continue;
      int& fd = *owners[k];
      if (&fd == &in_fd) {
        const ssize_t w = write(fd, input.data() + written, input.size() - written);
        if (w > 0) {
          written += static_cast<std::size_t>(w);
          if (written == input.size()) close_fd(fd);
        } else if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
          // try again
        } else {
          close_fd(fd);  // the child closed its stdin (EPIPE) or another error
        }
      } else {
        const ssize_t r = read(fd, buffer, sizeof buffer);
        if (r > 0) {
          (&fd == &out_fd ? res.out : res.err).append(buffer, static_cast<std::size_t>(r));
        } else if (r < 0 && (errno == EAGAIN || errno == EINTR)) {
          // try again
        } else {
          close_fd(fd);
        }
      }
    }
  }
  close_fd(in_fd);
  close_fd(out_fd);
  close_fd(err_fd);

  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      res.spawn_error = std::string("waitpid: ") + std::strerror(errno);
      return res;
    }
  }
  if (WIFEXITED(status)) res.exit_code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) res.term_signal = WTERMSIG(status);
  return res;
}

std::vector<superseded_case> load_superseded(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read the superseded-cases file '" + file.string() + "'");
  std::vector<superseded_case> cases;
  std::string line;
  int number = 0;
  auto bad = [&](const std::string& why) {
    return std::runtime_error(file.string() + ":" + std::to_string(number) + ": " + why);
  };
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t first = line.find_first_not_of(' ');
    if (first == std::string::npos || line[first] == '#') continue;
    if (first > 0) {
      if (line.compare(first, 5, "why: ") != 0) throw bad("expected an indented 'why: <reason>' line");
      if (cases.empty() || !cases.back().reason.empty()) throw bad("a reason without its case");
      cases.back().reason = line.substr(first + 5);
      continue;
    }
    if (!cases.empty() && cases.back().reason.empty()) throw bad("the previous case has no 'why:' line");
    const std::size_t colon = line.find(": ");
    if (colon == std::string::npos || colon == 0 || colon + 2 >= line.size())
      throw bad("expected '<set>: <file>:<case name>'");
    cases.push_back({line.substr(0, colon), line.substr(colon + 2), {}});
  }
  if (!cases.empty() && cases.back().reason.empty()) throw bad("the last case has no 'why:' line");
  return cases;
}

int run(const config& cfg, std::ostream& out, std::ostream& err) {
  const char* mode_name = cfg.mode == run_mode::library ? "library" : "cli";
  const std::string hint =
      "Set TOON_SPEC_DIR (environment variable, or CMake cache variable -DTOON_SPEC_DIR=...) to the "
      "folder holding the spec's fixtures/ and fixtures-4.1.1/ sets (default: ../shared/toon-spec "
      "beside the source tree), then re-run CMake.";
  const char* env_dir = std::getenv("TOON_SPEC_DIR");
  const std::string env_note = std::string(" (TOON_SPEC_DIR in the environment: ") +
                               (env_dir != nullptr ? std::string("'") + env_dir + "'" : "unset") + ")";

  if (cfg.mode == run_mode::cli) {
    if (cfg.cli_path.empty()) {
      err << "toon_conformance: --mode cli needs --cli PATH (the toon binary)\n";
      return 2;
    }
    if (access(cfg.cli_path.c_str(), X_OK) != 0) {
      err << "toon_conformance: the CLI '" << cfg.cli_path << "' is not an executable file: "
          << std::strerror(errno) << "\n";
      return 2;
    }
  }

  fixture_set set;
  try {
    set = load_fixtures(cfg.dir);
  } catch (const std::exception& e) {
    err << "toon_conformance: " << e.what() << env_note << ".\n" << hint << "\n";
    out << "0 passed, 1 failed\n";
    return 2;
  }
  const std::size_t total = set.cases.size();
  if (total == 0) {
    err << "toon_conformance: no fixture cases found in '" << cfg.dir.string() << "' (" << set.file_count
        << " .json files under encode/ and decode/)" << env_note << ".\n" << hint << "\n";
    out << "0 passed, 1 failed\n";
    return 2;
  }

  // Cases of this set that the current spec supersedes (they must fail).
  std::map<std::string, std::string> superseded;  // id -> reason
  if (!cfg.superseded_file.empty()) {
    try {
      const std::string set_name = std::filesystem::path(cfg.dir).lexically_normal().filename().string();
      for (auto& c : load_superseded(cfg.superseded_file))
        if (c.set == set_name) superseded.emplace(std::move(c.id), std::move(c.reason));
    } catch (const std::exception& e) {
      err << "toon_conformance: " << e.what() << "\n";
      out << "0 passed, 1 failed\n";
      return 2;
    }
  }
  std::map<std::string, bool> superseded_seen;  // id -> failed as expected

  const auto started = std::chrono::steady_clock::now();
  std::size_t passed = 0;
  std::size_t failed = 0;
  std::size_t superseded_failed = 0;
  std::size_t encode_total = 0, encode_passed = 0, decode_total = 0, decode_passed = 0;
  for (const auto& e : set.file_errors) {
    out << "FAIL " << e << "\n";
    ++failed;
  }
  for (const auto& tc : set.cases) {
    const std::string id = tc.file + ":" + tc.name;
    if (!cfg.filter.empty() && id.find(cfg.filter) == std::string::npos) continue;
    const outcome o = run_case(tc, cfg);
    const bool enc = tc.kind == case_kind::encode;
    (enc ? encode_total : decode_total) += 1;
    if (const auto sup = superseded.find(id); sup != superseded.end()) {
      superseded_seen[id] = !o.passed;
      if (o.passed) {
        ++failed;
        out << "FAIL " << id << ": listed as superseded (" << sup->second << ") but passed\n";
      } else {
        ++superseded_failed;
        out << "superseded " << id << ": failed as expected (" << sup->second << ")\n";
      }
      out.flush();
      continue;
    }
    if (o.passed) {
      ++passed;
      (enc ? encode_passed : decode_passed) += 1;
      if (cfg.verbose) out << "ok   " << id << "\n";
    } else {
      ++failed;
      out << "FAIL " << id << ": " << o.reason << "\n";
    }
    out.flush();
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  if (cfg.filter.empty())
    for (const auto& [id, reason] : superseded)
      if (!superseded_seen.count(id)) {
        out << "FAIL " << id << ": listed as superseded but the set has no such case\n";
        ++failed;
      }
  bool ok = failed == 0;
  if (passed + failed + superseded_failed == 0) {
    err << "toon_conformance: no case matches --filter '" << cfg.filter << "'\n";
    ++failed;  // never report success on zero cases
    ok = false;
  }
  if (cfg.expect && *cfg.expect != total) {
    out << "FAIL " << cfg.dir.string() << ": expected " << *cfg.expect << " cases, the fixture files hold "
        << total << "\n";
    ++failed;
    ok = false;
  }
  std::ostringstream secs;
  secs << std::fixed << std::setprecision(2) << seconds;
  out << "conformance (" << mode_name << ") " << cfg.dir.string() << ": " << set.file_count << " files, "
      << total << " cases; encode " << encode_passed << "/" << encode_total << ", decode " << decode_passed
      << "/" << decode_total << " passed in " << secs.str() << " s";
  if (!superseded.empty()) out << "; " << superseded_failed << " superseded by a newer spec (failed as expected)";
  out << "\n";
  out << passed << " passed, " << failed << " failed\n";
  out.flush();
  return ok ? 0 : 1;
}

}  // namespace toon_conformance
