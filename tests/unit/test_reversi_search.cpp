// The reversi endgame search pieces (src/search/reversi/, full_key_table.h):
// the last-empties and shallow solvers against plain minimax, stability
// against brute force on small boards, the table under forced collisions, and
// a small test-only driver (NegaScout over the full-key table with the move
// ordering and the cut-offs) that solves the FFO problems exactly.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "games/reversi.h"
#include "games/reversi_kernel.h"
#include "sanitized.h"
#include "src/search/full_key_table.h"
#include "src/search/reversi/final_score.h"
#include "src/search/reversi/last_empties.h"
#include "src/search/reversi/move_ordering.h"
#include "src/search/reversi/parity.h"
#include "src/search/reversi/shallow_search.h"
#include "src/search/reversi/stability.h"
#include "src/search/searcher.h"

using namespace gsolve::reversi;
using gsolve::search::FullKeyTable;

namespace {

// The test drivers below call the leaf solvers and the stability cut-off
// directly, without a ReversiPlugin to fill the edge table first.
const bool kEdgeTableFilled = (ensure_edge_stability(4), ensure_edge_stability(6), ensure_edge_stability(8), true);

// Plain minimax, no pruning, no ordering: the reference score.
int minimax(u64 own, u64 opp, u64 empty, bool passed = false) {
  const u64 moves = legal_moves(own, opp) & empty;
  if (!moves) {
    if (passed) return final_score(own, opp, count(empty));
    return -minimax(opp, own, empty, true);
  }
  int best = -1000;
  for (u64 m = moves; m; m &= m - 1) {
    const int sq = __builtin_ctzll(m);
    const u64 bit = u64{1} << sq, f = flips(own, opp, sq);
    best = std::max(best, -minimax(opp & ~f, own | f | bit, empty & ~bit));
  }
  return best;
}

struct Board {
  u64 own = 0, opp = 0, empty = 0;
};

// A random position with `empties` empty squares on the 8x8 board, reached by
// random legal play from the start (so it is a real game position); the side
// to move may have to pass.
// `n`: board size (6, 4: the board in the corner of the 8x8 frame).
bool random_position(std::mt19937_64& rng, int empties, Board* out, int n = 8) {
  const int h = n / 2;
  const auto at = [](int r, int c) { return u64{1} << (r * 8 + c); };
  u64 own = at(h - 1, h) | at(h, h - 1);  // black: e4 d5 on 8x8, d3 c4 on 6x6
  u64 opp = at(h - 1, h - 1) | at(h, h);  // white: d4 e5 on 8x8, c3 d4 on 6x6
  u64 empty = board_mask(n) & ~(own | opp);
  bool passed = false;
  while (count(empty) > empties) {
    const u64 moves = legal_moves(own, opp) & empty;
    if (!moves) {
      if (passed) return false;  // game over early
      std::swap(own, opp);
      passed = true;
      continue;
    }
    passed = false;
    int k = static_cast<int>(rng() % count(moves));
    u64 m = moves;
    while (k--) m &= m - 1;
    const int sq = __builtin_ctzll(m);
    const u64 bit = u64{1} << sq, f = flips(own, opp, sq);
    const u64 n_own = opp & ~f, n_opp = own | f | bit;
    own = n_own, opp = n_opp, empty &= ~bit;
  }
  *out = {own, opp, empty};
  return true;
}

// ---------------------------------------------------------------------------
// A test-only driver: fail-soft NegaScout over the full-key table, with the
// stability cut-off, the move order of move_ordering.h and the shallow solvers
// at the bottom. (The real engine is the framework's; this only checks that
// the pieces compose into exact scores, and measures them before it lands.)
struct BoardKey {
  u64 own, opp;
};

struct Driver {
  FullKeyTable<BoardKey> table{std::size_t{1} << 24};
  std::uint64_t nodes = 0;
  int leaf_empties = kShallowMaxEmpties;
  bool use_table = true, use_stability = true, use_order = true, use_etc = true;

