// A pattern evaluation of 8x8 or 6x6 reversi positions, learned by gsolve
// from its own exact endgame scores (tools/train_reversi_eval.sh). It predicts
// the final disc margin of the side to move; the search uses it to order moves
// and to guess, never to decide a score.
//
// Features, each a table of weights indexed by the contents of a fixed group
// of squares read in base 3 (0 empty, 1 own, 2 opponent), one table per
// pattern shared by all its placements on the board (the 8 symmetries):
//   8x8: corner 3x3 (4 placements), edge with both X-squares (4), corner 2x5
//   (8), rows/columns 2, 3, 4 (4 each), diagonals of 8 (2), 7, 6, 5, 4 (4 each);
//   6x6: corner 3x3 (4), edge with both X-squares (4), corner 2x4 (8),
//   rows/columns 2, 3 (4 each), diagonals of 6 (2), 5, 4 (4 each);
// plus the side to move's and the opponent's mobility (number of moves) and a
// bias. One weight set per stage (the number of empty squares, kStageWidth at
// a time from kFirstEmpties); positions beyond the trained stages use the nearest one.
//
// The weights files (data/reversi/eval-8x8.bin, eval-6x6.bin): "GSREVAL1", then u32 stages,
// u32 weights per stage, the int16 weights (little-endian, stage by stage,
// in feature order), then the FNV-1a 64 of everything before it. A missing,
// short or damaged file is an error, never silent zero weights.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/reversi_kernel.h"

namespace gsolve::reversi {

struct PatternShape {
  int squares;                                    // squares per placement (<= 10)
  int placements;                                 // placements on the board
  std::array<std::array<std::int8_t, 10>, 8> at;  // the squares of each placement, 0..63 (8x8 frame)
};

// The evaluation of reversi:NxN (N = 8 or 6): each board its own patterns and weights file.
template <int N>
class BoardPatternEval {
 public:
  static constexpr int kPatterns = N == 8 ? 11 : 8;
  static constexpr int kMobilityRange = 33;  // 0..32 moves (more are counted as 32)
  static constexpr int kStageWidth = 2;      // empties per stage
  static constexpr int kFirstEmpties = 10;   // stage 0: up to 11 empties
  static constexpr int kScale = 64;          // weight units per disc
  static const std::array<PatternShape, kPatterns>& shapes();
  // Offset of each pattern's table in a stage, then the mobility tables and the bias.
  static int pattern_offset(int pattern);
  static int weights_per_stage();
  static int mobility_offset() { return pattern_offset(kPatterns); }
  static int bias_offset() { return mobility_offset() + 2 * kMobilityRange; }

  // Features of a position: the weight index of each placement, mobility and the bias.
  static constexpr int kFeatures = (N == 8 ? 46 : 34) + 3;
  static void features(u64 own, u64 opp, int* out);

  BoardPatternEval() = default;
  BoardPatternEval(int stages, std::vector<std::int16_t> weights) : stages_(stages), w_(std::move(weights)) {}
  // Throws std::runtime_error naming the file when it is missing, short or damaged.
  static BoardPatternEval load(const std::string& path);
  void save(const std::string& path) const;

  int stages() const { return stages_; }
  static int stage_of(int empties) { return empties < kFirstEmpties ? 0 : (empties - kFirstEmpties) / kStageWidth; }
  const std::vector<std::int16_t>& weights() const { return w_; }

  // The predicted final margin of own to move, in 1/kScale discs.
  int evaluate(u64 own, u64 opp, int empties) const {
    int f[kFeatures];
    features(own, opp, f);
    int stage = stage_of(empties);
    if (stage >= stages_) stage = stages_ - 1;
    const std::int16_t* w = w_.data() + static_cast<std::size_t>(stage) * weights_per_stage();
    int sum = 0;
    for (const int i : f) sum += w[i];
    return sum;
  }

 private:
  int stages_ = 0;
  std::vector<std::int16_t> w_;
};

using PatternEval = BoardPatternEval<8>;
using PatternEval6 = BoardPatternEval<6>;

// The shipped 8x8 evaluation, loaded once (GSOLVE_REVERSI_EVAL names another
// file); nullptr when the variable says "off". Throws when the file is bad.
const PatternEval* shipped_eval_8x8();
// The shipped 6x6 evaluation, the same way (GSOLVE_REVERSI_EVAL_6X6 names
// another file or says "off"; GSOLVE_REVERSI_EVAL=off turns both off).
const PatternEval6* shipped_eval_6x6();

}  // namespace gsolve::reversi
