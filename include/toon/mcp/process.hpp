// toon/mcp/process.hpp - a child process with stdin/stdout/stderr pipes, started from an argv
// (no shell) with an explicit environment, working directory and resource limits, and shut
// down without leaving a zombie or a descriptor behind. POSIX only (docs/mcp.md, Client).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "toon/error.hpp"

namespace toon::mcp {

/// Resource limits applied in the child before exec (setrlimit; soft and hard limit alike,
/// except RLIMIT_CPU whose hard limit is one second above the soft one, so that the child
/// gets SIGXCPU first and SIGKILL a second later). Unset members keep the parent's limit.
struct resource_limits {
  std::optional<std::uint64_t> cpu_seconds{};          ///< RLIMIT_CPU, in seconds of CPU time
  std::optional<std::uint64_t> address_space_bytes{};  ///< RLIMIT_AS, in bytes of virtual memory
  std::optional<std::uint64_t> open_files{};           ///< RLIMIT_NOFILE, highest descriptor + 1
};

/// How to start a process.
struct process_options {
  /// Program and arguments; argv[0] is looked up in the PATH of `environment` (or of this
  /// process when `environment` is unset) unless it contains a '/'. Never run through a shell.
  std::vector<std::string> argv{};
  /// The child's whole environment as "NAME=value" entries; unset: this process's environment.
  std::optional<std::vector<std::string>> environment{};
  /// The child's working directory; empty: this process's.
  std::string working_directory{};
  /// Limits set in the child before exec.
  resource_limits limits{};
  /// Puts the child in a process group of its own, so that signals reach its children too
  /// (a launcher such as npx) and a terminal's Ctrl-C does not.
  bool own_process_group = true;
  /// Linux: the child gets SIGTERM when this process ends, however it ends (a crash, SIGKILL),
  /// so that it does not run on orphaned (PR_SET_PDEATHSIG). The signal is tied to the thread
  /// that spawned the child: set this only when that thread lives as long as the process (the
  /// main thread; `toon mcp proxy` sets it for its upstreams). Ignored on other systems.
  bool end_with_parent = false;
};

/// How a process ended.
struct exit_status {
  int code = -1;   ///< exit code when it exited normally, else -1
  int signal = 0;  ///< the signal that ended it, else 0

  /// True when it exited by itself with code 0.
  [[nodiscard]] bool success() const noexcept { return code == 0 && signal == 0; }
  /// "exit code 3" or "killed by signal 9 (SIGKILL)".
  [[nodiscard]] std::string to_string() const;
};

/// A running child with three pipes. Move-only; the destructor kills (SIGKILL) and reaps a
/// child still running and closes every descriptor, so no zombie or fd outlives it.
/// The pipe ends held here are close-on-exec and non-blocking.
class process {
 public:
  /// Starts a process. Errors: io_error (no such program, a failed chdir, setrlimit or exec:
  /// the child's errno is reported back through a close-on-exec pipe).
  [[nodiscard]] static result<process> spawn(const process_options& options);

  /// An empty process (no child).
  process() = default;
  /// Takes over the child and descriptors of `other`, which becomes empty.
  process(process&& other) noexcept;
  /// Ends this child (as the destructor does), then takes over `other`'s.
  process& operator=(process&& other) noexcept;
  process(const process&) = delete;
  process& operator=(const process&) = delete;
  /// Kills (SIGKILL) and reaps a child still running; closes every descriptor.
  ~process();

  /// The child's process id; 0 once reaped or for an empty process.
  [[nodiscard]] int pid() const noexcept { return pid_; }
  /// Write end of the child's stdin; -1 once closed.
  [[nodiscard]] int stdin_fd() const noexcept { return stdin_fd_; }
  /// Read end of the child's stdout; -1 once closed.
  [[nodiscard]] int stdout_fd() const noexcept { return stdout_fd_; }
  /// Read end of the child's stderr; -1 once closed.
  [[nodiscard]] int stderr_fd() const noexcept { return stderr_fd_; }

  /// Closes the child's stdin (end of input: the stdio MCP shutdown signal).
  void close_stdin() noexcept;
  /// Closes the read ends of stdout and stderr.
  void close_output() noexcept;

  /// Sends `sig` to the child (to its process group when it has one of its own); false when
  /// the child is already reaped.
  bool send_signal(int sig) noexcept;
  /// Reaps the child if it has ended (waitpid WNOHANG).
  [[nodiscard]] std::optional<exit_status> try_wait();
  /// Waits up to `timeout` for the child to end and reaps it.
  [[nodiscard]] std::optional<exit_status> wait_for(std::chrono::milliseconds timeout);
  /// Waits for the child to end and reaps it.
  exit_status wait();
  /// The exit status once reaped.
  [[nodiscard]] std::optional<exit_status> status() const { return status_; }

  /// The stdio shutdown of the MCP spec: closes stdin, waits up to `exit_grace`, sends
  /// SIGTERM, waits up to `term_grace`, then SIGKILL; always reaps. Returns how it ended.
  exit_status shutdown(std::chrono::milliseconds exit_grace = std::chrono::seconds(2),
                       std::chrono::milliseconds term_grace = std::chrono::seconds(2));

 private:
  void reset() noexcept;
  std::optional<exit_status> reap(bool block);
  int pid_ = 0;
  bool own_group_ = false;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  int stderr_fd_ = -1;
  std::optional<exit_status> status_{};
};

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
