// One proof-number test spread over several provers (GoSolver::at_least with
// threads > 1) that share one table: the test is cut at its root, one test
// per child ("the child's side to move reaches child_t"), as many at a time
// as there are provers. The root's goal holds as soon as one child's fails
// (the other tests stop) and fails when every child's holds: then all the
// children are needed, which is the case of a proof that the opponent has no
// reply (5x5 after c3: White's six replies). Where the root's goal holds, the
// tests besides the winning child's are speculative: the children are taken
// by the disproof numbers the first prover's search found for them, the
// most promising for the root first, to find the winner early.
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
// A test the first prover finishes alone within `alone` expansions (by
// default kAloneExpansions) is not split.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "games/go.h"
#include "src/search/go/prover.h"

namespace gsolve::search::go {

inline constexpr std::uint64_t kAloneExpansions = std::uint64_t{1} << 18;

// One child's test ended (progress on long proofs: a split test's expansions
// say little about how much is left, the children closed say more).
struct SplitReport {
  Go::Move move;         // from the root to the child
  bool holds;            // the child's goal (its side to move's)
  std::uint64_t nodes;   // the child's test's expansions
  std::size_t closed;    // children whose tests ended, this one included
  std::size_t children;  // tests in all (children up to the line's symmetries)
  std::size_t provers;   // on the child's test when it ended (more than it started with where others joined)
};
using SplitProgress = std::function<void(const SplitReport&)>;

// `progress` is called from one thread at a time.
bool split_at_least(const std::vector<std::unique_ptr<GoProver>>& provers, const GoGame& game, GoProver::Goal goal,
                    int t, const SplitProgress& progress = {}, std::uint64_t alone = kAloneExpansions);

// The children of the line's last position that differ up to a symmetry fixing
// every board of the line: the pass first, then the points from the centre out.
std::vector<GoGame> distinct_children(const GoGame& game);

}  // namespace gsolve::search::go
