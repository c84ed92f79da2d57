#include "src/search/go/benson.h"

#include <bit>

#include "src/search/go/closed_system.h"
#include "src/search/go/local_region.h"
#include "src/search/go/thread_cache.h"

namespace gsolve::search::go {

namespace {

// Two stones of the colour leave at most one point away from its stones out
// of at most 3 + 4 + 1: larger interiors are not tried.
constexpr int kLargestReduced = 8;

// The measurement build GSOLVE_GO_MEASURE_INTERIOR=N (UNSOUND, never the
// default) also counts as enclosed every region whose points away from the
// alive blocks form a connected set of at most N points: it bounds what a
// rule for larger regions could save (docs/go-proof-measurement.md).
#ifdef GSOLVE_GO_MEASURE_INTERIOR
constexpr int kMeasureInterior = GSOLVE_GO_MEASURE_INTERIOR;
#else
constexpr int kMeasureInterior = 1;
#endif

// Whether every part of `region` without the colour's new stones `placed` holds
// at most one point away from the alive stones and the placed ones.
bool settled(const Go& go, std::uint64_t region, std::uint64_t inside, std::uint64_t placed) {
  std::uint64_t away = inside & ~placed & ~go.neighbours(placed);
  if (!(away & (away - 1))) return true;
  const std::uint64_t rest = region & ~placed;
  while (away) {
    const std::uint64_t part = component(go, away & (~away + 1), rest);
    const std::uint64_t in_part = away & part;
    if (in_part & (in_part - 1)) return false;
    away &= ~part;
  }
  return true;
}

// Whether the colour settles the region with at most two stones, each on an
// empty point next to its alive stones or its stone placed before, when the
// opponent moves first and the colour answers each of its moves in the region.
bool reducible(const Go& go, std::uint64_t region, std::uint64_t inside, std::uint64_t empty,
               std::uint64_t near_alive) {
  std::uint64_t alone = 0, firsts = 0;  // first stones that settle it alone, that need a second
  std::uint64_t seconds[64];            // per first stone: the second stones that settle it
  for (std::uint64_t ms = empty & near_alive; ms; ms &= ms - 1) {
    const std::uint64_t m = ms & (~ms + 1);
    if (settled(go, region, inside, m)) {
      alone |= m;
      continue;
    }
    std::uint64_t& w = seconds[std::countr_zero(m)];
    w = 0;
    for (std::uint64_t next = empty & ~m & (near_alive | go.neighbours(m)); next; next &= next - 1) {
      const std::uint64_t m2 = next & (~next + 1);
      if (settled(go, region, inside, m | m2)) w |= m2;
    }
    if (w & (w - 1)) firsts |= m;
  }
  if (alone & (alone - 1)) return true;
  // The opponent's move b (an empty point of the region, or none: bit 63 is
  // never a point) must leave a stone that settles alone, or a first stone
  // with two second ones (the opponent takes at most one of them next).
  for (std::uint64_t bs = empty | std::uint64_t{1} << 63; bs; bs &= bs - 1) {
    const std::uint64_t b = bs & (~bs + 1);
    if (alone & ~b) continue;
    bool answered = false;
    for (std::uint64_t ms = firsts & ~b; ms && !answered; ms &= ms - 1) {
      const std::uint64_t w = seconds[std::countr_zero(ms)] & ~b;
      answered = (w & (w - 1)) != 0;
    }
    if (!answered) return false;
  }
  return true;
}

}  // namespace

std::uint64_t component(const Go& go, std::uint64_t seed, std::uint64_t within) {
  std::uint64_t g = seed;
  for (;;) {
    const std::uint64_t grown = (g | go.neighbours(g)) & within;
    if (grown == g) return g;
    g = grown;
  }
}

namespace {

// Benson's fixpoint: the colour's alive blocks and the regions left next to
// them only (the regions' points without the opponent's stones alongside).
struct Fixpoint {
  static constexpr int kMax = 49;
  std::uint64_t alive = 0;
  std::uint64_t regions[kMax], region_empty[kMax];
  std::uint64_t live_regions = 0;  // bit r: regions[r] is left at the fixpoint
  int region_count = 0;
};

// The colour's regions and blocks, which depend on its stones alone: the
// children of a node share the stones of the side that did not move, so
// their fixpoints find them here. Direct-mapped by stones, per thread.
struct Shape {
  std::uint64_t own = 0;
  std::uint16_t board = 0;                 // 0: empty (a board's is width << 8 | height)
  int region_count = 0, block_count = -1;  // -1: blocks not listed yet
  std::uint64_t regions[Fixpoint::kMax], blocks[Fixpoint::kMax];
};

Shape& shape_of(const Go& go, std::uint64_t own) {
  const auto board = board_code(go);
  Shape& s = thread_cache<DirectMapped<Shape, 6>>().slot(hash_words(own, 0));
  if (s.board == board && s.own == own) return s;
  s.own = own, s.board = board, s.region_count = 0, s.block_count = -1;
  const std::uint64_t not_own = go.board_mask() & ~own;
  for (std::uint64_t rest = not_own; rest;) {
    const std::uint64_t r = component(go, rest & (~rest + 1), not_own);
    rest &= ~r;
    s.regions[s.region_count++] = r;
  }
  return s;
}

void fixpoint(const Go& go, std::uint64_t own, std::uint64_t opp, Fixpoint& f) {
  Shape& shape = shape_of(go, own);
  // A region with an empty point that no stone of the colour touches is vital
  // to no block (it may still be enclosed).
  const std::uint64_t far_empty = go.board_mask() & ~own & ~go.neighbours(own) & ~opp;
  std::uint64_t candidates = 0;  // bit r: regions[r] may be vital
  f.region_count = shape.region_count;
  for (int r = 0; r < shape.region_count; ++r) {
    const std::uint64_t region = shape.regions[r];
    if (!(region & far_empty)) candidates |= std::uint64_t{1} << r;
    f.region_empty[r] = region & ~opp;
    f.regions[r] = region;
  }
  // A block lives on two vital regions: with fewer candidates none does (most
  // boards of a search: no block flood fill then).
  if (!(candidates & (candidates - 1))) return;
  if (shape.block_count < 0) {
    shape.block_count = 0;
    for (std::uint64_t rest = own; rest;) {
      const std::uint64_t b = component(go, rest & (~rest + 1), own);
      shape.blocks[shape.block_count++] = b;
      rest &= ~b;
    }
  }
  const int block_count = shape.block_count;
  const std::uint64_t* blocks = shape.blocks;
  std::uint64_t vital[Fixpoint::kMax];  // per block: the candidates vital to it
  std::uint64_t live_blocks = 0;
  for (int b = 0; b < block_count; ++b) {
    const std::uint64_t liberties = go.neighbours(blocks[b]);
    vital[b] = 0;
    for (std::uint64_t rs = candidates; rs; rs &= rs - 1) {
      const int r = std::countr_zero(rs);
      if ((liberties & f.regions[r]) && !(f.region_empty[r] & ~liberties)) vital[b] |= std::uint64_t{1} << r;
    }
    if (vital[b] & (vital[b] - 1)) live_blocks |= std::uint64_t{1} << b;
  }
  // Removing a block removes the regions next to it, which may leave others
  // with fewer than two vital regions.
  std::uint64_t removed = 0;  // stones of the blocks removed
  for (int b = 0; b < block_count; ++b)
    if (!(live_blocks >> b & 1)) removed |= blocks[b];
  while (removed) {
    for (std::uint64_t rs = candidates; rs; rs &= rs - 1) {
      const int r = std::countr_zero(rs);
      if (go.neighbours(f.regions[r]) & removed) candidates &= ~(std::uint64_t{1} << r);
    }
    std::uint64_t more = 0;
    for (std::uint64_t bs = live_blocks; bs; bs &= bs - 1) {
      const int b = std::countr_zero(bs);
      const std::uint64_t left = vital[b] & candidates;
      if (!(left & (left - 1))) live_blocks &= ~(std::uint64_t{1} << b), more |= blocks[b];
    }
    removed = more;
  }
  for (std::uint64_t bs = live_blocks; bs; bs &= bs - 1) f.alive |= blocks[std::countr_zero(bs)];
  if (!f.alive) return;
  // The regions left: those next to no removed block.
  const std::uint64_t dead = own & ~f.alive;
  for (int r = 0; r < f.region_count; ++r)
    if (!(go.neighbours(f.regions[r]) & dead)) f.live_regions |= std::uint64_t{1} << r;
}

// How a region left at the fixpoint with two or more points away from the
// alive blocks (`inside`) is enclosed, the searches' part of unconditional().
enum class Enclosure : std::uint8_t { None, Reduced, Searched, Measured };
Enclosure enclosure(const Go& go, std::uint64_t region, std::uint64_t inside, std::uint64_t empty,
                    std::uint64_t near_alive, std::uint64_t opp) {
  if (std::popcount(inside) <= kLargestReduced && reducible(go, region, inside, empty, near_alive))
    return Enclosure::Reduced;
  if (colour_holds_region(go, region, opp)) return Enclosure::Searched;
  if (std::popcount(inside) <= kMeasureInterior && component(go, inside & (~inside + 1), inside) == inside)
    return Enclosure::Measured;  // the unsound measurement build's regions (above)
  return Enclosure::None;
}

}  // namespace

Unconditional unconditional(const Go& go, std::uint64_t own, std::uint64_t opp, RegionSearch search) {
  Fixpoint f;
  fixpoint(go, own, opp, f);
  Unconditional u;
  u.alive = f.alive;
  if (!u.alive) return u;
  const std::uint64_t near_alive = go.neighbours(u.alive);
  const bool searches = search == RegionSearch::Always || u.alive == own;
  for (int r = 0; r < f.region_count; ++r) {
    if (!(f.live_regions >> r & 1)) continue;
    const std::uint64_t region = f.regions[r], inside = region & ~near_alive;
    if (!inside) {
      u.territory |= region;
    } else if (!(inside & (inside - 1))) {
      u.enclosed |= region;
    } else if (searches) {
      switch (enclosure(go, region, inside, f.region_empty[r], near_alive, opp)) {
        case Enclosure::Reduced:
          u.enclosed |= region, u.reduced |= region;
          break;
        case Enclosure::Searched:
          u.enclosed |= region, u.searched |= region;
          break;
        case Enclosure::Measured:
          u.enclosed |= region;
          break;
        case Enclosure::None:
          break;
      }
    }
  }
  return u;
}

namespace {

// The alive stones and the empty points whose every neighbour is one of them.
std::uint64_t with_eyes(const Go& go, std::uint64_t alive, std::uint64_t empty) {
  std::uint64_t safe = alive;
  for (; alive && empty; empty &= empty - 1) {
    const std::uint64_t point = empty & (~empty + 1);
    if (!(go.neighbours(point) & ~alive)) safe |= point;
  }
  return safe;
}

// The answers of kept_area by (board, stones), kept across calls: the prover
// asks again about the boards it asked about (df-pn evaluates a node's
// children each time it returns to the node, and the children it has not
// expanded are in no table), and the answer depends on nothing else.
// Direct-mapped, an entry replaced by the next one that maps there.
struct KeptEntry {
  std::uint64_t own = 0, opp = 0;
  KeptArea kept;
  std::uint16_t board = 0;  // 0: empty (a board's is width << 8 | height)
};
// 160 KB a thread: in L2 (2.5 MB ran slower).
using KeptCache = DirectMapped<KeptEntry, 12>;

// The union of the fixpoint's regions of more than kLargestSystem points: a
// closed system next to one is never searched (find_closed_systems fails).
std::uint64_t unsearched_regions(const Fixpoint& f) {
  std::uint64_t large = 0;
  for (int r = 0; r < f.region_count; ++r)
    if (std::popcount(f.regions[r]) > kLargestSystem) large |= f.regions[r];
  return large;
}

KeptArea compute_kept_area(const Go& go, std::uint64_t own, std::uint64_t opp) {
  Fixpoint f;
  fixpoint(go, own, opp, f);
  const std::uint64_t safe = with_eyes(go, f.alive, go.board_mask() & ~(own | opp));
  ClosedSystems systems;
  if (f.alive != own && ((go.neighbours(own & ~f.alive) & unsearched_regions(f)) ||
                         !(find_closed_systems(go, own, f.alive, systems) && holds_all(go, systems, opp))))
    return {safe, safe};
  const std::uint64_t near_alive = go.neighbours(f.alive);
  std::uint64_t points = f.alive | systems.points;
  for (int r = 0; r < f.region_count; ++r) {
    if (!(f.live_regions >> r & 1)) continue;
    const std::uint64_t region = f.regions[r], inside = region & ~near_alive;
    if (!(inside & (inside - 1)) ||
        enclosure(go, region, inside, f.region_empty[r], near_alive, opp) != Enclosure::None)
      points |= region;  // territory, enclosed with one point away from the alive blocks, or settled
  }
  return {points, safe};
}

}  // namespace

KeptArea kept_area(const Go& go, std::uint64_t own, std::uint64_t opp) {
  if (!own) return {};
  const auto board = board_code(go);
  KeptEntry& e = thread_cache<KeptCache>().slot(hash_words(own, opp, 0, board));
  if (e.board == board && e.own == own && e.opp == opp) return e.kept;
  const KeptArea kept = compute_kept_area(go, own, opp);
  e = {own, opp, kept, board};
  return kept;
}

std::uint64_t superko_safe_area(const Go& go, std::uint64_t own, std::uint64_t opp) {
  Fixpoint f;
  fixpoint(go, own, opp, f);
  return with_eyes(go, f.alive, go.board_mask() & ~(own | opp));
}

}  // namespace gsolve::search::go
