// Search test sets (gsolve bench --set): files of positions with their exact
// scores, read into one game-independent form and run by any searcher.
//
// Formats, chosen by the file name:
//   *.obf  OBF (tests/data/reversi/README.md), game reversi:NxN with NxN
//          from the file name (r6x6-22.obf), else 8x8:
//          "<N*N chars> <X|O>; <move>:<score>; <move>:<score>; ..." best move
//          first; '%' starts a comment line. Every move's score is the exact
//          final margin for the side to move after that move; the first is the
//          position's score. A line without a score is an error (ParseError
//          naming the file and line), never a wrong answer.
//   else   Connect 4 sets "<moves> <Pons score>" (a lone "<score>" is the empty
//          board), game connect4:WxH with WxH from the file name, else 7x6.
// Blank lines are skipped in both.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

#include "games/game.h"
#include "src/search/options.h"

namespace gsolve::search {

struct SetLine {
  std::size_t line = 0;  // 1-based line number in the file
  std::string position;  // the game's position text
  int expected = 0;      // exact score of the position, side to move's view
  // OBF: every listed move (as written) with its exact score, mover's view; empty for Connect 4.
  std::vector<std::pair<std::string, int>> moves;
};

struct TestSet {
  std::string name;       // the file's name, for messages ("<name>:<line>: ...")
  std::string game_spec;  // "reversi:8x8", "connect4:7x6", ...
  std::vector<SetLine> lines;
};

// Reads the first `limit` positions (0 = all). Throws ParseError (file:line:
// what) on a malformed line, std::runtime_error when the file cannot be read.
TestSet read_test_set(const std::string& path, std::size_t limit = 0);

struct SetResult {
  std::size_t positions = 0;
  std::size_t mismatches = 0;     // wrong best scores (weak: wrong signs), plus wrong move scores
  std::size_t moves_checked = 0;  // --all-moves: listed moves solved and compared
  std::string first_mismatch;     // Connect 4: "<moves> expected E got G"; OBF: "line N ...: expected E got G"
  double seconds = 0;             // total wall time of the position solves (move checks excluded)
  double cpu_seconds = 0;         // total CPU time of the position solves (all threads)
  std::uint64_t nodes = 0;        // total nodes of the position solves
  // with_remoteness: the record phase after each solve (record_from_search), measured apart.
  double remoteness_cpu_seconds = 0;
  std::uint64_t remoteness_nodes = 0;
  long long remoteness_sum = 0;  // sum of the positions' remoteness (a signature of the phase)
  double mean_seconds() const { return positions ? seconds / static_cast<double>(positions) : 0; }
  double mean_nodes() const { return positions ? static_cast<double>(nodes) / static_cast<double>(positions) : 0; }
};

// For each line: clear the table, solve the position (weak: its sign only),
// compare; with_remoteness (not weak), then find its record with the
// searcher's record_from_search (the same table; CPU and nodes counted
// apart); with all_moves, solve every listed move's child too (same table,
// not timed) and compare its negated score. `Solver` has clear(),
// reset_nodes(), nodes(), solve(p), solve_weak(p) (the Searcher API).
template <class G, class Solver>
SetResult run_test_set(const G& game, Solver& solver, const TestSet& set, bool weak = false, bool all_moves = false,
                       bool with_remoteness = false) {
  SetResult result;
  auto note = [&](const SetLine& l, const std::string& what, int expected, int got) {
    if (result.mismatches++ != 0) return;
    if (l.moves.empty())
      result.first_mismatch = l.position + " expected " + std::to_string(expected) + " got " + std::to_string(got);
    else
      result.first_mismatch = "line " + std::to_string(l.line) + " (" + l.position + ")" + what + ": expected " +
                              std::to_string(expected) + " got " + std::to_string(got);
  };
  for (const SetLine& l : set.lines) {
    typename G::Position p;
    try {
      p = game.parse(l.position);
    } catch (const ParseError& e) {
      throw ParseError(set.name + ":" + std::to_string(l.line) + ": " + e.what());
    }
    solver.clear();
    solver.reset_nodes();
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    const int got = weak ? solver.solve_weak(p) : solver.solve(p);
    const std::clock_t c1 = std::clock();
    const auto t1 = std::chrono::steady_clock::now();
    result.cpu_seconds += static_cast<double>(c1 - c0) / CLOCKS_PER_SEC;
    result.seconds += std::chrono::duration<double>(t1 - t0).count();
    result.nodes += solver.nodes();
    ++result.positions;
    const int expected = weak ? (l.expected > 0) - (l.expected < 0) : l.expected;
    if (got != expected) note(l, "", expected, got);
    if constexpr (requires { record_from_search(solver, p, got); }) {
      if (with_remoteness && !weak) {
        const std::uint64_t n0 = solver.nodes();
        const std::clock_t r0 = std::clock();
        result.remoteness_sum += record_from_search(solver, p, got).remoteness;
        result.remoteness_cpu_seconds += static_cast<double>(std::clock() - r0) / CLOCKS_PER_SEC;
        result.remoteness_nodes += solver.nodes() - n0;
      }
    }
    if (!all_moves) continue;
    for (const auto& [move, score] : l.moves) {
      const auto child = game.play(p, game.parse_move(p, move));
      const int child_got = weak ? -solver.solve_weak(child) : -solver.solve(child);
      const int child_expected = weak ? (score > 0) - (score < 0) : score;
      ++result.moves_checked;
      if (child_got != child_expected) note(l, " move " + move, child_expected, child_got);
    }
  }
  return result;
}

// Connect 4 sets by file name, through the reader and runner above (the
// tables of tests/unit/test_search.cpp and tools/bench_search.sh).
using BenchResult = SetResult;
BenchResult run_benchmark_file(const std::string& path, const SearchOptions& options, std::size_t limit, bool weak);
BenchResult run_benchmark_file(const std::string& path, int threads, std::size_t hash_mb, std::size_t limit, bool weak);

}  // namespace gsolve::search
