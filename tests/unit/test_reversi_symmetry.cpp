// Reversi search near the start: positions in canonical orientation
// (src/search/reversi/symmetry.h) and symmetric children searched once.
#include <doctest/doctest.h>

#include <random>

#include "games/reversi.h"
#include "games/reversi_kernel.h"
#include "src/search/reversi/plugin.h"
#include "src/search/reversi/symmetry.h"
#include "src/search/searcher.h"

using namespace gsolve::reversi;

namespace {

struct NoTables {  // expand's table handle: prefetches nothing
  void prefetch(const gsolve::search::ReversiKey&, bool) const {}
};

// The children the plug-in expands at the start of reversi:NxN.
int children_at_start(int n) {
  const gsolve::Reversi game(n);
  const gsolve::search::ReversiPlugin plugin(game);
  gsolve::search::Node<gsolve::search::ReversiPlugin> node;
  int alpha = -n * n - 1, beta = n * n + 1, value = 0;
  const auto e = plugin.expand(plugin.root(game.start()), alpha, beta, node, value, NoTables{});
  REQUIRE(e == gsolve::search::Expand::expanded);
  return node.count;
}

}  // namespace

TEST_CASE("reversi symmetry: the canonical image is the least of the 8 and the same for each of them") {
  std::mt19937_64 rng(8);
  for (const int n : {4, 6, 8}) {
    for (int i = 0; i < 200; ++i) {
      const u64 occupied = rng() & board_mask(n), own = occupied & rng(), opp = occupied & ~own;
      u64 c_own = own, c_opp = opp;
      canonicalise(c_own, c_opp, n);
      bool is_image = false;
      for (int s = 0; s < 8; ++s) {
        u64 o = transform(own, s, n), p = transform(opp, s, n);
        is_image |= o == c_own && p == c_opp;
        CHECK((c_own < o || (c_own == o && c_opp <= p)));
        canonicalise(o, p, n);
        CHECK(o == c_own);
        CHECK(p == c_opp);
      }
      CHECK(is_image);
    }
  }
}

TEST_CASE("reversi symmetry: the start's four symmetric first moves are one child to the search") {
  CHECK(children_at_start(4) == 1);
  CHECK(children_at_start(6) == 1);
  CHECK(children_at_start(8) == 1);
}

TEST_CASE("reversi symmetry: every move of a symmetric 6x6 position keeps its exact score") {
  // Symmetric under the a1-f6 diagonal: d1/a4, e1/a5, c2/b3, d2/b4 are pairs.
  const gsolve::Reversi game(6);
  const auto p = game.parse("O------O--O---OOXX--OXX--OXX----X--- X");
  gsolve::search::SearchOptions opt;
  opt.hash_mb = 16;
  gsolve::search::Searcher<gsolve::Reversi> searcher(game, opt);
  CHECK(searcher.solve(p) == 12);
  const char* moves[] = {"d1", "e1", "c2", "d2", "b3", "a4", "b4", "a5"};
  const int scores[] = {-14, -16, 12, 4, 12, -14, 4, -16};  // gsolve query before symmetry was used
  for (int i = 0; i < 8; ++i) {
    const auto child = game.play(p, game.parse_move(p, moves[i]));
    CHECK(-searcher.solve(child) == scores[i]);
  }
}

TEST_CASE("reversi symmetry: a position's and its moves' records in a row equal each searched alone") {
  // Symmetric under the a1-f6 diagonal, 19 discs: the children are turned
  // (symmetry.h) and the symmetric moves c2/b3, d2/b4, d1/a4, e1/a5 share one
  // child. As query does: the position's record, then each move's (canonical
  // form) on the same table and remoteness memo; against a fresh searcher
  // per move on the child as played. Records from gsolve query before the
  // remoteness walk followed the search's orientation and kept its memo.
  const gsolve::Reversi game(6);
  const auto p = game.parse("O------O--O---OOXX--OXXX-OXX-X--XXXO X");
  gsolve::search::SearchOptions opt;
  opt.hash_mb = 16;
  gsolve::search::Searcher<gsolve::Reversi> shared(game, opt);
  CHECK(shared.record(game.canonical(p)) == gsolve::Record{gsolve::Value::Lose, 18, -22});
  const std::uint64_t position_nodes = shared.nodes();
  const char* moves[] = {"c2", "b3", "d2", "b4", "d1", "a4", "e1", "a5"};
  const gsolve::Record expected[] = {{gsolve::Value::Win, 17, 22}, {gsolve::Value::Win, 17, 22},
                                     {gsolve::Value::Win, 17, 22}, {gsolve::Value::Win, 17, 22},
                                     {gsolve::Value::Win, 17, 28}, {gsolve::Value::Win, 17, 28},
                                     {gsolve::Value::Win, 15, 30}, {gsolve::Value::Win, 15, 30}};
  std::uint64_t alone_nodes = 0;
  for (int i = 0; i < 8; ++i) {
    CAPTURE(moves[i]);
    const auto child = game.play(p, game.parse_move(p, moves[i]));
    CHECK(shared.record(game.canonical(child)) == expected[i]);
    gsolve::search::Searcher<gsolve::Reversi> alone(game, opt);
    CHECK(alone.record(child) == expected[i]);
    alone_nodes += alone.nodes();
  }
  // The moves reuse the position's walk memo and table: 0.80M nodes against
  // 3.83M searched alone (1.6M when each record walked afresh).
  CHECK(shared.nodes() - position_nodes < alone_nodes / 4);
}
