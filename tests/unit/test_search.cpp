#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/connect4.h"
#include "games/go_line.h"
#include "games/reversi.h"
#include "sanitized.h"
#include "src/search/connect4/pons_score.h"
#include "src/search/searcher.h"
#include "src/search/test_set.h"

using namespace gsolve;
using namespace gsolve::search;

namespace {

const std::string kDir = std::string(GSOLVE_DATA_DIR) + "/connect4/";

struct Line {
  std::string moves;
  int score;
};

std::vector<Line> read_lines(const std::string& name, std::size_t limit = 0) {
  std::ifstream in(kDir + name);
  REQUIRE_MESSAGE(in.good(), "cannot open " << kDir + name);
  std::vector<Line> lines;
  std::string text;
  while (std::getline(in, text) && (limit == 0 || lines.size() < limit)) {
    std::istringstream fields(text);
    Line l;
    if (fields >> l.moves >> l.score) lines.push_back(l);
  }
  return lines;
}

// Solve every line with a fresh table for each file and check the score.
void check_file(const std::string& name, int w, int h, std::size_t limit = 0, int threads = 1) {
  Connect4 g(w, h);
  SearchOptions o;
  o.threads = threads;
  o.hash_mb = 16;
  Searcher<Connect4> solver(g, o);
  const auto lines = read_lines(name, limit);
  CHECK(!lines.empty());
  int wrong = 0;
  for (const Line& l : lines) {
    const int got = solver.solve(g.parse(l.moves));
    if (got != l.score && ++wrong <= 5)
      FAIL_CHECK(name << ": " << l.moves << " expected " << l.score << " got " << got);
  }
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("search: record <-> Pons score conversion") {
  Connect4 g(7, 6);
  // Win with the 21st stone of the first player (stone 41) from the empty board.
  CHECK(record_from_score(g, 0, 1) == Record{Value::Win, 41, 0});
  CHECK(record_from_score(g, 0, 0) == Record{Value::Tie, 42, 0});
  Connect4 g64(6, 4);
  CHECK(record_from_score(g64, 0, -1) == Record{Value::Lose, 24, 0});
  // A primitive loss: remoteness 0.
  CHECK(record_from_score(g, 7, -((42 + 2 - 7) / 2)) == Record{Value::Lose, 0, 0});
  for (int n = 0; n <= 42; ++n)
    for (int s = -22; s <= 22; ++s) {
      const Record r = record_from_score(g, n, s);
      if (s != 0 && (r.remoteness > 42 - n)) continue;  // not a reachable score at n
      CHECK(score_from_record(g, n, r) == s);
    }
}

TEST_CASE("search: small boards from the start") {
  for (auto [w, h, score] : {std::tuple{4, 4, 0}, {5, 4, 0}, {4, 5, 0}, {6, 4, -1}, {4, 6, 0}, {5, 5, 0}}) {
    Connect4 g(w, h);
    Searcher<Connect4> solver(g, {.threads = 1, .hash_mb = 16});
    const int width = w, height = h;  // clang 14 cannot capture a structured binding
    CAPTURE(width);
    CAPTURE(height);
    CHECK(solver.solve(g.start()) == score);
    CHECK(solver.solve_weak(g.start()) == (score > 0) - (score < 0));
  }
  Connect4 g(6, 4);
  Searcher<Connect4> solver(g, {.threads = 1, .hash_mb = 16});
  CHECK(solver.record(g.start()) == Record{Value::Lose, 24, 0});
  CHECK(Searcher<Connect4>(Connect4(4, 4)).record(Connect4(4, 4).start()) == Record{Value::Tie, 16, 0});
  CHECK(Searcher<Connect4>(Connect4(5, 4)).record(Connect4(5, 4).start()) == Record{Value::Tie, 20, 0});
}

TEST_CASE("search: reference scores on small boards (ref_WxH)") {
  check_file("ref_4x4.txt", 4, 4);
  check_file("ref_5x4.txt", 5, 4);
  check_file("ref_4x5.txt", 4, 5);
  check_file("ref_5x5.txt", 5, 5);
}

TEST_CASE("search: Test_L3_R1, Test_L2_R1, Test_L1_R1 (7x6, all lines)") {
  check_file("Test_L3_R1", 7, 6);
  check_file("Test_L2_R1", 7, 6);
  check_file("Test_L1_R1", 7, 6);
}

TEST_CASE("search: Test_L2_R2 and Test_L1_R2 samples (7x6)") {
  check_file("Test_L2_R2", 7, 6, 50);
  check_file("Test_L1_R2", 7, 6, 50);
}

TEST_CASE("search: the run-time geometry agrees with the compiled ones") {
  // These sizes have no compiled geometry; compare with a brute-force solve of
  // positions with at most 9 empty squares.
  for (auto size : {std::pair{3, 3}, {3, 4}, {8, 3}, {2, 5}, {9, 4}}) {
    const int w = size.first, h = size.second;  // not a structured binding: lambdas below use them
    Connect4 g(w, h);
    Searcher<Connect4> solver(g, {.threads = 1, .hash_mb = 1});
    // Exhaustive minimax on the Pons score.
    std::function<int(Connect4::Position)> minimax = [&](Connect4::Position p) {
      const int n = g.stones(p);
      if (g.terminal(p).value == Value::Lose) return -((w * h + 2 - n) / 2);
      if (g.terminal(p).value == Value::Tie) return 0;
      MoveList<Connect4> moves;
      g.generate_moves(p, moves);
      int best = -100;
      for (auto m : moves) best = std::max(best, -minimax(g.play(p, m)));
      return best;
    };
    std::mt19937 rng(w * 100 + h);
    for (int game = 0; game < 20; ++game) {
      auto p = g.start();
      while (!g.terminal(p).primitive()) {
        if (w * h - g.stones(p) <= 9) CHECK(solver.solve(p) == minimax(p));
        MoveList<Connect4> moves;
        g.generate_moves(p, moves);
        p = g.play(p, moves[rng() % moves.size()]);
      }
      CHECK(solver.solve(p) == minimax(p));  // primitive
    }
  }
}

TEST_CASE("search: window contract (exact inside, bounds outside)") {
  Connect4 g(7, 6);
  Searcher<Connect4> solver(g, {.threads = 1, .hash_mb = 8});
  const auto lines = read_lines("Test_L2_R1", 40);
  for (const Line& l : lines) {
    const auto p = g.parse(l.moves);
    for (auto [a, b] : {std::pair{-3, 3},
                        {-30, 30},
                        {l.score - 1, l.score + 1},
                        {l.score, l.score + 1},
                        {l.score - 1, l.score},
                        {l.score + 2, l.score + 5},
                        {l.score - 7, l.score - 2}}) {
      solver.clear();
      const int r = solver.search(p, a, b);
      if (r > a && r < b)
        CHECK(r == l.score);
      else if (r <= a)
        CHECK(l.score <= r);
      else
        CHECK(l.score >= r);
    }
  }
}

TEST_CASE("search: weak mode signs") {
  Connect4 g(7, 6);
  Searcher<Connect4> solver(g, {.threads = 1, .hash_mb = 8});
  for (const char* name : {"Test_L2_R1", "Test_L1_R1"})
    for (const Line& l : read_lines(name, 300)) {
      solver.clear();
      CHECK(solver.solve_weak(g.parse(l.moves)) == (l.score > 0) - (l.score < 0));
    }
}

TEST_CASE("search: one thread and two threads agree") {
  Connect4 g(7, 6);
  Searcher<Connect4> one(g, {.threads = 1, .hash_mb = 16});
  Searcher<Connect4> two(g, {.threads = 2, .hash_mb = 16, .split_depth = 4, .min_split_empties = 8});
  for (const Line& l : read_lines("Test_L1_R2", testing::samples(20, 5))) {
    const auto p = g.parse(l.moves);
    one.clear();
    two.clear();
    const int a = one.solve(p), b = two.solve(p);
    CHECK(a == l.score);
    CHECK(b == l.score);
    CHECK(two.solve_weak(p) == (l.score > 0) - (l.score < 0));
  }
}

TEST_CASE("search: every root driver and ordering option gives the exact score") {
  Connect4 g(7, 6);
  CHECK(parse_algorithm("mtdf") == Algorithm::MTDf);
  CHECK_THROWS_WITH(parse_algorithm("minimax"),
                    "unknown search algorithm 'minimax' (expected narrowing, negascout, mtdf or alphabeta)");
  for (Algorithm a : {Algorithm::Narrowing, Algorithm::NegaScout, Algorithm::MTDf, Algorithm::AlphaBeta})
    for (int threads : {1, 2}) {
      CAPTURE(algorithm_name(a));
      CAPTURE(threads);
      SearchOptions o{.threads = threads, .hash_mb = 16, .split_depth = 4, .min_split_empties = 8, .algorithm = a};
      o.killers = o.history = threads == 2;
      Searcher<Connect4> solver(g, o);
      for (const char* set : {"Test_L2_R2", "Test_L1_R2"})
        for (const Line& l : read_lines(set, testing::samples(8, 2))) {
          solver.clear();
          CHECK(solver.solve(g.parse(l.moves)) == l.score);
        }
    }
  // Different drivers search different trees: the node counts show they ran.
  const auto nodes = [&](Algorithm a) {
    Searcher<Connect4> solver(g, {.threads = 1, .hash_mb = 16, .algorithm = a});
    solver.solve(g.parse("2416615552"));
    return solver.nodes();
  };
  CHECK(nodes(Algorithm::AlphaBeta) != nodes(Algorithm::NegaScout));
  CHECK(nodes(Algorithm::MTDf) != nodes(Algorithm::Narrowing));
}

TEST_CASE("search: analyze gives every child and a principal variation") {
  Connect4 g(5, 4);
  Searcher<Connect4> solver(g);
  for (const Line& l : read_lines("ref_5x4.txt", 30)) {
    const auto p = g.parse(l.moves);
    const auto a = solver.analyze(p);
    CHECK(a.score == l.score);
    CHECK(a.record == record_from_score(g, g.stones(p), l.score));
    // Each child's own solve, and DESIGN.md's rule over the children.
    std::vector<Record> child_records;
    MoveList<Connect4> moves;
    g.generate_moves(p, moves);
    REQUIRE(a.children.size() == moves.size());
    for (const auto& c : a.children) {
      CHECK(c.score == solver.solve(g.play(p, c.move)));
      child_records.push_back(c.record);
    }
    CHECK(combine_children(child_records, false) == a.record);
    // The PV ends the game after exactly `remoteness` plies, with the right outcome.
    REQUIRE(a.pv.size() == a.record.remoteness);
    auto q = p;
    for (auto m : a.pv) q = g.play(q, m);
    // At the end the side to move has lost (a four), or the board is full (tie).
    CHECK(g.terminal(q).value == (a.record.value == Value::Tie ? Value::Tie : Value::Lose));
  }
}

TEST_CASE("search: random 7x6 positions follow the rule over their children") {
  Connect4 g(7, 6);
  Searcher<Connect4> solver(g, {.threads = 1, .hash_mb = 4});
  std::mt19937 rng(5);
  for (int game = 0; game < 30; ++game) {
    auto p = g.start();
    while (!g.terminal(p).primitive()) {
      if (g.stones(p) > 18) {
        const auto a = solver.analyze(p);
        std::vector<Record> child_records;
        for (const auto& c : a.children) child_records.push_back(c.record);
        CHECK(combine_children(child_records, false) == a.record);
      }
      MoveList<Connect4> moves;
      g.generate_moves(p, moves);
      p = g.play(p, moves[rng() % moves.size()]);
    }
  }
}

// ---------------------------------------------------------------------------
// Long runs: `ctest -L long` or `gsolve_tests --test-case='long:*'`.

TEST_CASE("long: search benchmark table (1 thread, table cleared before each position)") {
  struct Set {
    const char* file;
    std::size_t limit;
    std::size_t hash_mb;
  };
  std::printf("%-12s %6s %14s %14s %14s %8s\n", "set", "lines", "mean CPU", "mean wall", "mean nodes", "wrong");
  for (const Set s : {Set{"Test_L3_R1", 0, 64}, Set{"Test_L2_R1", 0, 64}, Set{"Test_L2_R2", 0, 64},
                      Set{"Test_L1_R1", 0, 64}, Set{"Test_L1_R2", 200, 64}, Set{"Test_L1_R3", 30, 64}}) {
    const BenchResult r = run_benchmark_file(kDir + s.file, 1, s.hash_mb, s.limit, false);
    std::printf("%-12s %6zu %11.3f ms %11.3f ms %14.0f %8zu\n", s.file, r.positions,
                r.cpu_seconds / static_cast<double>(r.positions) * 1e3, r.mean_seconds() * 1e3, r.mean_nodes(),
                r.mismatches);
    std::fflush(stdout);
    CHECK(r.mismatches == 0);
  }
}

TEST_CASE("long: all lines of Test_L2_R2 and Test_L1_R2") {
  check_file("Test_L2_R2", 7, 6);
  check_file("Test_L1_R2", 7, 6, 0, 2);
}

TEST_CASE("long: search 1 vs 2 threads on the hard sets") {
  std::printf("%-12s %6s %8s %14s %14s %14s\n", "set", "lines", "threads", "mean CPU", "mean wall", "mean nodes");
  for (auto [file, limit] : {std::pair{"Test_L1_R2", 200}, {"Test_L1_R3", 10}})
    for (int threads : {1, 2}) {
      const BenchResult r = run_benchmark_file(kDir + file, threads, 64, limit, false);
      std::printf("%-12s %6zu %8d %11.3f ms %11.3f ms %14.0f\n", file, r.positions, threads,
                  r.cpu_seconds / static_cast<double>(r.positions) * 1e3, r.mean_seconds() * 1e3, r.mean_nodes());
      std::fflush(stdout);
      CHECK(r.mismatches == 0);
    }
}

TEST_CASE("long: the empty 7x6 board (first player wins with stone 41)") {
  Connect4 g(7, 6);
  Searcher<Connect4> solver(g, {.threads = 2, .hash_mb = 256});
  const auto t0 = std::chrono::steady_clock::now();
  const int score = solver.solve(g.start());
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("empty 7x6: score %d, %.1f s wall, %llu nodes\n", score, s,
              static_cast<unsigned long long>(solver.nodes()));
  CHECK(score == 1);
  CHECK(solver.record(g.start()) == Record{Value::Win, 41, 0});
}

namespace {

// Every reachable non-primitive position of a board, searched with one table
// for the whole board, against a memoised exhaustive minimax of the Pons score.
// The static rules of the search (claimeven, zugzwang on a threat, the bounds
// from threats) must never change an exact score.
void check_every_position(int w, int h) {
  Connect4 g(w, h);
  Searcher<Connect4> solver(g, {.threads = 1, .hash_mb = 64});
  std::unordered_map<std::uint64_t, int> memo;
  std::size_t checked = 0, wrong = 0;
  std::function<int(const Connect4::Position&)> minimax = [&](const Connect4::Position& p) {
    const auto key = p.current + p.mask;
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
    const int n = g.stones(p);
    int best;
    if (g.terminal(p).value == Value::Lose) {
      best = -((w * h + 2 - n) / 2);
    } else if (g.terminal(p).value == Value::Tie) {
      best = 0;
    } else {
      MoveList<Connect4> moves;
      g.generate_moves(p, moves);
      best = -100;
      for (auto m : moves) best = std::max(best, -minimax(g.play(p, m)));
      ++checked;
      const int got = solver.solve(p);
      if (got != best && ++wrong <= 5)
        FAIL_CHECK(w << "x" << h << " position " << p.current << "/" << p.mask << " expected " << best << " got "
                     << got);
    }
    memo.emplace(key, best);
    return best;
  };
  minimax(g.start());
  CHECK(wrong == 0);
  CHECK(checked > 100000);
  MESSAGE(w << "x" << h << ": " << checked << " positions searched");
}

}  // namespace

TEST_CASE("search: every reachable position of connect4:4x4 and 4x5 against exhaustive minimax") {
  check_every_position(4, 4);
  check_every_position(4, 5);
}

TEST_CASE("long: search: every reachable position of connect4:5x4 and 4x6 against exhaustive minimax") {
  check_every_position(5, 4);
  check_every_position(4, 6);
}

// A best line keeps the record at every step: the winner's soonest win, the
// loser's latest loss (scores first), so it is as long as the remoteness.
template <class G>
void check_best_line(Searcher<G>& solver, const typename G::Position& p) {
  const G& g = solver.game();
  const auto line = solver.best_line(p);
  Record here = solver.record_or_rules(p);
  REQUIRE(line.size() == here.remoteness);
  auto q = p;
  for (const auto m : line) {
    Record best{};
    MoveList<G> moves;
    g.generate_moves(q, moves);
    for (const auto n : moves) {
      const Record child = as_parent(solver.record_or_rules(g.play(q, n)));
      if (!best.known() || preference(child, G::kScored) > preference(best, G::kScored)) best = child;
    }
    q = g.play(q, m);
    const Record played = as_parent(solver.record_or_rules(q));
    CHECK(played == best);
    CHECK(played == here);
    here = solver.record_or_rules(q);
  }
  CHECK(g.terminal(q).primitive());
}

TEST_CASE("search: a best line follows both sides' best records (reversi 4x4, go 3x3)") {
  Reversi r(4);
  Searcher<Reversi> reversi(r);
  check_best_line(reversi, r.start());
  GoLine go(Go(3, 3));
  Searcher<GoLine> go_lines(go);
  // Score-keeping moves alone gave a line of 31 plies here (the record: win in 15),
  // and after b2 a3 b3 played c3 (lose in 10) where a2 loses in 12.
  CHECK(go_lines.best_line(go.start()).size() == 15);
  const auto after = go.parse("b2 a3 b3");
  CHECK(go_lines.record(after) == Record{Value::Lose, 12, -9});
  CHECK(go.format_move(after, go_lines.best_line(after).front()) == "a2");
  check_best_line(go_lines, go.parse("b2 a3"));
}
