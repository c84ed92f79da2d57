// Go on small boards: W x H, 1 <= W, H <= 7, area scoring, suicide illegal,
// two passes in a row end the game, positional (default) or situational superko.
//
// Board: one 64-bit board per colour, point = y * W + x, y = 0 the TOP row (SGF
// order). GTP names count columns from the left with letters skipping I and rows
// from the BOTTOM (GTP row = H - y). Black moves first.
//
// Design: superko needs the whole line of play, which cannot live in a fixed,
// trivially copyable Position. So the rules are split in two:
//   * Go::Position = the two boards, the side to move and the count of passes in
//     a row. It obeys the Game concept (simple rules: occupied points and suicide
//     illegal, no superko) for the generic tools; has_rank() is false and kLoopy
//     is true, so nothing strongly solves it without the line of play.
//   * GoGame = a line of play (positions + 64-bit Zobrist hashes of the boards).
//     It applies superko: a stone move may not recreate a board seen before in
//     the line (positional), or a board with the same side to move (situational).
//     A hash hit is confirmed by comparing the boards, so a collision never
//     forbids a legal move. Passes are always legal. Search, query and GTP use it.
// Score = side to move's area - opponent's area (stones + empty regions bordered
// by one colour only), komi counted for White. Komi is a whole or a half point.
// A half point makes ties impossible; the score, an integer everywhere (records,
// searches), is then the margin rounded away from zero (B+0.5 is +1 for Black,
// W+2.5 is -3): rounding away from zero is odd and strictly monotone on
// half points, so negamax and every bound work on it unchanged, and a whole-point
// komi's scores (and its stored databases) are the margins as they always were.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace gsolve {

enum class Superko : std::uint8_t { Positional, Situational };

class Go {
 public:
  struct Position {
    std::uint64_t black = 0, white = 0;
    std::uint8_t black_to_move = 1;  // 1: black to move
    std::uint8_t passes = 0;         // passes in a row (2 ends the game)
    std::uint8_t zero[6] = {};       // no padding bytes
    friend bool operator==(const Position&, const Position&) = default;
    std::uint64_t own() const { return black_to_move ? black : white; }
    std::uint64_t opp() const { return black_to_move ? white : black; }
  };
  using Move = std::uint8_t;  // point 0..W*H-1, or kPass
  static constexpr Move kPass = 64;
  static constexpr std::size_t kMaxMoves = 50;
  static constexpr bool kScored = true;
  static constexpr bool kLoopy = true;
  static constexpr std::string_view kName = "go";

  // komi: a multiple of 0.5 (else ParseError).
  Go(int width = 5, int height = 5, double komi = 0, Superko ko = Superko::Positional);
  // "WxH[,komi=K][,ko=psk|ssk]" (the part after "go:"), K whole or half (7, 7.5, -0.5); throws ParseError.
  static Go from_options(std::string_view options);

  // A komi: a whole or half point ("7", "7.5", "-0.5"); a ParseError names `where`.
  static double parse_komi(std::string_view text, const std::string& where);

  std::string spec() const;
  int width() const { return w_; }
  int height() const { return h_; }
  int points() const { return w_ * h_; }
  double komi() const { return komi_half_ / 2.0; }
  bool half_point_komi() const { return komi_half_ % 2 != 0; }
  // Komi as text: "7", "7.5", "-0.5".
  std::string komi_text() const;
  // The score of a colour whose area exceeds the other's by own_margin points
  // (komi counted against it when it is White; see the rounding above).
  int score(int own_margin, bool own_is_black) const {
    const int half = 2 * own_margin + (own_is_black ? -komi_half_ : komi_half_);
    return half % 2 == 0 ? half / 2 : (half + (half > 0 ? 1 : -1)) / 2;
  }
  // A score as a result: "B+7", "W+0.5", "0" (score is Black's, as score() gives it).
  std::string result_text(int black_score) const;
  // The largest |score| a game on this board can have.
  int max_score() const { return points() + (std::abs(komi_half_) + 1) / 2; }
  Superko superko() const { return ko_; }
  std::uint64_t board_mask() const { return board_; }

  Position start() const { return {}; }
  // Primitive after two passes in a row; score = final_score.
  Terminal terminal(const Position& p) const;
  // Simple-rule moves (no superko): every empty non-suicide point, then the pass.
  void generate_moves(const Position& p, MoveList<Go>& moves) const;
  Position play(const Position& p, Move m) const;
  // Whether point m is empty and not suicide for the side to move (no superko check).
  bool simple_legal(const Position& p, Move m) const;
  // simple_legal and play in one: next is the position after m when m is legal.
  bool try_play(const Position& p, Move m, Position& next) const;

