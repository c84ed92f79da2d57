// Reversi (Othello) on an N x N board, N even, 4 <= N <= 8.
//
// Two bitboards, one for the side to move and one for the opponent, plus the
// colour of the side to move (passes break the parity, and the text form and
// the rank name colours). Squares in standard Othello notation, a1 top-left:
//
//        a  b  c  d        bit = row * N + column
//    1   0  1  2  3        (row 0 = "1" at the top, column 0 = "a")
//    2   4  5  6  7        N = 4 shown; the start has white (O) on b2 and c3
//    3   8  9 10 11        and black (X) on c2 and b3, as d4/e5 and e4/d5 on
//    4  12 13 14 15        8x8. Black moves first.
//
// A move is a square 0..N*N-1 or kPass. A player with no disc move must pass
// (generate_moves returns just the pass); the game ends when neither side can
// move. Score = own - opponent discs, empties going to the winner.
//
// Symmetry: only the 4 symmetries that fix the start (identity, rotation by
// 180 degrees and the two diagonal reflections). The other 4 swap the colours
// of the centre, so they map reachable positions to unreachable ones.
//
// Tier = discs on the board - 4 (a pass stays in its tier). Rank inside a tier
// with n discs: colex rank of which n - 4 of the N*N - 4 non-centre squares are
// occupied, then n bits saying which discs (in square order) are black, then one
// bit for the side to move (1 = black):
//   rank = tier_begin(t) + ((occupancy << n) | black_discs) * 2 + black_to_move.
// The rank space is 32 * 3^(N*N - 4): about 1.7e7 for 4x4 (has_rank), 5.9e16 for
// 6x6 (rank and unrank work, usable as a key, but no dense database: has_rank()
// is false) and beyond 64 bits for 8x8 (rank_available() is false; tier_begin
// and rank_space are 0, rank returns 0 and unrank the start: do not use them).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace gsolve {

class Reversi {
 public:
  struct Position {
    std::uint64_t own = 0;            // discs of the side to move
    std::uint64_t opp = 0;            // discs of the opponent
    std::uint32_t black_to_move = 1;  // 1: black (X) to move, 0: white (O)
    std::uint32_t zero = 0;           // always 0: no padding bytes, so keys may be memcmp'd
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = std::uint8_t;  // square, or kPass
  static constexpr Move kPass = 64;
  static constexpr std::size_t kMaxMoves = 64;
  static constexpr bool kScored = true;
  static constexpr bool kLoopy = false;
  static constexpr std::string_view kName = "reversi";
  static constexpr int kSymmetries = 4;
  // Largest rank space that has_rank() accepts (a dense database of it is feasible).
  static constexpr std::uint64_t kDenseRankLimit = std::uint64_t{1} << 36;

  explicit Reversi(int size = 8);
  // "", "8x8", "6x6", "4x4" (the part after "reversi:"); throws ParseError.
  static Reversi from_options(std::string_view options);

  std::string spec() const;
  int size() const { return n_; }

  Position start() const { return start_; }
  Terminal terminal(const Position& p) const;
  void generate_moves(const Position& p, MoveList<Reversi>& moves) const;
  Position play(const Position& p, Move m) const {
    if (m == kPass) return {p.opp, p.own, p.black_to_move ^ 1u, 0};
    const std::uint64_t bit = std::uint64_t{1} << m;
    const std::uint64_t f = flips(p.own, p.opp, bit);
    return {p.opp & ~f, p.own | f | bit, p.black_to_move ^ 1u, 0};
  }

  // Squares where `own` may play against `opp` (empty, flipping at least one disc).
  std::uint64_t legal_moves(std::uint64_t own, std::uint64_t opp) const;
  // Opponent discs flipped by `own` playing the single-bit square `move`.
  std::uint64_t flips(std::uint64_t own, std::uint64_t opp, std::uint64_t move) const;
  int discs(const Position& p) const { return __builtin_popcountll(p.own | p.opp); }
  std::uint64_t board_mask() const { return board_; }
  std::uint64_t black(const Position& p) const { return p.black_to_move ? p.own : p.opp; }
  std::uint64_t white(const Position& p) const { return p.black_to_move ? p.opp : p.own; }
  // The final margin for the side to move if the game ended here (empties to the winner).
  int final_score(const Position& p) const;

  // Symmetry s (0..3: identity, rotate 180, transpose a1-h8, anti-transpose h1-a8).
  std::uint64_t transform_bits(std::uint64_t bits, int s) const;
  Position transform(const Position& p, int s) const {
    return {transform_bits(p.own, s), transform_bits(p.opp, s), p.black_to_move, 0};
  }
  Position canonical(const Position& p) const;
  int symmetry_class_size(const Position& p) const;

  bool has_rank() const { return rank_available_ && rank_space() <= kDenseRankLimit; }
  bool rank_available() const { return rank_available_; }  // rank/unrank usable (N <= 6)
  int tier_count() const { return n_ * n_ - 3; }
  std::uint64_t tier_begin(int tier) const { return tier_begin_[tier]; }
  std::uint64_t rank_space() const { return tier_begin_.back(); }
  int tier(const Position& p) const { return discs(p) - 4; }
  std::uint64_t rank(const Position& p) const;
  Position unrank(std::uint64_t rank) const;

  // "<N*N chars from a1, row by row> <X|O>" or a move list from the start
  // ("f5d6c3", case-insensitive, spaces allowed, passes as "pa"/"ps"/"--" or
  // left out where forced). format writes the board form.
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string format_move(const Position&, Move m) const;  // "f5" or "pass"
  Move parse_move(const Position& p, std::string_view text) const;
  std::string square_name(int square) const;

 private:
  Position parse_board(std::string_view text) const;
  Position parse_moves(std::string_view text) const;
  int square_from_text(std::string_view token) const;  // -1 if not a square

  int n_;
  std::uint64_t board_ = 0, centre_ = 0, outer_ = 0;  // outer_: the non-centre squares
  Position start_;
  // Directional shifts: step[i] > 0 squares, left (<<) with mask left_mask_[i],
  // right (>>) with right_mask_[i]; the masks drop squares that wrapped a row edge.
  std::array<int, 4> step_{};
  std::array<std::uint64_t, 4> left_mask_{}, right_mask_{};
  // transform_[((s - 1) * 8 + byte_index) * 256 + byte]: image of one byte of a board.
  std::vector<std::uint64_t> transform_;
  bool rank_available_ = false;
  std::vector<std::uint64_t> tier_begin_;
};

static_assert(Game<Reversi>);

}  // namespace gsolve
