// Go as other programs speak it (games/go.h): half-point komi, a colour moving
// out of turn, and SGF files as editors and servers write them.
#include <doctest/doctest.h>

#include <string>

#include "games/go.h"
#include "games/go_line.h"
#include "go_test_helpers.h"
#include "src/search/go/go_solver.h"

using namespace gsolve;
using gsolve::testing::parse_error;

namespace {

std::string spec_error(const std::string& options) {
  try {
    Go::from_options(options);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("go: a half-point komi rounds the score away from zero, and no game ties") {
  const Go go = Go::from_options("3x3,komi=7.5");
  CHECK(go.komi() == 7.5);
  CHECK(go.half_point_komi());
  CHECK(go.spec() == "go:3x3,komi=7.5");
  CHECK(Go::from_options("5x5,komi=-0.5").spec() == "go:5x5,komi=-0.5");
  CHECK(Go::from_options("5x5,komi=6.50").spec() == "go:5x5,komi=6.5");
  CHECK(Go::from_options("5x5,komi=7").spec() == "go:5x5,komi=7");  // whole points as before
  // Black's margin 9 - 7.5 = +1.5 for Black: +2; for White to move -2.
  CHECK(go.score(9, true) == 2);
  CHECK(go.score(-9, false) == -2);
  CHECK(go.score(8, true) == 1);   // +0.5
  CHECK(go.score(7, true) == -1);  // -0.5
  CHECK(go.score(-7, false) == 1);
  for (int margin = -9; margin <= 9; ++margin) {
    CHECK(go.score(margin, true) != 0);
    CHECK(go.score(margin, true) == -go.score(-margin, false));  // negamax: one side's score is the other's negated
    if (margin > -9) CHECK(go.score(margin, true) > go.score(margin - 1, true));
  }
  CHECK(go.result_text(2) == "B+1.5");
  CHECK(go.result_text(-1) == "W+0.5");
  CHECK(Go(3, 3, 7).result_text(2) == "B+2");
  CHECK(Go(3, 3, 7).result_text(0) == "0");
  CHECK(go.max_score() == 9 + 8);  // 16.5 rounded away from zero
  // Whole-point komi keeps its scores (stored databases and pinned values).
  const Go whole(3, 3, 7);
  CHECK(whole.final_score(whole.parse("a2 a3 b3")) == -2);
  CHECK(whole.score(7, true) == 0);
  // The solver: 3x3 is B+9 on the board, so komi 8.5 leaves Black +0.5 (1) and 9.5 White +0.5 (-1).
  search::go::GoSolver s85(Go::from_options("3x3,komi=8.5")), s95(Go::from_options("3x3,komi=9.5"));
  CHECK(s85.solve(GoGame(Go::from_options("3x3,komi=8.5"))) == 1);
  CHECK(s95.solve(GoGame(Go::from_options("3x3,komi=9.5"))) == -1);
  CHECK(s85.record(GoGame(Go::from_options("3x3,komi=8.5"))).value == Value::Win);
  CHECK(s95.record(GoGame(Go::from_options("3x3,komi=9.5"))).value == Value::Lose);
  CHECK(spec_error("5x5,komi=7.25") ==
        "bad komi '7.25' (expected a whole or half point between -1000 and 1000, e.g. 7 or 7.5)");
  CHECK(spec_error("5x5,komi=x") ==
        "bad komi 'x' (expected a whole or half point between -1000 and 1000, e.g. 7 or 7.5)");
  CHECK(spec_error("5x5,komi=1e9") ==
        "bad komi '1e9' (expected a whole or half point between -1000 and 1000, e.g. 7 or 7.5)");
}

TEST_CASE("go: either colour may move at any time, and a game over plays on") {
  const Go go(3, 3);
  GoGame game(go);
  game.play(go.parse_vertex("b2"));
  CHECK(game.alternates());
  game.set_turn(true);  // Black again
  CHECK(game.legal(go.parse_vertex("a1")));
  game.play(go.parse_vertex("a1"));
  CHECK(go.format(game.position()) == ".../.X./X.. O");
  CHECK(!game.alternates());
  CHECK(!GoLine(go).line_of(game));  // no line of play from the empty board
  CHECK(game.undo());                // takes a1 back, Black still to move
  CHECK(go.format(game.position()) == ".../.X./... X");
  // White first: the same as Black passing, but no pass on the record.
  GoGame white_first(go);
  white_first.set_turn(false);
  white_first.play(go.parse_vertex("b2"));
  CHECK(go.format(white_first.position()) == ".../.O./... X");
  // Two passes end the game; a move after them plays on.
  GoGame over = parse_go_game(go, "b2 pass pass");
  CHECK(over.over());
  CHECK(over.illegal_reason(go.parse_vertex("a1")) == "game over");
  over.set_turn(true);
  CHECK(!over.over());
  over.play(go.parse_vertex("a1"));
  CHECK(go.format(over.position()) == ".../.X./X.. O");
}

TEST_CASE("go: SGF as other programs write it, or one clear line") {
  const Go go(3, 3);
  // Setup stones then White's move (out of turn after the setup's Black-to-move).
  CHECK(go.format(go.parse("(;GM[1]SZ[3]AB[bb]AW[aa];W[ca])")) == "O.O/.X./... X");
  // A UTF-8 byte-order mark, a ruleset of area scoring, a comment.
  CHECK(go.format(go.parse("\xef\xbb\xbf(;GM[1]FF[4]RU[Chinese]SZ[3]C[a \\] comment];B[bb])")) == ".../.X./... O");
  CHECK(go.format(go.parse("(;RU[Tromp-Taylor]SZ[3];B[bb](;W[aa])(;W[cc]))")) == "O../.X./... X");  // first variation
  CHECK(parse_error(go, "(;SZ[-3])") == "bad SGF: size SZ[-3] (expected 1..52, or columns:rows)");
  CHECK(parse_error(go, "(;GM[2]SZ[3])") == "SGF game GM[2] is not Go (GM[1])");
  CHECK(parse_error(go, "(;RU[Japanese]SZ[3];B[bb])") ==
        "SGF rules RU[Japanese] are not gsolve's (area scoring, superko: Chinese, AGA, NZ, Tromp-Taylor); "
        "remove RU to read the moves under gsolve's rules");
  CHECK(parse_error(go, "(;SZ[3];B[bb])(;SZ[3];B[aa])") ==
        "SGF holds more than one game tree (gsolve reads one: keep one game in the file)");
  CHECK(parse_error(go, ";SZ[3];B[bb])") == "bad SGF: a game tree must start with '('");
  CHECK(parse_error(go, "(;SZ[3];B[bb]) junk") == "bad SGF: text after the game tree ('junk')");
  CHECK(parse_error(go, "(;SZ[3];B[bb]\x1b[2J") == "bad SGF: unexpected '\\x1b'");
  // sgf_rules reads the board and komi a file gives, half points included.
  CHECK(sgf_rules(go, "(;SZ[5]KM[6.5])").spec() == "go:5x5,komi=6.5");
  CHECK_THROWS_WITH_AS(sgf_rules(go, "(;GM[4])"), "SGF game GM[4] is not Go (GM[1])", ParseError);
  // A long comment is read, never quoted: an error names the point, not the file.
  const std::string comment(1 << 20, 'c');
  CHECK(go.format(go.parse("(;SZ[3]C[" + comment + "];B[bb])")) == ".../.X./... O");
  CHECK(parse_error(go, "(;SZ[3]C[" + comment + "];B[zz])") == "bad SGF: point 'zz' is off the 3x3 board");
}
