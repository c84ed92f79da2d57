#include "src/solve.h"

#include "games/registry.h"

namespace gsolve {

SolveResult solve_spec(const std::string& spec, const SolveOptions& options, Progress& progress) {
  return with_game(spec, [&](const auto& game) -> SolveResult {
    using G = std::decay_t<decltype(game)>;
    if (!game.has_rank())
      throw ParseError(game.spec() + " has no dense rank: it is too large for a strong solve");
    std::vector<std::uint64_t> tiers;
    for (int t = 0; t <= game.tier_count(); ++t) tiers.push_back(game.tier_begin(t));
    const bool scored = G::kScored && !options.wdl;
    SolveSession session(options, game.spec(), "retrograde-tiered", tiers, scored);
    TieredSolver<G> solver(game, options.wdl);
    return solver.run(session, progress);
  });
}

}  // namespace gsolve
