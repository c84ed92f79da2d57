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
  CHECK(g.terminal(g.parse("1212121")).value == Value::Lose);     // vertical four
  CHECK(g.terminal(g.parse("1122334")).value == Value::Lose);     // horizontal
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

// The one rules kernel (games/connect4_kernel.h) against a naive scan, on
// tall narrow boards whose strides times 3 reach 64 or more (connect4:3x20
// shifts by 66: undefined behaviour before the shifts were guarded).
TEST_CASE("connect4: kernel has_four and winning_squares against a naive scan, tall boards included") {
  std::mt19937_64 rng(7);
  for (auto [width, height] : {std::pair{3, 20}, {2, 30}, {7, 6}, {4, 15}, {1, 63}}) {
    const int w = width, h = height;  // clang 14 cannot capture a structured binding
    const Connect4 g(w, h);
    const auto naive_four = [&](std::uint64_t stones) {
      const auto at = [&](int c, int r) {
        return c >= 0 && c < w && r >= 0 && r < h && (stones >> (c * (h + 1) + r) & 1);
      };
      for (int c = 0; c < w; ++c)
        for (int r = 0; r < h; ++r)
          for (auto [dc, dr] : {std::pair{1, 0}, {0, 1}, {1, 1}, {1, -1}})
            if (at(c, r) && at(c + dc, r + dr) && at(c + 2 * dc, r + 2 * dr) && at(c + 3 * dc, r + 3 * dr)) return true;
      return false;
    };
    for (int i = 0; i < 2000; ++i) {
      // Stones fill each column from the bottom (gravity), owned at random.
      std::uint64_t mask = 0;
      for (int c = 0; c < w; ++c) mask |= ((std::uint64_t{1} << (rng() % (h + 1))) - 1) << (c * (h + 1));
      const std::uint64_t own = mask & (rng() | rng());
      CAPTURE(w);
      CAPTURE(h);
      CHECK(g.has_four(own) == naive_four(own));
      // A winning square completes a line of four whose other three squares are own.
      std::uint64_t expected = 0;
      for (int c = 0; c < w; ++c)
        for (int r = 0; r < h; ++r)
          for (auto [dc, dr] : {std::pair{1, 0}, {0, 1}, {1, 1}, {1, -1}}) {
            std::uint64_t line = 0;
            for (int k = 0; k < 4; ++k) {
              const int cc = c + k * dc, rr = r + k * dr;
              if (cc < 0 || cc >= w || rr < 0 || rr >= h)
                line = 0, k = 4;
              else
                line |= std::uint64_t{1} << (cc * (h + 1) + rr);
            }
            if (__builtin_popcountll(line) != 4) continue;
            const std::uint64_t missing = line & ~own;
            if (__builtin_popcountll(missing) == 1 && !(missing & mask)) expected |= missing;
          }
      CHECK(g.winning_squares(own, mask) == expected);
    }
  }
}
