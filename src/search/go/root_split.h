// One proof-number test cut at its root: one test per child ("the child's
// side to move reaches child_t"), each run to its end, over provers that
// share one table (GoSolver's threads), as many children at a time as there
// are provers. The root's goal holds as soon as one child's fails (the other
// tests stop) and fails when every child's holds: then all the children are
// needed, which is the case of a proof that the opponent has no reply (5x5
// after c3: White's six replies). Where the root's goal holds, the tests
// besides the winning child's are speculative: the children are taken the
// most promising for the root first, to find the winner early: the mover's
// predicted move where the prover prefers one or where a score test at a
// middle threshold favours the mover (its whole board's move), then by the
// disproof numbers the first prover's search found for them.
//
// With one prover too: the children are tested one after another. Why: a
// df-pn at a root whose goal fails moves between its children each time the
// one it works on looks worse than the next (1 + epsilon), and on a large
// test each return re-searches what the table lost since (the seesaw). The
// cut at the root halves the expansions of a large test, and a larger epsilon
// does not mend the seesaw (docs/benchmarks.md, Go).
//
// With more provers than children, the provers are shared out among the
// children and each group splits its child's test again, so that a machine
// with more cores than a position has moves keeps them all at work (the 5x5
// root: 7 distinct moves; after c3: 6 replies).
//
// A group left without children hands its provers to the busy group whose
// test started first; that group stops its test and splits it again with
// them (the shared table keeps what it had found), so that the provers stay
// at work until the last test closes: a proof whose children differ in size
// (5x5 after c3) is not left to one prover for its largest child.
//
// Children that a symmetry of every board of the line maps onto each other
// are one test: their lines are the same game, superko included.
//
// With a journal (proof_journal.h) each test closed is recorded, the root's
// and every child's, and a recorded answer is taken instead of a test: a
// killed test resumes with the children it had closed.
//
// A test the first prover finishes alone within `alone` expansions (by
// default kAloneExpansions; kAloneOneProver is for one prover) is not split.
// Below the root the children's tests are cut again down to `cut_plies`
// (kCutPlies) plies below it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "games/go.h"
#include "src/search/go/proof_journal.h"
#include "src/search/go/prover.h"

namespace gsolve::search::go {

// Small since a split tests the predicted move first: the other provers
// start sooner, and a cut costs a few per cent (docs/go-proof-measurement.md).
inline constexpr std::uint64_t kAloneExpansions = std::uint64_t{1} << 14;
// One prover gains nothing from a cut but the seesaw's end, which costs on
// large tests only: 4x4's tests (up to 1-2M expansions) took 3.38M in all cut
// after 2^18 against 3.14M whole.
inline constexpr std::uint64_t kAloneOneProver = std::uint64_t{1} << 22;
// A child's test one prover takes is cut again (its children tested one
// after another) down to this many plies below the root, the tests of
// groups of provers always. A cut at a position whose goal holds tests its
// wrong children speculatively, to their end; a cut where the goal fails
// (every child needed) ends a seesaw. Three plies measured best along GNU
// Go's 5x5 line, against one, two and five (docs/benchmarks.md, Go). The cuts
// of a group's single prover wait `alone` as the root's did (2^18 with threads).
inline constexpr int kCutPlies = 3;

// One child's test ended (progress on long proofs: a split test's expansions
// say little about how much is left, the children closed say more).
struct SplitReport {
  Go::Move move;         // from the root to the child
  bool holds;            // the child's goal (its side to move's)
  std::uint64_t nodes;   // the child's test's expansions
  std::size_t closed;    // children whose tests ended, this one included
  std::size_t children;  // tests in all (children up to the line's symmetries)
  std::size_t provers;   // on the child's test when it ended (more than it started with where others joined)
  bool journaled;        // the answer was the journal's (no test: nodes 0)
};
using SplitProgress = std::function<void(const SplitReport&)>;

// `progress` is called from one thread at a time.
bool split_at_least(std::span<GoProver* const> provers, const GoGame& game, GoProver::Goal goal, int t,
                    const SplitProgress& progress = {}, std::uint64_t alone = kAloneExpansions,
                    int cut_plies = kCutPlies, ProofJournal* journal = nullptr);
bool split_at_least(const std::vector<std::unique_ptr<GoProver>>& provers, const GoGame& game, GoProver::Goal goal,
                    int t, const SplitProgress& progress = {}, std::uint64_t alone = kAloneExpansions,
                    int cut_plies = kCutPlies, ProofJournal* journal = nullptr);

// The children of the line's last position that differ up to a symmetry fixing
// every board of the line: the pass first, then the points from the centre out.
std::vector<GoGame> distinct_children(const GoGame& game);

}  // namespace gsolve::search::go
