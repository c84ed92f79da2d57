// Progress of long work on stderr: phase, done/total, rate, ETA. A background
// thread redraws one line twice a second on a terminal, or writes a whole line
// every 30 seconds when stderr is a file or a pipe (a log stays readable);
// workers only bump an atomic counter.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace gsolve {

class Progress {
 public:
  explicit Progress(bool enabled);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Starts a phase; total 0 means unknown (no percentage or ETA).
  void start(std::string phase, std::uint64_t total);
  // Changes what the line says (e.g. the tier) without restarting the counts.
  void set_label(std::string label);
  void add(std::uint64_t n) { done_.fetch_add(n, std::memory_order_relaxed); }
  // Counts n as done by an earlier run (a resume): in the total, not the rate.
  void skip(std::uint64_t n) {
    skipped_.fetch_add(n, std::memory_order_relaxed);
    add(n);
  }
  // Ends the phase with a final line (elapsed time and mean rate).
  void finish();
  bool enabled() const { return enabled_; }

 private:
  void draw(bool final_line);
  void run();

  bool enabled_;
  bool terminal_;
  std::atomic<std::uint64_t> done_{0}, skipped_{0};
  std::uint64_t total_ = 0;
  std::string phase_, label_;
  std::chrono::steady_clock::time_point started_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool active_ = false, stop_ = false;
  std::thread thread_;
};

// "12.3M", "950k", "87".
std::string human_count(double n);
// "1h02m", "3m05s", "4.2s".
std::string human_seconds(double s);

}  // namespace gsolve
