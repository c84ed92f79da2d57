// Exact solver of Go on small boards over a line of play (games/go.h GoGame),
// superko included: alpha-beta with a transposition table that stays exact
// under graph-history interaction, and board symmetries.
//
// Soundness policy under superko (the value of a position depends on the
// boards seen before it):
//   1. A search result is stored with the boards from ABOVE the node that
//      superko tests in its subtree hit (at most two; a result that needed
//      more is not stored). A hit on the node's own board, or on the board it
//      repeats after a pass, is part of every line that reaches it and is not
//      counted. The result is the value of the position for every history
//      that contains those boards and none of the boards the search visited.
//   2. With the result the entry keeps a conservative summary of those boards
//      (explored_boards.h: stones on every board, stones on any board, a Bloom
//      filter), merged from the children's and from every entry it used.
//   3. An entry is used only when the current line above the node holds its
//      hit boards and no other board that may be in that summary. Then every superko test of the stored search
//      would answer the same on the current line, so the stored bounds hold.
// A wrong policy shows at once on 2x2, whose value under positional superko
// is +1 (tests/unit/test_go.cpp also compares with a table-free reference).
//
// Search: iterative deepening of null-window tests over alpha-beta on bounds:
// a node returns true lower and upper bounds on its value, the horizon the
// static ones (the superko-safe area, benson.h), tests "value >= t" narrow the
// root's bounds while they resolve, and a depth closes them when they meet.
// Deep superko cycles (2x4 lines pass 300 plies) are thus cut by the depth,
// not searched to the end first. The table move first, then the pass (Tromp:
// 1,446 nodes for 2x2 with passes first against 19 million with passes last),
// then points from the centre outwards. Entries are keyed by the canonical
// board under the 8 (square) or 4 (rectangle) symmetries, the side to move and
// the passes in a row, and verified on the whole key.
//
// Remoteness: the combined search value is v = score * kScale moved one step
// toward 0 per ply for a win or a loss, so a winner prefers the shortest win and
// a loser the longest loss among lines of the best score (the Record rule).
// Ties have no length in v: their remoteness is the length of the principal
// line found (one optimal line, not minimised). solve() searches the score
// alone, which cuts far more.
#pragma once

#include <chrono>
#include <climits>
#include <cstdint>
#include <functional>
#include <vector>

#include "games/go.h"
#include "src/core/record.h"
#include "src/search/go/board_symmetry.h"
#include "src/search/go/explored_boards.h"
#include "src/search/table_memory.h"

namespace gsolve::search::go {

class GoSolver {
 public:
  static constexpr int kScale = 4096;  // more than any line's length on boards up to 7x7 in practice
  static constexpr std::size_t kDefaultTableBytes = std::size_t{256} << 20;  // mapped lazily: small boards touch little of it

  explicit GoSolver(const Go& go, std::size_t table_bytes = kDefaultTableBytes);

  struct MoveResult {
    Go::Move move;
    Record record;  // the record after the move, seen from the mover (as_parent of the child)
  };
  // Exact record of the line's current position for the side to move.
  Record record(const GoGame& game);
  // Exact score only (a faster search without the length).
  int solve(const GoGame& game);
  // Fail-soft window search of the score (searcher.h's contract): exact inside
  // (alpha, beta), else a bound on the side it fell.
  int window(const GoGame& game, int alpha, int beta);
  void clear();  // empty the table
  // Every legal move's record from the mover's side, in the line's move order.
  std::vector<MoveResult> analyze(const GoGame& game);
  // A best move (kPass when the game is over).
  Go::Move best_move(const GoGame& game);

  // A move within a time limit: the deepening runs over the root's moves until
  // one move's score is proven best or the time runs out; then the move with
  // the best bounds of the deepest finished depth is chosen.
  struct TimedChoice {
    Go::Move move;
    bool proven;       // the move's score is the position's value
    int lower, upper;  // bounds on the move's score for the mover
    int depth;         // the deepest finished depth (0: none finished, the first legal move)
  };
  TimedChoice choose_move(const GoGame& game, double seconds);

