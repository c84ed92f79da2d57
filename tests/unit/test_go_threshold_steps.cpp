// The thresholds of Go's one-test-at-a-time search (threshold_steps.h): every
// answer found, a score's search halving as before, and a combined value's
// length beyond the first guess found in steps from it.
#include <doctest/doctest.h>

#include <vector>

#include "src/search/go/combined_value.h"
#include "src/search/go/threshold_steps.h"

using gsolve::search::go::highest_value;
using gsolve::search::go::lowest_value;
using gsolve::search::go::ThresholdSteps;

namespace {

// The thresholds tested to find `answer` in [lower, upper] ("value >= t"
// holds exactly when t <= answer), as GoSolver::narrow tests them.
std::vector<int> tests_to_find(int answer, int lower, int upper, int first, int step) {
  ThresholdSteps steps(first, step);
  std::vector<int> tested;
  bool holds = false;
  while (lower < upper) {
    const int t = steps.next(lower, upper, holds);
    REQUIRE(t > lower);
    REQUIRE(t <= upper);
    tested.push_back(t);
    holds = t <= answer;
    if (holds)
      lower = t;
    else
      upper = t - 1;
  }
  CHECK(lower == answer);
  return tested;
}

}  // namespace

TEST_CASE("go threshold steps: a score halves its range from the first test") {
  CHECK(tests_to_find(2, -16, 16, 1, 0) == std::vector<int>{1, 9, 5, 3, 2});
  CHECK(tests_to_find(-25, -25, 25, 1, 0) == std::vector<int>{1, -12, -19, -22, -24});
  for (int answer = -25; answer <= 25; ++answer) CHECK(tests_to_find(answer, -25, 25, 1, 0).size() <= 7);
}

TEST_CASE("go threshold steps: a length beyond the first guess is found in steps from it") {
  // A loss of -25 in r plies has the combined value lowest_value(-25) + r - 1;
  // the first test asks for at least 33 plies.
  const int lowest = lowest_value(-25), highest = highest_value(-25);
  const int first = lowest + 32;
  // 40 plies: 33 (holds), 65 (fails), then halving [33, 64]; halving the
  // whole range from the first test took 13 tests.
  const std::vector<int> forty = tests_to_find(lowest + 39, lowest, highest, first, 32);
  CHECK(forty.size() == 7);
  CHECK(forty[0] == first);
  CHECK(forty[1] == first + 32);
  CHECK(tests_to_find(lowest + 39, lowest, highest, first, 0).size() == 13);
  // Where the first test fails the steps change nothing.
  for (int answer = lowest; answer < first; ++answer)
    CHECK(tests_to_find(answer, lowest, highest, first, 32) == tests_to_find(answer, lowest, highest, first, 0));
  // Every length is found; the farthest in 18 tests against halving's 13.
  for (int answer = lowest; answer <= highest; ++answer)
    CHECK(tests_to_find(answer, lowest, highest, first, 32).size() <= 18);
  // A win: the first test asks for at most 32 plies; 100 plies step down.
  const int win_first = highest_value(25) - 31;
  const std::vector<int> hundred =
      tests_to_find(highest_value(25) - 99, lowest_value(25), highest_value(25), win_first, 32);
  CHECK(hundred[1] == win_first - 32);
  CHECK(hundred[2] == win_first - 96);
  CHECK(hundred.size() == 9);
}
