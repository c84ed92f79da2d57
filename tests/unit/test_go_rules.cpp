// Go rules (games/go.h): the spec, captures and area scoring, the move between
// two positions, parse errors, SGF, superko and its hashing.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "games/go.h"
#include "go_test_helpers.h"
#include "src/search/go/go_solver.h"

using namespace gsolve;
using namespace gsolve::testing;
using gsolve::search::go::GoSolver;

TEST_CASE("go: spec, captures, area scoring") {
  CHECK(Go::from_options("5x4").spec() == "go:5x4");
  CHECK(Go::from_options("3x3,komi=2,ko=ssk").spec() == "go:3x3,komi=2,ko=ssk");
  CHECK_THROWS_WITH_AS(Go::from_options("8x8"), "go board 8x8 is not supported (width and height must be 1..7)",
                       ParseError);
  CHECK_THROWS_WITH_AS(Go::from_options("3x3,ko=simple"), "bad go option 'ko=simple' (known: komi=K, ko=psk, ko=ssk)",
                       ParseError);
  CHECK_THROWS_WITH_AS(Go::from_options("3"), "bad go size '3' (expected WxH, e.g. go:5x5)", ParseError);

  const Go go(3, 3);
  // b2 is the centre (point 4); a3 the top-left (point 0); c1 the bottom-right (point 8).
  CHECK(go.parse_vertex("B2") == 4);
  CHECK(go.parse_vertex("a3") == 0);
  CHECK(go.parse_vertex("c1") == 8);
  CHECK(go.point_name(4) == "b2");
  // White a3 surrounded by black a2 and b3: captured.
  const auto p = go.parse("a2 a3 b3");
  CHECK(p.white == 0);
  CHECK(p.black == ((1u << 3) | (1u << 1)));
  CHECK(go.format(p) == ".X./X../... O");
  // Area: black stones 2 + a3 (bordered by black only) = 3; the rest borders black only too.
  CHECK(go.black_area_margin(p) == 9);
  CHECK(go.final_score(p) == -9);  // white to move
  const Go komi(3, 3, 7);
  CHECK(komi.final_score(komi.parse("a2 a3 b3")) == -2);
  // A region touching both colours counts for nobody.
  CHECK(go.black_area_margin(go.parse("a1 c3")) == 0);
  CHECK(go.terminal(go.parse("b2 pass pass")).score == -9);  // white to move after b2 pass pass
}

TEST_CASE("go: the move between two positions of a line, captures and passes included") {
  // Every legal line of up to 5 moves on 2x3 (captures happen there within 5).
  const Go go(2, 3);
  int captures = 0;
  for (const auto& line : every_line(go, 5)) {
    GoGame game(go);
    for (const int m : line) {
      const Go::Position before = game.position();
      const Go::Move move = m < 0 ? Go::kPass : static_cast<Go::Move>(m);
      game.play(move);
      REQUIRE(Go::move_between(before, game.position()) == move);
      captures +=
          std::popcount(before.black | before.white) > std::popcount(game.position().black | game.position().white);
    }
  }
  CHECK(captures > 0);
}

TEST_CASE("go: parse errors are one line") {
  const Go go(3, 3);
  CHECK(parse_error(go, "b2 b2") == "illegal move b2 (occupied)");
  CHECK(parse_error(go, "a2 a3 b3 a3") == "illegal move a3 (suicide)");
  CHECK(parse_error(go, "d1") == "'d1' is not a point of the 3x3 board (expected e.g. b2 or pass)");
  CHECK(parse_error(go, "a4") == "'a4' is not a point of the 3x3 board (expected e.g. b2 or pass)");
  CHECK(parse_error(go, "b2 pass pass a1") == "move a1 after two passes: the game is over");
  CHECK(parse_error(go, "(;SZ[3];B[dd])") == "bad SGF: point 'dd' is off the 3x3 board");
  CHECK(parse_error(go, "(;SZ[4];B[aa])") == "SGF board size 4x4 differs from the game's 3x3");
  CHECK(parse_error(go, "(;SZ[3];B[aa]") == "bad SGF: missing ')'");
  CHECK(parse_error(go, ";B[aa])") == "bad SGF: a game tree must start with '('");
  CHECK(parse_error(go, "(;SZ[3];W[aa])") == "(no error)");  // SGF lets White move first
  CHECK(parse_error(go, "(;SZ[3]KM[6.5])") == "SGF komi 6.5 differs from the game's komi 0");
}

TEST_CASE("go: SGF main line, setup, passes, rectangles") {
  const Go go(3, 3);
  CHECK(go.parse("(;GM[1]FF[4]SZ[3]KM[0]RU[Chinese];B[bb];W[ab](;B[cc])(;B[aa]))") == go.parse("B2 a2 c1"));
  CHECK(go.parse("(;SZ[3];B[bb];W[];B[tt])") == go.parse("b2 pass pass"));
  const auto setup = go.parse("(;SZ[3]AB[aa][bb]AW[cc]PL[W])");
  CHECK(setup.black == ((1u << 0) | (1u << 4)));
  CHECK(setup.white == (1u << 8));
  CHECK(setup.black_to_move == 0);
  const Go rect(3, 2);
  CHECK(rect.parse("(;SZ[3:2];B[cb])") == rect.parse("c1"));
  CHECK(parse_error(rect, "(;SZ[2:3])") == "SGF board size 2x3 differs from the game's 3x2");
}

TEST_CASE("go: superko vectors (shared README)") {
  const Go psk(2, 2), ssk(2, 2, 0, Superko::Situational);
  // Vector 1: B b2, W a1, B b1, W a2 (captures 2), B b2, W b1 (captures 1); B b2 recreates move 1's board.
  for (const Go& go : {psk, ssk}) {
    GoGame game = parse_go_game(go, "b2 a1 b1 a2 b2 b1");
    CHECK(__builtin_popcountll(game.position().black | game.position().white) == 3);
    CHECK(game.illegal_reason(go.parse_vertex("b2")) == "superko");
    CHECK(parse_error(go, "b2 a1 b1 a2 b2 b1 b2") == "illegal move b2 (superko)");
  }
  // Vector 2: recreates the board after move 3 with the other side to move.
  const std::string line = "a1 b1 a2 b2 a1 pass a2";
  CHECK(parse_error(psk, line + " b1") == "illegal move b1 (superko)");
  CHECK_NOTHROW(parse_go_game(ssk, line + " b1"));
}

TEST_CASE("go: a hash collision never forbids a legal move") {
  const Go go(2, 2);
  // hash_mask 0: every board has hash 0, so every move meets a hash hit.
  GoGame collide(go, 0);
  for (const char* m : {"b2", "a1", "b1", "a2", "b2", "b1"}) collide.play(go.parse_vertex(m));
  CHECK(collide.illegal_reason(go.parse_vertex("b2")) == "superko");
  GoGame full(go);
  for (const char* m : {"b2", "a1", "b1", "a2", "b2", "b1"}) full.play(go.parse_vertex(m));
  MoveList<Go> a, b;
  collide.legal_moves(a);
  full.legal_moves(b);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i] == b[i]);
  // The solver gives the same value under colliding hashes.
  GoGame empty_collide(go, 0);
  GoSolver solver(go);
  CHECK(solver.solve(empty_collide) == 1);
}
