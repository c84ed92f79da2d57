// The reversi plug-in of the search engine (src/search/engine.h, contract in
// src/search/plugin.h): exact endgame search of reversi on the 8x8-frame
// bitboards of games/reversi_kernel.h (6x6 and 4x4 in the frame's corner).
//
// Scores: own discs - opponent discs at the end of the game, the empty
// squares to the winner (DESIGN.md), from the side to move's view.
//
// A node: State {own, opp}. Expansion, before the engine's table probe:
//   * no move: a pass (forced, played through) or, if the opponent cannot move
//     either, the final score (decided);
//   * the stability cut-off (stability_cutoff.h): fail low when the opponent's
//     stable discs already bound the score to <= alpha (decided, an upper bound);
//   * one legal move: forced (no table entry: it would repeat the child's);
//   * else every move with its order (move_ordering.h: fastest-first, corner
//     stability, potential mobility, square type, parity below 12 empties;
//     on 8x8 from 16 empties (6x6 from 14), plus a shallow search of the child on the
//     learned evaluation, eval_search.h and pattern_eval.h, in order_late: after
//     the table probe, and where the table has a move, only if it fails to cut
//     off) and its child's key for enhanced transposition cut-offs (where the
//     children are stored: above kShallowMaxEmpties + 1 empties; there each
//     child's bucket is prefetched as the child is made).
// Near the start, states are canonical images and equal children are one
// (symmetry.h). Where asked, the evaluation also gives MTD(f) its first guess (first_guess).
// At kShallowMaxEmpties empties or fewer the leaf solver takes over
// (shallow_search.h, last_empties.h): no table, no move list.
// The table (full_key_table.h) keeps the whole position: no collision error.
//
// Layout: Reversi::Position's own/opp are read as 8x8-frame bitboards (bit =
// row * 8 + column, smaller boards in the top-left corner), the layout of the
// rules once they sit on the kernel (branch `rules`); on 8x8 it is the only layout.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <utility>

#include "games/reversi.h"
#include "games/reversi_kernel.h"
#include "src/search/full_key_table.h"
#include "src/search/plugin.h"
#include "src/search/reversi/board_geometry.h"
#include "src/search/reversi/eval_search.h"
#include "src/search/reversi/final_score.h"
#include "src/search/reversi/move_ordering.h"
#include "src/search/reversi/parity.h"
#include "src/search/reversi/pattern_eval.h"
#include "src/search/reversi/shallow_search.h"
#include "src/search/reversi/stability_cutoff.h"
#include "src/search/reversi/symmetry.h"

namespace gsolve::search {

struct ReversiKey {
  std::uint64_t own, opp;  // the side to move's discs, the opponent's (8x8 frame)
  friend bool operator==(const ReversiKey&, const ReversiKey&) = default;
};

class ReversiPlugin {
 public:
  using u64 = std::uint64_t;
  using Game = Reversi;
  using State = ReversiKey;  // a node is its key, canonical near the start (symmetry.h)
  using Key = ReversiKey;
  using Table = FullKeyTable<ReversiKey>;
  struct MoveItem {
    int order;
    int table_move;  // the square 0..63, or kPassCode
    int square;      // 0..63 (a pass: 0; never ordered, it is alone)
    int id;
    Key child_key;  // the child itself
  };
  static constexpr int kPassCode = 64;
  static constexpr int kMinScore = -64, kMaxScore = 64;
  static constexpr int kMaxMoves = 64;
  static constexpr int kMoveCodes = 65;
  // Parallel splits (Edax's ybwc.c: only after the eldest child, only well above
  // the leaves): the first plies below the root, at least this many empties.
  static constexpr int kDefaultSplitDepth = 8;
  static constexpr int kDefaultMinSplitEmpties = 14;
  // MTD(f) from 0: 337M nodes on fforum-20-39 against 470M for narrowing and
  // 555M for one full-window NegaScout (1 thread).
  static constexpr Algorithm kDefaultAlgorithm = Algorithm::MTDf;
  // Parity ordering below this many empties (Edax: 12).
  static constexpr int kParityEmpties = 12;

