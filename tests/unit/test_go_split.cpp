// Tests split over threads (src/search/go/root_split.h): children one per
// symmetry class, provers shared out over them, and the same answers as one
// prover alone.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "games/go.h"
#include "games/go_line.h"
#include "src/core/progress.h"
#include "src/search/go/go_solver.h"
#include "src/search/go/root_split.h"

using namespace gsolve;
using gsolve::search::go::GoSolver;

TEST_CASE("go: tests in parallel give the same answers as one at a time") {
  // 3x3 with every move's record and 3x4's score, with 1, 2 and 3 threads
  // (rounds of 2 or 3 thresholds, best moves tested 2 or 3 at a time).
  const Go g33(3, 3), g34(3, 4);
  constexpr std::size_t kTable = std::size_t{16} << 20;  // small boards: a small table maps fast
  GoSolver one(g33, kTable);
  const GoGame empty(g33);
  const Record r = one.record(empty);
  CHECK(r == Record{Value::Win, 15, 9});
  const auto moves = one.analyze(empty);
  const Go::Move best = one.best_move(empty);
  for (const int threads : {2, 3}) {
    CAPTURE(threads);
    GoSolver many(g33, kTable, threads);
    CHECK(many.record(empty) == r);
    const auto m = many.analyze(empty);
    REQUIRE(m.size() == moves.size());
    for (std::size_t i = 0; i < m.size(); ++i) {
      CHECK(m[i].move == moves[i].move);
      CHECK(m[i].record == moves[i].record);
    }
    CHECK(many.best_move(empty) == best);  // the first best move in the line's order, whatever the grouping
    CHECK(GoSolver(g34, kTable, threads).solve(GoGame(g34)) == 4);
  }
}

TEST_CASE("go: a test's children, one per class of the symmetries that fix every board of the line") {
  const Go go(3, 3);
  const auto names = [&](const std::string& line) {
    std::vector<std::string> out;
    const GoGame game = parse_go_game(go, line);
    for (const GoGame& child : search::go::distinct_children(game)) {
      const Go::Position& p = child.position();
      const Go::Position& before = child.line()[child.length() - 2];
      const std::uint64_t added = (p.black | p.white) & ~(before.black | before.white);
      out.push_back(added ? go.point_name(static_cast<Go::Move>(std::countr_zero(added))) : "pass");
    }
    return out;
  };
  // In the prover's order: the pass, then from the centre out (points in
  // index order, row 3 first, within a distance). The empty board: the pass,
  // the centre, an edge, a corner.
  CHECK(names("") == std::vector<std::string>{"pass", "b2", "b3", "a3"});
  // After a1 only the diagonal through a1 and c3 is left: a2 ~ b1, b3 ~ c2, a3 ~ c1.
  CHECK(names("a1") == std::vector<std::string>{"pass", "b2", "b3", "a2", "a3", "c3"});
  // After b2 a2 the reflection that swaps rows 1 and 3: a1 ~ a3, b1 ~ b3, c1 ~ c3.
  CHECK(names("b2 a2") == std::vector<std::string>{"pass", "b3", "c2", "a3", "c3"});
  // After a2 a1 b1 (b1 captures a1) the board is symmetric about the a1-c3
  // diagonal, but the board after a2 is not: a move recreating it is
  // illegal and its mirror image is not, so no two children are one.
  CHECK(names("a2 a1 b1") == std::vector<std::string>{"pass", "b2", "b3", "c2", "a3", "c3", "c1"});
}

