// Exact solvers for the last 1..4 empty squares: no table, no legal-move
// generation. The empty squares come as a list; a move is tried on each in
// parity order (odd quadrants first, then by the board's square tiers) and is
// legal when it flips something, which is cheaper than
// generating the legal moves this close to the end. The last square's flips
// are only counted (last_flip.h).
//
// Contract (fail-soft alpha-beta, any alpha < beta): with v the exact score
// of (own to move, opp) and r the result, alpha < r < beta -> r == v;
// r <= alpha -> v <= r; r >= beta -> v >= r. Scores: DESIGN.md's rule, own -
// opp with the empties to the winner (final_score.h). `nodes` counts every
// position visited (the one solved and each child, passes included).
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "games/reversi_kernel.h"
#include "src/search/reversi/board_geometry.h"
#include "src/search/reversi/final_score.h"
#include "src/search/reversi/last_flip.h"

namespace gsolve::reversi {

// One empty square `sq`, every other square of the board G taken: the score
// of own to move (own plays there if it can, else the opponent does, else the
// game ends with one empty square). Fail-soft against `alpha` alone: when own
// cannot move, a result <= alpha may be the bound of the game's end before
// the opponent's flips are counted.
template <const BoardGeometry& G>
[[gnu::always_inline]] inline int solve_1(u64 own, int sq, int alpha, std::uint64_t& nodes) {
  ++nodes;
  const int diff = 2 * count(own) - (G.squares - 1);  // own - opp; odd, as squares - 1 discs are down
  if (const int n = last_flip_count<G>(own, sq)) return diff + 2 * n + 1;
  const int end = diff > 0 ? diff + 1 : diff - 1;  // nobody moves; the opponent's move scores less
  if (end <= alpha) return end;
  if (const int n = last_flip_count<G>(G.board & ~own & ~(u64{1} << sq), sq)) return diff - 2 * n - 1;
  return end;
}

namespace detail {

// The squares of a node are listed by rank (board_geometry.h: the square's
// tier, then its index), a list that stays sorted when a square is taken out;
// the moves are tried on the squares of odd quadrants first, each part in
// list order.
template <const BoardGeometry& G, int N>
inline void sort_by_rank(std::array<int, N>& s) {
  for (int i = 1; i < N; ++i)
    for (int j = i; j > 0 && G.leaf_rank[s[j - 1]] > G.leaf_rank[s[j]]; --j) std::swap(s[j - 1], s[j]);
}

// Bit i set when square s[i] is in a quadrant with an odd number of empties
// (`parity`: bit q set when quadrant q has).
template <const BoardGeometry& G, int N>
inline unsigned odd_indices(const std::array<int, N>& s, unsigned parity) {
  unsigned m = 0;
  for (int i = 0; i < N; ++i) m |= ((parity >> G.quadrant_of[s[i]]) & 1u) << i;
  return m;
}

// The list s but s[skip].
template <int N>
inline std::array<int, N - 1> squares_but(const std::array<int, N>& s, int skip) {
  std::array<int, N - 1> r;
  for (int i = 0, j = 0; i < N; ++i)
    if (i != skip) r[j++] = s[i];
  return r;
}

// Calls try_move(i) for the indices of s in parity order (odd quadrants
// first, list order in each) until it returns true (a cut-off).
template <const BoardGeometry& G, int N, class F>
inline void for_each_in_parity_order(const std::array<int, N>& s, unsigned parity, F&& try_move) {
  const unsigned odd = odd_indices<G, N>(s, parity);
  for (unsigned todo = odd; todo; todo &= todo - 1)
    if (try_move(__builtin_ctz(todo))) return;
  for (unsigned todo = ((1u << N) - 1) & ~odd; todo; todo &= todo - 1)
    if (try_move(__builtin_ctz(todo))) return;
}

// The bit of the quadrant holding sq in a parity mask.
template <const BoardGeometry& G>
inline unsigned quadrant_bit(int sq) {
  return 1u << G.quadrant_of[sq];
}

// The squares of `empty` (N of them) by rank, and their quadrants' parity.
template <const BoardGeometry& G, int N>
inline std::array<int, N> empty_squares(u64 empty, unsigned& parity) {
  std::array<int, N> s;
  parity = 0;
  for (int i = 0; i < N; ++i, empty &= empty - 1) {
    s[i] = __builtin_ctzll(empty);
    parity ^= quadrant_bit<G>(s[i]);
  }
  sort_by_rank<G, N>(s);
  return s;
}

// Two empties x1, x2, tried in this order (the parity of both is the same,
// so by rank alone). `passed`: the previous ply was a pass (two passes end
// the game).
template <const BoardGeometry& G>
int solve_2(u64 own, u64 opp, int x1, int x2, int alpha, int beta, bool passed, std::uint64_t& nodes) {
  ++nodes;
  int best = -1000;
  if (const u64 f = flips_if_adjacent(own, opp, x1)) {
    best = -solve_1<G>(opp & ~f, x2, -beta, nodes);
    if (best >= beta) return best;
  }
  if (const u64 f = flips_if_adjacent(own, opp, x2)) {
    const int v = -solve_1<G>(opp & ~f, x1, -beta, nodes);
    if (v > best) best = v;
  }
  if (best != -1000) return best;
  if (passed) return final_score(own, opp, 2);  // neither side can move: the game is over
  return -solve_2<G>(opp, own, x1, x2, -beta, -alpha, true, nodes);
}

// N = 3..4 empties `squares` (by rank), `parity` their quadrants'.
template <const BoardGeometry& G, int N>
int solve_few(u64 own, u64 opp, const std::array<int, N>& squares, unsigned parity, int alpha, int beta, bool passed,
              std::uint64_t& nodes) {
  ++nodes;
  int best = -1000;
  for_each_in_parity_order<G, N>(squares, parity, [&](int i) {
    const int sq = squares[i];
    const u64 f = flips_if_adjacent(own, opp, sq);
    if (!f) return false;
    const u64 bit = u64{1} << sq;
    const std::array<int, N - 1> rest = squares_but<N>(squares, i);
    int v;
    if constexpr (N == 3)
      v = -solve_2<G>(opp & ~f, own | f | bit, rest[0], rest[1], -beta, -(alpha > best ? alpha : best), false, nodes);
    else
      v = -solve_few<G, N - 1>(opp & ~f, own | f | bit, rest, parity ^ quadrant_bit<G>(sq), -beta,
                               -(alpha > best ? alpha : best), false, nodes);
    if (v > best) best = v;
    return v >= beta;
  });
  if (best != -1000) return best;
  if (passed) return final_score(own, opp, N);  // neither side can move: the game is over
  return -solve_few<G, N>(opp, own, squares, parity, -beta, -alpha, true, nodes);
}

// The same from the board's empty squares (N of them).
template <const BoardGeometry& G, int N>
int solve_empties(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  unsigned parity;
  const std::array<int, N> s = empty_squares<G, N>(empty, parity);
  if constexpr (N == 2) {
    return solve_2<G>(own, opp, s[0], s[1], alpha, beta, false, nodes);
  } else {
    return solve_few<G, N>(own, opp, s, parity, alpha, beta, false, nodes);
  }
}

}  // namespace detail

template <const BoardGeometry& G>
int solve_2(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  return detail::solve_empties<G, 2>(own, opp, empty, alpha, beta, nodes);
}
template <const BoardGeometry& G>
int solve_3(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  return detail::solve_empties<G, 3>(own, opp, empty, alpha, beta, nodes);
}
template <const BoardGeometry& G>
int solve_4(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  return detail::solve_empties<G, 4>(own, opp, empty, alpha, beta, nodes);
}

}  // namespace gsolve::reversi
