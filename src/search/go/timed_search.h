// A Go move within a time limit (GoSolver::choose_move, GTP's timed genmove):
// depth-limited alpha-beta over the line of play, deepened over the root's
// moves until one move's score is proven best or the time runs out. Why a
// search besides the prover's: a proof-number test that does not finish in
// time says nothing, while every finished depth here bounds each move's score.
//
// A node returns true lower and upper bounds on its value, the horizon the
// static ones (the superko-safe area, benson.h). There the table move comes
// first, then the pass (Tromp: 1,446 nodes for 2x2 with passes first against
// 19 million with passes last), then points from the centre outwards. Its
// table follows the solver's soundness policy under superko (go_solver.h,
// history_line.h): an entry keeps the certificate of what its result depends
// on in the history. Entries are keyed by the canonical board, the side to
// move and the passes in a row, and verified on the whole key.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/go.h"
#include "src/search/go/history_line.h"
#include "src/search/table_memory.h"

namespace gsolve::search::go {

class TimedSearch {
 public:
  // The table takes the most two-entry buckets of each mode, a power of two,
  // that `bytes` holds (at least one).
  TimedSearch(const Go& go, std::size_t bytes);

  static constexpr int kInfinity = 1 << 30;  // bounds of a move not searched
  struct Choice {
    Go::Move move = Go::kPass;
    bool proven = false;                        // the move's score is the position's value
    int lower = -kInfinity, upper = kInfinity;  // bounds on the move's score for the mover
    int depth = 0;            // the deepest finished depth (0: proven by the prover, or none finished)
    bool score_only = false;  // proven: the move keeps the score; its length is not proven
  };
  // The legal moves of `game` in the search's order (centre outwards, the pass
  // last): among equal bounds the first move is kept, so an unproven choice
  // prefers the centre.
  void root_moves(const GoGame& game, MoveList<Go>& moves) const;
  // Deepens over `moves` (root_moves, at least one) for `seconds`; the move
  // with the best bounds of the deepest finished depth, the first move with
  // unknown bounds if none finished. Where the mover is proven to score at
  // least `floor`, a move whose bounds are below it comes after every other.
  // A pass that ends the game is taken only where no other move may score
  // more: its score is final, another move's bounds may still widen upwards.
  Choice choose(const GoGame& game, const MoveList<Go>& moves, double seconds, int floor = -kInfinity);

  void clear();  // empty the table
  std::uint64_t nodes() const { return nodes_; }
  std::size_t table_bytes() const { return memory_.bytes(); }

 private:
  enum Mode { kScoreMode = 0, kCombinedMode = 1 };
  using Node = LineNode;
  using Hits = SuperkoHits;
  struct Entry {
    std::uint64_t black, white;  // canonical board
    std::uint8_t state;          // 0 empty, else LineNode::state()
    std::uint8_t move;           // best move + 1 in the canonical frame, 0 none
    std::uint8_t work;           // log2 of the nodes of the search that made it
    std::uint16_t depth;         // plies searched (the bounds may be open below that)
    std::int32_t lower, upper;   // bounds on the value for the side to move
    std::int32_t alpha, beta;    // the window of that search
    std::uint32_t generation;    // the timed choice that made it
    Certificate cert;            // what the result depends on in the history
  };
  struct Bounds {
    int lower, upper;  // lower <= value <= upper
  };
  // True bounds on the value of line_.back(), searched depth plies deep (the
  // horizon gives the static bounds); exact, or outside (alpha, beta), or the
  // depth was too short.
  template <Mode M>
  Bounds search(int alpha, int beta, int depth, ExploredBoards& seen, Hits& hits);
  template <Mode M>
  static Bounds value_bounds(int lo, int hi);
  Entry* bucket(Mode mode, const Node& n);  // two entries
  Entry* probe(Mode mode, const Node& n);
  struct Searched {
    int depth, alpha, beta;
  };
  void store(Mode mode, const Node& n, Bounds bounds, Searched searched, Go::Move move, const ExploredBoards& seen,
             const Hits& hits, std::uint64_t nodes);

  HistoryLine line_;
  std::vector<Go::Move> order_;  // points from the centre outwards
  TableMemory memory_;
  Entry* table_ = nullptr;
  std::uint64_t buckets_ = 0;  // per mode; a bucket is two entries
  std::uint64_t nodes_ = 0;
  // A choice stops at the deadline (checked every 4096 nodes) and stores nothing after it.
  bool timed_out_ = false;
  std::chrono::steady_clock::time_point deadline_;
  std::uint32_t generation_ = 0;          // choices so far
  static constexpr int kMaxDepth = 1000;  // the deepest depth (the time runs out long before)
};

}  // namespace gsolve::search::go
