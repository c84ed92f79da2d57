// Peak memory of a strong (retrograde) solve, estimated before it starts from
// the rank space alone, so that a solve that cannot fit is refused at once
// instead of being killed by the kernel hours later.
//
// The terms are the allocations the solvers really make:
//   tiered (src/retrograde/tiered_solver.h, src/retrograde/discovery.h):
//     discovery, one bit per rank of every tier, kept to the end;
//     two record buffers (4 B per rank) that take turns: one holds the even
//     tiers, the other the odd ones, each as large as the largest it held;
//     the per-tier "expanded", "done" and "retry" bitmaps (3 bits per rank of
//     the largest tier), and the compressed tier being written (< 1 B/rank).
//   loopy (src/retrograde/loopy_solver.h): the discovery bitmaps and id prefix counts
//     (1 bit + 4 B / 64 per rank), per reachable canonical position rank 8 B +
//     record 4 B + counter 1 B + frontier id 4 B (+ 16 B and 4 B per edge
//     without un-moves), and, while a tier is written, 4 B per rank of that
//     tier. The reachable count is not known before discovery: it is taken as
//     rank space / symmetry order (the largest symmetry class of 64 sampled
//     ranks), an estimate, not a bound.
// Plus kBaseBytes for the program, TBB and LMDB.
//
// The estimate is within about 10% of the measured peak (max RSS) on
// connect4, reversi:4x4 and quickcross (docs/benchmarks.md, "solve").
#pragma once

#include <algorithm>
#include <cstdint>

#include "games/game.h"
#include "src/retrograde/loopy_solver.h"

namespace gsolve {

inline constexpr double kBaseBytes = 8.0 * (1 << 20);  // quickcross:3x4 peaks at 10.2 MiB, 2 of them its own

template <Game G>
double strong_solve_peak_bytes(const G& g, bool loopy) {
  const int tiers = g.tier_count();
  const double rank_space = static_cast<double>(g.rank_space());
  double largest = 0, largest_even = 0, largest_odd = 0;
  for (int t = 0; t < tiers; ++t) {
    const double size = static_cast<double>(g.tier_begin(t + 1) - g.tier_begin(t));
    largest = std::max(largest, size);
    (t % 2 ? largest_odd : largest_even) = std::max(t % 2 ? largest_odd : largest_even, size);
  }
  if (!loopy) return kBaseBytes + rank_space / 8 + 4 * (largest_even + largest_odd) + 3 * largest / 8 + largest;
  // Symmetry order: the largest class among sampled positions (a generic
  // position's class is the whole group).
  int order = 1;
  const std::uint64_t step = std::max<std::uint64_t>(1, g.rank_space() / 64);
  for (std::uint64_t r = step / 2; r < g.rank_space(); r += step)
    order = std::max(order, g.symmetry_class_size(g.unrank(r)));
  const double reachable = rank_space / order;
  double per_position = 8 + 4 + 1 + 4;
  if constexpr (!HasUnmoves<G>) per_position += 16 + 4.0 * static_cast<double>(G::kMaxMoves);  // edge list
  return kBaseBytes + rank_space / 8 + rank_space / 16 + reachable * per_position + 4 * largest;
}

}  // namespace gsolve