  int search(u64 own, u64 opp, u64 empty, int alpha, int beta, bool passed = false) {
    const int n = count(empty);
    if (n <= leaf_empties) {
      if (passed)
        return -solve_leaf<kBoard8>(opp, own, empty, -beta, -alpha, nodes);  // let the leaf see the pass itself
      return solve_leaf<kBoard8>(own, opp, empty, alpha, beta, nodes);
    }
    ++nodes;
    const u64 moves = legal_moves(own, opp) & empty;
    if (!moves) {
      if (passed) return final_score(own, opp, n);
      return -search(opp, own, empty, -beta, -alpha, true);
    }
    int bound;
    if (use_stability && stability_cutoff(own, opp, n, kBoard8, alpha, &bound)) return bound;
    const BoardKey key{own, opp};
    int table_move = -1;
    if (use_table) {
      FullKeyTable<BoardKey>::Hit hit;
      if (table.probe(key, &hit)) {
        if (hit.lb >= beta) return hit.lb;
        if (hit.ub <= alpha) return hit.ub;
        if (hit.lb == hit.ub) return hit.lb;
        alpha = std::max(alpha, hit.lb);
        beta = std::min(beta, hit.ub);
        table_move = hit.move;
      }
    }
    struct Item {
      int sq, order;
      u64 f;
    } items[32];
    int k = 0;
    const u64 odd = n < 12 ? odd_quadrants(empty, kBoard8) : 0;
    for (u64 m = moves; m; m &= m - 1) {
      const int sq = __builtin_ctzll(m);
      const u64 f = flips(own, opp, sq);
      int order = sq == table_move ? 0x7FFFFFFF : use_order ? move_order(own, opp, empty, sq, f, odd, kBoard8) : 0;
      items[k++] = {sq, order, f};
    }
    if (use_etc && use_table && n > leaf_empties + 1) {  // enhanced transposition cut-off
      for (int i = 0; i < k; ++i) {
        const u64 bit = u64{1} << items[i].sq;
        FullKeyTable<BoardKey>::Hit hit;
        if (table.probe({opp & ~items[i].f, own | items[i].f | bit}, &hit) && -hit.ub >= beta) return -hit.ub;
      }
    }
    std::stable_sort(items, items + k, [](const Item& a, const Item& b) { return a.order > b.order; });
    const std::uint64_t nodes0 = nodes;
    int best = -1000, best_move = -1;
    for (int i = 0; i < k; ++i) {
      const u64 bit = u64{1} << items[i].sq, f = items[i].f;
      const u64 c_own = opp & ~f, c_opp = own | f | bit, c_empty = empty & ~bit;
      const int a = std::max(alpha, best);
      int v;
      if (i == 0) {
        v = -search(c_own, c_opp, c_empty, -beta, -a);
      } else {
        v = -search(c_own, c_opp, c_empty, -a - 1, -a);
        if (v > a && v < beta) v = -search(c_own, c_opp, c_empty, -beta, -v);
      }
      if (v > best) {
        best = v, best_move = items[i].sq;
        if (v >= beta) break;
      }
    }
    if (use_table) {
      // Fail-soft: best <= alpha is an upper bound, best >= beta a lower bound (window after the probe).
      table.store(key, best > alpha ? best : -127, best < beta ? best : 127, best_move, nodes - nodes0);
    }
    return best;
  }

  // The exact score by aspiration windows from the full range.
  int solve(u64 own, u64 opp, u64 empty) { return search(own, opp, empty, -64, 64); }
};

struct ObfLine {
  u64 own = 0, opp = 0, empty = 0;
  bool black_to_move = true;
  int best = 0;
  std::string text;
};

std::vector<ObfLine> read_obf(const std::string& path) {
  std::vector<ObfLine> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '%') continue;
    ObfLine o;
    o.text = line;
    u64 black = 0, white = 0;
    for (int i = 0; i < 64; ++i) {
      if (line[i] == 'X' || line[i] == '*') black |= u64{1} << i;
      if (line[i] == 'O') white |= u64{1} << i;
    }
    const bool black_to_move = line[65] == 'X';
    o.black_to_move = black_to_move;
    o.own = black_to_move ? black : white;
    o.opp = black_to_move ? white : black;
    o.empty = ~(black | white);
    const auto colon = line.find(':');
    o.best = colon == std::string::npos ? 0 : std::stoi(line.substr(colon + 1));
    out.push_back(o);
  }
  return out;
}

}  // namespace

