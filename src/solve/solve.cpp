#include "src/solve/solve.h"

#include <memory>

#include "games/registry.h"
#include "src/core/cluster.h"
#include "src/retrograde/loopy_solver.h"
#include "src/search/searcher.h"
#include "src/solve/search_solve.h"

namespace gsolve {

SolveResult solve_spec(const std::string& spec, const SolveOptions& options, Progress& progress) {
  return with_game(spec, [&](const auto& game) -> SolveResult {
    using G = std::decay_t<decltype(game)>;
    const auto go_search_only = [&](bool given, const std::string& option) {
      if (given && (options.store_depth < 0 || !std::is_same_v<G, GoLine>))
        throw ParseError(option + " applies to go search solves (go:WxH --store-depth D), not " + game.spec());
    };
    go_search_only(!options.journal.empty(), "--journal");
    go_search_only(options.cut_plies > 0, "--cut-plies");
    if (options.store_depth >= 0) {
      if constexpr (search::kHasSearcher<G>)
        return solve_top(game, options, progress);
      else
        throw ParseError("--store-depth: " + game.spec() + " has no search solver");
    }
    if constexpr (requires { G::kNeedsStoreDepth; })
      throw ParseError(game.spec() + " is solved by search: give --store-depth D (the plies stored)");
    if (options.score_only)
      throw ParseError("--objective score applies to search solves (--store-depth D) of scored games (reversi, go)");
    if (!game.has_rank()) throw ParseError(game.spec() + " has no dense rank: it is too large for a strong solve");
    std::vector<std::uint64_t> tiers;
    for (int t = 0; t <= game.tier_count(); ++t) tiers.push_back(game.tier_begin(t));
    const bool scored = G::kScored && !options.wdl;
    const bool loopy =
        options.solver == SolverChoice::loopy || (options.solver == SolverChoice::automatic && G::kLoopy);
    if (G::kLoopy && !loopy)
      throw ParseError(game.spec() + " can repeat positions: the tiered solver cannot solve it (use --solver loopy)");
    Cluster& cluster = Cluster::world();
    if (loopy) {
      if (scored)
        throw ParseError(game.spec() + ": the loopy solver keeps no scores (use --objective wdl or --solver tiered)");
      // Every process refuses in agreement (no MPI_Abort, whose banner srun shows).
      cluster.all_or_none([&] {
        if (!cluster.alone())
          throw ParseError(game.spec() +
                           ": the loopy solver runs in one process (run it without mpirun, or with -np 1)");
      });
      LoopySolver<G> solver(game, options.wdl);  // before the session: a bad combination creates no file
      SolveSession session(options, game.spec(), "retrograde-loopy", tiers, scored, "complete", "rank",
                           text_names_only_reachable<G>());
      return solver.run(session, progress);
    }
    // The root alone opens the database; a refusal there stops every process.
    std::unique_ptr<SolveSession> session;
    cluster.all_or_none([&] {
      if (!cluster.root()) return;
      session = std::make_unique<SolveSession>(options, game.spec(), "retrograde-tiered", tiers, scored, "complete",
                                               "rank", text_names_only_reachable<G>());
      if (session->already_complete()) throw std::runtime_error(options.db_path + ": already complete");
    });
    TieredSolver<G> solver(game, options.wdl);
    return solver.run(cluster, session.get(), progress);
  });
}

}  // namespace gsolve
