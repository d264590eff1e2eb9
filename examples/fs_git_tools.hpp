// The filesystem and git tool set of the examples (docs/tools.md, docs/mcp.md): argument
// structs with toon::meta descriptions and defaults, their handlers, and make_catalog(), which
// registers them in a toon::tool_catalog. Shared by fs_git_tools.cpp (the catalog printed and
// called in process) and mcp_fs_git_server.cpp (the same tools served over MCP).
//
// The filesystem tools really work, inside a workspace directory; paths outside it are refused.
// The git tools do NOT run git: they answer with the command they would run, and say so.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/toon.hpp"
#include "toon/tools.hpp"

namespace fs = std::filesystem;

namespace demo {

// ---- argument structs ------------------------------------------------------------------------

struct line_range {
  int start = 1;
  std::optional<int> end;
};

struct read_file_args {
  std::string path;
  std::optional<line_range> lines;
  int max_bytes = 65536;
};

enum class write_mode { overwrite, append, create_new };

struct write_file_args {
  std::string path;
  std::string content;
  write_mode mode = write_mode::overwrite;
  bool create_dirs = false;
};

enum class match_mode { literal, regex };

struct search_options {
  bool case_sensitive = false;
  int max_results = 20;
};

struct search_files_args {
  std::string pattern;
  std::string directory = ".";
  match_mode mode = match_mode::literal;
  std::optional<std::vector<std::string>> extensions;
  std::optional<search_options> options;
};

struct delete_file_args {
  std::string path;
  bool recursive = false;
};

enum class sort_key { name, size };

struct list_directory_args {
  std::string path = ".";
  bool include_hidden = false;
  sort_key sort = sort_key::name;
};

struct git_status_args {
  std::string repo = ".";
  bool include_untracked = true;
};

struct git_diff_args {
  std::string repo = ".";
  std::optional<std::string> base;
  bool staged = false;
  std::optional<std::vector<std::string>> paths;
  int context_lines = 3;
};

struct git_author {
  std::string name;
  std::string email;
};

struct git_commit_args {
  std::string repo = ".";
  std::string message;
  std::optional<std::vector<std::string>> files;
  bool amend = false;
  std::optional<git_author> author;
};

enum class log_format { oneline, full };

struct git_log_args {
  std::string repo = ".";
  int max_count = 10;
  std::optional<std::string> author;
  log_format format = log_format::oneline;
};

// ---- results ---------------------------------------------------------------------------------

struct write_result {
  std::string path;
  std::uintmax_t bytes = 0;
  std::string mode;
};

struct match {
  std::string file;
  int line = 0;
  std::string text;
};

struct entry {
  std::string name;
  std::string type;
  std::uintmax_t size = 0;
};

// What a git tool would do (this example does not run git).
struct git_plan {
  std::string would_run;
  std::string note = "example only: git was not executed";
};

}  // namespace demo

// ---- descriptions and defaults ---------------------------------------------------------------

