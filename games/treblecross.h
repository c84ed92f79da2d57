// Treblecross: one-dimensional tic-tac-toe on a strip of N cells. Both players
// place the same mark, X; whoever completes three X in a row wins, so the
// player to move at such a board has lost. The game is impartial (the board is
// the whole position) and ends within N moves; with fewer than 3 cells a full
// board is a tie.
//
// The board is one bit per cell, bit i = cell i + 1 (cells are numbered 1..N
// from the left, in the text form and in moves).
//
// Rank: tier n is the number of X on the board (every move adds one); inside a
// tier, the colex rank of the occupied cells among the C(N, n) sets, so the
// tiers cover [0, 2^N) one after another.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "games/game.h"

namespace gsolve {

class Treblecross {
 public:
  struct Position {
    std::uint64_t cells = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = std::uint8_t;  // cell 0..N-1
  static constexpr int kMaxCells = 40;
  static constexpr std::size_t kMaxMoves = kMaxCells;
  static constexpr bool kScored = false;
  static constexpr bool kLoopy = false;
  static constexpr std::string_view kName = "treblecross";

  explicit Treblecross(int cells = 9);
  // "N" (the part after "treblecross:"), 1 <= N <= kMaxCells; "" is 9. Throws ParseError.
  static Treblecross from_options(std::string_view options);

  int cells() const { return n_; }
  std::string spec() const { return std::string(kName) + ":" + std::to_string(n_); }

  Position start() const { return {}; }
  Terminal terminal(const Position& p) const;
  void generate_moves(const Position& p, MoveList<Treblecross>& moves) const;
  Position play(const Position& p, Move cell) const { return {p.cells | (std::uint64_t{1} << cell)}; }
  static bool has_three(std::uint64_t cells) { return (cells & (cells >> 1) & (cells >> 2)) != 0; }

  // The strip read from the other end: the one symmetry besides the identity.
  Position mirror(const Position& p) const;
  Position canonical(const Position& p) const;
  int symmetry_class_size(const Position& p) const { return mirror(p) == p ? 1 : 2; }

  bool has_rank() const { return true; }
  int tier_count() const { return n_ + 1; }
  std::uint64_t tier_begin(int tier) const { return tier_begin_[tier]; }
  std::uint64_t rank_space() const { return tier_begin_[n_ + 1]; }
  int tier(const Position& p) const { return __builtin_popcountll(p.cells); }
  std::uint64_t rank(const Position& p) const;
  Position unrank(std::uint64_t rank) const;

  // N chars, 'X' for a mark and '.' or '-' for an empty cell.
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string format_move(const Position&, Move cell) const { return std::to_string(cell + 1); }
  Move parse_move(const Position& p, std::string_view text) const;

 private:
  std::uint64_t full() const { return (std::uint64_t{1} << n_) - 1; }

  int n_;
  std::array<std::uint64_t, kMaxCells + 2> tier_begin_{};
};

static_assert(Game<Treblecross>);

}  // namespace gsolve
