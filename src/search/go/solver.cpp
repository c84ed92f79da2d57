#include "src/search/go/solver.h"

#include <algorithm>
#include <cstdlib>

namespace gsolve::search::go {

GoSolver::GoSolver(const Go& go) : go_(go) {
  for (int m = 0; m < go.points(); ++m) order_.push_back(static_cast<Go::Move>(m));
  const auto distance = [&](Go::Move m) {  // twice the Manhattan distance to the centre
    const int x = m % go.width(), y = m / go.width();
    return std::abs(2 * x - (go.width() - 1)) + std::abs(2 * y - (go.height() - 1));
  };
  std::stable_sort(order_.begin(), order_.end(), [&](Go::Move a, Go::Move b) { return distance(a) < distance(b); });
}

int GoSolver::score_of(int v) {
  if (v > 0) return (v + kScale - 1) / kScale;
  if (v < 0) return -((-v + kScale - 1) / kScale);
  return 0;
}

namespace {
// One ply further from the end: wins and losses move one step toward 0.
int age(int v) { return v > 0 ? v - 1 : v < 0 ? v + 1 : 0; }
}  // namespace

int GoSolver::search(GoGame& game, int alpha, int beta) {
  ++nodes_;
  const auto& p = game.position();
  if (p.passes >= 2) return go_.final_score(p) * kScale;
  // Pass first, then the points from the centre outwards (superko applied by the line).
  Go::Move moves[Go::kMaxMoves];
  int count = 0;
  moves[count++] = Go::kPass;
  for (const Go::Move m : order_)
    if (game.legal(m)) moves[count++] = m;
  int best = -(go_.points() + std::abs(go_.komi()) + 1) * kScale;
  for (int i = 0; i < count; ++i) {
    game.play_unchecked(moves[i]);
    // The child's window is one wider on each side: aging moves a value by at most one.
    const int v = age(-search(game, -(beta + 1), -(alpha - 1)));
    game.undo();
    if (v > best) best = v;
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  return best;
}

int GoSolver::combined(GoGame& game) {
  const int bound = (go_.points() + std::abs(go_.komi()) + 1) * kScale;
  return search(game, -bound, bound);
}

// Score only (no length): the side to move's score lies in [lo, hi], and a
// window narrowed to hi cuts as soon as a move reaches the best possible score.
int GoSolver::search_score(GoGame& game, int alpha, int beta) {
  ++nodes_;
  const auto& p = game.position();
  if (p.passes >= 2) return go_.final_score(p);
  const int own_komi = p.black_to_move ? go_.komi() : -go_.komi();
  const int lo = -go_.points() - own_komi, hi = go_.points() - own_komi;
  if (hi <= alpha) return hi;
  if (lo >= beta) return lo;
  if (beta > hi) beta = hi;
  int best = lo - 1;
  const auto try_move = [&](Go::Move m) {
    game.play_unchecked(m);
    const int v = -search_score(game, -beta, -alpha);
    game.undo();
    if (v > best) best = v;
    if (best > alpha) alpha = best;
    return alpha >= beta;
  };
  if (try_move(Go::kPass)) return best;
  for (const Go::Move m : order_)
    if (game.legal(m) && try_move(m)) return best;
  return best;
}

int GoSolver::solve(GoGame& game) {
  const int bound = go_.points() + std::abs(go_.komi()) + 1;
  return search_score(game, -bound, bound);
}

Record GoSolver::record(GoGame& game) {
  const auto& p = game.position();
  if (p.passes >= 2) {
    const int s = go_.final_score(p);
    return primitive_record(s > 0 ? Value::Win : s < 0 ? Value::Lose : Value::Tie, s);
  }
  const int v = combined(game);
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

std::vector<GoSolver::MoveResult> GoSolver::analyze(GoGame& game) {
  std::vector<MoveResult> out;
  MoveList<Go> moves;
  game.legal_moves(moves);
  for (const Go::Move m : moves) {
    game.play_unchecked(m);
    const Record child = record(game);
    game.undo();
    out.push_back({m, as_parent(child)});
  }
  return out;
}

Go::Move GoSolver::best_move(GoGame& game) {
  if (game.over()) return Go::kPass;
  const int target = combined(game);
  MoveList<Go> moves;
  game.legal_moves(moves);
  Go::Move best = Go::kPass;
  int best_value = -(go_.points() + std::abs(go_.komi()) + 2) * kScale;
  for (const Go::Move m : moves) {
    game.play_unchecked(m);
    const int v = age(-combined(game));
    game.undo();
    if (v == target) return m;
    if (v > best_value) best_value = v, best = m;
  }
  return best;
}

}  // namespace gsolve::search::go
