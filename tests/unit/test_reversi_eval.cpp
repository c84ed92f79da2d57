// The 8x8 reversi pattern evaluation (src/search/reversi/pattern_eval.h): its
// features, the shipped weights file and its checksum, pinned values.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "error_message.h"
#include "games/reversi.h"
#include "src/search/reversi/eval_search.h"
#include "src/search/reversi/pattern_eval.h"
#include "src/search/searcher.h"
#include "temp_dir.h"

using namespace gsolve::reversi;

namespace {

const std::string kShipped = std::string(GSOLVE_DATA_DIR) + "/../../data/reversi/eval-8x8.bin";

std::string load_error(const std::string& path) {
  return gsolve::testing::error_message([&] { PatternEval::load(path); });
}

}  // namespace

TEST_CASE("reversi eval: 46 placements, every feature inside its stage's weights") {
  int placements = 0;
  for (const auto& s : PatternEval::shapes()) placements += s.placements;
  CHECK(placements == PatternEval::kFeatures - 3);
  const gsolve::Reversi game(8);
  const auto p = game.parse("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X");
  int f[PatternEval::kFeatures];
  PatternEval::features(p.own, p.opp, f);
  for (const int i : f) {
    CHECK(i >= 0);
    CHECK(i < PatternEval::weights_per_stage());
  }
  CHECK(f[PatternEval::kFeatures - 1] == PatternEval::bias_offset());
}

TEST_CASE("reversi eval: the shipped weights load; a damaged, short or missing file is refused") {
  const PatternEval eval = PatternEval::load(kShipped);
  CHECK(eval.stages() >= 1);
  CHECK(eval.weights().size() == static_cast<std::size_t>(eval.stages()) * PatternEval::weights_per_stage());
  std::ifstream in(kShipped, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  gsolve::testing::TempDir dir;
  const std::string damaged = dir.file("damaged.bin"), short_file = dir.file("short.bin");
  bytes[bytes.size() / 2] ^= 1;
  std::ofstream(damaged, std::ios::binary) << bytes;
  CHECK(load_error(damaged).find("damaged.bin is damaged (checksum mismatch)") != std::string::npos);
  std::ofstream(short_file, std::ios::binary) << bytes.substr(0, 1000);
  CHECK(load_error(short_file).find("short.bin is damaged (wrong size)") != std::string::npos);
  CHECK(load_error(dir.file("none.bin")).find("cannot open") != std::string::npos);
  // What save writes, load reads back.
  const std::string copy = dir.file("copy.bin");
  eval.save(copy);
  CHECK(PatternEval::load(copy).weights() == eval.weights());
}

TEST_CASE("reversi eval: pinned values of the shipped weights") {
  const PatternEval eval = PatternEval::load(kShipped);
  CHECK(eval.stages() == 11);  // 10-11 empties to 30-31
  const gsolve::Reversi game(8);
  // FFO #1 (14 empties, +18), #2 (+10), #40 (20 empties, +38): 1/64 discs for the side to move.
  const char* boards[] = {"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
                          "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X",
                          "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"};
  const int pinned[] = {580, 803, 2204};  // 9.1, 12.5 and 34.4 discs
  for (int i = 0; i < 3; ++i) {
    const auto p = game.parse(boards[i]);
    CHECK(eval.evaluate(p.own, p.opp, gsolve::reversi::count(~(p.own | p.opp))) == pinned[i]);
  }
}

// Plain negamax on the evaluation, no cut-off: what eval_search must return in a full window.
int negamax_on_eval(const PatternEval& eval, u64 own, u64 opp, int depth) {
  const u64 empty = ~(own | opp);
  if (depth == 0) return eval.evaluate(own, opp, count(empty));
  const u64 moves = legal_moves(own, opp) & empty;
  if (!moves) {
    if (!(legal_moves(opp, own) & empty)) return final_score(own, opp, count(empty)) * PatternEval::kScale;
    return -negamax_on_eval(eval, opp, own, depth);
  }
  int best = -(1 << 20);
  for (u64 m = moves; m; m &= m - 1) {
    const int sq = __builtin_ctzll(m);
    const u64 f = flips(own, opp, sq);
    best = std::max(best, -negamax_on_eval(eval, opp & ~f, own | f | (u64{1} << sq), depth - 1));
  }
  return best;
}

TEST_CASE("reversi eval: the shallow search on it equals negamax in a full window, and bounds it in a narrow one") {
  const PatternEval eval = PatternEval::load(kShipped);
  const gsolve::Reversi game(8);
  const char* boards[] = {"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
                          "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"};
  for (const char* b : boards) {
    const auto p = game.parse(b);
    for (int depth = 0; depth <= 3; ++depth) {
      const int exact = negamax_on_eval(eval, p.own, p.opp, depth);
      std::uint64_t nodes = 0;
      CHECK(eval_search(eval, p.own, p.opp, ~(p.own | p.opp), depth, -(1 << 20), 1 << 20, nodes) == exact);
      CHECK(nodes > 0);
      // Fail-soft: at or above beta when the value is, at or below alpha when it is.
      const int low = eval_search(eval, p.own, p.opp, ~(p.own | p.opp), depth, exact + 10, exact + 11, nodes);
      CHECK(low <= exact + 10);
      CHECK(low >= exact);
      const int high = eval_search(eval, p.own, p.opp, ~(p.own | p.opp), depth, exact - 11, exact - 10, nodes);
      CHECK(high >= exact - 10);
      CHECK(high <= exact);
    }
  }
}

TEST_CASE("reversi eval: searches that order and guess with it stay exact (fforum-1-19)") {
  setenv("GSOLVE_REVERSI_EVAL_ORDER", "10", 1);
  setenv("GSOLVE_REVERSI_EVAL_GUESS", "1", 1);
  gsolve::search::SearchOptions opt;
  opt.hash_mb = 16;
  gsolve::search::Searcher<gsolve::Reversi> searcher(gsolve::Reversi(8), opt);
  unsetenv("GSOLVE_REVERSI_EVAL_ORDER");
  unsetenv("GSOLVE_REVERSI_EVAL_GUESS");
  std::ifstream in(std::string(GSOLVE_DATA_DIR) + "/reversi/fforum-1-19.obf");
  int solved = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '%') continue;
    const auto p = searcher.game().parse(line);
    const std::size_t colon = line.find(':');
    REQUIRE(colon != std::string::npos);
    searcher.clear();
    CHECK(searcher.solve(p) == std::stoi(line.substr(colon + 1)));
    ++solved;
  }
  CHECK(solved == 19);
}
