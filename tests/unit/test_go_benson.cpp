// Benson's unconditional life (src/search/go/benson.h) against the textbook
// algorithm, and the area a side keeps under superko.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

#include "games/go.h"
#include "src/search/go/benson.h"

using namespace gsolve;

namespace {
std::uint64_t points_of(const Go& go, std::initializer_list<const char*> names) {
  std::uint64_t set = 0;
  for (const char* n : names) set |= std::uint64_t{1} << go.parse_vertex(n);
  return set;
}
bool has(const Go& go, std::uint64_t set, const char* name) { return set >> go.parse_vertex(name) & 1; }
}  // namespace

TEST_CASE("go: Benson's unconditional life and territory (shared README vectors)") {
  using gsolve::search::go::unconditional;
  const Go go(5, 5);
  {  // Black on columns B and D and C3: alive, the four regions black territory.
    const auto black = points_of(go, {"b1", "b2", "b3", "b4", "b5", "d1", "d2", "d3", "d4", "d5", "c3"});
    const auto u = unconditional(go, black, 0);
    CHECK(u.alive == black);
    for (const char* t : {"a1", "c1", "c4", "e3", "a3"}) CHECK(has(go, u.territory, t));
    CHECK(std::popcount(u.alive | u.territory) == 25);
  }
  {  // One corner eye only: undecided.
    const auto u = unconditional(go, points_of(go, {"b1", "b2", "a2"}), points_of(go, {"c3"}));
    CHECK(u.alive == 0);
    CHECK(u.territory == 0);
  }
  {  // A wall on row 2, one region below: undecided.
    const auto wall = points_of(go, {"a2", "b2", "c2", "d2", "e2"});
    const auto u = unconditional(go, wall, 0);
    CHECK(u.alive == 0);
    CHECK(u.territory == 0);
    // The same plus C1 (two regions below): alive, A1 and E1 territory, C4 undecided.
    const auto v = unconditional(go, wall | points_of(go, {"c1"}), 0);
    CHECK(has(go, v.alive, "c2"));
    CHECK(has(go, v.territory, "a1"));
    CHECK(has(go, v.territory, "e1"));
    CHECK(!has(go, v.territory, "c4"));
    CHECK(!has(go, v.alive, "c4"));
    // White stones inside an enclosed small region do not change it: it stays black's.
    const auto w = unconditional(go, wall | points_of(go, {"c1"}), points_of(go, {"a1"}));
    CHECK(has(go, w.territory, "a1"));
  }
}

// Benson's algorithm as the textbook states it, cell by cell: every region
// (connected points without the colour's stones), every block, the vital
// pairs, then the removals until nothing changes. Returns {alive, territory}.
std::pair<std::uint64_t, std::uint64_t> textbook_benson(int w, int h, std::uint64_t own, std::uint64_t opp) {
  const int n = w * h;
  const auto adjacent = [&](int a, int b) { return (a / w == b / w && std::abs(a - b) == 1) || std::abs(a - b) == w; };
  const auto in = [](std::uint64_t set, int p) { return (set >> p & 1) != 0; };
  const auto components = [&](std::uint64_t cells) {
    std::vector<std::uint64_t> out;
    for (int p = 0; p < n; ++p) {
      if (!in(cells, p) || std::any_of(out.begin(), out.end(), [&](std::uint64_t c) { return in(c, p); })) continue;
      std::uint64_t c = std::uint64_t{1} << p;
      for (bool grew = true; grew;) {
        grew = false;
        for (int a = 0; a < n; ++a)
          for (int b = 0; b < n; ++b)
            if (in(c, a) && !in(c, b) && in(cells, b) && adjacent(a, b)) c |= std::uint64_t{1} << b, grew = true;
      }
      out.push_back(c);
    }
    return out;
  };
  const std::uint64_t all = n == 64 ? ~0ull : (std::uint64_t{1} << n) - 1;
  const auto touches = [&](std::uint64_t a, std::uint64_t b) {
    for (int p = 0; p < n; ++p)
      for (int q = 0; q < n; ++q)
        if (in(a, p) && in(b, q) && adjacent(p, q)) return true;
    return false;
  };
  std::vector<std::uint64_t> blocks = components(own), regions = components(all & ~own);
  const auto vital = [&](std::uint64_t region, std::uint64_t block) {
    if (!touches(region, block)) return false;
    for (int p = 0; p < n; ++p)
      if (in(region, p) && !in(opp, p) && !touches(std::uint64_t{1} << p, block)) return false;
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<std::uint64_t> kept, removed;
    for (const std::uint64_t b : blocks)
      (std::count_if(regions.begin(), regions.end(), [&](std::uint64_t r) { return vital(r, b); }) >= 2 ? kept
                                                                                                        : removed)
          .push_back(b);
    if (removed.empty()) break;
    changed = true;
    blocks = kept;
    std::erase_if(regions, [&](std::uint64_t r) {
      return std::any_of(removed.begin(), removed.end(), [&](std::uint64_t b) { return touches(r, b); });
    });
  }
  std::uint64_t alive = 0, territory = 0;
  for (const std::uint64_t b : blocks) alive |= b;
  if (!alive) return {0, 0};
  for (const std::uint64_t r : regions) {
    bool every = true;
    for (int p = 0; p < n; ++p)
      if (in(r, p) && !touches(std::uint64_t{1} << p, alive)) every = false;
    if (every) territory |= r;
  }
  return {alive, territory};
}

