#include "src/search/go/benson.h"

namespace gsolve::search::go {

namespace {

std::uint64_t component(const Go& go, std::uint64_t seed, std::uint64_t within) {
  std::uint64_t g = seed;
  for (;;) {
    const std::uint64_t grown = (g | go.neighbours(g)) & within;
    if (grown == g) return g;
    g = grown;
  }
}

}  // namespace

Unconditional unconditional(const Go& go, std::uint64_t own, std::uint64_t opp) {
  constexpr int kMax = 49;
  std::uint64_t blocks[kMax], regions[kMax], region_empty[kMax];
  int block_count = 0, region_count = 0;
  const std::uint64_t not_own = go.board_mask() & ~own;
  // A region with an empty point that no stone of the colour touches is vital
  // to no block, and enclosed only if that is its one point away from the
  // colour's stones: leave the others out.
  const std::uint64_t far = not_own & ~go.neighbours(own), far_empty = far & ~opp;
  int vital_candidates = 0;
  for (std::uint64_t rest = not_own; rest;) {
    const std::uint64_t r = component(go, rest & (~rest + 1), not_own);
    rest &= ~r;
    const std::uint64_t away = r & far;
    if (!(r & far_empty))
      ++vital_candidates;
    else if (away & (away - 1))
      continue;
    region_empty[region_count] = r & ~opp;
    regions[region_count++] = r;
  }
  // A block lives on two vital regions: with fewer candidates none does (most
  // boards of a search: no block flood fill then).
  if (vital_candidates < 2) return {};
  for (std::uint64_t rest = own; rest;) {
    const std::uint64_t b = component(go, rest & (~rest + 1), own);
    blocks[block_count++] = b;
    rest &= ~b;
  }
  std::uint64_t live_blocks = (block_count == 64 ? ~0ull : (std::uint64_t{1} << block_count) - 1);
  std::uint64_t live_regions = (std::uint64_t{1} << region_count) - 1;
  for (bool changed = true; changed;) {
    changed = false;
    std::uint64_t removed = 0;
    for (int b = 0; b < block_count; ++b) {
      if (!(live_blocks >> b & 1)) continue;
      const std::uint64_t liberties = go.neighbours(blocks[b]);
      int vital = 0;
      for (int r = 0; r < region_count && vital < 2; ++r)
        if ((live_regions >> r & 1) && (liberties & regions[r]) && !(region_empty[r] & ~liberties)) ++vital;
      if (vital < 2) {
        live_blocks &= ~(std::uint64_t{1} << b);
        removed |= blocks[b];
        changed = true;
      }
    }
    if (!removed) break;
    for (int r = 0; r < region_count; ++r)
      if ((live_regions >> r & 1) && (go.neighbours(regions[r]) & removed)) live_regions &= ~(std::uint64_t{1} << r);
  }
  Unconditional u;
  for (int b = 0; b < block_count; ++b)
    if (live_blocks >> b & 1) u.alive |= blocks[b];
  if (!u.alive) return u;
  const std::uint64_t near_alive = go.neighbours(u.alive);
  for (int r = 0; r < region_count; ++r) {
    if (!(live_regions >> r & 1)) continue;
    const std::uint64_t inside = regions[r] & ~near_alive;
    if (!inside)
      u.territory |= regions[r];
    else if (!(inside & (inside - 1)))
      u.enclosed |= regions[r];
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

}  // namespace

KeptArea kept_area(const Go& go, std::uint64_t own, std::uint64_t opp) {
  if (!own) return {};
  const Unconditional u = unconditional(go, own, opp);
  const std::uint64_t safe = with_eyes(go, u.alive, go.board_mask() & ~(own | opp));
  if (u.alive != own) return {safe, safe};
  return {u.alive | u.territory | u.enclosed, safe};
}

std::uint64_t superko_safe_area(const Go& go, std::uint64_t own, std::uint64_t opp) {
  return kept_area(go, own, opp).safe;
}

}  // namespace gsolve::search::go
