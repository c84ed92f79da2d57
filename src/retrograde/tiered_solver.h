// Retrograde (strong) solver for tiered games (DESIGN.md, "Solvers").
//
// Contract: on return the database answers, for every canonical position
// reachable from the start, its exact record by DESIGN.md's rule (value,
// remoteness, and score where scored), addressed by the game's rank, read
// through db/resolver.h (connect4 stores every other tier and no Win in 1;
// other games store every reachable record, every other rank Unknown). Tiers
// are solved from the last one back, each in parallel; each tier is committed
// with its checkpoint in one transaction, by a background writer one tier
// behind the solve, so a killed solve resumes at the last committed tier and
// ends with the same database. Memory: one bit per rank for discovery, plus the
// records of two adjacent tiers.
//
// Many processes (an MPI job, src/core/cluster.h): each solves its share of
// every tier (the same split as discovery's), then every share is broadcast,
// so that each process holds the whole tier as the children of the next one.
// Only the root holds the session and writes, one tier behind, as above; the
// database is the same as one process's, record for record.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "db/resolver.h"
#include "db/solve_session.h"
#include "db/tier_io.h"
#include "games/game.h"
#include "src/core/cluster.h"
#include "src/core/parallel.h"
#include "src/core/phase_clock.h"
#include "src/core/record.h"
#include "src/retrograde/discovery.h"
#include "src/retrograde/rank_walker.h"
#include "src/retrograde/share_exchange.h"
#include "src/retrograde/tier_writer.h"

namespace gsolve {

struct SolveResult {
  Record start;
  Stats stats;
  std::uint64_t signature = 0;
  bool scored = false;
  std::string principal_variation;  // search solves: one best line from the start
  int processes = 1;
  std::uint64_t exchanged_bytes = 0;  // received from other processes, summed over the job
  std::uint64_t search_nodes = 0;     // search solves: nodes of the frontier's searches, every process
};

template <Game G>
class TieredSolver {
 public:
  TieredSolver(const G& game, bool wdl) : g_(game), scored_(G::kScored && !wdl) {}

  // The record of a primitive position under this solve's objective.
  Record primitive(const Terminal& t) const { return primitive_record(t.value, scored_ ? t.score : 0); }

  SolveResult run(SolveSession& session, Progress& progress) {
    Cluster alone;
    return run(alone, &session, progress);
  }

