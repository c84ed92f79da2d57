#include "src/search/go/go_solver.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <span>
#include <stdexcept>
#include <thread>

#include "src/search/go/proof_journal.h"
#include "src/search/go/root_split.h"
#include "src/search/go/threshold_steps.h"

namespace gsolve::search::go {
namespace {

// How far inside its score's range the combined value's first test lies (a
// win in at most 32 plies, a loss in at least 33), and the first step of
// the search beyond it.
constexpr int kFirstLengthStep = 32;

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

// A callback for every prover that calls f from one thread at a time.
template <class F>
auto one_at_a_time(F f) {
  auto shared = std::make_shared<F>(std::move(f));
  auto lock = std::make_shared<std::mutex>();
  return [shared, lock](auto... args) {
    const std::lock_guard<std::mutex> hold(*lock);
    (*shared)(args...);
  };
}

}  // namespace

GoSolver::GoSolver(const Go& go, std::size_t table_bytes, int threads)
    : go_(go), timed_(go, useful_table_bytes(go, table_bytes) / 4) {
  table_bytes = useful_table_bytes(go, table_bytes);
  // The provers share one table (proof_table.h); one prover alone does not lock it.
  const auto proofs = std::make_shared<ProofTable>(table_bytes - timed_.table_bytes(), threads > 1);
  for (int i = 0; i < std::max(threads, 1); ++i) provers_.push_back(std::make_unique<GoProver>(go, proofs));
}

int GoSolver::score_bound() const { return go_.max_score() + 1; }

int GoSolver::window(const GoGame& game, int alpha, int beta) {
  // Tests "score >= t" for t in (alpha, beta] only: a score at or below alpha
  // comes back as alpha, one at or above beta as beta, both true bounds.
  const int most = score_bound() - 1;
  const int lower = std::clamp(alpha, -most, most), upper = std::clamp(beta, -most, most);
  return narrow(game, GoProver::Goal::Score, lower, upper, std::clamp(1, lower + 1, upper));
}

bool GoSolver::at_least(const GoGame& game, int t) {
  if (recorded_only_) return recorded(game, GoProver::Goal::Score, t);
  return split_at_least(provers_, game, GoProver::Goal::Score, t, split_progress_,
                        provers_.size() == 1 ? kAloneOneProver : kAloneExpansions, cut_plies_, journal_);
}

void GoSolver::clear() {
  timed_.clear();
  provers_[0]->clear();  // the provers' table is shared
}

void GoSolver::on_test(GoProver::TestReport report) {
  const auto serial = one_at_a_time(std::move(report));
  for (auto& p : provers_) p->on_test(serial);
}

void GoSolver::on_heartbeat(GoProver::Heartbeat beat) {
  const auto serial = one_at_a_time(std::move(beat));
  for (auto& p : provers_) p->on_heartbeat(serial);
}

std::uint64_t GoSolver::nodes() const {
  std::uint64_t n = timed_.nodes();
  for (const auto& p : provers_) n += p->nodes();
  return n;
}

std::size_t GoSolver::table_bytes() const {
  return timed_.table_bytes() + provers_[0]->table_bytes();  // the provers' table is shared
}

void GoSolver::set_recorded_only(bool on) {
  if (on == recorded_only_) return;
  if (on)
    searched_score_ = proven_score_;
  else
    proven_score_ = searched_score_;
  recorded_only_ = on;
}

bool GoSolver::recorded(const GoGame& game, GoProver::Goal goal, int t) const {
  const std::optional<bool> answer = journal_ ? journal_->find(game, goal, t) : std::nullopt;
  if (!answer) throw GoProver::TimedOut{};
  return *answer;
}

bool GoSolver::test(int i, const GoGame& game, GoProver::Goal goal, int t) {
  if (recorded_only_) return recorded(game, goal, t);
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
  std::unique_ptr<bool[]> holds(new bool[k]());  // false: read by steps.next() before the first test, unused
  // The combined value's range is a score's kScale values, its answer near
  // `first`: rounds of thresholds cut evenly would test far from it (4x4's
  // full query: 2.4 times the expansions of one thread). Its tests are made
  // one at a time from `first`, as with one prover, each split over all.
  const bool one_at_a_time = k == 1 || goal == GoProver::Goal::Value;
  ThresholdSteps steps(first, goal == GoProver::Goal::Value ? kFirstLengthStep : 0);
  while (lower < upper) {  // the answer lies in [lower, upper]
    if (proven) *proven = {lower, upper};
    int n = 1;
    if (one_at_a_time) {
      t[0] = steps.next(lower, upper, holds[0]);
    } else {  // n thresholds cut the range into n + 1 even parts
      const std::int64_t size = upper - lower;
      n = static_cast<int>(std::min<std::int64_t>(k, size));
      for (int i = 0; i < n; ++i) t[i] = lower + static_cast<int>((size * (i + 1) + n) / (n + 1));
    }
    if (one_at_a_time)
      holds[0] = test_one(game, goal, t[0]);
    else
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

bool GoSolver::test_one(const GoGame& game, GoProver::Goal goal, int t) {
  if (recorded_only_) return recorded(game, goal, t);
  if (provers_.size() > 1)
    return split_at_least(provers_, game, goal, t, split_progress_, kAloneExpansions, cut_plies_, journal_);
  const GoGame* games[1] = {&game};
  bool holds = false;
  test_all(games, &t, &holds, 1, goal);
  return holds;
}

int GoSolver::solve(const GoGame& game, int floor) {
  const int most = score_bound() - 1;
  int lower = std::clamp(floor, -most, most), upper = most;
  if (lower == most) {
    proven_score_ = {most, most};
    return most;
  }
  // Where the prover predicts Black's moves (5x5), first whether Black takes
  // the whole board: the answer of most of its lines, and the test its
  // knowledge makes cheap (Benson's and the enclosed regions' whole-board
  // bounds, Black's predicted moves); the middle's tests come after.
  if (provers_[0]->has_predictor()) {
    const bool black = game.position().black_to_move;
    const int t = black ? most : -most + 1;  // White to move: the test fails where Black takes the board
    proven_score_ = {lower, upper};
    if (lower < t) {                                            // else the floor answers it
      if (test_one(game, GoProver::Goal::Score, t) == black) {  // Black takes the board
        proven_score_ = {black ? most : -most, black ? most : -most};
        return proven_score_.lower;
      }
      if (black)
        upper = most - 1;
      else
        lower = -most + 1;
    }
  }
  return narrow(game, GoProver::Goal::Score, lower, upper, std::clamp(1, lower, upper), &proven_score_);
}

void GoSolver::set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
  for (auto& p : provers_) p->set_deadline(deadline);
}

int GoSolver::value(const GoGame& game) {
  // The score first (its proofs are far smaller), then the length within it,
  // starting near the shortest win or the longest loss.
  const int s = solve(game);
  const int first = s > 0 ? highest_value(s) - (kFirstLengthStep - 1) : lowest_value(s) + kFirstLengthStep;
  return narrow(game, GoProver::Goal::Value, lowest_value(s), highest_value(s), first);
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

Go::Move GoSolver::score_move(const GoGame& game, int& score, int floor) {
  score = solve(game, floor);
  if (game.over()) return Go::kPass;
  MoveList<Go> moves;
  timed_.root_moves(game, moves);
  std::vector<GoGame> children(moves.size(), game);
  for (std::size_t i = 0; i < moves.size(); ++i) children[i].play_unchecked(moves[i]);
  // A move keeps the score s when its child's side to move cannot reach -s + 1.
  const int child_t = -score + 1;
  // A child the journal already decides first (no search): the proof's own move.
  if (journal_)
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (journal_->find(children[i], GoProver::Goal::Score, child_t) == false) return moves[i];
  const int predicted = provers_[0]->predicted_child(game, GoProver::Goal::Score, score, children);
  if (predicted >= 0 && !test_one(children[predicted], GoProver::Goal::Score, child_t)) return moves[predicted];
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (static_cast<int>(i) != predicted && !test_one(children[i], GoProver::Goal::Score, child_t)) return moves[i];
  throw std::logic_error("go: no move keeps the position's score");
}

GoSolver::TimedChoice GoSolver::choose_move(const GoGame& game, double seconds) {
  MoveList<Go> moves;
  timed_.root_moves(game, moves);
  if (moves.empty()) return {};
  const int floor = kept_floor(game);
  kept_line_.clear();
  // Remembers that `m` keeps score s for the mover of `game`, whatever the reply.
  const auto keep = [this, &game](Go::Move m, int s) {
    GoGame after = game;
    after.play_unchecked(m);
    kept_line_ = after.line();
    kept_score_ = s;
  };
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
    std::optional<TimedChoice> kept;
    try {
      int s = 0;
      const Go::Move m = score_move(game, s, floor);
      kept = TimedChoice{m, true, s, s, 0, true};
      keep(m, s);
      const Go::Move best = best_move(game);
      keep(best, s);
      return {best, true, s, s, 0};
    } catch (const GoProver::TimedOut&) {
    }
    if (kept) return *kept;
  }
  seconds -= std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return timed_.choose(game, moves, seconds, floor);
}

int GoSolver::kept_floor(const GoGame& game) const {
  const auto& line = game.line();
  const bool reply = !kept_line_.empty() && line.size() == kept_line_.size() + 1 &&
                     std::equal(kept_line_.begin(), kept_line_.end(), line.begin());
  return reply ? kept_score_ : -TimedSearch::kInfinity;
}

}  // namespace gsolve::search::go
