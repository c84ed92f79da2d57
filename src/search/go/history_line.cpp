#include "src/search/go/history_line.h"

#include <algorithm>
#include <utility>

namespace gsolve::search::go {

std::uint64_t mix_board(std::uint64_t black, std::uint64_t white, std::uint64_t extra) {
  std::uint64_t h = black * 0x9e3779b97f4a7c15ull ^ (white + 0x632be59bd9b4e019ull) * 0xc2b2ae3d27d4eb4full ^ extra;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 32);
}

void SuperkoHits::add(int j) {
  if (j == INT_MAX || j == kept[0] || j == kept[1]) return;
  if (j < kept[1]) {
    dropped = std::min(dropped, kept[1]);
    kept[1] = j;
    if (kept[1] < kept[0]) std::swap(kept[0], kept[1]);
  } else {
    dropped = std::min(dropped, j);
  }
}

void SuperkoHits::merge(const SuperkoHits& o) {
  add(o.kept[0]);
  add(o.kept[1]);
  dropped = std::min(dropped, o.dropped);
}

void SuperkoHits::forget_from(int index) {
  if (kept[1] >= index) kept[1] = INT_MAX;
  if (kept[0] >= index) kept[0] = kept[1], kept[1] = INT_MAX;
  if (dropped >= index) dropped = INT_MAX;
}

HistoryLine::HistoryLine(const Go& go) : go_(go), symmetry_(go) { line_.reserve(1024); }

namespace {

// The node's keys and canonical board, from its boards and their turned copies.
void set_keys(const BoardSymmetry& symmetry, LineNode& n) {
  n.key = mix_board(n.black, n.white);
  const auto c = symmetry.least(n.turned_black, n.turned_white);
  n.canonical_black = c.black;
  n.canonical_white = c.white;
  n.symmetry = c.symmetry;
  n.invariant_key = mix_board(c.black, c.white);
}

}  // namespace

LineNode HistoryLine::make_node(std::uint64_t black, std::uint64_t white, int black_to_move, int passes) const {
  LineNode n{};
  n.black = black;
  n.white = white;
  n.black_to_move = static_cast<std::uint8_t>(black_to_move);
  n.passes = static_cast<std::uint8_t>(passes);
  symmetry_.apply_all(black, n.turned_black);
  symmetry_.apply_all(white, n.turned_white);
  set_keys(symmetry_, n);
  return n;
}

void HistoryLine::make_child(const LineNode& parent, Go::Move m, const Go::Position& q, LineNode& n) const {
  n = parent;
  n.black_to_move = q.black_to_move;
  n.passes = q.passes;
  if (m == Go::kPass) return;  // the same board
  n.black = q.black;
  n.white = q.white;
  // The mover's stone, and the opponent's stones it captured (rare: turned by the tables).
  const bool black_moved = parent.black_to_move;
  symmetry_.add_point(m, black_moved ? n.turned_black : n.turned_white);
  const std::uint64_t captured = black_moved ? parent.white & ~q.white : parent.black & ~q.black;
  if (captured) {
    std::uint64_t* opp = black_moved ? n.turned_white : n.turned_black;
    for (int s = 0; s < symmetry_.count(); ++s) opp[s] &= ~symmetry_.apply(s, captured);
  }
  set_keys(symmetry_, n);
}

void HistoryLine::load(const GoGame& game) {
  line_.clear();
  on_line_.fill(0);
  for (const auto& p : game.line()) push(make_node(p));
}

int HistoryLine::repeat_index(const LineNode& next) const {
  if (on_line_[next.key % kOnLine] == 0) return -1;
  for (int j = top(); j >= 0; --j) {
    const LineNode& q = line_[j];
    if (q.key != next.key || q.black != next.black || q.white != next.white) continue;
    if (go_.superko() == Superko::Positional || q.black_to_move == next.black_to_move) return j;
  }
  return -1;
}

bool HistoryLine::has_more_stones(bool black, std::uint64_t stones) const {
#ifdef GSOLVE_GO_MEASURE_NO_SUPERKO_CERT
  return false;  // unsound measurement build: no earlier board forbids a move
#endif
  return std::any_of(line_.begin(), line_.end(), [&](const LineNode& y) {
    return ExploredBoards::strictly_contains(black ? y.black : y.white, stones);
  });
}

bool HistoryLine::usable(const Certificate& c, const LineNode& n, int above, SuperkoHits& hits) const {
#ifdef GSOLVE_GO_MEASURE_NO_SUPERKO_CERT
  return true;  // unsound measurement build: every result holds on every line
#endif
  const int back = symmetry_.inverse(n.symmetry);
  const ExploredBoards seen = c.seen.transformed(symmetry_, back);
  std::uint64_t need_black[2], need_white[2];
  int found[2] = {-1, -1};
  for (int k = 0; k < c.hit_count; ++k) {
    need_black[k] = symmetry_.apply(back, c.hit_black[k]);
    need_white[k] = symmetry_.apply(back, c.hit_white[k]);
  }
  for (int j = 0; j < above; ++j) {
    const LineNode& y = line_[j];
    // The position before a pass (same board): on every line that reaches n.
    if (y.black == n.black && y.white == n.white &&
        (go_.superko() == Superko::Positional || (j == above - 1 && n.passes > 0)))
      continue;
    bool needed = false;
    for (int k = 0; k < c.hit_count; ++k)
      if (y.black == need_black[k] && y.white == need_white[k] &&
          (go_.superko() == Superko::Positional || y.black_to_move == c.hit_black_to_move[k])) {
        found[k] = j;
        needed = true;
      }
    if (!needed && seen.may_contain(y.black, y.white, y.invariant_key)) return false;
  }
  for (int k = 0; k < c.hit_count; ++k)
    if (found[k] < 0) return false;
  for (int k = 0; k < c.hit_count; ++k) hits.add(found[k]);
  return true;
}

Certificate HistoryLine::certificate(const LineNode& n, const ExploredBoards& seen, const SuperkoHits& hits) const {
  Certificate c;
  c.seen = seen.transformed(symmetry_, n.symmetry);
  for (const int j : hits.kept) {
    if (j == INT_MAX) continue;
    const int k = c.hit_count++;
    c.hit_black[k] = symmetry_.apply(n.symmetry, line_[j].black);
    c.hit_white[k] = symmetry_.apply(n.symmetry, line_[j].white);
    c.hit_black_to_move[k] = line_[j].black_to_move;
  }
  return c;
}

}  // namespace gsolve::search::go
