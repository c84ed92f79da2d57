// Perft: the number of move sequences of each length from the start, for any
// game of the Game concept. It checks move generation and play against
// published counts (tests/data/reversi/README.md) and times them.
//
// Two counts per ply N (a forced pass is a move and takes a ply):
//   nodes(N):    positions at ply N, counted along every path; a finished game
//                is counted at the ply where it ends and then stops
//                contributing (the README's per-ply table: 8x8 ply 0..9,
//                6x6 ply 1..9).
//   standard(N): "standard" perft, where a game that ended before ply N still
//                counts as one leaf at ply N: standard(N) = nodes(N) + games
//                finished at plies < N (the README's perft(10..13) for 8x8,
//                perft(10..14) for 6x6, and 4x4's 60,060 complete games).
//   finished(N): games that end exactly at ply N (primitive positions there);
//                not known at the last ply (counted in bulk), where it is 0.
// The two agree until the first game ends.
//
// One walk gives every ply up to the depth. The last ply is counted in bulk
// (count_moves of games/game.h, without playing the moves: reversi counts
// the bits of one move-generation fill, 35% less CPU at 8x8 ply 11). The first plies are
// expanded breadth first until there is enough work, then the frontier is
// counted in parallel with oneTBB, each task with its own counters.
#pragma once

#include <tbb/combinable.h>

#include <cstdint>
#include <vector>

#include "games/game.h"
#include "src/core/parallel.h"
#include "src/search/stop.h"

namespace gsolve {

struct PerftCounts {
  std::vector<std::uint64_t> nodes, finished;  // index: ply 0..depth

  explicit PerftCounts(int depth = 0) : nodes(depth + 1, 0), finished(depth + 1, 0) {}
  std::uint64_t standard(int ply) const {
    std::uint64_t total = nodes[ply];
    for (int k = 0; k < ply; ++k) total += finished[k];
    return total;
  }
  void add(const PerftCounts& o) {
    for (std::size_t k = 0; k < nodes.size(); ++k) nodes[k] += o.nodes[k], finished[k] += o.finished[k];
  }
};

namespace detail {

// Counts the subtree of p (at `ply`) into c, down to ply `depth`.
template <Game G>
void perft_walk(const G& g, const typename G::Position& p, int ply, int depth, PerftCounts& c) {
  ++c.nodes[ply];
  if (ply == depth) return;
  if (depth - ply >= 4 && search::stop_requested())
    throw search::Stopped{};  // Ctrl-C, --time (seldom enough to cost nothing)
  if (ply + 1 == depth) {     // bulk count: the children are counted, not played
    const std::size_t n = count_moves(g, p);
    c.nodes[depth] += n;
    c.finished[ply] += n == 0;
    return;
  }
  if (g.terminal(p).primitive()) {
    ++c.finished[ply];
    return;
  }
  MoveList<G> moves;
  g.generate_moves(p, moves);
  for (const auto m : moves) perft_walk(g, g.play(p, m), ply + 1, depth, c);
}

}  // namespace detail

// Perft from `root` to `depth` plies, in parallel over the current oneTBB
// arena (limit it with tbb::global_control). Exact whatever the thread count.
template <Game G>
PerftCounts perft(const G& g, const typename G::Position& root, int depth) {
  constexpr std::size_t kFrontier = 4096;  // tasks enough to balance a few cores
  PerftCounts total(depth);
  std::vector<typename G::Position> level{root}, next;
  int ply = 0;
  // Breadth first over the first plies: count them here, keep the last level.
  for (; ply + 2 < depth && level.size() < kFrontier; ++ply) {
    next.clear();
    for (const auto& p : level) {
      ++total.nodes[ply];
      if (g.terminal(p).primitive()) {
        ++total.finished[ply];
        continue;
      }
      MoveList<G> moves;
      g.generate_moves(p, moves);
      for (const auto m : moves) next.push_back(g.play(p, m));
    }
    level.swap(next);
  }
  tbb::combinable<PerftCounts> partial([depth] { return PerftCounts(depth); });
  gsolve::parallel_for(tbb::blocked_range<std::size_t>(0, level.size(), 1), [&](const auto& range) {
    PerftCounts& c = partial.local();
    for (std::size_t i = range.begin(); i != range.end(); ++i) detail::perft_walk(g, level[i], ply, depth, c);
  });
  partial.combine_each([&](const PerftCounts& c) { total.add(c); });
  return total;
}

}  // namespace gsolve