TEST_CASE("reversi search: the null-window solvers search the window solvers' tree, 2..4 empties") {
  using namespace gsolve::reversi::detail;
  std::mt19937_64 rng(20261126);
  for (int empties = 2; empties <= 4; ++empties) {
    for (int checked = 0; checked < 300;) {
      Board b;
      if (!random_position(rng, empties, &b)) continue;
      Parity parity;
      std::array<int, 4> s{};
      if (empties == 2) {
        const std::array<int, 2> e = empty_squares<kBoard8, 2>(b.empty, parity);
        s = {e[0], e[1]};
      } else if (empties == 3) {
        const std::array<int, 3> e = empty_squares<kBoard8, 3>(b.empty, parity);
        s = {e[0], e[1], e[2]};
      } else {
        s = empty_squares<kBoard8, 4>(b.empty, parity);
      }
      for (int a = -10; a <= 10; a += 2) {
        std::uint64_t window_nodes = 0, null_nodes = 0;
        int window, null;
        if (empties == 2) {
          window = solve_2<kBoard8>(b.own, b.opp, s[0], s[1], a, a + 1, false, window_nodes);
          null = nws_2<kBoard8>(b.own, b.opp, s[0], s[1], a, null_nodes);
        } else if (empties == 3) {
          window = solve_few<kBoard8, 3>(b.own, b.opp, {s[0], s[1], s[2]}, parity, a, a + 1, false, window_nodes);
          null = nws_3<kBoard8>(b.own, b.opp, s[0], s[1], s[2], parity, a, null_nodes);
        } else {
          window = solve_few<kBoard8, 4>(b.own, b.opp, s, parity, a, a + 1, false, window_nodes);
          null = nws_4<kBoard8>(b.own, b.opp, s, parity, a, null_nodes);
        }
        CHECK(null == window);
        CHECK(null_nodes == window_nodes);
      }
      ++checked;
    }
  }
}

// The window solver's node above null-window children searches the null-window
// solver's tree: with the test above, by induction on the empties, both
// solvers search the same tree.
namespace {
template <int N>
void check_nws_shallow(std::mt19937_64& rng) {
  using namespace gsolve::reversi::detail;
  for (int checked = 0; checked < 200;) {
    Board b;
    if (!random_position(rng, N, &b)) continue;
    Parity parity;
    const std::array<int, N> s = empty_squares<kBoard8, N>(b.empty, parity);
    for (int a = -12; a <= 12; a += 2) {
      std::uint64_t window_nodes = 0, null_nodes = 0;
      const int window = shallow_window<kBoard8, N>(b.own, b.opp, s, parity, a, a + 1, false, window_nodes);
      const int null = nws_shallow<kBoard8, N>(b.own, b.opp, s, parity, a, null_nodes);
      CHECK(null == window);
      CHECK(null_nodes == window_nodes);
    }
    ++checked;
  }
}
}  // namespace

TEST_CASE("reversi search: the null-window solvers search the window solvers' tree, 5..7 empties") {
  std::mt19937_64 rng(20261127);
  check_nws_shallow<5>(rng);
  check_nws_shallow<6>(rng);
  check_nws_shallow<7>(rng);
}

