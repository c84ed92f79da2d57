#include "src/solve/work_units.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace gsolve {
namespace {

// A worker's report: [] asks for a first unit; [unit, n, n result words,
// shared words...] gives a result and asks for the next. The root's answer:
// [unit, shared words...], or [] for "none left".
constexpr int kReport = 1, kUnit = 2;

// What the processes shared, at the root, in the order it arrived: each
// process gets every part from the others once, with its next unit.
class SharedLog {
 public:
  explicit SharedLog(int processes) : next_(static_cast<std::size_t>(processes), 0) {}
  void add(int from, std::vector<std::uint64_t> words) {
    if (!words.empty()) parts_.push_back({from, std::move(words)});
  }
  // Appends to `out` the parts from other processes that `to` has not had
  // yet, up to about kMaxWords (a process back from a long unit gets the rest
  // with its next ones).
  void collect(int to, std::vector<std::uint64_t>& out) {
    static constexpr std::size_t kMaxWords = std::size_t{1} << 20;
    std::size_t& next = next_[static_cast<std::size_t>(to)];
    for (const std::size_t start = out.size(); next < parts_.size() && out.size() - start < kMaxWords; ++next)
      if (parts_[next].from != to) out.insert(out.end(), parts_[next].words.begin(), parts_[next].words.end());
    drop_had();
  }
  // `to` takes no more units: it needs no more parts.
  void retire(int to) {
    next_[static_cast<std::size_t>(to)] = SIZE_MAX;
    drop_had();
  }

 private:
  struct Part {
    int from;
    std::vector<std::uint64_t> words;
  };
  // Parts every process has had are dropped (their slots stay: indices are positions).
  void drop_had() {
    const std::size_t all_had = std::min(*std::min_element(next_.begin(), next_.end()), parts_.size());
    for (; dropped_ < all_had; ++dropped_) std::vector<std::uint64_t>().swap(parts_[dropped_].words);
  }
  std::vector<Part> parts_;
  std::vector<std::size_t> next_;  // by process: the first part it has not had
  std::size_t dropped_ = 0;
};

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

void serve_units(Cluster& cluster, std::size_t units, const WorkUnit& work, const UnitDone& done,
                 const UnitSharing& sharing) {
  Dispenser dispenser(units, cluster.size());
  std::mutex mutex;                                                          // guards finished, worker_error and shared
  std::vector<std::pair<std::size_t, std::vector<std::uint64_t>>> finished;  // by the root's worker thread
  std::exception_ptr worker_error;
  SharedLog shared(cluster.size());
  // Test hook: GSOLVE_TEST_ROOT_SERVES_ONLY=1 leaves every unit to the other
  // processes (what they exchange then depends on no race with the root).
  const bool root_works = !std::getenv("GSOLVE_TEST_ROOT_SERVES_ONLY");
  std::thread worker([&] {
    try {
      std::vector<std::uint64_t> words;
      while (const auto unit = root_works ? dispenser.take(0) : std::nullopt) {
        if (sharing.give) {
          words.clear();
          {
            std::lock_guard lock(mutex);
            shared.collect(0, words);
          }
          if (!words.empty()) sharing.give(words);
        }
        auto result = work(*unit);
        std::vector<std::uint64_t> learnt;
        if (sharing.take) sharing.take(learnt);
        std::lock_guard lock(mutex);
        finished.emplace_back(*unit, std::move(result));
        shared.add(0, std::move(learnt));
      }
      std::lock_guard lock(mutex);
      shared.retire(0);
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
          const std::span<const std::uint64_t> words(m->words);
          const std::size_t n = static_cast<std::size_t>(words[1]);
          done(static_cast<std::size_t>(words[0]), words.subspan(2, n));
          ++received;
          std::lock_guard lock(mutex);
          shared.add(m->from, {words.begin() + 2 + static_cast<std::ptrdiff_t>(n), words.end()});
        }
        if (const auto unit = dispenser.take(m->from)) {
          std::vector<std::uint64_t> answer{*unit};
          {
            std::lock_guard lock(mutex);
            shared.collect(m->from, answer);
          }
          cluster.send(m->from, kUnit, answer);
        } else {
          cluster.send(m->from, kUnit, {});
          ++stopped;
          std::lock_guard lock(mutex);
          shared.retire(m->from);
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

void work_units(Cluster& cluster, const WorkUnit& work, const UnitSharing& sharing) {
  std::vector<std::uint64_t> report;  // empty: the first request
  for (;;) {
    cluster.send(0, kReport, report);
    const Cluster::Message m = cluster.receive(0);
    if (m.words.empty()) return;
    const std::size_t unit = static_cast<std::size_t>(m.words[0]);
    if (sharing.give && m.words.size() > 1) sharing.give(std::span<const std::uint64_t>(m.words).subspan(1));
    const auto result = work(unit);
    report.assign({m.words[0], result.size()});
    report.insert(report.end(), result.begin(), result.end());
    if (sharing.take) sharing.take(report);
  }
}

}  // namespace gsolve
