// Tic-tac-toe on the 3x3 board. X moves first.
//
// Two 9-bit boards, one per player (not per side to move: the side to move
// follows from the counts, X to move when both have as many stones):
//
//   0 1 2      bit = row * 3 + column, row 0 at the top;
//   3 4 5      moves and the text form number the squares 1..9
//   6 7 8      in the same order
//
// Rank (perfect index of every arrangement with a legal stone count): tier n is
// the number of stones; inside a tier, rank = colex rank of the occupied squares
// among the C(9, n) sets, times C(n, ceil(n/2)), plus the colex rank of which of
// the n stones (in bit order) are X's. 6046 ranks in all.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "games/game.h"

namespace gsolve {

class TicTacToe {
 public:
  struct Position {
    std::uint16_t x = 0;
    std::uint16_t o = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = std::uint8_t;  // square 0..8
  static constexpr std::size_t kMaxMoves = 9;
  static constexpr bool kScored = false;
  static constexpr bool kLoopy = false;
  static constexpr std::string_view kName = "tictactoe";
  static constexpr std::uint16_t kBoard = 0x1FF;
  static constexpr int kSymmetries = 8;

  TicTacToe() = default;
  // Only "" (the part after "tictactoe:"); throws ParseError.
  static TicTacToe from_options(std::string_view options);

  std::string spec() const { return std::string(kName); }

  Position start() const { return {}; }
  Terminal terminal(const Position& p) const;
  void generate_moves(const Position& p, MoveList<TicTacToe>& moves) const;
  Position play(const Position& p, Move square) const {
    Position next = p;
    const auto bit = static_cast<std::uint16_t>(1u << square);
    if (x_to_move(p))
      next.x |= bit;
    else
      next.o |= bit;
    return next;
  }
  static bool x_to_move(const Position& p) { return stones(p.x) == stones(p.o); }
  static int stones(std::uint16_t board) { return __builtin_popcount(board); }
  // Three in a row somewhere in `board` (one player's stones).
  static bool has_line(std::uint16_t board);

  // Symmetry s (0..7) of the square applied to a position; 0 is the identity.
  static Position transform(const Position& p, int s);
  Position canonical(const Position& p) const;
  int symmetry_class_size(const Position& p) const;

  bool has_rank() const { return true; }
  int tier_count() const { return 10; }
  std::uint64_t tier_begin(int tier) const { return kTierBegin[tier]; }
  std::uint64_t rank_space() const { return kTierBegin[10]; }
  int tier(const Position& p) const { return stones(p.x | p.o); }
  std::uint64_t rank(const Position& p) const;
  Position unrank(std::uint64_t rank) const;

  // 9 chars row-major, 'X' 'O' '-'. parse also rejects positions that cannot
  // arise in a game (bad counts, play after three in a row).
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string format_move(const Position&, Move square) const;
  Move parse_move(const Position& p, std::string_view text) const;

 private:
  static constexpr std::array<std::uint64_t, 11> kTierBegin = {0, 1, 10, 82, 334, 1090, 2350, 4030, 5290, 5920, 6046};
};

static_assert(Game<TicTacToe>);

}  // namespace gsolve
