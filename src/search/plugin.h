// The contract between the search engine (engine.h) and a game's plug-in.
//
// A plug-in is a value type P, copied into the engine, whose member functions
// are const and thread-safe. It provides:
//
//   using Game = G;             the rules class (games/)
//   using State = ...;          a search node: the position and whatever the
//                               parent computed that the child can reuse
//   using Key = ...;            exact table key of a state (after symmetry)
//   using Table = ...;          table type: PackedTable (transposition_table.h)
//                               or any type with the same API
//   struct MoveItem {           one move of an expanded node; at least:
//     int order;                  larger is searched first (stable)
//     int table_move;             the move as the table stores it (in the key's
//                                 symmetry frame), 0..kMoveCodes-1
//     int id;                     killer identity (the move in the state's frame)
//     Key child_key;              the child's key (read when node.etc is set)
//   };
//   kMinScore, kMaxScore        every exact score lies inside (checked against
//                               the table's bounds at compile time)
//   kMaxMoves, kMoveCodes       most moves in a node; move codes the table keeps
//   kDefaultSplitDepth, kDefaultMinSplitEmpties   parallel split defaults
//   kDefaultAlgorithm           the root driver that measures best for the game
//
//   bool root_value(const Game::Position&, int& value) const;
//       trivial roots: true with the EXACT score (it answers any window)
//   State root(const Game::Position&) const;
//   std::pair<int,int> score_range(const Game::Position&) const;
//   int empties(const State&) const;       no split below kDefaultMinSplitEmpties
//   int ply_index(const State&) const;     0..63: killer slot, parity = history side
//   std::uint32_t initial_history(int square) const;
//   int history_square(const MoveItem&) const;   0..63: history heuristic index
//   std::unique_ptr<Table> make_table(std::size_t bytes) const;
//   std::size_t local_table_bytes() const;  0: no per-thread small table
//   template <class Tables>
//   Expand expand(const State&, int& alpha, int& beta, Node<P>&, int& value, const Tables&) const;
//       everything before the table probe: may narrow alpha/beta by static
//       bounds; Expand::decided with `value` obeying the window contract,
//       Expand::forced with the single move in node.moves[0] (played through,
//       no table), or Expand::expanded with node.key/local/etc/count/moves set.
//       tables.prefetch(key, local) may be called early.
//   State play(const State&, const MoveItem&) const;
//   optional: void order_late(const State&, int alpha, Node<P>&, int from, std::uint64_t& nodes) const;
//       a costly order (e.g. searches of the children), added to moves[from..count)'s
//       order where expand set node.late_order; the engine calls it after the
//       table probe and ETC, and where the table gave a move, only once that
//       move has been searched without a cut-off. `nodes`: the nodes it searched.
//   optional: bool is_leaf(const State&) const;
//             int solve_leaf(const State&, int alpha, int beta, std::uint64_t& nodes) const;
//       a specialised solver for the last plies (no table, no move lists),
//       same window contract; it counts its own nodes.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "src/search/options.h"

namespace gsolve::search {

enum class Expand { decided, forced, expanded };

template <class P>
struct Node {
  typename P::Key key;
  typename P::Table* table = nullptr;  // set by the engine: the table of `key`
  bool local = false;                  // probe and store in the thread's small table instead of the shared one
  bool etc = false;                    // try enhanced transposition cut-offs with moves[i].child_key
  bool late_order = false;             // the plug-in's order_late is still to add to the moves' order
  int count = 0;
  std::uint64_t order_nodes = 0;  // nodes the plug-in searched to order the moves (the engine counts them)
  typename P::MoveItem moves[P::kMaxMoves];
};

template <class P>
concept SearchPlugin = requires(const P& p, const typename P::State& s, const typename P::Game::Position& pos,
                                int& value) {
  typename P::Game;
  typename P::State;
  typename P::Key;
  typename P::Table;
  typename P::MoveItem;
  { P::kMinScore } -> std::convertible_to<int>;
  { P::kMaxScore } -> std::convertible_to<int>;
  { P::kMaxMoves } -> std::convertible_to<int>;
  { P::kMoveCodes } -> std::convertible_to<int>;
  { P::kDefaultSplitDepth } -> std::convertible_to<int>;
  { P::kDefaultMinSplitEmpties } -> std::convertible_to<int>;
  { P::kDefaultAlgorithm } -> std::convertible_to<Algorithm>;
  { p.root_value(pos, value) } -> std::same_as<bool>;
  { p.root(pos) } -> std::same_as<typename P::State>;
  { p.empties(s) } -> std::convertible_to<int>;
  { p.ply_index(s) } -> std::convertible_to<int>;
  { p.make_table(std::size_t{}) } -> std::same_as<std::unique_ptr<typename P::Table>>;
  { p.local_table_bytes() } -> std::convertible_to<std::size_t>;
  { p.play(s, std::declval<const typename P::MoveItem&>()) } -> std::same_as<typename P::State>;
};

}  // namespace gsolve::search
