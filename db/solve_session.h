// What every strong solve shares around its algorithm: opening or creating the
// database, checking that a resumed file holds the same game, the meta entries
// written up front, the per-tier checkpoint, and the final "complete" mark.
// A database is marked complete only by finish(), after every tier is written.
// The session holds the database file's writer lock (db/writer_lock.h) from
// its start to its destruction: a second solve of the same file fails at once.
// --force builds into "<file>.new" beside the file; finish() renames a compact
// copy of it over the old one: until then the old database stays whole.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/chunk.h"
#include "db/database.h"
#include "db/writer_lock.h"
#include "src/core/stats.h"

namespace gsolve {

// Which retrograde solver: automatic = loopy for games that can repeat
// (G::kLoopy), tiered otherwise; loopy also solves tiered games (same database).
enum class SolverChoice { automatic, tiered, loopy };

struct SolveOptions {
  std::string db_path;
  int threads = 0;                                // 0: all cores (of each process)
  int processes = 1;                              // of the MPI job (src/core/cluster.h)
  bool progress = false;                          // progress lines on stderr
  bool resume = false;                            // continue an interrupted solve of the same game
  bool force = false;                             // replace an existing database
  bool wdl = false;                               // --objective wdl: scored games solved for win/lose/tie only
  bool score_only = false;                        // --objective score: search solves keep the score, no remoteness
  std::string journal;                            // go search solves: the proof journal (--journal FILE)
  int cut_plies = -1;                             // go search solves: --cut-plies N (-1: the solver's default)
  int zstd_level = 0;                             // 0: 14 where tiers are derived (connect4), else 6
  bool derive_tiers = true;                       // connect4: store every other tier only (db/solve_session.cpp)
  int store_depth = -1;                           // >= 0: search solve, records of the first store_depth plies only
  std::size_t hash_mb = 1024;                     // search: transposition table size
  SolverChoice solver = SolverChoice::automatic;  // --solver auto|tiered|loopy
};

class SolveSession {
 public:
  // Fails (DbError) if the file exists and neither resume nor force is given,
  // or if resume finds another game, objective, solver or rank layout.
  // coverage: "complete" or "depth:N"; addressing: "rank" (dense chunks) or
  // "keyed" (sparse runs, db/keyed_runs.h). fill_unknown: ranks that hold no
  // position may store copies of their neighbours (db/chunk.h), allowed only
  // where no user can name such a position (text_names_only_reachable).
  SolveSession(const SolveOptions& options, const std::string& spec, const std::string& solver,
               const std::vector<std::uint64_t>& tiers, bool scored, const std::string& coverage = "complete",
               const std::string& addressing = "rank", bool fill_unknown = false);

  ~SolveSession();
  SolveSession(const SolveSession&) = delete;
  SolveSession& operator=(const SolveSession&) = delete;

  db::Database& db() { return *db_; }
  const db::ChunkLayout& layout() const { return layout_; }
  int zstd_level() const { return zstd_level_; }
  bool already_complete() const { return already_complete_; }
  // Lowest tier already written by an interrupted run, if any.
  std::optional<int> checkpoint() const { return checkpoint_; }
  // Statistics of the tiers already written (resume).
  Stats stats_of_tier(int tier) const;

  // Meta entries that go with tier t's records (checkpoint, stats, hash).
  static std::vector<std::pair<std::string, std::string>> tier_meta(int tier, const Stats& stats, std::uint64_t hash);
  // Marks the database complete: totals, start record, signature, times;
  // with --force, then replaces the old file by the new one.
  void finish(const Stats& total, const Record& start, std::uint64_t signature);

 private:
  // The constructor's work once the lock is held.
  void open_or_create(const SolveOptions& options, const std::string& spec, const std::string& solver,
                      const std::vector<std::uint64_t>& tiers, bool scored, const std::string& coverage,
                      const std::string& addressing, bool exists);
  void replace_by_compact_copy();
  // Appends this run (start time, processes, threads per process) to meta "runs".
  void record_run(const SolveOptions& options);
  std::unique_ptr<db::WriterLock> lock_;  // declared first: released last
  std::string final_path_;                // --force: where finish() renames the new file
  std::unique_ptr<db::Database> db_;
  db::ChunkLayout layout_;
  int zstd_level_;
  bool already_complete_ = false;
  bool finished_ = false;  // finish() replaced the old file (--force)
  std::optional<int> checkpoint_;
};

// Order-independent hash of one (rank, record): summed over a solve it gives a
// signature that changes exactly when some stored record changes.
inline std::uint64_t record_hash(std::uint64_t rank, PackedRecord r) {
  std::uint64_t z = rank * 0x9E3779B97F4A7C15ull ^ (std::uint64_t{r} << 1 | 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::string now_utc();
std::string record_to_json(const Record& r);

}  // namespace gsolve
