// What the page draws for a position: the board as a grid of characters
// (rows top to bottom), the labels of its rows and columns, the side to move,
// and every legal move with the square it marks and the position it leads to.
// The square of a move is found by comparing the grids before and after it
// (the one empty square it fills, or the one square it changes), so no
// game's move names are parsed twice.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/connect4.h"
#include "games/game.h"
#include "games/go.h"
#include "games/go_line.h"
#include "games/quickcross.h"
#include "games/reversi.h"
#include "games/tictactoe.h"
#include "games/treblecross.h"

namespace gsolve::serve {

struct Grid {
  std::vector<std::string> rows;  // top to bottom; '.' or '-' empty
  std::vector<std::string> row_labels, col_labels;
  std::string to_move;  // "X", "O", or "" (an impartial game)
};

inline std::vector<std::string> split_rows(const std::string& cells, int rows, int cols) {
  std::vector<std::string> out;
  for (int r = 0; r < rows; ++r) out.push_back(cells.substr(static_cast<std::size_t>(r * cols), cols));
  return out;
}

inline std::vector<std::string> letters(int n, bool skip_i = false) {
  std::vector<std::string> out;
  for (int c = 0; c < n; ++c) out.emplace_back(1, static_cast<char>('a' + c + (skip_i && c >= 8 ? 1 : 0)));
  return out;
}

inline std::vector<std::string> numbers(int from, int n, int step) {
  std::vector<std::string> out;
  for (int k = 0; k < n; ++k) out.push_back(std::to_string(from + k * step));
  return out;
}

inline Grid grid_of(const TicTacToe& g, const TicTacToe::Position& p) {
  return {split_rows(g.format(p), 3, 3), numbers(1, 3, 1), letters(3), TicTacToe::x_to_move(p) ? "X" : "O"};
}

// Connect 4's text is its moves (1-based columns): the discs are dropped again.
inline Grid grid_of(const Connect4& g, const std::string& moves) {
  const int w = g.width(), h = g.height();
  std::vector<std::string> rows(h, std::string(w, '.'));
  std::vector<int> height(w, 0);
  int ply = 0;
  for (const char c : moves) {
    if (c < '1' || c >= '1' + w) continue;
    const int col = c - '1';
    if (height[col] < h) rows[h - 1 - height[col]++][col] = ply++ % 2 ? 'O' : 'X';
  }
  return {rows, numbers(h, h, -1), numbers(1, w, 1), ply % 2 ? "O" : "X"};
}

inline Grid grid_of(const Reversi& g, const Reversi::Position& p) {
  const std::string text = g.format(p);
  const int n = g.size();
  return {split_rows(text, n, n), numbers(1, n, 1), letters(n), text.substr(text.size() - 1)};
}

inline Grid grid_of(const QuickCross& g, const QuickCross::Position& p) {
  return {split_rows(g.format(p), g.rows(), g.cols()), numbers(1, g.rows(), 1), letters(g.cols()), ""};
}

// Treblecross: one row of cells.
inline Grid grid_of(const Treblecross& g, const Treblecross::Position& p) {
  const std::string cells = g.format(p);
  return {{cells}, {"1"}, numbers(1, static_cast<int>(cells.size()), 1), ""};
}

// Go: the board at the end of the line, rows top to bottom, GTP coordinates.
inline Grid grid_of(const GoLine& g, const GoLine::Position& p) {
  const Go& go = g.go();
  const std::string text = go.format(g.replay(p).position());  // "X..O/..../... X"
  std::string cells;
  for (const char c : text.substr(0, text.find(' ')))
    if (c != '/') cells += c;
  const auto side = text.find(' ');
  return {split_rows(cells, go.height(), go.width()), numbers(go.height(), go.height(), -1), letters(go.width(), true),
          text.substr(side + 1, 1)};
}

template <Game G>
Grid grid_of(const G& g, const typename G::Position& p, const std::string& text) {
  if constexpr (std::is_same_v<G, Connect4>)
    return grid_of(g, text);
  else
    return grid_of(g, p);
}

// The square a move marks: the one empty square it fills, else the one square
// it changes (a Quick Cross piece turned over); none for a pass.
inline nlohmann::json square_of(const Grid& before, const Grid& after) {
  nlohmann::json changed = nullptr;
  int changes = 0;
  for (std::size_t r = 0; r < before.rows.size(); ++r)
    for (std::size_t c = 0; c < before.rows[r].size(); ++c) {
      const char b = before.rows[r][c], a = after.rows[r][c];
      if (a == b) continue;
      if (b == '.' || b == '-') {
        if (a != '.' && a != '-') return {r, c};
      }
      ++changes;
      changed = {r, c};
    }
  return changes == 1 ? changed : nlohmann::json(nullptr);
}

// The text of the position a move leads to: Connect 4 keeps the moves as typed.
template <Game G>
std::string child_text(const G& g, const typename G::Position& p, typename G::Move m, const std::string& text) {
  if constexpr (std::is_same_v<G, Connect4>)
    return text + g.format_move(p, m);
  else
    return g.format(g.play(p, m));
}

// The board of a position in text form; throws ParseError on bad text.
template <Game G>
nlohmann::json board_json(const G& g, const std::string& text) {
  const auto p = g.parse(text);
  const Grid grid = grid_of(g, p, text);
  nlohmann::json moves = nlohmann::json::array();
  if (!g.terminal(p).primitive()) {
    MoveList<G> list;
    g.generate_moves(p, list);
    for (const auto m : list) {
      const std::string next = child_text(g, p, m, text);
      const Grid after = grid_of(g, g.play(p, m), next);
      moves.push_back({{"move", g.format_move(p, m)}, {"position", next}, {"square", square_of(grid, after)}});
    }
  }
  return {
      {"position", text},        {"rows", grid.rows}, {"row_labels", grid.row_labels}, {"col_labels", grid.col_labels},
      {"to_move", grid.to_move}, {"moves", moves}};
}

}  // namespace gsolve::serve
