#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "games/quickcross.h"
#include "games/registry.h"

using namespace gsolve;

namespace {

struct Counts {
  std::uint64_t positions = 0, primitives = 0;            // distinct boards
  std::uint64_t canonical = 0, canonical_primitives = 0;  // distinct up to symmetry
  std::uint64_t class_sum = 0;                            // symmetry_class_size over the canonical ones
};

// Every board reachable from the empty one (primitives are not expanded).
Counts count_reachable(const QuickCross& g) {
  std::vector<std::uint8_t> seen(g.rank_space()), canonical_seen(g.rank_space());
  std::vector<QuickCross::Position> stack{g.start()};
  seen[g.rank(g.start())] = 1;
  Counts c;
  while (!stack.empty()) {
    const auto p = stack.back();
    stack.pop_back();
    const bool primitive = g.terminal(p).primitive();
    ++c.positions;
    c.primitives += primitive;
    const auto canon = g.canonical(p);
    if (!canonical_seen[g.rank(canon)]) {
      canonical_seen[g.rank(canon)] = 1;
      ++c.canonical;
      c.canonical_primitives += primitive;
      c.class_sum += g.symmetry_class_size(canon);
    }
    if (primitive) continue;
    MoveList<QuickCross> moves;
    g.generate_moves(p, moves);
    for (auto m : moves) {
      const auto child = g.play(p, m);
      const auto r = g.rank(child);
      if (!seen[r]) {
        seen[r] = 1;
        stack.push_back(child);
      }
    }
  }
  return c;
}

}  // namespace

TEST_CASE("quickcross: specs and parse errors name the problem") {
  CHECK(QuickCross::from_options("").spec() == "quickcross:4x4,connect=4");
  CHECK(QuickCross::from_options("3x3").spec() == "quickcross:3x3,connect=3");
  CHECK(QuickCross::from_options("3x4,connect=3").spec() == "quickcross:3x4,connect=3");
  CHECK(QuickCross::from_options("4x4,connect=3").spec() == "quickcross:4x4,connect=3");
  CHECK(QuickCross::from_options("2x5").connect() == 2);
  CHECK(with_game("quickcross:3x3", [](const auto& game) { return game.spec(); }) == "quickcross:3x3,connect=3");
  CHECK_THROWS_WITH_AS(QuickCross::from_options("3by3"), "bad quickcross size '3by3' (expected RxC, e.g. 3x4)",
                       ParseError);
  CHECK_THROWS_WITH_AS(QuickCross::from_options("5x5"), "quickcross board 5x5 is not supported (at most 20 squares)",
                       ParseError);
  CHECK_THROWS_WITH_AS(QuickCross::from_options("3x3,connect=4"),
                       "connect=4 does not fit a 3x3 board (no line is that long)", ParseError);
  CHECK_THROWS_WITH_AS(QuickCross::from_options("3x3,connect=0"),
                       "bad quickcross option 'connect=0' (expected connect=K, K >= 1)", ParseError);
  CHECK_THROWS_WITH_AS(QuickCross::from_options("3x3,komi=2"),
                       "unknown quickcross option 'komi=2' in '3x3,komi=2' (expected RxC[,connect=K])", ParseError);

  QuickCross g(3, 3);
  CHECK_THROWS_WITH_AS(g.parse("...."), "quickcross 3x3 board needs 9 characters ('.', '-' or '|', row-major), got 4",
                       ParseError);
  CHECK_THROWS_WITH_AS(g.parse("....x...."), "bad character 'x' at square b2 (expected '.', '-' or '|')", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "flip@a1"), "square a1 is empty: nothing to flip", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.parse("-........"), "-@a1"), "square a1 already holds '-'", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "-@d1"),
                       "bad quickcross move '-@d1' (expected -@a1, |@a1 or flip@a1; columns a..c, rows 1..3)",
                       ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.parse("---......"), "|@c3"), "the game is over: no move |@c3", ParseError);
}

