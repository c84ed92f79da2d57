// The Go move predictor (src/search/go/move_predictor.h): the shipped table's
// checksum, its choices on fixed boards, and the prover's expansions with it.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "error_message.h"
#include "games/go.h"
#include "go_test_helpers.h"
#include "src/search/go/move_predictor.h"
#include "src/search/go/prover.h"

using namespace gsolve;
using gsolve::search::go::GoProver;
using gsolve::search::go::MovePredictor;

namespace {

const std::string kShipped = std::string(GSOLVE_DATA_DIR) + "/../../data/go/move-predictor-5x5.txt";

// The predictor's choice at the end of `line`, as a move's name, and whether
// it is confident.
std::string choice(const MovePredictor& predictor, const Go& go, const std::string& line) {
  const GoGame game = parse_go_game(go, line);
  const Go::Position p = game.position();
  Go::Move moves[Go::kMaxMoves + 1];
  int count = 0;
  for (int m = 0; m < go.points(); ++m) {
    Go::Position q;
    if (go.try_play(p, static_cast<Go::Move>(m), q)) moves[count++] = static_cast<Go::Move>(m);
  }
  const MovePredictor::Choice c = predictor.choose(go, p, moves, count);
  return c.child < 0 ? "none" : go.point_name(moves[c.child]) + (c.confident ? " confident" : "");
}

// The game after each legal move, in legal_moves' order.
std::vector<GoGame> children_of(const GoGame& game, MoveList<Go>& moves) {
  game.legal_moves(moves);
  std::vector<GoGame> children;
  for (const Go::Move m : moves) {
    children.push_back(game);
    children.back().play_unchecked(m);
  }
  return children;
}

std::string load_error(const std::string& path) {
  return gsolve::testing::error_message([&] { MovePredictor::load(path); });
}

}  // namespace

TEST_CASE("go move predictor: the shipped table loads, and a damaged or missing one is refused") {
  const Go go(5, 5);
  const MovePredictor predictor = MovePredictor::load(kShipped);
  // Black to move after GNU Go's line: pinned choices of the shipped table.
  CHECK(choice(predictor, go, "c3 c4 d4 d3 d2 b3 c2 d5 e3 b2") == "b4 confident");
  CHECK(choice(predictor, go, "c3 c4 d4 d3 d2 b3 c2 d5 e3 b2 b1 e4") == "d3");

  const std::string path = (std::filesystem::temp_directory_path() / "gsolve-bad-predictor.txt").string();
  std::ifstream in(kShipped);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text[text.find('\n') - 1] ^= 1;  // the first line's rate, one digit changed
  std::ofstream(path) << text;
  CHECK(load_error(path) == "go move predictor: " + path + " is damaged (checksum mismatch)");
  std::ofstream(path) << "63 2873\n";
  CHECK(load_error(path) == "go move predictor: " + path + " is damaged (no checksum line)");
  std::filesystem::remove(path);
  CHECK(load_error(path) == "go move predictor: cannot open " + path);
}

TEST_CASE("go move predictor: a move's features are the offline tool's") {
  // Black to move after GNU Go's first 8 moves; the values are those of
  // tools/go_measure/predict/feat2.py for the same board (groups in kGroupNames' order).
  const Go go(5, 5);
  const Go::Position p = parse_go_game(go, "c3 c4 d4 d3 d2 b3 c2 d5").position();
  using F = std::array<std::uint32_t, MovePredictor::kGroups>;
  CHECK(MovePredictor::features(go, p, go.parse_vertex("e3")) ==
        F{1165233, 3458993, 51121, 1, 0, 0, 3, 5, 0, 1, 0, 0, 0, 0, 2, 14});
  CHECK(MovePredictor::features(go, p, go.parse_vertex("e4")) ==
        F{2149234, 3918706, 52082, 0, 0, 0, 2, 1, 1, 0, 1, 0, 0, 0, 1, 9});
  CHECK(MovePredictor::features(go, p, go.parse_vertex("b2")) ==
        F{280, 14418200, 280, 0, 0, 0, 4, 1, 0, 1, 1, 1, 0, 0, 1, 16});
  CHECK(MovePredictor::features(go, p, go.parse_vertex("e5")) ==
        F{837567, 3393471, 51135, 0, 5, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1, 4});
}

