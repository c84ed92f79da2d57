// Exact solvers for the last 1..4 empty squares: no move lists, no table. The
// squares are the bits of `empty`; a move is tried on each empty square in
// parity order (odd quadrants first, then by the board's square tiers) and is
// legal when it flips something, which is cheaper than generating the legal
// moves this close to the end.
//
// Contract (fail-soft alpha-beta, any alpha < beta): with v the exact score
// of (own to move, opp) and r the result, alpha < r < beta -> r == v;
// r <= alpha -> v <= r; r >= beta -> v >= r. Scores: DESIGN.md's rule, own -
// opp with the empties to the winner (final_score.h). `nodes` counts every
// position visited (the one solved and each child, passes included).
#pragma once

#include <cstdint>

#include "games/reversi_kernel.h"
#include "src/search/reversi/board_geometry.h"
#include "src/search/reversi/final_score.h"
#include "src/search/reversi/parity.h"

namespace gsolve::reversi {

// One empty square `sq`: the exact score (side to move plays there if it can,
// else the opponent does, else the game ends with one empty square).
inline int solve_1(u64 own, u64 opp, int sq, std::uint64_t& nodes) {
  ++nodes;
  const int diff = count(own) - count(opp);  // from the counts: the same code for every board size
  if (const u64 f = flips_if_adjacent(own, opp, sq)) return diff + 2 * count(f) + 1;
  if (const u64 f = flips_if_adjacent(opp, own, sq)) return diff - 2 * count(f) - 1;
  return diff > 0 ? diff + 1 : diff < 0 ? diff - 1 : 0;
}

namespace detail {

// N = 2..4 empties: try every empty square, odd quadrants first (G: the
// board's quadrants and square tiers). `passed`: the previous ply was a pass
// (two passes end the game).
template <const BoardGeometry& G, int N>
int solve_few(u64 own, u64 opp, u64 empty, int alpha, int beta, bool passed, std::uint64_t& nodes) {
  ++nodes;
  int best = -1000;
  // Two empties are tried in tier order whatever their quadrants' parity.
  const u64 odd = N == 2 ? empty : odd_quadrants(empty, G);
  u64 rest = empty;
  for (int round = 0; rest; ++round) {  // odd quadrants first, each by the board's square tiers
    u64 todo = rest & (round < 5 ? odd : ~odd) & G.tiers[round % 5];
    rest &= ~todo;
    while (todo) {
      const int sq = __builtin_ctzll(todo);
      todo &= todo - 1;
      const u64 f = flips_if_adjacent(own, opp, sq);
      if (!f) continue;
      const u64 bit = u64{1} << sq;
      int v;
      if constexpr (N == 2)
        v = -solve_1(opp & ~f, own | f | bit, __builtin_ctzll(empty & ~bit), nodes);
      else
        v = -solve_few<G, N - 1>(opp & ~f, own | f | bit, empty & ~bit, -beta, -(alpha > best ? alpha : best), false,
                                 nodes);
      if (v > best) {
        best = v;
        if (v >= beta) return v;
      }
    }
  }
  if (best != -1000) return best;
  if (passed) return final_score(own, opp, N);  // neither side can move: the game is over
  return -solve_few<G, N>(opp, own, empty, -beta, -alpha, true, nodes);
}

}  // namespace detail

template <const BoardGeometry& G>
int solve_2(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  return detail::solve_few<G, 2>(own, opp, empty, alpha, beta, false, nodes);
}
template <const BoardGeometry& G>
int solve_3(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  return detail::solve_few<G, 3>(own, opp, empty, alpha, beta, false, nodes);
}
template <const BoardGeometry& G>
int solve_4(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  return detail::solve_few<G, 4>(own, opp, empty, alpha, beta, false, nodes);
}

}  // namespace gsolve::reversi
