// The number of discs flipped by a move on the last empty square of a board
// (every other square of the board holds a disc): counted from the mover's
// discs alone, without making the board. With BMI2, each of the four lines
// through the square is gathered into a byte (pext) and a table gives the
// count on it; otherwise the flips are computed and counted.
#pragma once

#include <array>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "games/reversi_kernel.h"
#include "src/search/reversi/board_geometry.h"

namespace gsolve::reversi {

namespace detail {

// The four lines (row, column, both diagonals) through each square of the
// board G, restricted to the board, and the square's place on each (its
// index among the line's bits, which pext keeps in order) as the offset of
// that place's row in LineFlips.
struct LastFlipLines {
  std::array<std::array<u64, 4>, 64> mask{};
  std::array<std::array<std::uint16_t, 4>, 64> row{};
  constexpr explicit LastFlipLines(const BoardGeometry& g) {
    constexpr int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
    for (int sq = 0; sq < 64; ++sq)
      for (int d = 0; d < 4; ++d) {
        u64 m = 0;
        for (int s = -7; s <= 7; ++s) {
          const int r = sq / 8 + s * dr[d], c = sq % 8 + s * dc[d];
          if (r >= 0 && r < 8 && c >= 0 && c < 8) m |= u64{1} << (r * 8 + c);
        }
        m &= g.board;
        mask[sq][d] = m;
        int below = 0;
        for (int b = 0; b < sq; ++b) below += static_cast<int>((m >> b) & 1);
        row[sq][d] = static_cast<std::uint16_t>(below * 256);
      }
  }
};

template <const BoardGeometry& G>
inline constexpr LastFlipLines kLastFlipLines{G};

// count[p * 256 + own]: discs flipped on a line of at most 8 squares by a move
// at place p, `own` the mover's discs on it and every other square of the
// line the opponent's. Places beyond a shorter line read as 0 and end no run.
struct LineFlips {
  std::array<std::uint8_t, 8 * 256> count{};
  constexpr LineFlips() {
    for (int p = 0; p < 8; ++p)
      for (int own = 0; own < 256; ++own) {
        int n = 0;
        for (int j = p - 1; j >= 0; --j)
          if ((own >> j) & 1) {
            n += p - 1 - j;
            break;
          }
        for (int j = p + 1; j < 8; ++j)
          if ((own >> j) & 1) {
            n += j - p - 1;
            break;
          }
        count[p * 256 + own] = static_cast<std::uint8_t>(n);
      }
  }
};
inline constexpr LineFlips kLineFlips{};

}  // namespace detail

// Discs `own` flips by playing on `sq`, the board G's only empty square
// (all of the board's other squares not in `own` are the opponent's).
template <const BoardGeometry& G>
inline int last_flip_count(u64 own, int sq) {
#if defined(__BMI2__)
  const auto& mask = detail::kLastFlipLines<G>.mask[sq];
  const auto& row = detail::kLastFlipLines<G>.row[sq];
  const auto& n = detail::kLineFlips.count;
  return n[row[0] + _pext_u64(own, mask[0])] + n[row[1] + _pext_u64(own, mask[1])] +
         n[row[2] + _pext_u64(own, mask[2])] + n[row[3] + _pext_u64(own, mask[3])];
#else
  const u64 bit = u64{1} << sq;
  return count(flips(own, G.board & ~own & ~bit, sq));
#endif
}

}  // namespace gsolve::reversi
