// A measurement tool, not part of the product: what a perfect (or a partly
// wrong) choice of the proving move would save. The prover of a
// GSOLVE_GO_MEASURE_ORDER build records, with GSOLVE_ORDER_OUT=FILE, the
// proving child (its table hash) of every node it proves; a later run of the
// same test with GSOLVE_ORDER_IN=FILE uses it at the nodes of one side
// (GSOLVE_ORDER_SIDE=black, the default, white or both):
//   GSOLVE_ORDER_MODE=prune   only the proving child is generated;
//   GSOLVE_ORDER_MODE=prefer  (the default) every child is kept, and df-pn
//     descends into the proving child while its disproof number is under
//     GSOLVE_ORDER_K (default 4) times the least of the others';
//   GSOLVE_ORDER_WRONG=P      at P per cent of the nodes (by key) the next
//     child is preferred instead: a predictor wrong that often.
// The answers stay exact in the prefer mode (it only chooses where df-pn
// descends); the prune mode counts the pruned nodes that end disproven.
#pragma once

#include <cstdint>

namespace gsolve::go_measure {

// The child the oracle prefers at an expansion of `key` (the table's hash of
// the node and goal), given its children's hashes; -1 for none.
int order_preferred(std::uint64_t key, bool black_to_move, const std::uint64_t* child_hashes, int count);
bool order_prunes();
// The factor K of the prefer mode.
std::uint64_t order_factor();
// A node proven through the child of hash `child`.
void order_proven(std::uint64_t key, std::uint64_t child);
// A pruned node ended disproven (the recorded child did not prove it here).
void order_pruned_disproven();

}  // namespace gsolve::go_measure
