#include "src/search/go/closed_system.h"

#include <bit>

#include "src/search/go/benson.h"
#include "src/search/go/local_region.h"

namespace gsolve::search::go {

std::uint64_t held_systems(const Go& go, std::uint64_t own, std::uint64_t alive, std::uint64_t opp) {
  const std::uint64_t not_own = go.board_mask() & ~own;
  std::uint64_t loose = own & ~alive, held = 0;
  while (loose) {
    std::uint64_t stones = component(go, loose & (~loose + 1), loose), regions = 0;
    for (;;) {
      regions = component(go, go.neighbours(stones) & not_own, not_own);
      if (std::popcount(regions) > kLargestSystem) return 0;
      const std::uint64_t grown = component(go, stones | (go.neighbours(regions) & loose), loose);
      if (grown == stones) break;
      stones = grown;
    }
    if (!colour_holds_system(go, stones, regions, opp)) return 0;
    held |= stones | regions;
    loose &= ~stones;
  }
  return held;
}

}  // namespace gsolve::search::go