TEST_CASE("go move predictor: the prover's expansions with it (5x5 after GNU Go's first 9 moves and a3)") {
  // Black needs the whole board. The prover searches the line as typed
  // (query searches its canonical orientation: 42,888 expansions with the
  // predictor, 422,851 without, tests/e2e/go.sh).
  const Go go(5, 5);
  REQUIRE(search::go::shipped_move_predictor(go) != nullptr);
  GoProver prover(go, std::size_t{256} << 20);
  CHECK(prover.at_least(parse_go_game(go, "c3 c4 d4 d3 d2 b3 c2 d5 e3 a3"), GoProver::Goal::Score, 25));
  CHECK(prover.nodes() == 42361);
  CHECK(search::go::shipped_move_predictor(Go(4, 4)) == nullptr);
}

TEST_CASE("go move predictor: on the empty board the prover prefers the centre, not the weights' choice") {
  // The weights were fitted on positions after c3: on the empty board, with
  // no pattern to read, they pick c2 (or a point like it); a split's first
  // child there took hours. The prover's prediction is c3.
  const Go go(5, 5);
  const MovePredictor& predictor = *search::go::shipped_move_predictor(go);
  const std::string weights = choice(predictor, go, "");
  CHECK(weights.substr(0, 2) != "c3");
  const GoGame empty = parse_go_game(go, "");
  MoveList<Go> moves;
  const std::vector<GoGame> children = children_of(empty, moves);
  GoProver prover(go, std::size_t{1} << 20);
  const int predicted = prover.predicted_child(empty, GoProver::Goal::Score, 25, children);
  REQUIRE(predicted >= 0);
  CHECK(go.point_name(moves[predicted]) == "c3");
  // Only where Black needs the whole board, as after any other line.
  CHECK(prover.predicted_child(empty, GoProver::Goal::Score, 1, children) == -1);
  // After a stone the weights choose again.
  const GoGame after = parse_go_game(go, "c3 c4 d4 d3 d2 b3 c2 d5 e3 a3");
  MoveList<Go> replies;
  const std::vector<GoGame> next = children_of(after, replies);
  const int chosen = prover.predicted_child(after, GoProver::Goal::Score, 25, next);
  REQUIRE(chosen >= 0);
  CHECK(choice(predictor, go, "c3 c4 d4 d3 d2 b3 c2 d5 e3 a3").substr(0, 2) == go.point_name(replies[chosen]));
}

TEST_CASE("go move predictor: after one stone the prover predicts the centre, not the weights' choice") {
  // A lone stone is no pattern the weights were fitted on: after a1 (or any
  // corner, b1, c1, b2) they choose c4, beside the centre. The prover's
  // prediction, which leads a split's children, is the centre itself.
  const Go go(5, 5);
  const MovePredictor& predictor = *search::go::shipped_move_predictor(go);
  for (const char* opening : {"a1", "e5", "b1", "c1", "b2"}) CHECK(choice(predictor, go, opening).substr(0, 2) == "c4");
  GoProver prover(go, std::size_t{1} << 20);
  for (const char* opening : {"a1", "b1", "c1", "b2", "c2"}) {
    CAPTURE(opening);
    const GoGame after = parse_go_game(go, opening);
    MoveList<Go> moves;
    const std::vector<GoGame> children = children_of(after, moves);
    const int predicted = prover.predicted_child(after, GoProver::Goal::Score, 25, children);
    REQUIRE(predicted >= 0);
    CHECK(go.point_name(moves[predicted]) == "c3");
  }
  // With the centre taken, the point nearest it that is free.
  const GoGame after_c3 = parse_go_game(go, "pass c3");
  MoveList<Go> moves;
  const std::vector<GoGame> children = children_of(after_c3, moves);
  const int predicted = prover.predicted_child(after_c3, GoProver::Goal::Score, 25, children);
  REQUIRE(predicted >= 0);
  CHECK(go.point_name(moves[predicted]) == go.point_name(search::go::points_from_centre(go)[1]));
}
