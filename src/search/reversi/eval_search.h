// A shallow alpha-beta on the pattern evaluation (pattern_eval.h), to order
// the moves of nodes with many empties (Edax's move.c: the children sorted by
// a short search on the evaluation). Fail-soft, scores in 1/kScale discs
// from the side to move's view; a finished game scores its exact margin.
// It orders, it never decides: its scores are guesses.
#pragma once

#include <cstdint>

#include "games/reversi_kernel.h"
#include "src/search/reversi/final_score.h"
#include "src/search/reversi/pattern_eval.h"

namespace gsolve::reversi {

template <class Eval>  // BoardPatternEval<N>
int eval_search(const Eval& eval, u64 own, u64 opp, u64 empty, int depth, int alpha, int beta, std::uint64_t& nodes) {
  ++nodes;
  if (depth <= 0) return eval.evaluate(own, opp, count(empty));
  const u64 moves = legal_moves(own, opp) & empty;
  if (!moves) {
    if (!(legal_moves(opp, own) & empty)) return final_score(own, opp, count(empty)) * Eval::kScale;
    return -eval_search(eval, opp, own, empty, depth, -beta, -alpha, nodes);
  }
  int best = -(1 << 20);
  for (u64 m = moves; m; m &= m - 1) {
    const int sq = __builtin_ctzll(m);
    const u64 bit = u64{1} << sq, f = flips(own, opp, sq);
    const int v = -eval_search(eval, opp & ~f, own | f | bit, empty & ~bit, depth - 1, -beta,
                               -(alpha > best ? alpha : best), nodes);
    if (v > best) {
      best = v;
      if (v >= beta) break;
    }
  }
  return best;
}

}  // namespace gsolve::reversi
