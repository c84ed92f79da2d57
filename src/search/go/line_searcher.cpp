// The searcher of Go lines (games/go_line.h): Searcher<GoLine> over the Go
// solver (solver.h), which searches a line with its whole history, so solve
// --store-depth, query --db and verify --deep work for Go as for the other
// searchable games. One solver, one table, for every search of a Searcher;
// the solver is single-threaded.
#include "src/search/go/solver.h"
#include "src/search/searcher.h"

namespace gsolve::search {
namespace {

class GoLineSearch final : public SearchImpl<GoLine> {
  template <class F>
  auto counted(F&& f) -> decltype(f()) {  // runs f, adding the solver's nodes to the searcher's count
    const std::uint64_t before = solver_.nodes();
    auto r = f();
    nodes += solver_.nodes() - before;
    return r;
  }

 public:
  GoLineSearch(const GoLine& game, const SearchOptions& o) : game_(game), solver_(game.go(), o.hash_mb << 20) {}

  int search(const GoLine::Position& p, int alpha, int beta) override {
    const GoGame line = game_.replay(p);
    return counted([&] { return solver_.window(line, alpha, beta); });
  }
  std::pair<int, int> score_range(const GoLine::Position&) const override {
    return {-(solver_.score_bound() - 1), solver_.score_bound() - 1};
  }
  void clear() override { solver_.clear(); }
  std::size_t table_bytes() const override { return solver_.table_bytes(); }
  Algorithm default_algorithm() const override { return Algorithm::AlphaBeta; }  // one call: the solver deepens its own tests

  Record record(const GoLine::Position& p) {
    const GoGame line = game_.replay(p);
    return counted([&] { return solver_.record(line); });
  }

 private:
  GoLine game_;
  go::GoSolver solver_;
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
