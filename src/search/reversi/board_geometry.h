// The board's own geometry for the endgame heuristics (move ordering, parity,
// stability): which squares are its corners, edges, interior and quadrants.
// An N x N board sits in the top-left corner of the 8x8 frame
// (games/reversi_kernel.h); its corners are a1, the N-th square of row 1, and
// so on, not the frame's. For N = 8 every mask is the classic 8x8 one, so the
// 8x8 search is unchanged; for 6x6 the heuristics now see 6x6's corners,
// edges and 3x3 quadrants instead of the frame's.
#pragma once

#include <array>
#include <cstdint>

#include "games/reversi_kernel.h"

namespace gsolve::reversi {

struct BoardGeometry {
  int size = 0;       // N
  int squares = 0;    // N * N
  u64 board = 0;      // the board's squares
  u64 off_board = 0;  // the frame's other squares (looking for full lines, they count as filled)
  u64 corners = 0;
  // The corners on column a, on the last column, on row 1, on the last row.
  u64 corners_first_column = 0, corners_last_column = 0, corners_first_row = 0, corners_last_row = 0;
  u64 central = 0;                      // squares on no edge of the board
  u64 inner_columns = 0;                // the board's squares off its first and last columns
  std::array<u64, 4> quadrants{};       // N/2 x N/2 each (parity)
  std::array<u64, 64> quadrant_mask{};  // per square of the board: its quadrant's squares
  std::array<int, 64> square_value{};   // Weill's square types, the 8x8 table mapped onto N x N
  // The board's squares in five tiers by square_value, the leaf solvers' order
  // within a parity class: corners, A/B/D/E squares, the rest, C squares, X
  // squares (every square of the board in exactly one tier).
  std::array<u64, 5> tiers{};
};

constexpr BoardGeometry make_board_geometry(int n) {
  // Jean-Christophe Weill's square values on 8x8 (as in Edax): corners best, X/C squares worst.
  constexpr int kValue8[64] = {
      18, 4, 16, 12, 12, 16, 4, 18,  //
      4,  2, 6,  8,  8,  6,  2, 4,   //
      16, 6, 14, 10, 10, 14, 6, 16,  //
      12, 8, 10, 0,  0,  10, 8, 12,  //
      12, 8, 10, 0,  0,  10, 8, 12,  //
      16, 6, 14, 10, 10, 14, 6, 16,  //
      4,  2, 6,  8,  8,  6,  2, 4,   //
      18, 4, 16, 12, 12, 16, 4, 18,
  };
  BoardGeometry g;
  g.size = n;
  g.squares = n * n;
  g.board = board_mask(n);
  g.off_board = ~g.board;
  const int last = n - 1, half = n / 2;
  const auto bit = [](int r, int c) { return u64{1} << (r * 8 + c); };
  // A row or column of the N-board read as the 8x8 one at the same distance from its nearer edge.
  const auto as8 = [&](int x) { return x < half ? x : x + 8 - n; };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const u64 b = bit(r, c);
      if (r > 0 && r < last && c > 0 && c < last) g.central |= b;
      if (c > 0 && c < last) g.inner_columns |= b;
      g.quadrants[(r < half ? 0 : 2) + (c < half ? 0 : 1)] |= b;
      g.square_value[r * 8 + c] = kValue8[as8(r) * 8 + as8(c)];
      const int v = g.square_value[r * 8 + c];
      const int tier = v == 18 ? 0 : v >= 10 ? 1 : (v >= 5 || v == 0) ? 2 : v == 4 ? 3 : 4;
      g.tiers[tier] |= b;
    }
  for (const u64 q : g.quadrants)
    for (u64 m = q; m; m &= m - 1) g.quadrant_mask[__builtin_ctzll(m)] = q;
  g.corners_first_column = bit(0, 0) | bit(last, 0);
  g.corners_last_column = bit(0, last) | bit(last, last);
  g.corners_first_row = bit(0, 0) | bit(0, last);
  g.corners_last_row = bit(last, 0) | bit(last, last);
  g.corners = g.corners_first_column | g.corners_last_column;
  return g;
}

inline constexpr BoardGeometry kBoard4 = make_board_geometry(4);
inline constexpr BoardGeometry kBoard6 = make_board_geometry(6);
inline constexpr BoardGeometry kBoard8 = make_board_geometry(8);

// The geometry of reversi:NxN (N = 4, 6 or 8).
constexpr const BoardGeometry& board_geometry(int n) { return n == 4 ? kBoard4 : n == 6 ? kBoard6 : kBoard8; }

static_assert(kBoard8.corners == 0x8100000000000081ull && kBoard8.central == 0x007E7E7E7E7E7E00ull &&
              kBoard8.inner_columns == 0x7E7E7E7E7E7E7E7Eull && kBoard8.off_board == 0 &&
              kBoard8.quadrants[0] == 0x000000000F0F0F0Full && kBoard8.quadrants[3] == 0xF0F0F0F000000000ull);
static_assert(kBoard6.corners == ((u64{1} << 0) | (u64{1} << 5) | (u64{1} << 40) | (u64{1} << 45)));

}  // namespace gsolve::reversi
