// The exact score of a finished reversi game, from the side to move's view:
// own discs - opponent discs, the empty squares given to the winner (none on a
// tie). DESIGN.md's scored rule; scores are in [-64, 64] on 8x8.
#pragma once

#include "games/reversi_kernel.h"

namespace gsolve::reversi {

// `empties`: the number of empty squares left on the board.
inline int final_score(u64 own, u64 opp, int empties) {
  const int d = count(own) - count(opp);
  return d > 0 ? d + empties : d < 0 ? d - empties : 0;
}

}  // namespace gsolve::reversi
