// A measurement tool, not part of the product: where a Go proof's
// expansions go. The prover of a GSOLVE_GO_MEASURE_PROOF build reports each
// expansion and each resolved node here (one thread). At exit the process
// prints one row per ply below the root of its first test (a query's
// position; the tests a split runs below it are counted at their plies):
//   expansions   the prover's expansions at that ply
//   distinct     of them, the first of their position and goal (the others re-expand it)
//   alive        of them, boards where a side has safe stones (local_oracle.h)
//   decided      of them, nodes whose test the local oracle decides
//   top          of them, decided nodes without a decided ancestor on the line
//   below        expansions at or below those topmost decided nodes (their subtrees)
//   below+       of them, below topmost nodes whose goal holds by the oracle (the side to move's)
//   proven       expansions that ended with the node's goal proven after descending
//   first        of those, the first child the expansion descended into proved it
//   at sight     expansions that ended proven without descending (a child decided on sight)
// and the mean number of descents of the proven expansions, the mean number of
// points the oracle settles (alive stones and settled regions); then how often
// the oracle's verdicts agree with the prover's results. A second table
// (`order`) has, per ply, the proven expansions' proving move by kind
// (capture, atari, next to an opponent stone, other, pass), how often it is
// the proving move of the last proven expansion at that ply (a killer), the
// share of the proven expansions' work spent in children that did not prove, and
// the refuted expansions (goal disproven after descending): how many
// children they descended into, and the share of their work in the child
// that took the most and in the first child descended into.
// Environment: GSOLVE_MEASURE_MAX_REGION=N solves regions of at most N points
// (default 8, at most 10); GSOLVE_MEASURE_DUMP=1 prints the first disagreeing positions;
// GSOLVE_MEASURE_SAMPLE=N prints every N-th expansion's board.
#pragma once

#include <cstdint>
#include <vector>

#include "games/go.h"

namespace gsolve::go_measure {

// A test starts at the last of `line` (the line of play from the game's
// start), of "score >= t" (score_goal) or of a combined value's (not decided
// by the oracle).
void profile_begin(const Go& go, const std::vector<Go::Position>& line, bool score_goal, int t);
// An expansion of position p, line index `index`.
void profile_enter(const Go::Position& p, int index, int t);
// The expansion at line index `index` ended with its goal proven or disproven
// (checks the oracle's verdict on it).
void profile_resolved(int index, bool proven);
// The expansion of p at line index `index` ended with its goal proven; it
// descended `descents` times, first into child `first` (-1: none), and
// child `proving` (move `move`) proved it.
// `work` expansions below it, `wasted` of them in children other than the proving one.
void profile_proven(const Go& go, const Go::Position& p, int index, int descents, int first, int proving, Go::Move move,
                    std::uint64_t work, std::uint64_t wasted);
// The expansion at line index `index` ended with its goal disproven after
// descending into `children` children: `work` expansions below it, `most`
// in the child that took the most, `first` in the first child descended into.
void profile_refuted(int index, int children, std::uint64_t work, std::uint64_t most, std::uint64_t first);

}  // namespace gsolve::go_measure
