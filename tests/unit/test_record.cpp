#include <doctest/doctest.h>

#include <vector>

#include "src/core/record.h"

using namespace gsolve;

namespace {
Record rec(Value v, int rem, int score = 0) {
  return Record{v, static_cast<std::uint16_t>(rem), static_cast<std::int16_t>(score)};
}
Record combine(std::vector<Record> children, bool scored = false) { return combine_children(children, scored); }
}  // namespace

TEST_CASE("value rule: win if some child is lose, soonest") {
  CHECK(combine({rec(Value::Win, 3), rec(Value::Lose, 4), rec(Value::Lose, 2), rec(Value::Tie, 0)}) ==
        rec(Value::Win, 3));
}

TEST_CASE("value rule: tie beats draw and lose, shortest tie line") {
  CHECK(combine({rec(Value::Win, 3), rec(Value::Tie, 6), rec(Value::Tie, 2), rec(Value::Draw, 0)}) ==
        rec(Value::Tie, 3));
}

TEST_CASE("value rule: draw if no lose or tie child and some draw child") {
  CHECK(combine({rec(Value::Win, 1), rec(Value::Draw, 0), rec(Value::Win, 7)}) == rec(Value::Draw, 0));
}

TEST_CASE("value rule: lose when every child wins, as late as possible") {
  CHECK(combine({rec(Value::Win, 1), rec(Value::Win, 9), rec(Value::Win, 4)}) == rec(Value::Lose, 10));
}

TEST_CASE("value rule: scored games maximise the score first, then remoteness by sign") {
  // Child scores from the child's side: -5 (we win by 5) beats -2 (we win by 2) even if later.
  CHECK(combine({rec(Value::Lose, 2, -2), rec(Value::Lose, 8, -5)}, true) == rec(Value::Win, 9, 5));
  // Equal positive score: sooner.
  CHECK(combine({rec(Value::Lose, 8, -5), rec(Value::Lose, 2, -5)}, true) == rec(Value::Win, 3, 5));
  // Every move loses by 4: the latest loss.
  CHECK(combine({rec(Value::Win, 3, 4), rec(Value::Win, 7, 4), rec(Value::Win, 1, 6)}, true) ==
        rec(Value::Lose, 8, -4));
  // A score-0 tie: the soonest.
  CHECK(combine({rec(Value::Tie, 5, 0), rec(Value::Tie, 1, 0), rec(Value::Win, 1, 2)}, true) == rec(Value::Tie, 2, 0));
}

TEST_CASE("preference is the documented total order") {
  const std::vector<Record> worst_to_best = {rec(Value::Lose, 1), rec(Value::Lose, 5), rec(Value::Draw, 0),
                                             rec(Value::Tie, 9),  rec(Value::Tie, 2),  rec(Value::Win, 7),
                                             rec(Value::Win, 1)};
  for (std::size_t i = 1; i < worst_to_best.size(); ++i)
    CHECK(preference(worst_to_best[i - 1], false) < preference(worst_to_best[i], false));
}

TEST_CASE("pack and unpack are inverse") {
  for (const Record r :
       {rec(Value::Win, 8191, -32768), rec(Value::Lose, 0, 32767), rec(Value::Draw, 0), rec(Value::Tie, 42, 0)})
    CHECK(unpack(pack(r)) == r);
  CHECK(pack(Record{}) == 0);  // Unknown is the all-zero word: "not stored"
}