  // session: the root's; null on the other processes.
  SolveResult run(Cluster& cluster, SolveSession* session, Progress& progress) {
    if (session && session->already_complete()) throw std::runtime_error(session->db().path() + ": already complete");
    PhaseClock clock;
    const std::vector<Bitmap> reached = discover(g_, progress, cluster);
    clock.lap("discover");
    const int tiers = g_.tier_count();
    SolveResult result;
    result.scored = scored_;
    // Two record buffers take turns: `next` holds tier t + 1 while tier t is
    // solved into `current`, which is the buffer of tier t + 2 recycled: each
    // page is faulted in once per solve, and zeroing is a parallel loop.
    RecordBuffer next, current;
    {
      std::uint64_t largest = 0;
      for (int t = 0; t < tiers; ++t) largest = std::max(largest, tier_size(t));
      next.reserve(largest);  // address space only: pages are touched as tiers need them
      current.reserve(largest);
    }
    // In a job, where a tier's reached records travel (share_exchange.h):
    // address space for the most reached positions of a tier, 4 bytes each.
    std::uint64_t travel_bytes = 0;
    if (!cluster.alone())
      for (int t = 0; t < tiers; ++t) travel_bytes = std::max(travel_bytes, reached[t].count() * sizeof(PackedRecord));
    const auto travel = std::make_unique_for_overwrite<std::byte[]>(travel_bytes);
    int first = tiers - 1;
    const db::ChunkLayout layout = layout_of(session, cluster);
    std::int32_t zstd_level = session ? session->zstd_level() : 0;
    cluster.broadcast_value(zstd_level);
    std::int32_t checkpoint = session && session->checkpoint() ? *session->checkpoint() : -1;
    cluster.broadcast_value(checkpoint);
    if (checkpoint >= 0) {
      // Resume: tiers >= checkpoint are in the database already.
      const int c = checkpoint;
      if (session) {
        for (int t = c; t < tiers; ++t) {
          const Stats s = session->stats_of_tier(t);
          result.stats.merge(s);
          result.signature += std::stoull(session->db().meta_or("hash/" + std::to_string(t), "0"));
        }
        next.assign(db::read_tier(session->db(), static_cast<std::uint32_t>(c), tier_size(c), session->layout()));
      } else {
        next.zero(tier_size(c));
      }
      cluster.broadcast(next.span());
      restore_by_rules(g_, c, next.span(), layout, reached[c]);  // Win in 1 is not stored
      first = c - 1;
    }
    std::uint64_t to_solve = 0;
    for (int t = first; t >= 0; --t) to_solve += reached[t].count();
    // Tier t is compressed and committed by a background writer while tier
    // t - 1 is solved (both only read tier t's records); with one thread the
    // write stays inline, so --threads 1 uses one core. In a job, every
    // process compresses its share of tier t's frames on a thread beside its
    // solve (the bulk of a write: the root alone would hold the job back;
    // inline, it cost connect4:6x4 12% more wall with 2 processes), they
    // reach the root once tier t - 1 is solved, and the root's writer stores them.
    const bool background = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) > 1;
    struct Compressed {
      int tier;
      Stats stats;
      std::uint64_t hash;
      std::vector<std::string> frames;  // this process's share
    };
    std::optional<Compressed> compressed;
    // Declared after `compressed`, which the compressor's thread writes: on an
    // exception the threads are joined before it is destroyed.
    TierWriter writer(background), compressor(background || !cluster.alone());
    // A collective: every process's frames of the compressed tier to the root's writer.
    const auto commit_compressed = [&] {
      if (!compressed) return;
      compressor.wait();
      auto frames = db::interleaved_frames(cluster.gather_lists(compressed->frames), cluster.size());
      if (session)
        writer.start([this, session, c = std::move(*compressed), frames = std::move(frames)]() mutable {
          timed_commit(c.tier, [&] {
            const auto tier = static_cast<std::uint32_t>(c.tier);
            const auto meta = SolveSession::tier_meta(c.tier, c.stats, c.hash);
            if (session->layout().derived(c.tier))
              db::write_tier(session->db(), tier, {}, session->layout(), session->zstd_level(), meta);
            else
              db::write_compressed_tier(session->db(), tier, tier_size(c.tier), session->layout(), std::move(frames),
                                        meta);
          });
        });
      compressed.reset();
    };
    progress.start("solve", to_solve);
    clock.lap("prepare");
    for (int t = first; t >= 0; --t) {
      current.zero(tier_size(t));
      clock.lap("zero " + std::to_string(t));
      Stats stats;
      std::uint64_t hash = 0;
      progress.set_label("tier " + std::to_string(t));
      const std::uint64_t received = cluster.exchanged_bytes();
      solve_tier(t, reached[t], current.span(), next.span(), stats, hash, progress, cluster,
                 {travel.get(), travel_bytes});
      clock.lap(
          "solve " + std::to_string(t) +
          (cluster.alone() ? "" : ", received " + std::to_string(cluster.exchanged_bytes() - received) + " bytes"));
      hash = cluster.sum(hash);
      if (!cluster.alone()) stats = gather_stats(cluster, stats);
      if (!session) kill_for_test(t, cluster.rank());
      // Tier t + 1 must be committed before tier t (the checkpoint only goes
      // down) and before its buffer is reused.
      commit_compressed();
      if (cluster.alone()) writer.wait();
      clock.lap("wait write " + std::to_string(t + 1));
      result.stats.merge(stats);
      result.signature += hash;
      std::swap(next, current);  // next: tier t; current: tier t + 1's buffer, free now
      if (!cluster.alone()) {
        compressed = Compressed{t, stats, hash, {}};
        if (!layout.derived(t))
          compressor.start([&, records = next.span()] {
            // Every size-th frame: neighbouring frames cost alike to compress,
            // distant ones do not (halves of a connect4:6x4 job's tiers: 5x).
            compressed->frames =
                db::compress_frames(records, layout, zstd_level, static_cast<std::size_t>(cluster.rank()),
                                    db::frame_count(records.size(), layout), static_cast<std::size_t>(cluster.size()));
          });
      } else if (session) {
        writer.start([session, t, records = next.span(), meta = SolveSession::tier_meta(t, stats, hash)] {
          timed_commit(t, [&] {
            db::write_tier(session->db(), static_cast<std::uint32_t>(t), records, session->layout(),
                           session->zstd_level(), meta);
          });
        });
      }
    }
    commit_compressed();
    writer.wait();  // every tier committed before the database is marked complete
    clock.lap("wait write 0");
    progress.finish();
    const auto start = g_.canonical(g_.start());
    result.start = unpack(next.span()[g_.rank(start) - g_.tier_begin(g_.tier(start))]);
    result.processes = cluster.size();
    result.exchanged_bytes = cluster.sum(cluster.exchanged_bytes());
    if (session) session->finish(result.stats, result.start, result.signature);
    clock.lap("finish");
    return result;
  }

