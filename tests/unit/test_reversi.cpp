#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "games/registry.h"
#include "games/reversi.h"
#include "games/reversi_kernel.h"
#include "src/core/perft.h"

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
        auto inside = [&](int k) { return r + k * dr >= 0 && r + k * dr < n && c + k * dc >= 0 && c + k * dc < n; };
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
        auto inside = [&](int k) { return r + k * dr >= 0 && r + k * dr < n && c + k * dc >= 0 && c + k * dc < n; };
        while (inside(k) && b.cell[(r + k * dr) * n + c + k * dc] == 3 - player) ++k;
        if (k > 1 && inside(k) && b.cell[(r + k * dr) * n + c + k * dc] == player)
          for (int j = 1; j < k; ++j) b.cell[(r + j * dr) * n + c + j * dc] = static_cast<std::int8_t>(player);
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

// Plain recursive perft (nodes at ply depth), a check on src/core/perft.h.
std::uint64_t recursive_perft(const Reversi& g, const Reversi::Position& p, int depth) {
  if (depth == 0) return 1;
  if (g.terminal(p).primitive()) return 0;
  MoveList<Reversi> moves;
  g.generate_moves(p, moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (auto m : moves) total += recursive_perft(g, g.play(p, m), depth - 1);
  return total;
}

// Exact score for the side to move; the colour does not matter, so the key is the two boards.
int solve(const Reversi& g, const Reversi::Position& p, std::unordered_map<std::uint64_t, int>& memo) {
  const std::uint64_t key = p.own | p.opp << 32;  // 4x4 only (bits 0..27)
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
  CHECK_THROWS_WITH_AS(Reversi::from_options("5x5"), "reversi board 5x5 is not supported (the size must be even, 4..8)",
                       ParseError);
  CHECK_THROWS_WITH_AS(Reversi::from_options("10x10"),
                       "reversi board 10x10 is not supported (the size must be even, 4..8)", ParseError);
  CHECK_THROWS_WITH_AS(Reversi::from_options("6x4"), "reversi board must be square (got 6x4)", ParseError);
  CHECK_THROWS_WITH_AS(Reversi::from_options("big"), "bad reversi size 'big' (expected NxN, e.g. 8x8)", ParseError);

  Reversi g(8);
  const std::string tail = " (expected 64 squares X/O/- from a1 row by row, a space, then X or O to move)";
  const std::string too_short = "reversi board text is too short (2 squares)" + tail;
  CHECK_THROWS_WITH_AS(g.parse("XO"), too_short.c_str(), ParseError);
  const std::string start = "---------------------------OX------XO---------------------------";
  const std::string too_long = "reversi board text is too long (65 squares for 8x8)" + tail;
  CHECK_THROWS_WITH_AS(g.parse(start + "X"), too_long.c_str(), ParseError);
  const std::string no_side = "reversi board text lacks the side to move" + tail;
  CHECK_THROWS_WITH_AS(g.parse(start), no_side.c_str(), ParseError);
  CHECK_THROWS_WITH_AS(g.parse(start + " ; f5:+0"), no_side.c_str(), ParseError);
  const std::string bad_side = "bad side to move 'Y'" + tail;
  CHECK_THROWS_WITH_AS(g.parse(start + " Y"), bad_side.c_str(), ParseError);
  const std::string two_sides = "bad side to move 'X O'" + tail;
  CHECK_THROWS_WITH_AS(g.parse(start + " X O"), two_sides.c_str(), ParseError);
  // User text is quoted to 80 characters, control bytes escaped.
  const std::string long_side = "bad side to move '" + std::string(80, 'Z') + "...'" + tail;
  CHECK_THROWS_WITH_AS(g.parse(start + " " + std::string(200, 'Z')), long_side.c_str(), ParseError);
  std::string bad = start;
  bad[3] = '?';
  const std::string bad_char = "bad character '?' at square d1" + tail;
  CHECK_THROWS_WITH_AS(g.parse(bad + " X"), bad_char.c_str(), ParseError);
  bad[3] = '\x01';
  const std::string control_char = "bad character '\\x01' at square d1" + tail;
  CHECK_THROWS_WITH_AS(g.parse(bad + " X"), control_char.c_str(), ParseError);
  std::string hole = start;
  hole[27] = '-';
  CHECK_THROWS_WITH_AS(g.parse(hole + " X"), "centre square d4 is empty (the 4 centre squares are never empty)",
                       ParseError);
  hole[27] = '.';  // the OBF empty square: the same board
  CHECK_THROWS_WITH_AS(g.parse(hole + " X"), "centre square d4 is empty (the 4 centre squares are never empty)",
                       ParseError);
  CHECK_THROWS_WITH_AS(g.parse("f5i9"), "bad move 2 'i9' (expected a square a1..h8 or a pass 'pa')", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("f5f5"), "move 2 'f5' is not legal for O: the square is taken", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("a1"), "move 1 'a1' is not legal for X: it flips nothing", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("f5pa"), "move 2 'pa': O has a legal move, so may not pass", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("f5 PS"), "move 2 'PS': O has a legal move, so may not pass", ParseError);
  // "pass" is one token, never "pa" followed by "ss".
  CHECK_THROWS_WITH_AS(g.parse("f5pass"), "move 2 'pass': O has a legal move, so may not pass", ParseError);
  CHECK_THROWS_WITH_AS(g.parse("f5 Pass d6"), "move 2 'Pass': O has a legal move, so may not pass", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "a1"), "move a1 is not legal: it flips nothing", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "d4"), "move d4 is not legal: the square is taken", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "z1"), "bad reversi move 'z1' (expected a square a1..h8 or 'pass')",
                       ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "pass"), "may not pass: there is a legal move", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "ps"), "may not pass: there is a legal move", ParseError);

  // Squares off a smaller board.
  Reversi small(4);
  CHECK_THROWS_WITH_AS(small.parse("e5"), "move 1 'e5' is off the 4x4 board (a1..d4)", ParseError);
  CHECK_THROWS_WITH_AS(small.parse("a2 a5"), "move 2 'a5' is off the 4x4 board (a1..d4)", ParseError);
  CHECK_THROWS_WITH_AS(small.parse_move(small.start(), "h8"), "move h8 is off the 4x4 board (a1..d4)", ParseError);
  const std::string small_tail = " (expected 16 squares X/O/- from a1 row by row, a space, then X or O to move)";
  const std::string small_too_long = "reversi board text is too long (64 squares for 4x4)" + small_tail;
  CHECK_THROWS_WITH_AS(small.parse(start + " X"), small_too_long.c_str(), ParseError);
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
  for (int depth = 0; depth <= 8; ++depth) CHECK(recursive_perft(g, g.start(), depth) == expected[depth]);
  NaiveReversi naive{8};
  for (int depth = 0; depth <= 5; ++depth) CHECK(naive.perft(naive.start(), depth) == expected[depth]);
}

