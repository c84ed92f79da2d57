// Move ordering for the table-driven part of the endgame search, computed
// from the position alone (no learned weights): after each move, from the
// opponent's view,
//   * fastest-first: fewer opponent moves first, corners counted twice
//     (the weighted mobility dominates the order);
//   * corner stability: more of our discs safe around the corners;
//   * potential mobility: fewer empty squares next to our discs (the
//     opponent's future moves);
//   * the square's type (corners best, X/C squares worst) and, at shallow
//     depth, parity (odd quadrants first).
// Corners, edges and quadrants are the board's own (board_geometry.h).
// Weights are Edax's (move.c, movelist_evaluate_fast): mobility 2^15, corner
// stability 2^11, potential mobility 2^5; parity 2^8 (ours). Higher is tried first.
#pragma once

#include "games/reversi_kernel.h"
#include "src/search/reversi/board_geometry.h"

namespace gsolve::reversi {

// Moves counted with the corners twice.
inline int weighted_mobility(u64 own, u64 opp, u64 empty, const BoardGeometry& g) {
  const u64 m = legal_moves(own, opp) & empty;
  return count(m) + count(m & g.corners);
}

// Empty squares next to an opponent disc (where own might play later), corners twice.
inline int potential_mobility(u64 opp, u64 empty, const BoardGeometry& g) {
  const u64 inner = opp & g.inner_columns;
  const u64 n =
      (inner << 1) | (inner >> 1) | (opp << 8) | (opp >> 8) | (inner << 7) | (inner >> 7) | (inner << 9) | (inner >> 9);
  const u64 p = n & empty;
  return count(p) + count(p & g.corners);
}

// Discs of `own` on a corner or next to an owned corner along an edge.
inline int corner_stability(u64 own, const BoardGeometry& g) {
  const u64 s = (((g.corners_first_column & own) << 1) | ((g.corners_last_column & own) >> 1) |
                 ((g.corners_first_row & own) << 8) | ((g.corners_last_row & own) >> 8) | g.corners) &
                own;
  return count(s);
}

inline constexpr int kWeightMobility = 1 << 15;
inline constexpr int kWeightCornerStability = 1 << 11;
inline constexpr int kWeightPotentialMobility = 1 << 5;
inline constexpr int kWeightParity = 1 << 8;

// Order key of the move `sq` that made the child (n_own to move against n_opp,
// n_empty its empty squares); `odd`: squares of the parent's quadrants with
// odd parity (0 to ignore parity).
inline int child_order(u64 n_own, u64 n_opp, u64 n_empty, int sq, u64 odd, const BoardGeometry& g) {
  const u64 bit = u64{1} << sq;
  if (!n_own) return 1 << 29;  // wipe-out: best possible (below the engine's table move, 1 << 30)
  int v = g.square_value[sq] + ((odd & bit) ? kWeightParity : 0);
  v += (36 - potential_mobility(n_opp, n_empty, g)) * kWeightPotentialMobility;
  v += corner_stability(n_opp, g) * kWeightCornerStability;
  v += (36 - weighted_mobility(n_own, n_opp, n_empty, g)) * kWeightMobility;
  return v;
}

// The same for the move `sq` (flipping `f`) by own against opp; `empty` before the move.
inline int move_order(u64 own, u64 opp, u64 empty, int sq, u64 f, u64 odd, const BoardGeometry& g) {
  const u64 bit = u64{1} << sq;
  return child_order(opp & ~f, own | f | bit, empty & ~bit, sq, odd, g);
}

}  // namespace gsolve::reversi