 private:
  // Records of one tier, reused from tier to tier (capacity only grows).
  class RecordBuffer {
   public:
    void zero(std::uint64_t n) {
      reserve(n);
      size_ = n;
      fill(0, n,
           [&](std::uint64_t b, std::uint64_t e) { std::fill(data_.get() + b, data_.get() + e, PackedRecord{0}); });
    }
    void assign(const std::vector<PackedRecord>& records) {
      reserve(records.size());
      size_ = records.size();
      fill(0, size_, [&](std::uint64_t b, std::uint64_t e) {
        std::copy(records.begin() + b, records.begin() + e, data_.get() + b);
      });
    }
    std::span<PackedRecord> span() { return {data_.get(), size_}; }
    // Uninitialised: zero() touches it in parallel. (Transparent huge pages,
    // tried, made the first touch slower on this VM and the solve no faster.)
    void reserve(std::uint64_t n) {
      if (n <= capacity_) return;
      data_.reset();
      data_.reset(new PackedRecord[n]);
      capacity_ = n;
    }

   private:
    template <class F>
    static void fill(std::uint64_t begin, std::uint64_t end, F&& f) {
      constexpr std::uint64_t kGrain = std::uint64_t{1} << 16;  // 256 KiB
      if (end - begin <= kGrain) return f(begin, end);
      gsolve::parallel_for(tbb::blocked_range<std::uint64_t>(begin, end, kGrain),
                           [&](const tbb::blocked_range<std::uint64_t>& r) { f(r.begin(), r.end()); });
    }
    std::unique_ptr<PackedRecord[]> data_;
    std::uint64_t size_ = 0, capacity_ = 0;
  };

  // Test hook: GSOLVE_TEST_KILL_AFTER_TIER=t kills the process (SIGKILL, as a
  // user's kill -9 would) right after tier t is committed; in a job, process
  // GSOLVE_TEST_KILL_RANK=r > 0 instead, right after it solved its share of t.
  static void kill_for_test(int t, int rank) {
    const char* k = std::getenv("GSOLVE_TEST_KILL_AFTER_TIER");
    const char* r = std::getenv("GSOLVE_TEST_KILL_RANK");
    if (k && *k && std::atoi(k) == t && (r ? std::atoi(r) : 0) == rank) ::raise(SIGKILL);
  }

  // Tier t's commit on the writer thread (write() stores it): timed, then the kill hook.
  template <class Write>
  static void timed_commit(int t, Write&& write) {
    PhaseClock write_clock(RUSAGE_THREAD);
    write();
    write_clock.lap("write " + std::to_string(t) + " (writer thread)");
    kill_for_test(t, 0);
  }

  // The chunk layout restore_by_rules needs: the root's session has it.
  static db::ChunkLayout layout_of(SolveSession* session, Cluster& cluster) {
    db::ChunkLayout layout = session ? session->layout() : db::ChunkLayout{};
    cluster.broadcast_value(layout);
    return layout;
  }

  // The job's statistics of a tier, at the root (each process counted its share).
  static Stats gather_stats(Cluster& cluster, const Stats& mine) {
    Stats all;
    for (const std::string& text : cluster.gather_text(mine.to_json().dump()))
      all.merge(Stats::from_json(nlohmann::json::parse(text)));
    return all;
  }

