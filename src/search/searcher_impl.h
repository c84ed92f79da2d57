// Searcher<G>'s root drivers and analysis (included by searcher.h).
#pragma once

#include <algorithm>
#include <stdexcept>

namespace gsolve::search {

template <class G>
int Searcher<G>::search(const Position& p, int alpha, int beta) {
  if (alpha >= beta) throw std::invalid_argument("search: empty window");
  return impl_->search(p, alpha, beta);
}

template <class G>
int Searcher<G>::solve(const Position& p) {
  proven_ = impl_->score_range(p);
  auto& [min, max] = proven_;  // narrowed as the probes finish
  switch (algorithm()) {
    case Algorithm::NegaScout:
    case Algorithm::AlphaBeta:  // one window holding every score: the result is exact
      min = max = impl_->search(p, min - 1, max + 1);
      return min;
    case Algorithm::MTDf: {  // probe at the last bound until the bounds meet
      int f = std::clamp(impl_->first_guess(p), min, max);
      while (min < max) {
        const int beta = f == min ? f + 1 : f;
        f = impl_->search(p, beta - 1, beta);
        if (f < beta)
          max = f;
        else
          min = f;
      }
      return min;
    }
    case Algorithm::Narrowing:
      break;
  }
  // Null-window probes narrow [min, max], probing nearer 0 first (Pons).
  while (min < max) {
    int med = min + (max - min) / 2;
    if (med <= 0 && min / 2 < med)
      med = min / 2;
    else if (med >= 0 && max / 2 > med)
      med = max / 2;
    const int r = impl_->search(p, med, med + 1);
    if (r <= med)
      max = r;
    else
      min = r;
  }
  return min;
}

template <class G>
int Searcher<G>::solve_weak(const Position& p) {
  if (impl_->search(p, 0, 1) >= 1) return 1;
  return impl_->search(p, -1, 0) <= -1 ? -1 : 0;
}

template <class G>
Analysis<G> Searcher<G>::analyze(const Position& p) {
  Analysis<G> a;
  a.score = solve(p);
  a.record = record_from_search(*this, p, a.score);
  if (game_.terminal(p).primitive()) return a;
  MoveList<G> moves;
  game_.generate_moves(p, moves);
  for (const auto m : moves) {
    // Symmetric children are one position to the table (reversi's search keys
    // are not canonical): the start of 6x6 has four moves and one child.
    const auto child = game_.canonical(game_.play(p, m));
    const int s = solve(child);
    a.children.push_back({m, s, record_from_search(*this, child, s)});
  }
  a.pv = best_line(p);
  return a;
}

template <class G>
std::vector<typename G::Move> Searcher<G>::principal_variation(const Position& p, int score) {
  // At each step, a child whose score is minus ours.
  std::vector<typename G::Move> pv;
  MoveList<G> moves;
  Position q = p;
  int s = score;
  while (!game_.terminal(q).primitive()) {
    game_.generate_moves(q, moves);
    bool found = false;
    for (const auto m : moves) {
      // Every child scores >= -s; a best one scores <= -s.
      if (impl_->search(game_.play(q, m), -s, -s + 1) <= -s) {
        pv.push_back(m);
        q = game_.play(q, m);
        found = true;
        break;
      }
    }
    if (!found) throw std::logic_error("principal variation: no best move found");
    s = -s;
  }
  return pv;
}

template <class G>
Record Searcher<G>::record_or_rules(const Position& p) {
  const Terminal t = game_.terminal(p);
  if (t.primitive()) return primitive_record(t.value, G::kScored ? t.score : 0);
  return record(p);
}

template <class G>
std::vector<typename G::Move> Searcher<G>::best_line(const Position& p) {
  return best_line(p, record_or_rules(p));
}

template <class G>
std::vector<typename G::Move> Searcher<G>::best_line(const Position& p, Record here) {
  if constexpr (kWalkedRemoteness<G>) return scored_best_line_by_walk(game_, *this, p, here);
  // At each step a child whose record, seen from the mover, is the position's
  // own: the score decides first (a null-window test of each child), then
  // the remoteness (the record of a child that keeps the score).
  std::vector<typename G::Move> line;
  Position q = p;
  MoveList<G> moves;
  while (!game_.terminal(q).primitive()) {
    const int s = solve(q);
    game_.generate_moves(q, moves);
    bool found = false;
    for (const auto m : moves) {
      const Position child = game_.play(q, m);
      if (impl_->search(child, -s, -s + 1) > -s) continue;  // the child's score is worse for the mover
      const Record r = record_or_rules(child);
      if (as_parent(r) != here) continue;
      line.push_back(m);
      q = child;
      here = r;
      found = true;
      break;
    }
    if (!found) throw std::logic_error("best line: no move keeps the position's record");
  }
  return line;
}

}  // namespace gsolve::search
