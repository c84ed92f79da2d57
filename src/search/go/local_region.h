// The local game of a small region bounded by a colour's unconditionally alive
// stones, solved exactly: whether the colour holds it (the region ends as its
// area) whatever the opponent plays there, with none of its stones ever
// captured, so that its stones only grow from here on (the superko argument of
// benson.h's kept_area).
//
// The game: the opponent may play any empty point of the region that is not
// suicide; the colour answers each such move with a move in the region, and
// while the opponent has stones there it must always have a move that keeps
// its win (it never passes then, so none is left when the game ends). A stone
// of the colour captured in the region loses. Stones of the colour next to the
// alive blocks join blocks that cannot be captured. The colour holds a content
// when no opponent move captures one of its stones, each opponent move leaves
// it a winning answer, and it has a winning move itself while invaders remain.
// Every move adds a stone of the colour, or keeps them and adds one of the
// opponent's, so the game is a finite acyclic graph: a memoised depth-first
// search decides it.
#pragma once

#include <cstdint>

#include "games/go.h"

namespace gsolve::search::go {

// Regions of more points are not searched: the search visits up to 3^points
// contents. 12 (with systems at 10) took the fewest expansions at the same CPU
// on tools/go_suite.sh (docs/go-proof-measurement.md).
// Measurement builds may set both limits (GSOLVE_GO_LARGEST_REGION and
// GSOLVE_GO_LARGEST_SYSTEM, at most 12: the memo's entries hold no more).
#ifdef GSOLVE_GO_LARGEST_REGION
constexpr int kLargestSearchedRegion = GSOLVE_GO_LARGEST_REGION;
#else
constexpr int kLargestSearchedRegion = 12;
#endif

// Closed systems whose regions hold more points are not searched: 10 measured
// fastest of 10-14 on the 5x5 tests (12 saves more expansions at twice the
// time), docs/go-enclosed-regions.md; 12 with a budget (below) saves 11% of
// the suite's expansions at 4% more CPU, docs/go-proof-measurement.md.
#ifdef GSOLVE_GO_LARGEST_SYSTEM
constexpr int kLargestSystem = GSOLVE_GO_LARGEST_SYSTEM;
#else
constexpr int kLargestSystem = 10;
#endif

// Closed systems of more points than this are searched within a budget (only
// in measurement builds while kLargestSystem is 10).
constexpr int kLargestUnbudgetedSystem = 10;

// The contents (memo misses) a closed system of more than
// kLargestUnbudgetedSystem points may decide before it counts as not held.
#ifdef GSOLVE_GO_SYSTEM_BUDGET
constexpr std::int64_t kSystemBudget = GSOLVE_GO_SYSTEM_BUDGET;
#else
constexpr std::int64_t kSystemBudget = 20;
#endif

// Whether the colour holds `region`: a maximal connected set of points without
// its stones, every stone next to it alive, opponent stones `opp` inside; false
// for regions larger than kLargestSearchedRegion. Allocation-free after a
// thread's first call: the answers of every content searched are kept in a
// per-thread memo (16 MB) by (board, area, stones), so later calls over the
// same area, a stone apart, mostly look them up.
bool colour_holds_region(const Go& go, std::uint64_t region, std::uint64_t opp);

// The same game over a closed system (closed_system.h): the colour's blocks
// `stones`, none of them alive, and `regions`, the regions next to them, which
// hold every liberty of theirs. A capture of any stone of the colour loses;
// the colour's stones next to other (alive) blocks join blocks that cannot be
// captured. False for regions of more than kLargestSystem points; systems of
// more than kLargestUnbudgetedSystem are searched within kSystemBudget (not
// held past it) and their answers cached.
bool colour_holds_system(const Go& go, std::uint64_t stones, std::uint64_t regions, std::uint64_t opp);

// The local game of a closed system within `budget` contents: Unknown when
// the search would decide more. The memo keeps only answers of completed
// searches, so a later search (any budget) answers exactly.
enum class SystemAnswer : std::uint8_t { NotHeld, Held, Unknown };
SystemAnswer search_system(const Go& go, std::uint64_t stones, std::uint64_t regions, std::uint64_t opp,
                           std::int64_t budget);

}  // namespace gsolve::search::go
