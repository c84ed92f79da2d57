#include "src/search/go/timed_search.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <stdexcept>
#include <string>

#include "src/search/go/benson.h"
#include "src/search/go/combined_value.h"
#include "src/search/go/prover.h"

namespace gsolve::search::go {
namespace {

int log2_work(std::uint64_t nodes) { return nodes ? 63 - __builtin_clzll(nodes) : 0; }

}  // namespace

TimedSearch::TimedSearch(const Go& go, std::size_t bytes)
    : line_(go),
      order_(points_from_centre(go)),
      memory_(std::max<std::size_t>(std::bit_floor(bytes / (4 * sizeof(Entry))), 1) * 4 * sizeof(Entry)) {
  table_ = static_cast<Entry*>(memory_.data());
  buckets_ = memory_.bytes() / (4 * sizeof(Entry));  // two modes, two entries a bucket
}

void TimedSearch::clear() { memory_.clear(); }

TimedSearch::Entry* TimedSearch::bucket(Mode mode, const Node& n) {
  const std::uint64_t index = mix_board(n.canonical_black, n.canonical_white, n.state()) & (buckets_ - 1);
  return table_ + 2 * (mode * buckets_ + index);
}

TimedSearch::Entry* TimedSearch::probe(Mode mode, const Node& n) {
  const std::uint8_t state = n.state();
  Entry* bucket = this->bucket(mode, n);
  for (int i = 0; i < 2; ++i)
    if (bucket[i].state == state && bucket[i].black == n.canonical_black && bucket[i].white == n.canonical_white)
      return bucket + i;
  return nullptr;
}

void TimedSearch::store(Mode mode, const Node& n, Bounds bounds, Searched searched, Go::Move move,
                        const ExploredBoards& seen, const Hits& hits, std::uint64_t nodes) {
  const std::uint8_t state = n.state();
  Entry* bucket = this->bucket(mode, n);
  Entry* slot = bucket[0].work <= bucket[1].work ? bucket : bucket + 1;  // the least work is replaced
  for (int i = 0; i < 2; ++i)
    if (bucket[i].state == 0 ||
        (bucket[i].state == state && bucket[i].black == n.canonical_black && bucket[i].white == n.canonical_white)) {
      slot = bucket + i;
      break;
    }
  slot->black = n.canonical_black;
  slot->white = n.canonical_white;
  slot->state = state;
  slot->move =
      static_cast<std::uint8_t>(1 + (move == Go::kPass ? Go::kPass : line_.symmetry().map_point(n.symmetry, move)));
  slot->work = static_cast<std::uint8_t>(log2_work(nodes));
  slot->lower = bounds.lower;
  slot->upper = bounds.upper;
  slot->depth = static_cast<std::uint16_t>(std::min(searched.depth, 65535));
  slot->generation = generation_;
  slot->alpha = searched.alpha;
  slot->beta = searched.beta;
  slot->cert = line_.certificate(n, seen, hits);
}

// Bounds of the score (score mode) or of the combined value for a score range.
template <TimedSearch::Mode M>
TimedSearch::Bounds TimedSearch::value_bounds(int lo, int hi) {
  if (M == kScoreMode) return {lo, hi};
  return {lowest_value(lo), highest_value(hi)};
}

template <TimedSearch::Mode M>
TimedSearch::Bounds TimedSearch::search(int alpha, int beta, int depth, ExploredBoards& seen, Hits& hits) {
  ++nodes_;
  const std::uint64_t nodes_before = nodes_;
  const int index = line_.top();
  if (M == kCombinedMode && index >= kScale - 1)  // the combined value holds lines shorter than kScale
    throw std::runtime_error("go: a line of play longer than " + std::to_string(kScale - 1) + " plies");
  const Node n = line_.back();  // a copy: the line grows below
  seen = ExploredBoards::of(n.black, n.white, n.invariant_key);
  hits = Hits{};
  const Go& go = line_.go();
  const Go::Position p = n.position();
  if (n.passes >= 2) {
    const int s = go.final_score(p);
    const int v = M == kScoreMode ? s : s * kScale;
    return {v, v};
  }
  if (!timed_out_ && (nodes_ & 4095) == 0 && std::chrono::steady_clock::now() >= deadline_) timed_out_ = true;
  // Static bounds: each side's area lies between what it keeps unconditionally
  // and what the other side does not keep.
  const int points = go.points();
  const bool black = n.black_to_move;
  const int safe_own = std::popcount(superko_safe_area(go, p.own(), p.opp()));
  const int safe_opp = std::popcount(superko_safe_area(go, p.opp(), p.own()));
  const Bounds fixed = value_bounds<M>(go.score(2 * safe_own - points, black), go.score(points - 2 * safe_opp, black));
  if (fixed.upper <= alpha || fixed.lower >= beta || fixed.lower == fixed.upper || depth <= 0 || timed_out_)
    return fixed;
  if (beta > fixed.upper) beta = fixed.upper;

  int table_move = -1;
  if (const Entry* e = probe(M, n)) {
    if (e->move) {
      const int m = e->move - 1;
      table_move = m == Go::kPass ? Go::kPass : line_.symmetry().map_point(line_.symmetry().inverse(n.symmetry), m);
    }
    const Bounds b{std::max(fixed.lower, static_cast<int>(e->lower)), std::min(fixed.upper, e->upper)};
    Hits entry_hits;
    // An entry searched at least as deep gives what a search would (cheap)
    // when its window held this one, or when it comes from the same deepening
    // (whose next depth searches past it). One from an earlier deepening with
    // a narrower window would not: its bounds could stay open where this
    // window closes them, and a new deepening starts at depth 1 below it.
    const bool decisive = b.lower >= beta || b.upper <= alpha || b.lower == b.upper;
    const bool as_good = e->depth >= depth && (e->generation == generation_ || (e->alpha <= alpha && e->beta >= beta));
    if ((decisive || as_good) && line_.usable(e->cert, n, entry_hits)) {
      seen.merge(line_.seen_of(e->cert, n));
      hits = entry_hits;
      return b;
    }
  }

  Go::Move moves[Go::kMaxMoves + 1];
  int count = 0;
  if (table_move >= 0) moves[count++] = static_cast<Go::Move>(table_move);
  if (table_move != Go::kPass) moves[count++] = Go::kPass;
  for (const Go::Move m : order_)
    if (m != table_move) moves[count++] = m;

  // The node's value is the best child's: its lower bound is the best of the
  // children's lower bounds, its upper bound the best of their upper bounds
  // (the static one when a cut-off leaves children unsearched).
  int best_lower = -kInfinity, best_upper = -kInfinity;
  bool cut = false;
  Go::Move best_move = Go::kPass;
  for (int i = 0; i < count; ++i) {
    const Go::Move m = moves[i];
    Go::Position q;
    if (!go.try_play(p, m, q)) continue;  // occupied or suicide
    const Node child = line_.child_node(n, m, q);
    if (m != Go::kPass) {
      const int r = line_.repeat_index(child);
      if (r >= 0) {  // superko: the move is illegal on this line
        hits.add(r);
        continue;
      }
    }
    line_.push(child);
    ExploredBoards child_seen;
    Hits child_hits;
    const int a = std::max(alpha, best_lower);
    Bounds c;
    int lower = 0, upper = 0;
    if (M == kScoreMode) {
      c = search<M>(-beta, -a, depth - 1, child_seen, child_hits);
      lower = -c.upper, upper = -c.lower;
    } else {  // aging moves a value by at most one: the child's window is one wider
      c = search<M>(-(beta + 1), -(a - 1), depth - 1, child_seen, child_hits);
      lower = age(-c.upper), upper = age(-c.lower);
    }
    line_.pop();
    seen.merge(child_seen);
    hits.merge(child_hits);
    if (lower > best_lower) best_lower = lower, best_move = m;
    best_upper = std::max(best_upper, upper);
    if (best_lower >= beta) {
      cut = true;
      break;
    }
  }
  const Bounds result{std::max(best_lower, fixed.lower), cut ? fixed.upper : std::min(best_upper, fixed.upper)};
  line_.forget_own(n, hits);
  if (hits.dropped == INT_MAX && !timed_out_)
    store(M, n, result, {depth, alpha, beta}, best_move, seen, hits, nodes_ - nodes_before + 1);
  return result;
}

void TimedSearch::root_moves(const GoGame& game, MoveList<Go>& moves) const {
  game.legal_moves(moves);
  const auto rank = [&](Go::Move m) {
    return m == Go::kPass ? line_.go().points()
                          : static_cast<int>(std::find(order_.begin(), order_.end(), m) - order_.begin());
  };
  std::stable_sort(moves.begin(), moves.end(), [&](Go::Move a, Go::Move b) { return rank(a) < rank(b); });
}

TimedSearch::Choice TimedSearch::choose(const GoGame& game, const MoveList<Go>& moves, double seconds, int floor) {
  Choice choice{moves[0]};
  timed_out_ = false;
  ++generation_;
  deadline_ = std::chrono::steady_clock::now() +
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  const int bound = line_.go().max_score() + 1;
  const bool pass_ends = game.position().passes == 1;
  // Better: not below the floor, then the higher lower bound, then the higher
  // upper; any searched move is better than `none`.
  const auto better = [floor](const Choice& a, const Choice& b) {
    const bool a_fits = a.upper >= floor, b_fits = b.upper >= floor;
    if (a_fits != b_fits) return a_fits;
    return a.lower > b.lower || (a.lower == b.lower && a.upper > b.upper);
  };
  for (int depth = 1; depth <= kMaxDepth && !timed_out_; ++depth) {
    const Choice none{Go::kPass, false, -kInfinity, -kInfinity, depth};
    Choice best = none, ending = none;   // ending: the pass that ends the game
    int best_upper_of_all = -kInfinity;  // no move scores more than this
    int upper_of_others = -kInfinity;    // nor any move but the ending pass
    for (const Go::Move m : moves) {
      GoGame child = game;
      child.play_unchecked(m);
      line_.load(child);
      ExploredBoards seen;
      Hits hits;
      const Bounds c = search<kScoreMode>(-bound, bound, depth - 1, seen, hits);
      if (timed_out_) break;
      const Choice here{m, false, -c.upper, -c.lower, depth};
      best_upper_of_all = std::max(best_upper_of_all, here.upper);
      if (pass_ends && m == Go::kPass) {
        ending = here;
        continue;
      }
      upper_of_others = std::max(upper_of_others, here.upper);
      if (better(here, best)) best = here;
    }
    if (timed_out_) break;
    if (ending.lower >= upper_of_others && better(ending, best)) best = ending;  // none: never
    best.proven = best.lower >= best_upper_of_all;
    choice = best;
    if (choice.proven) break;
  }
  timed_out_ = false;
  return choice;
}

}  // namespace gsolve::search::go