TEST_CASE("go: Benson's algorithm agrees with the textbook one on random boards") {
  std::mt19937_64 rng(20261124);
  int alive_boards = 0, territory_boards = 0;
  for (const auto& size : {std::pair{3, 3}, {4, 4}, {5, 5}, {4, 6}, {7, 7}, {1, 5}}) {
    const int w = size.first, h = size.second;
    const Go go(w, h);
    for (int k = 0; k < 1500; ++k) {
      // Dense boards of one colour (some alive) to sparse mixed ones.
      const int own_share = 30 + static_cast<int>(rng() % 50), opp_share = static_cast<int>(rng() % 30);
      std::uint64_t own = 0, opp = 0;
      for (int p = 0; p < w * h; ++p) {
        const int r = static_cast<int>(rng() % 100);
        if (r < own_share)
          own |= std::uint64_t{1} << p;
        else if (r < own_share + opp_share)
          opp |= std::uint64_t{1} << p;
      }
      const auto u = gsolve::search::go::unconditional(go, own, opp);
      const std::pair<std::uint64_t, std::uint64_t> textbook = textbook_benson(w, h, own, opp);
      const std::uint64_t alive = textbook.first, territory = textbook.second;
      INFO(w, "x", h, " own ", own, " opp ", opp);
      REQUIRE(u.alive == alive);
      REQUIRE(u.territory == territory);
      alive_boards += alive != 0;
      territory_boards += territory != 0;
    }
  }
  // The boards tried include living blocks and territory, not only the easy "nothing alive".
  CHECK(alive_boards > 500);
  CHECK(territory_boards > 300);
}

TEST_CASE("go: the superko-safe area counts alive stones and the empty points only they touch") {
  using gsolve::search::go::superko_safe_area;
  const Go go(3, 3);
  const std::uint64_t all = go.board_mask();
  const auto two_eyes = all & ~points_of(go, {"a1", "c3"});
  CHECK(superko_safe_area(go, two_eyes, 0) == all);
  // Columns b alive (regions a and c vital); a2 touches empty points, so only the stones are safe.
  const auto column_b = points_of(go, {"b1", "b2", "b3"});
  CHECK(superko_safe_area(go, column_b, 0) == column_b);
  // The same with a White stone in column a: Benson territory, but not superko-safe.
  const Go five(5, 5);
  const auto black = points_of(five, {"b1", "b2", "b3", "b4", "b5", "d1", "d2", "d3", "d4", "d5", "c3"});
  CHECK(has(five, gsolve::search::go::unconditional(five, black, points_of(five, {"a3"})).territory, "a3"));
  CHECK(superko_safe_area(five, black, points_of(five, {"a3"})) == black);
  CHECK(superko_safe_area(go, 0, 0) == 0);
}

TEST_CASE(
    "go: a side whose stones are all alive keeps its Benson territory, if no earlier board had more of its stones") {
  using gsolve::search::go::kept_area;
  const Go go(3, 3);
  // Column b alive: columns a and c are its territory (each point touches it).
  const auto column_b = points_of(go, {"b1", "b2", "b3"});
  CHECK(kept_area(go, column_b, 0).points == go.board_mask());
  CHECK(kept_area(go, column_b, 0).grows());
  CHECK(kept_area(go, column_b, points_of(go, {"a2"})).points == go.board_mask());
  // 5x5: a wall on row 2 and C1 is alive, with A1-B1 and D1-E1 its territory.
  const Go five(5, 5);
  const auto wall = points_of(five, {"a2", "b2", "c2", "d2", "e2", "c1"});
  const auto bottom = points_of(five, {"a1", "b1", "d1", "e1"});
  CHECK(kept_area(five, wall, 0).points == (wall | bottom));
  CHECK(kept_area(five, wall, points_of(five, {"a1"})).points == (wall | bottom));
  // Another black stone, not alive (C4): only the superko-safe area (the stones).
  const auto more = kept_area(five, wall | points_of(five, {"c4"}), points_of(five, {"a1"}));
  CHECK(more.points == wall);
  CHECK_FALSE(more.grows());
  // Eyes of single points need no history check.
  const auto two_eyes = go.board_mask() & ~points_of(go, {"a1", "c3"});
  CHECK(kept_area(go, two_eyes, 0).points == go.board_mask());
  CHECK_FALSE(kept_area(go, two_eyes, 0).grows());
}