TEST_CASE("reversi search: last-empties and shallow solvers equal minimax on random positions, 1..8 empties") {
  std::mt19937_64 rng(20261122);
  for (int empties = 1; empties <= 8; ++empties) {
    int checked = 0;
    while (checked < 300) {
      Board b;
      if (!random_position(rng, empties, &b)) continue;
      const int exact = minimax(b.own, b.opp, b.empty);
      std::uint64_t nodes = 0;
      CHECK(solve_leaf<kBoard8>(b.own, b.opp, b.empty, -64, 64, nodes) == exact);
      // Null windows around the exact score: fail high / low on the right side.
      for (int a = exact - 3; a <= exact + 2; ++a) {
        const int r = solve_leaf<kBoard8>(b.own, b.opp, b.empty, a, a + 1, nodes);
        if (a < exact) CHECK(r >= a + 1);
        if (a < exact) CHECK(r <= exact);
        if (a >= exact) CHECK(r <= a);
        if (a >= exact) CHECK(r >= exact);
      }
      if (empties == 1) CHECK(solve_1<kBoard8>(b.own, __builtin_ctzll(b.empty), -64, nodes) == exact);
      if (empties == 2) CHECK(solve_2<kBoard8>(b.own, b.opp, b.empty, -64, 64, nodes) == exact);
      if (empties == 3) CHECK(solve_3<kBoard8>(b.own, b.opp, b.empty, -64, 64, nodes) == exact);
      if (empties == 4) CHECK(solve_4<kBoard8>(b.own, b.opp, b.empty, -64, 64, nodes) == exact);
      ++checked;
    }
  }
  // 8 empties: the test driver (table, ordering, cut-offs) over smaller shallow solvers.
  Driver d;
  d.leaf_empties = 5;
  for (int checked = 0; checked < 100;) {
    Board b;
    if (!random_position(rng, 8, &b)) continue;
    CHECK(d.solve(b.own, b.opp, b.empty) == minimax(b.own, b.opp, b.empty));
    ++checked;
  }
}

// Own holds a1 alone, the opponent every other disc: the opponent's stable
// discs bound the score far below alpha, so the node fails low at once, before
// any move (4 empties, where own could take g7) or pass (5 empties, none on a
// line through a1: own cannot move).
TEST_CASE("reversi search: the stability cut-off ends a node of 4 or 5 empties before its moves") {
  const u64 own = 1;                                   // a1
  const u64 corner = (u64{3} << 54) | (u64{3} << 62);  // g7 h7 g8 h8
  const u64 apart =
      (u64{1} << 62) | (u64{1} << 55) | (u64{1} << 17) | (u64{1} << 34) | (u64{1} << 44);  // g8 h7 b3 c5 e6
  for (const u64 empty : {corner, apart}) {
    CAPTURE(empty);
    const u64 opp = ~(own | empty);
    const int alpha = 10, exact = minimax(own, opp, empty);
    REQUIRE(64 - 2 * stable_discs(opp, own, kBoard8) <= alpha);
    for (const int beta : {alpha + 1, 64}) {  // the null-window and the window solvers
      std::uint64_t nodes = 0;
      const int r = solve_leaf<kBoard8>(own, opp, empty, alpha, beta, nodes);
      CHECK(r <= alpha);
      CHECK(r >= exact);
      CHECK(nodes == 1);
    }
  }
}

TEST_CASE("reversi search: a game that ends with empty squares gives them to the winner") {
  // Black wiped out with two squares empty: nobody can move; black to move
  // has 0 discs, white 62, and the 2 empties go to white: -64.
  const u64 black = 0;
  const u64 empty = 0x8100000000000000ull;
  const u64 white = ~(black | empty);
  std::uint64_t nodes = 0;
  CHECK(minimax(black, white, empty) == -64);
  CHECK(solve_leaf<kBoard8>(black, white, empty, -64, 64, nodes) == -64);
  CHECK(solve_leaf<kBoard8>(white, black, empty, -64, 64, nodes) == 64);
  // Black h1 alone against white everywhere but a1 b1: black b1 flips c1..g1,
  // then white cannot flip, black a1 cannot flip either: the game ends with a1 empty.
  const u64 b2 = 0x80ull, e2 = 0x03ull, w2 = ~(b2 | e2);
  CHECK(solve_leaf<kBoard8>(b2, w2, e2, -64, 64, nodes) == minimax(b2, w2, e2));
}

