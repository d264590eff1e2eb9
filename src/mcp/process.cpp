// toon::mcp::process: fork + execve with pipes, rlimits, chdir and descriptor hygiene done in
// the child between fork and exec (only async-signal-safe calls there), and a reaping
// shutdown (close stdin, wait, SIGTERM, wait, SIGKILL).
#include "toon/mcp/process.hpp"
#include "toon/detail/linkage.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>

#include "../common/fd_io.hpp"

extern char** environ;  // NOLINT

namespace toon::mcp {
namespace {

using detail::io_failure;

void close_fd(int& fd) noexcept {
  if (fd >= 0) {
    ::close(fd);
    fd = -1;
  }
}

/// A pipe whose both ends are close-on-exec.
bool make_pipe(int (&fds)[2]) noexcept { return ::pipe2(fds, O_CLOEXEC) == 0; }

/// The value of NAME in a list of NAME=value entries.
const char* find_env(const std::vector<std::string>* env, std::string_view name) {
  if (env == nullptr) return std::getenv(std::string(name).c_str());
  for (const std::string& entry : *env) {
    if (entry.size() > name.size() && entry.compare(0, name.size(), name) == 0 && entry[name.size()] == '=')
      return entry.c_str() + name.size() + 1;
  }
  return nullptr;
}

/// argv[0] resolved against PATH (in the parent: the child may not allocate).
std::optional<std::string> resolve_program(const std::string& name, const std::vector<std::string>* env) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string::npos) return name;
  const char* path = find_env(env, "PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  while (true) {
    std::size_t colon = dirs.find(':');
    std::string_view dir = dirs.substr(0, colon);
    std::string candidate = dir.empty() ? std::string(".") : std::string(dir);
    candidate += '/';
    candidate += name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  return std::nullopt;
}

/// In the child: writes the failing step and errno to the report pipe and exits 127.
[[noreturn]] void child_fail(int report_fd, int step) noexcept {
  int payload[2] = {step, errno};
  [[maybe_unused]] ssize_t n = ::write(report_fd, payload, sizeof payload);
  ::_exit(127);
}

/// In the child: moves a descriptor to 3 or above so that dup2 onto 0..2 cannot clobber it.
int lift_fd(int fd, int report_fd) noexcept {
  if (fd > 2) return fd;
  int lifted = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);  // the report pipe must stay close-on-exec
  if (lifted < 0) child_fail(report_fd, 1);
  return lifted;
}

/// In the child: closes every descriptor from `low` up, except `keep`.
void close_from(int low, int keep) noexcept {
#ifdef SYS_close_range
  bool done = true;
  if (keep > low && ::syscall(SYS_close_range, static_cast<unsigned>(low), static_cast<unsigned>(keep - 1), 0U) != 0)
    done = false;
  if (done && ::syscall(SYS_close_range, static_cast<unsigned>(keep + 1), ~0U, 0U) != 0) done = false;
  if (done) return;
#endif
  rlimit rl{};
  long top = (::getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) ? static_cast<long>(rl.rlim_cur) : 65536;
  if (top > 1048576) top = 1048576;
  for (long fd = low; fd < top; ++fd)
    if (fd != keep) ::close(static_cast<int>(fd));
}

const char* step_name(int step) {
  switch (step) {
    case 1: return "moving the pipe descriptors";
    case 2: return "connecting stdin/stdout/stderr";
    case 3: return "setting RLIMIT_CPU";
    case 4: return "setting RLIMIT_AS";
    case 5: return "setting RLIMIT_NOFILE";
    case 6: return "changing to the working directory";
    case 7: return "exec";
    default: return "starting";
  }
}

}  // namespace

TOON_FUNC std::string exit_status::to_string() const {
  if (signal != 0) {
    std::string out = "killed by signal " + std::to_string(signal);
    const char* name = ::sigabbrev_np(signal);
    if (name != nullptr) out += std::string(" (SIG") + name + ")";
    return out;
  }
  return "exit code " + std::to_string(code);
}

