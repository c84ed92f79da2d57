// Helpers the Go unit tests share: a table-free naive Go solver (the reference
// the prover is checked against), parse errors as text, and lines replayed or
// listed from the empty board.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/go.h"

namespace gsolve::testing {

// A second, deliberately naive Go: one cell per slot, recursive flood fill, the
// whole history of boards compared cell by cell. Nothing shared with games/go.cpp
// or the solver. Plain alpha-beta over the full history, no table, passes first.
struct NaiveGo {
  int w, h;
  bool situational = false;
  long budget = -1;  // nodes before a solve gives up (throws OverBudget); -1: none
  struct OverBudget {};
  using Board = std::vector<int>;  // 0 empty, 1 black, 2 white
  struct Seen {
    Board board;
    int to_move;
  };

  int cells() const { return w * h; }
  std::vector<int> adjacent(int i) const {
    std::vector<int> out;
    const int x = i % w, y = i / w;
    if (x > 0) out.push_back(i - 1);
    if (x + 1 < w) out.push_back(i + 1);
    if (y > 0) out.push_back(i - w);
    if (y + 1 < h) out.push_back(i + w);
    return out;
  }
  void group(const Board& b, int i, std::vector<bool>& in) const {
    in[i] = true;
    for (int j : adjacent(i))
      if (!in[j] && b[j] == b[i]) group(b, j, in);
  }
  bool has_liberty(const Board& b, int i) const {
    std::vector<bool> in(cells(), false);
    group(b, i, in);
    for (int k = 0; k < cells(); ++k)
      if (in[k])
        for (int j : adjacent(k))
          if (b[j] == 0) return true;
    return false;
  }
  void remove_group(Board& b, int i) const {
    std::vector<bool> in(cells(), false);
    group(b, i, in);
    for (int k = 0; k < cells(); ++k)
      if (in[k]) b[k] = 0;
  }
  // The board after `side` plays at i, or false when occupied or suicide.
  bool place(const Board& b, int side, int i, Board& out) const {
    if (b[i] != 0) return false;
    out = b;
    out[i] = side;
    for (int j : adjacent(i))
      if (out[j] == 3 - side && !has_liberty(out, j)) remove_group(out, j);
    return has_liberty(out, i);
  }
  // Black's area minus White's.
  int area(const Board& b) const {
    int score = 0;
    std::vector<bool> done(cells(), false);
    for (int i = 0; i < cells(); ++i) {
      if (b[i] == 1) ++score;
      if (b[i] == 2) --score;
      if (b[i] != 0 || done[i]) continue;
      std::vector<int> stack{i};
      done[i] = true;
      int size = 0;
      bool black = false, white = false;
      while (!stack.empty()) {
        const int k = stack.back();
        stack.pop_back();
        ++size;
        for (int j : adjacent(k)) {
          if (b[j] == 1) black = true;
          if (b[j] == 2) white = true;
          if (b[j] == 0 && !done[j]) done[j] = true, stack.push_back(j);
        }
      }
      if (black && !white) score += size;
      if (white && !black) score -= size;
    }
    return score;
  }
  bool repeated(const std::vector<Seen>& history, const Board& b, int to_move) const {
    for (const auto& s : history)
      if (s.board == b && (!situational || s.to_move == to_move)) return true;
    return false;
  }
  // Score for the side to move, history = every position so far (the current one last).
  int alphabeta(std::vector<Seen>& history, int passes, int alpha, int beta, long& nodes) const {
    if (++nodes > budget && budget >= 0) throw OverBudget{};
    const Board b = history.back().board;
    const int side = history.back().to_move;
    if (passes == 2) return side == 1 ? area(b) : -area(b);
    int best = -1000;
    for (int i = -1; i < cells(); ++i) {  // -1: the pass, first
      Board next = b;
      if (i >= 0 && (!place(b, side, i, next) || repeated(history, next, 3 - side))) continue;
      history.push_back({next, 3 - side});
      const int v = -alphabeta(history, i < 0 ? passes + 1 : 0, -beta, -alpha, nodes);
      history.pop_back();
      best = std::max(best, v);
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
    return best;
  }
  // Replays GoGame's moves (points in the same y * w + x numbering) and solves.
  int solve(const std::vector<int>& moves, long& nodes) const {
    std::vector<Seen> history{{Board(cells(), 0), 1}};
    int passes = 0;
    for (int m : moves) {
      const Board b = history.back().board;
      const int side = history.back().to_move;
      Board next = b;
      if (m >= 0) REQUIRE(place(b, side, m, next));
      history.push_back({next, 3 - side});
      passes = m < 0 ? passes + 1 : 0;
    }
    return alphabeta(history, passes, -1000, 1000, nodes);
  }
};

// The message parse_go_game throws for text, or "(no error)".
inline std::string parse_error(const Go& go, const std::string& text) {
  try {
    parse_go_game(go, text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "(no error)";
}

// The game after the line's moves from the empty board (-1 is a pass).
inline GoGame replay(const Go& go, const std::vector<int>& line) {
  GoGame game(go);
  for (int m : line) game.play(m < 0 ? Go::kPass : static_cast<Go::Move>(m));
  return game;
}
// Every legal line of up to max_moves moves from the empty board (stones and
// passes; -1 is a pass), shortest first.
inline std::vector<std::vector<int>> every_line(const Go& go, std::size_t max_moves) {
  std::vector<std::vector<int>> lines{{}};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].size() >= max_moves) continue;
    MoveList<Go> moves;
    replay(go, lines[i]).legal_moves(moves);
    for (const auto m : moves) {
      auto next = lines[i];
      next.push_back(m == Go::kPass ? -1 : m);
      lines.push_back(next);
    }
  }
  return lines;
}

}  // namespace gsolve::testing
