// Exact solvers for the last 1..4 empty squares: no table, no legal-move
// generation. The empty squares come as a list; a move is tried on each in
// parity order (odd quadrants first, then by the board's square tiers) and is
// legal when it flips something, which is cheaper than
// generating the legal moves this close to the end. The last square's flips
// are only counted (last_flip.h). At four empties the stability cut-off
// (stability_cutoff.h) comes first.
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
#include "src/search/reversi/stability_cutoff.h"

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

// The parity of a node's empties: the squares of the quadrants with an odd
// number of empties (a mask, so a square's test is a shift, not a table load).
using Parity = u64;

// Whether square sq is in a quadrant with an odd number of empties.
inline bool is_odd(Parity parity, int sq) { return (parity >> sq) & 1; }

// Bit i set when square s[i] is in a quadrant with an odd number of empties.
template <int N>
inline unsigned odd_indices(const std::array<int, N>& s, Parity parity) {
  unsigned m = 0;
  for (int i = 0; i < N; ++i) m |= static_cast<unsigned>((parity >> s[i]) & 1) << i;
  return m;
}

// The list s but s[skip].
template <int N>
inline std::array<int, N - 1> squares_but(const std::array<int, N>& s, int skip) {
  std::array<int, N - 1> r;
  for (int j = 0; j < N - 1; ++j) r[j] = s[j + (j >= skip)];
  return r;
}

// Calls try_move(i) for the indices of s in parity order (odd quadrants
// first, list order in each) until it returns true (a cut-off).
template <const BoardGeometry& G, int N, class F>
inline void for_each_in_parity_order(const std::array<int, N>& s, Parity parity, F&& try_move) {
  const unsigned odd = odd_indices<N>(s, parity);
  for (unsigned todo = odd; todo; todo &= todo - 1)
    if (try_move(__builtin_ctz(todo))) return;
  for (unsigned todo = ((1u << N) - 1) & ~odd; todo; todo &= todo - 1)
    if (try_move(__builtin_ctz(todo))) return;
}

// The squares of the quadrant holding sq: a move there flips that quadrant's parity.
template <const BoardGeometry& G>
inline Parity quadrant_squares(int sq) {
  return G.quadrant_mask[sq];
}

// The squares of `empty` (N of them) by rank, and their quadrants' parity:
// tier by tier, each in index order, so no sort.
template <const BoardGeometry& G, int N>
inline std::array<int, N> empty_squares(u64 empty, Parity& parity) {
  std::array<int, N> s{};
  parity = 0;
  int i = 0;
  for (const u64 tier : G.tiers)
    for (u64 m = empty & tier; m && i < N; m &= m - 1, ++i) {
      s[i] = __builtin_ctzll(m);
      parity ^= quadrant_squares<G>(s[i]);
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

// The stability cut-off at four empties (Edax's), on 8x8 only: there the
// opponent needs 29 stable discs of 60; the threshold shifted to a smaller
// board would try it at nearly every node for a bound that seldom cuts.
template <const BoardGeometry& G>
inline bool stability_cutoff_4(u64 own, u64 opp, int alpha, int* bound) {
  if constexpr (G.size == 8)
    return stability_cutoff(own, opp, 4, G, alpha, bound);
  else
    return false;
}

// N = 3..4 empties `squares` (by rank), `parity` their quadrants'.
template <const BoardGeometry& G, int N>
int solve_few(u64 own, u64 opp, const std::array<int, N>& squares, Parity parity, int alpha, int beta, bool passed,
              std::uint64_t& nodes) {
  ++nodes;
  if constexpr (N == 4)
    if (int bound; stability_cutoff_4<G>(own, opp, alpha, &bound)) return bound;
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
      v = -solve_few<G, N - 1>(opp & ~f, own | f | bit, rest, parity ^ quadrant_squares<G>(sq), -beta,
                               -(alpha > best ? alpha : best), false, nodes);
    if (v > best) best = v;
    return v >= beta;
  });
  if (best != -1000) return best;
  if (passed) return final_score(own, opp, N);  // neither side can move: the game is over
  return -solve_few<G, N>(opp, own, squares, parity, -beta, -alpha, true, nodes);
}

