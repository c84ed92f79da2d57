// Benson's unconditional life, extended to unconditional territory: points a
// colour keeps whatever the opponent does, used as static score bounds (MIGOS:
// it "reduced the depth where a proven full-board win is detected by at least
// 6 plies").
//
// Alive: the fixpoint of Benson's algorithm. Regions are the maximal connected
// sets of points without the colour's stones; a region is vital to a block when
// every empty point of the region is a liberty of the block. Blocks with fewer
// than two vital regions are removed, then the regions next to a removed block,
// until nothing changes; the blocks left are unconditionally alive.
// Territory: a region left at the fixpoint (so enclosed by alive blocks only)
// whose every point is next to an alive block. The opponent can never make an
// eye there (each point touches a stone that cannot be captured), so whatever
// it plays there is captured and the region ends as the colour's area.
// Enclosed (beyond Benson, after MIGOS's regions where the opponent cannot
// live): a region left at the fixpoint with exactly one point not next to an
// alive block. An eye of the opponent's is a point every neighbour of which is
// its stone, so it can have one at most, there, and no group of its lives:
// the colour fills the invaders' liberties next to its alive stones (they join
// blocks that cannot be captured), takes the lone point last when it is their
// only liberty, and connects that stone when the opponent plays next to it.
// The colour never passes while invaders remain (so none is left when the
// game ends), and none of its stones in the region is ever captured, however
// many moves the opponent plays there in a row: test_go_enclosed.cpp checks
// this in the exhaustive local game on every 3x3 and 4x3 position and random
// larger ones, where regions with two points away from the alive blocks fail it.
// Reduced (enclosed too): a region left at the fixpoint with two or more
// points away from the alive blocks that the colour brings down to the above
// with at most two stones of its own, each next to its alive stones or to the
// first, whatever the opponent plays first: every part of the region then has
// at most one point away from them. The colour answers the opponent's moves
// there until it has placed them (its stones join blocks that cannot be
// captured, so none is ever captured and the superko argument below holds),
// then plays the enclosed regions' strategy in each part.
// Searched (enclosed too): a region of at most kLargestSearchedRegion points
// left at the fixpoint, neither of the above, that the colour holds in the
// exhaustive local game of local_region.h (the same game the tests play):
// none of its stones is ever captured there either.
#pragma once

#include <cstdint>

#include "games/go.h"

namespace gsolve::search::go {

// The points of `within` connected to `seed` in it.
std::uint64_t component(const Go& go, std::uint64_t seed, std::uint64_t within);

struct Unconditional {
  std::uint64_t alive = 0;      // stones that can never be captured
  std::uint64_t territory = 0;  // points that end as the colour's area
  std::uint64_t enclosed = 0;   // regions the opponent cannot live in (below), also the colour's area
  std::uint64_t reduced = 0;    // the enclosed regions with more than one point away from the alive blocks
  std::uint64_t searched = 0;   // the enclosed regions that only the local search (local_region.h) settles
};

// Which positions get the searches for reduced and searched regions: all, or
// only those where every stone of the colour is alive (kept_area counts no
// region otherwise).
enum class RegionSearch : std::uint8_t { Always, WhenAllAlive };
Unconditional unconditional(const Go& go, std::uint64_t own, std::uint64_t opp,
                            RegionSearch search = RegionSearch::Always);

// The points a colour keeps even under superko: its alive stones and the empty
// points whose every neighbour is one of them (the opponent can never play
// there: it would capture nothing and have no liberty). Benson territory beyond
// that is not counted: keeping it means capturing every invader, and superko
// could forbid a capture that recreates an earlier board. The solver's static
// bounds use this.
std::uint64_t superko_safe_area(const Go& go, std::uint64_t own, std::uint64_t opp);

// The points a colour keeps: its alive stones, Benson territory and enclosed
// regions when every stone it has is alive or in a closed system it holds
// (closed_system.h: those systems' stones and regions too), else
// superko_safe_area. They are
// kept under superko too if no earlier board has stones of the colour that
// strictly contain `own`: from here on its stones are never captured, so each of its
// moves makes a board with more of its stones than any board since, and only
// such an earlier board could make superko forbid one of those moves (the
// opponent's moves being forbidden only helps). grows() says the points rely
// on that (they exceed the superko-safe area): the caller checks the history.
struct KeptArea {
  std::uint64_t points = 0;
  std::uint64_t safe = 0;  // superko_safe_area
  bool grows() const { return points != safe; }
};
// The answers are kept in a per-thread cache (160 KB, allocated at a thread's
// first call) by board and stones: the prover asks again and again.
KeptArea kept_area(const Go& go, std::uint64_t own, std::uint64_t opp);

}  // namespace gsolve::search::go
