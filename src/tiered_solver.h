// Retrograde (strong) solver for tiered games (DESIGN.md, "Solvers").
//
// Contract: on return the database holds, for every canonical position
// reachable from the start, its exact record by DESIGN.md's rule (value,
// remoteness, and score where scored), addressed by the game's rank; every
// other rank is Unknown. Tiers are solved from the last one back, each in
// parallel, and each tier is committed with its checkpoint in one
// transaction, so a killed solve resumes at the last committed tier and ends
// with the same database. Memory: one bit per rank for discovery, plus the
// records of two adjacent tiers.
#pragma once

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <mutex>

#include "db/tier_io.h"
#include "games/game.h"
#include "src/discovery.h"
#include "src/rank_walker.h"
#include "src/record.h"
#include "src/solve_session.h"

namespace gsolve {

struct SolveResult {
  Record start;
  Stats stats;
  std::uint64_t signature = 0;
  bool scored = false;
  std::string principal_variation;  // search solves: one best line from the start
};

template <Game G>
class TieredSolver {
 public:
  TieredSolver(const G& game, bool wdl) : g_(game), scored_(G::kScored && !wdl) {}

  // The record of a primitive position under this solve's objective.
  Record primitive(const Terminal& t) const { return primitive_record(t.value, scored_ ? t.score : 0); }

  SolveResult run(SolveSession& session, Progress& progress) {
    if (session.already_complete()) throw std::runtime_error(session.db().path() + ": already complete");
    const std::vector<Bitmap> reached = discover(g_, progress);
    const int tiers = g_.tier_count();
    SolveResult result;
    result.scored = scored_;
    std::vector<PackedRecord> next;  // records of tier t + 1
    int first = tiers - 1;
    if (auto c = session.checkpoint()) {
      // Resume: tiers >= checkpoint are in the database already.
      for (int t = *c; t < tiers; ++t) {
        const Stats s = session.stats_of_tier(t);
        result.stats.merge(s);
        result.signature += std::stoull(session.db().meta_or("hash/" + std::to_string(t), "0"));
      }
      next = db::read_tier(session.db(), static_cast<std::uint32_t>(*c), tier_size(*c), session.layout());
      first = *c - 1;
    }
    std::uint64_t to_solve = 0;
    for (int t = first; t >= 0; --t) to_solve += reached[t].count();
    progress.start("solve", to_solve);
    for (int t = first; t >= 0; --t) {
      std::vector<PackedRecord> current(tier_size(t), 0);
      Stats stats;
      std::uint64_t hash = 0;
      progress.set_label("tier " + std::to_string(t));
      solve_tier(t, reached[t], current, next, stats, hash, progress);
      db::write_tier(session.db(), static_cast<std::uint32_t>(t), current, session.layout(),
                     session.zstd_level(), SolveSession::tier_meta(t, stats, hash));
      result.stats.merge(stats);
      result.signature += hash;
      next = std::move(current);
      kill_for_test(t);
    }
    progress.finish();
    const auto start = g_.canonical(g_.start());
    result.start = unpack(next[g_.rank(start) - g_.tier_begin(g_.tier(start))]);
    session.finish(result.stats, result.start, result.signature);
    return result;
  }

 private:
  // Test hook: GSOLVE_TEST_KILL_AFTER_TIER=t kills the process (SIGKILL, as a
  // user's kill -9 would) right after tier t is committed.
  static void kill_for_test(int t) {
    if (const char* k = std::getenv("GSOLVE_TEST_KILL_AFTER_TIER"); k && std::atoi(k) == t) ::raise(SIGKILL);
  }

  std::uint64_t tier_size(int t) const { return g_.tier_begin(t + 1) - g_.tier_begin(t); }

  // Solves every reached position of tier t. Children in tier t + 1 come from
  // `next`; children in the same tier (a pass) from `current`, so positions
  // whose same-tier child is not solved yet wait for the next pass.
  void solve_tier(int t, const Bitmap& reached, std::vector<PackedRecord>& current,
                  const std::vector<PackedRecord>& next, Stats& stats, std::uint64_t& hash,
                  Progress& progress) {
    // What one task accumulates; merged once per task, not per position.
    struct Scratch {
      RankWalker<G> walker;
      Stats stats;
      std::uint64_t hash = 0, solved = 0;
    };
    std::mutex merge_mutex;
    const std::uint64_t begin = g_.tier_begin(t), next_begin = g_.tier_begin(t + 1);
    std::vector<std::uint64_t> done(reached.word_count(), 0);
    for (;;) {
      std::atomic<std::uint64_t> waiting = 0, solved = 0;
      std::vector<std::uint64_t> retry(reached.word_count(), 0);
      for_each_new_bit(reached, done, [&] { return Scratch{RankWalker<G>(g_), {}, 0, 0}; },
                       [&](std::uint64_t local, Scratch& scratch) {
        const auto p = scratch.walker.at(begin + local);
        const Terminal term = g_.terminal(p);
        Record r;
        if (term.primitive()) {
          r = primitive(term);
        } else {
          PositionList<G> positions;
          canonical_children(g_, p, positions);
          // Ranks first, prefetching each child's record, then the reads: the
          // records of the next tier are far larger than the caches.
          FixedList<std::uint64_t, G::kMaxMoves> ranks;
          for (const auto& child : positions) {
            const std::uint64_t rank = g_.rank(child);
            if (rank >= next_begin) __builtin_prefetch(&next[rank - next_begin]);
            ranks.push_back(rank);
          }
          FixedList<Record, G::kMaxMoves> children;
          for (const std::uint64_t rank : ranks) {
            PackedRecord pr;
            if (rank >= next_begin) {
              pr = next[rank - next_begin];
            } else {
              pr = std::atomic_ref<PackedRecord>(current[rank - begin]).load(std::memory_order_acquire);
              if (pr == 0) {  // same-tier child not solved yet: try again next pass
                std::atomic_ref<std::uint64_t>(retry[local >> 6]).fetch_or(std::uint64_t{1} << (local & 63),
                                                                            std::memory_order_relaxed);
                waiting.fetch_add(1, std::memory_order_relaxed);
                return;
              }
            }
            children.push_back(unpack(pr));
          }
          r = combine_children({children.begin(), children.size()}, scored_);
        }
        const PackedRecord packed = pack(r);
        std::atomic_ref<PackedRecord>(current[local]).store(packed, std::memory_order_release);
        scratch.stats.add(r, static_cast<std::uint64_t>(g_.symmetry_class_size(p)), term.primitive());
        scratch.hash += record_hash(begin + local, packed);
        ++scratch.solved;
      }, [&](Scratch& scratch) {
        solved.fetch_add(scratch.solved, std::memory_order_relaxed);
        progress.add(scratch.solved);
        std::lock_guard lock(merge_mutex);
        stats.merge(scratch.stats);
        hash += scratch.hash;
      });
      if (waiting == 0) break;
      if (solved == 0) throw std::logic_error(g_.spec() + ": tier " + std::to_string(t) + " has a cycle");
      for (std::size_t w = 0; w < done.size(); ++w) done[w] &= ~retry[w];
    }
  }

  const G& g_;
  bool scored_;
};

}  // namespace gsolve
