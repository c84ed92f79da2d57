// Exact solver of Go on small boards over a line of play (games/go.h GoGame),
// superko included.
//
// Soundness policy under superko (graph-history interaction): the result of a
// node depends on every board of the line before it, because any of them may be
// recreated after captures. This solver therefore keeps NO transposition table:
// every node is searched with the real line of play, so every superko test sees
// the true history and no result is ever reused under another history. (A table
// keyed by the board alone would be unsound; storing only results "whose proof
// never met a forbidden move" is not enough either, since under a different
// history a board of the subtree may be forbidden. A sound table must key on the
// set of earlier boards, which gives almost no transpositions; not done yet.)
//
// It is not the framework engine (src/search/engine.h): the engine's State is a
// fixed value and the root is a Game::Position, neither of which can carry the
// line of play. Search: negamax alpha-beta, fail-soft, passes tried first (Tromp:
// 1,446 nodes for 2x2 with passes first against 19 million with passes last),
// then points from the centre outwards.
//
// Remoteness: the search value combines score and length, v = score * kScale
// moved one step toward 0 per ply for a win or a loss, so a winner prefers the
// shortest win and a loser the longest loss among lines of the best score
// (the Record rule). Ties have no length in v: their remoteness is the length of
// the principal line found (one optimal line, not minimised).
#pragma once

#include <cstdint>
#include <vector>

#include "games/go.h"
#include "src/core/record.h"

namespace gsolve::search::go {

class GoSolver {
 public:
  static constexpr int kScale = 4096;  // more than any line's length on boards up to 7x7 in practice

  explicit GoSolver(const Go& go);

  struct MoveResult {
    Go::Move move;
    Record record;  // the record after the move, seen from the mover (as_parent of the child)
  };
  // Exact record of the line's current position for the side to move.
  Record record(GoGame& game);
  // Exact score only (a faster search without the length).
  int solve(GoGame& game);
  // Every legal move's record from the mover's side, in the line's move order.
  std::vector<MoveResult> analyze(GoGame& game);
  // A best move (kPass when the game is over).
  Go::Move best_move(GoGame& game);

  std::uint64_t nodes() const { return nodes_; }
  void reset_nodes() { nodes_ = 0; }

  // Score of a combined search value.
  static int score_of(int v);

 private:
  int search(GoGame& game, int alpha, int beta);
  int search_score(GoGame& game, int alpha, int beta);
  int combined(GoGame& game);  // exact combined value, full window

  Go go_;
  std::vector<Go::Move> order_;  // points from the centre outwards
  std::uint64_t nodes_ = 0;
};

}  // namespace gsolve::search::go