TOON_FUNC result<process> process::spawn(const process_options& options) {
  if (options.argv.empty()) return io_failure("process: empty argv", 0);
  const std::vector<std::string>* env = options.environment ? &*options.environment : nullptr;
  std::optional<std::string> program = resolve_program(options.argv[0], env);
  if (!program) return io_failure("process: program not found on PATH: " + options.argv[0], 0);

  // Everything the child needs is prepared here: after fork it may not allocate.
  std::vector<char*> argv;
  argv.reserve(options.argv.size() + 1);
  for (const std::string& a : options.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> envp;
  if (env != nullptr) {
    envp.reserve(env->size() + 1);
    for (const std::string& e : *env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
  }
  char** child_env = env != nullptr ? envp.data() : environ;
  const char* workdir = options.working_directory.empty() ? nullptr : options.working_directory.c_str();
  const resource_limits limits = options.limits;
  const bool own_group = options.own_process_group;
  const bool end_with_parent = options.end_with_parent;
  const pid_t parent = ::getpid();

  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
  auto close_all = [&] {
    for (int* p : {in, out, err, report}) {
      close_fd(p[0]);
      close_fd(p[1]);
    }
  };
  if (!make_pipe(in) || !make_pipe(out) || !make_pipe(err) || !make_pipe(report)) {
    int e = errno;
    close_all();
    return io_failure("process: pipe2", e);
  }

  pid_t pid = ::fork();
  if (pid < 0) {
    int e = errno;
    close_all();
    return io_failure("process: fork", e);
  }
  if (pid == 0) {
    // Child: async-signal-safe calls only.
    int rep = report[1];
    if (own_group) ::setpgid(0, 0);
#if defined(__linux__)
    // SIGTERM when the parent ends; if it already ended (the child was re-parented), end now.
    if (end_with_parent && (::prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || ::getppid() != parent)) ::_exit(127);
#else
    (void)end_with_parent;
    (void)parent;
#endif
    sigset_t none;
    ::sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; ++s) ::sigaction(s, &dfl, nullptr);  // ignored signals survive exec
    rep = lift_fd(rep, rep);
    int cin = lift_fd(in[0], rep), cout = lift_fd(out[1], rep), cerr = lift_fd(err[1], rep);
    if (::dup2(cin, 0) < 0 || ::dup2(cout, 1) < 0 || ::dup2(cerr, 2) < 0) child_fail(rep, 2);
    close_from(3, rep);  // every other descriptor, the pipes' other ends included
    rlimit rl{};
    if (limits.cpu_seconds) {
      rl.rlim_cur = static_cast<rlim_t>(*limits.cpu_seconds);
      rl.rlim_max = rl.rlim_cur + 1;
      if (::setrlimit(RLIMIT_CPU, &rl) != 0) child_fail(rep, 3);
    }
    if (limits.address_space_bytes) {
      rl.rlim_cur = rl.rlim_max = static_cast<rlim_t>(*limits.address_space_bytes);
      if (::setrlimit(RLIMIT_AS, &rl) != 0) child_fail(rep, 4);
    }
    if (limits.open_files) {
      rl.rlim_cur = rl.rlim_max = static_cast<rlim_t>(*limits.open_files);
      if (::setrlimit(RLIMIT_NOFILE, &rl) != 0) child_fail(rep, 5);
    }
    if (workdir != nullptr && ::chdir(workdir) != 0) child_fail(rep, 6);
    ::execve(program->c_str(), argv.data(), child_env);
    child_fail(rep, 7);
  }

  // Parent.
  if (own_group) ::setpgid(pid, pid);  // also here: no window where a signal misses the group
  close_fd(in[0]);
  close_fd(out[1]);
  close_fd(err[1]);
  close_fd(report[1]);
  int payload[2] = {0, 0};
  ssize_t n;
  do {
    n = ::read(report[0], payload, sizeof payload);
  } while (n < 0 && errno == EINTR);
  close_fd(report[0]);

  process p;
  p.pid_ = pid;
  p.own_group_ = own_group;
  p.stdin_fd_ = in[1];
  p.stdout_fd_ = out[0];
  p.stderr_fd_ = err[0];
  if (n > 0) {  // exec failed: the child reported why and exits 127
    p.wait();
    return io_failure("process: " + options.argv[0] + ": " + step_name(payload[0]), payload[1]);
  }
  for (int fd : {p.stdin_fd_, p.stdout_fd_, p.stderr_fd_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  return p;
}

TOON_FUNC process::process(process&& other) noexcept
    : pid_(std::exchange(other.pid_, 0)),
      own_group_(other.own_group_),
      stdin_fd_(std::exchange(other.stdin_fd_, -1)),
      stdout_fd_(std::exchange(other.stdout_fd_, -1)),
      stderr_fd_(std::exchange(other.stderr_fd_, -1)),
      status_(std::exchange(other.status_, std::nullopt)) {}

TOON_FUNC process& process::operator=(process&& other) noexcept {
  if (this != &other) {
    reset();
    pid_ = std::exchange(other.pid_, 0);
    own_group_ = other.own_group_;
    stdin_fd_ = std::exchange(other.stdin_fd_, -1);
    stdout_fd_ = std::exchange(other.stdout_fd_, -1);
    stderr_fd_ = std::exchange(other.stderr_fd_, -1);
    status_ = std::exchange(other.status_, std::nullopt);
  }
  return *this;
}

TOON_FUNC process::~process() { reset(); }

TOON_FUNC void process::reset() noexcept {
  close_stdin();
  if (pid_ > 0) {
    send_signal(SIGKILL);
    try {
      wait();
    } catch (...) {
    }
  }
  close_output();
}

TOON_FUNC void process::close_stdin() noexcept { close_fd(stdin_fd_); }

TOON_FUNC void process::close_output() noexcept {
  close_fd(stdout_fd_);
  close_fd(stderr_fd_);
}

TOON_FUNC bool process::send_signal(int sig) noexcept {
  if (pid_ <= 0) return false;
  if (own_group_ && ::kill(-pid_, sig) == 0) return true;
  return ::kill(pid_, sig) == 0;
}

/// Waits (blocking or not) until the child has ended without reaping it (WNOWAIT keeps the
/// zombie, so its pid and process group id cannot be reused yet), kills what is left of its
/// group (a launcher's children), then reaps it.
TOON_FUNC std::optional<exit_status> process::reap(bool block) {
  if (status_) return status_;
  if (pid_ <= 0) return std::nullopt;
  siginfo_t info{};
  int r;
  do {
    info.si_pid = 0;
    r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
  } while (r < 0 && errno == EINTR);
  if (r == 0 && info.si_pid == 0) return std::nullopt;  // still running
  if (r == 0 && own_group_) ::kill(-pid_, SIGKILL);
  int raw = 0;
  pid_t w;
  do {
    w = ::waitpid(pid_, &raw, 0);
  } while (w < 0 && errno == EINTR);
  exit_status st;
  if (w > 0) {
    if (WIFEXITED(raw)) st.code = WEXITSTATUS(raw);
    if (WIFSIGNALED(raw)) st.signal = WTERMSIG(raw);
  }  // w < 0 (ECHILD: reaped elsewhere): nothing left to wait for
  pid_ = 0;
  status_ = st;
  return status_;
}

TOON_FUNC std::optional<exit_status> process::try_wait() { return reap(false); }

TOON_FUNC std::optional<exit_status> process::wait_for(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  auto pause = std::chrono::milliseconds(1);
  while (true) {
    if (auto st = try_wait()) return st;
    auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(pause, deadline - now));
    if (pause < std::chrono::milliseconds(20)) pause *= 2;
  }
}

TOON_FUNC exit_status process::wait() {
  if (auto st = reap(true)) return *st;
  return exit_status{};
}

TOON_FUNC exit_status process::shutdown(std::chrono::milliseconds exit_grace, std::chrono::milliseconds term_grace) {
  close_stdin();
  if (auto st = wait_for(exit_grace)) return *st;
  send_signal(SIGTERM);
  if (auto st = wait_for(term_grace)) return *st;
  send_signal(SIGKILL);
  return wait();
}

}  // namespace toon::mcp
