// A measurement tool, not part of the product: df-pn on a graph. The prover
// of a GSOLVE_GO_MEASURE_DAG build reports here why each expansion happens
// and, on a sample of expansions, how much its disproof sum counts twice
// (one thread). At exit the process prints, per side to move:
//   expansions by cause: first (the position and goal never expanded before),
//   lost (expanded before, its estimate no longer in the table: replaced),
//   result lost (the estimates say proven or disproven, the certificate's
//   entry was replaced), unusable (a proof or disproof whose certificate
//   fails on this line), and the returns to an estimate: same visit (the
//   parent's loop came back to it within
//   one expansion of the parent: the seesaw between siblings), parent again
//   (the same parent position, expanded anew from above), other parent (a
//   transposition: reached from another position);
//   on every 16th expansion with two or more open children: twins (children
//   with the same table key, counted once each too many) and shared (the
//   great-grandchildren below each child's best reply, by the table's
//   estimates else the initial numbers, reached from two or more children:
//   their proof numbers counted once each too many), both as sums against
//   the node's disproof sum; and how often superko forbids a move (cycles).
#pragma once

#include <cstdint>

namespace gsolve::go_measure {

enum class Cause : std::uint8_t { First, Lost, ResultLost, Unusable, SameVisit, ParentAgain, OtherParent };

// What the table holds of an expanded position and goal.
enum class Held : std::uint8_t { Nothing, Estimate, Result, ResultNumbers };  // the last: its certificate replaced
// An expansion of the position and goal `key` (the table's hash) with black
// (or white) to move, below the expansion numbered `parent_serial` of `parent_key`.
void dag_enter(bool black, std::uint64_t key, std::uint64_t parent_key, std::uint64_t parent_serial, Held held);
// An expansion's moves that superko forbids: to a board of the search below
// the test's root (a cycle of the graph) and to one of the line above it.
void dag_cycles(bool black, int in_search, int above);
// A sampled expansion's disproof sum and what it counts twice.
void dag_sum(bool black, std::uint64_t sum, std::uint64_t twins, std::uint64_t shared, std::uint64_t shared_keys);

}  // namespace gsolve::go_measure