// Null-window solvers for 3 and 4 empties (beta = alpha + 1, MTD(f)'s only
// window): the moves, order, results and node counts of solve_few, with the
// squares in registers and the parity order found once per node. kPassed:
// the previous ply was a pass.

template <const BoardGeometry& G>
int nws_2_passed(u64 own, u64 opp, int x1, int x2, int alpha, std::uint64_t& nodes);

// x1, x2 by rank (as solve_2). Inlined in nws_3: a call costs a tenth of it.
template <const BoardGeometry& G, bool kPassed = false>
[[gnu::always_inline]] inline int nws_2(u64 own, u64 opp, int x1, int x2, int alpha, std::uint64_t& nodes) {
  ++nodes;
  int best = -1000;
  if (const u64 f = flips_if_adjacent(own, opp, x1)) {
    best = -solve_1<G>(opp & ~f, x2, -alpha - 1, nodes);
    if (best > alpha) return best;
  }
  if (const u64 f = flips_if_adjacent(own, opp, x2)) {
    const int v = -solve_1<G>(opp & ~f, x1, -alpha - 1, nodes);
    if (v > best) best = v;
  }
  if (best != -1000) return best;
  if constexpr (kPassed)
    return final_score(own, opp, 2);  // neither side can move: the game is over
  else
    return -nws_2_passed<G>(opp, own, x1, x2, -alpha - 1, nodes);
}

// nws_2 after a pass, not inlined (rare): each inlined copy of nws_2 stays half the size.
template <const BoardGeometry& G>
[[gnu::noinline]] int nws_2_passed(u64 own, u64 opp, int x1, int x2, int alpha, std::uint64_t& nodes) {
  return nws_2<G, true>(own, opp, x1, x2, alpha, nodes);
}

template <const BoardGeometry& G>
int nws_3_passed(u64 own, u64 opp, int x1, int x2, int x3, Parity parity, int alpha, std::uint64_t& nodes);

// kOddFirst4[m]: the indices 0..3, two bits each from the lowest, those set in
// m first, each part in order (the parity order of three or four squares).
inline constexpr std::array<std::uint8_t, 16> kOddFirst4 = [] {
  std::array<std::uint8_t, 16> t{};
  for (unsigned m = 0; m < 16; ++m) {
    unsigned order = 0, k = 0;
    for (unsigned pass = 0; pass < 2; ++pass)
      for (unsigned i = 0; i < 4; ++i)
        if (((m >> i) & 1u) != pass) order |= i << (2 * k++);
    t[m] = static_cast<std::uint8_t>(order);
  }
  return t;
}();

// x1 < x2 < x3 by rank, `parity` their quadrants'. Inlined in nws_4. The
// moves in kOddFirst4's order: three inlined copies of nws_2, not nine.
template <const BoardGeometry& G, bool kPassed = false>
[[gnu::always_inline]] inline int nws_3(u64 own, u64 opp, int x1, int x2, int x3, Parity parity, int alpha,
                                        std::uint64_t& nodes) {
  ++nodes;
  const int beta = alpha + 1;
  int best = -1000;
  // The move on the i-th square by rank (the other two by rank); true on a cut-off.
  const auto cut = [&](unsigned i) __attribute__((always_inline)) {
    const int sq = i == 0 ? x1 : i == 1 ? x2 : x3;
    const u64 f = flips_if_adjacent(own, opp, sq);
    if (!f) return false;
    const int v = -nws_2<G>(opp & ~f, own | f | (u64{1} << sq), i == 0 ? x2 : x1, i == 2 ? x2 : x3, -beta, nodes);
    if (v > best) best = v;
    return v >= beta;
  };
  // Three empties lie all in odd quadrants, or one does: that one first.
  const unsigned odd = static_cast<unsigned>(is_odd(parity, x1)) | static_cast<unsigned>(is_odd(parity, x2)) << 1 |
                       static_cast<unsigned>(is_odd(parity, x3)) << 2;
  const unsigned order = kOddFirst4[odd];
  if (cut(order & 3u) || cut((order >> 2) & 3u) || cut((order >> 4) & 3u)) return best;
  if (best != -1000) return best;
  if constexpr (kPassed)
    return final_score(own, opp, 3);  // neither side can move: the game is over
  else
    return -nws_3_passed<G>(opp, own, x1, x2, x3, parity, -beta, nodes);
}

