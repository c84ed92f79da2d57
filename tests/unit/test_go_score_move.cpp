// GoSolver::score_move (src/search/go/go_solver.h): a move that keeps the
// position's exact score, from the score's tests alone. Both sides playing
// such moves reach the game's value, superko included: 2x2's +1 and 2x4's
// lines of cycles are where a careless move gives points away or never ends.
#include <doctest/doctest.h>

#include <cstddef>

#include "games/go.h"
#include "src/search/go/go_solver.h"

using namespace gsolve;
using gsolve::search::go::GoSolver;

namespace {

// Black's score seen from the side to move's score at p.
int black_view(const Go::Position& p, int score) { return p.black_to_move ? score : -score; }

}  // namespace

TEST_CASE("go: both sides keeping the proven score reach the game's value") {
  struct Board {
    int width, height, value;  // Black's score from the empty board, komi 0 (docs/go.md)
  };
  for (const Board b : {Board{2, 2, 1}, Board{2, 3, 0}, Board{2, 4, 8}, Board{3, 3, 9}}) {
    CAPTURE(b.width);
    CAPTURE(b.height);
    const Go go(b.width, b.height);
    GoSolver solver(go, std::size_t{16} << 20);
    GoGame game(go);
    int plies = 0;
    for (; !game.over() && plies < 1000; ++plies) {
      int score = 0;
      const Go::Move m = solver.score_move(game, score);
      CHECK(black_view(game.position(), score) == b.value);  // every position of the line keeps the value
      GoGame child = game;
      child.play_unchecked(m);
      CHECK(black_view(child.position(), solver.solve(child)) == b.value);  // so does the move's child
      game = child;
    }
    REQUIRE(game.over());
    CHECK(black_view(game.position(), go.final_score(game.position())) == b.value);
    int score = 0;
    CHECK(solver.score_move(game, score) == Go::kPass);  // the game is over
    CHECK(black_view(game.position(), score) == b.value);
  }
}
