#include "src/search/go/solver.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "src/search/go/benson.h"

namespace gsolve::search::go {
namespace {

constexpr int kInfinity = 1 << 30;

std::uint64_t mix(std::uint64_t black, std::uint64_t white, std::uint64_t extra = 0) {
  std::uint64_t h = black * 0x9e3779b97f4a7c15ull ^ (white + 0x632be59bd9b4e019ull) * 0xc2b2ae3d27d4eb4full ^ extra;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 32);
}

// One ply further from the end: wins and losses move one step toward 0.
int age(int v) { return v > 0 ? v - 1 : v < 0 ? v + 1 : 0; }

int log2_work(std::uint64_t nodes) { return nodes ? 63 - __builtin_clzll(nodes) : 0; }

}  // namespace

GoSolver::GoSolver(const Go& go, std::size_t table_bytes)
    : go_(go),
      symmetry_(go),
      memory_(std::max<std::size_t>(std::bit_floor(table_bytes / (4 * sizeof(Entry))), 1) * 4 * sizeof(Entry)) {
  for (int m = 0; m < go.points(); ++m) order_.push_back(static_cast<Go::Move>(m));
  const auto distance = [&](Go::Move m) {  // twice the Manhattan distance to the centre
    const int x = m % go.width(), y = m / go.width();
    return std::abs(2 * x - (go.width() - 1)) + std::abs(2 * y - (go.height() - 1));
  };
  std::stable_sort(order_.begin(), order_.end(), [&](Go::Move a, Go::Move b) { return distance(a) < distance(b); });
  table_ = static_cast<Entry*>(memory_.data());
  buckets_ = memory_.bytes() / (4 * sizeof(Entry));  // two modes, two entries a bucket
  line_.reserve(1024);
}

int GoSolver::score_of(int v) {
  if (v > 0) return (v + kScale - 1) / kScale;
  if (v < 0) return -((-v + kScale - 1) / kScale);
  return 0;
}

GoSolver::Node GoSolver::make_node(std::uint64_t black, std::uint64_t white, int black_to_move, int passes) const {
  Node n{};
  n.black = black;
  n.white = white;
  n.black_to_move = static_cast<std::uint8_t>(black_to_move);
  n.passes = static_cast<std::uint8_t>(passes);
  n.key = mix(black, white);
  const auto c = symmetry_.canonical(black, white);
  n.canonical_black = c.black;
  n.canonical_white = c.white;
  n.symmetry = c.symmetry;
  n.invariant_key = mix(c.black, c.white);
  return n;
}

void GoSolver::load(const GoGame& game) {
  line_.clear();
  for (const auto& p : game.line()) line_.push_back(make_node(p.black, p.white, p.black_to_move, p.passes));
}

int GoSolver::repeat_index(const Node& next) const {
  for (int j = static_cast<int>(line_.size()) - 1; j >= 0; --j) {
    const Node& q = line_[j];
    if (q.key != next.key || q.black != next.black || q.white != next.white) continue;
    if (go_.superko() == Superko::Positional || q.black_to_move == next.black_to_move) return j;
  }
  return -1;
}

void GoSolver::Hits::add(int j) {
  if (j == INT_MAX || j == kept[0] || j == kept[1]) return;
  if (j < kept[1]) {
    dropped = std::min(dropped, kept[1]);
    kept[1] = j;
    if (kept[1] < kept[0]) std::swap(kept[0], kept[1]);
  } else {
    dropped = std::min(dropped, j);
  }
}

void GoSolver::Hits::merge(const Hits& o) {
  add(o.kept[0]);
  add(o.kept[1]);
  dropped = std::min(dropped, o.dropped);
}

void GoSolver::Hits::forget_from(int index) {
  if (kept[1] >= index) kept[1] = INT_MAX;
  if (kept[0] >= index) kept[0] = kept[1], kept[1] = INT_MAX;
  if (dropped >= index) dropped = INT_MAX;
}

