// Discovery: every canonical position reachable from the start, as one bitmap
// per tier over the tier's local ranks. Level-synchronous and parallel: a tier
// is expanded only after every earlier tier is, and moves inside a tier (a
// reversi pass, or every move of a loopy game's single tier) are followed by
// re-scanning the tier until no new bit appears.
#pragma once

#include <tbb/blocked_range.h>

#include <atomic>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "games/game.h"
#include "src/core/bitmap.h"
#include "src/core/cluster.h"
#include "src/core/parallel.h"
#include "src/core/progress.h"
#include "src/retrograde/rank_walker.h"
#include "src/retrograde/share_exchange.h"

namespace gsolve {

// Calls f(local_index, scratch) for every set bit of `bits` in the chunks of
// process `rank` (all of them alone) that is not set in `done`, marking it
// done; chunks are split among threads, and indices reach f in increasing
// order inside a task. Each task gets its own scratch = make_scratch() (a rank
// walker, local counters...) and hands it to finish_scratch(scratch) at its end.
template <class MakeScratch, class F, class Finish>
void for_each_new_bit(const Bitmap& bits, const TierShares& shares, int rank, std::vector<std::uint64_t>& done,
                      MakeScratch&& make_scratch, F&& f, Finish&& finish_scratch) {
  shares.for_each_chunk(
      rank, make_scratch,
      [&](std::uint64_t chunk, auto& scratch) {
        const auto [from, to] = shares.words(chunk);
        for (std::uint64_t w = from; w != to; ++w) {
          std::uint64_t fresh = bits.word(w) & ~done[w];
          done[w] |= fresh;
          for (; fresh; fresh &= fresh - 1) f(w * 64 + __builtin_ctzll(fresh), scratch);
        }
      },
      finish_scratch);
}

// With many processes each expands its chunks of a tier's words (dealt out as
// in share_exchange.h); a tier's bits (set by any process from any earlier
// tier) are OR-ed together before it is expanded, and again after each
// re-scan of the tier.
template <Game G>
std::vector<Bitmap> discover(const G& g, Progress& progress, Cluster& cluster) {
  const int tiers = g.tier_count();
  std::vector<Bitmap> reached;
  reached.reserve(tiers);
  for (int t = 0; t < tiers; ++t) reached.emplace_back(g.tier_begin(t + 1) - g.tier_begin(t));
  const auto start = g.canonical(g.start());
  reached[g.tier(start)].set(g.rank(start) - g.tier_begin(g.tier(start)));

  // Per task: the walker, the children list (not re-initialised per position)
  // and a local count, added to the shared progress counter once per task: a
  // shared atomic bumped per position bounces its cache line between threads.
  struct Scratch {
    explicit Scratch(const G& game) : walker(game) {}
    RankWalker<G> walker;
    PositionList<G> children;
    std::uint64_t expanded = 0;
  };
  progress.start("discover", 0);
  for (int t = 0; t < tiers; ++t) {
    progress.set_label("tier " + std::to_string(t));
    std::vector<std::uint64_t> expanded(reached[t].word_count(), 0);
    const TierShares shares(reached[t].word_count(), cluster.size());
    std::atomic<bool> again = true;
    while (again.exchange(false)) {
      cluster.or_words(reached[t].words());
      std::atomic<std::uint64_t> mine = 0;
      for_each_new_bit(
          reached[t], shares, cluster.rank(), expanded, [&] { return Scratch(g); },
          [&](std::uint64_t local, Scratch& scratch) {
            const auto p = scratch.walker.at(g.tier_begin(t) + local);
            ++scratch.expanded;
            if (g.terminal(p).primitive()) return;
            canonical_children(g, p, scratch.children);
            for (const auto& child : scratch.children) {
              const int ct = g.tier(child);
              if (ct < t) throw std::logic_error(g.spec() + ": a move goes back to an earlier tier");
              if (reached[ct].set(g.rank(child) - g.tier_begin(ct)) && ct == t)
                again.store(true, std::memory_order_relaxed);
            }
          },
          [&](Scratch& scratch) {
            progress.add(scratch.expanded);
            mine.fetch_add(scratch.expanded, std::memory_order_relaxed);
          });
      progress.add(cluster.sum(mine) - mine);  // the other processes' expansions
      again = cluster.any(again);
    }
  }
  progress.finish();
  return reached;
}

template <Game G>
std::vector<Bitmap> discover(const G& g, Progress& progress) {
  Cluster alone;
  return discover(g, progress, alone);
}

}  // namespace gsolve
