// A measurement tool, not part of the product yet: a learned predictor of the
// move that proves a Black-to-move node whose goal needs the whole board
// (docs/go-proof-measurement.md, "Which move proves: a predictor"). In a
// GSOLVE_GO_MEASURE_PREDICT build:
//   GO_PREDICT_DUMP=FILE  appends every proven node (both boards, the board
//     before, the children's moves, the proving move; 48-byte records) for
//     the offline tools of tools/go_measure/predict/;
//   GO_PREDICT=1 GO_PREDICT_TABLE=FILE [GO_PREDICT_K=2]  the prover prefers
//     the child of the highest learned rate while its disproof number is
//     under K times the least of its siblings' (GO_PREDICT=2: at either
//     side's nodes that need the whole board; 3: at every Black-to-move node).
// Only df-pn's order changes: every answer stays exact.
#pragma once

#include <cstdint>

#include "games/go.h"

namespace gsolve::go_measure {

using gsolve::Go;

// Whether the prover asks predict_move() at a node: black_to_move, and whether
// the node's goal needs the whole board.
bool predict_wanted(bool black_to_move, bool needs_whole_board);
// K of the preference, in sixteenths.
std::uint64_t predict_k16();
// The child most likely to prove (the table's highest rate, the first in move
// order among equals), or -1; moves[i] leads from p to next[i].
int predict_move(const Go& go, const Go::Position& p, const Go::Move* moves, const Go::Position* next, int count);
// Whether proven nodes are dumped, and the dump of one.
bool predict_dumps();
void predict_dump(const Go& go, const Go::Position& p, const Go::Position* before, const Go::Move* moves, int count,
                  Go::Move proving);

}  // namespace gsolve::go_measure
