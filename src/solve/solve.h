// One entry point for a strong solve of any game: picks the solver the game
// needs (tiered retrograde, or loopy retrograde for games that can repeat).
#pragma once

#include <string>

#include "db/solve_session.h"
#include "src/core/progress.h"
#include "src/retrograde/tiered_solver.h"

namespace gsolve {

SolveResult solve_spec(const std::string& spec, const SolveOptions& options, Progress& progress);

}  // namespace gsolve