TEST_CASE("reversi: 4x4 perft, reachable positions and value agree with a naive implementation") {
  Reversi g(4);
  NaiveReversi naive{4};
  // Cross-checked against NaiveReversi; passes count as moves. Depth 0..18.
  const std::vector<std::uint64_t> expected = {1,     4,     12,    44,    128,   424,  1256, 3624, 9112, 20032,
                                               36412, 50268, 55112, 31396, 12920, 3416, 612,  48,   0};
  std::vector<std::uint64_t> counts;
  for (int depth = 0;; ++depth) {
    const std::uint64_t mine = recursive_perft(g, g.start(), depth);
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
      int plies = 0;
      while (!g.terminal(p).primitive()) {
        MoveList<Reversi> moves;
        g.generate_moves(p, moves);
        REQUIRE(g.count_moves(p) == moves.size());
        const auto m = moves[rng() % moves.size()];
        with_passes += m == Reversi::kPass ? (plies % 2 ? "pass " : "ps") : g.format_move(p, m);
        ++plies;
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
      CHECK(g.count_moves(p) == 0);
      CHECK(count_moves(g, p) == 0);
      CHECK(g.parse(with_passes) == p);
      CHECK(g.parse(without_passes) == p);
      const std::string after = "move " + std::to_string(plies + 1) + " 'pa' comes after the game ended";
      CHECK_THROWS_WITH_AS(g.parse(with_passes + "pa"), after.c_str(), ParseError);
    }
  }
}