bool GoSolver::usable(const Entry& e, const Node& n, Hits& hits) const {
  const int back = symmetry_.inverse(n.symmetry);
  const ExploredBoards seen = e.seen.transformed(symmetry_, back);
  std::uint64_t need_black[2], need_white[2];
  int found[2] = {-1, -1};
  for (int k = 0; k < e.hit_count; ++k) {
    need_black[k] = symmetry_.apply(back, e.hit_black[k]);
    need_white[k] = symmetry_.apply(back, e.hit_white[k]);
  }
  const int top = static_cast<int>(line_.size()) - 1;
  for (int j = 0; j < top; ++j) {
    const Node& y = line_[j];
    // The position before a pass (same board): on every line that reaches n.
    if (y.black == n.black && y.white == n.white &&
        (go_.superko() == Superko::Positional || (j == top - 1 && n.passes > 0)))
      continue;
    bool needed = false;
    for (int k = 0; k < e.hit_count; ++k)
      if (y.black == need_black[k] && y.white == need_white[k] &&
          (go_.superko() == Superko::Positional || y.black_to_move == e.hit_black_to_move[k])) {
        found[k] = j;
        needed = true;
      }
    if (!needed && seen.may_contain(y.black, y.white, y.invariant_key)) return false;
  }
  for (int k = 0; k < e.hit_count; ++k)
    if (found[k] < 0) return false;
  for (int k = 0; k < e.hit_count; ++k) hits.add(found[k]);
  return true;
}

std::uint8_t GoSolver::state_of(const Node& n) { return static_cast<std::uint8_t>(1 + n.black_to_move + 2 * n.passes); }

GoSolver::Entry* GoSolver::bucket(Mode mode, const Node& n) {
  const std::uint64_t index = mix(n.canonical_black, n.canonical_white, state_of(n)) & (buckets_ - 1);
  return table_ + 2 * (mode * buckets_ + index);
}

GoSolver::Entry* GoSolver::probe(Mode mode, const Node& n) {
  const std::uint8_t state = state_of(n);
  Entry* bucket = this->bucket(mode, n);
  for (int i = 0; i < 2; ++i)
    if (bucket[i].state == state && bucket[i].black == n.canonical_black && bucket[i].white == n.canonical_white)
      return bucket + i;
  return nullptr;
}

void GoSolver::store(Mode mode, const Node& n, Bounds bounds, Searched searched, Go::Move move,
                     const ExploredBoards& seen, const Hits& hits, std::uint64_t nodes) {
  const std::uint8_t state = state_of(n);
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
  slot->move = static_cast<std::uint8_t>(
      1 + (move == Go::kPass ? Go::kPass : symmetry_.map_point(n.symmetry, move)));
  slot->work = static_cast<std::uint8_t>(log2_work(nodes));
  slot->lower = bounds.lower;
  slot->upper = bounds.upper;
  slot->depth = static_cast<std::uint16_t>(std::min(searched.depth, 65535));
  slot->generation = generation_;
  slot->alpha = searched.alpha;
  slot->beta = searched.beta;
  slot->seen = seen.transformed(symmetry_, n.symmetry);
  slot->hit_count = 0;
  for (const int j : hits.kept) {
    if (j == INT_MAX) continue;
    const int k = slot->hit_count++;
    slot->hit_black[k] = symmetry_.apply(n.symmetry, line_[j].black);
    slot->hit_white[k] = symmetry_.apply(n.symmetry, line_[j].white);
    slot->hit_black_to_move[k] = line_[j].black_to_move;
  }
}

// Bounds of the score (score mode) or of the combined value for a score range.
template <GoSolver::Mode M>
GoSolver::Bounds GoSolver::value_bounds(int lo, int hi) {
  if (M == kScoreMode) return {lo, hi};
  const auto low = [](int s) { return s > 0 ? s * kScale - (kScale - 1) : s < 0 ? s * kScale + 1 : 0; };
  const auto high = [](int s) { return s > 0 ? s * kScale - 1 : s < 0 ? s * kScale + (kScale - 1) : 0; };
  return {low(lo), high(hi)};
}

