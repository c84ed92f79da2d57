// gsolve query for Go (--game go:WxH): Go is not in games/registry.h's
// with_game (its Position has no line of play, so the generic database and
// search paths cannot apply superko); query answers it by replaying the text
// through a GoGame and solving with the history-exact Go solver.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace gsolve::cli {

bool is_go_spec(const std::string& spec);
// Prints value, score, remoteness and every legal move's record for each position.
struct GoQueryOptions {
  bool json = false;
  bool weak = false;      // the score alone (no remoteness, no move list), the fastest search
  bool progress = false;  // a line on stderr per finished test
  std::size_t hash_mb = 256;
  int threads = 1;  // provers at once over one table (tests at once, or one test split at its root)
  std::optional<int> at_least;  // one test "score >= T" instead of the value
  double seconds = 0;  // --time per position (0: none): then what is proven so far, marked incomplete
  int cut_plies = 3;  // --cut-plies: a test's children's tests cut again down to this depth (split_test.h)
  std::string journal;  // --journal: the tests closed, kept across runs (proof_journal.h); "" none
};
void run_go_query(const std::string& spec, const std::vector<std::string>& positions, const GoQueryOptions& o);

}  // namespace gsolve::cli