  // The learned evaluation (pattern_eval.h) orders the moves of 8x8 nodes with
  // 16 empties or more by a shallow search on it (eval_search.h), the deeper
  // the more empties (6x6: from 14 empties, depth (empties - 12) / 2, weight 256); as
  // MTD(f)'s first guess it costs nodes, so that is off
  // (measured in docs/reversi-eval.md). For measurements:
  //   GSOLVE_REVERSI_EVAL_ORDER=E  order by it at nodes with E empties or more (65: never);
  //   GSOLVE_REVERSI_EVAL_WEIGHT, _DEPTH_EMPTIES, _DEPTH_STEP, _MARGIN: the members below;
  //   GSOLVE_REVERSI_EVAL_GUESS=1  MTD(f)'s first guess from it.
  explicit ReversiPlugin(const Reversi& game) : geometry_(reversi::board_geometry(game.size())) {
    reversi::ensure_edge_stability(geometry_.size);
    if (game.size() == 6) order_empties_ = 14, depth_empties_ = 12, eval_weight_ = 256;  // measured: r6x6-22, -24
    if (const char* e = std::getenv("GSOLVE_REVERSI_EVAL_ORDER")) order_empties_ = std::atoi(e);
    if (const char* e = std::getenv("GSOLVE_REVERSI_EVAL_GUESS")) guess_ = std::atoi(e) != 0;
    if (const char* e = std::getenv("GSOLVE_REVERSI_EVAL_WEIGHT")) eval_weight_ = std::atoi(e);
    if (const char* e = std::getenv("GSOLVE_REVERSI_EVAL_DEPTH_EMPTIES")) depth_empties_ = std::atoi(e);
    if (const char* e = std::getenv("GSOLVE_REVERSI_EVAL_DEPTH_STEP")) depth_step_ = std::max(1, std::atoi(e));
    if (const char* e = std::getenv("GSOLVE_REVERSI_EVAL_MARGIN")) eval_margin_ = std::atoi(e);
    const bool wanted = guess_ || order_empties_ <= 64;
    if (game.size() == 8 && wanted) eval8_ = reversi::shipped_eval_8x8();
    if (game.size() == 6 && wanted) eval6_ = reversi::shipped_eval_6x6();
  }

  // The first guess of the root's score (MTD(f)): the evaluation, rounded to
  // the parity of the board's scores; 0 without one.
  int first_guess(const Reversi::Position& p) const {
    if (!(eval8_ || eval6_) || !guess_) return 0;
    const int n = reversi::count(geometry_.board & ~(p.own | p.opp));
    const int e = eval8_ ? eval8_->evaluate(p.own, p.opp, n) : eval6_->evaluate(p.own, p.opp, n);
    const int discs = (e + (e >= 0 ? reversi::PatternEval::kScale : -reversi::PatternEval::kScale)) /
                      (2 * reversi::PatternEval::kScale);
    return std::clamp(2 * discs, -geometry_.squares, geometry_.squares);
  }

  bool root_value(const Reversi::Position&, int&) const { return false; }
  State root(const Reversi::Position& p) const { return oriented(p.own, p.opp); }
  // p turned as root() turns it: the walk after the margin search plays from here.
  Reversi::Position search_form(Reversi::Position p) const {
    reversi::search_orientation(p.own, p.opp, geometry_.size);
    return p;
  }
  std::pair<int, int> score_range(const Reversi::Position&) const { return {-geometry_.squares, geometry_.squares}; }
  int empties(const State& s) const { return reversi::count(geometry_.board & ~(s.own | s.opp)); }
  int ply_index(const State& s) const { return reversi::count(s.own | s.opp) & 63; }
  std::uint32_t initial_history(int) const { return 0; }
  int history_square(const MoveItem& m) const { return m.square; }
  std::unique_ptr<Table> make_table(std::size_t bytes) const { return std::make_unique<Table>(bytes); }
  std::size_t local_table_bytes() const { return 0; }

  bool is_leaf(const State& s) const { return empties(s) <= reversi::kShallowMaxEmpties; }
  int solve_leaf(const State& s, int alpha, int beta, std::uint64_t& nodes) const {
    --nodes;  // the engine counted this node already; the leaf solver counts it again
    return reversi::solve_leaf(geometry_.size, s.own, s.opp, geometry_.board & ~(s.own | s.opp), alpha, beta, nodes);
  }

