// Positions near the start are searched in a canonical orientation: the least
// (own, opp) of their 8 images under the board's dihedral group. The score is
// the same in every image (the rules know no orientation; the colours of the
// centre matter for reachability only), so the table shares one entry among a
// position's images and a node's symmetric children (the start's four first
// moves, say) become one child, searched once.
//
// Symmetric positions all but vanish after the first plies, and the 16
// transforms cost about as much as a node, so only positions with at most
// kCanonicalMaxDiscs discs are turned (8x8 endgames never are). Turning also
// changes which of equally ordered moves is tried first: on 20 random 6x6
// positions of 22 empties (r6x6-22.obf) it costs 29.1M nodes against 26.7M;
// on a symmetric one it saves 41% (and 29% of the remoteness phase). Turning
// only up to 12 discs, and at symmetric nodes up to 28 discs searching one
// move of each set of equivalent ones, kept r6x6-22 at 26.7M but doubled the
// remoteness phase's nodes (its probes hit the table in canonical orientation).
#pragma once

#include "games/reversi_kernel.h"

namespace gsolve::reversi {

inline constexpr int kCanonicalMaxDiscs = 20;

// Turns (own, opp) into its least image among the 8 of the n x n board.
inline void canonicalise(u64& own, u64& opp, int n) {
  u64 best_own = own, best_opp = opp;
  for (int s = 1; s < 8; ++s) {
    const u64 o = transform(own, s, n);
    if (o > best_own) continue;
    const u64 p = transform(opp, s, n);
    if (o < best_own || p < best_opp) best_own = o, best_opp = p;
  }
  own = best_own;
  opp = best_opp;
}

// (own, opp) as the search keeps it: canonical near the start, else as is.
inline void search_orientation(u64& own, u64& opp, int n) {
  if (count(own | opp) <= kCanonicalMaxDiscs) canonicalise(own, opp, n);
}

}  // namespace gsolve::reversi
