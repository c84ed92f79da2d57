// The combined search value of Go: score and remoteness in one integer, so
// one search orders lines by both (the Record rule). v = score * kScale moved
// one step toward 0 per ply for a win or a loss: a winner prefers the shortest
// win and a loser the longest loss among lines of the best score. Ties have no
// length in v.
#pragma once

namespace gsolve::search::go {

inline constexpr int kScale = 4096;  // more than any line's length on boards up to 7x7 in practice

// One ply further from the end: wins and losses move one step toward 0.
constexpr int age(int v) { return v > 0 ? v - 1 : v < 0 ? v + 1 : 0; }

constexpr int score_of(int v) {
  if (v > 0) return (v + kScale - 1) / kScale;
  if (v < 0) return -((-v + kScale - 1) / kScale);
  return 0;
}

// The least and the greatest combined value of a score.
constexpr int lowest_value(int s) { return s > 0 ? s * kScale - (kScale - 1) : s < 0 ? s * kScale + 1 : 0; }
constexpr int highest_value(int s) { return s > 0 ? s * kScale - 1 : s < 0 ? s * kScale + (kScale - 1) : 0; }

// The goal of a child that fails exactly when its parent reaches "value >= t"
// through it (the parent's value is the best aged, negated child value):
// "score >= 1 - t" for scores, and for combined values "v >= -t" when t > 0
// (the child must lose by one ply more), "v >= 2 - t" when t <= 0.
constexpr int child_score_goal(int t) { return 1 - t; }
constexpr int child_value_goal(int t) { return t > 0 ? -t : 2 - t; }

}  // namespace gsolve::search::go