  std::uint64_t tier_size(int t) const { return g_.tier_begin(t + 1) - g_.tier_begin(t); }

  // Solves every reached position of tier t. Children in tier t + 1 come from
  // `next`; children in the same tier (a pass) from `current`, so positions
  // whose same-tier child is not solved yet wait for the next pass.
  void solve_tier(int t, const Bitmap& reached, std::span<PackedRecord> current, std::span<const PackedRecord> next,
                  Stats& stats, std::uint64_t& hash, Progress& progress, Cluster& cluster,
                  std::span<std::byte> travel) {
    // What one task accumulates, merged once per task, not per position; and
    // its lists, cleared per position rather than value-initialised (1 KiB).
    struct Scratch {
      explicit Scratch(const G& game) : walker(game) {}
      RankWalker<G> walker;
      PositionList<G> positions;
      FixedList<std::uint64_t, G::kMaxMoves> ranks;
      FixedList<Record, G::kMaxMoves> children;
      Stats stats;
      std::uint64_t hash = 0, solved = 0;
      PackedRecord widest = 0;  // the OR of the records solved
    };
    std::mutex merge_mutex;
    const std::uint64_t begin = g_.tier_begin(t), next_begin = g_.tier_begin(t + 1);
    std::vector<std::uint64_t> done(reached.word_count(), 0);
    PackedRecord widest = 0;  // of this process's records, over every pass
    // With many processes: this one's chunks of the tier, and how they travel.
    const TierShares shares(reached.word_count(), cluster.size());
    const std::optional<PackedShares> packing =
        cluster.alone() ? std::nullopt : std::optional<PackedShares>(std::in_place, reached, shares, cluster.size());
    for (;;) {
      std::atomic<std::uint64_t> waiting = 0, solved = 0;
      std::vector<std::uint64_t> retry(reached.word_count(), 0);
      for_each_new_bit(
          reached, shares, cluster.rank(), done, [&] { return Scratch(g_); },
          [&](std::uint64_t local, Scratch& scratch) {
            const auto p = scratch.walker.at(begin + local);
            const Terminal term = g_.terminal(p);
            Record r;
            if (term.primitive()) {
              r = primitive(term);
            } else {
              auto& positions = scratch.positions;
              canonical_children(g_, p, positions);
              // Ranks first, prefetching each child's record, then the reads: the
              // records of the next tier are far larger than the caches.
              auto& ranks = scratch.ranks;
              ranks.clear();
              for (const auto& child : positions) {
                const std::uint64_t rank = g_.rank(child);
                if (rank >= next_begin) __builtin_prefetch(&next[rank - next_begin]);
                ranks.push_back(rank);
              }
              auto& children = scratch.children;
              children.clear();
              for (const std::uint64_t rank : ranks) {
                PackedRecord pr;
                if (rank >= next_begin) {
                  pr = next[rank - next_begin];
                } else {
                  pr = std::atomic_ref<PackedRecord>(current[rank - begin]).load(std::memory_order_acquire);
                  if (pr == 0) {  // same-tier child not solved yet: try again next pass
                    std::atomic_ref<std::uint64_t>(retry[local >> 6])
                        .fetch_or(std::uint64_t{1} << (local & 63), std::memory_order_relaxed);
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
            scratch.widest |= packed;
            ++scratch.solved;
          },
          [&](Scratch& scratch) {
            solved.fetch_add(scratch.solved, std::memory_order_relaxed);
            progress.add(scratch.solved);
            std::lock_guard lock(merge_mutex);
            stats.merge(scratch.stats);
            hash += scratch.hash;
            widest |= scratch.widest;
          });
      // Every share reaches every process: same-tier children of the next
      // pass, and the next tier's children.
      if (packing) exchange_shares(cluster, *packing, current, travel, widest);
      const std::uint64_t solved_by_all = cluster.sum(solved);
      progress.add(solved_by_all - solved);
      if (cluster.sum(waiting) == 0) break;
      if (solved_by_all == 0) throw std::logic_error(g_.spec() + ": tier " + std::to_string(t) + " has a cycle");
      for (std::size_t w = 0; w < done.size(); ++w) done[w] &= ~retry[w];
    }
  }

  const G& g_;
  bool scored_;
};

}  // namespace gsolve
