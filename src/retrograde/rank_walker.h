// Positions by rank, for scans that visit ranks in increasing order: a game
// that can step to the next rank cheaply (next_in_tier) is stepped; otherwise,
// or after a long gap, the rank is unranked from scratch.
#pragma once

#include <cstdint>

#include "games/game.h"

namespace gsolve {

template <class G>
concept SteppableGame = Game<G> && requires(const G& g, typename G::Position& p) {
  { g.next_in_tier(p) } -> std::convertible_to<bool>;
};

template <Game G>
class RankWalker {
 public:
  explicit RankWalker(const G& g) : g_(g) {}

  const typename G::Position& at(std::uint64_t rank) {
    if constexpr (SteppableGame<G>) {
      if (valid_ && rank > rank_ && rank - rank_ <= kMaxSteps) {
        while (rank_ < rank) {
          if (!g_.next_in_tier(p_)) return jump(rank);
          ++rank_;
        }
        return p_;
      }
    }
    return jump(rank);
  }

 private:
  static constexpr std::uint64_t kMaxSteps = 24;  // beyond this, unrank is cheaper
  const typename G::Position& jump(std::uint64_t rank) {
    p_ = g_.unrank(rank);
    rank_ = rank;
    valid_ = true;
    return p_;
  }
  const G& g_;
  typename G::Position p_{};
  std::uint64_t rank_ = 0;
  bool valid_ = false;
};

}  // namespace gsolve
