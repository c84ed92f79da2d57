// The enclosed regions of benson.h against an exhaustive local game: every
// region the recogniser declares the colour's is one the opponent can never
// hold, whatever it plays there, on every position of 3x3 and 4x3 and on
// random 4x4, 5x5 and 6x5 positions; and the test set holds regions one point
// more generous (two points away from the alive stones) that the game says the
// opponent can hold, so a recogniser made one point more generous fails here.
// The local search of local_region.h must agree with the game exactly on every
// region within its size limit (a more generous or a weaker search fails).
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "games/go.h"
#include "sanitized.h"
#include "src/search/go/benson.h"
#include "src/search/go/closed_system.h"
#include "src/search/go/local_region.h"

using namespace gsolve;
using gsolve::testing::kSanitized;
using gsolve::testing::samples;

namespace {

// Plain cell-by-cell Go on a W x H board, nothing shared with games/go.cpp.
struct Cells {
  int w, h;
  int cells() const { return w * h; }
  std::uint64_t all() const { return (std::uint64_t{1} << cells()) - 1; }
  std::uint64_t around(int i) const {
    const int x = i % w, y = i / w;
    std::uint64_t out = 0;
    if (x > 0) out |= std::uint64_t{1} << (i - 1);
    if (x + 1 < w) out |= std::uint64_t{1} << (i + 1);
    if (y > 0) out |= std::uint64_t{1} << (i - w);
    if (y + 1 < h) out |= std::uint64_t{1} << (i + w);
    return out;
  }
  std::uint64_t around_set(std::uint64_t set) const {
    std::uint64_t out = 0;
    for (int i = 0; i < cells(); ++i)
      if (set >> i & 1) out |= around(i);
    return out & ~set;
  }
  // The connected part of `within` holding point i.
  std::uint64_t group(int i, std::uint64_t within) const {
    std::uint64_t g = std::uint64_t{1} << i;
    for (std::uint64_t grown = g;; g = grown) {
      grown = g | (around_set(g) & within);
      if (grown == g) return g;
    }
  }
  bool breathes(std::uint64_t group, std::uint64_t black, std::uint64_t white) const {
    return (around_set(group) & all() & ~(black | white)) != 0;
  }
  // The stones of `side` left after removing its groups without a liberty; false if any.
  bool take_dead(std::uint64_t& side, std::uint64_t other, std::uint64_t near) const {
    bool took = false;
    for (int i = 0; i < cells(); ++i)
      if ((near & side) >> i & 1) {
        const std::uint64_t g = group(i, side);
        if (!breathes(g, side, other)) side &= ~g, took = true;
      }
    return took;
  }
};

// Benson's fixpoint, textbook style: the colour's blocks with two vital regions.
std::uint64_t alive_blocks(const Cells& b, std::uint64_t own, std::uint64_t opp) {
  std::vector<std::uint64_t> blocks, regions;
  for (std::uint64_t rest = own; rest;) {
    const std::uint64_t g = b.group(std::countr_zero(rest), own);
    blocks.push_back(g);
    rest &= ~g;
  }
  const std::uint64_t not_own = b.all() & ~own;
  for (std::uint64_t rest = not_own; rest;) {
    const std::uint64_t r = b.group(std::countr_zero(rest), not_own);
    regions.push_back(r);
    rest &= ~r;
  }
  for (bool changed = true; changed;) {
    changed = false;
    std::uint64_t removed = 0;
    for (auto& block : blocks) {
      if (!block) continue;
      const std::uint64_t liberties = b.around_set(block);
      int vital = 0;
      for (const std::uint64_t r : regions)
        if (r && (liberties & r) && !(r & ~opp & ~liberties)) ++vital;
      if (vital < 2) removed |= block, block = 0, changed = true;
    }
    for (auto& r : regions)
      if (b.around_set(r) & removed) r = 0;
  }
  std::uint64_t alive = 0;
  for (const std::uint64_t block : blocks) alive |= block;
  return alive;
}

// The local game of a region R next to the colour's alive stones, the rest of
// the board as it stands. The opponent may play any number of moves in a row
// there (the colour may answer elsewhere), and the colour must always have a
// move in R that keeps this so while the opponent has stones in R (it never
// passes then, so they are all gone when the game ends). A stone of the colour
// taken in R loses (its stones must only grow for superko, benson.h). Whether
// the colour wins: the greatest fixpoint over every content of R reachable.
bool colour_holds(const Cells& b, std::uint64_t own, std::uint64_t opp, std::uint64_t region) {
  std::vector<int> points;
  for (std::uint64_t r = region; r; r &= r - 1) points.push_back(std::countr_zero(r));
  int count = 1;
  for (std::size_t i = 0; i < points.size(); ++i) count *= 3;
  const auto encode = [&](std::uint64_t o, std::uint64_t p) {
    int k = 0;
    for (int i = static_cast<int>(points.size()) - 1; i >= 0; --i)
      k = k * 3 + (o >> points[i] & 1 ? 1 : p >> points[i] & 1 ? 2 : 0);
    return k;
  };
  const std::uint64_t own_out = own & ~region, opp_out = opp & ~region;
  const auto decode = [&](int k, std::uint64_t& o, std::uint64_t& p) {
    o = own_out, p = opp_out;
    for (const int q : points) {
      if (k % 3 == 1) o |= std::uint64_t{1} << q;
      if (k % 3 == 2) p |= std::uint64_t{1} << q;
      k /= 3;
    }
  };
  std::vector<char> reached(count, 0), loses(count, 0);
  std::vector<std::vector<int>> by_opp(count), by_own(count);
  std::vector<int> stack{encode(own, opp)};
  reached[stack.back()] = 1;
  while (!stack.empty()) {
    const int k = stack.back();
    stack.pop_back();
    std::uint64_t o, p;
    decode(k, o, p);
    for (const int q : points) {
      const std::uint64_t bit = std::uint64_t{1} << q;
      if ((o | p) & bit) continue;
      const auto visit = [&](std::uint64_t o2, std::uint64_t p2, std::vector<int>& moves) {
        const int k2 = encode(o2, p2);
        moves.push_back(k2);
        if (!reached[k2]) reached[k2] = 1, stack.push_back(k2);
      };
      {  // the opponent plays q
        std::uint64_t o2 = o, p2 = p | bit;
        if (b.take_dead(o2, p2, b.around(q)))
          loses[k] = 1;
        else if (b.breathes(b.group(q, p2), o2, p2))
          visit(o2, p2, by_opp[k]);
      }
      {  // the colour plays q
        std::uint64_t o2 = o | bit, p2 = p;
        b.take_dead(p2, o2, b.around(q));
        if (b.breathes(b.group(q, o2), o2, p2)) visit(o2, p2, by_own[k]);
      }
    }
  }
  // holds[k]: the opponent to move at k (or the colour, which may pass) and the colour wins.
  std::vector<char> holds(count, 0);
  for (int k = 0; k < count; ++k) holds[k] = reached[k] && !loses[k];
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 0; k < count; ++k) {
      if (!holds[k]) continue;
      std::uint64_t o, p;
      decode(k, o, p);
      const auto answer = [&](int k2) {  // the colour to move at k2, after the opponent's move
        if (holds[k2]) return true;
        for (const int k3 : by_own[k2])
          if (holds[k3]) return true;
        return false;
      };
      bool ok = true;
      for (const int k2 : by_opp[k]) ok = ok && answer(k2);
      if (ok && (p & region)) {  // invaders: the colour needs a move that keeps it winning
        ok = false;
        for (const int k2 : by_own[k]) ok = ok || holds[k2];
      }
      if (!ok) holds[k] = 0, changed = true;
    }
  }
  return holds[encode(own, opp)];
}

