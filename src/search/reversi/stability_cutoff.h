// The stability cut-off: the opponent's stable discs bound the score of the
// side to move from above (score <= squares - 2 * stable(opp)); when that bound
// is already <= alpha the node fails low without a search.
//
// Computing stability costs about as much as a few nodes, so it is tried only
// when alpha is high enough for the bound to have a chance: alpha >=
// kStabilityThreshold[empties] (Edax's NWS_STABILITY_THRESHOLD, on the 8x8
// scale; shifted by squares - 64 on smaller boards).
#pragma once

#include "games/reversi_kernel.h"
#include "src/search/reversi/stability.h"

namespace gsolve::reversi {

inline constexpr int kStabilityThreshold[65] = {99, 99, 99, 99, 6,  8,  10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32,
                                                34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56,
                                                58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
                                                64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64};

// Whether stability_cutoff can cut at this alpha (else it returns false at once).
inline bool stability_cutoff_tried(int alpha, int empties, const BoardGeometry& g) {
  return alpha >= kStabilityThreshold[empties] + g.squares - 64;
}

// True and *bound set (an upper bound on the score, <= alpha) when the opponent's
// stable discs prove the node fails low.
inline bool stability_cutoff(u64 own, u64 opp, int empties, const BoardGeometry& g, int alpha, int* bound) {
  if (!stability_cutoff_tried(alpha, empties, g)) return false;
  const int ub = g.squares - 2 * stable_discs(opp, own, g);
  if (ub > alpha) return false;
  *bound = ub;
  return true;
}

}  // namespace gsolve::reversi
