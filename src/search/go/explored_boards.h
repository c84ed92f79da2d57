// A conservative summary of the set S of boards a search visited: what a
// table entry's result may depend on in the history (see solver.h).
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
#pragma once

#include <cstdint>

#include "src/search/go/board_symmetry.h"

namespace gsolve::search::go {

struct ExploredBoards {
  std::uint64_t all_black = 0, all_white = 0;
  std::uint64_t any_black = 0, any_white = 0;
  std::uint64_t bloom[4] = {};

  static ExploredBoards of(std::uint64_t black, std::uint64_t white, std::uint64_t key) {
    ExploredBoards e{black, white, black, white, {}};
    e.add_key(key);
    return e;
  }
  void merge(const ExploredBoards& o) {
    all_black &= o.all_black;
    all_white &= o.all_white;
    any_black |= o.any_black;
    any_white |= o.any_white;
    for (int i = 0; i < 4; ++i) bloom[i] |= o.bloom[i];
  }
  bool may_contain(std::uint64_t black, std::uint64_t white, std::uint64_t key) const {
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
    return e;
  }

 private:
  void add_key(std::uint64_t key) {
    const unsigned a = key & 255, b = (key >> 8) & 255;
    bloom[a >> 6] |= std::uint64_t{1} << (a & 63);
    bloom[b >> 6] |= std::uint64_t{1} << (b & 63);
  }
};

}  // namespace gsolve::search::go