TEST_CASE("quickcross: moves, lines and text") {
  QuickCross g(3, 4, 3);
  // Squares a1 b1 c1 d1 / a2 .. d2 / a3 .. d3, row 1 at the top.
  CHECK(g.format(g.start()) == "............");
  MoveList<QuickCross> moves;
  g.generate_moves(g.start(), moves);
  CHECK(moves.size() == 24);
  auto p = g.play(g.start(), g.parse_move(g.start(), "|@b2"));
  CHECK(g.format(p) == ".....|......");
  g.generate_moves(p, moves);
  CHECK(moves.size() == 23);  // b2 can only be turned over
  const auto flip = g.parse_move(p, "flip@b2");
  CHECK(g.format_move(p, flip) == "flip@b2");
  CHECK(g.parse_move(p, "-@b2") == flip);
  CHECK(g.format(g.play(p, flip)) == ".....-......");
  CHECK(g.format_move(p, g.parse_move(p, "-@d3")) == "-@d3");

  CHECK_FALSE(g.terminal(g.parse("--.-........")).primitive());     // a gap
  CHECK(g.terminal(g.parse(".---........")).value == Value::Lose);  // row b1-d1
  CHECK(g.terminal(g.parse("...|...|...|")).value == Value::Lose);  // column d
  CHECK(g.terminal(g.parse("-....-....-.")).value == Value::Lose);  // diagonal a1-c3
  CHECK(g.terminal(g.parse("...-..-..-..")).value == Value::Lose);  // anti-diagonal d1-b3
  CHECK_FALSE(g.terminal(g.parse("-....|....-.")).primitive());     // mixed orientations
  CHECK_FALSE(g.terminal(g.parse("--||||----||")).primitive());     // full board, no line
  CHECK(g.terminal(g.parse("--|--||-|--|")).value == Value::Lose);  // anti-diagonal c1-a3
  CHECK_FALSE(g.terminal(g.parse("--.---......")).primitive());     // no wrap from d1 to a2
  CHECK_FALSE(g.terminal(g.parse("..-.-......-")).primitive());     // c1 b2 ... not a line

  QuickCross square(4, 4);  // connect 4
  CHECK_FALSE(square.terminal(square.parse("---.............")).primitive());
  CHECK(square.terminal(square.parse("|....|....|....|")).value == Value::Lose);
  CHECK(square.terminal(square.parse("...|..|..|..|...")).value == Value::Lose);
}

TEST_CASE("quickcross: rank, unrank and symmetry") {
  for (auto [r, c, k] : std::array<std::array<int, 3>, 5>{{{3, 3, 3}, {3, 4, 3}, {4, 4, 4}, {4, 5, 3}, {2, 10, 2}}}) {
    QuickCross g(r, c, k);
    std::uint64_t space = 1;
    for (int q = 0; q < r * c; ++q) space *= 3;
    CHECK(g.rank_space() == space);
    CHECK(g.tier_begin(1) == space);
    CHECK(g.symmetry_count() == (r == c ? 16 : 8));
    std::mt19937_64 rng(r * 100 + c);
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t rank = rng() % space;
      const auto p = g.unrank(rank);
      REQUIRE(g.rank(p) == rank);
      REQUIRE(g.parse(g.format(p)) == p);
      const auto canon = g.canonical(p);
      int distinct = 0;
      std::vector<QuickCross::Position> images;
      for (int s = 0; s < g.symmetry_count(); ++s) {
        const auto t = g.transform(p, s);
        REQUIRE(g.canonical(t) == canon);
        REQUIRE(g.terminal(t).value == g.terminal(p).value);
        if (std::find(images.begin(), images.end(), t) == images.end()) images.push_back(t), ++distinct;
      }
      REQUIRE(g.symmetry_class_size(p) == distinct);
    }
    CHECK(g.rank(g.parse(std::string(r * c, '|'))) == space - 1);
  }
  QuickCross g(3, 3);
  CHECK(g.rank(g.parse("-........")) == 1);
  CHECK(g.rank(g.parse("|........")) == 2);
  CHECK(g.rank(g.parse(".-.......")) == 3);
  CHECK(g.rank(g.parse("........|")) == 2 * 6561);
}

TEST_CASE("quickcross: reachable positions from the empty board") {
  // The published table counts distinct boards, not symmetry classes.
  const auto c33 = count_reachable(QuickCross(3, 3, 3));
  MESSAGE("quickcross 3x3: ", c33.positions, " boards (", c33.primitives, " primitive), ", c33.canonical,
          " up to symmetry (", c33.canonical_primitives, " primitive)");
  CHECK(c33.positions == 18753);
  CHECK(c33.primitives == 7628);
  CHECK(c33.canonical == 1359);
  CHECK(c33.canonical_primitives == 553);
  CHECK(c33.class_sum == c33.positions);
  const auto c34 = count_reachable(QuickCross(3, 4, 3));
  MESSAGE("quickcross 3x4,connect=3: ", c34.positions, " boards (", c34.primitives, " primitive), ", c34.canonical,
          " up to symmetry (", c34.canonical_primitives, " primitive)");
  CHECK(c34.positions == 453831);
  CHECK(c34.primitives == 241678);
  CHECK(c34.canonical == 57522);
  CHECK(c34.canonical_primitives == 30555);
  CHECK(c34.class_sum == c34.positions);
}
