// The 6x6 reversi pattern evaluation (src/search/reversi/pattern_eval.h,
// BoardPatternEval<6>): its features on the 6x6 board, the shipped weights
// file and its checksum, pinned values, and 6x6 searches ordered by it exact.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "error_message.h"
#include "games/reversi.h"
#include "src/search/reversi/pattern_eval.h"
#include "src/search/searcher.h"
#include "temp_dir.h"

using namespace gsolve::reversi;

namespace {

const std::string kShipped6 = std::string(GSOLVE_DATA_DIR) + "/../../data/reversi/eval-6x6.bin";

template <class Eval>
std::string load_error(const std::string& path) {
  return gsolve::testing::error_message([&] { Eval::load(path); });
}

int empties6(u64 own, u64 opp) { return count(board_mask(6) & ~(own | opp)); }

}  // namespace

TEST_CASE("reversi eval 6x6: 34 placements on the board, every feature inside its stage's weights") {
  int placements = 0;
  for (const auto& s : PatternEval6::shapes()) {
    placements += s.placements;
    for (int p = 0; p < s.placements; ++p)
      for (int k = 0; k < s.squares; ++k) CHECK(((board_mask(6) >> s.at[p][k]) & 1) == 1);
  }
  CHECK(placements == PatternEval6::kFeatures - 3);
  CHECK(placements == 34);
  const gsolve::Reversi game(6);
  const auto p = game.parse("--O-X-O-OX--XOOO---XOO--XO---------- X");
  int f[PatternEval6::kFeatures];
  PatternEval6::features(p.own, p.opp, f);
  for (const int i : f) {
    CHECK(i >= 0);
    CHECK(i < PatternEval6::weights_per_stage());
  }
  // Mobility counts the 6x6 board's moves only (the frame's other squares are no moves).
  CHECK(f[PatternEval6::kFeatures - 3] ==
        PatternEval6::mobility_offset() + count(legal_moves(p.own, p.opp) & board_mask(6) & ~(p.own | p.opp)));
  CHECK(f[PatternEval6::kFeatures - 1] == PatternEval6::bias_offset());
}

TEST_CASE("reversi eval 6x6: the shipped weights load; a damaged file or the other board's is refused") {
  const PatternEval6 eval = PatternEval6::load(kShipped6);
  CHECK(eval.stages() >= 1);
  CHECK(eval.weights().size() == static_cast<std::size_t>(eval.stages()) * PatternEval6::weights_per_stage());
  std::ifstream in(kShipped6, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  gsolve::testing::TempDir dir;
  const std::string damaged = dir.file("damaged6.bin");
  bytes[bytes.size() / 3] ^= 4;
  std::ofstream(damaged, std::ios::binary) << bytes;
  CHECK(load_error<PatternEval6>(damaged).find("damaged6.bin is damaged (checksum mismatch)") != std::string::npos);
  // The 6x6 file is not an 8x8 one, nor the other way round.
  CHECK(load_error<PatternEval>(kShipped6).find("(wrong layout)") != std::string::npos);
  const std::string eight = std::string(GSOLVE_DATA_DIR) + "/../../data/reversi/eval-8x8.bin";
  CHECK(load_error<PatternEval6>(eight).find("(wrong layout)") != std::string::npos);
  const std::string copy = dir.file("copy6.bin");
  eval.save(copy);
  CHECK(PatternEval6::load(copy).weights() == eval.weights());
}

TEST_CASE("reversi eval 6x6: pinned values of the shipped weights") {
  const PatternEval6 eval = PatternEval6::load(kShipped6);
  const gsolve::Reversi game(6);
  // r6x6-22.obf lines 1 (0), 2 (+10) and the start (-4): 1/64 discs for the side to move.
  const char* boards[] = {"-X------X-O-OOOO---XOX--XOX-X------- X", "--O-X-O-OX--XOOO---XOO--XO---------- X",
                          "--------------OX----XO-------------- X"};
  const int pinned[] = {173, -408, 1286};
  for (int i = 0; i < 3; ++i) {
    const auto p = game.parse(boards[i]);
    CHECK(eval.evaluate(p.own, p.opp, empties6(p.own, p.opp)) == pinned[i]);
  }
}

TEST_CASE("reversi eval 6x6: searches ordered by it from 10 empties stay exact (r6x6-22, every move)") {
  setenv("GSOLVE_REVERSI_EVAL_ORDER", "10", 1);
  gsolve::search::SearchOptions opt;
  opt.hash_mb = 16;
  gsolve::search::Searcher<gsolve::Reversi> searcher(gsolve::Reversi(6), opt);
  unsetenv("GSOLVE_REVERSI_EVAL_ORDER");
  std::ifstream in(std::string(GSOLVE_DATA_DIR) + "/reversi/r6x6-22.obf");
  int moves = 0, lines = 0;
  for (std::string line; std::getline(in, line) && lines < 3;) {
    if (line.empty() || line[0] == '%') continue;
    ++lines;
    const auto p = searcher.game().parse(line.substr(0, line.find(';')));
    // Each "<move>:<score>" after the board: the score after that move, from the mover's view.
    for (std::size_t at = line.find(';'); (at = line.find(':', at)) != std::string::npos; ++at) {
      const std::string move = line.substr(line.rfind(' ', at) + 1, at - line.rfind(' ', at) - 1);
      const auto child = searcher.game().play(p, searcher.game().parse_move(p, move));
      searcher.clear();
      CHECK(-searcher.solve(child) == std::stoi(line.substr(at + 1)));
      ++moves;
    }
  }
  CHECK(lines == 3);
  CHECK(moves == 21);
}
