// Quick Cross on an R x C board (R * C <= 20): an impartial, loopy game.
//
// Both players use the same pieces. A move places a horizontal ('-') or a
// vertical ('|') piece on an empty square, or turns a piece over. Whoever
// completes `connect` squares in a row, column or diagonal all of one
// orientation wins, so the player to move at such a board has lost. A full
// board is not the end: play goes on by turning pieces over, possibly forever.
//
// Two bitboards, one per orientation; the board is the whole position:
//
//   R = 3, C = 4:   0  1  2  3      bit = row * C + column, row 0 at the top
//                   4  5  6  7      (text and moves: columns a.., rows 1..
//                   8  9 10 11      from the top, so bit 0 is a1)
//
// Move = square * 2 + orientation the square holds afterwards (0 '-', 1 '|');
// whether it is a placement or a turn follows from the square being empty.
// Text: "-@b2" / "|@b2" place a piece, "flip@b2" turns one over.
//
// Symmetry: the board's reflections and rotations (8 on a square board, 4 on
// a rectangle), each also with every '-' and '|' swapped: 16 or 8 in all.
//
// One tier; rank = the board as a base-3 number, square q the q-th digit from
// the least significant (0 empty, 1 '-', 2 '|'); rank_space = 3^(R*C).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace gsolve {

class QuickCross {
 public:
  struct Position {
    std::uint32_t h = 0;  // squares holding '-'
    std::uint32_t v = 0;  // squares holding '|'
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = std::uint8_t;  // square * 2 + (0: '-', 1: '|') afterwards
  static constexpr std::size_t kMaxSquares = 20;
  static constexpr std::size_t kMaxMoves = 2 * kMaxSquares;
  static constexpr bool kScored = false;
  static constexpr bool kLoopy = true;
  static constexpr std::string_view kName = "quickcross";

  // connect <= 0 means the shorter side.
  QuickCross(int rows = 4, int cols = 4, int connect = 0);
  // "4x4", "3x4,connect=3" (the part after "quickcross:"); throws ParseError.
  static QuickCross from_options(std::string_view options);

  std::string spec() const;
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int connect() const { return connect_; }
  int squares() const { return rows_ * cols_; }

  Position start() const { return {}; }
  Terminal terminal(const Position& p) const {
    if (has_line(p.h) || has_line(p.v)) return {Value::Lose, 0};
    return {};
  }
  // Un-moves (games/game.h): a piece on square s was either placed there (s
  // was empty) or turned over (s held the other orientation). Empty squares
  // have no un-move.
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    for (std::uint32_t occupied = p.h | p.v; occupied; occupied &= occupied - 1) {
      const std::uint32_t bit = occupied & (~occupied + 1);
      f(Position{p.h & ~bit, p.v & ~bit});  // placed
      if (p.h & bit)
        f(Position{p.h & ~bit, p.v | bit});  // '|' turned to '-'
      else
        f(Position{p.h | bit, p.v & ~bit});  // '-' turned to '|'
    }
  }
  void generate_moves(const Position& p, MoveList<QuickCross>& moves) const;
  Position play(const Position& p, Move m) const {
    const std::uint32_t bit = std::uint32_t{1} << (m >> 1);
    if (m & 1) return {p.h & ~bit, p.v | bit};
    return {p.h | bit, p.v & ~bit};
  }
  // `connect` in a line somewhere in `pieces` (one orientation's squares).
  bool has_line(std::uint32_t pieces) const;

  // Symmetry s: board symmetry s / 2 (0 = identity), with '-' and '|' swapped when s is odd.
  int symmetry_count() const { return 2 * board_symmetries_; }
  std::uint32_t transform_bits(std::uint32_t bits, int board_symmetry) const;
  Position transform(const Position& p, int s) const;
  Position canonical(const Position& p) const;
  int symmetry_class_size(const Position& p) const;

  bool has_rank() const { return true; }
  int tier_count() const { return 1; }
  std::uint64_t tier_begin(int tier) const { return tier == 0 ? 0 : rank_space_; }
  std::uint64_t rank_space() const { return rank_space_; }
  int tier(const Position&) const { return 0; }
  std::uint64_t rank(const Position& p) const;
  Position unrank(std::uint64_t rank) const;

  // rows*cols chars row-major from the top-left: '.' empty, '-', '|'.
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string format_move(const Position& p, Move m) const;
  Move parse_move(const Position& p, std::string_view text) const;
  std::string square_name(int square) const;

 private:
  int square_from_text(std::string_view text) const;  // -1 if not a square

  int rows_, cols_, connect_;
  std::uint32_t board_ = 0;
  std::uint64_t rank_space_ = 1;
  // Line test: for each direction in use, the shift between neighbours on a
  // line and the squares where a whole line of `connect` starts.
  int directions_ = 0;
  std::array<int, 4> step_{};
  std::array<std::uint32_t, 4> line_starts_{};
  int board_symmetries_ = 4;
  // transform_[(s * 3 + byte_index) * 256 + byte]: image of one byte of a board.
  std::vector<std::uint32_t> transform_;
};

static_assert(Game<QuickCross>);

}  // namespace gsolve