template <>
struct toon::meta<demo::line_range> {
  static constexpr std::string_view defaulted[] = {"start"};
  static constexpr toon::field_description field_descriptions[] = {
      {"start", "First line, 1-based"}, {"end", "Last line, inclusive (default: end of file)"}};
};
template <>
struct toon::meta<demo::read_file_args> {
  static constexpr std::string_view description = "Arguments of read_file";
  static constexpr std::string_view defaulted[] = {"max_bytes"};
  static constexpr toon::field_description field_descriptions[] = {
      {"path", "File path, relative to the workspace"},
      {"lines", "Only these lines"},
      {"max_bytes", "Cut the result after this many bytes"}};
};
template <>
struct toon::meta<demo::write_file_args> {
  static constexpr std::string_view defaulted[] = {"mode", "create_dirs"};
  static constexpr toon::field_description field_descriptions[] = {
      {"path", "File path, relative to the workspace"},
      {"content", "Text to write"},
      {"mode", "overwrite, append, or create_new (fails if the file exists)"},
      {"create_dirs", "Create missing parent directories"}};
};
template <>
struct toon::meta<demo::search_options> {
  static constexpr std::string_view defaulted[] = {"case_sensitive", "max_results"};
  static constexpr toon::field_description field_descriptions[] = {
      {"case_sensitive", "Match case exactly"}, {"max_results", "Stop after this many matches"}};
};
template <>
struct toon::meta<demo::search_files_args> {
  static constexpr std::string_view defaulted[] = {"directory", "mode"};
  static constexpr toon::field_description field_descriptions[] = {
      {"pattern", "Text or regular expression to find"},
      {"directory", "Directory to search, relative to the workspace"},
      {"mode", "How the pattern is matched"},
      {"extensions", "Only files with these extensions, e.g. .cpp"},
      {"options", "Matching options"}};
};
template <>
struct toon::meta<demo::delete_file_args> {
  static constexpr std::string_view defaulted[] = {"recursive"};
  static constexpr toon::field_description field_descriptions[] = {
      {"path", "File or directory, relative to the workspace"},
      {"recursive", "Delete a directory with its contents"}};
};
template <>
struct toon::meta<demo::list_directory_args> {
  static constexpr std::string_view defaulted[] = {"path", "include_hidden", "sort"};
  static constexpr toon::field_description field_descriptions[] = {
      {"path", "Directory, relative to the workspace"},
      {"include_hidden", "Include names starting with a dot"},
      {"sort", "Order of the entries"}};
};
template <>
struct toon::meta<demo::git_status_args> {
  static constexpr std::string_view defaulted[] = {"repo", "include_untracked"};
  static constexpr toon::field_description field_descriptions[] = {
      {"repo", "Repository path"}, {"include_untracked", "List untracked files"}};
};
template <>
struct toon::meta<demo::git_diff_args> {
  static constexpr std::string_view defaulted[] = {"repo", "staged", "context_lines"};
  static constexpr toon::field_description field_descriptions[] = {
      {"repo", "Repository path"},
      {"base", "Commit to compare with (default: HEAD)"},
      {"staged", "Diff the index instead of the working tree"},
      {"paths", "Only these paths"},
      {"context_lines", "Lines of context"}};
};
template <>
struct toon::meta<demo::git_commit_args> {
  static constexpr std::string_view defaulted[] = {"repo", "amend"};
  static constexpr toon::field_description field_descriptions[] = {
      {"repo", "Repository path"},
      {"message", "Commit message"},
      {"files", "Files to stage first (default: what is staged)"},
      {"amend", "Amend the last commit"},
      {"author", "Author, if not the configured one"}};
};
template <>
struct toon::meta<demo::git_log_args> {
  static constexpr std::string_view defaulted[] = {"repo", "max_count", "format"};
  static constexpr toon::field_description field_descriptions[] = {
      {"repo", "Repository path"},
      {"max_count", "Number of commits"},
      {"author", "Only commits by this author"},
      {"format", "One line per commit, or full messages"}};
};

namespace demo {

// ---- handlers --------------------------------------------------------------------------------

// The workspace all filesystem tools work in.
class workspace {
 public:
  explicit workspace(fs::path root) : root_(std::move(root)) {}
  [[nodiscard]] const fs::path& root() const { return root_; }

  // `relative` inside the workspace; throws for absolute paths and paths leaving it.
  [[nodiscard]] fs::path resolve(const std::string& relative) const {
    fs::path p(relative);
    if (p.is_absolute()) throw std::invalid_argument("path \"" + relative + "\" must be relative to the workspace");
    fs::path full = (root_ / p).lexically_normal();
    auto [end, ignored] = std::mismatch(root_.begin(), root_.end(), full.begin(), full.end());
    if (end != root_.end()) throw std::invalid_argument("path \"" + relative + "\" leaves the workspace");
    return full;
  }

 private:
  fs::path root_;
};

inline toon::error io_error(std::string message) {
  toon::error e;
  e.code = toon::error_code::io_error;
  e.message = std::move(message);
  return e;
}

inline toon::result<std::string> read_file(const workspace& ws, const read_file_args& a) {
  std::ifstream in(ws.resolve(a.path), std::ios::binary);
  if (!in) return io_error("cannot open " + a.path + " (no such file?)");
  std::string out;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (a.lines && (n < a.lines->start || (a.lines->end && n > *a.lines->end))) continue;
    out += line;
    out += '\n';
    if (out.size() >= static_cast<std::size_t>(std::max(a.max_bytes, 0))) {
      out.resize(static_cast<std::size_t>(std::max(a.max_bytes, 0)));
      out += "\n[cut at max_bytes]";
      break;
    }
  }
  return out;
}

inline toon::result<write_result> write_file(const workspace& ws, const write_file_args& a) {
  fs::path p = ws.resolve(a.path);
  if (a.create_dirs) fs::create_directories(p.parent_path());
  if (a.mode == write_mode::create_new && fs::exists(p)) return io_error(a.path + " exists (mode create_new)");
  std::ofstream out(p, a.mode == write_mode::append ? std::ios::app | std::ios::binary : std::ios::trunc | std::ios::binary);
  if (!out) return io_error("cannot write " + a.path);
  out << a.content;
  out.close();
  return write_result{a.path, fs::file_size(p), std::string(a.mode == write_mode::append ? "append" : "write")};
}

