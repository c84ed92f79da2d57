// A measurement tool, not part of the product: an exhaustive local solver
// that says which Go positions are already decided by life and death, so
// that a measurement build of the prover (GSOLVE_GO_MEASURE_PROOF) can count
// the expansions static knowledge could save.
//
// For each colour C, its safe stones split the board into regions (connected
// sets of points without them). A region of at most kMaxRegion points, free
// of the other side's safe stones, is solved as a game of its own: both
// sides play inside or pass, two passes in a row end it, and its value is C's
// area minus the other's inside, by the rules' area count. An enclosing
// block with two liberties outside the region is taken as never captured;
// one with none is captured (and the region lost to C) when the other side
// fills its last liberty inside, one with a single liberty outside is then in
// atari (C must give it a liberty inside at once), and C never fills such
// a block's last liberty inside itself. Every state of a region shape
// (with its enclosing blocks) is solved at once by value iteration, from
// below (a line that never ends counts as C's worst) and from above (as C's
// best); a state is solved when both agree. A region is settled when it is
// solved with either side moving first, to the same value: no one gains by
// playing there (the other side cannot live there, a seki, dead stones
// without room to live).
//
// Safe stones: Benson-alive (benson.h), or kept by Benson's fixpoint with
// "vital" read as "a region of at most kMaxRegion points that C owns whole
// with either side moving first" (MIGOS-like): such a region always keeps a
// liberty of each enclosing block, so a block with two of them is never
// captured.
//
// A position's score then lies within the safe stones and the settled
// regions' values, plus or minus one for every other point. Approximations
// of a measurement: superko is not applied inside a region (a repetition is
// a line that never ends), two liberties outside the region are taken as
// never filled (the other side might attack two regions' at once), and positions
// after a pass are not decided (the next pass ends the game as it stands).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "games/go.h"

namespace gsolve::go_measure {

class LocalOracle {
 public:
  static constexpr int kMaxRegion = 10;
  static constexpr int kDefaultRegion = 8;

  // Regions of at most max_region points (up to kMaxRegion) are solved.
  explicit LocalOracle(const Go& go, int max_region = kDefaultRegion) : go_(go), max_region_(max_region) {}
  int max_region() const { return max_region_; }

  // Bounds on the final score of the side to move (komi included) by the
  // alive stones and the settled regions.
  struct Bounds {
    int lower, upper;
    int settled_points;  // points in settled regions or alive
    bool any_alive;      // a side has Benson-alive stones
  };
  Bounds bounds(const Go::Position& p);

  std::size_t shapes_solved() const { return tables_.size(); }

 private:
  // The solved game of one region shape: per configuration (base 3: empty,
  // C, other) and first mover, the value, or kUnsolved.
  static constexpr std::int8_t kUnsolved = -128;
  struct Shape {
    int n = 0;
    std::int8_t point[kMaxRegion];
    std::vector<std::int8_t> c_first, o_first;  // value with C, the other, moving first
  };
  // The solved game of a region enclosed by the safe stones (none with more than 6 blocks around it).
  const Shape* shape(std::uint64_t region, std::uint64_t safe, std::uint64_t empty);
  // The region's value for C when it is settled, else kUnsolved.
  int value(std::uint64_t region, std::uint64_t safe, std::uint64_t c_stones, std::uint64_t o_stones);
  // C's stones taken as safe: Benson-alive, or in the fixpoint of Benson's
  // algorithm with "vital" read as "a region of at most kMaxRegion points
  // that C owns whole with either side moving first".
  std::uint64_t safe_stones(std::uint64_t c_stones, std::uint64_t o_stones);
  // enclosure: the safe blocks next to the region.
  Shape solve(std::uint64_t region, const std::vector<std::uint64_t>& enclosure, std::uint64_t empty) const;

  Go go_;
  int max_region_;
  struct KeyHash {
    std::size_t operator()(const std::pair<std::uint64_t, unsigned __int128>& k) const {
      return k.first * 0x9e3779b97f4a7c15ull ^ static_cast<std::uint64_t>(k.second) ^
             static_cast<std::uint64_t>(k.second >> 64) * 0xc2b2ae3d27d4eb4full;
    }
  };
  // By the region and its enclosing blocks' neighbours in it.
  std::unordered_map<std::pair<std::uint64_t, unsigned __int128>, Shape, KeyHash> tables_;
};

}  // namespace gsolve::go_measure
