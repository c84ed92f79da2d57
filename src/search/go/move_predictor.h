// A learned predictor of the move that proves a node where the side to move
// needs the whole board (docs/go-proof-measurement.md, "Which move proves"):
// a table from a move's features (the 3x3 pattern around it, the stones it
// captures, atari, self-atari, a liberty of the opponent's weakest block, a
// point where the opponent would capture) to the share of the prover's own
// proven nodes that the move proved. The prover prefers the predicted child
// (prover.cpp): the order changes, never an answer. The shipped table is
// data/go/move-predictor-5x5.txt, learned on 5x5 (tools/go_measure/predict/);
// GSOLVE_GO_PREDICTOR=off switches it off, =FILE reads another table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/go.h"

namespace gsolve::search::go {

class MovePredictor {
 public:
  // Reads a table: "key rate" lines, then "fnv1a64 HEX" of the text before it;
  // throws std::runtime_error (one line) when the file is missing or damaged.
  static MovePredictor load(const std::string& path);

  struct Choice {
    int child = -1;          // the child most likely to prove, or -1
    bool confident = false;  // its rate is at least twice every other child's
  };
  // The child most likely to prove (the highest rate, the first in move order
  // among equals; never the pass); moves[i] leads from p to next[i].
  Choice choose(const Go& go, const Go::Position& p, const Go::Move* moves, const Go::Position* next, int count) const;

  // The key of a move's features (as tools/go_measure/predict/export.py packs them).
  static std::uint32_t move_key(const Go& go, const Go::Position& p, const Go::Position& q, int m,
                                std::uint64_t weakest_libs);

 private:
  std::vector<std::uint32_t> rate_;  // by the 22-bit key, 0 where unseen
};

// The shipped predictor of the board, or nullptr (boards other than 5x5, or
// GSOLVE_GO_PREDICTOR=off).
const MovePredictor* shipped_move_predictor(const Go& go);

}  // namespace gsolve::search::go