template <GoSolver::Mode M>
GoSolver::Bounds GoSolver::search(int alpha, int beta, int depth, ExploredBoards& seen, Hits& hits) {
  ++nodes_;
  const std::uint64_t nodes_before = nodes_;
  const int index = static_cast<int>(line_.size()) - 1;
  if (M == kCombinedMode && index >= kScale - 1)  // the combined value holds lines shorter than kScale
    throw std::runtime_error("go: a line of play longer than " + std::to_string(kScale - 1) + " plies");
  const Node n = line_.back();  // a copy: the line grows below
  seen = ExploredBoards::of(n.black, n.white, n.invariant_key);
  hits = Hits{};
  const Go::Position p{n.black, n.white, n.black_to_move, n.passes, {}};
  if (n.passes >= 2) {
    const int s = go_.final_score(p);
    const int v = M == kScoreMode ? s : s * kScale;
    return {v, v};
  }
  if (timed_ && (timed_out_ || ((nodes_ & 4095) == 0 && std::chrono::steady_clock::now() >= deadline_)))
    timed_out_ = true;
  // Static bounds: each side's area lies between what it keeps unconditionally
  // and what the other side does not keep.
  const int points = go_.points();
  const int own_komi = n.black_to_move ? go_.komi() : -go_.komi();
  const int safe_own = std::popcount(superko_safe_area(go_, p.own(), p.opp()));
  const int safe_opp = std::popcount(superko_safe_area(go_, p.opp(), p.own()));
  const Bounds fixed = value_bounds<M>(2 * safe_own - points - own_komi, points - 2 * safe_opp - own_komi);
  if (fixed.upper <= alpha || fixed.lower >= beta || fixed.lower == fixed.upper || depth <= 0 || timed_out_)
    return fixed;
  if (beta > fixed.upper) beta = fixed.upper;

  int table_move = -1;
  if (const Entry* e = probe(M, n)) {
    if (e->move) {
      const int m = e->move - 1;
      table_move = m == Go::kPass ? Go::kPass : symmetry_.map_point(symmetry_.inverse(n.symmetry), m);
    }
    const Bounds b{std::max(fixed.lower, static_cast<int>(e->lower)), std::min(fixed.upper, e->upper)};
    Hits entry_hits;
    // An entry searched at least as deep gives what a search would (cheap)
    // when its window held this one, or when it comes from the same deepening
    // (whose next depth searches past it). One from an earlier deepening with
    // a narrower window would not: its bounds could stay open where this
    // window closes them, and a new deepening starts at depth 1 below it.
    const bool decisive = b.lower >= beta || b.upper <= alpha || b.lower == b.upper;
    const bool as_good =
        e->depth >= depth && (e->generation == generation_ || (e->alpha <= alpha && e->beta >= beta));
    if ((decisive || as_good) && usable(*e, n, entry_hits)) {
      seen.merge(e->seen.transformed(symmetry_, symmetry_.inverse(n.symmetry)));
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
    if (!go_.try_play(p, m, q)) continue;  // occupied or suicide
    const Node child = make_node(q.black, q.white, q.black_to_move, q.passes);
    if (m != Go::kPass) {
      const int r = repeat_index(child);
      if (r >= 0) {  // superko: the move is illegal on this line
        hits.add(r);
        continue;
      }
    }
    line_.push_back(child);
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
    line_.pop_back();
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
  // Hits on this position, or on the one before a pass to it, hold on every line here.
  hits.forget_from(n.passes > 0 ? index - 1 : index);
  if (hits.dropped == INT_MAX && !timed_out_)
    store(M, n, result, {depth, alpha, beta}, best_move, seen, hits, nodes_ - nodes_before + 1);
  return result;
}

template <GoSolver::Mode M>
GoSolver::Bounds GoSolver::deepen(const GoGame& game, Bounds known, int guess, int alpha, int beta) {
  // Iterative deepening over null-window tests: every search returns true
  // bounds (the horizon returns the static ones), so the known bounds only
  // narrow. At each depth, tests "value >= t" run while they resolve; one that
  // stays open moves on to the next depth with the same test. Null windows cut
  // where a full window cannot: 3x4 takes 81M nodes instead of 8.3G.
  ++generation_;
  const auto done = [&] { return known.lower == known.upper || known.lower >= beta || known.upper <= alpha; };
  for (int depth = 1; !done(); ++depth) {
    while (!done()) {
      const int t = std::clamp(guess, known.lower + 1, known.upper);
      load(game);
      ExploredBoards seen;
      Hits hits;
      const Bounds b = search<M>(t - 1, t, depth, seen, hits);
      known = {std::max(known.lower, b.lower), std::min(known.upper, b.upper)};
      if (known.lower > known.upper)  // true bounds never cross: a bug, never a wrong answer
        throw std::logic_error("go: the search's bounds crossed at depth " + std::to_string(depth));
      if (b.lower >= t) guess = known.lower + 1;
      else if (b.upper < t) guess = known.upper;
      else break;
    }
    depth_ = depth;
    if (report_) report_(depth, M == kScoreMode ? known.lower : score_of(known.lower),
                         M == kScoreMode ? known.upper : score_of(known.upper), nodes_);
  }
  return known;
}

int GoSolver::score_bound() const { return go_.points() + std::abs(go_.komi()) + 1; }

int GoSolver::window(const GoGame& game, int alpha, int beta) {
  const Bounds b = deepen<kScoreMode>(game, {-score_bound(), score_bound()}, std::clamp(1, alpha + 1, beta), alpha, beta);
  return b.lower >= beta ? b.lower : b.upper <= alpha ? b.upper : b.lower;
}

void GoSolver::clear() { memory_.clear(); }

int GoSolver::solve(const GoGame& game) {
  return deepen<kScoreMode>(game, {-score_bound(), score_bound()}, 1, INT_MIN, INT_MAX).lower;
}

int GoSolver::value(const GoGame& game) {
  // The score first (its search cuts far more), then the length within it.
  const int s = solve(game);
  const Bounds range = value_bounds<kCombinedMode>(s, s);
  return deepen<kCombinedMode>(game, range, range.upper, INT_MIN, INT_MAX).lower;
}

Record GoSolver::record(const GoGame& game) {
  const auto& p = game.position();
  if (p.passes >= 2) {
    const int s = go_.final_score(p);
    return primitive_record(s > 0 ? Value::Win : s < 0 ? Value::Lose : Value::Tie, s);
  }
  const int v = value(game);
  const int s = score_of(v);
  if (s > 0) return Record{Value::Win, static_cast<std::uint16_t>(s * kScale - v), static_cast<std::int16_t>(s)};
  if (s < 0) return Record{Value::Lose, static_cast<std::uint16_t>(v - s * kScale), static_cast<std::int16_t>(s)};
  // A tie: follow one optimal line to its end.
  int plies = 0;
  GoGame line = game;
  while (!line.over()) {
    line.play_unchecked(best_move(line));
    ++plies;
  }
  return Record{Value::Tie, static_cast<std::uint16_t>(plies), 0};
}

std::vector<GoSolver::MoveResult> GoSolver::analyze(const GoGame& game) {
  std::vector<MoveResult> out;
  MoveList<Go> moves;
  game.legal_moves(moves);
  for (const Go::Move m : moves) {
    GoGame child = game;
    child.play_unchecked(m);
    out.push_back({m, as_parent(record(child))});
  }
  return out;
}

Go::Move GoSolver::best_move(const GoGame& game) {
  if (game.over()) return Go::kPass;
  const int target = value(game);
  // A move is best when its child's value v, aged and negated, reaches the
  // target: one test "v < c" decides it, no child value is needed. A win
  // (target > 0) needs -v - 1 >= target; a loss needs -v + 1 >= target or
  // v <= 0; a tie needs v <= 0.
  const int c = target > 0 ? -target : target < 0 ? 2 - target : 1;
  MoveList<Go> moves;
  game.legal_moves(moves);
  const int bound = score_bound() * kScale;
  for (const Go::Move m : moves) {
    GoGame child = game;
    child.play_unchecked(m);
    if (deepen<kCombinedMode>(child, {-bound, bound}, c, c - 1, c).upper < c) return m;
  }
  throw std::logic_error("go: no move reaches the position's value");
}

GoSolver::TimedChoice GoSolver::choose_move(const GoGame& game, double seconds) {
  MoveList<Go> moves;
  game.legal_moves(moves);
  // The search's order (centre outwards, the pass last): among equal bounds
  // the first move is kept, so an unproven choice prefers the centre.
  const auto rank = [&](Go::Move m) {
    return m == Go::kPass ? go_.points() : static_cast<int>(std::find(order_.begin(), order_.end(), m) - order_.begin());
  };
  std::stable_sort(moves.begin(), moves.end(), [&](Go::Move a, Go::Move b) { return rank(a) < rank(b); });
  TimedChoice choice{moves.empty() ? Go::kPass : moves[0], false, -kInfinity, kInfinity, 0};
  if (moves.empty()) return choice;
  timed_ = true;
  timed_out_ = false;
  deadline_ = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                      std::chrono::duration<double>(seconds));
  const int bound = score_bound();
  for (int depth = 1; depth <= kMaxTimedDepth && !timed_out_; ++depth) {
    TimedChoice best{Go::kPass, false, -kInfinity, -kInfinity, depth};
    int best_upper_of_all = -kInfinity;  // no move scores more than this
    for (const Go::Move m : moves) {
      GoGame child = game;
      child.play_unchecked(m);
      load(child);
      ExploredBoards seen;
      Hits hits;
      const Bounds c = search<kScoreMode>(-bound, bound, depth - 1, seen, hits);
      if (timed_out_) break;
      const int lower = -c.upper, upper = -c.lower;
      best_upper_of_all = std::max(best_upper_of_all, upper);
      if (lower > best.lower || (lower == best.lower && upper > best.upper))
        best = {m, false, lower, upper, depth};
    }
    if (timed_out_) break;
    best.proven = best.lower >= best_upper_of_all;
    choice = best;
    if (choice.proven) break;
  }
  timed_ = timed_out_ = false;
  return choice;
}

}  // namespace gsolve::search::go
