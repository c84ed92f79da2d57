// Proof-number search of Go under superko: depth-first proof-number search
// (df-pn, Nagai 2002, with the 1 + epsilon threshold of Pawlewicz and Lew) of
// "the side to move's score is at least t", or of its combined value (score
// and remoteness, combined_value.h), over a line of play.
//
// Why: a depth-first search (timed_search.h) deepens null-window tests over true
// bounds, and an unresolved node cuts nothing, so every depth expands every
// unresolved line: 4x4 stays at [-16, 16] through depth 10 at 10x nodes per
// depth. Proof numbers follow the lines closest to a proof, as deep as they
// go, and leave the others alone.
//
// Soundness under superko is history_line.h's policy: a proof or a
// disproof is stored with its certificate (the boards from above that its
// superko tests hit, at most two, and a summary of the boards the winner's
// moves made in its proof tree) and used only where the certificate holds on
// the current line. A proof through one child needs that child's
// certificate; a disproof needs every child's, and the superko-forbidden
// moves count as hits. Only the winner's boards: a loser's move that another
// line's history forbids takes a choice from the loser and leaves the proof
// whole, while a winner's move it forbids breaks the proof (the hits follow
// the same rule the other way round: only the loser's forbidden moves). Unresolved
// proof and disproof numbers are only estimates: they are shared between
// histories freely, which may cost work but never changes an answer.
//
// Static resolution: terminal positions (two passes) and the superko-safe
// area's bounds (benson.h) are checked for every child when a node is expanded.
// A child left open starts from numbers weighted by its board's area score
// against the goal (initial_numbers; df-pn+'s heuristic initialisation).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "games/go.h"
#include "src/search/go/combined_value.h"
#include "src/search/go/history_line.h"
#include "src/search/go/move_predictor.h"
#include "src/search/go/proof_table.h"

namespace gsolve::search::go {

// The board's points from the centre out (by twice the Manhattan distance to
// the centre, then in index order): the searches' move order after the pass.
std::vector<Go::Move> points_from_centre(const Go& go);

class GoProver {
 public:
  static constexpr std::size_t kDefaultTableBytes = std::size_t{256} << 20;

  explicit GoProver(const Go& go, std::size_t table_bytes = kDefaultTableBytes);
  // A prover over a table shared with others (proof_table.h).
  GoProver(const Go& go, std::shared_ptr<ProofTable> table);

  enum class Goal : std::uint8_t { Score, Value };  // what a test bounds: the score or the combined value
  // Whether the side to move at the end of the game's line reaches at least t.
  bool at_least(const GoGame& game, Goal goal, int t);

  // Called after each finished test (progress on long searches).
  using TestReport = std::function<void(Goal goal, int t, bool holds, std::uint64_t nodes)>;
  void on_test(TestReport report) { report_ = std::move(report); }
  const TestReport& test_report() const { return report_; }
  // Called every 2^22 expansions during a test with the expansions so far
  // and the plies of the line below the test's root (a heartbeat on long proofs).
  using Heartbeat = std::function<void(std::uint64_t nodes, int plies)>;
  void on_heartbeat(Heartbeat beat) { heartbeat_ = std::move(beat); }

  // Tests after the deadline throw TimedOut (checked every 4096 expansions;
  // what the table holds stays exact); none by default.
  struct TimedOut {};
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) { deadline_ = deadline; }

  // Tests throw Stopped once `stop` returns true (polled every 4096
  // expansions; what the table holds stays exact); an empty one never stops.
  struct Stopped {};
  void set_stop(std::function<bool()> stop) { stop_ = std::move(stop); }
  const std::function<bool()>& stop_condition() const { return stop_; }

  struct Numbers {
    std::uint32_t phi, delta;  // proof and disproof numbers of the side to move's goal
  };
  // The numbers a search would start the game's last position from for
  // "the side to move reaches t": terminal, the table's (estimate or result,
  // its certificate unchecked), the static bounds', else the initial ones.
  // For ordering a split's children (root_split.h); not during a test.
  Numbers numbers_of(const GoGame& game, Goal goal, int t);
  // The child of `children` (the game's children, in any order) whose move
  // the predictor gives where the search prefers one (Black to move and
  // needing the whole board), else -1. For a split's first test (root_split.h).
  int predicted_child(const GoGame& game, Goal goal, int t, std::span<const GoGame> children) const;

