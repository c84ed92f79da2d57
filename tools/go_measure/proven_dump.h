// A measurement tool, not part of the product: the training data of the Go
// move predictor (src/search/go/move_predictor.h). In a
// GSOLVE_GO_MEASURE_PREDICT build, GO_PREDICT_DUMP=FILE appends every node
// the prover proves (both boards, the board before, the children's moves, the
// proving move; 48-byte records) for the offline tools of tools/go_measure/predict/.
#pragma once

#include "games/go.h"

namespace gsolve::go_measure {

bool proven_dumps();
void proven_dump(const Go& go, const Go::Position& p, const Go::Position* before, const Go::Move* moves, int count,
                 Go::Move proving);

}  // namespace gsolve::go_measure