struct Tally {
  int declared = 0, reduced = 0, too_large = 0, wider_lost = 0, wider_declared = 0;
  int first_lost = 0, first_declared = 0;
  int searched = 0, search_held = 0, search_lost = 0;  // regions within the search's limit,
  int interior_held = 0, interior_lost = 0;            // those with two points or more away from the alive stones
  int systems_held = 0, systems_lost = 0;              // closed systems within the search's limit
  int systems_unchecked = 0;                           // of them, too large for the game here
  int kept_with_systems = 0;                           // positions whose kept area counts systems
};

// Whether one stone of the colour on an empty point of the region next to its
// alive stones leaves every part of the region with at most one point away
// from them: the reduced regions' test with the colour moving first, one point
// more generous than benson.h's (where the opponent moves first).
bool settles_moving_first(const Cells& b, std::uint64_t alive, std::uint64_t opp, std::uint64_t region) {
  const std::uint64_t near = b.around_set(alive);
  for (std::uint64_t ms = region & ~opp & near; ms; ms &= ms - 1) {
    const int m = std::countr_zero(ms);
    const std::uint64_t rest = region & ~(std::uint64_t{1} << m);
    const std::uint64_t away = rest & ~near & ~b.around(m);
    bool settles = true;
    for (std::uint64_t left = away; left && settles;) {
      const std::uint64_t part = b.group(std::countr_zero(left), rest);
      settles = std::popcount(part & away) <= 1;
      left &= ~part;
    }
    if (settles) return true;
  }
  return false;
}
constexpr int kLargest = 12;  // points of the largest region the local game is played on (3^12 contents)
constexpr int kSystemsChecked =
    kSanitized ? 5 : 7;  // on every 3x3 and 4x3 position: larger systems' games are played below
