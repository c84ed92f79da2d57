// Reversi (Othello) on an N x N board, N = 4, 6 or 8, on the bitboard kernel
// (games/reversi_kernel.h) for every size.
//
// Two bitboards, one for the side to move and one for the opponent, plus the
// colour of the side to move (passes break the parity, and the text form and
// the rank name colours). Bit layout: the 8x8 frame of the kernel, bit =
// row * 8 + column, a smaller board in the top-left corner (board_mask()):
//
//        a  b  c  d  e ..          4x4 shown: the start has white (O) on b2
//    1   0  1  2  3  .             and c3 and black (X) on c2 and b3, as
//    2   8  9 10 11  .             d4/e5 and e4/d5 on 8x8. Black moves first.
//    3  16 17 18 19  .             Bits off the board are always 0.
//    4  24 25 26 27  .
//
// A move is a square 0..63 in that layout or kPass. A player with no disc move
// must pass (generate_moves returns just the pass); the game ends when neither
// side can move. Score = own - opponent discs, empties going to the winner.
//
// Symmetry: the board has 8 (transform(p, s), s = 0..kSearchSymmetries-1, the
// dihedral group), but canonical() uses only the kSymmetries = 4 that fix the
// start (identity, rotation by 180 degrees, the two diagonal reflections):
// that is the canonical form of the 4x4 database and must not change. The other
// 4 (mirrors, quarter turns) swap the colours of the centre: they map a
// reachable position to one of the same value that the start cannot reach, so
// a search (which never needs reachability) may use all 8 to share its table.
//
// Tier = discs on the board - 4 (a pass stays in its tier). Rank inside a tier
// with n discs: colex rank of which n - 4 of the N*N - 4 non-centre squares are
// occupied, then n bits saying which discs (in square order) are black, then one
// bit for the side to move (1 = black):
//   rank = tier_begin(t) + ((occupancy << n) | black_discs) * 2 + black_to_move.
// Squares are taken in row-major order a1, b1, .., so rank, unrank and
// canonical give exactly the values of the former row-major N*N layout (a
// mask-extract keeps the order of bits, hence also the order of boards).
// The rank space is 32 * 3^(N*N - 4): about 1.7e7 for 4x4 (has_rank), 5.9e16 for
// 6x6 (rank and unrank work, usable as a key, but no dense database: has_rank()
// is false) and beyond 64 bits for 8x8 (rank_available() is false; tier_begin
// and rank_space are 0, rank returns 0 and unrank the start: do not use them).
//
// Position text (parse): the board, N*N characters from a1 row by row (`X` or
// `*` black, `O` white, `-` or `.` empty), whitespace, the side to move `X` or
// `O`; a whole OBF line "<board> <side>; F5:+2; ..." (everything from the first
// ';' on is ignored); or the moves from the start ("f5d6c3", case-insensitive,
// spaces allowed, passes as "pass", "pa" or "ps", or left out where forced).
// format writes the board form with `X`, `O`, `-`.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"
#include "games/reversi_kernel.h"

namespace gsolve {

class Reversi {
 public:
  struct Position {
    std::uint64_t own = 0;            // discs of the side to move (8x8-frame layout)
    std::uint64_t opp = 0;            // discs of the opponent
    std::uint32_t black_to_move = 1;  // 1: black (X) to move, 0: white (O)
    std::uint32_t zero = 0;           // always 0: no padding bytes, so keys may be memcmp'd
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = std::uint8_t;  // square (row * 8 + column), or kPass
  static constexpr Move kPass = 64;
  static constexpr std::size_t kMaxMoves = 64;
  static constexpr bool kScored = true;
  static constexpr bool kLoopy = false;
  static constexpr std::string_view kName = "reversi";
  // canonical() and symmetry_class_size(): the 4 symmetries that fix the start.
  static constexpr int kSymmetries = 4;
  // transform(p, s) for s < 8: the whole dihedral group, for searches (see above).
  static constexpr int kSearchSymmetries = 8;
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
    const std::uint64_t f = reversi::flips(p.own, p.opp, m);
    return {p.opp & ~f, p.own | f | std::uint64_t{1} << m, p.black_to_move ^ 1u, 0};
  }

  // Squares where `own` may play against `opp` (empty, on the board, flipping
  // at least one disc).
  std::uint64_t legal_moves(std::uint64_t own, std::uint64_t opp) const {
    return reversi::legal_moves(own, opp) & board_;
  }
  int discs(const Position& p) const { return reversi::count(p.own | p.opp); }
  std::uint64_t board_mask() const { return board_; }
  std::uint64_t black(const Position& p) const { return p.black_to_move ? p.own : p.opp; }
  std::uint64_t white(const Position& p) const { return p.black_to_move ? p.opp : p.own; }
  // The final margin for the side to move if the game ended here (empties to the winner).
  int final_score(const Position& p) const;

  // Symmetry s of the board, 0..7 (numbering of reversi::transform): 0 identity,
  // 1 rotate 180, 2 transpose a1-h8, 3 anti-transpose h1-a8 (these 4 fix the
  // start), 4 mirror columns, 5 mirror rows, 6 and 7 quarter turns.
  Position transform(const Position& p, int s) const {
    return {reversi::transform(p.own, s, n_), reversi::transform(p.opp, s, n_), p.black_to_move, 0};
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

  // Text forms, see the top of this file; every error is a ParseError with one line.
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string format_move(const Position&, Move m) const;  // "f5" or "pass"
  Move parse_move(const Position& p, std::string_view text) const;
  std::string square_name(int square) const;

 private:
  Position parse_board(std::string_view text) const;
  Position parse_moves(std::string_view text) const;
  // The square of a 2-character token "f5"/"F5"; -1 if not a square of the 8x8
  // frame, -2 if one off this board.
  int square_from_text(std::string_view token) const;

  int n_;
  std::uint64_t board_ = 0, centre_ = 0, outer_ = 0;  // outer_: the non-centre squares
  Position start_;
  bool rank_available_ = false;
  std::vector<std::uint64_t> tier_begin_;
};

static_assert(Game<Reversi>);

}  // namespace gsolve