// nws_3 after a pass, not inlined (rare).
template <const BoardGeometry& G>
[[gnu::noinline]] int nws_3_passed(u64 own, u64 opp, int x1, int x2, int x3, Parity parity, int alpha,
                                   std::uint64_t& nodes) {
  return nws_3<G, true>(own, opp, x1, x2, x3, parity, alpha, nodes);
}

// s: four squares by rank, `parity` their quadrants'.
template <const BoardGeometry& G, bool kPassed = false>
int nws_4(u64 own, u64 opp, const std::array<int, 4>& s, Parity parity, int alpha, std::uint64_t& nodes) {
  ++nodes;
  if (int bound; stability_cutoff_4<G>(own, opp, alpha, &bound)) return bound;
  const int beta = alpha + 1;
  int best = -1000;
  // The move on s[i] (the other three by rank below it); true on a cut-off.
  const auto cut = [&](unsigned i) __attribute__((always_inline)) {
    const int sq = s[i];
    const u64 f = flips_if_adjacent(own, opp, sq);
    if (!f) return false;
    const int v = -nws_3<G>(opp & ~f, own | f | (u64{1} << sq), s[i == 0], s[i <= 1 ? 2 : 1], s[i <= 2 ? 3 : 2],
                            parity ^ quadrant_squares<G>(sq), -beta, nodes);
    if (v > best) best = v;
    return v >= beta;
  };
  const unsigned order = kOddFirst4[odd_indices<4>(s, parity)];
  // A loop, not unrolled: one inlined copy of nws_3 keeps the leaf solvers' code in the instruction cache.
#pragma GCC unroll 1
  for (unsigned k = 0; k < 8; k += 2)
    if (cut((order >> k) & 3u)) return best;
  if (best != -1000) return best;
  if constexpr (kPassed)
    return final_score(own, opp, 4);  // neither side can move: the game is over
  else
    return -nws_4<G, true>(opp, own, s, parity, -beta, nodes);
}

// N = 3..4 empties by rank: the null-window solver where beta = alpha + 1, else solve_few.
template <const BoardGeometry& G, int N>
int solve_list(u64 own, u64 opp, const std::array<int, N>& s, Parity parity, int alpha, int beta, bool passed,
               std::uint64_t& nodes) {
  if (beta != alpha + 1) return solve_few<G, N>(own, opp, s, parity, alpha, beta, passed, nodes);
  if constexpr (N == 3)
    return passed ? nws_3<G, true>(own, opp, s[0], s[1], s[2], parity, alpha, nodes)
                  : nws_3<G>(own, opp, s[0], s[1], s[2], parity, alpha, nodes);
  else
    return passed ? nws_4<G, true>(own, opp, s, parity, alpha, nodes) : nws_4<G>(own, opp, s, parity, alpha, nodes);
}

// The same from the board's empty squares (N of them).
template <const BoardGeometry& G, int N>
int solve_empties(u64 own, u64 opp, u64 empty, int alpha, int beta, std::uint64_t& nodes) {
  Parity parity;
  const std::array<int, N> s = empty_squares<G, N>(empty, parity);
  if constexpr (N == 2) {
    return solve_2<G>(own, opp, s[0], s[1], alpha, beta, false, nodes);
  } else {
    return solve_list<G, N>(own, opp, s, parity, alpha, beta, false, nodes);
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
