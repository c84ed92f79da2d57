// Go with the line of play as the position: the game the database stores.
//
// Under superko a board's value depends on the boards played before it, so a
// record keyed by the board alone would be wrong for some histories. GoLine
// keys a record by the whole line of play from the empty board instead (the
// key carries the history exactly): a position is the sequence of moves, its
// board and history are replayed from it (games/go.h GoGame), and two lines
// share a record only when one is the other under a board symmetry. So every
// stored record is the exact value of that line, whatever the search did to
// find it.
//
// Rank: lines of length d form tier d; a line is a number in base W*H+1
// (the pass is W*H), first move most significant. Tiers go up to the longest
// length whose children's ranks still fit in 64 bits (lines of up to 14 moves
// on 4x4, 12 on 5x5, 10 on 7x7), which bounds --store-depth. Lines are searched (src/search/go/line_searcher.*),
// never strongly solved: solve needs --store-depth.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "games/game.h"
#include "games/go.h"

namespace gsolve {

class GoLine {
 public:
  static constexpr int kMaxLine = 160;  // moves a position holds (principal variations included)
  using Move = Go::Move;
  struct Position {
    std::uint8_t length = 0;
    std::array<Move, kMaxLine> moves{};  // zero past length: == compares lines
    friend bool operator==(const Position&, const Position&) = default;
  };
  static constexpr std::size_t kMaxMoves = Go::kMaxMoves;
  static constexpr bool kScored = true;
  static constexpr bool kLoopy = false;  // a line never repeats itself
  static constexpr bool kNeedsStoreDepth = true;
  static constexpr bool kSpacedMoves = true;  // a line's text separates its moves
  static constexpr std::string_view kName = "go";

  explicit GoLine(const Go& go);
  static GoLine from_options(std::string_view options) { return GoLine(Go::from_options(options)); }
  const Go& go() const { return go_; }
  std::string spec() const { return go_.spec(); }

  Position start() const { return {}; }
  // The line played out with its history (superko applied).
  GoGame replay(const Position& p) const;
  Terminal terminal(const Position& p) const;
  void generate_moves(const Position& p, MoveList<GoLine>& moves) const;
  Position play(const Position& p, Move m) const;  // throws past kMaxLine moves

  Position canonical(const Position& p) const;
  int symmetry_class_size(const Position& p) const;

  bool has_rank() const { return true; }
  int tier_count() const { return tiers_; }
  std::uint64_t tier_begin(int t) const { return tier_begin_[t]; }
  std::uint64_t rank_space() const { return tier_begin_[tiers_]; }
  int tier(const Position& p) const { return p.length; }
  std::uint64_t rank(const Position& p) const;  // lines up to tier_count() moves (one past the last tier)
  Position unrank(std::uint64_t rank) const;

  // GTP moves from the empty board ("b2 c3 pass") or an SGF game without
  // setup stones; illegal lines are refused.
  Position parse(std::string_view text) const;
  // The line of a game played from the empty board (nothing after setup stones).
  std::optional<Position> line_of(const GoGame& game) const;
  std::string format(const Position& p) const;  // the moves, "" for the empty board
  std::string format_move(const Position&, Move m) const { return go_.point_name(m); }
  Move parse_move(const Position& p, std::string_view text) const;

 private:
  Move transform(int symmetry, Move m) const;
  Position image(int symmetry, const Position& p) const;  // every move transformed
  int digit(Move m) const { return m == Go::kPass ? go_.points() : m; }

  Go go_;
  int symmetries_;  // 8 on squares, 4 on rectangles
  int tiers_;
  std::array<std::uint64_t, kMaxLine + 2> tier_begin_{};
};

}  // namespace gsolve