  std::uint64_t nodes() const { return nodes_; }
  std::size_t table_bytes() const { return table_->bytes(); }
  bool has_predictor() const { return predictor_ != nullptr; }  // the board has a move predictor (5x5)
  void clear() { table_->clear(); }

 private:
  static constexpr std::uint32_t kInfinity = 1u << 31;  // proof number of a disproven goal
  // K of the predicted child's preference, in sixteenths, and K where the
  // predictor is confident (docs/go-proof-measurement.md).
  static constexpr std::uint64_t kPreferFactor16 = 32, kConfidentPreferFactor16 = 64;
  // Whether the mover's predicted move is preferred at a position of the
  // goal: the mover needs the whole board.
  bool predicts(const Go::Position& p, Goal goal, int t) const;
  // The predictor's choice among the moves; on a board of at most one stone,
  // which has no pattern for it to read (its weights were fitted after c3),
  // the point nearest the centre, the known best first move of small boards
  // (3x3 b2, 5x5 c3) and White's proven answer to 5x5's pass and edge openings.
  MovePredictor::Choice prediction(const Go::Position& p, const Go::Move* moves, int count) const;
  struct Child {
    LineNode node;
    std::uint64_t hash;   // of its table key
    Numbers numbers;      // of the child's goal (child_score_goal / child_value_goal of t)
    ExploredBoards seen;  // when resolved: the boards of its proof
    SuperkoHits hits;
    bool pending;  // the table holds a result of it whose certificate evaluate_result() has yet to read
  };

  Numbers mid(int t, std::uint32_t th_phi, std::uint32_t th_delta, ExploredBoards& seen, SuperkoHits& hits);
  // The child's numbers: terminal, a table entry (an estimate, or a result
  // usable on this line), static bounds, or initial_numbers. The table comes
  // before the bounds because df-pn evaluates a node's children again each
  // time it returns to the node, and Benson's algorithm costs more than a probe.
  // In two steps: evaluate() leaves a child whose result the table holds
  // pending, with that result's bucket prefetched; evaluate_result() reads it
  // then (after the other children, so that the misses overlap).
  void evaluate(Child& c, int t);
  void evaluate_result(Child& c, int t);
  // The static bounds, else initial_numbers.
  void evaluate_statically(Child& c, int t);
  // A child decided against its side to move: its board, which the winner's
  // move made, into its seen boards (see the policy above).
  void add_if_lost(Child& c);
  Numbers initial_numbers(const LineNode& n, int t) const;
  // Whether the game has ended at n (two passes); out holds its numbers then.
  bool ended(const LineNode& n, int t, Numbers& out) const;
  // Whether n is decided by the static bounds; out holds its numbers then,
  // and seen the boards the decision depends on when it relies on the
  // Benson territory of a side whose stones are all alive.
  bool bounded(const LineNode& n, int t, Numbers& out, ExploredBoards& seen) const;
  std::uint64_t hash(const LineNode& n, int t) const;
  ProofTable::Key key(const LineNode& n, int t) const {
    return {n.canonical_black, n.canonical_white, n.state(), static_cast<std::uint8_t>(goal_), t};
  }
  void store(const LineNode& n, int t, Numbers numbers, const Certificate* cert, std::uint64_t work) {
    table_->store(key(n, t), hash(n, t), numbers.phi, numbers.delta, cert, work);
  }
  Child* frame(int ply);

  HistoryLine line_;
  std::vector<Go::Move> order_;  // points from the centre outwards, then the pass
  std::shared_ptr<ProofTable> table_;
  std::vector<std::unique_ptr<Child[]>> frames_;  // the children of the node at each ply below the root
  int root_ = 0;                                  // line index of the root
  const MovePredictor* predictor_;                // of Black's proving move, or nullptr
  Goal goal_ = Goal::Score;                       // of the test under way
  std::uint64_t nodes_ = 0;                       // expansions
  TestReport report_;
  Heartbeat heartbeat_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  std::function<bool()> stop_;
};

}  // namespace gsolve::search::go
