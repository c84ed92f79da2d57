#include "src/cli/search_watch.h"

#include <fmt/format.h>

#include <atomic>
#include <csignal>
#include <iostream>

#include "src/search/stop.h"

namespace gsolve::cli {
namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) {
  g_interrupted.store(true);
  search::stop_flag().store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process at once
}

}  // namespace

SearchWatch::SearchWatch(double seconds, std::function<std::uint64_t()> nodes)
    : seconds_(seconds), nodes_(std::move(nodes)), start_(std::chrono::steady_clock::now()) {
  static_assert(std::atomic<bool>::is_always_lock_free, "the SIGINT handler sets atomics");
  std::signal(SIGINT, on_interrupt);
  if (seconds_ > 0 || nodes_) thread_ = std::thread([this] { run(); });
}

SearchWatch::~SearchWatch() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (!g_interrupted) std::signal(SIGINT, SIG_DFL);
}

void SearchWatch::start() {
  std::lock_guard lock(mutex_);
  start_ = std::chrono::steady_clock::now();
  if (nodes_) nodes_at_start_ = nodes_();
  if (seconds_ > 0)
    deadline_ = start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(seconds_));
  if (!g_interrupted) search::stop_flag().store(false);
  wake_.notify_all();
}

double SearchWatch::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool SearchWatch::interrupted() const { return g_interrupted.load(); }

std::string SearchWatch::reason() const {
  return interrupted() ? "interrupted" : fmt::format("--time {} s ran out", seconds_);
}

void SearchWatch::run() {
  using Clock = std::chrono::steady_clock;
  constexpr auto kBeat = std::chrono::seconds(2);
  auto next_beat = Clock::now() + kBeat;
  std::unique_lock lock(mutex_);
  while (!done_) {
    auto until = nodes_ ? next_beat : Clock::time_point::max();
    if (deadline_ && !search::stop_requested()) until = std::min(until, *deadline_);
    if (until == Clock::time_point::max())
      wake_.wait(lock);
    else
      wake_.wait_until(lock, until);
    if (done_) break;
    const auto now = Clock::now();
    if (deadline_ && now >= *deadline_) search::stop_flag().store(true);
    if (nodes_ && now >= next_beat) {
      const double s = std::chrono::duration<double>(now - start_).count();
      const std::uint64_t n = nodes_() - nodes_at_start_;
      std::cerr << fmt::format("progress: {} nodes, {:.1f} s, {:.2f}M nodes/s\n", n, s, s > 0 ? n / s / 1e6 : 0.0);
      next_beat = now + kBeat;
    }
  }
}

}  // namespace gsolve::cli
