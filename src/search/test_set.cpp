#include "src/search/test_set.h"

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "games/connect4.h"
#include "games/game.h"
#include "games/input_quote.h"
#include "games/reversi.h"
#include "src/search/searcher.h"

namespace gsolve::search {
namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// "+38", "-2", "0": the whole token must be an integer.
bool parse_score(const std::string& text, int& score) {
  std::size_t used = 0;
  try {
    score = std::stoi(text, &used);
  } catch (const std::exception&) {
    return false;
  }
  return used == text.size();
}

// "<board> <side>; <move>:<score>; ..." -> position, best score, every move's score.
SetLine parse_obf_line(const std::string& where, std::size_t number, const std::string& line) {
  SetLine out;
  out.line = number;
  std::istringstream fields(line);
  std::string field;
  std::getline(fields, field, ';');
  out.position = trim(field);
  while (std::getline(fields, field, ';')) {
    field = trim(field);
    if (field.empty()) continue;
    const auto colon = field.find(':');
    int score = 0;
    if (colon == std::string::npos || !parse_score(trim(field.substr(colon + 1)), score))
      throw ParseError(where + ": '" + quote_input(field) + "' is not <move>:<score>");
    out.moves.emplace_back(trim(field.substr(0, colon)), score);
  }
  if (out.moves.empty()) throw ParseError(where + ": no <move>:<score> after the position");
  out.expected = out.moves.front().second;
  return out;
}

// "<moves> <score>", or " <score>" (a blank first: the empty board). A line
// without a score is an error, never a score read from the moves.
SetLine parse_connect4_line(const std::string& where, std::size_t number, const std::string& line) {
  SetLine out;
  out.line = number;
  std::istringstream fields(line);
  std::vector<std::string> tokens;
  for (std::string t; fields >> t;) tokens.push_back(t);
  const bool empty_board = line[0] == ' ' || line[0] == '\t';
  const std::size_t want = empty_board ? 1 : 2;
  if (tokens.size() != want || !parse_score(tokens.back(), out.expected))
    throw ParseError(where + ": expected '<moves> <score>', got '" + quote_input(line) + "'");
  if (!empty_board) out.position = tokens[0];
  return out;
}

}  // namespace

TestSet read_test_set(const std::string& path, std::size_t limit) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  const std::string name = path.substr(path.find_last_of('/') + 1);
  const bool obf = ends_with(name, ".obf");
  TestSet set;
  set.name = name;
  // The board size from "WxH" in the name: reversi 8x8 and connect4 7x6 without one.
  int w = obf ? 8 : 7, h = obf ? 8 : 6;
  std::smatch match;
  if (std::regex_search(name, match, std::regex("([0-9]+)x([0-9]+)"))) {
    w = std::stoi(match[1]);
    h = std::stoi(match[2]);
  }
  set.game_spec = (obf ? "reversi:" : "connect4:") + std::to_string(w) + "x" + std::to_string(h);
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line) && (limit == 0 || set.lines.size() < limit)) {
    ++number;
    const std::string text = trim(line);
    if (text.empty() || (obf && text[0] == '%')) continue;
    const std::string where = name + ":" + std::to_string(number);
    // Connect 4 lines keep their leading blank: it marks the empty board.
    set.lines.push_back(obf ? parse_obf_line(where, number, text)
                            : parse_connect4_line(where, number, line.substr(0, line.find_last_not_of(" \t\r") + 1)));
  }
  if (set.lines.empty()) throw ParseError(name + ": no positions (every line is empty or a comment)");
  // Every position and every scored move must be legal in the game.
  for (const SetLine& l : set.lines) {
    const std::string where = name + ":" + std::to_string(l.line);
    try {
      if (obf) {
        const Reversi g = Reversi::from_options(std::to_string(w) + "x" + std::to_string(h));
        const auto p = g.parse(l.position);
        for (const auto& [move, score] : l.moves) (void)g.parse_move(p, move);
      } else {
        (void)Connect4::from_options(std::to_string(w) + "x" + std::to_string(h)).parse(l.position);
      }
    } catch (const ParseError& e) {
      throw ParseError(where + ": " + e.what());
    }
  }
  return set;
}

BenchResult run_benchmark_file(const std::string& path, const SearchOptions& options, std::size_t limit, bool weak) {
  const TestSet set = read_test_set(path, limit);
  if (set.game_spec.rfind("connect4:", 0) != 0) throw ParseError(path + ": not a Connect 4 test set");
  const Connect4 game = Connect4::from_options(set.game_spec.substr(9));
  Searcher<Connect4> searcher(game, options);
  return run_test_set(game, searcher, set, weak);
}

BenchResult run_benchmark_file(const std::string& path, int threads, std::size_t hash_mb, std::size_t limit,
                               bool weak) {
  SearchOptions options;
  options.threads = threads;
  options.hash_mb = hash_mb;
  return run_benchmark_file(path, options, limit, weak);
}

}  // namespace gsolve::search