// Stability: every disc counted stable never flips, checked on random 8x8
// positions with a few empties by playing out every continuation.
namespace {
u64 flipped_ever(u64 own, u64 opp, u64 empty, bool passed = false) {  // discs of own or opp that some line flips
  const u64 moves = legal_moves(own, opp) & empty;
  if (!moves) {
    if (passed) return 0;
    return flipped_ever(opp, own, empty, true);
  }
  u64 all = 0;
  for (u64 m = moves; m; m &= m - 1) {
    const int sq = __builtin_ctzll(m);
    const u64 bit = u64{1} << sq, f = flips(own, opp, sq);
    all |= f | flipped_ever(opp & ~f, own | f | bit, empty & ~bit);
  }
  return all;
}
}  // namespace

TEST_CASE("reversi search: stable discs are never flipped; edge stability examples") {
  std::mt19937_64 rng(7);
  for (const int n : {8, 6, 4}) {
    CAPTURE(n);
    const BoardGeometry& g = board_geometry(n);
    int with_stable = 0, stable_total = 0;
    for (int checked = 0; checked < 400;) {
      Board b;
      if (!random_position(rng, n == 4 ? 4 : 6, &b, n)) continue;
      const u64 s = stable_squares(b.own, b.opp, g);
      with_stable += s != 0;
      stable_total += count(s);
      // Every disc called stable is an own disc that no line of play flips.
      const u64 never = b.own & ~flipped_ever(b.own, b.opp, b.empty);
      CHECK((s & ~never) == 0);
      CHECK((s & ~g.board) == 0);
      ++checked;
    }
    CHECK(with_stable > 100);
  }
  // 6x6: the board's far edges are edges (f1-f6, a6-f6), its lines end at the board.
  CHECK(stable_discs(0x3Full << 40, 0, kBoard6) == 6);                     // a full last row of own discs
  CHECK(stable_discs(0x2020202020ull | (u64{1} << 45), 0, kBoard6) == 6);  // a full last column
  CHECK(stable_discs(u64{1} << 45, u64{1} << 44, kBoard6) == 1);           // a lone corner f6
  CHECK(stable_discs(0x3F3F3F3F3F3Full & 0x0000000FFFFFFull, 0x3F3F3F3F3F3Full & ~0x0000000FFFFFFull, kBoard6) ==
        18);  // a full board: every disc is stable
  // A full first row of own discs: all 8 stable; a lone corner: 1; a lone C-square: 0.
  CHECK(stable_discs(0xFFull, 0, kBoard8) == 8);
  CHECK(stable_discs(0x1ull, 0x2ull, kBoard8) == 1);
  CHECK(stable_discs(0x2ull, 0x4ull, kBoard8) == 0);
  // A full board: every disc is stable.
  CHECK(stable_discs(0x00000000FFFFFFFFull, 0xFFFFFFFF00000000ull, kBoard8) == 32);
}

TEST_CASE("reversi search: full lines are the frame's lines whose every square is set") {
  // Each line of the 8x8 frame by its squares, diagonals one by one.
  std::vector<u64> rows, columns, d9, d7;
  for (int i = 0; i < 8; ++i) rows.push_back(u64{0xFF} << (8 * i)), columns.push_back(0x0101010101010101ull << i);
  for (int k = 0; k < 15; ++k) {
    u64 a = 0, b = 0;
    for (int sq = 0; sq < 64; ++sq) {
      a |= (sq / 8 - sq % 8 + 7 == k) ? u64{1} << sq : 0;
      b |= (sq / 8 + sq % 8 == k) ? u64{1} << sq : 0;
    }
    d9.push_back(a), d7.push_back(b);
  }
  const auto full = [](u64 discs, const std::vector<u64>& lines) {
    u64 f = 0;
    for (const u64 l : lines) f |= (discs & l) == l ? l : 0;
    return f;
  };
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20000; ++i) {
    u64 discs = rng() | rng();
    for (int k = i % 4; k > 0; --k) discs |= rng();       // denser boards: more full lines
    if (i % 3 == 0) discs |= ~board_mask(i % 2 ? 6 : 4);  // a smaller board's frame counts as filled
    const detail::FullLines f = detail::full_lines(discs);
    CAPTURE(discs);
    CHECK(f.h == full(discs, rows));
    CHECK(f.v == full(discs, columns));
    CHECK(f.d9 == full(discs, d9));
    CHECK(f.d7 == full(discs, d7));
  }
}

