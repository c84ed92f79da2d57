// Reversi search against outside truth: the retrograde database of 4x4 (value,
// score and remoteness of every reachable position, i.e. the margin search
// plus the remoteness phase) and the FFO endgame files (every listed move's
// exact score).
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <unordered_set>
#include <vector>

#include "db/contents.h"
#include "db/database.h"
#include "db/resolver.h"
#include "games/reversi.h"
#include "src/search/remoteness.h"
#include "src/search/searcher.h"
#include "src/search/test_set.h"
#include "src/solve/solve.h"

using namespace gsolve;
using namespace gsolve::search;

namespace {

const std::string kReversiDir = std::string(GSOLVE_DATA_DIR) + "/reversi/";

// Every best score and every listed move's score of the first `limit` lines of an OBF file.
void check_obf(const std::string& file, std::size_t limit, bool all_moves, std::size_t expected_positions) {
  const TestSet set = read_test_set(kReversiDir + file, limit);
  REQUIRE(set.game_spec == "reversi:8x8");
  const Reversi g(8);
  SearchOptions o;
  o.hash_mb = 64;
  Searcher<Reversi> searcher(g, o);
  const SetResult r = run_test_set(g, searcher, set, false, all_moves);
  MESSAGE(file, ": ", r.positions, " positions, ", r.moves_checked, " moves checked, ", r.nodes, " nodes, ",
          r.cpu_seconds, " s CPU");
  CHECK(r.positions == expected_positions);
  if (all_moves) {
    std::size_t listed = 0;
    for (const auto& l : set.lines) listed += l.moves.size();
    CHECK(r.moves_checked == listed);
  }
  CHECK_MESSAGE(r.mismatches == 0, r.first_mismatch);
}

}  // namespace

TEST_CASE("reversi search: every reachable reversi:4x4 position agrees with the retrograde database") {
  char tmpl[] = "/tmp/gsolve-reversi-sets-XXXXXX";
  const std::string dir = ::mkdtemp(tmpl);
  SolveOptions so;
  so.db_path = dir + "/r4.gsdb";
  Progress quiet(false);
  const SolveResult solved = solve_spec("reversi:4x4", so, quiet);
  CHECK(solved.start == Record{Value::Lose, 10, -10});

  auto database = db::Database::open(so.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  db::RecordReader reader(*database, contents.tiers, contents.layout);
  const Reversi g(4);
  Resolver resolver(g, reader, contents.layout, true, &combine_children);
  Searcher<Reversi> searcher(g, SearchOptions{});

  // Every reachable position (the rules' DFS), canonical ones compared once.
  std::unordered_set<Reversi::Position, PositionBytesHash<Reversi::Position>> seen{g.start()}, compared;
  std::vector<Reversi::Position> stack{g.start()};
  std::size_t reachable = 0, mismatches = 0;
  while (!stack.empty()) {
    const auto p = stack.back();
    stack.pop_back();
    ++reachable;
    const auto c = g.canonical(p);
    if (compared.insert(c).second) {
      const auto stored = resolver.get(c);
      REQUIRE(stored.status == db::RecordReader::Status::ok);
      const Record mine = searcher.record(p);
      if (mine != stored.record && ++mismatches <= 5)
        MESSAGE(g.format(p) << ": database " << value_name(stored.record.value) << " " << stored.record.score << " in "
                            << stored.record.remoteness << ", search " << value_name(mine.value) << " " << mine.score
                            << " in " << mine.remoteness);
    }
    if (g.terminal(p).primitive()) continue;
    MoveList<Reversi> moves;
    g.generate_moves(p, moves);
    for (auto m : moves) {
      const auto child = g.play(p, m);
      if (seen.insert(child).second) stack.push_back(child);
    }
  }
  std::filesystem::remove_all(dir);
  CHECK(reachable == 62789);
  CHECK(compared.size() == 15856);
  CHECK(mismatches == 0);

  // analyze: the start's record, every child's record as the database has it, a PV to the end.
  const auto a = searcher.analyze(g.start());
  CHECK(a.record == Record{Value::Lose, 10, -10});
  CHECK(a.children.size() == 4);
  for (const auto& child : a.children)
    CHECK(child.record == resolver.get(g.canonical(g.play(g.start(), child.move))).record);
  CHECK(a.pv.size() == 10);
}

TEST_CASE("reversi search: fforum-1-19, every listed move's score") { check_obf("fforum-1-19.obf", 0, true, 19); }

TEST_CASE("reversi search: FFO #40-42 (20-22 empties), best scores") { check_obf("fforum-40-59.obf", 3, false, 3); }

TEST_CASE("long: reversi search: fforum-20-39, every listed move's score") {
  check_obf("fforum-20-39.obf", 0, true, 20);
}

TEST_CASE("long: reversi search: FFO #40-59, best scores") { check_obf("fforum-40-59.obf", 0, false, 20); }
