// Parity ordering for the last empties: in a region (quadrant) holding an odd
// number of empty squares, the side to move is likely to get the last move,
// so moves there are tried first (Edax's quadrant parity). The quadrants are
// the board's own (board_geometry.h): 4x4 on 8x8, 3x3 on 6x6.
#pragma once

#include "games/reversi_kernel.h"
#include "src/search/reversi/board_geometry.h"

namespace gsolve::reversi {

// The squares of every quadrant holding an odd number of the squares of `empty`.
inline u64 odd_quadrants(u64 empty, const BoardGeometry& g) {
  u64 m = 0;
  for (const u64 q : g.quadrants) m |= (count(empty & q) & 1) ? q : 0;
  return m;
}

}  // namespace gsolve::reversi