  // Points adjacent to set, not in it (inline: flood fills call it in loops).
  std::uint64_t neighbours(std::uint64_t set) const {
    const std::uint64_t n = ((set << 1) & not_first_col_) | ((set >> 1) & not_last_col_) | (set << w_) | (set >> w_);
    return n & board_ & ~set;
  }
  // Side to move's area - opponent's area, komi included.
  int final_score(const Position& p) const;
  // Black's area - White's area, komi excluded.
  int black_area_margin(const Position& p) const;

  Position canonical(const Position& p) const { return p; }
  int symmetry_class_size(const Position&) const { return 1; }
  bool has_rank() const { return false; }
  int tier_count() const { return 1; }
  std::uint64_t tier_begin(int) const { return 0; }
  std::uint64_t rank_space() const { return 0; }
  int tier(const Position&) const { return 0; }
  std::uint64_t rank(const Position&) const { return 0; }
  Position unrank(std::uint64_t) const { return start(); }

  // Text: GTP moves from the empty board ("b2 c3 pass") or an SGF game. Superko
  // is applied (the text is replayed through a GoGame).
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;  // rows top to bottom, X O ., then side
  std::string format_move(const Position&, Move m) const { return point_name(m); }
  Move parse_move(const Position& p, std::string_view text) const;  // GTP vertex or pass
  std::string point_name(Move m) const;                             // "b2" / "pass"
  // GTP vertex (case-insensitive) to a point or kPass; throws ParseError.
  Move parse_vertex(std::string_view text) const;
  // The move from a position to the next one of a line: the point where the
  // mover has a stone it did not have (captures only remove the other's), else the pass.
  static Move move_between(const Position& from, const Position& to);

 private:
  int w_, h_, komi_half_;  // komi in half points
  Superko ko_;
  std::uint64_t board_ = 0, not_first_col_ = 0, not_last_col_ = 0;
};

static_assert(Game<Go>);

// A line of play with superko. hash_mask keeps only some bits of the Zobrist
// hashes (tests force collisions with a tiny mask; the default keeps all 64).
class GoGame {
 public:
  explicit GoGame(const Go& go, std::uint64_t hash_mask = ~std::uint64_t{0});
  const Go& go() const { return go_; }
  const Go::Position& position() const { return line_.back(); }
  std::size_t length() const { return line_.size(); }  // positions in the line (start included)
  const std::vector<Go::Position>& line() const { return line_; }
  bool over() const { return position().passes >= 2; }

  // Legal in this line: simple rules, superko, and the game not over.
  bool legal(Go::Move m) const;
  // Why m is illegal ("" when legal): "occupied", "suicide", "superko", "game over".
  std::string illegal_reason(Go::Move m) const;
  void play(Go::Move m);            // throws ParseError when illegal
  void play_unchecked(Go::Move m);  // caller checked legal()
  bool undo();                      // false at the start
  // Gives the move to a colour out of turn (GTP and SGF let either colour move
  // at any time: handicap stones, setups); a game over is played on (its
  // passes forgotten). The current position changes in place, so undo() takes
  // the next move back to it, and the line no longer alternates (alternates()).
  void set_turn(bool black);
  // Whether every move of the line was played in turn (a line of moves from its first position).
  bool alternates() const;
  // Legal moves in this line: stone moves then the pass (empty when over).
  void legal_moves(MoveList<Go>& moves) const;
  // The same line under rules that differ only in komi.
  GoGame with_komi(double komi) const {
    GoGame g = *this;
    g.go_ = Go(go_.width(), go_.height(), komi, go_.superko());
    return g;
  }
  // Replaces the line by one starting at p (setup).
  void reset(const Go::Position& p);
  std::uint64_t hash(const Go::Position& p) const;

 private:
  bool repeats(const Go::Position& next) const;

  Go go_;
  std::uint64_t mask_;
  std::uint64_t zobrist_[2][64];
  std::vector<Go::Position> line_;
  std::vector<std::uint64_t> hashes_;
};

// Whether the text is meant as SGF (a game tree, or a node without its '(',
// after white space and a UTF-8 byte-order mark) rather than GTP moves.
bool looks_like_sgf(std::string_view text);
// Parses GTP moves or an SGF game into a line of play. Throws ParseError.
GoGame parse_go_game(const Go& go, std::string_view text);

// The main line of an SGF game with only what gsolve reads of it (GM, RU,
// SZ, KM, setup, moves): comments and the like dropped, so that a position
// echoed back is the game, not a 20 MB comment. Text that does not parse as
// SGF comes back as it is (its reader then names the fault).
std::string sgf_game_only(std::string_view sgf);

// The rules an SGF game is played under: its board size (SZ) and komi (KM),
// rules' own where the file has none, and rules' superko. Throws ParseError.
Go sgf_rules(const Go& rules, std::string_view sgf);

}  // namespace gsolve
