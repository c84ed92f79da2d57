// A conservative summary of a set S of boards: what a table entry's result
// may depend on in the history (see go_solver.h). The timed search's S is
// every board its search visited (timed_search.h); the prover's, the boards its winner's
// moves made (prover.h).
//
// may_contain(Y) is true whenever Y is in S (never a false "no"), so a table
// entry is used only when no board of the history can be in S. Three tests,
// each exact for "no":
//   * every board of S has the stones of all_black / all_white (AND over S);
//   * every board of S has its stones inside any_black / any_white (OR over S);
//   * a 256-bit Bloom filter of the boards' symmetry-invariant keys.
// The AND test does most of the work: the stones that no line of the search
// captured are on every board of S, and an earlier board of the game lacks at
// least the stones played since it.
// S may also hold every board whose black (or white) stones strictly contain
// a set A (grown_black, grown_white; ~0 for none): the boards a static bound
// relies on when it counts on a side's moves never being forbidden (benson.h's
// kept_area). Several such sets A_i merge into "the boards whose stones
// contain the intersection of the A_i and number more than the fewest of
// them" (a board strictly containing A_i does both); the count is kept in
// the top byte (boards have at most 49 points), and for one set the test is
// exactly "strictly contains".
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "src/search/go/board_symmetry.h"

namespace gsolve::search::go {

struct ExploredBoards {
  std::uint64_t all_black = 0, all_white = 0;
  std::uint64_t any_black = 0, any_white = 0;
  std::uint64_t bloom[4] = {};
  static constexpr std::uint64_t kNone = ~0ull;
  std::uint64_t grown_black = kNone, grown_white = kNone;

  // The empty set (the identity of merge).
  static ExploredBoards none() { return {kNone, kNone, 0, 0, {}}; }
  static ExploredBoards of(std::uint64_t black, std::uint64_t white, std::uint64_t key) {
    ExploredBoards e = none();
    e.add(black, white, key);
    return e;
  }
  void add(std::uint64_t black, std::uint64_t white, std::uint64_t key) {
    all_black &= black;
    all_white &= white;
    any_black |= black;
    any_white |= white;
    add_key(key);
  }
  // Adds the boards whose black (else white) stones strictly contain `stones`.
  void grows(bool black, std::uint64_t stones) {
    std::uint64_t& grown = black ? grown_black : grown_white;
    grown = merge_grown(grown, stones | static_cast<std::uint64_t>(std::popcount(stones)) << kCountShift);
  }
  void merge(const ExploredBoards& o) {
    all_black &= o.all_black;
    all_white &= o.all_white;
    any_black |= o.any_black;
    any_white |= o.any_white;
    for (int i = 0; i < 4; ++i) bloom[i] |= o.bloom[i];
    grown_black = merge_grown(grown_black, o.grown_black);
    grown_white = merge_grown(grown_white, o.grown_white);
  }
  bool may_contain(std::uint64_t black, std::uint64_t white, std::uint64_t key) const {
    if (in_grown(black, grown_black) || in_grown(white, grown_white)) return true;
    if ((all_black & ~black) | (all_white & ~white)) return false;
    if ((black & ~any_black) | (white & ~any_white)) return false;
    const unsigned a = key & 255, b = (key >> 8) & 255;
    return (bloom[a >> 6] >> (a & 63) & 1) && (bloom[b >> 6] >> (b & 63) & 1);
  }
  // The same set seen through symmetry s (the keys are symmetry-invariant).
  ExploredBoards transformed(const BoardSymmetry& sym, int s) const {
    ExploredBoards e = *this;
    e.all_black = sym.apply(s, all_black);
    e.all_white = sym.apply(s, all_white);
    e.any_black = sym.apply(s, any_black);
    e.any_white = sym.apply(s, any_white);
    if (grown_black != kNone) e.grown_black = sym.apply(s, grown_black & kStones) | (grown_black & ~kStones);
    if (grown_white != kNone) e.grown_white = sym.apply(s, grown_white & kStones) | (grown_white & ~kStones);
    return e;
  }

  static bool strictly_contains(std::uint64_t stones, std::uint64_t grown) {
    return (stones & grown) == grown && stones != grown;  // never for kNone: no board holds 64 stones
  }

 private:
  static constexpr int kCountShift = 56;
  static constexpr std::uint64_t kStones = (std::uint64_t{1} << kCountShift) - 1;
  static std::uint64_t merge_grown(std::uint64_t a, std::uint64_t b) {
    return (a & b & kStones) | std::min(a >> kCountShift, b >> kCountShift) << kCountShift;
  }
  // Whether a board with these stones is in the grown set (never for kNone: its count is 255).
  static bool in_grown(std::uint64_t stones, std::uint64_t grown) {
    const std::uint64_t g = grown & kStones;
    return (stones & g) == g && std::popcount(stones) > static_cast<int>(grown >> kCountShift);
  }

  void add_key(std::uint64_t key) {
    const unsigned a = key & 255, b = (key >> 8) & 255;
    bloom[a >> 6] |= std::uint64_t{1} << (a & 63);
    bloom[b >> 6] |= std::uint64_t{1} << (b & 63);
  }
};

}  // namespace gsolve::search::go
