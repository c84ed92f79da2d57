// Lines of Go play: the search's line nodes (src/search/go/history_line.h),
// the line database's rank and unrank (games/go_line.h), and records keyed by
// the line.
#include <doctest/doctest.h>

#include <bit>
#include <random>
#include <utility>
#include <vector>

#include "db/contents.h"
#include "db/database.h"
#include "games/go.h"
#include "games/go_line.h"
#include "go_test_helpers.h"
#include "src/core/progress.h"
#include "src/search/go/go_solver.h"
#include "src/search/go/history_line.h"
#include "src/solve/solve.h"
#include "temp_dir.h"
#include "verify/verifier.h"

using namespace gsolve;
using namespace gsolve::testing;

TEST_CASE("go: a child's node kept up from its parent's equals the node made from its board") {
  using gsolve::search::go::HistoryLine;
  using gsolve::search::go::LineNode;
  std::mt19937_64 rng(20261124);
  int captures = 0, non_identity = 0;
  for (const auto& size : {std::pair{5, 5}, {4, 4}, {3, 5}, {7, 7}, {2, 6}, {1, 4}}) {
    const Go go(size.first, size.second);
    const HistoryLine line(go);
    for (int game = 0; game < 40; ++game) {
      LineNode node = line.make_node(go.start());
      Go::Position p = go.start();
      for (int ply = 0; ply < 60; ++ply) {
        // A random legal move, the pass one time in ten (superko aside: the boards are what counts here).
        Go::Move m = Go::kPass;
        Go::Position q;
        for (int tries = 0; tries < 20 && rng() % 10 != 0; ++tries) {
          const auto point = static_cast<Go::Move>(rng() % go.points());
          if (go.try_play(p, point, q)) {
            m = point;
            break;
          }
        }
        if (m == Go::kPass) go.try_play(p, Go::kPass, q);
        if (q.passes >= 2) break;
        const LineNode kept = line.child_node(node, m, q), made = line.make_node(q);
        INFO(size.first, "x", size.second, " ply ", ply, " move ", go.point_name(m));
        REQUIRE(kept.black == made.black);
        REQUIRE(kept.white == made.white);
        REQUIRE(kept.black_to_move == made.black_to_move);
        REQUIRE(kept.passes == made.passes);
        REQUIRE(kept.key == made.key);
        REQUIRE(kept.canonical_black == made.canonical_black);
        REQUIRE(kept.canonical_white == made.canonical_white);
        REQUIRE(kept.symmetry == made.symmetry);
        REQUIRE(kept.invariant_key == made.invariant_key);
        for (int s = 0; s < line.symmetry().count(); ++s) {
          REQUIRE(kept.turned_black[s] == made.turned_black[s]);
          REQUIRE(kept.turned_white[s] == made.turned_white[s]);
        }
        captures += std::popcount(p.opp() & ~q.own()) > 0 && m != Go::kPass;
        non_identity += kept.symmetry != 0;
        node = kept;
        p = q;
      }
    }
  }
  // The games include captures (stones taken off every turned board) and boards whose canonical frame is turned.
  CHECK(captures > 100);
  CHECK(non_identity > 1000);
}

TEST_CASE("go lines: rank, unrank and symmetry") {
  const GoLine g4(Go(4, 4)), g5(Go(5, 5)), g7(Go(7, 7)), g32(Go(3, 2));
  CHECK(g4.tier_count() == 15);  // lines of 0..14 moves stored; a line of 15 still has a rank
  CHECK(g5.tier_count() == 13);
  CHECK(g7.tier_count() == 11);
  const auto p = g4.parse("b2 c3 pass a1");
  CHECK(g4.format(p) == "b2 c3 pass a1");
  CHECK(g4.unrank(g4.rank(p)) == p);
  CHECK(g4.tier(p) == 4);
  CHECK(g4.rank(p) >= g4.tier_begin(4));
  CHECK(g4.rank(p) < g4.tier_begin(5));
  // The images of a line under the board's symmetries share one canonical line;
  // the same stones in another order (another history) do not.
  CHECK_FALSE(g4.canonical(g4.parse("a1 b2")) == g4.canonical(g4.parse("b2 a1")));
  CHECK(g4.canonical(g4.parse("b2 c3")) == g4.canonical(g4.parse("c3 b2")));  // the anti-diagonal
  CHECK(g4.canonical(g4.parse("b2 c3")) == g4.canonical(g4.parse("c2 b3")));
  CHECK(g4.canonical(g4.parse("a1 d4")) == g4.canonical(g4.parse("d1 a4")));
  CHECK(g4.symmetry_class_size(g4.parse("a1 d4")) == 4);
  CHECK(g4.symmetry_class_size(g4.parse("a1 b2")) == 4);
  CHECK(g4.symmetry_class_size(g4.parse("a1 b3")) == 8);
  CHECK(g32.symmetry_class_size(g32.parse("a1")) == 4);  // rectangles: 4 symmetries
  CHECK_THROWS_WITH_AS(g4.parse("a1 a1"), "illegal move a1 (occupied)", ParseError);
  CHECK_THROWS_WITH_AS(g4.parse("pass pass a1"), "move a1 after two passes: the game is over", ParseError);
}

TEST_CASE("go: solve --store-depth keys records by the line: every line of up to 4 moves on 2x2 is exact") {
  gsolve::testing::TempDir dir;
  SolveOptions so;
  so.db_path = dir.file("g22.gsdb");
  so.store_depth = 4;
  so.hash_mb = 16;
  Progress quiet(false);
  const SolveResult solved = solve_spec("go:2x2", so, quiet);
  CHECK(solved.start == Record{Value::Win, 11, 1});

  auto database = db::Database::open(so.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  db::RecordReader reader(*database, contents.tiers, contents.layout);
  const Go go(2, 2);
  const GoLine g(go);
  std::size_t checked = 0;
  for (const auto& line : every_line(go, 4)) {
    GoLine::Position p;
    for (const int m : line) p = g.play(p, m < 0 ? Go::kPass : static_cast<Go::Move>(m));
    const auto stored = reader.get(g.rank(g.canonical(p)));
    REQUIRE(stored.status == db::RecordReader::Status::ok);
    long nodes = 0;
    const int naive = NaiveGo{2, 2}.solve(line, nodes);  // the table-free reference over the whole history
    CHECK_MESSAGE(stored.record.score == naive, g.format(p));
    CHECK(stored.record.value == (naive > 0 ? Value::Win : naive < 0 ? Value::Lose : Value::Tie));
    ++checked;
  }
  CHECK(checked == 251);  // every legal line of up to 4 moves, symmetric ones included

  verify::VerifyOptions vo;
  vo.db_path = so.db_path;
  vo.backtrack = true;
  const auto report = verify::run_verify(vo, quiet);
  CHECK(report.errors() == 0);
  CHECK(report.counts.visited == solved.stats.total_canonical());
  CHECK(report.counts.checked == 22);  // the rest is the frontier (plies 4)

  SolveOptions again = so;
  again.store_depth = -1;
  again.db_path = dir.file("strong.gsdb");
  CHECK_THROWS_WITH_AS(solve_spec("go:2x2", again, quiet),
                       "go:2x2 is solved by search: give --store-depth D (the plies stored)", ParseError);
}