static_assert(gsolve::search::go::kLargestSearchedRegion <= kLargest);

// The closed systems of a position (closed_system.h), found textbook style:
// from each block of the colour's that is not alive, the regions next to the
// blocks and the blocks next to the regions until nothing changes. Each system
// within the search's limit must be held by the local search exactly when the
// local game holds it; the kept area must count them all when every one is
// held and none otherwise. The game is played on systems of at most `checked`
// points (the largest cost 3^10 contents each).
void check_systems(const Cells& b, std::uint64_t own, std::uint64_t opp, std::uint64_t alive, int checked,
                   Tally& tally) {
  const Go go(b.w, b.h);
  const std::uint64_t not_own = b.all() & ~own;
  std::uint64_t loose = own & ~alive, held = 0;
  bool all_held = loose != 0;
  while (loose) {
    std::uint64_t stones = b.group(std::countr_zero(loose), loose), regions = 0;
    for (;;) {
      regions = 0;
      for (std::uint64_t r = b.around_set(stones) & not_own; r; r &= r - 1)
        regions |= b.group(std::countr_zero(r), not_own);
      std::uint64_t grown = stones;
      for (std::uint64_t r = b.around_set(regions) & loose; r; r &= r - 1) grown |= b.group(std::countr_zero(r), loose);
      if (grown == stones) break;
      stones = grown;
    }
    loose &= ~stones;
    if (std::popcount(regions) > gsolve::search::go::kLargestSystem) {
      all_held = false;
      continue;
    }
    INFO(b.w, "x", b.h, " own ", own, " opp ", opp, " system ", stones, " regions ", regions);
    const bool searched = gsolve::search::go::colour_holds_system(go, stones, regions, opp);
    // Systems searched within a budget may answer "not held" where the game holds them, never the reverse.
    const bool budgeted = std::popcount(regions) > gsolve::search::go::kLargestUnbudgetedSystem;
    if (std::popcount(regions) <= checked)
      CHECK((budgeted ? !searched || colour_holds(b, own, opp, regions)
                      : searched == colour_holds(b, own, opp, regions)));
    else
      ++tally.systems_unchecked;
    ++(searched ? tally.systems_held : tally.systems_lost);
    all_held = all_held && searched;
    held |= stones | regions;
  }
  if (alive == own) return;
  INFO(b.w, "x", b.h, " own ", own, " opp ", opp);
  const auto kept = gsolve::search::go::kept_area(go, own, opp);
  if (all_held) {
    CHECK((kept.points & held) == held);
    ++tally.kept_with_systems;
  } else {
    CHECK(kept.points == kept.safe);
  }
}

