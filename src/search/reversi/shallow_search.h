// Alpha-beta for the few empties above the last-four solvers (Edax's
// NWS_shallow idea): no table, no move list, a move tried on each empty square
// in parity order (odd quadrants first; in each, corners first and X squares
// last: board_geometry.h's tiers) and legal when it flips something, the
// stability cut-off, and solve_4 at four empties; null windows (MTD(f)'s)
// by nws_shallow, which keeps no window. Cheaper per node than the
// table-driven engine, which pays a probe and move ordering per node.
//
// Contract: as last_empties.h (fail-soft, any window, exact scores with the
// empties to the winner). `solve_leaf` accepts 0..8 empties; the engine calls it at
// kShallowMaxEmpties or fewer.
#pragma once

#include <array>
#include <cstdint>

#include "games/reversi_kernel.h"
#include "src/search/reversi/board_geometry.h"
#include "src/search/reversi/final_score.h"
#include "src/search/reversi/last_empties.h"
#include "src/search/reversi/stability_cutoff.h"

namespace gsolve::reversi {

inline constexpr int kShallowMaxEmpties = 7;

namespace detail {

// Below: the solver of any window at N empties.
template <const BoardGeometry& G, int N>
int shallow(u64 own, u64 opp, const std::array<int, N>& squares, Parity parity, int alpha, int beta, bool passed,
            std::uint64_t& nodes);

// Null-window search (beta = alpha + 1, MTD(f)'s only window) of N = 5..8
// empties `s` (by rank; `parity`: their quadrants'): shallow_window's moves,
// order, results and node counts without its window's upkeep. kPassed: the
// previous ply was a pass.
template <const BoardGeometry& G, int N, bool kPassed = false>
int nws_shallow(u64 own, u64 opp, const std::array<int, N>& s, Parity parity, int alpha, std::uint64_t& nodes) {
  ++nodes;
  if (int bound; stability_cutoff(own, opp, N, G, alpha, &bound)) return bound;
  int best = -1000;
  // The move on s[i]; true on a cut-off.
  const auto cut = [&](int i) __attribute__((always_inline)) {
    const int sq = s[i];
    const u64 f = flips_if_adjacent(own, opp, sq);
    if (!f) return false;
    const u64 child_own = opp & ~f, child_opp = own | f | (u64{1} << sq);
    const Parity child_parity = parity ^ quadrant_squares<G>(sq);
    int v;
    if constexpr (N == 5)
      v = -nws_4<G>(child_own, child_opp, squares_but<N>(s, i), child_parity, -alpha - 1, nodes);
    else
      v = -nws_shallow<G, N - 1>(child_own, child_opp, squares_but<N>(s, i), child_parity, -alpha - 1, nodes);
    if (v > best) best = v;
    return v > alpha;
  };
  const unsigned odd = odd_indices<N>(s, parity);
  for (unsigned todo = odd; todo; todo &= todo - 1)
    if (cut(__builtin_ctz(todo))) return best;
  for (unsigned todo = ((1u << N) - 1) & ~odd; todo; todo &= todo - 1)
    if (cut(__builtin_ctz(todo))) return best;
  if (best != -1000) return best;
  if constexpr (kPassed)
    return final_score(own, opp, N);  // neither side can move: the game is over
  else
    return -nws_shallow<G, N, true>(opp, own, s, parity, -alpha - 1, nodes);
}

// Any window at N = 5.. empties `squares` (by rank; `parity`: their
// quadrants', last_empties.h); the children through shallow.
template <const BoardGeometry& G, int N>
int shallow_window(u64 own, u64 opp, const std::array<int, N>& squares, Parity parity, int alpha, int beta, bool passed,
                   std::uint64_t& nodes) {
  ++nodes;
  // The stability cut-off bounds the score whoever moves next (a pass too).
  if (int bound; stability_cutoff(own, opp, N, G, alpha, &bound)) return bound;
  int best = -1000;
  for_each_in_parity_order<G, N>(squares, parity, [&](int i) {
    const int sq = squares[i];
    const u64 f = flips_if_adjacent(own, opp, sq);
    if (!f) return false;
    const u64 bit = u64{1} << sq;
    const int v =
        -shallow<G, N - 1>(opp & ~f, own | f | bit, squares_but<N>(squares, i), parity ^ quadrant_squares<G>(sq), -beta,
                           -(alpha > best ? alpha : best), false, nodes);
    if (v > best) best = v;
    return v >= beta;
  });
  if (best != -1000) return best;
  if (passed) return final_score(own, opp, N);
  return -shallow_window<G, N>(opp, own, squares, parity, -beta, -alpha, true, nodes);
}

// N empties `squares` (by rank; `parity`: their quadrants'): the null-window
// solvers where beta = alpha + 1, else the window solvers.
template <const BoardGeometry& G, int N>
int shallow(u64 own, u64 opp, const std::array<int, N>& squares, Parity parity, int alpha, int beta, bool passed,
            std::uint64_t& nodes) {
  if constexpr (N <= 4)
    return solve_list<G, N>(own, opp, squares, parity, alpha, beta, passed, nodes);
  else if (beta != alpha + 1)
    return shallow_window<G, N>(own, opp, squares, parity, alpha, beta, passed, nodes);
  else
    return passed ? nws_shallow<G, N, true>(own, opp, squares, parity, alpha, nodes)
                  : nws_shallow<G, N>(own, opp, squares, parity, alpha, nodes);
}

// The same from the board's empty squares (N = 5.. of them).
template <const BoardGeometry& G, int N>
int shallow_empties(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  Parity parity;
  const std::array<int, N> s = empty_squares<G, N>(empty, parity);
  return shallow<G, N>(own, opp, s, parity, alpha, beta, false, nodes);
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
      return solve_1<G>(own, __builtin_ctzll(empty), alpha, nodes);
    case 2:
      return solve_2<G>(own, opp, empty, alpha, beta, nodes);
    case 3:
      return solve_3<G>(own, opp, empty, alpha, beta, nodes);
    case 4:
      return solve_4<G>(own, opp, empty, alpha, beta, nodes);
    case 5:
      return detail::shallow_empties<G, 5>(own, opp, empty, alpha, beta, nodes);
    case 6:
      return detail::shallow_empties<G, 6>(own, opp, empty, alpha, beta, nodes);
    case 7:
      return detail::shallow_empties<G, 7>(own, opp, empty, alpha, beta, nodes);
    default:
      return detail::shallow_empties<G, 8>(own, opp, empty, alpha, beta, nodes);
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