TEST_CASE("go: a test split over threads answers as one prover (5x5, GNU Go's line)") {
  // Along GNU Go's self-play line (tools/go_line_growth.sh), Black scores all
  // 25 points after its first 9 moves and e4, and after 11 moves: the first a
  // proof that Black has a move (the root's goal holds: one child's test fails
  // and stops the other; after 12 moves that proof is too small to split since
  // the move predictor learned on the proof's journal), the second that White
  // has no reply (every child's test holds; after 13 moves that proof is too
  // small to split since the searched regions).
  const Go go(5, 5);
  const std::string line = "c3 c4 d4 d3 d2 b3 c2 d5 e3 e4";
  constexpr std::size_t kTable = std::size_t{128} << 20;
  for (const int threads : {2, 3}) {
    CAPTURE(threads);
    GoSolver black(go, kTable, threads);
    CHECK(black.at_least(parse_go_game(go, line), 25));
    CHECK(black.nodes() > search::go::kAloneExpansions);  // too big for the first prover alone: split
    GoSolver white(go, kTable, threads);
    std::vector<search::go::SplitReport> reports;
    white.on_split([&](const search::go::SplitReport& r) { reports.push_back(r); });
    const GoGame after_b1 = parse_go_game(go, "c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1");
    CHECK_FALSE(white.at_least(after_b1, -24));
    CHECK(white.nodes() > search::go::kAloneExpansions);
    // Every reply's test ended and held, each reported once with its move.
    const std::vector<GoGame> replies = search::go::distinct_children(after_b1);
    REQUIRE(reports.size() == replies.size());
    std::set<std::string> moves;
    std::uint64_t nodes = 0;
    for (std::size_t k = 0; k < reports.size(); ++k) {
      CHECK(reports[k].holds);
      CHECK(reports[k].closed == k + 1);
      CHECK(reports[k].children == replies.size());
      GoGame child = after_b1;
      child.play(reports[k].move);  // a legal reply
      moves.insert(go.point_name(reports[k].move));
      nodes += reports[k].nodes;
    }
    CHECK(moves.size() == replies.size());
    CHECK(moves.count("pass") == 1);
    CHECK(nodes <= white.nodes());
    // The rest is the first prover's try alone, stopped at a poll (every 4096 expansions).
    CHECK(white.nodes() - nodes >= search::go::kAloneExpansions);
    CHECK(white.nodes() - nodes < search::go::kAloneExpansions + 4096);
  }
}

TEST_CASE("go: with more provers than children, a split test shares them out and each group splits its child's test") {
  // After 13 moves of GNU Go's line White has no reply that keeps a point
  // (every child's test holds). With over twice as many provers as children
  // and a small budget alone, the groups split their children's tests
  // again: more provers work than there are children, and the answer is
  // one prover's.
  using search::go::GoProver;
  const Go go(5, 5);
  const GoGame after_e5 = parse_go_game(go, "c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1 e4 e5");
  const std::size_t children = search::go::distinct_children(after_e5).size();
  {
    const std::size_t count = 2 * children + 3;  // groups of two and of three
    const auto table = std::make_shared<search::go::ProofTable>(std::size_t{64} << 20, true);
    std::vector<std::unique_ptr<GoProver>> provers;
    for (std::size_t k = 0; k < count; ++k) provers.push_back(std::make_unique<GoProver>(go, table));
    std::vector<search::go::SplitReport> reports;
    CHECK_FALSE(search::go::split_at_least(
        provers, after_e5, GoProver::Goal::Score, -24, [&](const search::go::SplitReport& r) { reports.push_back(r); },
        4096));
    REQUIRE(reports.size() == children);
    std::uint64_t nodes = 0, total = 0;
    for (const auto& r : reports) {
      CHECK(r.holds);
      nodes += r.nodes;
    }
    std::size_t working = 0;
    for (const auto& p : provers) {
      working += p->nodes() > 0;
      total += p->nodes();
      CHECK_FALSE(p->stop_condition());  // every split's stop condition is gone
    }
    // Every group has two provers or more: a child's test longer than the
    // budget alone is split again (one at least is).
    CHECK(working > children);
    CHECK(nodes <= total);
    // The same table answers again at once, from one prover alone.
    CHECK_FALSE(provers[0]->at_least(after_e5, GoProver::Goal::Score, -24));
  }
}

TEST_CASE("go: one prover's split tests the children one after another and reports the split's test once") {
  // After 13 moves of GNU Go's line every child's test holds. One prover
  // cut at the root (a budget alone of 4096 expansions) tests each child to
  // its end, in turn; its test report says the split's test, once (the
  // children's tests are the SplitProgress's), and is back afterwards.
  using search::go::GoProver;
  const Go go(5, 5);
  const GoGame after_e5 = parse_go_game(go, "c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1 e4 e5");
  const std::size_t children = search::go::distinct_children(after_e5).size();
  GoProver prover(go, std::size_t{64} << 20);
  struct Test {
    GoProver::Goal goal;
    int t;
    bool holds;
    std::uint64_t nodes;
  };
  std::vector<Test> tests;
  prover.on_test([&](GoProver::Goal goal, int t, bool holds, std::uint64_t nodes) {
    tests.push_back({goal, t, holds, nodes});
  });
  std::vector<search::go::SplitReport> reports;
  GoProver* const one = &prover;
  CHECK_FALSE(search::go::split_at_least(
      std::span<GoProver* const>(&one, 1), after_e5, GoProver::Goal::Score, -24,
      [&](const search::go::SplitReport& r) { reports.push_back(r); }, 4096));
  REQUIRE(reports.size() == children);
  std::uint64_t nodes = 0;
  for (std::size_t k = 0; k < reports.size(); ++k) {
    CHECK(reports[k].holds);
    CHECK(reports[k].closed == k + 1);
    CHECK(reports[k].provers == 1);
    nodes += reports[k].nodes;
  }
  CHECK(prover.nodes() - nodes >= 4096);  // the try alone
  REQUIRE(tests.size() == 1);
  CHECK(tests[0].goal == GoProver::Goal::Score);
  CHECK(tests[0].t == -24);
  CHECK_FALSE(tests[0].holds);
  CHECK(tests[0].nodes == prover.nodes());
  CHECK_FALSE(prover.stop_condition());
  // The same table answers again, reported as a test of its own.
  CHECK_FALSE(prover.at_least(after_e5, GoProver::Goal::Score, -24));
  CHECK(tests.size() == 2);
}

