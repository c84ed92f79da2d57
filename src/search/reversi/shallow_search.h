// Alpha-beta for the few empties above the last-four solvers (Edax's
// NWS_shallow idea): no table, no move list, moves from the legal-move
// bitboard in parity order (odd quadrants first; in each, corners first and X
// squares last: board_geometry.h's tiers), the stability cut-off, and solve_4
// at four empties. Cheaper per node than the table-driven engine,
// which pays a probe and move ordering per node.
//
// Contract: as last_empties.h (fail-soft, any window, exact scores with the
// empties to the winner). `solve_leaf` accepts 0..8 empties; the engine calls it at
// kShallowMaxEmpties or fewer.
#pragma once

#include <cstdint>

#include "games/reversi_kernel.h"
#include "src/search/reversi/board_geometry.h"
#include "src/search/reversi/final_score.h"
#include "src/search/reversi/last_empties.h"
#include "src/search/reversi/parity.h"
#include "src/search/reversi/stability_cutoff.h"

namespace gsolve::reversi {

inline constexpr int kShallowMaxEmpties = 7;

namespace detail {

template <const BoardGeometry& G, int N>
int shallow(u64 own, u64 opp, u64 empty, int alpha, int beta, bool passed, std::uint64_t& nodes) {
  if constexpr (N <= 4) {
    return solve_few<G, N>(own, opp, empty, alpha, beta, passed, nodes);
  } else {
    ++nodes;
    const u64 moves = legal_moves(own, opp) & empty;
    if (!moves) {
      if (passed) return final_score(own, opp, N);
      return -shallow<G, N>(opp, own, empty, -beta, -alpha, true, nodes);
    }
    int bound;
    if (stability_cutoff(own, opp, N, G, alpha, &bound)) return bound;
    int best = -1000;
    const u64 odd = odd_quadrants(empty, G);
    u64 rest = moves;
    for (int round = 0; rest; ++round) {  // odd quadrants first, each by the board's square tiers
      u64 todo = rest & (round < 5 ? odd : ~odd) & G.tiers[round % 5];
      rest &= ~todo;
      while (todo) {
        const int sq = __builtin_ctzll(todo);
        todo &= todo - 1;
        const u64 bit = u64{1} << sq;
        const u64 f = flips(own, opp, sq);
        const int v = -shallow<G, N - 1>(opp & ~f, own | f | bit, empty & ~bit, -beta, -(alpha > best ? alpha : best),
                                         false, nodes);
        if (v > best) {
          best = v;
          if (v >= beta) return v;
        }
      }
    }
    return best;
  }
}

}  // namespace detail

// Exact search of a position with at most kShallowMaxEmpties empty squares
// (`empty`: the board's empty squares) on the board G.
template <const BoardGeometry& G>
int solve_leaf(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  switch (count(empty)) {
    case 0:
      ++nodes;
      return final_score(own, opp, 0);
    case 1:
      return solve_1(own, opp, __builtin_ctzll(empty), nodes);
    case 2:
      return detail::shallow<G, 2>(own, opp, empty, alpha, beta, false, nodes);
    case 3:
      return detail::shallow<G, 3>(own, opp, empty, alpha, beta, false, nodes);
    case 4:
      return detail::shallow<G, 4>(own, opp, empty, alpha, beta, false, nodes);
    case 5:
      return detail::shallow<G, 5>(own, opp, empty, alpha, beta, false, nodes);
    case 6:
      return detail::shallow<G, 6>(own, opp, empty, alpha, beta, false, nodes);
    case 7:
      return detail::shallow<G, 7>(own, opp, empty, alpha, beta, false, nodes);
    default:
      return detail::shallow<G, 8>(own, opp, empty, alpha, beta, false, nodes);
  }
}

// The same on reversi:NxN (N = 4, 6, 8).
inline int solve_leaf(int n, u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  switch (n) {
    case 4:
      return solve_leaf<kBoard4>(own, opp, empty, alpha, beta, nodes);
    case 6:
      return solve_leaf<kBoard6>(own, opp, empty, alpha, beta, nodes);
    default:
      return solve_leaf<kBoard8>(own, opp, empty, alpha, beta, nodes);
  }
}

}  // namespace gsolve::reversi
