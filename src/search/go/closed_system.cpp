#include "src/search/go/closed_system.h"

#include <bit>

#include "src/search/go/benson.h"
#include "src/search/go/local_region.h"

namespace gsolve::search::go {

bool find_closed_systems(const Go& go, std::uint64_t own, std::uint64_t alive, ClosedSystems& out) {
  const std::uint64_t not_own = go.board_mask() & ~own;
  out.count = 0;
  out.points = 0;
  for (std::uint64_t loose = own & ~alive; loose;) {
    std::uint64_t stones = component(go, loose & (~loose + 1), loose), regions = 0;
    for (;;) {
      regions = component(go, go.neighbours(stones) & not_own, not_own);
      if (std::popcount(regions) > kLargestSystem) return false;
      const std::uint64_t grown = component(go, stones | (go.neighbours(regions) & loose), loose);
      if (grown == stones) break;
      stones = grown;
    }
    out.stones[out.count] = stones;
    out.regions[out.count++] = regions;
    out.points |= stones | regions;
    loose &= ~stones;
  }
  return true;
}

// The systems searched without a budget first: one of them not held spares
// the costly search of a larger one.
bool holds_all(const Go& go, const ClosedSystems& systems, std::uint64_t opp) {
  for (const bool budgeted : {false, true})
    for (int i = 0; i < systems.count; ++i)
      if ((std::popcount(systems.regions[i]) > kLargestUnbudgetedSystem) == budgeted &&
          !colour_holds_system(go, systems.stones[i], systems.regions[i], opp))
        return false;
  return true;
}

}  // namespace gsolve::search::go
