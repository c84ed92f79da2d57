// The verifier's own copy of DESIGN.md's value rule ("Values"), written out
// case by case so that it can be read against the text in one sitting.
//
// It deliberately does NOT call src/core/record.h's combine_children, as_parent or
// preference: the verifier is the check on the solvers, and a bug shared with
// them could hide itself. tests/unit/test_verify.cpp compares the two on
// random inputs, so any disagreement between them shows up as a test failure.
#pragma once

#include <algorithm>
#include <climits>
#include <span>
#include <string>

#include "src/core/record.h"

namespace gsolve::verify {

// The record a non-primitive position must hold, from the stored records of
// ALL its children (each seen from the child's side to move, all known).
//
// DESIGN.md, with every child negated (a child's Lose is the mover's win):
//   1. Win  if some child is Lose;  remoteness 1 + min remoteness of those children.
//   2. else Tie  if some child is Tie;   remoteness 1 + min remoteness of those children.
//   3. else Draw if some child is Draw;  no remoteness (stored as 0).
//   4. else Lose (every child Win);      remoteness 1 + max remoteness of the children.
// Scored games: the mover maximises -score(child) first; the rule above then
// runs over the children that give that best score only (so score > 0 picks
// the soonest win, score < 0 the latest loss, score 0 the soonest tie).
inline Record expected_from_children(std::span<const Record> children, bool scored) {
  int best_score = INT_MIN;
  if (scored)
    for (const Record& c : children) best_score = std::max(best_score, -int{c.score});

  bool some_lose = false, some_tie = false, some_draw = false;
  int min_lose = INT_MAX, min_tie = INT_MAX, max_win = -1;
  for (const Record& c : children) {
    if (scored && -int{c.score} != best_score) continue;  // not a best-score child
    switch (c.value) {
      case Value::Lose:
        some_lose = true;
        min_lose = std::min(min_lose, int{c.remoteness});
        break;
      case Value::Tie:
        some_tie = true;
        min_tie = std::min(min_tie, int{c.remoteness});
        break;
      case Value::Draw:
        some_draw = true;
        break;
      case Value::Win:
        max_win = std::max(max_win, int{c.remoteness});
        break;
      case Value::Unknown:
        break;  // callers never pass one
    }
  }

  Record r;
  r.score = static_cast<std::int16_t>(scored ? best_score : 0);
  if (some_lose) {
    r.value = Value::Win;
    r.remoteness = static_cast<std::uint16_t>(1 + min_lose);
  } else if (some_tie) {
    r.value = Value::Tie;
    r.remoteness = static_cast<std::uint16_t>(1 + min_tie);
  } else if (some_draw) {
    r.value = Value::Draw;
    r.remoteness = 0;
  } else {
    r.value = Value::Lose;
    r.remoteness = static_cast<std::uint16_t>(1 + max_win);
  }
  return r;
}

// What a primitive position must hold: the game's terminal outcome,
// remoteness 0, and the final score where the database keeps scores.
inline Record expected_primitive(const Terminal& t, bool scored) {
  return Record{t.value, 0, static_cast<std::int16_t>(scored ? t.score : 0)};
}

// The kinds of error a verifier reports.
enum class ErrorKind : int {
  wrong_value,
  wrong_remoteness,
  wrong_score,
  bad_primitive,
  missing_child,   // a child has no record in a database that claims complete coverage
  missing_record,  // the position itself has none
  damaged_frame,   // the position's record lives in a frame that fails its checks
};
inline constexpr int kErrorKinds = 7;

inline constexpr const char* kErrorKindNames[kErrorKinds] = {"wrong value",   "wrong remoteness", "wrong score",
                                                             "bad primitive", "missing child",    "missing record",
                                                             "damaged frame"};
inline constexpr const char* kErrorKindKeys[kErrorKinds] = {"wrong_value",   "wrong_remoteness", "wrong_score",
                                                            "bad_primitive", "missing_child",    "missing_record",
                                                            "damaged_frame"};

inline const char* error_kind_name(ErrorKind k) { return kErrorKindNames[static_cast<int>(k)]; }
inline const char* error_kind_key(ErrorKind k) { return kErrorKindKeys[static_cast<int>(k)]; }

// Compares a non-primitive position's stored record with the expected one.
// Value first, then remoteness (where the database keeps it: not under
// objective score), then score: the first difference names the error.
// Returns false when they agree.
inline bool compare_records(const Record& stored, const Record& expected, bool scored, ErrorKind& kind,
                            bool remoteness = true) {
  if (stored.value != expected.value)
    kind = ErrorKind::wrong_value;
  else if (remoteness && stored.remoteness != expected.remoteness)
    kind = ErrorKind::wrong_remoteness;
  else if (scored && stored.score != expected.score)
    kind = ErrorKind::wrong_score;
  else
    return false;
  return true;
}

// "win in 5", "draw", "tie in 0, score +0", "unknown": the form query prints.
std::string record_text(const Record& r, bool scored, bool remoteness = true);

}  // namespace gsolve::verify
