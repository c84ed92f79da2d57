// Exact solver of Go on small boards over a line of play (games/go.h GoGame),
// superko included: the front end over the proof-number provers, whose table
// stays exact under graph-history interaction, and board symmetries.
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
// is +1 (tests/unit/test_go_prover.cpp also compares with a table-free reference).
//
// Exact answers (solve, window, record, best_move) come from tests "score
// (or combined value) >= t" proven by proof-number search (prover.h), which
// follows the lines nearest a proof as deep as they go (2x4 lines pass 300
// plies in superko cycles). A move within a time limit falls back on a
// depth-limited alpha-beta with a table of its own (timed_search.h). Entries
// of both searches are keyed by the canonical board under the 8 (square) or 4
// (rectangle) symmetries, the side to move and the passes in a row, and
// verified on the whole key.
//
// Remoteness: the combined value of combined_value.h. Ties have no length in
// it: their remoteness is the length of the principal line found (one
// optimal line, not minimised). solve() proves the score alone, which is far
// cheaper.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "games/go.h"
#include "src/core/record.h"
#include "src/search/go/combined_value.h"
#include "src/search/go/history_line.h"
#include "src/search/go/prover.h"
#include "src/search/go/root_split.h"
#include "src/search/go/timed_search.h"

namespace gsolve::search::go {

class GoSolver {
 public:
  static constexpr std::size_t kDefaultTableBytes = std::size_t{256} << 20;

  // threads: tests run at once, one prover each, all over one table
  // (proof_table.h). The table takes table_bytes, or less on a board too small
  // to use them (1 KiB for each of its 3^points boards, at least 1 MiB).
  explicit GoSolver(const Go& go, std::size_t table_bytes = kDefaultTableBytes, int threads = 1);

  struct MoveResult {
    Go::Move move;
    Record record;  // the record after the move, seen from the mover (as_parent of the child)
  };
  // Exact record of the line's current position for the side to move.
  Record record(const GoGame& game);
  // Exact score only (a faster search without the length). `floor`: a score
  // the side to move is known to reach (its tests are skipped).
  int solve(const GoGame& game, int floor = -TimedSearch::kInfinity);
  // Whether the side to move's score is at least t (one test, cut at the
  // root: its children tested one after another, or with threads as many at
  // a time: root_split.h).
  bool at_least(const GoGame& game, int t);
  // Fail-soft window search of the score (searcher.h's contract): exact inside
  // (alpha, beta), else a bound on the side it fell.
  int window(const GoGame& game, int alpha, int beta);
  void clear();  // empty the table
  // Every legal move's record from the mover's side, in the line's move order.
  std::vector<MoveResult> analyze(const GoGame& game);
  // A best move (kPass when the game is over).
  Go::Move best_move(const GoGame& game);
  // A move that keeps the position's exact score, which it sets `score` to
  // (kPass when the game is over): the score's tests alone, no length, so
  // not always the soonest win or the latest loss. Playing such moves
  // reaches that score (the game is finite under superko). A move the
  // journal decides is taken first, then the predicted move is tested where
  // the prover predicts one, then the others in the timed search's order
  // (centre outwards). `floor` as solve's.
  Go::Move score_move(const GoGame& game, int& score, int floor = -TimedSearch::kInfinity);

  // A move within a time limit: first, within half the time, a move that
  // keeps the proven score (score_move), then a proven best move
  // (best_move), which is preferred where it finishes; with neither, the
  // deepening runs over the root's moves until one move's score is proven
  // best or the time runs out; then the move with the best bounds of the
  // deepest finished depth is chosen. Where the line is one reply after the
  // last proven choice, the score that choice kept is a floor for all of
  // these (the reply cannot take it away): its tests are skipped and no move
  // known to fall below it is chosen.
  using TimedChoice = TimedSearch::Choice;
  TimedChoice choose_move(const GoGame& game, double seconds);
  // The score the last proven choice keeps where `game`'s line is one reply
  // after its move (the side to move reaches it), else -TimedSearch::kInfinity.
  int kept_floor(const GoGame& game) const;

