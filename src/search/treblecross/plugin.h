// The treblecross plug-in of the search engine (src/search/engine.h, contract
// in src/search/plugin.h): the worked example of docs/adding_a_game.md, step 5.
//
// Score, from the side to move: a game won when the board holds m marks
// scores N + 1 - m, lost -(N + 1 - m), a tie 0. Every move adds a mark, so a
// win sooner is a larger score and a loss later a larger one: the score is one
// ordered integer for value and remoteness (remoteness = m - marks now), and
// negation gives the other side's view, as the engine needs.
//
// Expansion: a board with three in a row is lost; a move that completes three
// wins at once (decided without search); otherwise every empty cell is a move,
// the ones that leave no two marks within three cells of each other first (a
// move next to or one apart from a mark lets the opponent complete three).
// Keys are the board under the mirror, whichever is smaller.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>

#include "games/treblecross.h"
#include "src/search/plugin.h"
#include "src/search/transposition_table.h"

namespace gsolve::search {

class TreblecrossPlugin {
 public:
  using u64 = std::uint64_t;
  using Game = Treblecross;
  using Table = PackedTable<7, 6>;  // scores within +-41, moves 0..39
  using Key = u64;
  struct State {
    u64 cells;
    int n;  // marks on the board
  };
  struct MoveItem {
    int order;       // 1: the move gives the opponent no three at once
    int table_move;  // cell in the key's frame (mirrored if the key is)
    int id;          // cell
    Key child_key;   // unused: no enhanced transposition cut-offs
  };
  static constexpr int kMinScore = -(Treblecross::kMaxCells + 1), kMaxScore = Treblecross::kMaxCells + 1;
  static constexpr int kMaxMoves = Treblecross::kMaxCells;
  static constexpr int kMoveCodes = Treblecross::kMaxCells;
  static constexpr int kDefaultSplitDepth = 4;
  static constexpr int kDefaultMinSplitEmpties = 12;
  static constexpr Algorithm kDefaultAlgorithm = Algorithm::Narrowing;

  explicit TreblecrossPlugin(const Treblecross& game) : g_(game), n_(game.cells()) {}

  // The score of a game that ends with m marks, won (+) or lost (-).
  int win_with(int m) const { return n_ + 1 - m; }

  bool root_value(const Treblecross::Position& p, int& value) const {
    const Terminal t = g_.terminal(p);
    if (!t.primitive()) return false;
    value = t.value == Value::Lose ? -win_with(__builtin_popcountll(p.cells)) : 0;
    return true;
  }
  State root(const Treblecross::Position& p) const { return {p.cells, __builtin_popcountll(p.cells)}; }
  std::pair<int, int> score_range(const Treblecross::Position& p) const {
    const int n = __builtin_popcountll(p.cells);
    return {-win_with(n), win_with(n + 1)};
  }
  int empties(const State& s) const { return n_ - s.n; }
  int ply_index(const State& s) const { return s.n; }
  std::uint32_t initial_history(int) const { return 0; }
  int history_square(const MoveItem& m) const { return m.id; }
  std::unique_ptr<Table> make_table(std::size_t bytes) const { return std::make_unique<Table>(bytes, n_); }
  std::size_t local_table_bytes() const { return 0; }

  State play(const State& s, const MoveItem& m) const { return {s.cells | (u64{1} << m.id), s.n + 1}; }

  template <class Tables>
  Expand expand(const State& s, int& alpha, int& beta, Node<TreblecrossPlugin>& node, int& value,
                const Tables& tables) const {
    const u64 full = (u64{1} << n_) - 1, cells = s.cells;
    if (Treblecross::has_three(cells)) {
      value = -win_with(s.n);
      return Expand::decided;
    }
    if (cells == full) {
      value = 0;
      return Expand::decided;
    }
    const u64 empty = full & ~cells;
    // Cells within two of a mark: a move there makes two marks that the
    // opponent can complete (or completes three itself).
    const u64 near = ((cells << 1) | (cells >> 1) | (cells << 2) | (cells >> 2)) & empty;
    for (u64 e = near; e; e &= e - 1) {
      const u64 bit = e & (~e + 1);
      if (Treblecross::has_three(cells | bit)) {
        value = win_with(s.n + 1);
        return Expand::decided;
      }
    }
    // No win with this move: at best with the move after next, at worst a
    // loss to the opponent's next move, or a tie where the board fills first.
    const int lo = std::min(-win_with(s.n + 2), 0), hi = std::max(win_with(s.n + 3), 0);
    if (alpha < lo) alpha = lo;
    if (beta > hi) beta = hi;
    if (alpha >= beta) {
      value = alpha;
      return Expand::decided;
    }
    const Treblecross::Position mirrored = g_.mirror({cells});
    const bool flip = mirrored.cells < cells;
    node.key = flip ? mirrored.cells : cells;
    node.local = false;
    node.etc = false;
    tables.prefetch(node.key, false);
    node.count = 0;
    for (u64 e = empty; e; e &= e - 1) {
      const int cell = __builtin_ctzll(e);
      const int order = (near >> cell) & 1 ? 0 : 1;
      node.moves[node.count++] = MoveItem{order, flip ? n_ - 1 - cell : cell, cell, 0};
    }
    return Expand::expanded;
  }

 private:
  Treblecross g_;
  int n_;
};

}  // namespace gsolve::search