TEST_CASE("reversi search: full-key table, every key in one bucket, never a wrong entry") {
  FullKeyTable<BoardKey> t(64);  // one bucket: every key collides
  REQUIRE(t.buckets() == 1);
  std::mt19937_64 rng(3);
  std::vector<BoardKey> keys;
  for (int i = 0; i < 50; ++i) keys.push_back({rng(), rng()});
  for (int i = 0; i < 50; ++i) {
    t.store(keys[i], -i, i, i % 65, std::uint64_t{1} << (i % 20));
    int hits = 0;
    for (int j = 0; j <= i; ++j) {
      FullKeyTable<BoardKey>::Hit h;
      if (t.probe(keys[j], &h)) {
        ++hits;
        CHECK(h.lb == -j);
        CHECK(h.ub == j);
        CHECK(h.move == j % 65);
      }
    }
    CHECK(hits >= 1);
    CHECK(hits <= FullKeyTable<BoardKey>::kWays);
  }
  // Keys differing in one bit only are told apart; bounds merge; the extreme values fit.
  FullKeyTable<BoardKey> u(64);
  u.store({1, 2}, -64, 64, 64, 5);
  u.store({1, 3}, -10, 10, FullKeyTable<BoardKey>::kNoMove, 5);
  u.store({1, 2}, 0, 127, FullKeyTable<BoardKey>::kNoMove, 1);
  FullKeyTable<BoardKey>::Hit h;
  REQUIRE(u.probe({1, 2}, &h));
  CHECK(h.lb == 0);
  CHECK(h.ub == 64);
  CHECK(h.move == 64);
  REQUIRE(u.probe({1, 3}, &h));
  CHECK(h.lb == -10);
  CHECK(h.move == FullKeyTable<BoardKey>::kNoMove);
  CHECK_FALSE(u.probe({0, 2}, &h));
  u.clear();
  CHECK_FALSE(u.probe({1, 2}, &h));
}

TEST_CASE("reversi search: the test driver solves every FFO problem of fforum-1-19 exactly") {
  const auto set = read_obf(std::string(GSOLVE_DATA_DIR) + "/reversi/fforum-1-19.obf");
  REQUIRE(set.size() == 19);
  Driver d;
  for (const auto& o : set) {
    d.table.clear();
    CHECK_MESSAGE(d.solve(o.own, o.opp, o.empty) == o.best, o.text);
  }
}