// The kernel (through Reversi::legal_moves and play) against NaiveReversi on
// random boards of every size and density, every empty square tried.
TEST_CASE("reversi: kernel moves and flips agree with the naive rules on random boards") {
  std::mt19937_64 rng(2026);
  for (int n : {4, 6, 8}) {
    const Reversi g(n);
    const NaiveReversi naive{n};
    std::uint64_t boards_with_moves = 0, flips_checked = 0;
    for (int trial = 0; trial < 4000; ++trial) {
      const int density = static_cast<int>(rng() % 101);
      Reversi::Position p{0, 0, 1, 0};
      NaiveReversi::Board b;
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          if (static_cast<int>(rng() % 100) >= density) continue;
          const bool mine = rng() & 1;
          (mine ? p.own : p.opp) |= std::uint64_t{1} << (r * 8 + c);
          b.cell[r * n + c] = mine ? 1 : 2;
        }
      std::uint64_t expected = 0;
      for (int q : naive.moves(b, 1)) expected |= std::uint64_t{1} << (q / n * 8 + q % n);
      REQUIRE(g.legal_moves(p.own, p.opp) == expected);
      boards_with_moves += expected != 0;
      for (int q = 0; q < n * n; ++q) {
        const int sq = q / n * 8 + q % n;
        if (b.cell[q]) continue;
        const NaiveReversi::Board after = naive.play(b, q);
        std::uint64_t flipped = 0;
        for (int k = 0; k < n * n; ++k)
          if (b.cell[k] == 2 && after.cell[k] == 1) flipped |= std::uint64_t{1} << (k / n * 8 + k % n);
        REQUIRE(reversi::flips(p.own, p.opp, sq) == flipped);
        REQUIRE(reversi::flips_scalar(p.own, p.opp, sq) == flipped);
        if (!(expected >> sq & 1)) continue;
        const auto child = g.play(p, static_cast<Reversi::Move>(sq));
        REQUIRE(child.opp == (p.own | flipped | std::uint64_t{1} << sq));
        REQUIRE(child.own == (p.opp & ~flipped));
        ++flips_checked;
      }
    }
    CHECK(boards_with_moves > 1000);
    CHECK(flips_checked > 3000);
  }
}

TEST_CASE("reversi: the 8 transforms are the dihedral group and commute with the rules") {
  // Where square (r, c) goes under symmetry s (numbering of reversi_kernel.h).
  const auto image = [](int s, int r, int c, int n) -> std::pair<int, int> {
    switch (s) {
      case 0:
        return {r, c};
      case 1:
        return {n - 1 - r, n - 1 - c};
      case 2:
        return {c, r};
      case 3:
        return {n - 1 - c, n - 1 - r};
      case 4:
        return {r, n - 1 - c};
      case 5:
        return {n - 1 - r, c};
      case 6:
        return {c, n - 1 - r};
      default:
        return {n - 1 - c, r};
    }
  };
  std::mt19937_64 rng(8);
  for (int n : {4, 6, 8}) {
    const Reversi g(n);
    const std::uint64_t mask = g.board_mask();
    // Each transform moves every square where the coordinate map says.
    for (int s = 0; s < Reversi::kSearchSymmetries; ++s)
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          const auto [ir, ic] = image(s, r, c, n);
          REQUIRE(reversi::transform(std::uint64_t{1} << (r * 8 + c), s, n) == std::uint64_t{1} << (ir * 8 + ic));
        }
    // A group: closed under composition, with an inverse for each element,
    // and 8 distinct elements (checked on a board that has no symmetry).
    std::uint64_t asymmetric = 0;
    std::set<std::uint64_t> images;
    for (int tries = 0; tries < 100 && images.size() < 8; ++tries) {
      asymmetric = rng() & mask;
      images.clear();
      for (int s = 0; s < 8; ++s) images.insert(reversi::transform(asymmetric, s, n));
    }
    REQUIRE(images.size() == 8);
    for (int s = 0; s < 8; ++s) {
      int inverses = 0;
      for (int t = 0; t < 8; ++t) {
        const std::uint64_t both = reversi::transform(reversi::transform(asymmetric, s, n), t, n);
        int matches = 0;
        for (int u = 0; u < 8; ++u) matches += reversi::transform(asymmetric, u, n) == both;
        REQUIRE(matches == 1);
        inverses += both == asymmetric;
      }
      CHECK(inverses == 1);
    }
    // 0..3 fix the start; 4..7 swap the colours of its centre.
    for (int s = 0; s < 8; ++s) {
      const auto t = g.transform(g.start(), s);
      if (s < Reversi::kSymmetries)
        CHECK(t == g.start());
      else
        CHECK(t == Reversi::Position{g.start().opp, g.start().own, 1, 0});
    }
    // Moves, flips and the final score commute with every symmetry.
    for (int trial = 0; trial < 2000; ++trial) {
      const std::uint64_t a = rng() & mask, b = rng() & mask & ~a;
      const Reversi::Position p{a, b, 1, 0};
      for (int s = 0; s < 8; ++s) {
        const auto t = g.transform(p, s);
        REQUIRE((t.own | t.opp) == reversi::transform(a | b, s, n));
        REQUIRE(((t.own | t.opp) & ~mask) == 0);
        REQUIRE(g.legal_moves(t.own, t.opp) == reversi::transform(g.legal_moves(a, b), s, n));
        REQUIRE(g.final_score(t) == g.final_score(p));
        for (std::uint64_t m = g.legal_moves(a, b); m; m &= m - 1) {
          const int sq = __builtin_ctzll(m);
          const int tsq = __builtin_ctzll(reversi::transform(std::uint64_t{1} << sq, s, n));
          REQUIRE(reversi::flips(t.own, t.opp, tsq) == reversi::transform(reversi::flips(a, b, sq), s, n));
        }
      }
    }
  }
}

