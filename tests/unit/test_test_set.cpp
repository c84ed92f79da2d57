// Search test sets (src/search/test_set.h): the OBF and Connect 4 readers and
// the generic runner (best scores, every listed move's score, first mismatch).
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <unordered_map>

#include "games/connect4.h"
#include "games/reversi.h"
#include "reversi_negamax.h"
#include "src/search/remoteness.h"
#include "src/search/searcher.h"
#include "src/search/test_set.h"

using namespace gsolve;
using namespace gsolve::search;

namespace {

struct TempFile {
  std::string path;
  TempFile(const std::string& name, const std::string& text)
      : path((std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "-" + name)).string()) {
    std::ofstream(path) << text;
  }
  ~TempFile() { std::filesystem::remove(path); }
};

const std::string kFfo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

// The exact scores of reversi:4x4 by exhaustive negamax, as a Searcher-like solver.
struct Reversi4Solver : testing::ReversiNegamax {
  using ReversiNegamax::ReversiNegamax;
  int solve(const Reversi::Position& p) { return exact(p); }
  int solve_weak(const Reversi::Position& p) {
    const int s = solve(p);
    return (s > 0) - (s < 0);
  }
  void clear() { memo.clear(); }
  void reset_nodes() { calls = 0; }
  std::uint64_t nodes() const { return calls; }
};

}  // namespace

TEST_CASE("test sets: OBF lines, comments, every move's score") {
  TempFile f("set.obf", "% FFO #40\n\n" + kFfo40 + "; A2:+38; C7:+36; D8:+34;\n" +
                            "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O; G3:-12; C7:-12;\n");
  const TestSet set = read_test_set(f.path);
  CHECK(set.game_spec == "reversi:8x8");
  REQUIRE(set.lines.size() == 2);
  CHECK(set.lines[0].line == 3);
  CHECK(set.lines[0].position == kFfo40);
  CHECK(set.lines[0].expected == 38);
  CHECK(set.lines[0].moves == std::vector<std::pair<std::string, int>>{{"A2", 38}, {"C7", 36}, {"D8", 34}});
  CHECK(set.lines[1].line == 4);
  CHECK(set.lines[1].expected == -12);
  CHECK(read_test_set(f.path, 1).lines.size() == 1);
  // The position text is gsolve's reversi text: it parses, and the moves are legal there.
  const Reversi g(8);
  const auto p = g.parse(set.lines[0].position);
  CHECK(g.format_move(p, g.parse_move(p, "A2")) == "a2");
}

TEST_CASE("test sets: malformed OBF lines are parse errors naming the line") {
  auto error_of = [](const std::string& text) -> std::string {
    TempFile f("bad.obf", text);
    try {
      read_test_set(f.path);
    } catch (const ParseError& e) {
      return e.what();
    }
    return "no error";
  };
  const std::string name = std::to_string(::getpid()) + "-bad.obf";
  CHECK(error_of(kFfo40 + "; A2:+38;\n" + kFfo40 + "\n") == name + ":2: no <move>:<score> after the position");
  CHECK(error_of(kFfo40 + ";\n") == name + ":1: no <move>:<score> after the position");
  CHECK(error_of(kFfo40 + "; A2+38;\n") == name + ":1: 'A2+38' is not <move>:<score>");
  CHECK(error_of(kFfo40 + "; A2:+3x;\n") == name + ":1: 'A2:+3x' is not <move>:<score>");
  CHECK_THROWS_AS(read_test_set("/nonexistent/x.obf"), std::runtime_error);
}