// Measurement helper, not a check: GSOLVE_DRIVER_OBF=<file> GSOLVE_OBF_LIMIT=n, with
// switches GSOLVE_OFF=table,stability,order,etc and GSOLVE_LEAF=n.
TEST_CASE("measure: reversi test driver on an OBF file" * doctest::skip(std::getenv("GSOLVE_DRIVER_OBF") == nullptr)) {
  const auto set = read_obf(std::getenv("GSOLVE_DRIVER_OBF"));
  const int limit = std::getenv("GSOLVE_OBF_LIMIT") ? std::atoi(std::getenv("GSOLVE_OBF_LIMIT")) : 1000;
  const std::string off = std::getenv("GSOLVE_OFF") ? std::getenv("GSOLVE_OFF") : "";
  Driver d;
  d.use_table = off.find("table") == std::string::npos;
  d.use_stability = off.find("stability") == std::string::npos;
  d.use_order = off.find("order") == std::string::npos;
  d.use_etc = off.find("etc") == std::string::npos;
  if (std::getenv("GSOLVE_LEAF")) d.leaf_empties = std::atoi(std::getenv("GSOLVE_LEAF"));
  std::uint64_t total = 0;
  const std::clock_t c0 = std::clock();
  for (int i = 0; i < static_cast<int>(set.size()) && i < limit; ++i) {
    d.table.clear();
    d.nodes = 0;
    const std::clock_t c = std::clock();
    const int v = d.solve(set[i].own, set[i].opp, set[i].empty);
    std::printf("%2d empties %2d score %+3d expected %+3d nodes %12llu cpu %.2f\n", i, count(set[i].empty), v,
                set[i].best, static_cast<unsigned long long>(d.nodes), double(std::clock() - c) / CLOCKS_PER_SEC);
    CHECK(v == set[i].best);
    total += d.nodes;
  }
  std::printf("total nodes %llu cpu %.2f s\n", static_cast<unsigned long long>(total),
              double(std::clock() - c0) / CLOCKS_PER_SEC);
}

namespace {
gsolve::Reversi::Position to_position(const ObfLine& o) { return {o.own, o.opp, o.black_to_move ? 1u : 0u, 0}; }
}  // namespace

TEST_CASE("reversi search: Searcher<Reversi> solves every problem of fforum-1-19 exactly") {
  const auto set = read_obf(std::string(GSOLVE_DATA_DIR) + "/reversi/fforum-1-19.obf");
  REQUIRE(set.size() == 19);
  gsolve::search::SearchOptions opt;
  opt.hash_mb = 16;
  gsolve::search::Searcher<gsolve::Reversi> searcher(gsolve::Reversi(8), opt);
  for (const auto& o : set) {
    searcher.clear();
    CHECK_MESSAGE(searcher.solve(to_position(o)) == o.best, o.text);
  }
  // Window contract around the score of the first problem (+18).
  searcher.clear();
  const auto p = to_position(set[0]);
  CHECK(searcher.search(p, 17, 18) >= 18);
  CHECK(searcher.search(p, 18, 19) <= 18);
  CHECK(searcher.search(p, -64, 64) == 18);
}

TEST_CASE("reversi search: a table's heavy entries keep another searcher exact (table_share.h)") {
  const auto set = read_obf(std::string(GSOLVE_DATA_DIR) + "/reversi/fforum-1-19.obf");
  REQUIRE(set.size() >= 4);
  gsolve::search::SearchOptions opt;
  opt.hash_mb = 16;
  gsolve::search::Searcher<gsolve::Reversi> first(gsolve::Reversi(8), opt), second(gsolve::Reversi(8), opt),
      alone(gsolve::Reversi(8), opt);
  first.share_table();
  for (int i = 0; i < 4; ++i) CHECK_MESSAGE(first.solve(to_position(set[i])) == set[i].best, set[i].text);
  std::vector<std::uint64_t> words;
  first.take_shared(words, 1024);
  constexpr std::size_t kEntryWords = 3;  // a reversi key's two words, then the data word
  CHECK(words.size() % kEntryWords == 0);
  CHECK(words.size() >= 64 * kEntryWords);
  second.import_shared(words);
  // The children, not the problems first solved (their exact entries would answer at once).
  const gsolve::Reversi game(8);
  for (int i = 0; i < 4; ++i) {
    const auto p = to_position(set[i]);
    gsolve::MoveList<gsolve::Reversi> moves;
    game.generate_moves(p, moves);
    for (const auto m : moves) {
      const auto child = game.play(p, m);
      CHECK_MESSAGE(second.solve(child) == alone.solve(child), set[i].text);
    }
  }
  CHECK(second.nodes() < alone.nodes());
}

