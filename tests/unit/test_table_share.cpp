// Table sharing between the processes of a job (src/search/table_share.h):
// the words one process's table gives, stored into another's, are proven
// bounds there too: the receiver's scores stay exact and it searches less.
#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/connect4.h"
#include "src/search/searcher.h"
#include "src/search/table_share.h"
#include "src/search/transposition_table.h"

using namespace gsolve;
using namespace gsolve::search;

TEST_CASE("table share: one entry per position, bounds merged, the heaviest first, at most `most`") {
  TableShare<std::uint64_t> share;
  share.add(7, -3, 10, 2, 5000);
  share.add(9, 1, 1, 4, 300);
  share.add(7, 0, 12, -1, 9000);  // the same position again: [0, 10], move 2, work 9000
  share.add(5, -64, 4, -1, 700);
  std::vector<std::uint64_t> words;
  share.take(words, 2);
  REQUIRE(words.size() == 2 * TableShare<std::uint64_t>::kEntryWords);
  PackedTable<7, 5> table(1 << 16, 40);
  TableShare<std::uint64_t>::import(words, table);
  PackedTable<7, 5>::Hit hit{};
  REQUIRE(table.probe(7, &hit));
  CHECK(hit.lb == 0);
  CHECK(hit.ub == 10);
  CHECK(hit.move == 2);
  REQUIRE(table.probe(5, &hit));  // 700 nodes: second heaviest
  CHECK(hit.lb == PackedTable<7, 5>::kMinBound);
  CHECK(hit.ub == 4);
  CHECK(hit.move == -1);
  CHECK_FALSE(table.probe(9, &hit));  // the lightest: over `most`
  words.clear();
  share.take(words, 2);  // taken already
  CHECK(words.empty());
  CHECK(shared_entries_per_unit(2) == 1024);
  CHECK(shared_entries_per_unit(5) == 256);
  CHECK(shared_entries_per_unit(1000) == 16);
}

TEST_CASE("table share: a connect4 table's heavy entries keep another searcher exact and save it nodes") {
  Connect4 g(7, 6);
  std::ifstream in(std::string(GSOLVE_DATA_DIR) + "/connect4/Test_L2_R2");
  std::vector<std::pair<Connect4::Position, int>> lines;
  for (std::string text; lines.size() < 12 && std::getline(in, text);) {
    std::istringstream fields(text);
    std::string moves;
    int score;
    if (fields >> moves >> score) lines.emplace_back(g.parse(moves), score);
  }
  REQUIRE(lines.size() == 12);
  Searcher<Connect4> first(g, {.threads = 1, .hash_mb = 16}), second(g, {.threads = 1, .hash_mb = 16}),
      alone(g, {.threads = 1, .hash_mb = 16});
  first.share_table();
  for (const auto& [p, score] : lines) CHECK(first.solve(p) == score);
  std::vector<std::uint64_t> words;
  first.take_shared(words, 1024);
  CHECK(words.size() == 1024 * TableShare<std::uint64_t>::kEntryWords);
  second.import_shared(words);
  // The children, not the positions first solved (whose exact entries would
  // answer at the first probe): searches that meet the imported bounds below.
  int children = 0;
  for (const auto& [p, score] : lines) {
    MoveList<Connect4> moves;
    g.generate_moves(p, moves);
    for (const auto m : moves) {
      const auto child = g.play(p, m);
      CHECK(second.solve(child) == alone.solve(child));
      ++children;
    }
  }
  CHECK(children > 50);
  CHECK(second.nodes() * 4 < alone.nodes() * 3);  // 562k against 820k
  // Without share_table(), or after share_table(false), nothing is kept.
  words.clear();
  alone.take_shared(words, 1024);
  CHECK(words.empty());
  first.share_table(false);
  first.clear();
  first.solve(lines[0].first);
  first.take_shared(words, 1024);
  CHECK(words.empty());
}

TEST_CASE("table share: a unit of any size logs a bounded number of entries, the heaviest kept") {
  TableShare<std::uint64_t> share;
  for (std::uint64_t k = 1; k <= 300000; ++k) share.add(k, 0, 0, -1, k);  // forces several trims
  std::vector<std::uint64_t> words;
  share.take(words, 3);
  REQUIRE(words.size() == 3 * TableShare<std::uint64_t>::kEntryWords);
  CHECK(words[0] == 300000);  // the heaviest first
  CHECK(words[2] == 299999);
  CHECK(words[4] == 299998);
}
