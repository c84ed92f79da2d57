// The remoteness phase of scored search (src/search/remoteness.h): with the
// exact score from a search, the walk over best-score children gives the
// remoteness DESIGN.md's rule defines. Proof: every reachable reversi:4x4
// position against the retrograde database (value, score, remoteness).
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "db/contents.h"
#include "db/database.h"
#include "db/resolver.h"
#include "games/reversi.h"
#include "reversi_negamax.h"
#include "src/search/remoteness.h"
#include "src/solve/solve.h"
#include "temp_dir.h"

using namespace gsolve;
using gsolve::testing::TempDir;

namespace {

// A reference searcher with the window contract, fail-hard (so the walk sees
// bounds, not exact scores, outside the window): exhaustive memoised negamax.
struct ExhaustiveSearch : testing::ReversiNegamax {
  using ReversiNegamax::ReversiNegamax;
  int search(const Reversi::Position& p, int alpha, int beta) { return std::clamp(exact(p), alpha, beta); }
};

// Every reachable position of g from the start (the rules' DFS).
std::vector<Reversi::Position> reachable(const Reversi& g) {
  std::unordered_set<Reversi::Position, search::PositionBytesHash<Reversi::Position>> seen{g.start()};
  std::vector<Reversi::Position> stack{g.start()}, out;
  while (!stack.empty()) {
    const auto p = stack.back();
    stack.pop_back();
    out.push_back(p);
    if (g.terminal(p).primitive()) continue;
    MoveList<Reversi> moves;
    g.generate_moves(p, moves);
    for (auto m : moves) {
      const auto c = g.play(p, m);
      if (seen.insert(c).second) stack.push_back(c);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("remoteness: scored records from score and remoteness") {
  CHECK(search::scored_record(38, 21) == Record{Value::Win, 21, 38});
  CHECK(search::scored_record(-4, 32) == Record{Value::Lose, 32, -4});
  CHECK(search::scored_record(0, 9) == Record{Value::Tie, 9, 0});
}

TEST_CASE("remoteness: hand-checked reversi:4x4 lines") {
  const Reversi g(4);
  ExhaustiveSearch s{g};
  search::RemotenessWalk<Reversi, ExhaustiveSearch> walk(g, s);
  // The start: white wins by 10 (11-3 with 2 squares left empty).
  const Record start = walk.record(g.start(), s.exact(g.start()));
  CHECK(start.value == Value::Lose);
  CHECK(start.score == -10);
  CHECK(start.remoteness == 10);
  // A primitive has remoteness 0 whatever its score.
  Reversi::Position p = g.start();
  while (!g.terminal(p).primitive()) {
    MoveList<Reversi> moves;
    g.generate_moves(p, moves);
    p = g.play(p, moves[0]);
  }
  CHECK(walk.remoteness(p, g.terminal(p).score) == 0);
  // A wrong score is a contract violation the walk reports rather than hides.
  search::RemotenessWalk<Reversi, ExhaustiveSearch> fresh(g, s);
  CHECK_THROWS_AS(fresh.remoteness(g.start(), -8), std::logic_error);
}

TEST_CASE("remoteness: every reachable reversi:4x4 position agrees with the retrograde database") {
  TempDir dir;
  SolveOptions o;
  o.db_path = dir.file("r4.gsdb");
  Progress quiet(false);
  const SolveResult solved = solve_spec("reversi:4x4", o, quiet);
  CHECK(solved.start.score == -10);

  auto database = db::Database::open(o.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  db::RecordReader reader(*database, contents.tiers, contents.layout);
  const Reversi g(4);
  Resolver resolver(g, reader, contents.layout, true, &combine_children);

  ExhaustiveSearch s{g};
  search::RemotenessWalk<Reversi, ExhaustiveSearch> walk(g, s);
  std::size_t checked = 0, mismatches = 0, canonical = 0;
  std::unordered_set<Reversi::Position, search::PositionBytesHash<Reversi::Position>> canonical_seen;
  for (const auto& p : reachable(g)) {
    const auto c = g.canonical(p);
    const auto stored = resolver.get(c);
    REQUIRE(stored.status == db::RecordReader::Status::ok);
    const Record mine = walk.record(p, s.exact(p));
    ++checked;
    if (canonical_seen.insert(c).second) ++canonical;
    if (mine != stored.record && ++mismatches <= 5)
      MESSAGE(g.format(p) << ": database " << value_name(stored.record.value) << " " << stored.record.score << " in "
                          << stored.record.remoteness << ", walk " << value_name(mine.value) << " " << mine.score
                          << " in " << mine.remoteness);
  }
  MESSAGE("reversi:4x4: ", checked, " reachable positions (", canonical, " canonical), ", walk.positions(), " walked, ",
          walk.probes(), " null-window probes");
  CHECK(checked == 62789);
  CHECK(mismatches == 0);
}

TEST_CASE("remoteness: the walk's best line is the first move keeping the record at every step (reversi:4x4)") {
  // Against the records of a second walk: every reachable position's line is
  // as long as its remoteness and takes, at each step, the first move (in the
  // rules' order) whose child's record, seen from the mover, is the position's.
  const Reversi g(4);
  ExhaustiveSearch s{g};
  search::RemotenessWalk<Reversi, ExhaustiveSearch> reference(g, s);
  auto record_of = [&](const Reversi::Position& p) { return reference.record(p, s.exact(p)); };
  std::size_t lines = 0, with_pass = 0, wrong = 0;
  for (const auto& p : reachable(g)) {
    if (g.terminal(p).primitive()) continue;
    Record here = record_of(p);
    const auto line = search::scored_best_line_by_walk(g, s, p, here);
    ++lines;
    if (line.size() != here.remoteness) ++wrong;
    auto q = p;
    for (const auto m : line) {
      MoveList<Reversi> moves;
      g.generate_moves(q, moves);
      const auto first =
          *std::find_if(moves.begin(), moves.end(), [&](auto c) { return as_parent(record_of(g.play(q, c))) == here; });
      if (m != first) ++wrong;
      with_pass += g.format_move(q, m) == "pass";
      q = g.play(q, m);
      here = record_of(q);
    }
    if (!g.terminal(q).primitive()) ++wrong;
  }
  CHECK(lines > 40000);
  CHECK(with_pass > 0);
  CHECK(wrong == 0);
}
