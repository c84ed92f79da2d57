#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <random>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "games/registry.h"
#include "games/reversi.h"

using namespace gsolve;

namespace {

// A second, deliberately naive reversi: one cell per array slot, bounds checks
// instead of masks, nothing shared with games/reversi.cpp. It checks the
// bitboard rules on perft counts, reachable positions and the game value.
struct NaiveReversi {
  int n;
  struct Board {
    std::array<std::int8_t, 64> cell{};  // 0 empty, 1 black, 2 white
    int side = 1;                        // 1 black to move, 2 white
  };

  Board start() const {
    Board b;
    const int h = n / 2;
    b.cell[(h - 1) * n + (h - 1)] = 2;
    b.cell[h * n + h] = 2;
    b.cell[h * n + (h - 1)] = 1;
    b.cell[(h - 1) * n + h] = 1;
    return b;
  }
  // Discs `player` would flip at (r, c) (0 if none or the cell is taken).
  int play_or_count(Board* b, int r, int c, int player) const {
    const Board& board = *b;
    if (board.cell[r * n + c]) return 0;
    int total = 0;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (!dr && !dc) continue;
        int k = 1;
        auto inside = [&](int k) {
          return r + k * dr >= 0 && r + k * dr < n && c + k * dc >= 0 && c + k * dc < n;
        };
        while (inside(k) && board.cell[(r + k * dr) * n + c + k * dc] == 3 - player) ++k;
        if (k > 1 && inside(k) && board.cell[(r + k * dr) * n + c + k * dc] == player) total += k - 1;
      }
    return total;
  }
  std::vector<int> moves(Board b, int player) const {
    std::vector<int> out;
    for (int q = 0; q < n * n; ++q)
      if (play_or_count(&b, q / n, q % n, player)) out.push_back(q);
    return out;
  }
  Board play(Board b, int q) const {
    const int r = q / n, c = q % n, player = b.side;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (!dr && !dc) continue;
        int k = 1;
        auto inside = [&](int k) {
          return r + k * dr >= 0 && r + k * dr < n && c + k * dc >= 0 && c + k * dc < n;
        };
        while (inside(k) && b.cell[(r + k * dr) * n + c + k * dc] == 3 - player) ++k;
        if (k > 1 && inside(k) && b.cell[(r + k * dr) * n + c + k * dc] == player)
          for (int j = 1; j < k; ++j)
            b.cell[(r + j * dr) * n + c + j * dc] = static_cast<std::int8_t>(player);
      }
    b.cell[q] = static_cast<std::int8_t>(player);
    b.side = 3 - player;
    return b;
  }
  // Children in the game tree: the disc moves, or a forced pass, or none at the end.
  std::vector<Board> children(const Board& b) const {
    std::vector<Board> out;
    for (int q : moves(b, b.side)) out.push_back(play(b, q));
    if (out.empty() && !moves(b, 3 - b.side).empty()) {
      Board passed = b;
      passed.side = 3 - b.side;
      out.push_back(passed);
    }
    return out;
  }
  std::uint64_t perft(const Board& b, int depth) const {
    if (depth == 0) return 1;
    std::uint64_t total = 0;
    for (const auto& child : children(b)) total += perft(child, depth - 1);
    return total;
  }
  // Final margin for the side to move, empties to the winner.
  int final_score(const Board& b) const {
    int own = 0, opp = 0;
    for (int q = 0; q < n * n; ++q) own += b.cell[q] == b.side, opp += b.cell[q] == 3 - b.side;
    const int empties = n * n - own - opp;
    return own > opp ? own - opp + empties : own < opp ? own - opp - empties : 0;
  }
  int negamax(const Board& b) const {
    const auto kids = children(b);
    if (kids.empty()) return final_score(b);
    int best = -1000;
    for (const auto& child : kids) best = std::max(best, -negamax(child));
    return best;
  }
  std::string key(const Board& b) const {
    std::string s(b.cell.begin(), b.cell.begin() + n * n);
    s += static_cast<char>(b.side);
    return s;
  }
};

std::uint64_t perft(const Reversi& g, const Reversi::Position& p, int depth) {
  if (depth == 0) return 1;
  if (g.terminal(p).primitive()) return 0;
  MoveList<Reversi> moves;
  g.generate_moves(p, moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (auto m : moves) total += perft(g, g.play(p, m), depth - 1);
  return total;
}

// Exact score for the side to move; the colour does not matter, so the key is the two boards.
int solve(const Reversi& g, const Reversi::Position& p, std::unordered_map<std::uint64_t, int>& memo) {
  const std::uint64_t key = p.own | p.opp << 16;  // 4x4 only
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  const Terminal t = g.terminal(p);
  int best = -1000;
  if (t.primitive()) {
    best = t.score;
  } else {
    MoveList<Reversi> moves;
    g.generate_moves(p, moves);
    for (auto m : moves) best = std::max(best, -solve(g, g.play(p, m), memo));
  }
  memo.emplace(key, best);
  return best;
}

}  // namespace

