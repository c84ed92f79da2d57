#include "src/solve/work_units.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace gsolve {
namespace {

// A worker's report: [] asks for a first unit; [unit, result...] gives a
// result and asks for the next. The root's answer: [unit], or [] for "none left".
constexpr int kReport = 1, kUnit = 2;

// Units not handed out yet. Each process starts with a contiguous block of
// them, in order (neighbouring units share subtrees, which its transposition
// table then keeps); one whose block is used up takes the second half of the
// largest block left, so the load evens out to the end.
class Dispenser {
 public:
  Dispenser(std::size_t units, int processes) {
    for (int r = 0; r < processes; ++r)
      blocks_.push_back({units * static_cast<std::size_t>(r) / static_cast<std::size_t>(processes),
                         units * static_cast<std::size_t>(r + 1) / static_cast<std::size_t>(processes)});
  }
  std::optional<std::size_t> take(int process) {
    std::lock_guard lock(mutex_);
    auto& mine = blocks_[static_cast<std::size_t>(process)];
    if (mine.first == mine.second) {
      auto largest = std::max_element(blocks_.begin(), blocks_.end(), [](const auto& a, const auto& b) {
        return a.second - a.first < b.second - b.first;
      });
      if (largest->first == largest->second) return std::nullopt;
      const std::size_t middle = largest->first + (largest->second - largest->first) / 2;
      mine = {middle, largest->second};
      largest->second = middle;
    }
    return mine.first++;
  }
  void close() {
    std::lock_guard lock(mutex_);
    for (auto& b : blocks_) b.first = b.second;
  }

 private:
  std::mutex mutex_;
  std::vector<std::pair<std::size_t, std::size_t>> blocks_;  // [first, end) of each process
};

}  // namespace

void serve_units(Cluster& cluster, std::size_t units, const WorkUnit& work, const UnitDone& done) {
  Dispenser dispenser(units, cluster.size());
  std::mutex mutex;
  std::vector<std::pair<std::size_t, std::vector<std::uint64_t>>> finished;  // by the root's worker thread
  std::exception_ptr worker_error;
  std::thread worker([&] {
    try {
      while (const auto unit = dispenser.take(0)) {
        auto result = work(*unit);
        std::lock_guard lock(mutex);
        finished.emplace_back(*unit, std::move(result));
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      worker_error = std::current_exception();
    }
  });
  try {
    std::size_t received = 0;
    int stopped = 0;  // processes told that no unit is left
    std::vector<std::pair<std::size_t, std::vector<std::uint64_t>>> mine;
    while (received < units || stopped < cluster.size() - 1) {
      bool idle = true;
      {
        std::lock_guard lock(mutex);
        if (worker_error) std::rethrow_exception(worker_error);
        mine.swap(finished);
      }
      for (const auto& [unit, result] : mine) done(unit, result), ++received, idle = false;
      mine.clear();
      if (auto m = cluster.poll()) {
        idle = false;
        if (!m->words.empty()) {
          done(static_cast<std::size_t>(m->words[0]), std::span<const std::uint64_t>(m->words).subspan(1));
          ++received;
        }
        if (const auto unit = dispenser.take(m->from)) {
          const std::uint64_t u = *unit;
          cluster.send(m->from, kUnit, {&u, 1});
        } else {
          cluster.send(m->from, kUnit, {});
          ++stopped;
        }
      }
      // Units take milliseconds to hours: a short nap keeps the main thread
      // off the cores without delaying an answer noticeably.
      if (idle) std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  } catch (...) {
    dispenser.close();
    worker.join();
    throw;
  }
  worker.join();
  if (worker_error) std::rethrow_exception(worker_error);
}

void work_units(Cluster& cluster, const WorkUnit& work) {
  std::vector<std::uint64_t> report;  // empty: the first request
  for (;;) {
    cluster.send(0, kReport, report);
    const Cluster::Message m = cluster.receive(0);
    if (m.words.empty()) return;
    const std::size_t unit = static_cast<std::size_t>(m.words[0]);
    report.assign(1, m.words[0]);
    const auto result = work(unit);
    report.insert(report.end(), result.begin(), result.end());
  }
}

}  // namespace gsolve
