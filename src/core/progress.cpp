#include "src/core/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace gsolve {

std::string human_count(double n) {
  if (n >= 1e9) return fmt::format("{:.2f}G", n / 1e9);
  if (n >= 1e6) return fmt::format("{:.1f}M", n / 1e6);
  if (n >= 1e4) return fmt::format("{:.0f}k", n / 1e3);
  return fmt::format("{:.0f}", n);
}

std::string human_seconds(double s) {
  if (s >= 3600) return fmt::format("{}h{:02}m", static_cast<int>(s / 3600), static_cast<int>(s / 60) % 60);
  if (s >= 60) return fmt::format("{}m{:02}s", static_cast<int>(s / 60), static_cast<int>(s) % 60);
  return fmt::format("{:.1f}s", s);
}

Progress::Progress(bool enabled) : enabled_(enabled), terminal_(::isatty(2) != 0) {
  if (enabled_) thread_ = std::thread([this] { run(); });
}

Progress::~Progress() {
  if (!enabled_) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Progress::start(std::string phase, std::uint64_t total) {
  std::lock_guard lock(mutex_);
  phase_ = std::move(phase);
  label_.clear();
  total_ = total;
  done_ = 0;
  skipped_ = 0;
  started_ = std::chrono::steady_clock::now();
  active_ = true;
}

void Progress::set_label(std::string label) {
  std::lock_guard lock(mutex_);
  label_ = std::move(label);
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  if (active_ && enabled_) draw(true);
  active_ = false;
}

void Progress::draw(bool final_line) {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const double done = static_cast<double>(done_.load(std::memory_order_relaxed));
  const double skipped = static_cast<double>(skipped_.load(std::memory_order_relaxed));
  const double rate = elapsed > 0 ? (done - skipped) / elapsed : 0;
  std::string line =
      fmt::format("{}{}: {}", phase_, label_.empty() || final_line ? "" : " " + label_, human_count(done));
  if (total_) line += fmt::format("/{} ({:.0f}%)", human_count(static_cast<double>(total_)), 100.0 * done / total_);
  // Slow items (a search of a whole position) show minutes each, not "0/s".
  if (rate > 0 && rate < 1)
    line += fmt::format(", {:.1f} min each", 1.0 / rate / 60.0);
  else
    line += fmt::format(", {}/s", human_count(rate));
  if (final_line)
    line += fmt::format(", {}", human_seconds(elapsed));
  else if (total_ && rate > 0)
    line += fmt::format(", ETA {}", human_seconds((total_ - done) / rate));
  if (terminal_)
    std::fprintf(stderr, "\r%-78s%s", line.c_str(), final_line ? "\n" : "");
  else
    std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

void Progress::run() {
  std::unique_lock lock(mutex_);
  while (!stop_) {
    wake_.wait_for(lock, std::chrono::milliseconds(terminal_ ? 500 : 30000));
    if (active_ && !stop_) draw(false);
  }
}

}  // namespace gsolve
