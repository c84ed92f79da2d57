// Shared by the libFuzzer targets: a contract check that aborts (libFuzzer
// reports it as a crash with the input that caused it), and the games the
// position and move targets parse with (the first input byte picks one).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "games/registry.h"

#define FUZZ_CHECK(cond)                                                            \
  do {                                                                              \
    if (!(cond)) {                                                                  \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)

namespace gsolve::fuzz {

// Every game kind and the sizes whose code paths differ (ranked or not,
// 8x8 frame or smaller, quickcross with connect=, treblecross's widest strip).
inline constexpr std::string_view kSpecs[] = {"connect4:4x4",
                                              "connect4:5x4",
                                              "connect4:7x6",
                                              "connect4:8x7",
                                              "tictactoe",
                                              "reversi:4x4",
                                              "reversi:6x6",
                                              "reversi:8x8",
                                              "quickcross:3x3",
                                              "quickcross:4x4",
                                              "quickcross:3x4,connect=3",
                                              "go:3x3",
                                              "treblecross:9",
                                              "treblecross:40"};

// Calls f(game) with the game picked by `selector`.
template <class F>
void with_fuzz_game(std::uint8_t selector, F&& f) {
  with_game(kSpecs[selector % std::size(kSpecs)], std::forward<F>(f));
}

// The position text contract: text either throws ParseError or gives a
// position that survives format -> parse unchanged, whose legal moves survive
// format_move -> parse_move, and (ranked games) whose canonical form survives
// rank -> unrank (where its tier is ranked: go lines past the last tier are not).
template <class G>
void check_position_text(const G& g, std::string_view text) {
  typename G::Position p;
  try {
    p = g.parse(text);
  } catch (const ParseError&) {
    return;
  }
  const std::string shown = g.format(p);
  FUZZ_CHECK(g.parse(shown) == p);
  FUZZ_CHECK(g.format(g.parse(shown)) == shown);

  const auto c = g.canonical(p);
  FUZZ_CHECK(g.canonical(c) == c);
  FUZZ_CHECK(g.symmetry_class_size(p) >= 1);
  if (g.has_rank() && g.tier(c) < g.tier_count()) {
    const auto r = g.rank(c);
    FUZZ_CHECK(r < g.rank_space());
    FUZZ_CHECK(g.unrank(r) == c);
  }

  if (g.terminal(p).value != Value::Unknown) return;
  MoveList<G> moves;
  g.generate_moves(p, moves);
  FUZZ_CHECK(!moves.empty());
  for (const auto m : moves) {
    FUZZ_CHECK(g.parse_move(p, g.format_move(p, m)) == m);
    (void)g.terminal(g.play(p, m));
  }
}

}  // namespace gsolve::fuzz