// Checks every region of one position: declared enclosed ones must hold in
// the local game; a region with two points away from the alive stones that the
// local game loses is a witness against a more generous recogniser.
void check_position(const Cells& b, std::uint64_t own, std::uint64_t opp, Tally& tally,
                    int systems_checked = kLargest) {
  const Go go(b.w, b.h);
  const auto u = gsolve::search::go::unconditional(go, own, opp);
  const std::uint64_t alive = alive_blocks(b, own, opp);
  REQUIRE(u.alive == alive);
  check_systems(b, own, opp, alive, systems_checked, tally);
  if (!alive) return;
  const std::uint64_t not_own = b.all() & ~own;
  for (std::uint64_t rest = not_own; rest;) {
    const std::uint64_t region = b.group(std::countr_zero(rest), not_own);
    rest &= ~region;
    const std::uint64_t away = region & ~b.around_set(alive);
    const bool bounded_by_alive = (b.around_set(region) & own & ~alive) == 0;
    INFO(b.w, "x", b.h, " own ", own, " opp ", opp, " region ", region);
    const int size = std::popcount(region);
    // The local game's answer, played once per region where needed.
    int holds = -1;
    const auto game_holds = [&] {
      if (holds < 0) holds = colour_holds(b, own, opp, region);
      return holds == 1;
    };
    if (bounded_by_alive && size <= gsolve::search::go::kLargestSearchedRegion) {
      const bool searched = gsolve::search::go::colour_holds_region(go, region, opp);
      CHECK(searched == game_holds());
      CHECK((((u.territory | u.enclosed) & region) != 0) == searched);  // none left out
      ++tally.searched;
      tally.search_held += searched;
      tally.search_lost += !searched;
      if (std::popcount(away) > 1) ++(searched ? tally.interior_held : tally.interior_lost);
    }
    if (u.enclosed & region) {
      REQUIRE((u.enclosed & region) == region);
      REQUIRE(bounded_by_alive);
      REQUIRE(away != 0);
      REQUIRE(((u.reduced | u.searched) & region) == ((std::popcount(away) > 1) ? region : 0));
      REQUIRE(!(u.reduced & u.searched));
      REQUIRE((!(u.searched & region) || size <= gsolve::search::go::kLargestSearchedRegion));
      if (size > kLargest) {
        ++tally.too_large;
        continue;
      }
      CHECK(game_holds());
      ++tally.declared;
      tally.reduced += (u.reduced & region) != 0;
    } else if (bounded_by_alive && size <= kLargest) {
      if (std::popcount(away) == 2) {
        ++tally.wider_declared;
        tally.wider_lost += !game_holds();
      }
      if (std::popcount(away) > 1 && settles_moving_first(b, alive, opp, region)) {
        ++tally.first_declared;
        tally.first_lost += !game_holds();
      }
    }
  }
}

// Whether every block of the position has a liberty.
bool legal(const Cells& b, std::uint64_t black, std::uint64_t white) {
  for (std::uint64_t rest = black | white; rest;) {
    const int i = std::countr_zero(rest);
    const std::uint64_t g = b.group(i, black >> i & 1 ? black : white);
    if (!b.breathes(g, black, white)) return false;
    rest &= ~g;
  }
  return true;
}

// A random board: each point the colour's with `own_share` percent, else the
// opponent's with `opp_share` percent, else empty.
void random_board(const Cells& b, std::mt19937_64& rng, int own_share, int opp_share, std::uint64_t& own,
                  std::uint64_t& opp) {
  for (int p = 0; p < b.cells(); ++p) {
    const int r = static_cast<int>(rng() % 100);
    if (r < own_share)
      own |= std::uint64_t{1} << p;
    else if (r < own_share + opp_share)
      opp |= std::uint64_t{1} << p;
  }
}

}  // namespace

TEST_CASE("go: enclosed regions hold in the exhaustive local game on every 3x3 and 4x3 position") {
  Tally tally;
  for (const auto& size : {std::pair{3, 3}, std::pair{4, 3}}) {
    const Cells b{size.first, size.second};
    int positions = 1;
    for (int i = 0; i < b.cells(); ++i) positions *= 3;
    for (int code = 0; code < positions; ++code) {
      std::uint64_t own = 0, opp = 0;
      for (int i = 0, x = code; i < b.cells(); ++i, x /= 3) {
        if (x % 3 == 1) own |= std::uint64_t{1} << i;
        if (x % 3 == 2) opp |= std::uint64_t{1} << i;
      }
      if (own && legal(b, own, opp)) check_position(b, own, opp, tally, kSystemsChecked);
    }
  }
  MESSAGE(tally.declared << " enclosed regions (" << tally.reduced << " reduced, " << tally.too_large
                         << " larger left out); " << tally.wider_lost << " of " << tally.wider_declared
                         << " others with two points away from the alive stones lost, " << tally.first_lost << " of "
                         << tally.first_declared << " settled by one stone moving first; the search held "
                         << tally.search_held << " and lost " << tally.search_lost << " of " << tally.searched << " ("
                         << tally.interior_held << " and " << tally.interior_lost
                         << " with two points or more away from the alive stones); closed systems: "
                         << tally.systems_held << " held, " << tally.systems_lost << " lost ("
                         << tally.systems_unchecked << " not played), counted on " << tally.kept_with_systems
                         << " positions");
  CHECK(tally.declared > 3000);
  CHECK(tally.reduced > 500);
  CHECK(tally.too_large == 0);
  CHECK(tally.wider_lost > 0);  // one point more generous fails
  CHECK(tally.first_lost > 0);  // so does the colour moving first in reduced regions
}

