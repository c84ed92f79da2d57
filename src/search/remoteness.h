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
// probes near the root are table hits. The walk is an alpha-beta on
// remoteness: walk(p, limit) is exact when the remoteness is <= limit, else a
// lower bound > limit. A min node (s >= 0) passes its best so far minus one
// as its children's limit; a max node (s < 0) stops at the first child over
// its limit. A primitive best child gives 1, the least possible, and any other
// child at least 2, so a min node stops at 2. Memo: canonical position ->
// exact remoteness or a lower bound (the score is a function of the position,
// so it is not part of the key). A memo may outlive the walk (a Searcher keeps
// one): what it holds is true of the game, whatever the table holds.
//
// Orientation: where the search keeps positions in a form of its own (reversi
// turns positions near the start, symmetry.h), the walk plays from that form
// (Search::search_form), so that its probes find the entries the margin search
// stored, and symmetric children probe one entry.
//
// Contract: `Search` has `int search(const G::Position&, int alpha, int beta)`
// obeying the window contract (src/search/searcher.h) with exact scores in the
// game's scoring, and `score` passed to remoteness() is the exact score of p.
// The walk is sequential; one RemotenessWalk per searcher, per thread. It
// never clears the searcher's table.
//
// A best line (scored_best_line_by_walk) needs no search of its own either:
// at each step a child keeps the position's record when one probe says its
// score is the best and the memo (a walk bounded by the remoteness) says its
// remoteness is one less. Searched in the orientation the record was walked
// in, its probes are table hits.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "games/game.h"
#include "src/core/record.h"

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

// What a walk knows of a position's remoteness: exact, or a lower bound.
struct KnownRemoteness {
  int remoteness;
  bool exact;
};

// Canonical position -> what the walk found (RemotenessWalk's memo).
template <class Position>
using RemotenessMemo = std::unordered_map<Position, KnownRemoteness, PositionBytesHash<Position>>;

template <Game G, class Search>
class RemotenessWalk {
 public:
  using Position = typename G::Position;

  RemotenessWalk(const G& game, Search& searcher) : game_(game), searcher_(searcher), memo_(own_memo_) {}
  // A walk that reads and extends `memo` (kept between walks).
  RemotenessWalk(const G& game, Search& searcher, RemotenessMemo<Position>& memo)
      : game_(game), searcher_(searcher), memo_(memo) {}

  // Remoteness of p, whose exact score for the side to move is `score`.
  int remoteness(const Position& p, int score) { return walk(search_form(p), score, kNoLimit); }

  // The exact record of p given its exact score.
  Record record(const Position& p, int score) { return scored_record(score, remoteness(p, score)); }

  // Whether c, a child of a position whose exact record is (score s,
  // remoteness r), keeps that record: its score is -s and its remoteness
  // r - 1. One null-window probe and a walk bounded by r - 1, which the memo
  // of the walk that found r mostly answers.
  bool keeps_record(const Position& c, int s, int r) {
    const Position f = search_form(c);
    const Terminal t = game_.terminal(f);
    if (t.primitive()) return t.score == -s && r == 1;
    if (r < 2) return false;
    ++probes_;
    if (searcher_.search(f, -s, -s + 1) > -s) return false;  // score(c) > -s: not a best move
    return walk(f, -s, r - 1) == r - 1;
  }

  std::uint64_t probes() const { return probes_; }        // null-window searches made
  std::size_t positions() const { return memo_.size(); }  // distinct positions walked
  void clear() { memo_.clear(); }

 private:
  static constexpr int kNoLimit = 1 << 20;

  // p as the search keeps it (as is where the search has no form of its own).
  Position search_form(const Position& p) const {
    if constexpr (requires { searcher_.search_form(p); })
      return searcher_.search_form(p);
    else
      return p;
  }

  // Exact remoteness of p (in search form) when it is <= limit, else a lower bound > limit.
  int walk(const Position& p, int s, int limit) {
    const Terminal t = game_.terminal(p);
    if (t.primitive()) {
      if (t.score != s) throw std::logic_error("remoteness: a primitive's score differs from the given score");
      return 0;
    }
    if (limit < 1) return 1;  // not a primitive: at least one ply
    const Position key = game_.canonical(p);
    if (auto it = memo_.find(key); it != memo_.end()) {
      if (it->second.exact || it->second.remoteness > limit) return it->second.remoteness;
    }
    MoveList<G> moves;
    game_.generate_moves(p, moves);
    int result = 0;  // exact if <= limit, else a lower bound
    if (moves.size() == 1) {
      result = 1 + walk(search_form(game_.play(p, moves[0])), -s,
                        limit - 1);  // forced (a pass, or one move): it is the best
    } else {
      result = s >= 0 ? walk_min(p, s, limit, moves) : walk_max(p, s, limit, moves);
    }
    memo_[key] = KnownRemoteness{result, result <= limit};
    return result;
  }