TEST_CASE("go: a prover left without children joins a split test still open") {
  // Two provers after 13 moves of GNU Go's line: each takes one child's
  // test at a time. The first left without children hands itself to the
  // other's test, which stops and splits again with both: that test ends
  // with two provers. (Unless it ends within the 4096 expansions before its
  // prover polls its stop condition: one run in 12 needed a second try
  // here; up to six, on a fresh table each time.) The answer is one prover's
  // every time, and no stop condition is left behind.
  using search::go::GoProver;
  const Go go(5, 5);
  const GoGame after_e5 = parse_go_game(go, "c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1 e4 e5");
  const std::size_t children = search::go::distinct_children(after_e5).size();
  bool joined = false;
  for (int attempt = 0; attempt < 6 && !joined; ++attempt) {
    const auto table = std::make_shared<search::go::ProofTable>(std::size_t{64} << 20, true);
    std::vector<std::unique_ptr<GoProver>> provers;
    for (int k = 0; k < 2; ++k) provers.push_back(std::make_unique<GoProver>(go, table));
    std::vector<search::go::SplitReport> reports;
    CHECK_FALSE(search::go::split_at_least(
        provers, after_e5, GoProver::Goal::Score, -24, [&](const search::go::SplitReport& r) { reports.push_back(r); },
        4096));
    REQUIRE(reports.size() == children);
    for (const auto& r : reports) {
      CHECK(r.holds);
      CHECK((r.provers == 1 || r.provers == 2));
      joined |= r.provers == 2;
    }
    for (const auto& p : provers) CHECK_FALSE(p->stop_condition());
    CHECK_FALSE(provers[1]->at_least(after_e5, GoProver::Goal::Score, -24));
  }
  CHECK(joined);
}

TEST_CASE("go: numbers_of gives the numbers a search starts a position from (a split's order)") {
  using search::go::GoProver;
  constexpr std::uint32_t kInfinity = 1u << 31;
  {  // Initial numbers: the empty 5x5 board scores 0, 25 short of "Black scores 25", 96 a point.
    const Go go(5, 5);
    GoProver prover(go, std::size_t{1} << 20);
    const GoProver::Numbers n = prover.numbers_of(GoGame(go), GoProver::Goal::Score, 25);
    CHECK(n.phi == 1 + 96 * 25);
    CHECK(n.delta == 1);
  }
  {  // Ended (two passes): 1x1 scores 0.
    const Go go(1, 1);
    GoProver prover(go, std::size_t{1} << 20);
    const GoGame ended = parse_go_game(go, "pass pass");
    CHECK(prover.numbers_of(ended, GoProver::Goal::Score, 0).phi == 0);
    CHECK(prover.numbers_of(ended, GoProver::Goal::Score, 0).delta == kInfinity);
    CHECK(prover.numbers_of(ended, GoProver::Goal::Score, 1).phi == kInfinity);
    CHECK(prover.numbers_of(ended, GoProver::Goal::Score, 1).delta == 0);
  }
  {  // The table's: after the proof that Black scores 1 on 2x2, some reply
     // of Black's is stored disproven for White (delta 0), which no
     // initial or static numbers of an open position are.
    const Go go(2, 2);
    GoProver prover(go, std::size_t{1} << 20);
    const GoGame empty(go);
    for (const char* m : {"a1", "pass"}) {
      const GoProver::Numbers n = prover.numbers_of(parse_go_game(go, m), GoProver::Goal::Score, 0);
      CHECK(n.phi != 0);
      CHECK(n.delta != 0);
    }
    REQUIRE(prover.at_least(empty, GoProver::Goal::Score, 1));
    std::uint32_t least = kInfinity;
    for (const char* m : {"a1", "pass"})
      least = std::min(least, prover.numbers_of(parse_go_game(go, m), GoProver::Goal::Score, 0).delta);
    CHECK(least == 0);
  }
}

