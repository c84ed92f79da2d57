// Exact strong (and weak) Connect 4 search solver, sequential or parallel.
//
// Values are Pons scores (see ../shared/data/connect4/README.md), always from
// the side to move: 0 = tie; s > 0: the side to move wins, and the game ends
// with N stones where s = floor((W*H + 2 - N) / 2); s < 0: it loses, likewise.
// For connect4 the score fixes the remoteness (N is fixed by |s| and parity), so
// one ordered integer carries (value, remoteness): a winner hurries, a loser
// delays, exactly the order of DESIGN.md "Values".
//
// Algorithm: negamax alpha-beta on bitboards (Pons), fail-soft; the root finds
// the exact score by null-window probes that narrow [min, max]. Shared
// lock-free transposition table (both bounds and the best move per entry,
// symmetry-reduced keys, full-key check: no collision errors; nodes with few
// empty squares use a small per-thread table instead), move ordering
// by table move, then threats created, then centre first; only non-losing
// moves are searched; a node with a single such move is played through
// without a table probe. Static bounds: claimeven, and zugzwang on the
// opponent's threats (claimeven on the rest of the board once one or two
// threat columns are frozen). Parallel: young-brothers-wait over oneTBB task groups
// near the root (eldest child first, then its brothers as tasks with the bound
// it gave; a cut-off cancels the brothers), sequential below the split depth.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/connect4.h"
#include "src/record.h"

namespace gsolve::search {

using C4Position = Connect4::Position;
using C4Move = Connect4::Move;

// Pons score <-> record (README conversion). `stones` = stones on the board.
// record_from_score: Win/Lose remoteness d with N = stones + d, d odd for a win
// and even for a loss; Tie: d = W*H - stones.
Record record_from_score(const Connect4& game, int stones, int score);
int score_from_record(const Connect4& game, int stones, const Record& record);

// How solve() finds the exact score at the root (all give the same score).
enum class Algorithm {
  Narrowing,  // default: null-window probes narrow [min, max], nearer 0 first (Pons); NegaScout nodes
  NegaScout,  // one full-window search; each node scouts its younger children with a null window
  MTDf,       // MTD(f): null-window probes stepping from the first guess 0 to the score
  AlphaBeta,  // one full-window search, plain fail-soft alpha-beta (no scout windows)
};
// "narrowing", "negascout", "mtdf", "alphabeta"; parse throws std::invalid_argument.
const char* algorithm_name(Algorithm a);
Algorithm parse_algorithm(const std::string& name);

struct SolverOptions {
  int threads = 1;            // task_arena concurrency (1 = sequential, no tasks)
  std::size_t hash_mb = 64;   // transposition table budget, MiB (power-of-two buckets)
  int split_depth = -1;       // plies below the root where brothers may run in parallel; -1 = 6
  int min_split_empties = 16; // no split where fewer empty squares remain
  Algorithm algorithm = Algorithm::Narrowing;
  bool killers = false;  // killer moves break ties in move ordering (costs nodes on Connect 4)
  bool history = false;  // the history heuristic does (costs nodes on Connect 4)
};

struct ChildResult {
  C4Move move;
  int score;      // the child's Pons score, seen from the child's side to move
  Record record;  // the child's record, seen from the child's side to move
};

struct Analysis {
  int score = 0;  // the position's exact Pons score
  Record record;  // and its record
  std::vector<ChildResult> children;  // every legal move (none at a primitive)
  std::vector<C4Move> pv;             // one best line of play, to the end of the game
};

class Connect4Solver {
 public:
  // Boards with W*(H+1) <= 64 (any board Connect4 accepts).
  explicit Connect4Solver(const Connect4& game, SolverOptions options = {});
  ~Connect4Solver();
  Connect4Solver(const Connect4Solver&) = delete;
  Connect4Solver& operator=(const Connect4Solver&) = delete;

  const Connect4& game() const;

  // Exact Pons score of p (p may be primitive: a position where the last mover
  // made four scores -floor((W*H+2-n)/2), a full board 0).
  int solve(const C4Position& p);
  // Only the sign of the score: +1 win, 0 tie, -1 lose. Faster than solve.
  int solve_weak(const C4Position& p);

  // Window search, fail-soft. Contract, with v the exact score and r the result:
  //   alpha < r < beta  ->  r == v (exact);
  //   r <= alpha        ->  v <= r (r is an upper bound);
  //   r >= beta         ->  v >= r (r is a lower bound).
  // Requires alpha < beta. Any position, primitive ones included.
  int search(const C4Position& p, int alpha, int beta);

  Record record(const C4Position& p);  // record_from_score(solve(p))
  // Exact score and record of p and of every child, and a principal variation.
  Analysis analyze(const C4Position& p);

  void clear();                 // empty the transposition table
  std::uint64_t nodes() const;  // negamax calls since construction or reset_nodes()
  void reset_nodes();
  std::size_t table_bytes() const;

  class Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// Benchmark over a file of `<moves> <score>` lines (the Test_* sets, ref_WxH
// files: the board size comes from "WxH" in the file name, else 7x6). For each of
// the first `limit` lines (0 = all): clear the table, solve (weak: sign only),
// compare with the expected score. Times exclude the table clearing.
struct BenchResult {
  std::size_t positions = 0;
  std::size_t mismatches = 0;      // wrong scores (weak: wrong signs)
  std::string first_mismatch;      // "<line> expected E got G"
  double seconds = 0;              // total wall time of the solves
  double cpu_seconds = 0;          // total CPU time of the solves (all threads)
  std::uint64_t nodes = 0;         // total nodes
  double mean_seconds() const { return positions ? seconds / static_cast<double>(positions) : 0; }
  double mean_nodes() const { return positions ? static_cast<double>(nodes) / static_cast<double>(positions) : 0; }
};
BenchResult run_benchmark_file(const std::string& path, int threads, std::size_t hash_mb,
                               std::size_t limit, bool weak);
BenchResult run_benchmark_file(const std::string& path, const SolverOptions& options, std::size_t limit,
                               bool weak);

}  // namespace gsolve::search
