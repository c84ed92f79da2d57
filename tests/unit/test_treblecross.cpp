// Treblecross against references written apart from games/treblecross.*:
// the rank against a plain enumeration of subsets, and the strong solver's
// and the search's records against a brute force over a string board with
// its own three-in-a-row test and its own copy of the value rule.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "db/contents.h"
#include "db/resolver.h"
#include "games/treblecross.h"
#include "src/search/searcher.h"
#include "src/solve/solve.h"
#include "tests/unit/temp_dir.h"

using namespace gsolve;

namespace {

struct Outcome {
  Value value;
  int remoteness;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

// The board as text, 'X' or '.'; the player to move has lost if "XXX" is on it.
Outcome brute(const std::string& board, std::map<std::string, Outcome>& memo) {
  if (auto it = memo.find(board); it != memo.end()) return it->second;
  Outcome out;
  if (board.find("XXX") != std::string::npos) {
    out = {Value::Lose, 0};
  } else if (board.find('.') == std::string::npos) {
    out = {Value::Tie, 0};
  } else {
    int best_win = 1000, best_tie = 1000, worst_lose = -1;
    for (std::size_t i = 0; i < board.size(); ++i) {
      if (board[i] != '.') continue;
      std::string next = board;
      next[i] = 'X';
      const Outcome child = brute(next, memo);
      if (child.value == Value::Lose)
        best_win = std::min(best_win, child.remoteness + 1);
      else if (child.value == Value::Tie)
        best_tie = std::min(best_tie, child.remoteness + 1);
      else
        worst_lose = std::max(worst_lose, child.remoteness + 1);
    }
    if (best_win < 1000)
      out = {Value::Win, best_win};
    else if (best_tie < 1000)
      out = {Value::Tie, best_tie};
    else
      out = {Value::Lose, worst_lose};
  }
  memo.emplace(board, out);
  return out;
}

// Every board reachable from the empty one: no move after three in a row.
void reachable(const std::string& board, std::set<std::string>& seen) {
  if (!seen.insert(board).second || board.find("XXX") != std::string::npos) return;
  for (std::size_t i = 0; i < board.size(); ++i) {
    if (board[i] != '.') continue;
    std::string next = board;
    next[i] = 'X';
    reachable(next, seen);
  }
}

}  // namespace

TEST_CASE("treblecross: specs, text and moves") {
  CHECK(Treblecross::from_options("").spec() == "treblecross:9");
  CHECK(Treblecross::from_options("12").cells() == 12);
  CHECK_THROWS_WITH_AS(Treblecross::from_options("0"), "bad treblecross size '0' (expected N cells, 1..40)",
                       ParseError);
  CHECK_THROWS_WITH_AS(Treblecross::from_options("5x"), "bad treblecross size '5x' (expected N cells, 1..40)",
                       ParseError);
  const Treblecross g(5);
  CHECK(g.format(g.parse("X.-.X")) == "X...X");
  CHECK_THROWS_WITH_AS(g.parse("X..X"),
                       "a treblecross:5 position has 5 cells ('X', '.' or '-'), got 4 characters in 'X..X'",
                       ParseError);
  CHECK_THROWS_WITH_AS(g.parse("X.O.X"), "bad character 'O' at cell 3 (expected 'X', '.' or '-')", ParseError);
  const auto p = g.parse("XX...");
  CHECK(g.format(g.play(p, g.parse_move(p, "3"))) == "XXX..");
  CHECK_THROWS_WITH_AS(g.parse_move(p, "2"), "cell 2 is already taken", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(p, "6"), "bad treblecross move '6' (expected a cell 1..5)", ParseError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.parse("XXX.."), "5"), "the game is over: no move at cell 5", ParseError);
  CHECK(g.terminal(g.parse("XXX..")).value == Value::Lose);
  CHECK(g.terminal(g.parse("XX.XX")).value == Value::Unknown);
  CHECK(Treblecross(2).terminal(Treblecross(2).parse("XX")).value == Value::Tie);
}