TEST_CASE("reversi search: Searcher<Reversi> on random 8x8 positions with 8..12 empties equals the test driver") {
  std::mt19937_64 rng(11);
  gsolve::search::SearchOptions opt;
  opt.hash_mb = 4;
  gsolve::search::Searcher<gsolve::Reversi> searcher(gsolve::Reversi(8), opt);
  Driver d;
  d.leaf_empties = 5;
  for (int checked = 0; checked < gsolve::testing::samples(60, 15);) {
    Board b;
    if (!random_position(rng, 8 + checked % 5, &b)) continue;
    const int v = d.solve(b.own, b.opp, b.empty);
    CHECK(searcher.solve({b.own, b.opp, 1, 0}) == v);
    if (checked < 20) CHECK(v == minimax(b.own, b.opp, b.empty));
    ++checked;
  }
}

// Measurement helper, not a check: GSOLVE_OBF=<file> [GSOLVE_OBF_LIMIT=n GSOLVE_THREADS=t GSOLVE_ALGO=name].
TEST_CASE("measure: Searcher<Reversi> on an OBF file" * doctest::skip(std::getenv("GSOLVE_OBF") == nullptr)) {
  const auto set = read_obf(std::getenv("GSOLVE_OBF"));
  const int limit = std::getenv("GSOLVE_OBF_LIMIT") ? std::atoi(std::getenv("GSOLVE_OBF_LIMIT")) : 1000;
  const int first = std::getenv("GSOLVE_OBF_FIRST") ? std::atoi(std::getenv("GSOLVE_OBF_FIRST")) : 0;
  gsolve::search::SearchOptions opt;
  opt.hash_mb = 256;
  if (std::getenv("GSOLVE_THREADS")) opt.threads = std::atoi(std::getenv("GSOLVE_THREADS"));
  if (std::getenv("GSOLVE_ALGO")) opt.algorithm = gsolve::search::parse_algorithm(std::getenv("GSOLVE_ALGO"));
  gsolve::search::Searcher<gsolve::Reversi> searcher(gsolve::Reversi(8), opt);
  std::uint64_t total = 0;
  const std::clock_t c0 = std::clock();
  const auto w0 = std::chrono::steady_clock::now();
  for (int i = first; i < static_cast<int>(set.size()) && i < first + limit; ++i) {
    searcher.clear();
    searcher.reset_nodes();
    const std::clock_t c = std::clock();
    const int v = searcher.solve(to_position(set[i]));
    std::printf("%2d empties %2d score %+3d expected %+3d nodes %12llu cpu %.2f\n", i, count(set[i].empty), v,
                set[i].best, static_cast<unsigned long long>(searcher.nodes()),
                double(std::clock() - c) / CLOCKS_PER_SEC);
    std::fflush(stdout);
    CHECK(v == set[i].best);
    total += searcher.nodes();
  }
  std::printf("total nodes %llu cpu %.2f s wall %.2f s\n", static_cast<unsigned long long>(total),
              double(std::clock() - c0) / CLOCKS_PER_SEC,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
}

TEST_CASE("reversi search: 6x6 in the frame, leaf solvers and Searcher<Reversi> equal minimax") {
  std::mt19937_64 rng(66);
  gsolve::search::SearchOptions opt;
  opt.hash_mb = 4;
  gsolve::search::Searcher<gsolve::Reversi> searcher(gsolve::Reversi(6), opt);
  for (int checked = 0; checked < 60;) {
    Board b;
    const int empties = 4 + checked % 7;  // 4..10
    if (!random_position(rng, empties, &b, 6)) continue;
    REQUIRE((b.empty & ~board_mask(6)) == 0);
    const int exact = minimax(b.own, b.opp, b.empty);
    std::uint64_t nodes = 0;
    if (empties <= 8) CHECK(solve_leaf<kBoard6>(b.own, b.opp, b.empty, -36, 36, nodes) == exact);
    searcher.clear();
    CHECK(searcher.solve({b.own, b.opp, 1, 0}) == exact);
    ++checked;
  }
}