TEST_CASE("reversi: specs and parse errors name the problem") {
  CHECK(Reversi::from_options("").spec() == "reversi:8x8");
  CHECK(Reversi::from_options("6x6").spec() == "reversi:6x6");
  CHECK(with_game("reversi:4x4", [](const auto& game) { return game.spec(); }) == "reversi:4x4");
  CHECK_THROWS_WITH_AS(Reversi::from_options("5x5"),
                       "reversi board 5x5 is not supported (the size must be even, 4..8)", ParseError);
  CHECK_THROWS_WITH_AS(Reversi::from_options("10x10"),
                       "reversi board 10x10 is not supported (the size must be even, 4..8)", ParseError);
  CHECK_THROWS_WITH_AS(Reversi::from_options("6x4"), "reversi board must be square (got 6x4)", ParseError);
  CHECK_THROWS_WITH_AS(Reversi::from_options("big"), "bad reversi size 'big' (expected NxN, e.g. 8x8)",
                       ParseError);

  Reversi g(8);
  const std::string tail = " (expected 64 squares X/O/- from a1 row by row, a space, then X or O to move)";
  const std::string too_short = "reversi board text is too short" + tail;
  CHECK_THROWS_WITH_AS(g.parse("XO"), too_short.c_str(), ParseError);
  const std::string start = "---------------------------OX------XO---------------------------";
  const std::string no_side = "reversi board text lacks the side to move" + tail;
  CHECK_THROWS_WITH_AS(g.parse(start), no_side.c_str(), ParseError);
  const std::string bad_side = "bad side to move ' Y'" + tail;
  CHECK_THROWS_WITH_AS(g.parse(start + " Y"), bad_side.c_str(), ParseError);
  std::string bad = start;
  bad[3] = '*';
  const std::string bad_char = "bad character '*' at square d1" + tail;
  CHECK_THROWS_WITH_AS(g.parse(bad + " X"), bad_char.c_str(), ParseError);
  std::string hole = start;
  hole[27] = '-';
  CHECK_THROWS_WITH_AS(g.parse(hole + " X"),
                       "centre square d4 is empty (the 4 centre squares are never empty)", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("f5i9"), "bad move 2 'i9' (expected a square a1..h8 or a pass 'pa')",
                       ParseError);
  CHECK_THROWS_WITH_AS(g.parse("f5f5"),
                       "move 2 'f5' is not legal for O (the square is taken or flips nothing)", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("f5pa"), "move 2 'pa': O has a legal move, so may not pass", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "a1"),
                       "move a1 is not legal (the square is taken or flips nothing)", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "pass"), "may not pass: there is a legal move", ParseError);
}

TEST_CASE("reversi: text forms and the start") {
  Reversi g(8);
  const std::string start = "---------------------------OX------XO--------------------------- X";
  CHECK(g.format(g.start()) == start);
  CHECK(g.parse(start) == g.start());
  CHECK(g.parse("") == g.start());
  // f5 d6 c3: the usual opening, and the same in capitals with spaces.
  const auto p = g.parse("f5d6c3");
  CHECK(g.format(p) == "------------------X--------XX------OXX-----O-------------------- O");
  CHECK(g.parse("F5 D6 C3") == p);
  CHECK(g.parse(g.format(p)) == p);
  MoveList<Reversi> moves;
  g.generate_moves(g.start(), moves);
  std::vector<std::string> names;
  for (auto m : moves) names.push_back(g.format_move(g.start(), m));
  CHECK(names == std::vector<std::string>{"d3", "c4", "f5", "e6"});
  CHECK(g.format_move(g.start(), Reversi::kPass) == "pass");
  CHECK_FALSE(g.has_rank());
  CHECK_FALSE(g.rank_available());
  CHECK(g.tier_count() == 61);
  CHECK(g.tier(g.start()) == 0);

  Reversi small(4);
  CHECK(small.format(small.start()) == "-----OX--XO----- X");
  CHECK(small.has_rank());
  CHECK(small.rank_space() == 17006112);  // 32 * 3^12
  CHECK_FALSE(Reversi(6).has_rank());
  CHECK(Reversi(6).rank_available());
}

TEST_CASE("reversi: 8x8 perft from the start") {
  Reversi g(8);
  const std::uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216};
  for (int depth = 0; depth <= 8; ++depth) CHECK(perft(g, g.start(), depth) == expected[depth]);
  NaiveReversi naive{8};
  for (int depth = 0; depth <= 5; ++depth) CHECK(naive.perft(naive.start(), depth) == expected[depth]);
}

