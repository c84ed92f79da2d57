// From a game spec ("connect4:5x4", "tictactoe", "reversi:4x4") to a game
// object, dispatched at compile time: with_game calls f with the concrete game,
// so everything below it is instantiated per game and makes no virtual calls.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "games/connect4.h"
#include "games/game.h"
#include "games/go_line.h"
#include "games/input_quote.h"
#include "games/quickcross.h"
#include "games/reversi.h"
#include "games/tictactoe.h"
#include "games/treblecross.h"

namespace gsolve {

// Splits "name:options" (options may be empty).
inline std::pair<std::string_view, std::string_view> split_spec(std::string_view spec) {
  const auto colon = spec.find(':');
  if (colon == std::string_view::npos) return {spec, {}};
  return {spec.substr(0, colon), spec.substr(colon + 1)};
}

inline constexpr std::string_view kKnownGames = "connect4, tictactoe, reversi, quickcross, go, treblecross";

template <class F>
decltype(auto) with_game(std::string_view spec, F&& f) {
  const auto [name, options] = split_spec(spec);
  if (name == Connect4::kName) return f(Connect4::from_options(options));
  if (name == TicTacToe::kName) return f(TicTacToe::from_options(options));
  if (name == Reversi::kName) return f(Reversi::from_options(options));
  if (name == QuickCross::kName) return f(QuickCross::from_options(options));
  if (name == GoLine::kName) return f(GoLine::from_options(options));  // lines of play: the database's Go
  if (name == Treblecross::kName) return f(Treblecross::from_options(options));
  throw ParseError("unknown game '" + quote_input(name) + "' (known: " + std::string(kKnownGames) + ")");
}

}  // namespace gsolve