inline std::vector<match> search_files(const workspace& ws, const search_files_args& a) {
  search_options opt = a.options.value_or(search_options{});
  auto flags = std::regex::ECMAScript | (opt.case_sensitive ? std::regex::flag_type{} : std::regex::icase);
  std::regex re(a.mode == match_mode::regex ? a.pattern : std::regex_replace(a.pattern, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)"),
                flags);  // a bad regex throws std::regex_error: reported as a tool error
  std::vector<match> out;
  fs::path dir = ws.resolve(a.directory);
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    if (a.extensions && std::find(a.extensions->begin(), a.extensions->end(), f.extension().string()) == a.extensions->end())
      continue;
    std::ifstream in(f);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (!std::regex_search(line, re)) continue;
      out.push_back(match{fs::relative(f, ws.root()).generic_string(), n, line});
      if (static_cast<int>(out.size()) >= opt.max_results) return out;
    }
  }
  return out;
}

inline std::string delete_file(const workspace& ws, const delete_file_args& a) {
  fs::path p = ws.resolve(a.path);
  if (!fs::exists(p)) throw std::runtime_error(a.path + " does not exist");
  if (fs::is_directory(p) && !a.recursive && !fs::is_empty(p))
    throw std::runtime_error(a.path + " is a non-empty directory; pass recursive: true to delete it");
  std::uintmax_t n = fs::remove_all(p);
  return "deleted " + a.path + " (" + std::to_string(n) + (n == 1 ? " entry)" : " entries)");
}

inline std::vector<entry> list_directory(const workspace& ws, const list_directory_args& a) {
  std::vector<entry> out;
  for (const auto& e : fs::directory_iterator(ws.resolve(a.path))) {
    std::string name = e.path().filename().string();
    if (!a.include_hidden && name.front() == '.') continue;
    bool dir = e.is_directory();
    out.push_back(entry{name, dir ? "dir" : "file", dir ? 0 : e.file_size()});
  }
  std::sort(out.begin(), out.end(), [&](const entry& x, const entry& y) {
    return a.sort == sort_key::size ? x.size > y.size : x.name < y.name;
  });
  return out;
}

inline std::string quoted(const std::string& s) { return "'" + s + "'"; }

inline git_plan git_status(const git_status_args& a) {
  return {"git -C " + quoted(a.repo) + " status --porcelain=v1" + (a.include_untracked ? "" : " --untracked-files=no")};
}

inline git_plan git_diff(const git_diff_args& a) {
  std::string cmd = "git -C " + quoted(a.repo) + " diff -U" + std::to_string(a.context_lines);
  if (a.staged) cmd += " --staged";
  if (a.base) cmd += " " + quoted(*a.base);
  if (a.paths) {
    cmd += " --";
    for (const std::string& p : *a.paths) cmd += " " + quoted(p);
  }
  return {cmd};
}

inline git_plan git_commit(const git_commit_args& a) {
  std::string cmd;
  if (a.files) {
    cmd = "git -C " + quoted(a.repo) + " add --";
    for (const std::string& f : *a.files) cmd += " " + quoted(f);
    cmd += " && ";
  }
  cmd += "git -C " + quoted(a.repo) + " commit" + (a.amend ? " --amend" : "") + " -m " + quoted(a.message);
  if (a.author) cmd += " --author=" + quoted(a.author->name + " <" + a.author->email + ">");
  return {cmd};
}

inline git_plan git_log(const git_log_args& a) {
  std::string cmd = "git -C " + quoted(a.repo) + " log -n " + std::to_string(a.max_count);
  if (a.format == log_format::oneline) cmd += " --oneline";
  if (a.author) cmd += " --author=" + quoted(*a.author);
  return {cmd};
}

inline toon::tool_catalog make_catalog(const workspace& ws) {
  toon::tool_catalog cat;
  cat.add_category("fs", "Read, write and search files in the workspace");
  cat.add_category("git", "Inspect and commit to git repositories");

  cat.add<read_file_args>("read_file", "Read a text file, or some of its lines", "fs",
                          [&ws](const read_file_args& a) { return read_file(ws, a); });
  cat.add<write_file_args>("write_file", "Write text to a file", "fs",
                           [&ws](const write_file_args& a) { return write_file(ws, a); });
  cat.add<search_files_args>("search_files", "Search file contents for text or a regular expression", "fs",
                             [&ws](const search_files_args& a) { return search_files(ws, a); });
  cat.add<delete_file_args>("delete_file", "Delete a file or directory", "fs",
                            [&ws](const delete_file_args& a) { return delete_file(ws, a); });
  cat.add<list_directory_args>("list_directory", "List a directory with entry types and sizes", "fs",
                               [&ws](const list_directory_args& a) { return list_directory(ws, a); });

  cat.add<git_status_args>("git_status", "Show the working tree status", "git", git_status);
  cat.add<git_diff_args>("git_diff", "Show changes as a unified diff", "git", git_diff);
  cat.add<git_commit_args>("git_commit", "Commit staged changes", "git", git_commit);
  cat.add<git_log_args>("git_log", "Show recent commits", "git", git_log);
  return cat;
}

}  // namespace demo
