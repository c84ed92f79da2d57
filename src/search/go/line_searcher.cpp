// The searcher of Go lines (games/go_line.h): Searcher<GoLine> over the Go
// solver (go_solver.h), which searches a line with its whole history, so solve
// --store-depth, query (with a database or without), verify --deep and gtp
// answer Go through one searcher. One solver, one table, for every search of
// a Searcher; its proof tests run on options.threads provers.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <utility>

#include "src/search/go/go_solver.h"
#include "src/search/go/proof_journal.h"
#include "src/search/searcher.h"
#include "src/search/stop.h"

namespace gsolve::search {
namespace {

class GoLineSearch final : public SearchImpl<GoLine> {
  // Runs f, adding the solver's nodes to the searcher's count; a test the
  // deadline or a stop request cut short throws Stopped.
  template <class F>
  auto counted(F&& f) -> decltype(f()) {
    const std::uint64_t before = solver_.nodes();
    try {
      auto r = f();
      nodes += solver_.nodes() - before;
      return r;
    } catch (const go::GoProver::TimedOut&) {
      nodes += solver_.nodes() - before;
      throw Stopped{};
    }
  }

 public:
  GoLineSearch(const GoLine& game, const SearchOptions& o)
      : game_(game), solver_(game.go(), o.hash_mb << 20, std::max(1, o.threads)) {
    if (o.cut_plies > 0) solver_.set_cut_plies(o.cut_plies);
    if (!o.journal.empty()) {
      journal_ = std::make_unique<go::ProofJournal>(o.journal, game.go());
      solver_.set_journal(journal_.get());
      if (o.progress) o.progress(fmt::format("journal {}: {} tests recorded", o.journal, journal_->size()));
    }
    if (o.progress) report_progress(o.progress);
  }

  int search(const GoLine::Position& p, int alpha, int beta) override {
    const GoGame line = game_.replay(p);
    // A window holding every score is an exact solve: its finished tests are the proven bounds.
    const int most = solver_.score_bound() - 1;
    if (alpha < -most && beta > most) return counted([&] { return solver_.solve(line); });
    return counted([&] { return solver_.window(line, alpha, beta); });
  }
  bool at_least(const GoLine::Position& p, int t) override {
    const GoGame line = game_.replay(p);
    return counted([&] { return solver_.at_least(line, t); });
  }
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) override {
    solver_.set_deadline(deadline);
  }
  bool set_recorded_only(bool on) override {
    if (!journal_) return false;
    solver_.set_recorded_only(on);
    return true;
  }
  std::optional<std::pair<int, int>> recorded_range(const GoLine::Position& p) const override {
    if (!journal_) return std::nullopt;
    const auto b = journal_->score_bounds(game_.replay(p));
    if (!b) return std::nullopt;
    const auto [lower, upper] = score_range(p);
    return std::pair{std::clamp(b->first, lower, upper), std::clamp(b->second, lower, upper)};
  }
  std::optional<std::pair<int, int>> proven_range() const override {
    const auto r = solver_.proven_score();
    return std::pair{r.lower, r.upper};
  }
  std::pair<int, int> score_range(const GoLine::Position&) const override {
    return {-(solver_.score_bound() - 1), solver_.score_bound() - 1};
  }
  void clear() override { solver_.clear(); }
  std::size_t table_bytes() const override { return solver_.table_bytes(); }
  Algorithm default_algorithm() const override {
    return Algorithm::AlphaBeta;
  }  // one call: the solver deepens its own tests

  Record record(const GoLine::Position& p) {
    const GoGame line = game_.replay(p);
    return counted([&] { return solver_.record(line); });
  }

 private:
  // A line for each finished test, for each child test of a test split over
  // the threads, and a heartbeat every 2^22 expansions of a prover.
  void report_progress(const std::function<void(const std::string&)>& out) {
    const auto start = std::chrono::steady_clock::now();
    const auto since = [start] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    solver_.on_test([out, since](go::GoProver::Goal goal, int t, bool holds, std::uint64_t nodes) {
      const double s = since();
      out(fmt::format("test {} >= {}: {}, {} nodes, {:.1f} s, {:.2f}M nodes/s",
                      goal == go::GoProver::Goal::Score ? "score" : "value", t, holds ? "yes" : "no", nodes, s,
                      s > 0 ? nodes / s / 1e6 : 0.0));
    });
    solver_.on_split([out, since, go = game_.go()](const go::SplitReport& r) {
      if (r.journaled)
        out(fmt::format("split: after {} the test {} ({} of {} children closed), from the journal, {:.1f} s",
                        go.point_name(r.move), r.holds ? "holds" : "fails", r.closed, r.children, since()));
      else
        out(fmt::format("split: after {} the test {} ({} of {} children closed), {} nodes, {} prover{}, {:.1f} s",
                        go.point_name(r.move), r.holds ? "holds" : "fails", r.closed, r.children, r.nodes, r.provers,
                        r.provers == 1 ? "" : "s", since()));
    });
    solver_.on_heartbeat([out, since](std::uint64_t nodes, int plies) {
      out(fmt::format("  ... {} nodes in this test's prover, {:.1f} s, {} plies below the test's position", nodes,
                      since(), plies));
    });
  }

  GoLine game_;
  go::GoSolver solver_;
  std::unique_ptr<go::ProofJournal> journal_;  // kept while the solver may use it
};

}  // namespace

template <>
std::unique_ptr<SearchImpl<GoLine>> make_search_impl(const GoLine& game, const SearchOptions& o) {
  return std::make_unique<GoLineSearch>(game, o);
}

// The record with remoteness comes from the solver's combined search, not from the score.
template <>
Record record_from_search(Searcher<GoLine>& searcher, const GoLine::Position& p, int) {
  return static_cast<GoLineSearch&>(searcher.impl()).record(p);
}

}  // namespace gsolve::search
