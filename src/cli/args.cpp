// cli/args.cpp - command-line parsing for the toon tool.
#include <charconv>
#include <string>
#include <system_error>

#include "options.hpp"

namespace toon_cli {

namespace {

std::optional<toon::delimiter> parse_delimiter(std::string_view s) {
  if (s == "comma" || s == ",") return toon::delimiter::comma;
  if (s == "tab" || s == "\t") return toon::delimiter::tab;
  if (s == "pipe" || s == "|") return toon::delimiter::pipe;
  return std::nullopt;
}

// A whole decimal number within [lo, hi].
std::optional<int> parse_int(std::string_view s, int lo, int hi) {
  int n = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || n < lo || n > hi) return std::nullopt;
  return n;
}

std::string quoted(std::string_view s) {
  // Built by appending: GCC 12 reports a false -Wrestrict for "'" + std::string(s) at -O3.
  std::string q;
  q.reserve(s.size() + 2);
  q += '\'';
  q += s;
  q += '\'';
  return q;
}

class parser {
 public:
  explicit parser(const std::vector<std::string_view>& args) : args_(args) {}

  parse_result run() {
    std::size_t i = 0;
    // A subcommand is recognised only as the first argument.
    if (!args_.empty() && (args_[0] == "encode" || args_[0] == "decode")) {
      set_mode(args_[0] == "encode" ? mode::encode : mode::decode, args_[0]);
      i = 1;
    }
    bool options_done = false;
    for (; i < args_.size() && r_.error.empty(); ++i) {
      std::string_view a = args_[i];
      if (options_done || a == "-" || a.empty() || a[0] != '-') {
        positional(a);
        continue;
      }
      if (a == "--") {
        options_done = true;
        continue;
      }
      if (!option(a, i)) break;
      if (r_.opts.show_help || r_.opts.show_version) break;  // answered before anything else
    }
    return std::move(r_);
  }

 private:
  void error(std::string msg) {
    if (r_.error.empty()) r_.error = std::move(msg);
  }

  void set_mode(mode m, std::string_view spelled) {
    if (r_.opts.direction != mode::automatic && r_.opts.direction != m) {
      error("conflicting directions: " + quoted(spelled) + " contradicts an earlier encode/decode choice");
      return;
    }
    r_.opts.direction = m;
  }

  void positional(std::string_view a) {
    if (have_input_) {
      error("too many input files (" + quoted(r_.opts.input) + " and " + quoted(a) + "); give at most one");
      return;
    }
    have_input_ = true;
    r_.opts.input = std::string(a);
  }

  // The value of option `name`: the text after '=' (or after a short option's letter), else
  // the next argument.
  std::optional<std::string_view> value_of(std::string_view name, std::optional<std::string_view> attached,
                                           std::size_t& i) {
    if (attached) return attached;
    if (i + 1 >= args_.size()) {
      error("option " + quoted(name) + " needs a value");
      return std::nullopt;
    }
    return args_[++i];
  }

  // Handles one option argument; returns false on a usage error.
  bool option(std::string_view a, std::size_t& i) {
    std::string_view name = a;
    std::optional<std::string_view> attached;
    if (a.size() > 2 && a[1] == '-') {
      if (auto eq = a.find('='); eq != std::string_view::npos) {
        name = a.substr(0, eq);
        attached = a.substr(eq + 1);
      }
    } else if (a.size() > 2) {  // -oFILE
      name = a.substr(0, 2);
      attached = a.substr(2);
    }
    auto takes_no_value = [&] {
      if (!attached) return true;
      error("option " + quoted(name) + " takes no value");
      return false;
    };

    if (name == "-h" || name == "--help") {
      if (!takes_no_value()) return false;
      r_.opts.show_help = true;
    } else if (name == "-v" || name == "-V" || name == "--version") {
      if (!takes_no_value()) return false;
      r_.opts.show_version = true;
    } else if (name == "-e" || name == "--encode") {
      if (!takes_no_value()) return false;
      set_mode(mode::encode, name);
    } else if (name == "-d" || name == "--decode") {
      if (!takes_no_value()) return false;
      set_mode(mode::decode, name);
    } else if (name == "--strict") {
      if (!takes_no_value()) return false;
      r_.opts.strict = true;
    } else if (name == "--no-strict") {
      if (!takes_no_value()) return false;
      r_.opts.strict = false;
    } else if (name == "--omit-null") {
      if (!takes_no_value()) return false;
      r_.opts.omit_null = true;
    } else if (name == "--omit-empty") {
      if (!takes_no_value()) return false;
      r_.opts.omit_empty = true;
    } else if (name == "--stats") {
      if (!takes_no_value()) return false;
      r_.opts.stats = true;
    } else if (name == "-o" || name == "--output") {
      auto v = value_of(name, attached, i);
      if (!v) return false;
      if (v->empty()) {
        error("option " + quoted(name) + " needs a file name");
        return false;
      }
      r_.opts.output = std::string(*v);
    } else if (name == "--delimiter") {
      auto v = value_of(name, attached, i);
      if (!v) return false;
      auto d = parse_delimiter(*v);
      if (!d) {
        error("invalid --delimiter " + quoted(*v) + " (expected comma, tab or pipe)");
        return false;
      }
      r_.opts.delimiter = *d;
    } else if (name == "--indent") {
      auto v = value_of(name, attached, i);
      if (!v) return false;
      auto n = parse_int(*v, 1, 64);
      if (!n) {
        error("invalid --indent " + quoted(*v) + " (expected a whole number from 1 to 64)");
        return false;
      }
      r_.opts.indent = *n;
    } else if (name == "--json-indent") {
      auto v = value_of(name, attached, i);
      if (!v) return false;
      auto n = parse_int(*v, 0, 64);
      if (!n) {
        error("invalid --json-indent " + quoted(*v) + " (expected a whole number from 0 to 64)");
        return false;
      }
      r_.opts.json_indent = *n;
    } else {
      error("unknown option " + quoted(name));
      return false;
    }
    return r_.error.empty();
  }

  const std::vector<std::string_view>& args_;
  parse_result r_;
  bool have_input_ = false;
};

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

parse_result parse_args(const std::vector<std::string_view>& args) { return parser(args).run(); }

mode resolve_mode(const options& opts) {
  if (opts.direction != mode::automatic) return opts.direction;
  // Like the reference CLI: ".toon" decodes; ".json", other names and stdin encode.
  if (!reads_stdin(opts) && ends_with(opts.input, ".toon")) return mode::decode;
  return mode::encode;
}

}  // namespace toon_cli