// The 4x4 database must not change with the bit layout: a fingerprint of
// every reachable position's rank, canonical rank, class size, tier, canonical
// board text, and its moves with their children's canonical ranks. The value
// was computed with the former row-major implementation (commit 744e6ac).
TEST_CASE("reversi: 4x4 ranks, canonical forms and moves are those of the row-major layout") {
  Reversi g(4);
  std::unordered_set<std::uint64_t> seen{g.rank(g.start())};
  std::vector<std::uint64_t> stack{g.rank(g.start())};
  while (!stack.empty()) {
    const auto p = g.unrank(stack.back());
    stack.pop_back();
    if (g.terminal(p).primitive()) continue;
    MoveList<Reversi> moves;
    g.generate_moves(p, moves);
    for (auto m : moves)
      if (const auto r = g.rank(g.play(p, m)); seen.insert(r).second) stack.push_back(r);
  }
  std::vector<std::uint64_t> ranks(seen.begin(), seen.end());
  std::sort(ranks.begin(), ranks.end());
  std::uint64_t h = 14695981039346656037ull;
  const auto mix = [&h](std::uint64_t x) { h = (h ^ x) * 1099511628211ull; };
  for (auto r : ranks) {
    const auto p = g.unrank(r);
    const auto c = g.canonical(p);
    mix(r);
    mix(g.rank(c));
    mix(static_cast<std::uint64_t>(g.symmetry_class_size(p)));
    mix(static_cast<std::uint64_t>(g.tier(p)));
    for (char ch : g.format(c)) mix(static_cast<unsigned char>(ch));
    if (g.terminal(p).primitive()) {
      mix(static_cast<std::uint64_t>(g.terminal(p).score + 100));
      continue;
    }
    MoveList<Reversi> moves;
    g.generate_moves(p, moves);
    for (auto m : moves) {
      for (char ch : g.format_move(p, m)) mix(static_cast<unsigned char>(ch));
      mix(g.rank(g.canonical(g.play(p, m))));
    }
  }
  CHECK(ranks.size() == 62789);
  CHECK(h == 0xf851112b69f35a87ull);
}

// Every FFO position of tests/data/reversi parses as a whole OBF line, prints
// back as its board, and every scored move is legal; fforum-1-19 scores every
// legal move, so there the two sets are equal.
TEST_CASE("reversi: OBF lines parse; the scored moves of the FFO suites are legal") {
  const Reversi g(8);
  int lines = 0;
  for (const char* name : {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf"}) {
    std::ifstream in(std::string(GSOLVE_DATA_DIR) + "/reversi/" + name);
    REQUIRE(in.good());
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '%') continue;
      ++lines;
      const auto p = g.parse(line);
      CHECK(g.format(p) == line.substr(0, 66));
      std::set<std::string> scored;
      for (std::size_t at = line.find(';'); at != std::string::npos; at = line.find(';', at + 1)) {
        std::size_t from = at + 1;
        while (from < line.size() && line[from] == ' ') ++from;
        if (from + 2 > line.size() || line[from + 2] != ':') continue;
        const std::string move = line.substr(from, 2);
        CHECK(g.format_move(p, g.parse_move(p, move)) == std::string{char(std::tolower(move[0])), move[1]});
        scored.insert(g.format_move(p, g.parse_move(p, move)));
      }
      REQUIRE(!scored.empty());
      if (std::string(name) == "fforum-1-19.obf") {
        MoveList<Reversi> moves;
        g.generate_moves(p, moves);
        std::set<std::string> legal;
        for (auto m : moves) legal.insert(g.format_move(p, m));
        CHECK(legal == scored);
      }
    }
  }
  CHECK(lines == 79);

  // OBF characters and the whole-line form on a short example.
  const std::string board = "---------------------------OX------XO---------------------------";
  std::string obf = board;
  std::replace(obf.begin(), obf.end(), '-', '.');
  std::replace(obf.begin(), obf.end(), 'X', '*');
  CHECK(g.parse(obf + " X") == g.start());
  CHECK(g.parse(obf + " X; F5:+0; D3:+0; anything after the first ';' is ignored: ???") == g.start());
  CHECK(g.parse("  " + board + "   O ;") == Reversi::Position{g.start().opp, g.start().own, 0, 0});
  CHECK(g.parse("f5 d6; c3") == g.parse("f5d6"));
}

