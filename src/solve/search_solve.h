// Search solve: the top of a game too large to enumerate (DESIGN.md, "Search
// solver"), for every game with a search plug-in (search::kHasSearcher).
//
// Contract: every canonical position of the first `store_depth` plies gets its
// exact record, addressed by rank in sparse runs (coverage "depth:D"). The
// positions at ply D are solved by search (src/search/); every shallower one
// follows from its children by DESIGN.md's rule, so the stored top of the tree
// is consistent by construction and `verify` checks it like any database.
// Each searched record is committed as it finishes (table `pending`), so a
// killed solve resumed with --resume skips the positions already solved; the
// runs and the "complete" mark are written only at the end.
#pragma once

#include <string>
#include <vector>

#include "db/solve_session.h"
#include "src/core/progress.h"
#include "src/retrograde/tiered_solver.h"

namespace gsolve {

// Also sets result.principal_variation: best moves through the stored plies,
// then the search's line below them, in the game's move text.
template <class G>
SolveResult solve_top(const G& game, const SolveOptions& options, Progress& progress);

}  // namespace gsolve
