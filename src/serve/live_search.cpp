#include "src/serve/live_search.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstring>

namespace gsolve::serve {
namespace {

// Frees its slot on every way out of run().
struct SlotGuard {
  std::atomic<int>& running;
  ~SlotGuard() { --running; }
};

}  // namespace

std::optional<LiveResult> LiveSearches::run(const std::vector<std::string>& args) {
  if (++running_ > limits_.slots) {
    --running_;
    return std::nullopt;
  }
  SlotGuard guard{running_};
  std::vector<std::string> argv_text = {
      program_, "query", "--json", "--threads", "1", "--hash", std::to_string(limits_.hash_mb)};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) return LiveResult{-1, "", 0};
  const auto start = std::chrono::steady_clock::now();
  pid_t pid;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) {
      ::close(out[0]), ::close(out[1]);
      return std::nullopt;
    }
    const pid_t server = ::getpid();
    pid = ::fork();
    if (pid == 0) {                             // the child: only async-signal-safe calls up to exec
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);       // a server killed outright takes its searches with it
      if (::getppid() != server) ::_exit(127);  // it died before the line above
      // RLIMIT_DATA counts the heap and the tables, not a database's read-only map (which RLIMIT_AS would).
      const rlim_t bytes = static_cast<rlim_t>(limits_.hash_mb + limits_.memory_mb) << 20;
      const rlimit data{bytes, bytes};
      ::setrlimit(RLIMIT_DATA, &data);
      ::setpriority(PRIO_PROCESS, 0, 10);  // below the server's threads: database answers come first
      ::dup2(out[1], STDOUT_FILENO);
      const int null = ::open("/dev/null", O_WRONLY);
      if (null >= 0) ::dup2(null, STDERR_FILENO);
      ::close_range(3, ~0U, 0);  // not the server's sockets: a client waits for its answer from the server alone
      sigset_t none;
      sigemptyset(&none);
      ::pthread_sigmask(SIG_SETMASK, &none, nullptr);  // the server blocks SIGTERM for its signal thread
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    if (pid > 0) children_.insert(pid);
  }
  ::close(out[1]);
  if (pid < 0) {
    ::close(out[0]);
    return LiveResult{-1, "", 0};
  }
  LiveResult result;
  const auto deadline = start + std::chrono::duration<double>(limits_.seconds);
  bool killed = false;
  char buffer[4096];
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      ::kill(pid, SIGKILL);
      killed = true;
      break;
    }
    pollfd fd{out[0], POLLIN, 0};
    const int ready = ::poll(&fd, 1, static_cast<int>(std::min<long long>(left.count(), 200)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t n = ::read(out[0], buffer, sizeof buffer);
    if (n <= 0) break;  // end of output: the search finished (or stop() killed it)
    if (result.output.size() < (std::size_t{1} << 20)) result.output.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(out[0]);
  int wait_status = 0;
  ::waitpid(pid, &wait_status, 0);
  {
    std::lock_guard lock(mutex_);
    children_.erase(pid);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.status = !killed && WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
  return result;
}

void LiveSearches::stop() {
  std::lock_guard lock(mutex_);
  stopped_ = true;
  for (const pid_t pid : children_) ::kill(pid, SIGKILL);
}

}  // namespace gsolve::serve
