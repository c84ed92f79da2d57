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

TEST_CASE("go: a proven timed choice is a floor for the position one reply later, no other") {
  const Go go(3, 3);
  GoSolver solver(go, std::size_t{16} << 20);
  GoGame game(go);
  const GoSolver::TimedChoice first = solver.choose_move(game, 60);
  REQUIRE(first.proven);
  CHECK(go.point_name(first.move) == "b2");
  CHECK(first.lower == 9);
  CHECK(solver.kept_floor(game) == -search::go::TimedSearch::kInfinity);  // the choice's own position
  game.play_unchecked(first.move);
  CHECK(solver.kept_floor(game) == -search::go::TimedSearch::kInfinity);  // the reply's mover gets no floor
  GoGame reply = game;
  reply.play_unchecked(go.parse_vertex("a1"));
  CHECK(solver.kept_floor(reply) == 9);  // whatever White answers, Black keeps +9
  GoGame pass = game;
  pass.play_unchecked(Go::kPass);
  CHECK(solver.kept_floor(pass) == 9);
  GoGame two = reply;  // two moves on: the floor says nothing
  two.play_unchecked(go.parse_vertex("c3"));
  CHECK(solver.kept_floor(two) == -search::go::TimedSearch::kInfinity);
  GoGame out_of_turn = game;  // Black again, out of turn: not a reply
  out_of_turn.set_turn(true);
  out_of_turn.play_unchecked(go.parse_vertex("a1"));
  CHECK(solver.kept_floor(out_of_turn) == -search::go::TimedSearch::kInfinity);
  GoGame other(go);  // a new game object with the same moves
  other.play_unchecked(go.parse_vertex("b2"));
  other.play_unchecked(go.parse_vertex("a1"));
  CHECK(solver.kept_floor(other) == 9);  // the lines' positions are compared, not the objects
  // The next choice from the reply keeps +9 and carries the floor on.
  const GoSolver::TimedChoice second = solver.choose_move(reply, 60);
  REQUIRE(second.proven);
  CHECK(second.lower == 9);
  CHECK(solver.kept_floor(reply) == -search::go::TimedSearch::kInfinity);
  GoGame next = reply;
  next.play_unchecked(second.move);
  next.play_unchecked(Go::kPass);
  CHECK(solver.kept_floor(next) == 9);
}

TEST_CASE("go: a timed choice does not end the game by passing while another move may score more") {
  const Go go(5, 5);
  GoSolver solver(go, std::size_t{64} << 20);
  GoGame game(go);
  for (const char* m : {"c3", "c4", "b3", "pass"}) game.play(go.parse_move(game.position(), m));
  // Passing ends the game at +1 (two stones to one, no territory); the board is +25.
  const GoSolver::TimedChoice c = solver.choose_move(game, 0.5);
  CHECK_FALSE(c.proven);
  CHECK(c.move != Go::kPass);
  CHECK(c.upper > 1);
}
