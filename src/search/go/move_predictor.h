// A learned predictor of the move that proves a node where the side to move
// needs the whole board (docs/go-proof-measurement.md, "Which move proves"):
// each child's score is the sum of one learned weight per feature group (the
// radius-2 diamond and 3x3 patterns around the move, the stones it captures,
// atari, self-atari, its block's liberties, a liberty of the opponent's weakest
// block, a point where the opponent would capture, ...), fitted as a softmax
// over the children to the prover's own proving moves. The prover prefers the
// best-scored child (prover.cpp): the order changes, never an answer. The
// shipped weights are data/go/move-predictor-5x5.txt, learned on 5x5
// (tools/go_measure/predict/fit.py); GSOLVE_GO_PREDICTOR=off switches it off,
// =FILE reads other weights.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/go.h"

namespace gsolve::search::go {

class MovePredictor {
 public:
  // The feature groups, in the order of their names in the file (kGroupNames).
  enum Group : int {
    kKey22,    // 3x3 pattern, capture 0-3, atari, self-atari, weakest liberty, opponent captures here
    kPat12,    // the 3x3 pattern and the four points at distance 2
    kPat3,     // the 3x3 pattern (own / opponent / empty / off the board)
    kCapture,  // stones captured, 0-3
    kAtari,    // opponent blocks put in atari (0-2) x 4 + the largest one's size (0-3)
    kSelfAtari,
    kLiberties,    // liberties of the mover's block after the move, 1-4
    kWeakest,      // on a liberty of the opponent's weakest block x 4 + its liberties (0-3)
    kOppCaptures,  // own stones the opponent would capture by playing here, 0-3
    kOppBlocks,    // opponent blocks touched, 0-3
    kOwnBlocks,    // own blocks touched, 0-3
    kEdge,         // distance to the edge
    kOppEye,       // every neighbour is the opponent's
    kOwnEye,       // every neighbour is the mover's
    kOppMinLibs,   // the fewest liberties of an opponent block after the move, 0-3
    kPoint,
    kGroups
  };
  static constexpr std::array<const char*, kGroups> kGroupNames = {
      "key22",  "pat12",  "pat3",   "cap",  "atari",    "selfatari", "mylibs",  "weaklib",
      "oppcap", "nwhite", "nblack", "edge", "whiteeye", "blackeye",  "minlib2", "pt"};

  // Reads weights: "group value weight" lines (weight in thousandths), then
  // "fnv1a64 HEX" of the text before it; throws std::runtime_error (one line)
  // when the file is missing or damaged.
  static MovePredictor load(const std::string& path);

  struct Choice {
    int child = -1;          // the child most likely to prove, or -1
    bool confident = false;  // its softmax probability is at least twice every other child's
  };
  // The child most likely to prove (the highest score, the first in move order
  // among equals; never the pass); moves[i] leads from p to child i.
  Choice choose(const Go& go, const Go::Position& p, const Go::Move* moves, int count) const;

  // The value of each group for move m of the side to move in p (as
  // tools/go_measure/predict/feat2.py computes them).
  static std::array<std::uint32_t, kGroups> features(const Go& go, const Go::Position& p, int m);

 private:
  static constexpr std::uint32_t kSmall = 64;  // values of a group stored flat
  std::int32_t weight(int group, std::uint32_t value) const;

  std::array<std::array<std::int32_t, kSmall>, kGroups> small_{};  // groups whose values are < kSmall
  std::vector<std::uint32_t> keys_;  // open addressing: group << 26 | value, 0 where empty
  std::vector<std::int32_t> weights_;
  std::uint32_t mask_ = 0;
};

// The shipped predictor of the board, or nullptr (boards other than 5x5, or
// GSOLVE_GO_PREDICTOR=off).
const MovePredictor* shipped_move_predictor(const Go& go);

}  // namespace gsolve::search::go