TEST_CASE("treblecross: the rank is the colex order of subsets, tier by tier") {
  for (int n = 1; n <= 14; ++n) {
    const Treblecross g(n);
    REQUIRE(g.rank_space() == (std::uint64_t{1} << n));
    // Every subset, ordered by size, then colex (compare the largest cells first).
    std::vector<std::uint64_t> subsets(std::uint64_t{1} << n);
    for (std::uint64_t s = 0; s < subsets.size(); ++s) subsets[s] = s;
    std::stable_sort(subsets.begin(), subsets.end(), [](std::uint64_t a, std::uint64_t b) {
      const int ca = __builtin_popcountll(a), cb = __builtin_popcountll(b);
      return ca != cb ? ca < cb : a < b;  // for equal sizes, a < b as numbers is colex order
    });
    for (std::uint64_t r = 0; r < subsets.size(); ++r) {
      const Treblecross::Position p{subsets[r]};
      REQUIRE(g.rank(p) == r);
      REQUIRE(g.unrank(r) == p);
      const int t = g.tier(p);
      REQUIRE(g.tier_begin(t) <= r);
      REQUIRE(r < g.tier_begin(t + 1));
    }
  }
}

TEST_CASE("treblecross: mirror symmetry") {
  const Treblecross g(6);
  CHECK(g.format(g.mirror(g.parse("XX...."))) == "....XX");
  CHECK(g.canonical(g.parse("....XX")) == g.parse("XX...."));
  CHECK(g.symmetry_class_size(g.parse("X....X")) == 1);
  CHECK(g.symmetry_class_size(g.parse("X.....")) == 2);
}

TEST_CASE("treblecross: the strong solve agrees with a brute force on every reachable position, 1 to 12 cells") {
  const testing::TempDir dir(true);
  for (int n = 1; n <= 12; ++n) {
    CAPTURE(n);
    const std::string spec = "treblecross:" + std::to_string(n);
    SolveOptions o;
    o.db_path = dir.file(spec + ".gsdb");
    Progress quiet(false);
    const SolveResult result = solve_spec(spec, o, quiet);
    std::map<std::string, Outcome> memo;
    const Outcome start = brute(std::string(n, '.'), memo);
    CHECK(result.start == Record{start.value, static_cast<std::uint16_t>(start.remoteness), 0});

    auto database = db::Database::open(o.db_path, db::Database::Mode::read);
    const auto contents = db::Contents::read(*database);
    db::RecordReader reader(*database, contents.tiers, contents.layout);
    const Treblecross g(n);
    Resolver resolver(g, reader, contents.layout, false, &combine_children);
    std::set<std::string> boards;
    reachable(std::string(n, '.'), boards);
    CHECK(result.stats.total_reachable() == boards.size());
    std::size_t mismatches = 0;
    for (const auto& board : boards) {
      const Outcome want = brute(board, memo);
      const auto got = resolver.get(g.canonical(g.parse(board)));
      if (got.status != db::RecordReader::Status::ok || got.record.value != want.value ||
          got.record.remoteness != want.remoteness) {
        if (++mismatches < 5) MESSAGE("mismatch at " << board);
      }
    }
    CHECK(mismatches == 0);
  }
}

TEST_CASE("treblecross: the search agrees with a brute force on every reachable position, 1 to 12 cells") {
  for (int n = 1; n <= 12; ++n) {
    CAPTURE(n);
    const Treblecross g(n);
    search::SearchOptions options;
    options.hash_mb = 1;
    search::Searcher<Treblecross> searcher(g, options);
    std::map<std::string, Outcome> memo;
    std::set<std::string> boards;
    reachable(std::string(n, '.'), boards);
    std::size_t mismatches = 0;
    for (const auto& board : boards) {
      const Outcome want = brute(board, memo);
      const Record got = searcher.record(g.parse(board));
      if (got.value != want.value || got.remoteness != want.remoteness) {
        if (++mismatches < 5) MESSAGE("mismatch at " << board);
      }
    }
    CHECK(mismatches == 0);
  }
}
