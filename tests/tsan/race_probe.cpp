// Checks tools/tsan.supp against the code it must not hide: a race planted in
// the body of each of src/core/parallel.h's entry points is reported through
// the suppressions, and the same bodies without the race pass (the fork and
// join annotations order what the caller does around them). tools/test.sh's
// TSan stage runs every mode with llvm-symbolizer and with libsanitizer's own
// symbolizer (tests/tsan/check_suppressions.sh).
//
//   tsan_race_probe clean | range | index | fed | tasks
//
// Each body waits until two tasks have started (two threads, see main), so a
// planted race is between two threads whichever of them steals what.
#include <tbb/global_control.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <thread>

#include "src/core/parallel.h"

namespace {

std::atomic<int> arrived{0};

// Both tasks started (or half a minute passed: then the planted race may go
// unseen, and the check fails, which is what should happen). A loaded machine
// can take more than a second to wake TBB's worker for a fed item.
void meet() {
  arrived.fetch_add(1);
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (arrived.load() < 2 && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
}

struct Shared {
  int slot[2] = {0, 0};  // one per task: no race
  int both = 0;          // written by both tasks: the planted race
};

}  // namespace

int main(int argc, char** argv) {
  const std::string_view mode = argc > 1 ? argv[1] : "";
  if (mode != "clean" && mode != "range" && mode != "index" && mode != "fed" && mode != "tasks") {
    std::fprintf(stderr, "usage: tsan_race_probe clean|range|index|fed|tasks\n");
    return 2;
  }
  const bool race = mode != "clean";
  tbb::global_control two(tbb::global_control::max_allowed_parallelism, 2);
  Shared s;
  // The planted write is in each body itself, whose name may mention a TBB
  // type (a blocked_range or task_group parameter).
  const auto work = [&](std::uint64_t i) {
    meet();
    s.slot[i] += 1;
  };
  if (mode == "range" || mode == "clean") {
    gsolve::parallel_for(tbb::blocked_range<std::uint64_t>(0, 2, 1), [&](const tbb::blocked_range<std::uint64_t>& r) {
      for (std::uint64_t i = r.begin(); i < r.end(); ++i) work(i);
      if (race) s.both += 1;
    });
  }
  if (mode == "index" || mode == "clean") {
    arrived = 0;
    gsolve::parallel_for(std::uint64_t{0}, std::uint64_t{2}, [&](std::uint64_t i) {
      work(i);
      if (race) s.both += 1;
    });
  }
  if (mode == "fed" || mode == "clean") {
    arrived = 0;
    const std::uint64_t first[1] = {0};
    gsolve::parallel_for_each_fed(first, first + 1, [&](std::uint64_t i, const auto& feed) {
      if (i == 0) feed(std::uint64_t{1});
      work(i);
      if (race) s.both += 1;
    });
  }
  if (mode == "tasks" || mode == "clean") {
    arrived = 0;
    std::atomic<std::uint64_t> next{0};
    gsolve::run_tasks(2, [&](tbb::task_group&) {
      work(next.fetch_add(1));
      if (race) s.both += 1;
    });
  }
  const int rounds = mode == "clean" ? 4 : 1;
  if (s.slot[0] != rounds || s.slot[1] != rounds) {  // read after the join: no race
    std::fprintf(stderr, "tsan_race_probe %s: slots %d %d, expected %d\n", std::string(mode).c_str(), s.slot[0],
                 s.slot[1], rounds);
    return 1;
  }
  return 0;
}
