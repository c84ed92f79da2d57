#include <doctest/doctest.h>

#include <random>

#include "games/connect4.h"

using namespace gsolve;

TEST_CASE("connect4: parse errors name the problem") {
  Connect4 g(7, 6);
  CHECK_THROWS_WITH_AS(g.parse("48"), "column 8 at move 2 is outside 1..7", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("4x"), "bad character 'x' at move 2 (expected a column 1..7)", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("1111111"), "column 1 is full at move 7", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("12121212"), "move at move 8 comes after the game ended", ParseError);
  CHECK_THROWS_AS(Connect4::from_options("9x9"), ParseError);
  CHECK_THROWS_AS(Connect4::from_options("7by6"), ParseError);
}

TEST_CASE("connect4: terminal positions") {
  Connect4 g(7, 6);
  CHECK(g.terminal(g.parse("1212121")).value == Value::Lose);  // vertical four
  CHECK(g.terminal(g.parse("1122334")).value == Value::Lose);  // horizontal
  CHECK(g.terminal(g.parse("1223343445")).value == Value::Lose);  // diagonal /
  CHECK_FALSE(g.terminal(g.parse("121212")).primitive());
  Connect4 tiny(2, 2);
  CHECK(tiny.terminal(tiny.parse("1122")).value == Value::Tie);
}

TEST_CASE("connect4: rank and unrank are inverse, canonical is a class invariant") {
  for (auto [w, h] : {std::pair{4, 4}, {5, 4}, {7, 6}}) {
    Connect4 g(w, h);
    std::mt19937_64 rng(w * 10 + h);
    for (int game = 0; game < 300; ++game) {
      auto p = g.start();
      std::string line;
      while (!g.terminal(p).primitive()) {
        MoveList<Connect4> moves;
        g.generate_moves(p, moves);
        auto m = moves[rng() % moves.size()];
        line += g.format_move(p, m);
        p = g.play(p, m);
        const auto r = g.rank(p);
        REQUIRE(r >= g.tier_begin(g.tier(p)));
        REQUIRE(r < g.tier_begin(g.tier(p) + 1));
        REQUIRE(g.unrank(r) == p);
        REQUIRE(g.canonical(g.mirror(p)) == g.canonical(p));
        REQUIRE(g.parse(g.format(p)) == p);
      }
      CHECK(g.parse(line) == p);
    }
  }
}