  // The best-score children of p, primitive ones first (exact and free), in
  // search form; calls visit(child, primitive) until it returns false. Throws
  // when none is best.
  template <class Visit>
  void best_children(const Position& p, int s, const MoveList<G>& moves, Visit&& visit) {
    bool any = false;
    for (const auto m : moves) {
      const Terminal ct = game_.terminal(game_.play(p, m));
      if (ct.primitive() && ct.score == -s) {
        any = true;
        if (!visit(game_.play(p, m), true)) return;
      }
    }
    for (const auto m : moves) {
      const Position c = search_form(game_.play(p, m));
      if (game_.terminal(c).primitive()) continue;
      ++probes_;
      if (searcher_.search(c, -s, -s + 1) > -s) continue;  // score(c) > -s: not a best move
      any = true;
      if (!visit(c, false)) return;
    }
    if (!any) throw std::logic_error("remoteness: no child has the given score (the score is not exact)");
  }

  // s >= 0: 1 + the least remoteness of a best child.
  int walk_min(const Position& p, int s, int limit, const MoveList<G>& moves) {
    int best = kNoLimit + 1;  // exact once <= limit
    best_children(p, s, moves, [&](const Position& c, bool primitive) {
      if (primitive) {
        best = 1;
        return false;
      }
      if (best <= 2) return false;  // a non-primitive child gives >= 2
      const int child_limit = std::min(limit, best - 1) - 1;
      const int r = 1 + walk(c, -s, child_limit);
      if (r - 1 <= child_limit) best = r;  // exact and better; else >= min(limit, best - 1) + 1: no use
      return true;
    });
    return best <= limit ? best : limit + 1;
  }

  // s < 0: 1 + the greatest remoteness of a best child; stops past the limit.
  int walk_max(const Position& p, int s, int limit, const MoveList<G>& moves) {
    int best = 0;
    best_children(p, s, moves, [&](const Position& c, bool primitive) {
      const int r = primitive ? 1 : 1 + walk(c, -s, limit - 1);
      best = std::max(best, r);
      return best <= limit;
    });
    return best;
  }

  const G& game_;
  Search& searcher_;
  RemotenessMemo<Position> own_memo_;
  RemotenessMemo<Position>& memo_;
  std::uint64_t probes_ = 0;
};

// The record_from_search hook (src/search/searcher.h) of a scored game, e.g. in
// the plug-in's searcher.cpp:
//   template <> Record record_from_search(Searcher<Reversi>& s, const Reversi::Position& p, int score) {
//     return scored_record_by_walk(s.game(), s, p, score);
//   }
// A searcher with a remoteness_memo() keeps what each walk found for the next
// (a query's moves after its position), up to kKeptRemotenessPositions: about
// 64 MB kept outside --hash's tables, the moves of one position need far fewer.
inline constexpr std::size_t kKeptRemotenessPositions = std::size_t{1} << 20;

// A walk over the searcher's kept memo where it has one (see below).
template <Game G, class Search, class Use>
auto with_kept_walk(const G& game, Search& searcher, Use&& use) {
  if constexpr (requires { searcher.remoteness_memo(); }) {
    auto& memo = searcher.remoteness_memo();
    if (memo.size() > kKeptRemotenessPositions) memo.clear();
    RemotenessWalk<G, Search> walk(game, searcher, memo);
    return use(walk);
  } else {
    RemotenessWalk<G, Search> walk(game, searcher);
    return use(walk);
  }
}

template <Game G, class Search>
Record scored_record_by_walk(const G& game, Search& searcher, const typename G::Position& p, int score) {
  return with_kept_walk(game, searcher, [&](auto& walk) { return walk.record(p, score); });
}

// One best line from p, whose exact record is `record` (found by a walk):
// at each step the first move whose child keeps the record
// (RemotenessWalk::keeps_record), so the same line as a test of every
// child's own record, from the probes and the memo that found `record`.
template <Game G, class Search>
std::vector<typename G::Move> scored_best_line_by_walk(const G& game, Search& searcher, const typename G::Position& p,
                                                       Record record) {
  return with_kept_walk(game, searcher, [&](auto& walk) {
    std::vector<typename G::Move> line;
    auto q = p;
    int s = record.score, r = record.remoteness;
    MoveList<G> moves;
    while (!game.terminal(q).primitive()) {
      game.generate_moves(q, moves);
      const auto best = std::find_if(moves.begin(), moves.end(),
                                     [&](const auto m) { return walk.keeps_record(game.play(q, m), s, r); });
      if (best == moves.end()) throw std::logic_error("best line: no move keeps the position's record");
      line.push_back(*best);
      q = game.play(q, *best);
      s = -s;
      --r;
    }
    return line;
  });
}

}  // namespace gsolve::search
