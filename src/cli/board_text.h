// The board of a position drawn for query's text report: rows top to bottom
// with the coordinates its moves are named in (Go: a..  and h..1; reversi:
// a.. and 1..n; Connect 4: the column numbers under it), then whose turn it
// is. Empty for games whose text form is already the board.
#pragma once

#include <string>
#include <type_traits>
#include <vector>

#include "games/connect4.h"
#include "games/go_line.h"
#include "games/reversi.h"

namespace gsolve::cli {

namespace board_detail {

// rows: top to bottom, one character per cell; labels beside each row and under each column.
inline std::string draw(const std::vector<std::string>& rows, const std::vector<std::string>& row_labels,
                        const std::string& columns, const std::string& to_move) {
  std::string out;
  std::size_t label = 0;
  for (const auto& l : row_labels) label = std::max(label, l.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line = "    " + std::string(label - row_labels[r].size(), ' ') + row_labels[r];
    for (const char c : rows[r]) line += std::string(" ") + c;
    out += line + "\n";
  }
  std::string under = "    " + std::string(label, ' ');
  for (const char c : columns) under += std::string(" ") + c;
  return out + under + "\n    " + to_move + " to move\n";
}

}  // namespace board_detail

// The board in one line where a position's text is not the board (Go: its
// line of play): rows top to bottom joined by '/', then the side to move.
template <class G>
std::string board_line(const G& g, const typename G::Position& p) {
  if constexpr (std::is_same_v<G, GoLine>) return g.go().format(g.replay(p).position());
  (void)g, (void)p;
  return {};
}

template <class G>
std::string board_text(const G& g, const typename G::Position& p) {
  using board_detail::draw;
  if constexpr (std::is_same_v<G, GoLine>) {
    const Go& go = g.go();
    const std::string flat = go.format(g.replay(p).position());  // "X.O/.../... X passes=1"
    std::vector<std::string> rows, labels;
    std::string columns;
    for (int x = 0; x < go.width(); ++x) columns += go.point_name(x)[0];
    for (int y = 0; y < go.height(); ++y) {
      rows.push_back(flat.substr(static_cast<std::size_t>(y) * (go.width() + 1), go.width()));
      labels.push_back(std::to_string(go.height() - y));
    }
    const std::size_t side = static_cast<std::size_t>(go.height()) * (go.width() + 1);
    return draw(rows, labels, columns, flat[side] == 'X' ? "black (X)" : "white (O)");
  } else if constexpr (std::is_same_v<G, Reversi>) {
    const std::string flat = g.format(p);  // n*n cells, a space, the side to move
    const int n = static_cast<int>(flat.find(' '));
    int size = 0;
    while (size * size < n) ++size;
    std::vector<std::string> rows, labels;
    std::string columns;
    for (int r = 0; r < size; ++r) {
      rows.push_back(flat.substr(static_cast<std::size_t>(r * size), size));
      labels.push_back(std::to_string(r + 1));
      columns += static_cast<char>('a' + r);
    }
    return draw(rows, labels, columns, flat.back() == 'X' ? "black (X)" : "white (O)");
  } else if constexpr (std::is_same_v<G, Connect4>) {
    const std::string moves = g.format(p);  // the columns played, '1'..
    if (moves.starts_with('?')) return {};
    std::vector<std::string> grid(static_cast<std::size_t>(g.height()), std::string(g.width(), '.'));
    std::vector<int> filled(static_cast<std::size_t>(g.width()), 0);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int column = g.parse_move(g.start(), std::string(1, moves[i]));
      grid[static_cast<std::size_t>(g.height() - 1 - filled[column]++)][column] = i % 2 ? 'O' : 'X';
    }
    std::string columns;
    for (int c = 0; c < g.width(); ++c) columns += g.format_move(p, c);
    return draw(grid, std::vector<std::string>(grid.size()), columns, moves.size() % 2 ? "O" : "X");
  } else {
    (void)g, (void)p;
    return {};
  }
}

}  // namespace gsolve::cli
