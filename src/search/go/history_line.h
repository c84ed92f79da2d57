// The line of play a Go search walks, with what a table result may depend on
// in it (the soundness policy under superko, go_solver.h): the superko test of
// a move, and the certificate that lets a stored result be used on another
// line. Shared by the timed search (timed_search.h) and the proof-number
// prover (prover.h).
#pragma once

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/go.h"
#include "src/search/go/board_symmetry.h"
#include "src/search/go/explored_boards.h"

namespace gsolve::search::go {

std::uint64_t mix_board(std::uint64_t black, std::uint64_t white, std::uint64_t extra = 0);

struct LineNode {  // one position of the line of play
  std::uint64_t black, white;
  std::uint8_t black_to_move, passes;
  std::uint64_t key;  // hash of the board (superko pre-test)
  std::uint64_t canonical_black, canonical_white;
  int symmetry;                 // maps the board to the canonical one
  std::uint64_t invariant_key;  // hash of the canonical board
  // The boards under every symmetry (BoardSymmetry::apply_all): a child's
  // canonical board is then a few ORs and compares, not 8 transforms.
  std::uint64_t turned_black[8], turned_white[8];
  Go::Position position() const { return {black, white, black_to_move, passes, {}}; }
  // The table key's side to move and passes; 0 marks an empty entry.
  std::uint8_t state() const { return static_cast<std::uint8_t>(1 + black_to_move + 2 * passes); }
};

// Line indices that superko tests of a subtree hit: every one is either kept
// or at least `dropped`.
struct SuperkoHits {
  int kept[2] = {INT_MAX, INT_MAX};
  int dropped = INT_MAX;
  void add(int j);
  void merge(const SuperkoHits& o);
  void forget_from(int index);  // hits at or below a node are part of every line reaching it
};

// What a stored result depends on, in the canonical frame of its position:
// the boards from above that its superko tests hit (at most two) and a
// summary of the boards it visited.
struct Certificate {
  std::uint8_t hit_count = 0;
  std::uint8_t hit_black_to_move[2] = {};
  std::uint64_t hit_black[2] = {}, hit_white[2] = {};
  ExploredBoards seen;
};

class HistoryLine {
 public:
  explicit HistoryLine(const Go& go);

  const Go& go() const { return go_; }
  const BoardSymmetry& symmetry() const { return symmetry_; }
  LineNode make_node(std::uint64_t black, std::uint64_t white, int black_to_move, int passes) const;
  LineNode make_node(const Go::Position& p) const { return make_node(p.black, p.white, p.black_to_move, p.passes); }
  // The node of q, a child of `parent` by move m (the same as make_node(q), faster).
  LineNode child_node(const LineNode& parent, Go::Move m, const Go::Position& q) const {
    LineNode n;
    make_child(parent, m, q, n);
    return n;
  }
  // The same made in place (the prover's frames: no second copy of a node).
  void make_child(const LineNode& parent, Go::Move m, const Go::Position& q, LineNode& n) const;

  void load(const GoGame& game);
  void push(const LineNode& n) {
    line_.push_back(n);
    ++on_line_[n.key % kOnLine];
  }
  void pop() {
    --on_line_[line_.back().key % kOnLine];
    line_.pop_back();
  }
  const LineNode& back() const { return line_.back(); }
  const LineNode& at(int i) const { return line_[static_cast<std::size_t>(i)]; }
  int top() const { return static_cast<int>(line_.size()) - 1; }  // index of back()

  // Line index of an earlier board that a stone move to next repeats (superko), or -1.
  int repeat_index(const LineNode& next) const;
  // Whether a board of the line has black (else white) stones strictly containing `stones` (kept_area).
  bool has_more_stones(bool black, std::uint64_t stones) const;
  // Whether a result with certificate c, stored for n's canonical position,
  // holds on the current line (n = back()); adds the line indices of its hit
  // boards to hits.
  bool usable(const Certificate& c, const LineNode& n, SuperkoHits& hits) const { return usable(c, n, top(), hits); }
  // The same for n a child of back(), not pushed.
  bool usable_child(const Certificate& c, const LineNode& n, SuperkoHits& hits) const {
    return usable(c, n, top() + 1, hits);
  }
  // The certificate of a result for n = back(), in the canonical frame; hits
  // must have been forgotten from n down (at most two kept, none dropped).
  Certificate certificate(const LineNode& n, const ExploredBoards& seen, const SuperkoHits& hits) const;
  // The visited boards of c seen from n's frame.
  ExploredBoards seen_of(const Certificate& c, const LineNode& n) const {
    return c.seen.transformed(symmetry_, symmetry_.inverse(n.symmetry));
  }
  // Hits on n, or on the board before a pass to it, hold on every line reaching n.
  void forget_own(const LineNode& n, SuperkoHits& hits) const { hits.forget_from(n.passes > 0 ? top() - 1 : top()); }

 private:
  // usable() over the boards line_[0, above), the line above n.
  bool usable(const Certificate& c, const LineNode& n, int above, SuperkoHits& hits) const;

  Go go_;
  BoardSymmetry symmetry_;
  std::vector<LineNode> line_;
  // How many boards of the line have each key's last bits: most children's
  // superko test ends at a zero, without walking the line.
  static constexpr std::size_t kOnLine = 1024;
  std::array<std::uint16_t, kOnLine> on_line_{};
};

}  // namespace gsolve::search::go
