// The compile-time interface every game implements. Solvers, the database and
// the verifiers are templates over it, so the hot paths make no virtual calls.
//
// A game object carries its parameters (board size, komi, ...) and is immutable
// after construction; a Position is a small trivially copyable value. All
// member functions are const and thread-safe.
//
// Ranks: a game that can be strongly solved gives a dense perfect index of
// positions, `rank`, with the tiers laid out one after another:
//   tier t owns ranks [tier_begin(t), tier_begin(t + 1)), t = 0 .. tier_count()-1,
//   tier_begin(tier_count()) == rank_space().
// Every move goes from tier t to tier t or t + 1 (same tier only where the game
// says so, e.g. a reversi pass); games without tiers (loopy ones) have one tier.
// Ranks are computed on canonical positions only by the solvers, but rank and
// unrank must be exact inverses for every position in the rank space.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "games/value.h"

namespace gsolve {

// Bad text for a position, a move or a game spec. The message is one line that
// a user can act on ("column 8 is outside 1..7").
struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Fixed-capacity list, no allocation: move generation on the hot path.
template <class T, std::size_t Capacity>
class FixedList {
 public:
  void push_back(T v) { items_[size_++] = v; }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }

 private:
  std::array<T, Capacity> items_{};
  std::size_t size_ = 0;
};

template <class G>
using MoveList = FixedList<typename G::Move, G::kMaxMoves>;

template <class G>
concept Game = requires(const G& g, const typename G::Position& p, typename G::Move m, MoveList<G>& moves,
                        std::string_view text, std::uint64_t rank, int tier) {
  typename G::Position;
  typename G::Move;
  requires std::is_trivially_copyable_v<typename G::Position>;
  requires std::equality_comparable<typename G::Position>;
  { G::kMaxMoves } -> std::convertible_to<std::size_t>;
  { G::kScored } -> std::convertible_to<bool>;  // records carry a score
  { G::kLoopy } -> std::convertible_to<bool>;   // positions can repeat: needs the loopy solver

  { g.spec() } -> std::convertible_to<std::string>;  // canonical spec, e.g. "connect4:5x4"
  { g.start() } -> std::same_as<typename G::Position>;
  // Terminal outcome for the side to move, or value Unknown if play goes on.
  { g.terminal(p) } -> std::same_as<Terminal>;
  // Legal moves of a non-primitive position (never empty there: a forced pass is a move).
  { g.generate_moves(p, moves) } -> std::same_as<void>;
  { g.play(p, m) } -> std::same_as<typename G::Position>;

  // Symmetry: canonical(p) is the same for every p in one symmetry class, and
  // symmetry_class_size(p) is the number of distinct positions in that class.
  { g.canonical(p) } -> std::same_as<typename G::Position>;
  { g.symmetry_class_size(p) } -> std::convertible_to<int>;

  // Dense rank, see above. has_rank() is false where the rank space does not
  // fit (connect4 7x6, reversi 8x8): such games are solved by search only.
  { g.has_rank() } -> std::convertible_to<bool>;
  { g.tier_count() } -> std::convertible_to<int>;
  { g.tier_begin(tier) } -> std::convertible_to<std::uint64_t>;
  { g.rank_space() } -> std::convertible_to<std::uint64_t>;
  { g.tier(p) } -> std::convertible_to<int>;
  { g.rank(p) } -> std::convertible_to<std::uint64_t>;
  { g.unrank(rank) } -> std::same_as<typename G::Position>;

  // Text forms (DESIGN.md table). parse throws ParseError on any malformed input.
  { g.parse(text) } -> std::same_as<typename G::Position>;
  { g.format(p) } -> std::convertible_to<std::string>;
  { g.format_move(p, m) } -> std::convertible_to<std::string>;
  { g.parse_move(p, text) } -> std::same_as<typename G::Move>;  // throws ParseError
};

template <Game G>
using PositionList = FixedList<typename G::Position, G::kMaxMoves>;

// Optional parts of the interface (a game may provide them; solvers test for
// them at compile time):
//   g.canonical_children(p, children)   faster canonical children, below;
//   G::kTextIsMoveSequence              see text_names_only_reachable, below;
//   g.for_each_unmove(p, f)             calls f(q) for every position q with a
//                                       move q -> p (q may be primitive or
//                                       unreachable; callers filter): the
//                                       loopy solver's parents without an
//                                       edge list (src/retrograde/loopy_solver.h).
template <class G>
concept HasUnmoves = requires(const G& g, const typename G::Position& p) {
  g.for_each_unmove(p, [](const typename G::Position&) {});
};

// True when a game's position text is the sequence of moves from the start
// (connect4): every position a user can name is then reachable, so a database
// need not say which ranks hold no position (db/chunk.h, fill_unknown). Games
// whose text is a board (tictactoe, reversi, quickcross) can name unreachable
// positions, which must read as Unknown, never as a neighbour's record.
template <Game G>
constexpr bool text_names_only_reachable() {
  if constexpr (requires { G::kTextIsMoveSequence; })
    return G::kTextIsMoveSequence;
  else
    return false;
}

// canonical(play(p, m)) for every move m of a non-primitive position, in move
// order. A game may provide a faster canonical_children of its own.
template <Game G>
void canonical_children(const G& g, const typename G::Position& p, PositionList<G>& children) {
  if constexpr (requires { g.canonical_children(p, children); }) {
    g.canonical_children(p, children);
  } else {
    MoveList<G> moves;
    g.generate_moves(p, moves);
    children.clear();
    for (const auto m : moves) children.push_back(g.canonical(g.play(p, m)));
  }
}

// The number of moves of p (a forced pass counts as one), 0 when p is
// primitive: terminal() and generate_moves() in one, for perft's bulk count of
// the last ply. A game may provide a faster count_moves of its own.
template <Game G>
std::size_t count_moves(const G& g, const typename G::Position& p) {
  if constexpr (requires { g.count_moves(p); }) {
    return g.count_moves(p);
  } else {
    if (g.terminal(p).primitive()) return 0;
    MoveList<G> moves;
    g.generate_moves(p, moves);
    return moves.size();
  }
}

}  // namespace gsolve
