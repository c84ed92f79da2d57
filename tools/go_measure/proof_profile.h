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
// and the mean number of descents of the proven expansions; then how often
// the oracle's verdicts agree with the prover's results.
// Environment: GSOLVE_MEASURE_MAX_REGION=N solves regions of at most N points
// (default 8); GSOLVE_MEASURE_DUMP=1 prints the first disagreeing positions.
#pragma once

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
// The expansion at line index `index` ended with its goal proven; it
// descended `descents` times, first into child `first` (-1: none), and
// child `proving` proved it.
void profile_proven(int index, int descents, int first, int proving);

}  // namespace gsolve::go_measure