TEST_CASE("reversi: perft reproduces the README tables (8x8 to ply 11, 6x6 to ply 12)") {
  // tests/data/reversi/README.md: per-ply nodes where a finished game stops
  // contributing (8x8 ply 0..9, 6x6 ply 1..9), then standard perft.
  const Reversi g8(8);
  const PerftCounts c8 = perft(g8, g8.start(), 11);
  const std::vector<std::uint64_t> nodes8 = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
  for (int ply = 0; ply <= 9; ++ply) CHECK(c8.nodes[ply] == nodes8[ply]);
  CHECK(c8.standard(10) == 24571284);
  CHECK(c8.standard(11) == 212258800);
  // The two counts part where the first games end (ply 9 on 8x8).
  CHECK(c8.finished[8] == 0);
  CHECK(c8.finished[9] == 228);
  CHECK(c8.nodes[10] == 24571056);
  CHECK(c8.nodes[11] == 212258216);

  const Reversi g6(6);
  const PerftCounts c6 = perft(g6, g6.start(), 12);
  const std::vector<std::uint64_t> nodes6 = {1, 4, 12, 56, 244, 1364, 7604, 47740, 308716, 2114912};
  for (int ply = 0; ply <= 9; ++ply) CHECK(c6.nodes[ply] == nodes6[ply]);
  CHECK(c6.standard(10) == 14976792);
  CHECK(c6.standard(11) == 108820292);
  CHECK(c6.standard(12) == 811201176);
  CHECK(c6.nodes[12] == 811198864);
}

TEST_CASE("reversi: 4x4 perft ends with 60,060 complete games, whatever the thread count") {
  const Reversi g(4);
  const std::vector<std::uint64_t> nodes = {1,     4,     12,    44,    128,   424,  1256, 3624, 9112, 20032,
                                            36412, 50268, 55112, 31396, 12920, 3416, 612,  48,   0,    0};
  for (int threads : {1, 2}) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    const PerftCounts c = perft(g, g.start(), 19);
    CHECK(c.nodes == nodes);
    std::uint64_t games = 0;
    for (int ply = 0; ply < 19; ++ply) games += c.finished[ply];
    CHECK(games == 60060);
    for (int ply = 15; ply <= 19; ++ply) CHECK(c.standard(ply) == 60060);
    CHECK(c.standard(14) == 59980);
  }
  // Depth 0 and 1 are the start and its moves.
  CHECK(perft(g, g.start(), 0).nodes == std::vector<std::uint64_t>{1});
  CHECK(perft(g, g.start(), 1).nodes == std::vector<std::uint64_t>{1, 4});
}

// 137 s of CPU on one thread of this machine before count_moves (about 35% less since).
TEST_CASE("long: reversi: perft 8x8 to ply 13 (README)") {
  const Reversi g(8);
  const PerftCounts c = perft(g, g.start(), 13);
  CHECK(c.standard(12) == 1939886636);
  CHECK(c.standard(13) == 18429641748ull);
}

// 398 s of CPU on one thread of this machine before count_moves (about 35% less since).
TEST_CASE("long: reversi: perft 6x6 to ply 14 (README)") {
  const Reversi g(6);
  const PerftCounts c = perft(g, g.start(), 14);
  CHECK(c.standard(13) == 6079074684ull);
  CHECK(c.standard(14) == 46248668792ull);
}
