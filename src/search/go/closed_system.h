// Closed systems (after Müller's safety under alternating play): a set S of a
// colour's blocks that are not unconditionally alive and the set R of every
// region (maximal connected set of points without its stones) next to them,
// where every block next to a region of R is in S or alive. Every liberty of S
// lies in R, so moves elsewhere never touch S; when the colour wins the local
// game over R (local_region.h: the opponent may play any point of R, the colour
// answers there, never passes while invaders remain, and loses if any stone of
// its is captured), S and R end as its area and none of its stones there is
// ever captured: its stones only grow, the superko argument of kept_area.
#pragma once

#include <cstdint>

#include "games/go.h"

namespace gsolve::search::go {

// The colour's closed systems that hold every stone of its outside `alive`
// (its unconditionally alive blocks).
struct ClosedSystems {
  static constexpr int kMax = 49;
  int count = 0;
  std::uint64_t stones[kMax], regions[kMax];
  std::uint64_t points = 0;  // the union of their stones and regions
};

// Finds them; false when one has regions of more than kLargestSystem points
// (local_region.h), which are not searched.
bool find_closed_systems(const Go& go, std::uint64_t own, std::uint64_t alive, ClosedSystems& out);

// Whether the colour holds every one of them (the local game of local_region.h).
bool holds_all(const Go& go, const ClosedSystems& systems, std::uint64_t opp);

}  // namespace gsolve::search::go