TEST_CASE("go: enclosed regions hold in the exhaustive local game on random 4x4, 5x5 and 6x5 positions") {
  std::mt19937_64 rng(20261125);
  Tally tally;
  for (const auto& size : {std::pair{4, 4}, std::pair{5, 5}, std::pair{6, 5}}) {
    const Cells b{size.first, size.second};
    for (int k = 0; k < samples(150'000, 10'000); ++k) {
      // Dense boards of the colour (alive ones among them) with a few invaders.
      const int own_share = 40 + static_cast<int>(rng() % 45), opp_share = static_cast<int>(rng() % 40);
      std::uint64_t own = 0, opp = 0;
      random_board(b, rng, own_share, opp_share, own, opp);
      if (own && legal(b, own, opp)) check_position(b, own, opp, tally, 0);
    }
  }
  MESSAGE(tally.declared << " enclosed regions (" << tally.reduced << " reduced, " << tally.too_large
                         << " larger left out); " << tally.wider_lost << " of " << tally.wider_declared
                         << " others with two points away from the alive stones lost, " << tally.first_lost << " of "
                         << tally.first_declared << " settled by one stone moving first; the search held "
                         << tally.search_held << " and lost " << tally.search_lost << " of " << tally.searched << " ("
                         << tally.interior_held << " and " << tally.interior_lost
                         << " with two points or more away from the alive stones); closed systems: "
                         << tally.systems_held << " held, " << tally.systems_lost << " lost ("
                         << tally.systems_unchecked << " not played), counted on " << tally.kept_with_systems
                         << " positions");
  CHECK(tally.declared > samples(2000, 100));
  CHECK(tally.reduced > samples(500, 20));
  // Rare among random boards: the Release stage's full sample holds them.
  if (!kSanitized) {
    CHECK(tally.wider_lost > 0);
    CHECK(tally.first_lost > 0);
  }
}

