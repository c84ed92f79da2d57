// Search solve: the top of a game too large to enumerate (DESIGN.md, "Search
// solver"; issue 5), Connect 4 only for now.
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

#include "games/connect4.h"
#include "src/progress.h"
#include "src/solve_session.h"
#include "src/tiered_solver.h"

namespace gsolve {

SolveResult solve_connect4_top(const Connect4& game, const SolveOptions& options, Progress& progress,
                               std::vector<Connect4::Move>* principal_variation);

}  // namespace gsolve