TEST_CASE("reversi: 4x4 perft, reachable positions and value agree with a naive implementation") {
  Reversi g(4);
  NaiveReversi naive{4};
  // Cross-checked against NaiveReversi; passes count as moves. Depth 0..18.
  const std::vector<std::uint64_t> expected = {
      1, 4, 12, 44, 128, 424, 1256, 3624, 9112, 20032, 36412, 50268, 55112, 31396, 12920, 3416, 612, 48, 0};
  std::vector<std::uint64_t> counts;
  for (int depth = 0;; ++depth) {
    const std::uint64_t mine = perft(g, g.start(), depth);
    CHECK(mine == naive.perft(naive.start(), depth));
    counts.push_back(mine);
    if (mine == 0) break;
  }
  CHECK(counts == expected);

  // Reachable positions: the same set by both implementations, and the class
  // sizes of the canonical ones add up to it.
  std::unordered_set<std::uint64_t> seen{g.rank(g.start())};
  std::vector<Reversi::Position> stack{g.start()};
  std::uint64_t primitives = 0, passes = 0;
  while (!stack.empty()) {
    const auto p = stack.back();
    stack.pop_back();
    if (g.terminal(p).primitive()) {
      ++primitives;
      continue;
    }
    MoveList<Reversi> moves;
    g.generate_moves(p, moves);
    for (auto m : moves) {
      const auto child = g.play(p, m);
      if (m == Reversi::kPass) {
        ++passes;
        REQUIRE(moves.size() == 1);
        REQUIRE(g.tier(child) == g.tier(p));
      } else {
        REQUIRE(g.tier(child) == g.tier(p) + 1);
      }
      if (seen.insert(g.rank(child)).second) stack.push_back(child);
    }
  }
  std::unordered_set<std::string> naive_seen{naive.key(naive.start())};
  std::vector<NaiveReversi::Board> naive_stack{naive.start()};
  while (!naive_stack.empty()) {
    const auto b = naive_stack.back();
    naive_stack.pop_back();
    for (const auto& child : naive.children(b))
      if (naive_seen.insert(naive.key(child)).second) naive_stack.push_back(child);
  }
  MESSAGE("reversi 4x4: ", seen.size(), " reachable positions, ", primitives, " primitive, ", passes,
          " with a forced pass");
  CHECK(seen.size() == naive_seen.size());
  CHECK(seen.size() == 62789);
  CHECK(primitives == 6168);
  std::unordered_set<std::uint64_t> canonical;
  for (auto r : seen) canonical.insert(g.rank(g.canonical(g.unrank(r))));
  std::uint64_t class_sum = 0;
  for (auto r : canonical) class_sum += g.symmetry_class_size(g.unrank(r));
  CHECK(class_sum == seen.size());

  // Perfect play: white wins by 10 discs (11-3 with the 2 empties to white).
  std::unordered_map<std::uint64_t, int> memo;
  CHECK(solve(g, g.start(), memo) == -10);
  CHECK(naive.negamax(naive.start()) == -10);
}

TEST_CASE("reversi: rank, unrank, canonical and text on random games") {
  for (int size : {4, 6}) {
    Reversi g(size);
    std::mt19937_64 rng(size);
    for (int game = 0; game < 300; ++game) {
      auto p = g.start();
      std::string with_passes, without_passes;
      while (!g.terminal(p).primitive()) {
        MoveList<Reversi> moves;
        g.generate_moves(p, moves);
        const auto m = moves[rng() % moves.size()];
        with_passes += m == Reversi::kPass ? "pa" : g.format_move(p, m);
        if (m != Reversi::kPass) without_passes += g.format_move(p, m);
        REQUIRE(g.parse_move(p, g.format_move(p, m)) == m);
        p = g.play(p, m);
        const auto r = g.rank(p);
        REQUIRE(r >= g.tier_begin(g.tier(p)));
        REQUIRE(r < g.tier_begin(g.tier(p) + 1));
        REQUIRE(g.unrank(r) == p);
        for (int s = 0; s < Reversi::kSymmetries; ++s) {
          REQUIRE(g.canonical(g.transform(p, s)) == g.canonical(p));
          REQUIRE(g.terminal(g.transform(p, s)).score == g.terminal(p).score);
        }
        REQUIRE(g.parse(g.format(p)) == p);
      }
      CHECK(g.parse(with_passes) == p);
      CHECK(g.parse(without_passes) == p);
      CHECK_THROWS_AS(g.parse(with_passes + "pa"), ParseError);  // after the end
    }
  }
}
