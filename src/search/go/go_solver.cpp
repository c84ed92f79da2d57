#include "src/search/go/go_solver.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>

#include "src/search/go/benson.h"
#include "src/search/go/root_split.h"

namespace gsolve::search::go {
namespace {

constexpr int kInfinity = 1 << 30;

int log2_work(std::uint64_t nodes) { return nodes ? 63 - __builtin_clzll(nodes) : 0; }

// No more table than the board can use: entries land wherever they hash, and
// the first touch of each (huge) page has the kernel zero it, so a big table on
// a small board costs its whole size in zeroing (docs/benchmarks.md, Go). 1 KiB
// for each of the 3^points boards (the entries of every test and goal), at
// least 1 MiB.
std::size_t useful_table_bytes(const Go& go, std::size_t bytes) {
  std::size_t useful = 1024;
  for (int i = 0; i < go.points() && useful < bytes; ++i) useful *= 3;
  return std::min(bytes, std::max(useful, std::size_t{1} << 20));
}

}  // namespace

GoSolver::GoSolver(const Go& go, std::size_t table_bytes, int threads)
    : line_(go),
      memory_(std::max<std::size_t>(std::bit_floor(useful_table_bytes(go, table_bytes) / 4 / (4 * sizeof(Entry))), 1) *
              4 * sizeof(Entry)) {
  table_bytes = useful_table_bytes(go, table_bytes);
  // The provers share one table (proof_table.h); one prover alone does not lock it.
  const auto proofs = std::make_shared<ProofTable>(table_bytes - memory_.bytes(), threads > 1);
  for (int i = 0; i < std::max(threads, 1); ++i) provers_.push_back(std::make_unique<GoProver>(go, proofs));
  order_ = points_from_centre(go);
  table_ = static_cast<Entry*>(memory_.data());
  buckets_ = memory_.bytes() / (4 * sizeof(Entry));  // two modes, two entries a bucket
}

GoSolver::Entry* GoSolver::bucket(Mode mode, const Node& n) {
  const std::uint64_t index = mix_board(n.canonical_black, n.canonical_white, n.state()) & (buckets_ - 1);
  return table_ + 2 * (mode * buckets_ + index);
}

GoSolver::Entry* GoSolver::probe(Mode mode, const Node& n) {
  const std::uint8_t state = n.state();
  Entry* bucket = this->bucket(mode, n);
  for (int i = 0; i < 2; ++i)
    if (bucket[i].state == state && bucket[i].black == n.canonical_black && bucket[i].white == n.canonical_white)
      return bucket + i;
  return nullptr;
}

void GoSolver::store(Mode mode, const Node& n, Bounds bounds, Searched searched, Go::Move move,
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
template <GoSolver::Mode M>
GoSolver::Bounds GoSolver::value_bounds(int lo, int hi) {
  if (M == kScoreMode) return {lo, hi};
  return {lowest_value(lo), highest_value(hi)};
}

template <GoSolver::Mode M>
GoSolver::Bounds GoSolver::search(int alpha, int beta, int depth, ExploredBoards& seen, Hits& hits) {
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
  if (timed_ && (timed_out_ || ((nodes_ & 4095) == 0 && std::chrono::steady_clock::now() >= deadline_)))
    timed_out_ = true;
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

int GoSolver::score_bound() const { return line_.go().max_score() + 1; }

int GoSolver::window(const GoGame& game, int alpha, int beta) {
  // Tests "score >= t" for t in (alpha, beta] only: a score at or below alpha
  // comes back as alpha, one at or above beta as beta, both true bounds.
  const int most = score_bound() - 1;
  const int lower = std::clamp(alpha, -most, most), upper = std::clamp(beta, -most, most);
  return narrow(game, GoProver::Goal::Score, lower, upper, std::clamp(1, lower + 1, upper));
}

bool GoSolver::at_least(const GoGame& game, int t) {
  return split_at_least(provers_, game, GoProver::Goal::Score, t, split_progress_,
                        provers_.size() == 1 ? kAloneOneProver : kAloneExpansions, cut_plies_, journal_);
}

void GoSolver::clear() {
  memory_.clear();
  provers_[0]->clear();  // the provers' table is shared
}

void GoSolver::on_test(GoProver::TestReport report) {
  auto shared = std::make_shared<GoProver::TestReport>(std::move(report));
  auto lock = std::make_shared<std::mutex>();
  for (auto& p : provers_)
    p->on_test([shared, lock](GoProver::Goal goal, int t, bool holds, std::uint64_t nodes) {
      const std::lock_guard<std::mutex> hold(*lock);
      (*shared)(goal, t, holds, nodes);
    });
}

void GoSolver::on_heartbeat(GoProver::Heartbeat beat) {
  auto shared = std::make_shared<GoProver::Heartbeat>(std::move(beat));
  auto lock = std::make_shared<std::mutex>();
  for (auto& p : provers_)
    p->on_heartbeat([shared, lock](std::uint64_t nodes, int plies) {
      const std::lock_guard<std::mutex> hold(*lock);
      (*shared)(nodes, plies);
    });
}

std::uint64_t GoSolver::nodes() const {
  std::uint64_t n = nodes_;
  for (const auto& p : provers_) n += p->nodes();
  return n;
}

std::size_t GoSolver::table_bytes() const {
  return memory_.bytes() + provers_[0]->table_bytes();  // the provers' table is shared
}

bool GoSolver::test(int i, const GoGame& game, GoProver::Goal goal, int t) {
  GoProver* const prover = provers_[i].get();
  return split_at_least(std::span<GoProver* const>(&prover, 1), game, goal, t, {}, kAloneOneProver, cut_plies_,
                        journal_);
}

void GoSolver::test_all(const GoGame* const* games, const int* t, bool* holds, int count, GoProver::Goal goal) {
  std::vector<std::thread> helpers;
  std::exception_ptr failure;
  std::mutex failure_lock;
  for (int i = 1; i < count; ++i)
    helpers.emplace_back([&, i] {
      try {
        holds[i] = test(i, *games[i], goal, t[i]);
      } catch (...) {
        const std::lock_guard<std::mutex> hold(failure_lock);
        failure = std::current_exception();
      }
    });
  try {
    holds[0] = test(0, *games[0], goal, t[0]);
  } catch (...) {
    const std::lock_guard<std::mutex> hold(failure_lock);
    failure = std::current_exception();
  }
  for (auto& h : helpers) h.join();
  if (failure) std::rethrow_exception(failure);
}

int GoSolver::narrow(const GoGame& game, GoProver::Goal goal, int lower, int upper, int first, ScoreRange* proven) {
  const int k = static_cast<int>(provers_.size());
  std::vector<const GoGame*> games(k, &game);
  std::vector<int> t(k);
  std::unique_ptr<bool[]> holds(new bool[k]);
  // The combined value's range is a score's kScale values, its answer near
  // `first`: rounds of thresholds cut evenly would test far from it (4x4's
  // full query: 2.4 times the expansions of one thread). Its tests are made
  // one at a time from `first`, as with one prover, each split over all.
  if (k > 1 && goal == GoProver::Goal::Value) {
    for (bool initial = true; lower < upper; initial = false) {
      const int t = initial ? std::clamp(first, lower + 1, upper) : lower + (upper - lower + 1) / 2;
      if (split_at_least(provers_, game, goal, t, split_progress_, kAloneExpansions, cut_plies_, journal_))
        lower = t;
      else
        upper = t - 1;
    }
    if (proven) *proven = {lower, upper};
    return lower;
  }
  for (bool initial = true; lower < upper; initial = false) {  // the answer lies in [lower, upper]
    if (proven) *proven = {lower, upper};
    int n = 1;
    if (k == 1) {
      t[0] = initial ? std::clamp(first, lower + 1, upper) : lower + (upper - lower + 1) / 2;
    } else {  // n thresholds cut the range into n + 1 even parts
      const std::int64_t size = upper - lower;
      n = static_cast<int>(std::min<std::int64_t>(k, size));
      for (int i = 0; i < n; ++i) t[i] = lower + static_cast<int>((size * (i + 1) + n) / (n + 1));
    }
    test_all(games.data(), t.data(), holds.get(), n, goal);
    int new_lower = lower, new_upper = upper;
    for (int i = 0; i < n; ++i) {
      if (holds[i])
        new_lower = std::max(new_lower, t[i]);
      else
        new_upper = std::min(new_upper, t[i] - 1);
    }
    if (new_lower > new_upper)  // tests are monotone in t: a bug, never a wrong answer
      throw std::logic_error("go: the proof-number tests disagree");
    lower = new_lower, upper = new_upper;
  }
  if (proven) *proven = {lower, upper};
  return lower;
}

int GoSolver::solve(const GoGame& game) {
  const int most = score_bound() - 1;
  return narrow(game, GoProver::Goal::Score, -most, most, 1, &proven_score_);
}

void GoSolver::set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
  for (auto& p : provers_) p->set_deadline(deadline);
}

int GoSolver::value(const GoGame& game) {
  // The score first (its proofs are far smaller), then the length within it,
  // starting near the shortest win or the longest loss.
  const int s = solve(game);
  const int first = s > 0 ? highest_value(s) - 31 : lowest_value(s) + 32;
  return narrow(game, GoProver::Goal::Value, lowest_value(s), highest_value(s), first);
}

Record GoSolver::record(const GoGame& game) {
  const auto& p = game.position();
  if (p.passes >= 2) {
    const int s = line_.go().final_score(p);
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
  // The first such move in the line's order, the moves tested a group at a time.
  const int k = static_cast<int>(provers_.size());
  std::vector<GoGame> children;
  std::vector<const GoGame*> games(k);
  std::vector<int> t(k, c);
  std::unique_ptr<bool[]> holds(new bool[k]);
  for (std::size_t first = 0; first < moves.size(); first += k) {
    const int n = static_cast<int>(std::min<std::size_t>(k, moves.size() - first));
    children.assign(n, game);
    for (int i = 0; i < n; ++i) {
      children[i].play_unchecked(moves[first + i]);
      games[i] = &children[i];
    }
    test_all(games.data(), t.data(), holds.get(), n, GoProver::Goal::Value);
    for (int i = 0; i < n; ++i)
      if (!holds[i]) return moves[first + i];
  }
  throw std::logic_error("go: no move reaches the position's value");
}

GoSolver::TimedChoice GoSolver::choose_move(const GoGame& game, double seconds) {
  MoveList<Go> moves;
  game.legal_moves(moves);
  // The search's order (centre outwards, the pass last): among equal bounds
  // the first move is kept, so an unproven choice prefers the centre.
  const auto rank = [&](Go::Move m) {
    return m == Go::kPass ? line_.go().points()
                          : static_cast<int>(std::find(order_.begin(), order_.end(), m) - order_.begin());
  };
  std::stable_sort(moves.begin(), moves.end(), [&](Go::Move a, Go::Move b) { return rank(a) < rank(b); });
  TimedChoice choice{moves.empty() ? Go::kPass : moves[0], false, -kInfinity, kInfinity, 0};
  if (moves.empty()) return choice;
  // Half the time to prove a best move (late in a game proofs are quick),
  // the rest, if that fails, to the depth-limited search.
  const auto start = std::chrono::steady_clock::now();
  const auto half =
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds / 2));
  {
    struct Deadlines {  // set for the proof attempt, cleared however it ends
      std::vector<std::unique_ptr<GoProver>>& provers;
      ~Deadlines() {
        for (auto& p : provers) p->set_deadline(std::nullopt);
      }
    } deadlines{provers_};
    for (auto& p : provers_) p->set_deadline(start + half);
    try {
      const Go::Move m = best_move(game);
      const int s = score_of(value(game));  // cheap: the table holds the tests just made
      return {m, true, s, s, 0};
    } catch (const GoProver::TimedOut&) {
    }
  }
  seconds -= std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  timed_ = true;
  timed_out_ = false;
  ++generation_;
  deadline_ = std::chrono::steady_clock::now() +
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  const int bound = score_bound();
  for (int depth = 1; depth <= kMaxTimedDepth && !timed_out_; ++depth) {
    TimedChoice best{Go::kPass, false, -kInfinity, -kInfinity, depth};
    int best_upper_of_all = -kInfinity;  // no move scores more than this
    for (const Go::Move m : moves) {
      GoGame child = game;
      child.play_unchecked(m);
      line_.load(child);
      ExploredBoards seen;
      Hits hits;
      const Bounds c = search<kScoreMode>(-bound, bound, depth - 1, seen, hits);
      if (timed_out_) break;
      const int lower = -c.upper, upper = -c.lower;
      best_upper_of_all = std::max(best_upper_of_all, upper);
      if (lower > best.lower || (lower == best.lower && upper > best.upper)) best = {m, false, lower, upper, depth};
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