TEST_CASE("go: the local search agrees with the exhaustive local game on carved regions of 5x5 and 6x5") {
  // Boards of the colour's stones with two one-point eyes and one region of 4
  // to 9 points carved out, invaders scattered in it: the regions that the
  // local search decides (interiors of several points) far more often than the
  // random boards above, where most are Benson territory.
  std::mt19937_64 rng(20261126);
  Tally tally;
  for (const auto& size : {std::pair{5, 5}, std::pair{6, 5}}) {
    const Cells b{size.first, size.second};
    for (int k = 0; k < samples(2'500, 250); ++k) {
      const int points = 4 + static_cast<int>(rng() % 6);
      std::uint64_t region = std::uint64_t{1} << (rng() % b.cells());
      while (std::popcount(region) < points) {
        const std::uint64_t next = b.around_set(region);
        std::uint64_t pick = next;
        for (int skip = static_cast<int>(rng() % std::popcount(next)); skip > 0; --skip) pick &= pick - 1;
        region |= pick & (~pick + 1);
      }
      std::uint64_t eyes = 0;
      for (int tries = 0; tries < 20 && std::popcount(eyes) < 2; ++tries) {
        const std::uint64_t eye = std::uint64_t{1} << (rng() % b.cells());
        if (!((region | eyes) & (eye | b.around_set(eye)))) eyes |= eye;
      }
      const int opp_share = 20 + static_cast<int>(rng() % 50);
      std::uint64_t opp = 0;
      for (std::uint64_t rest = region; rest; rest &= rest - 1)
        if (static_cast<int>(rng() % 100) < opp_share) opp |= rest & (~rest + 1);
      const std::uint64_t own = b.all() & ~region & ~eyes;
      if (legal(b, own, opp)) check_position(b, own, opp, tally);
    }
  }
  MESSAGE(tally.declared << " enclosed regions (" << tally.reduced << " reduced); the search held " << tally.search_held
                         << " and lost " << tally.search_lost << " of " << tally.searched
                         << ", with two points or more away from the alive stones " << tally.interior_held << " and "
                         << tally.interior_lost << "; closed systems: " << tally.systems_held << " held, "
                         << tally.systems_lost << " lost");
  CHECK(tally.interior_held > samples(700, 50));
  CHECK(tally.interior_lost > samples(50, 2));
}

TEST_CASE("go: closed systems agree with the exhaustive local game on random 4x4 and 5x5 positions") {
  // Every closed system within the search's limit is played out here (the
  // random test above checks only the kept area's use of them: the games of
  // its many systems of 8-10 points would take minutes).
  std::mt19937_64 rng(20261127);
  Tally tally;
  for (const auto& size : {std::pair{4, 4}, std::pair{5, 5}}) {
    const Cells b{size.first, size.second};
    for (int k = 0; k < samples(6'000, 600); ++k) {
      const int own_share = 40 + static_cast<int>(rng() % 35), opp_share = 10 + static_cast<int>(rng() % 35);
      std::uint64_t own = 0, opp = 0;
      random_board(b, rng, own_share, opp_share, own, opp);
      if (own && legal(b, own, opp)) check_systems(b, own, opp, alive_blocks(b, own, opp), kLargest, tally);
    }
  }
  MESSAGE("closed systems: " << tally.systems_held << " held, " << tally.systems_lost << " lost; counted on "
                             << tally.kept_with_systems << " positions");
  CHECK(tally.systems_held > samples(300, 20));
  CHECK(tally.systems_lost > samples(300, 20));
}

TEST_CASE("go: a closed system's search within a budget answers exactly or Unknown, and leaves the memo sound") {
  // Each system is searched with a budget of 0-39 contents (Unknown, or the
  // game's answer), then without one: the game's answer whatever the aborted
  // searches left in the memo (one that stored the answers of aborted
  // searches fails here).
  using gsolve::search::go::SystemAnswer;
  std::mt19937_64 rng(20261126);
  int exact = 0, unknown = 0;
  for (const auto& size : {std::pair{4, 4}, std::pair{5, 5}}) {
    const Cells b{size.first, size.second};
    const Go go(b.w, b.h);
    for (int k = 0; k < samples(4'000, 1'200); ++k) {
      const int own_share = 40 + static_cast<int>(rng() % 35), opp_share = 10 + static_cast<int>(rng() % 35);
      std::uint64_t own = 0, opp = 0;
      random_board(b, rng, own_share, opp_share, own, opp);
      if (!own || !legal(b, own, opp)) continue;
      gsolve::search::go::ClosedSystems systems;
      const std::uint64_t alive = alive_blocks(b, own, opp);
      if (alive == own || !gsolve::search::go::find_closed_systems(go, own, alive, systems)) continue;
      for (int i = 0; i < systems.count; ++i) {
        const std::uint64_t stones = systems.stones[i], regions = systems.regions[i];
        if (std::popcount(regions) > (kSanitized ? 8 : 10)) continue;
        INFO(b.w, "x", b.h, " own ", own, " opp ", opp, " system ", stones, " regions ", regions);
        const bool game = colour_holds(b, own, opp, regions);
        const SystemAnswer within =
            gsolve::search::go::search_system(go, stones, regions, opp, static_cast<std::int64_t>(rng() % 40));
        if (within == SystemAnswer::Unknown) {
          ++unknown;
        } else {
          ++exact;
          CHECK((within == SystemAnswer::Held) == game);
        }
        CHECK((gsolve::search::go::search_system(go, stones, regions, opp, INT64_MAX) == SystemAnswer::Held) == game);
      }
    }
  }
  MESSAGE("budgeted searches: " << exact << " exact, " << unknown << " unknown");
  CHECK(exact > samples(300, 20));
  CHECK(unknown > samples(300, 20));
}
