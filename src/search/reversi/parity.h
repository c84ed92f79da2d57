// Parity ordering for the last empties: in a region (quadrant) holding an odd
// number of empty squares, the side to move is likely to get the last move,
// so moves there are tried first (Edax's quadrant parity).
//
// The quadrants are those of the 8x8 frame (4x4 each). On smaller boards in the
// corner of the frame they are not the board's own quadrants: the order is a
// little worse there, never wrong.
#pragma once

#include "games/reversi_kernel.h"

namespace gsolve::reversi {

inline constexpr u64 kQuadrants[4] = {0x000000000F0F0F0Full, 0x00000000F0F0F0F0ull, 0x0F0F0F0F00000000ull,
                                      0xF0F0F0F000000000ull};

// The squares of every quadrant holding an odd number of the squares of `empty`.
inline u64 odd_quadrants(u64 empty) {
  u64 m = 0;
  for (const u64 q : kQuadrants) m |= (count(empty & q) & 1) ? q : 0;
  return m;
}

}  // namespace gsolve::reversi
