// Connect 4 on a W x H board (four in a row wins), any size with W*(H+1) <= 64.
//
// Bitboard, column-major, one spare bit on top of every column (Pons):
//
//   H = 4, W = 3:     . . .      <- spare row, always 0
//                     3 8 13
//                     2 7 12
//                     1 6 11
//                     0 5 10     bit = column * (H + 1) + row
//
// A Position holds the stones of the side to move (`current`) and all stones
// (`mask`); the opponent's stones are current ^ mask. The first player is "X".
//
// Rank (perfect index of every arrangement with a legal stone count): tier n is
// the number of stones; inside a tier, rank = index of the column-height vector
// among the vectors summing to n, times C(n, ceil(n/2)), plus the colex rank of
// which of the n stones (in bit order) are the first player's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/connect4_kernel.h"
#include "games/game.h"

namespace gsolve {

class Connect4 {
 public:
  struct Position {
    std::uint64_t current = 0;
    std::uint64_t mask = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = std::uint8_t;  // column, 0-based
  static constexpr std::size_t kMaxMoves = 32;
  static constexpr bool kScored = false;
  static constexpr bool kLoopy = false;
  static constexpr bool kTextIsMoveSequence = true;  // see text_names_only_reachable
  static constexpr std::string_view kName = "connect4";

  Connect4(int width = 7, int height = 6);
  // "", "7x6", "5x4" (the part after "connect4:"); throws ParseError.
  static Connect4 from_options(std::string_view options);

  std::string spec() const;
  int width() const { return width_; }
  int height() const { return height_; }

  Position start() const { return {}; }
  Terminal terminal(const Position& p) const;
  void generate_moves(const Position& p, MoveList<Connect4>& moves) const;
  Position play(const Position& p, Move column) const {
    Position next;
    next.current = p.current ^ p.mask;
    next.mask = p.mask | (p.mask + bottom_of(column));
    return next;
  }
  bool can_play(const Position& p, int column) const { return (p.mask & top_of(column)) == 0; }
  int stones(const Position& p) const { return __builtin_popcountll(p.mask); }

  // Four in a row somewhere in `stones` (a bitboard of one player).
  bool has_four(std::uint64_t stones) const;
  // Squares where the side to move would complete four (empty squares only).
  std::uint64_t winning_squares(std::uint64_t own, std::uint64_t mask) const;
  std::uint64_t playable_squares(std::uint64_t mask) const { return (mask + bottom_row_) & board_; }
  // The side to move has a move that wins at once (a non-primitive p): its record
  // is Win in 1, which a database need not store (db/resolver.h).
  bool wins_now(const Position& p) const {
    return (winning_squares(p.current, p.mask) & playable_squares(p.mask)) != 0;
  }
  std::uint64_t bottom_of(int column) const { return std::uint64_t{1} << (column * (height_ + 1)); }
  std::uint64_t top_of(int column) const { return std::uint64_t{1} << (column * (height_ + 1) + height_ - 1); }
  std::uint64_t column_mask(int column) const {
    return ((std::uint64_t{1} << height_) - 1) << (column * (height_ + 1));
  }
  std::uint64_t board_mask() const { return board_; }

  Position mirror(const Position& p) const;
  Position canonical(const Position& p) const;
  // canonical(play(p, m)) for every legal move m, in move order: the mirror is
  // computed once for the parent instead of once per child.
  void canonical_children(const Position& p, FixedList<Position, kMaxMoves>& children) const;
  int symmetry_class_size(const Position& p) const { return mirror(p) == p ? 1 : 2; }

  bool has_rank() const { return has_rank_; }
  int tier_count() const { return width_ * height_ + 1; }
  std::uint64_t tier_begin(int tier) const { return tier_begin_[tier]; }
  std::uint64_t rank_space() const { return tier_begin_.back(); }
  int tier(const Position& p) const { return stones(p); }
  std::uint64_t rank(const Position& p) const;
  Position unrank(std::uint64_t rank) const;
  // Steps p to the position of rank(p) + 1 when that only changes colours
  // (the same column heights); false, p unchanged, otherwise. Makes a
  // sequential scan of a tier cost a few instructions per position.
  bool next_in_tier(Position& p) const;

  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string format_move(const Position&, Move column) const;
  Move parse_move(const Position& p, std::string_view text) const;

 private:
  int column_from_char(char c) const;  // -1 if not a column
  bool unwind(Position p, std::string& moves) const;

  int width_, height_;
  connect4::Connect4Geometry geometry_;
  std::uint64_t board_ = 0, bottom_row_ = 0;
  bool has_rank_ = false;
  // below(i, s, v): height vectors of columns i..W-1 summing to s whose column
  // i is < v (one flat table: rank and unrank are on the hot path).
  // Rows are padded to powers of two so the index is shifts and adds.
  std::uint64_t below(int i, int s, int v) const {
    return below_[((static_cast<std::size_t>(i) << sum_bits_) + s) << value_bits_ | v];
  }
  std::vector<std::uint64_t> below_;
  int sum_bits_ = 0, value_bits_ = 0;
  std::vector<std::uint64_t> tier_begin_;
};

static_assert(Game<Connect4>);

}  // namespace gsolve