  template <class Tables>
  Expand expand(const State& s, int& alpha, int& beta, Node<ReversiPlugin>& node, int& value,
                const Tables& tables) const {
    using namespace reversi;
    (void)beta;
    const u64 empty = geometry_.board & ~(s.own | s.opp);
    const int n = count(empty);
    const u64 moves = legal_moves(s.own, s.opp) & empty;
    if (!moves) {
      if (legal_moves(s.opp, s.own) & empty) {
        node.count = 1;
        node.moves[0] = {0, kPassCode, 0, kPassCode, oriented(s.opp, s.own)};
        return Expand::forced;
      }
      value = final_score(s.own, s.opp, n);
      return Expand::decided;
    }
    if (stability_cutoff(s.own, s.opp, n, geometry_, alpha, &value)) return Expand::decided;
    if ((moves & (moves - 1)) == 0) {
      const int sq = __builtin_ctzll(moves);
      const u64 bit = u64{1} << sq, f = flips(s.own, s.opp, sq);
      node.count = 1;
      node.moves[0] = {0, sq, sq, sq, oriented(s.opp & ~f, s.own | f | bit)};
      return Expand::forced;
    }
    node.key = s;
    node.local = false;
    node.etc = n - 1 > kShallowMaxEmpties;
    tables.prefetch(node.key, false);
    // Near the start, children in one orientation: equal ones (a symmetric node's) are searched once.
    const bool turned = turned_children(n);
    const bool eval_order = (eval8_ || eval6_) && n >= order_empties_;
    // The position's own order made here (else in order_late, with the evaluation's).
    const bool early = turned || !eval_order;
    const u64 odd = early && n < kParityEmpties ? odd_quadrants(empty, geometry_) : 0;
    int k = 0;
    for (u64 m = moves; m; m &= m - 1) {
      const int sq = __builtin_ctzll(m);
      const u64 bit = u64{1} << sq, f = flips(s.own, s.opp, sq);
      const Key child = oriented(s.opp & ~f, s.own | f | bit);
      if (turned && std::any_of(node.moves, node.moves + k, [&](const MoveItem& e) { return e.child_key == child; }))
        continue;
      if (node.etc) tables.prefetch(child, false);  // for the enhanced transposition cut-off's probe
      // Turned children: the order now, from the move; else from the child, below or in order_late.
      node.moves[k++] = {turned ? move_order(s.own, s.opp, empty, sq, f, odd, geometry_) : 0, sq, sq, sq, child};
    }
    node.count = k;
    // Without the evaluation's order, the order from each child in a second
    // loop: the children's buckets arrive meanwhile, before the engine's
    // cut-off probes read them.
    if (!turned && !eval_order)
      for (int i = 0; i < k; ++i) {
        MoveItem& m = node.moves[i];
        m.order =
            child_order(m.child_key.own, m.child_key.opp, empty & ~(u64{1} << m.square), m.square, odd, geometry_);
      }
    node.late_order = eval_order;
    return Expand::expanded;
  }

  // The order of moves[from..]: the position's own (move_ordering.h) where
  // expand left it, and from order_empties_ on, the opponent's margin after
  // the move by a shallow evaluated search, lower first: deeper with more
  // empties; from the child's view, scores above -(alpha - margin) are cut
  // (the move is bad enough).
  void order_late(const State& s, int alpha, Node<ReversiPlugin>& node, int from, std::uint64_t& nodes) const {
    using namespace reversi;
    const int n = empties(s);
    if (!turned_children(n)) {
      const u64 empty = geometry_.board & ~(s.own | s.opp);
      const u64 odd = n < kParityEmpties ? odd_quadrants(empty, geometry_) : 0;
      for (int i = from; i < node.count; ++i) {
        const MoveItem& m = node.moves[i];
        node.moves[i].order +=
            child_order(m.child_key.own, m.child_key.opp, empty & ~(u64{1} << m.square), m.square, odd, geometry_);
      }
    }
    if (!(eval8_ || eval6_) || n < order_empties_) return;
    const int depth = std::clamp((n - depth_empties_) / depth_step_, 0, kMaxEvalDepth);
    const int eval_beta = std::clamp((eval_margin_ - alpha) * PatternEval::kScale, -kEvalLimit, kEvalLimit);
    for (int i = from; i < node.count; ++i) {
      const Key& c = node.moves[i].child_key;
      const u64 c_empty = geometry_.board & ~(c.own | c.opp);
      const int v = eval8_ ? eval_search(*eval8_, c.own, c.opp, c_empty, depth, -kEvalLimit, eval_beta, nodes)
                           : eval_search(*eval6_, c.own, c.opp, c_empty, depth, -kEvalLimit, eval_beta, nodes);
      node.moves[i].order += (kEvalLimit - std::clamp(v, -kEvalLimit, kEvalLimit)) * eval_weight_;
    }
  }

  State play(const State&, const MoveItem& m) const { return m.child_key; }

 private:
  // Children of a node with `n` empties are canonical images (symmetry.h).
  bool turned_children(int n) const { return geometry_.squares - n < reversi::kCanonicalMaxDiscs; }
  // A state as the search keeps it (symmetry.h): canonical near the start.
  State oriented(u64 own, u64 opp) const {
    reversi::search_orientation(own, opp, geometry_.size);
    return {own, opp};
  }

  static constexpr int kEvalLimit = 64 * reversi::PatternEval::kScale;
  static constexpr int kMaxEvalDepth = 6;  // Edax's deepest sort search
  // Weight of the evaluation in the order, per 1/64 disc (1 << 15 per mobility
  // unit): 256 makes a disc half a mobility unit.
  int eval_weight_ = 256;
  int depth_empties_ = 14;  // the children's search depth: (empties - depth_empties_) / depth_step_, at least 0
  int depth_step_ = 2;
  int eval_margin_ = 8;  // discs below alpha still told apart
  const reversi::BoardGeometry& geometry_;
  // The board's evaluation (at most one is set); none: fastest-first alone.
  const reversi::PatternEval* eval8_ = nullptr;
  const reversi::PatternEval6* eval6_ = nullptr;
  int order_empties_ = 16;
  bool guess_ = false;
};

}  // namespace gsolve::search
