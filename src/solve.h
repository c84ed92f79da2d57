// One entry point for a strong solve of any game: picks the solver the game
// needs (tiered retrograde, or loopy retrograde for games that can repeat).
#pragma once

#include <string>

#include "src/progress.h"
#include "src/solve_session.h"
#include "src/tiered_solver.h"

namespace gsolve {

SolveResult solve_spec(const std::string& spec, const SolveOptions& options, Progress& progress);

}  // namespace gsolve
