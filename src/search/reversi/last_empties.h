// Exact solvers for the last 1..4 empty squares: no table, no legal-move
// generation. The empty squares come as a list; a move is tried on each in
// parity order (odd quadrants first, then by the board's square tiers:
// SquareOrder) and is legal when it flips something, which is cheaper than
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
int solve_1(u64 own, int sq, int alpha, std::uint64_t& nodes) {
  ++nodes;
  const int diff = 2 * count(own) - (G.squares - 1);  // own - opp; odd, as squares - 1 discs are down
  if (const int n = last_flip_count<G>(own, sq)) return diff + 2 * n + 1;
  const int end = diff > 0 ? diff + 1 : diff - 1;  // nobody moves; the opponent's move scores less
  if (end <= alpha) return end;
  if (const int n = last_flip_count<G>(G.board & ~own & ~(u64{1} << sq), sq)) return diff - 2 * n - 1;
  return end;
}

namespace detail {

// The order of the leaf solvers, as keys sorted ascending: a square's rank
// (board_geometry.h, its tier then its index), plus 512 when its quadrant
// holds an even number of empties. `parity`: bit q set when quadrant q holds
// an odd number. The square is key & 63.
template <const BoardGeometry& G>
inline unsigned order_key(int sq, unsigned parity) {
  return G.leaf_rank[sq] + (((parity >> G.quadrant_of[sq]) & 1) ? 0u : 512u);
}

template <int N>
inline void sort_keys(std::array<unsigned, N>& k) {
  const auto order = [&k](int i, int j) {
    const unsigned a = k[i], b = k[j];
    k[i] = a < b ? a : b;
    k[j] = a < b ? b : a;
  };
  if constexpr (N == 2) {
    order(0, 1);
  } else if constexpr (N == 3) {
    order(1, 2), order(0, 2), order(0, 1);
  } else if constexpr (N == 4) {
    order(0, 1), order(2, 3), order(0, 2), order(1, 3), order(1, 2);
  } else {
    for (int i = 1; i < N; ++i)
      for (int j = i; j > 0 && k[j - 1] > k[j]; --j) order(j - 1, j);
  }
}

// The keys of the N squares of `squares` in the order they are tried.
template <const BoardGeometry& G, int N>
inline std::array<unsigned, N> square_order(const std::array<int, N>& squares, unsigned parity) {
  std::array<unsigned, N> k;
  for (int i = 0; i < N; ++i) k[i] = order_key<G>(squares[i], parity);
  sort_keys<N>(k);
  return k;
}

// The squares of keys k but k[skip].
template <int N>
inline std::array<int, N - 1> squares_but(const std::array<unsigned, N>& k, int skip) {
  std::array<int, N - 1> s;
  for (int i = 0, j = 0; i < N; ++i)
    if (i != skip) s[j++] = static_cast<int>(k[i] & 63);
  return s;
}

// The bit of the quadrant holding sq in a parity mask.
template <const BoardGeometry& G>
inline unsigned quadrant_bit(int sq) {
  return 1u << G.quadrant_of[sq];
}

// The squares of `empty` (N of them) and their quadrants' parity.
template <const BoardGeometry& G, int N>
inline std::array<int, N> empty_squares(u64 empty, unsigned& parity) {
  std::array<int, N> s;
  parity = 0;
  for (int i = 0; i < N; ++i, empty &= empty - 1) {
    s[i] = __builtin_ctzll(empty);
    parity ^= quadrant_bit<G>(s[i]);
  }
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

// N = 3..4 empties `squares`, `parity` their quadrants'.
template <const BoardGeometry& G, int N>
int solve_few(u64 own, u64 opp, const std::array<int, N>& squares, unsigned parity, int alpha, int beta, bool passed,
              std::uint64_t& nodes) {
  ++nodes;
  int best = -1000;
  const std::array<unsigned, N> k = square_order<G, N>(squares, parity);
  for (int i = 0; i < N; ++i) {
    const int sq = static_cast<int>(k[i] & 63);
    const u64 f = flips_if_adjacent(own, opp, sq);
    if (!f) continue;
    const u64 bit = u64{1} << sq;
    const int a = -beta, b = -(alpha > best ? alpha : best);
    int v;
    if constexpr (N == 3) {
      // The other two by rank (their quadrants' parity is the same at two empties).
      const unsigned r1 = k[i == 0 ? 1 : 0] & 511, r2 = k[i == 2 ? 1 : 2] & 511;
      const int x1 = static_cast<int>((r1 < r2 ? r1 : r2) & 63), x2 = static_cast<int>((r1 < r2 ? r2 : r1) & 63);
      v = -solve_2<G>(opp & ~f, own | f | bit, x1, x2, a, b, false, nodes);
    } else {
      v = -solve_few<G, N - 1>(opp & ~f, own | f | bit, squares_but<N>(k, i), parity ^ quadrant_bit<G>(sq), a, b, false,
                               nodes);
    }
    if (v > best) {
      best = v;
      if (v >= beta) return v;
    }
  }
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
    const bool swap = G.leaf_rank[s[1]] < G.leaf_rank[s[0]];
    return solve_2<G>(own, opp, s[swap ? 1 : 0], s[swap ? 0 : 1], alpha, beta, false, nodes);
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
