// A journal of finished proof-number tests, so that a test of hours that is
// killed resumes where it stopped: root_split.h records each test it closes
// (the root's and every child's of its cuts) and takes a recorded answer
// instead of testing again. The table does not survive the process; the
// closed tests do.
//
// A record is exact for its position whatever the table held: the key is the
// whole line of play from the start of the game (every board, the side to
// move and the passes in a row), which is all a Go test's answer depends on,
// superko included; the rules (go:WxH, komi, superko) are the journal's
// header. "At least t" holds for every t' <= t where it holds for t and fails
// for every t' >= t where it fails for t, so one record answers those too.
// A record answers the lines it maps to under a symmetry of the board too
// (every board of the line mapped alike: the same game, superko included).
//
// The file: a header line, then one line per test:
//   <line> <S|V> <t> <0|1> <expansions> <check>
// <line> is the positions as <black hex>.<white hex>.<to move><passes>
// joined by '/', S a score test and V a combined-value one, <check> the
// FNV-1a hash of the line's text before it (16 hex digits). Each record is
// written whole and flushed to the disk (fdatasync) before the test it closes
// is used: a kill loses at most the record being written, a torn last line
// that opening drops. A complete line that fails its check, or two records
// that contradict each other, is damage: opening refuses the file. One
// process writes a journal at a time (an exclusive flock).
#pragma once

#include <climits>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "games/go.h"
#include "src/search/go/board_symmetry.h"
#include "src/search/go/prover.h"

namespace gsolve::search::go {

class ProofJournal {
 public:
  // Opens `path`, creating it for `go`'s rules if it does not exist. Throws
  // std::runtime_error (one line naming the file) when it cannot be opened or
  // locked, is for other rules, or is damaged.
  ProofJournal(const std::string& path, const Go& go);
  ~ProofJournal();
  ProofJournal(const ProofJournal&) = delete;
  ProofJournal& operator=(const ProofJournal&) = delete;

  // The recorded answer to "the side to move reaches t" in the line's last
  // position, if one decides it (the line's or a symmetric line's record).
  std::optional<bool> find(const GoGame& game, GoProver::Goal goal, int t) const;
  // What the score tests recorded for the line's last position (or a
  // symmetric line's) and for its children prove of the side to move's
  // score: [lower, upper], INT_MIN / INT_MAX where no test bounds that side;
  // none where no record bounds it.
  std::optional<std::pair<int, int>> score_bounds(const GoGame& game) const;
  // Records a finished test (on the disk before it returns). Throws
  // std::runtime_error when the write fails.
  void record(const GoGame& game, GoProver::Goal goal, int t, bool holds, std::uint64_t expansions);

  std::size_t size() const;  // records read and written

 private:
  struct Known {
    int holds_up_to = INT_MIN;  // the largest t recorded to hold
    int fails_from = INT_MAX;   // the smallest t recorded to fail
  };
  // The key of the line mapped by symmetry s of symmetry_ (0: the line as played).
  std::string key(const GoGame& game, GoProver::Goal goal, int s = 0) const;
  // score_bounds from the line's own records alone; lock_ held.
  std::optional<std::pair<int, int>> recorded_bounds(const GoGame& game) const;
  void load();
  bool add(const std::string& key, int t, bool holds);  // false when it contradicts a record

  BoardSymmetry symmetry_;
  std::string path_;
  std::string header_;
  int fd_ = -1;
  mutable std::mutex lock_;
  std::map<std::string, Known> known_;
  std::size_t records_ = 0;
};

}  // namespace gsolve::search::go
