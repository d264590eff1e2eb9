// Running the `toon` CLI as a child process in a temporary directory: the fixture shared by
// the tests of tests/cli.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace toon_cli_test {

namespace fs = std::filesystem;

struct run_result {
  int status = -1;  ///< exit status, or -1 when the process did not exit normally
  std::string out;
  std::string err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void spit(const fs::path& p, const std::string& data) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << data;
}

/// A test with its own temporary directory, in which it runs the `toon` CLI (TOON_CLI_PATH).
class cli_fixture : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "toon-cli-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  /// Writes `data` to `name` in the test directory and returns the path.
  fs::path file(const std::string& name, const std::string& data) {
    fs::path p = dir_ / name;
    spit(p, data);
    return p;
  }

  /// Runs the CLI in the test directory with `args`; stdin from `input` (or /dev/null), a
  /// regular file, or with `piped` a pipe fed by cat.
  run_result run(const std::vector<std::string>& args, const std::optional<std::string>& input = std::nullopt,
                 bool piped = false) {
    fs::path in = dir_ / ".stdin", out = dir_ / ".stdout", err = dir_ / ".stderr";
    std::string cmd = "cd ";
    cmd += shell_quote(dir_.string());
    cmd += " && ";
    if (input && piped) {
      spit(in, *input);
      cmd += "cat " + shell_quote(in.string()) + " | ";
    }
    cmd += shell_quote(TOON_CLI_PATH);
    for (const auto& a : args) {
      cmd += ' ';
      cmd += shell_quote(a);
    }
    if (input && piped) {
      // stdin is the pipe
    } else if (input) {
      spit(in, *input);
      cmd += " < ";
      cmd += shell_quote(in.string());
    } else {
      cmd += " < /dev/null";
    }
    cmd += " > ";
    cmd += shell_quote(out.string());
    cmd += " 2> ";
    cmd += shell_quote(err.string());
    int raw = std::system(cmd.c_str());
    run_result r;
    if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  fs::path dir_;
};

}  // namespace toon_cli_test