TEST_CASE("test sets: Connect 4 lines and the board size from the name") {
  TempFile f("ref_4x5.txt", "1 2\n\n -3\n12 +4\n");
  const TestSet set = read_test_set(f.path);
  CHECK(set.game_spec == "connect4:4x5");
  REQUIRE(set.lines.size() == 3);
  CHECK(set.lines[0].position == "1");
  CHECK(set.lines[0].expected == 2);
  CHECK(set.lines[0].moves.empty());
  CHECK(set.lines[1].position == "");  // a blank, then the score: the empty board
  CHECK(set.lines[1].expected == -3);
  CHECK(set.lines[1].line == 3);
  TempFile g("Test_L2_R2", "2252576253462244111563365343671351441 -1\n");
  CHECK(read_test_set(g.path).game_spec == "connect4:7x6");
  CHECK(set.lines[2].position == "12");
  CHECK(set.lines[2].expected == 4);
  TempFile bad("ref_4x5_bad.txt", "1 2\n12 abc\n");
  TempFile no_score("ref_4x5_noscore.txt", "1 2\n4455\n");  // a line without a score is no empty board
  CHECK_THROWS_WITH_AS(
      read_test_set(no_score.path),
      (std::to_string(::getpid()) + "-ref_4x5_noscore.txt:2: expected '<moves> <score>', got '4455'").c_str(),
      ParseError);
  CHECK_THROWS_WITH_AS(
      read_test_set(bad.path),
      (std::to_string(::getpid()) + "-ref_4x5_bad.txt:2: expected '<moves> <score>', got '12 abc'").c_str(),
      ParseError);
}

TEST_CASE("test sets: the runner checks best scores and, with all moves, every listed move") {
  const Reversi g(4);
  Reversi4Solver solver{g};
  // The start: white wins by 10; c2... the start's moves for black all lose by 10 or more.
  const auto start = g.start();
  MoveList<Reversi> moves;
  g.generate_moves(start, moves);
  SetLine line;
  line.line = 1;
  line.position = g.format(start);
  line.expected = -10;
  for (auto m : moves) line.moves.emplace_back(g.format_move(start, m), -solver.solve(g.play(start, m)));
  TestSet set{"start.obf", "reversi:4x4", {line}};
  SetResult r = run_test_set(g, solver, set, false, true);
  CHECK(r.positions == 1);
  CHECK(r.mismatches == 0);
  CHECK(r.moves_checked == moves.size());
  CHECK(r.nodes > 0);
  CHECK(run_test_set(g, solver, set, true, true).mismatches == 0);  // weak: signs only

  set.lines[0].moves.back().second += 2;  // one wrong move score: seen only with all moves
  CHECK(run_test_set(g, solver, set).mismatches == 0);
  r = run_test_set(g, solver, set, false, true);
  CHECK(r.mismatches == 1);
  CHECK(r.first_mismatch == "line 1 (" + line.position + ") move " + line.moves.back().first + ": expected " +
                                std::to_string(line.moves.back().second + 2) + " got " +
                                std::to_string(line.moves.back().second));
  set.lines[0].expected = -8;  // wrong best score: reported first
  r = run_test_set(g, solver, set, false, true);
  CHECK(r.mismatches == 2);
  CHECK(r.first_mismatch == "line 1 (" + line.position + "): expected -8 got -10");
}

TEST_CASE("test sets: Connect 4 runs through the same runner") {
  const Connect4 g(4, 4);
  Searcher<Connect4> solver(g);
  const int start = solver.solve(g.start());
  TempFile set_file("set_4x4.txt", "1 " + std::to_string(solver.solve(g.parse("1"))) + "\n " + std::to_string(start) +
                                       "\n" + "12 " + std::to_string(solver.solve(g.parse("12")) + 1) + "\n");
  const TestSet set = read_test_set(set_file.path);
  CHECK(set.game_spec == "connect4:4x4");
  const SetResult r = run_test_set(g, solver, set);
  CHECK(r.positions == 3);
  CHECK(r.mismatches == 1);
  CHECK(r.first_mismatch == "12 expected " + std::to_string(solver.solve(g.parse("12")) + 1) + " got " +
                                std::to_string(solver.solve(g.parse("12"))));
}