// More provers must not make a record dearer: the remoteness (combined value)
// tests start near the answer and halve the range as one prover's do, each
// split over the provers, instead of rounds of thresholds cut evenly over a
// score's 4096 values (4x4's full query: 2.3 times one thread's expansions).
TEST_CASE("go: a record's remoteness tests with two provers are one prover's") {
  const Go go(3, 3);
  std::vector<int> thresholds[2];
  for (int threads = 1; threads <= 2; ++threads) {
    GoSolver solver(go, std::size_t{16} << 20, threads);
    solver.on_test([&](search::go::GoProver::Goal goal, int t, bool, std::uint64_t) {
      if (goal == search::go::GoProver::Goal::Value) thresholds[threads - 1].push_back(t);
    });
    CHECK(solver.record(GoGame(go)) == Record{Value::Win, 15, 9});
  }
  CHECK(thresholds[0].size() == 6);
  CHECK(thresholds[1] == thresholds[0]);
}

namespace {

// One prover cut at the root after 4096 expansions on "the mover reaches t"
// after `line`: the predictor's move for the mover's whole board is `move`,
// tested first, wins, and is the split's only test. Returns its expansions.
std::uint64_t check_predicted_first(const std::string& line, int t, const std::string& move) {
  using search::go::GoProver;
  const Go go(5, 5);
  const GoGame game = parse_go_game(go, line);
  GoProver prover(go, std::size_t{64} << 20);
  const std::vector<GoGame> children = search::go::distinct_children(game);
  const int predicted = prover.predicted_child(game, GoProver::Goal::Score, 25, children);
  REQUIRE(predicted >= 0);
  CHECK(go.point_name(Go::move_between(game.position(), children[predicted].position())) == move);
  std::vector<search::go::SplitReport> reports;
  GoProver* const one = &prover;
  CHECK(search::go::split_at_least(
      std::span<GoProver* const>(&one, 1), game, GoProver::Goal::Score, t,
      [&](const search::go::SplitReport& r) { reports.push_back(r); }, 4096));
  REQUIRE(reports.size() == 1);
  CHECK(go.point_name(reports[0].move) == move);
  CHECK_FALSE(reports[0].holds);  // the opponent's goal after the move fails
  return prover.nodes();
}

}  // namespace

TEST_CASE("go: a split at Black's node tests Black's predicted move first") {
  // After GNU Go's first ten moves Black takes every point, and the 5x5
  // move predictor's choice there is b4 (test_go_move_predictor.cpp). One
  // prover cut at the root tests b4 first: by the disproof numbers alone a
  // child the search had not looked at came first, and a wrong move's test
  // ran to its end. b4 wins: its test is the split's only one.
  check_predicted_first("c3 c4 d4 d3 d2 b3 c2 d5 e3 b2", 25, "b4");
  // White to move has no predicted move.
  using search::go::GoProver;
  const Go go(5, 5);
  GoProver prover(go, std::size_t{64} << 20);
  const GoGame after_e3 = parse_go_game(go, "c3 c4 d4 d3 d2 b3 c2 d5 e3");
  CHECK(prover.predicted_child(after_e3, GoProver::Goal::Score, -24, search::go::distinct_children(after_e3)) == -1);
}

TEST_CASE("go: at a middle score threshold a split tests the move predicted for the mover's whole board first") {
  // After c2 b1 c1 a3 c3 a5 Black takes every point. "Black scores 3"
  // there: the predictor's move for the whole board (it serves that goal)
  // is tested first and wins. By the disproof numbers alone the split spent
  // more than 20M expansions (docs/go-proof-measurement.md).
  CHECK(check_predicted_first("c2 b1 c1 a3 c3 a5", 3, "c4") < 2500000);  // 2,099,002
  // White to move at -2 (Black favoured): no move predicted for White.
  using search::go::GoProver;
  const Go go(5, 5);
  GoProver prover(go, std::size_t{64} << 20);
  const GoGame after_c4 = parse_go_game(go, "c2 b1 c1 a3 c3 a5 c4");
  CHECK(prover.predicted_child(after_c4, GoProver::Goal::Score, -2, search::go::distinct_children(after_c4)) == -1);
}
