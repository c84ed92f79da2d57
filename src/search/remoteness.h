// Remoteness of a scored game's position, found AFTER its exact score (the
// margin search stays a pure score search; this second phase only walks the
// best-score lines).
//
// Rule (DESIGN.md "Values", scored games): among the children whose score
// gives the parent its exact score s (the best-score children), remoteness is
//   s > 0: 1 + min, s < 0: 1 + max, s = 0: 1 + min
// over those children's remoteness; a primitive has remoteness 0.
//
// How: a memoised walk over the best-score children only. With s known, a
// child c (score seen from c's side to move, always >= -s) is best iff its
// score is exactly -s, which one null-window probe decides:
//   search(c, -s, -s + 1) <= -s.
// The searcher keeps its transposition table from the margin search, so most
// probes near the root are table hits. Memo: canonical position -> remoteness
// (the score is a function of the position, so it is not part of the key).
// Pruning on min nodes: a primitive best child gives 1 (the least possible),
// and any non-primitive child gives at least 2, so once the best found is 2
// only primitive children are still looked at.
//
// Contract: `Search` has `int search(const G::Position&, int alpha, int beta)`
// obeying the window contract (src/search/searcher.h) with exact scores in the
// game's scoring, and `score` passed to remoteness() is the exact score of p.
// The walk is sequential; one RemotenessWalk per searcher, per thread. It
// never clears the searcher's table.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <unordered_map>

#include "games/game.h"
#include "src/record.h"

namespace gsolve::search {

// Hash of a position's bytes (Game positions are trivially copyable; games
// that memcmp-compare keys have no padding).
template <class P>
struct PositionBytesHash {
  std::size_t operator()(const P& p) const {
    unsigned char bytes[sizeof(P)];
    std::memcpy(bytes, &p, sizeof(P));
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (std::size_t i = 0; i < sizeof(P); i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, bytes + i, std::min<std::size_t>(8, sizeof(P) - i));
      h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
  }
};

// The record of a scored position from its exact score and remoteness.
inline Record scored_record(int score, int remoteness) {
  const Value v = score > 0 ? Value::Win : score < 0 ? Value::Lose : Value::Tie;
  return Record{v, static_cast<std::uint16_t>(remoteness), static_cast<std::int16_t>(score)};
}

template <Game G, class Search>
class RemotenessWalk {
 public:
  using Position = typename G::Position;

  RemotenessWalk(const G& game, Search& searcher) : game_(game), searcher_(searcher) {}

  // Remoteness of p, whose exact score for the side to move is `score`.
  int remoteness(const Position& p, int score) { return walk(p, score); }

  // The exact record of p given its exact score.
  Record record(const Position& p, int score) { return scored_record(score, walk(p, score)); }

  std::uint64_t probes() const { return probes_; }       // null-window searches made
  std::size_t positions() const { return memo_.size(); }  // distinct positions walked
  void clear() { memo_.clear(); }

 private:
  int walk(const Position& p, int s) {
    const Terminal t = game_.terminal(p);
    if (t.primitive()) {
      if (t.score != s) throw std::logic_error("remoteness: a primitive's score differs from the given score");
      return 0;
    }
    const Position key = game_.canonical(p);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;

    MoveList<G> moves;
    game_.generate_moves(p, moves);
    const bool want_min = s >= 0;
    int best = -1;
    if (moves.size() == 1) {
      best = walk(game_.play(p, moves[0]), -s);  // forced (a pass, or one move): it is the best
    } else {
      // Primitive children first: exact, free, and on min nodes they give the least remoteness.
      for (const auto m : moves) {
        const Terminal ct = game_.terminal(game_.play(p, m));
        if (ct.primitive() && ct.score == -s) {
          best = 0;
          break;
        }
      }
      if (!(want_min && best == 0)) {
        for (const auto m : moves) {
          if (want_min && best == 1) break;  // a non-primitive child gives >= 1: no improvement left
          const Position c = game_.play(p, m);
          if (game_.terminal(c).primitive()) continue;  // done above
          ++probes_;
          if (searcher_.search(c, -s, -s + 1) > -s) continue;  // score(c) > -s: not a best move
          const int r = walk(c, -s);
          if (best < 0 || (want_min ? r < best : r > best)) best = r;
        }
      }
    }
    if (best < 0) throw std::logic_error("remoteness: no child has the given score (the score is not exact)");
    memo_.emplace(key, best + 1);
    return best + 1;
  }

  const G& game_;
  Search& searcher_;
  std::unordered_map<Position, int, PositionBytesHash<Position>> memo_;
  std::uint64_t probes_ = 0;
};

// The record_from_search hook (src/search/searcher.h) of a scored game, e.g. in
// the plug-in's searcher.cpp:
//   template <> Record record_from_search(Searcher<Reversi>& s, const Reversi::Position& p, int score) {
//     return scored_record_by_walk(s.game(), s, p, score);
//   }
template <Game G, class Search>
Record scored_record_by_walk(const G& game, Search& searcher, const typename G::Position& p, int score) {
  RemotenessWalk<G, Search> walk(game, searcher);
  return walk.record(p, score);
}

}  // namespace gsolve::search
