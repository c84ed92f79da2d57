// A request to stop every running search of the process: Ctrl-C, or a
// command's --time running out. Searches poll it (the engine every 1024 nodes,
// the Go prover every 4096 expansions) and throw Stopped; their tables keep
// only exact results, so what finished before the stop stays true.
#pragma once

#include <atomic>

namespace gsolve::search {

struct Stopped {};

inline std::atomic<bool>& stop_flag() {
  static std::atomic<bool> flag{false};
  return flag;
}
inline bool stop_requested() { return stop_flag().load(std::memory_order_relaxed); }

}  // namespace gsolve::search
