// Phase timing for the solvers, on request only (GSOLVE_TIMING=1).
#pragma once

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>

namespace gsolve {

// GSOLVE_TIMING=1: wall and CPU time of each phase on stderr (phase boundaries
// only). CPU time of the whole process (RUSAGE_SELF) or of the calling thread.
class PhaseClock {
 public:
  explicit PhaseClock(int who = RUSAGE_SELF) : on_(std::getenv("GSOLVE_TIMING") != nullptr), who_(who) { reset(); }
  void reset() {
    wall_ = std::chrono::steady_clock::now();
    cpu_ = cpu();
    queued_ = queued();
  }
  // Also: "queued", the time this process's threads spent runnable but
  // not running (other processes had the cores): wall * threads - cpu - queued
  // is what the solve itself left idle.
  void lap(const std::string& what) {
    if (!on_) return;
    const auto w = std::chrono::steady_clock::now();
    const double c = cpu(), q = queued();
    std::fprintf(stderr, "timing %-30s wall %8.3f s  cpu %8.3f s  queued %8.3f s\n", what.c_str(),
                 std::chrono::duration<double>(w - wall_).count(), c - cpu_, q - queued_);
    wall_ = w;
    cpu_ = c;
    queued_ = q;
  }
  bool on() const { return on_; }

 private:
  double cpu() const {
    rusage u{};
    ::getrusage(who_, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
  }
  // Sum of the waits of every thread seen so far: a thread that has exited
  // keeps its last reading (summing the live threads only went negative
  // when a pool thread ended between two laps).
  double queued() {
    if (!on_) return 0;
    std::error_code ec;
    auto read = [&](const std::string& key, const std::string& path) {
      if (std::FILE* f = std::fopen(path.c_str(), "r")) {
        unsigned long long run = 0, wait = 0;
        if (std::fscanf(f, "%llu %llu", &run, &wait) == 2) {
          double& last = wait_[key];  // max: a reused thread id never lowers the sum
          last = std::max(last, 1e-9 * static_cast<double>(wait));
        }
        std::fclose(f);
      }
    };
    if (who_ == RUSAGE_SELF) {
      for (const auto& e : std::filesystem::directory_iterator("/proc/self/task", ec))
        read(e.path().filename().string(), e.path().string() + "/schedstat");
    } else {
      read("self", "/proc/thread-self/schedstat");
    }
    double total = 0;
    for (const auto& [key, wait] : wait_) total += wait;
    return total;
  }
  bool on_;
  int who_;
  std::chrono::steady_clock::time_point wall_;
  double cpu_ = 0, queued_ = 0;
  std::map<std::string, double> wait_;  // by thread id: last schedstat wait, seconds
};

}  // namespace gsolve