  // Called after each finished test of an exact answer (progress on long
  // searches), from one thread at a time.
  void on_test(GoProver::TestReport report);
  // The provers' heartbeats (the nodes are each prover's own), one thread at a time.
  void on_heartbeat(GoProver::Heartbeat beat);
  // Each child test of a test split over the threads (root_split.h).
  void on_split(SplitProgress progress) { split_progress_ = std::move(progress); }
  // Tests closed are recorded in `journal` and recorded answers taken from
  // it (proof_journal.h): a killed search resumes with what it had closed.
  // Null: none (the default). The journal must outlive the searches.
  void set_journal(ProofJournal* journal) { journal_ = journal; }
  // How many plies below a test's root its children's tests are cut again
  // (root_split.h's kCutPlies by default; at least 1: the root's children).
  // Deeper cuts make the tests that run whole smaller: a journal records
  // them more often, so a kill loses less.
  void set_cut_plies(int plies) { cut_plies_ = std::max(plies, 1); }
  // From now on (or no longer) every test is answered by the journal alone,
  // and one it does not decide throws GoProver::TimedOut at once: what is
  // known after a deadline. proven_score() is left as the last search made it.
  void set_recorded_only(bool on);

  // Tests after the deadline throw GoProver::TimedOut (checked every 4096
  // expansions; none by default). What the table holds stays exact, and so
  // does proven_score().
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline);
  struct ScoreRange {
    int lower, upper;  // lower <= score <= upper
    friend bool operator==(const ScoreRange&, const ScoreRange&) = default;
  };
  // What the finished tests of the last solve() proved of its position's
  // score (record() starts with one): exact when lower == upper.
  ScoreRange proven_score() const { return proven_score_; }

  int score_bound() const;      // more than any score's magnitude
  std::uint64_t nodes() const;  // the timed search's nodes and the provers' expansions
  std::size_t table_bytes() const;

 private:
  int value(const GoGame& game);  // the combined value
  // The score or combined value in [lower, upper]: one test at a time that
  // halves the range (the first at `first`; a combined value steps from it
  // by doubling lengths first, threshold_steps.h) with one thread, else rounds of
  // one test per thread that cut it evenly. `proven`, if given, follows the
  // range as the tests narrow it (a true bound only where [lower, upper]
  // holds the answer from the start).
  int narrow(const GoGame& game, GoProver::Goal goal, int lower, int upper, int first, ScoreRange* proven = nullptr);
  // The journal's answer to a test where recorded_only_ (else TimedOut).
  bool recorded(const GoGame& game, GoProver::Goal goal, int t) const;
  // One test, split over the provers where there are several (root_split.h).
  bool test_one(const GoGame& game, GoProver::Goal goal, int t);
  // Whether prover i's test of "the side to move reaches t" holds, cut at
  // the root and its children tested one after another (root_split.h).
  bool test(int i, const GoGame& game, GoProver::Goal goal, int t);
  // Whether at_least(goal, t[i]) holds for each position, tests in parallel.
  void test_all(const GoGame* const* games, const int* t, bool* holds, int count, GoProver::Goal goal);

  Go go_;
  TimedSearch timed_;  // a quarter of the bytes
  SplitProgress split_progress_;
  ProofJournal* journal_ = nullptr;
  bool recorded_only_ = false;
  ScoreRange searched_score_{};  // proven_score_ while recorded_only_
  int cut_plies_ = kCutPlies;
  std::vector<std::unique_ptr<GoProver>> provers_;  // one per thread, over one table of the rest
  ScoreRange proven_score_{};
  // The line after the last proven choice's move and the score it keeps
  // for its mover, whatever the reply (empty: none).
  std::vector<Go::Position> kept_line_;
  int kept_score_ = 0;
};

}  // namespace gsolve::search::go
