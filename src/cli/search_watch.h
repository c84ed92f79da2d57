// What bounds a command's searches from outside: --time (seconds per
// position), Ctrl-C, and --progress's heartbeat. The deadline and SIGINT set
// search::stop_flag() (src/search/stop.h); the searches then throw Stopped
// and the command prints what they had finished.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace gsolve::cli {

class SearchWatch {
 public:
  // seconds: --time per position (0: none). nodes: the searches' node count,
  // read by the heartbeat (a line on stderr every 2 s) when it is given.
  SearchWatch(double seconds, std::function<std::uint64_t()> nodes = {});
  ~SearchWatch();
  SearchWatch(const SearchWatch&) = delete;
  SearchWatch& operator=(const SearchWatch&) = delete;

  // Starts one position's clock: its deadline, and a stop the last deadline made is lifted (not Ctrl-C's).
  void start();
  std::optional<std::chrono::steady_clock::time_point> deadline() const { return deadline_; }
  double seconds() const;    // since start()
  bool interrupted() const;  // Ctrl-C came
  // Why the searches stopped: "interrupted" or "--time S s ran out".
  std::string reason() const;

 private:
  void run();

  double seconds_;
  std::function<std::uint64_t()> nodes_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t nodes_at_start_ = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace gsolve::cli
