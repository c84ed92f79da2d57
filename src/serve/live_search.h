// Live searches for the server: each runs as a child `gsolve query --json`
// process, so that the operating system bounds it in time (killed at its
// deadline), memory (RLIMIT_DATA) and number (at most `slots` at once), a
// runaway or failing search cannot take the server down, and its answer is
// query's by construction. A search runs at nice 10, below the server's
// threads, so that database answers are not held up by it.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gsolve::serve {

struct LiveLimits {
  int slots = 2;                 // searches at once; more are refused (HTTP 503)
  double seconds = 10;           // each search's wall time; then it is killed
  std::size_t hash_mb = 64;      // the search's transposition table
  std::size_t memory_mb = 1024;  // its other writable memory (RLIMIT_DATA)
};

struct LiveResult {
  int status = 0;      // the exit code; -1 when killed at the deadline (or by stop())
  std::string output;  // its stdout (query's JSON line)
  double seconds = 0;
};

class LiveSearches {
 public:
  LiveSearches(std::string program, LiveLimits limits) : program_(std::move(program)), limits_(limits) {}
  const LiveLimits& limits() const { return limits_; }
  // Runs `program query --json <args>` under the limits; nullopt when every slot is busy.
  std::optional<LiveResult> run(const std::vector<std::string>& args);
  // Kills every running search (the server is stopping); later runs are refused.
  void stop();
  int running() const { return running_.load(); }

 private:
  std::string program_;
  LiveLimits limits_;
  std::atomic<int> running_{0};
  std::mutex mutex_;
  std::set<pid_t> children_;
  bool stopped_ = false;
};

}  // namespace gsolve::serve
