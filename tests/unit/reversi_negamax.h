// The exact score of a reversi position by plain memoised negamax over the
// rules: the independent reference the search tests compare against (small
// boards only).
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "games/reversi.h"
#include "src/search/remoteness.h"

namespace gsolve::testing {

struct ReversiNegamax {
  explicit ReversiNegamax(const Reversi& game) : g(game) {}
  const Reversi& g;
  std::unordered_map<Reversi::Position, int, search::PositionBytesHash<Reversi::Position>> memo;
  std::uint64_t calls = 0;  // calls of exact(), memo hits included

  int exact(const Reversi::Position& p) {
    ++calls;
    const Terminal t = g.terminal(p);
    if (t.primitive()) return t.score;
    if (auto it = memo.find(p); it != memo.end()) return it->second;
    MoveList<Reversi> moves;
    g.generate_moves(p, moves);
    int best = -1000;
    for (auto m : moves) best = std::max(best, -exact(g.play(p, m)));
    memo.emplace(p, best);
    return best;
  }
};

}  // namespace gsolve::testing
