#include <doctest/doctest.h>

#include <unordered_set>
#include <vector>

#include "games/bits.h"
#include "games/registry.h"
#include "games/tictactoe.h"

using namespace gsolve;

TEST_CASE("tictactoe: parse errors name the problem") {
  TicTacToe g;
  CHECK_THROWS_WITH_AS(g.parse("X--"), "tictactoe position needs 9 characters (X, O or -, row-major), got 3",
                       ParseError);
  CHECK_THROWS_WITH_AS(g.parse("X---x----"), "bad character 'x' at square 5 (expected X, O or -)", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("XX-------"),
                       "X has 2 stones and O has 0 (X moves first: X needs as many stones as O or one more)",
                       ParseError);
  CHECK_THROWS_WITH_AS(g.parse("O--------"),
                       "X has 0 stones and O has 1 (X moves first: X needs as many stones as O or one more)",
                       ParseError);
  CHECK_THROWS_WITH_AS(g.parse("XXXOOO---"), "both X and O have three in a row", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("XXXOO-O--"), "X has three in a row but O moved after the game ended", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("OOOXX-X-X"), "O has three in a row but X moved after the game ended", ParseError);
  CHECK_THROWS_AS(TicTacToe::from_options("3x3"), ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.parse("X--------"), "1"), "square 1 is already taken", ParseError);
  CHECK_THROWS_AS(g.parse_move(g.start(), "0"), ParseError);
  CHECK_THROWS_AS(g.parse_move(g.start(), "10"), ParseError);
}

TEST_CASE("tictactoe: terminal positions and moves") {
  TicTacToe g;
  CHECK_FALSE(g.terminal(g.start()).primitive());
  CHECK(g.terminal(g.parse("XXXOO----")).value == Value::Lose);  // row, O to move
  CHECK(g.terminal(g.parse("OXXOX-O--")).value == Value::Lose);  // column of O, X to move
  CHECK(g.terminal(g.parse("XO-OX---X")).value == Value::Lose);  // diagonal
  CHECK(g.terminal(g.parse("XOXXOOOXX")).value == Value::Tie);   // full, no line
  CHECK(g.terminal(g.parse("XXOOOXXOX")).value == Value::Tie);
  CHECK(g.terminal(g.parse("XOXOXOX--")).value == Value::Lose);  // X wins on the anti-diagonal
  CHECK_FALSE(g.terminal(g.parse("XO-------")).primitive());

  MoveList<TicTacToe> moves;
  g.generate_moves(g.start(), moves);
  CHECK(moves.size() == 9);
  const auto p = g.parse("X---O----");
  g.generate_moves(p, moves);
  CHECK(moves.size() == 7);
  CHECK(g.format(g.play(p, g.parse_move(p, "9"))) == "X---O---X");
  CHECK(g.format_move(p, 8) == "9");
  CHECK(g.spec() == "tictactoe");
  CHECK(with_game("tictactoe", [](const auto& game) { return game.spec(); }) == "tictactoe");
}

TEST_CASE("tictactoe: tier layout matches the binomials") {
  TicTacToe g;
  std::uint64_t begin = 0;
  for (int n = 0; n <= 9; ++n) {
    CHECK(g.tier_begin(n) == begin);
    begin += bits::binomial(9, n) * bits::binomial(n, (n + 1) / 2);
  }
  CHECK(g.rank_space() == 6046);
  CHECK(g.tier_begin(10) == g.rank_space());
  // rank and unrank are inverse over the whole space, and stay in the tier.
  for (std::uint64_t r = 0; r < g.rank_space(); ++r) {
    const auto p = g.unrank(r);
    REQUIRE(g.rank(p) == r);
    REQUIRE(r >= g.tier_begin(g.tier(p)));
    REQUIRE(r < g.tier_begin(g.tier(p) + 1));
  }
}

TEST_CASE("tictactoe: 5478 reachable positions, 765 up to symmetry") {
  TicTacToe g;
  std::unordered_set<std::uint64_t> seen, canonical;
  std::uint64_t primitives = 0;
  std::vector<TicTacToe::Position> stack{g.start()};
  seen.insert(g.rank(g.start()));
  while (!stack.empty()) {
    const auto p = stack.back();
    stack.pop_back();
    canonical.insert(g.rank(g.canonical(p)));
    REQUIRE(g.parse(g.format(p)) == p);  // every reachable position parses
    for (int s = 0; s < TicTacToe::kSymmetries; ++s) REQUIRE(g.canonical(TicTacToe::transform(p, s)) == g.canonical(p));
    if (g.terminal(p).primitive()) {
      ++primitives;
      continue;
    }
    MoveList<TicTacToe> moves;
    g.generate_moves(p, moves);
    for (auto m : moves) {
      const auto child = g.play(p, m);
      REQUIRE(g.tier(child) == g.tier(p) + 1);
      if (seen.insert(g.rank(child)).second) stack.push_back(child);
    }
  }
  CHECK(seen.size() == 5478);
  CHECK(canonical.size() == 765);
  CHECK(primitives == 958);
  std::uint64_t class_sum = 0;
  for (auto r : canonical) {
    const auto p = g.unrank(r);
    REQUIRE(g.canonical(p) == p);
    class_sum += g.symmetry_class_size(p);
  }
  CHECK(class_sum == 5478);

  // parse accepts exactly the reachable positions among all 3^9 boards.
  int accepted = 0;
  for (int code = 0; code < 19683; ++code) {
    std::string text;
    for (int q = 0, c = code; q < 9; ++q, c /= 3) text += "-XO"[c % 3];
    try {
      const auto p = g.parse(text);
      REQUIRE(seen.count(g.rank(p)) == 1);
      ++accepted;
    } catch (const ParseError&) {
    }
  }
  CHECK(accepted == 5478);
}
