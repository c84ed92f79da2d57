#include "verify/verifier.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "db/contents.h"
#include "games/registry.h"
#include "src/search/searcher.h"

namespace gsolve::verify {
namespace {

template <Game G, class Store>
void run_with(const G& g, Store& store, const VerifyOptions& o, Progress& progress, VerifyReport& report,
              const db::ChunkLayout& layout = {}) {
  ErrorSink sink(o.max_errors);
  // --deep: one sequential search solver per thread, for children beyond a
  // partial database (games with a search plug-in).
  typename Verifier<G, Store>::DeepSolve deep;
  using Solvers = tbb::enumerable_thread_specific<std::unique_ptr<search::Searcher<G>>>;
  Solvers solvers;
  if constexpr (search::kHasSearcher<G>) {
    if (o.deep && !report.complete && report.remoteness)
      deep = [&](const typename G::Position& p) {
        auto& solver = solvers.local();
        if (!solver) {
          search::SearchOptions so;
          so.threads = 1;
          so.hash_mb = o.deep_hash_mb;
          solver = std::make_unique<search::Searcher<G>>(g, so);
        }
        return solver->record(p);
      };
  }
  // Objective score: one searcher over every thread, a position at a time
  // (a frontier as small as 5x5's start alone is then searched by all).
  std::unique_ptr<search::Searcher<G>> shared;
  std::mutex shared_lock;
  typename Verifier<G, Store>::DeepTest deep_test;
  if constexpr (search::kHasSearcher<G> && G::kScored) {
    if (o.deep && !report.complete && !report.remoteness) {
      search::SearchOptions so;
      so.threads = std::max(1, o.threads);
      so.hash_mb = o.deep_hash_mb;
      shared = std::make_unique<search::Searcher<G>>(g, so);
      deep_test = [&](const typename G::Position& p, int t) {
        const std::lock_guard<std::mutex> hold(shared_lock);
        const auto [lowest, highest] = shared->impl().score_range(p);
        return t <= lowest || (t <= highest && shared->at_least(p, t));
      };
    }
  }
  if (o.deep && !report.complete && !deep && !deep_test)
    throw std::runtime_error("--deep: no search solver for " + g.spec());
  Verifier<G, Store> verifier(g, store, report.scored, report.complete, sink, deep, layout, report.remoteness);
  if (deep_test) verifier.set_deep_test(deep_test);
  tbb::enumerable_thread_specific<Counters> counters;
  const auto t0 = std::chrono::steady_clock::now();
  if (o.backtrack) {
    progress.start("verify --backtrack", report.canonical_positions);
    verifier.backtrack(counters, progress);
  } else {
    progress.start("verify --random walks", o.walks);
    verifier.random(o, counters, progress, report);
  }
  progress.finish();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const Counters& c : counters) report.counts.merge(c);
  if (o.backtrack) report.distinct_checked = report.counts.checked;
  report.first_errors = sink.sorted();
  report.damaged_frames = sink.damaged_frames();
}

}  // namespace

VerifyReport run_verify(const VerifyOptions& options, Progress& progress) {
  VerifyOptions o = options;
  if (!o.backtrack && o.walks == 0 && o.seconds <= 0) o.walks = 10000;  // random needs a budget
  auto database = db::Database::open(o.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  if (contents.addressing != "rank" && contents.addressing != "keyed")
    throw db::DbError(o.db_path + ": records addressed by '" + contents.addressing + "': verify cannot read them");

  // A solve that was killed or is still running has written part of its
  // records: nothing to check against the rules yet (exit 2, not a pass).
  if (!contents.complete)
    throw db::DbError(o.db_path +
                      ": database is incomplete (its solve was interrupted or is still running; "
                      "solve --resume completes it): nothing verified");

  VerifyReport report;
  report.db_path = o.db_path;
  report.game = contents.game;
  report.mode = o.backtrack ? "backtrack" : "random";
  report.scored = contents.scored;
  report.remoteness = contents.remoteness;
  // Missing records are errors only where the database claims every record.
  report.complete = contents.complete && contents.coverage == "complete";
  report.seed = o.seed;
  try {
    report.canonical_positions = std::stoull(database->meta_or("canonical_positions", "0"));
  } catch (const std::exception&) {
    report.canonical_positions = 0;
  }

  with_game(contents.game, [&](const auto& g) {
    // The ranks in the file must mean what this build's rules mean.
    bool same_tiers = contents.tiers.size() == static_cast<std::size_t>(g.tier_count()) + 1;
    for (int t = 0; same_tiers && t <= g.tier_count(); ++t) same_tiers = contents.tiers[t] == g.tier_begin(t);
    if (!same_tiers)
      throw db::DbError(o.db_path + ": its rank layout differs from this gsolve's rules for " + g.spec());
    if (contents.addressing == "keyed") {
      KeyedStore store(*database, contents);
      run_with(g, store, o, progress, report);
    } else {
      if (!g.has_rank()) throw db::DbError(o.db_path + ": " + g.spec() + " has no dense rank");
      RecordStore store(*database, contents, o.cache_bytes);
      run_with(g, store, o, progress, report, contents.layout);
    }
  });
  return report;
}

}  // namespace gsolve::verify