  // Called after each finished depth of a search with the score bounds known
  // so far (progress on long searches; not on the hot path).
  using DepthReport = std::function<void(int depth, int lower, int upper, std::uint64_t nodes)>;
  void on_depth(DepthReport report) { report_ = std::move(report); }

  int score_bound() const;  // more than any score's magnitude
  std::uint64_t nodes() const { return nodes_; }
  std::size_t table_bytes() const { return memory_.bytes(); }
  int depth() const { return depth_; }  // the iteration depth that closed the last search
  void reset_nodes() { nodes_ = 0; }

  // Score of a combined search value.
  static int score_of(int v);

 private:
  enum Mode { kScoreMode = 0, kCombinedMode = 1 };
  struct Node {  // one position of the line of play
    std::uint64_t black, white;
    std::uint8_t black_to_move, passes;
    std::uint64_t key;  // hash of the board (superko pre-test)
    std::uint64_t canonical_black, canonical_white;
    int symmetry;       // maps the board to the canonical one
    std::uint64_t invariant_key;  // hash of the canonical board
  };
  struct Entry {
    std::uint64_t black, white;  // canonical board
    std::uint8_t state;          // 0 empty, else 1 + black_to_move + 2 * passes
    std::uint8_t move;           // best move + 1 in the canonical frame, 0 none
    std::uint8_t work;           // log2 of the nodes of the search that made it
    std::uint16_t depth;         // plies searched (the bounds may be open below that)
    std::int32_t lower, upper;   // bounds on the value for the side to move
    std::int32_t alpha, beta;    // the window of that search
    std::uint32_t generation;    // the deepening (call of deepen) that made it
    std::uint8_t hit_count;      // boards from above that superko tests hit
    std::uint8_t hit_black_to_move[2];
    std::uint64_t hit_black[2], hit_white[2];  // in the canonical frame
    ExploredBoards seen;         // in the canonical frame
  };
  // Line indices that superko tests of a subtree hit: every one is either kept
  // or at least `dropped`.
  struct Hits {
    int kept[2] = {INT_MAX, INT_MAX};
    int dropped = INT_MAX;
    void add(int j);
    void merge(const Hits& o);
    void forget_from(int index);  // hits at or below a node are part of every line reaching it
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
  // Narrows the known bounds on the value of the game's position by deepening
  // null-window tests, starting with "value >= guess"; stops when the value is
  // known, or known to be <= alpha or >= beta.
  template <Mode M>
  Bounds deepen(const GoGame& game, Bounds known, int guess, int alpha, int beta);
  int value(const GoGame& game);  // the combined value
  void load(const GoGame& game);
  Node make_node(std::uint64_t black, std::uint64_t white, int black_to_move, int passes) const;
  int repeat_index(const Node& next) const;  // line index of an earlier equal board, or -1
  // Whether e holds on the current line; adds the line indices of its hit boards to hits.
  bool usable(const Entry& e, const Node& n, Hits& hits) const;
  static std::uint8_t state_of(const Node& n);  // the key's side to move and passes; 0 marks an empty entry
  Entry* bucket(Mode mode, const Node& n);       // two entries
  Entry* probe(Mode mode, const Node& n);
  struct Searched {
    int depth, alpha, beta;
  };
  void store(Mode mode, const Node& n, Bounds bounds, Searched searched, Go::Move move, const ExploredBoards& seen,
             const Hits& hits, std::uint64_t nodes);

  Go go_;
  BoardSymmetry symmetry_;
  std::vector<Go::Move> order_;  // points from the centre outwards
  std::vector<Node> line_;
  TableMemory memory_;
  Entry* table_ = nullptr;
  std::uint64_t buckets_ = 0;  // per mode; a bucket is two entries
  std::uint64_t nodes_ = 0;
  // A timed search stops at the deadline (checked every 4096 nodes) and stores nothing after it.
  bool timed_ = false, timed_out_ = false;
  std::chrono::steady_clock::time_point deadline_;
  int depth_ = 0;  // the depth that closed the last root
  std::uint32_t generation_ = 0;  // deepenings so far
  DepthReport report_;
  static constexpr int kMaxTimedDepth = 1000;  // a timed choice's deepest depth (its time runs out long before)
};

}  // namespace gsolve::search::go
