// The two verifiers (docs/DESIGN.md, "Verifiers"), templates over a Game.
//
// Position check (check_position): for a canonical position p with rank r,
//   * its own record must be readable (else: damaged frame / missing record);
//   * primitive: stored == (terminal value, remoteness 0, terminal score if scored),
//     else "bad primitive";
//   * otherwise: the record is recomputed from the stored records of ALL its
//     children by verify/rule.h and compared field by field (value, then
//     remoteness, then score). A child without a record is a "missing child"
//     error in a database with complete coverage; a child in a damaged frame
//     makes p unverifiable (counted as skipped: the damaged frame is reported
//     at the child itself).
// Derived tiers (db/chunk.h; connect4 stores every other tier): records are
// read through db/resolver.h with this file's own rule, so a stored
// position's derived children are recomputed from their children and each
// stored record is checked against two plies below. A derived position has
// no record of its own to be wrong: it counts as checked once its children
// are readable (a primitive: always), so --backtrack still checks every
// reachable position; a fault shows at the stored position itself and may
// show at its grandparent, never at the derived parent. Win in 1 (not stored
// either, db/chunk.h) is the rules' answer: checked, as a primitive is.
// Partial databases (coverage "depth:N", sparse keyed runs): a position
// without a record is beyond the coverage and ends the descent; a position
// whose record is stored but some child's is not (the frontier, where the
// search solver's values enter) is counted as skipped, or with --deep its
// missing children are re-solved by the search solver (connect4) and the rule
// is applied to them as to stored records.
//
// --backtrack: depth-first preorder from canonical(start). A position is
// marked in the visited set (RankSet: one bit per rank) when it is first pushed, so
// every reachable canonical position is checked exactly once and cycles end
// the descent. Parallel with parallel_for_each_fed (a feeder): each task
// runs a sequential DFS on its own stack and hands the rest of the stack back
// to TBB after kBatch positions, so idle threads steal subtrees.
//
// --random: walk w (0, 1, 2, ...) plays uniformly random moves from the start
// to a primitive (or max_steps plies on a loopy game) with its own generator
// seeded from (seed, w), so the walks are the same whatever the thread count.
// A position on a walk is checked with probability 1 - P(already checked):
//   * exact mode (default; the set of checked ranks is kept: a bitmap, or a
//     hash set for sparse databases): P is known exactly for every position,
//     1 if it is in the set, 0 if not, so
//     each distinct position is checked once, by the first walk that reaches
//     it, and the set of positions checked after N walks does not depend on
//     the thread count;
//   * sampled mode (--sampled: when even the set of checked positions would
//     not fit in memory): only positions with hash(rank) % 16 == 0 are
//     remembered; P_d, the chance
//     that a position at depth d is already checked, is measured on those in
//     each round of walks and used for the other positions in the next round.
// Both modes measure P_d per depth on every round and report it.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/concurrent_hash_map.h>
#include <tbb/concurrent_unordered_set.h>
#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "db/resolver.h"
#include "games/game.h"
#include "src/core/bitmap.h"
#include "src/core/parallel.h"
#include "src/core/progress.h"
#include "verify/record_store.h"
#include "verify/report.h"
#include "verify/rule.h"

namespace gsolve::verify {

struct VerifyOptions {
  std::string db_path;
  bool backtrack = false;   // else random
  std::uint64_t walks = 0;  // random: walk budget (0: none; 10000 if no time budget either)
  double seconds = 0;       // random: time budget (0: none)
  std::uint64_t seed = 1;
  int max_steps = 0;              // random, loopy games: plies per walk (0: default 1000)
  bool sampled = false;           // random: estimate P from a sample instead of an exact set
  bool deep = false;              // partial databases: re-solve missing children by search (connect4)
  std::size_t deep_hash_mb = 64;  // --deep: transposition table per thread, MiB
  std::size_t max_errors = 20;    // errors listed (the lowest ranks)
  std::uint64_t cache_bytes = std::uint64_t{2} << 30;  // decoded frames kept (record_store.h)
  int threads = 0;
  bool progress = false;
};

// A 64-bit mixer (splitmix64's finaliser): walk seeds and hash samples.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// splitmix64: tiny, fast, and good enough to pick moves.
struct WalkRng {
  std::uint64_t state;
  std::uint64_t next() { return mix64(state += 0x9E3779B97F4A7C15ull); }
  std::uint32_t below(std::uint32_t n) {  // uniform in [0, n), Lemire's multiply-shift
    return static_cast<std::uint32_t>((next() >> 32) * n >> 32);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

// A set of ranks, safe to fill from many threads: a bitmap over the rank
// space where that fits in memory (every dense database), else a hash set
// (sparse databases of huge games: it holds only the positions reached).
class RankSet {
 public:
  static constexpr std::uint64_t kMaxBitmapBits = std::uint64_t{1} << 32;  // 512 MiB
  explicit RankSet(std::uint64_t rank_space) : dense_(rank_space <= kMaxBitmapBits), bits_(dense_ ? rank_space : 0) {}
  // True if this call added the rank.
  bool insert(std::uint64_t rank) { return dense_ ? bits_.set(rank) : sparse_.insert(rank).second; }
  void prefetch(std::uint64_t rank) const {
    if (dense_) __builtin_prefetch(bits_.words().data() + (rank >> 6));
  }
  std::uint64_t size() const { return dense_ ? bits_.count() : static_cast<std::uint64_t>(sparse_.size()); }

 private:
  bool dense_;
  Bitmap bits_;
  tbb::concurrent_unordered_set<std::uint64_t> sparse_;
};

template <Game G, class Store = RecordStore>
class Verifier {
 public:
  using Position = typename G::Position;
  using Lookup = typename Store::Lookup;
  using Status = typename Store::Status;
  struct Child {
    Position p;
    std::uint64_t rank = 0;
    int tier = 0;
    bool looked_up = false;  // `lookup` holds its record (read while checking its parent)
    Lookup lookup;
  };
  using Children = FixedList<Child, G::kMaxMoves>;
  // frontier: p's record is stored but some child's is not (partial
  // databases); with --deep it is checked all the same. Neither `beyond` nor
  // `frontier` positions lead further.
  enum class Outcome { passed, failed, unreadable, beyond, frontier, damaged_child };
  // --deep: the record of a position beyond the database, by search.
  using DeepSolve = std::function<Record(const Position&)>;
  // --deep under objective score: whether a position's score is at least t, by search.
  using DeepTest = std::function<bool(const Position&, int)>;
  void set_deep_test(DeepTest test) { deep_test_ = std::move(test); }

  // layout: the database's (what it leaves out: derived tiers, Win in 1).
  // remoteness: whether the records keep it (all objectives but score).
  Verifier(const G& g, Store& store, bool scored, bool complete, ErrorSink& sink, DeepSolve deep = {},
           const db::ChunkLayout& layout = {}, bool remoteness = true)
      : g_(g),
        store_(store),
        resolver_(g, store, layout, scored, &expected_from_children),
        scored_(scored),
        remoteness_(remoteness),
        complete_(complete),
        sink_(sink),
        deep_(std::move(deep)) {}
  static bool leads_on(Outcome o) { return o != Outcome::beyond && o != Outcome::frontier; }

  // Checks canonical position p (rank, tier). `children` receives p's
  // canonical children (empty at a primitive) with their records where they
  // were read, for the caller to go on. `known`: p's record if read already.
  // `visited`: the caller's visited set, whose words for the children are
  // prefetched along with their records.
  Outcome check_position(const Position& p, std::uint64_t rank, int tier, Children& children, Counters& c,
                         const Lookup* known = nullptr, const RankSet* visited = nullptr) {
    children.clear();
    const Terminal term = g_.terminal(p);
    if (!term.primitive()) {
      MoveList<G> moves;
      g_.generate_moves(p, moves);
      for (const auto m : moves) {
        Child child;
        child.p = g_.canonical(g_.play(p, m));
        child.rank = static_cast<std::uint64_t>(g_.rank(child.p));
        child.tier = g_.tier(child.p);
        store_.prefetch(child.rank);
        if (visited) visited->prefetch(child.rank);
        children.push_back(child);
      }
    }
    if (resolver_.derived(tier)) return check_derived(term, children, c);
    if (resolver_.by_rules(p, term)) {  // Win in 1, not stored: the rules' own answer
      ++c.checked;
      return Outcome::passed;
    }
    const auto own = known ? *known : store_.get(tier, rank);
    if (own.status == Status::damaged) {
      ++c.unreadable;
      error(c, ErrorKind::damaged_frame, p, rank, nullptr, nullptr, [&] { return store_.locate(rank); });
      sink_.damaged_frame(store_.locate(rank));
      return Outcome::unreadable;
    }
    if (own.status == Status::missing) {
      if (!complete_) {
        ++c.skip_beyond;
        return Outcome::beyond;
      }
      ++c.unreadable;
      error(c, ErrorKind::missing_record, p, rank, nullptr, nullptr, [] { return std::string(); });
      return Outcome::unreadable;
    }
    const Record stored = own.record;

    if (term.primitive()) {
      ++c.checked;
      const Record expected = expected_primitive(term, scored_);
      const bool same = stored.value == expected.value && stored.remoteness == expected.remoteness &&
                        (!scored_ || stored.score == expected.score);
      if (same) return Outcome::passed;
      error(c, ErrorKind::bad_primitive, p, rank, &stored, &expected, [] { return std::string(); });
      return Outcome::failed;
    }

    FixedList<Record, G::kMaxMoves> records;
    bool damaged_child = false;
    const Child* missing = nullptr;
    for (Child& child : children) {
      const auto got = resolver_.get(child.p, child.tier, child.rank);
      child.lookup = got;
      child.looked_up = true;
      if (got.status == Status::ok)
        records.push_back(got.record);
      else if (got.status == Status::damaged)
        damaged_child = true;
      else if (!missing)
        missing = &child;
    }
    if (missing && !complete_) {
      if ((!deep_ && !deep_test_) || damaged_child) {
        ++c.skip_beyond;
        return Outcome::frontier;
      }
      if (deep_test_) return check_score_by_search(p, rank, stored, c);
      // --deep: the children beyond the database, by search.
      records.clear();
      for (Child& child : children)
        records.push_back(child.lookup.status == Status::ok ? child.lookup.record : deep_(child.p));
      ++c.checked;
      ++c.deep;
      const Record expected = expected_from_children({records.begin(), records.size()}, scored_);
      ErrorKind kind;
      if (compare_records(stored, expected, scored_, kind, remoteness_))
        error(c, kind, p, rank, &stored, &expected, [] { return std::string("children re-solved by search"); });
      return Outcome::frontier;
    }
    if (missing) {
      ++c.checked;
      error(c, ErrorKind::missing_child, p, rank, &stored, nullptr, [&] {
        return "child \"" + g_.format(missing->p) + "\" (index " + std::to_string(missing->rank) + ") has no record";
      });
      return Outcome::failed;
    }
    if (damaged_child) {
      ++c.skip_damaged_child;
      return Outcome::damaged_child;
    }
    ++c.checked;
    const Record expected = expected_from_children({records.begin(), records.size()}, scored_);
    ErrorKind kind;
    if (!compare_records(stored, expected, scored_, kind, remoteness_)) return Outcome::passed;
    error(c, kind, p, rank, &stored, &expected, [] { return std::string(); });
    return Outcome::failed;
  }

  // --deep under objective score: p's stored score s re-proven by two tests
  // at p, "at least s" and not "at least s + 1" (the prover's test at p is the
  // best of its children's, which a score database does not store), and its
  // value the sign of s.
  Outcome check_score_by_search(const Position& p, std::uint64_t rank, const Record& stored, Counters& c) {
    ++c.checked;
    ++c.deep;
    const int s = stored.score;
    const Value sign = s > 0 ? Value::Win : s < 0 ? Value::Lose : Value::Tie;
    const char* wrong = stored.value != sign   ? "the value is not its score's sign"
                        : !deep_test_(p, s)    ? "search: the score is below the stored one"
                        : deep_test_(p, s + 1) ? "search: the score is above the stored one"
                                               : nullptr;
    if (wrong)
      error(c, stored.value != sign ? ErrorKind::wrong_value : ErrorKind::wrong_score, p, rank, &stored, nullptr,
            [wrong] { return std::string(wrong); });
    return Outcome::frontier;
  }

  // --backtrack. Returns when every position reachable from the start is checked.
  void backtrack(tbb::enumerable_thread_specific<Counters>& counters, Progress& progress) {
    RankSet visited(g_.rank_space());
    const Position start = g_.canonical(g_.start());
    Child root;
    root.p = start;
    root.rank = static_cast<std::uint64_t>(g_.rank(start));
    root.tier = g_.tier(start);
    visited.insert(root.rank);
    struct Local {
      std::vector<Child> stack;
      std::uint64_t unreported = 0;  // progress not yet added
    };
    tbb::enumerable_thread_specific<Local> locals;
    gsolve::parallel_for_each_fed(&root, &root + 1, [&](const Child& item, const auto& feed) {
      Local& local = locals.local();
      Counters& c = counters.local();
      std::vector<Child>& stack = local.stack;  // empty between calls: a body never nests
      stack.push_back(item);
      Children children;
      for (int done = 0; !stack.empty();) {
        const Child at = stack.back();
        stack.pop_back();
        ++c.visited;
        const Outcome outcome =
            check_position(at.p, at.rank, at.tier, children, c, at.looked_up ? &at.lookup : nullptr, &visited);
        if (leads_on(outcome))                             // a partial database ends where its records end
          for (std::size_t i = children.size(); i-- > 0;)  // reversed: first move on top (preorder)
            if (visited.insert(children[i].rank)) stack.push_back(children[i]);
        if (++local.unreported == 4096) {
          progress.add(local.unreported);
          local.unreported = 0;
        }
        if (++done >= kBatch && stack.size() > 1) {  // share the rest with idle threads
          for (const Child& rest : stack) feed(rest);
          stack.clear();
        }
      }
    });
    for (auto& local : locals) progress.add(local.unreported);
  }

  // --random. Fills the walk fields of the report.
  void random(const VerifyOptions& o, tbb::enumerable_thread_specific<Counters>& counters, Progress& progress,
              VerifyReport& report) {
    const int max_steps = o.max_steps > 0 ? o.max_steps : 1000;
    // Depth bound: a non-loopy game moves up a tier or passes (two passes end it).
    const std::size_t depths = static_cast<std::size_t>(G::kLoopy ? max_steps : 2 * g_.tier_count() + 2) + 1;
    const bool exact = !o.sampled;
    RankSet checked_set(exact ? g_.rank_space() : 0);
    tbb::concurrent_hash_map<std::uint64_t, std::uint64_t> sample_set;  // sampled rank -> first round
    constexpr std::uint64_t kSampleMask = 15;                           // 1 in 16
    std::vector<double> p_estimate(depths, 0.0);                        // P_d used by the current round
    struct Local {
      std::vector<std::uint64_t> visits, already;  // this round, per depth
      std::uint64_t steps = 0;
    };
    tbb::enumerable_thread_specific<Local> locals([&] {
      Local l;
      l.visits.assign(depths, 0);
      l.already.assign(depths, 0);
      return l;
    });
    std::vector<double> measured(depths, 0.0);

    const auto t0 = std::chrono::steady_clock::now();
    auto out_of_time = [&] {
      return o.seconds > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >= o.seconds;
    };
    std::uint64_t walks_done = 0;
    for (std::uint64_t round = 0;; ++round) {
      std::uint64_t begin = round * kRoundWalks, end = begin + kRoundWalks;
      if (o.walks > 0) end = std::min(end, o.walks);
      if (begin >= end || (round > 0 && out_of_time())) break;
      gsolve::parallel_for(tbb::blocked_range<std::uint64_t>(begin, end, 8), [&](const auto& range) {
        Local& local = locals.local();
        Counters& c = counters.local();
        Children children;
        for (std::uint64_t w = range.begin(); w != range.end(); ++w) {
          WalkRng rng{mix64(o.seed ^ mix64(w))};
          Position p = g_.start();
          for (int depth = 0;; ++depth) {
            const Position canon = g_.canonical(p);
            const auto rank = static_cast<std::uint64_t>(g_.rank(canon));
            const int tier = g_.tier(canon);
            const std::size_t d = std::min<std::size_t>(depth, depths - 1);
            ++c.visited;
            ++local.steps;
            bool do_check;
            if (exact) {
              ++local.visits[d];
              do_check = checked_set.insert(rank);
              if (!do_check) {
                ++local.already[d];
                ++c.skip_repeat;
              }
            } else if ((mix64(rank) & kSampleMask) == 0) {
              // Sampled: remembered exactly; these visits measure P_d.
              ++local.visits[d];
              decltype(sample_set)::accessor acc;
              do_check = sample_set.insert(acc, rank);
              if (do_check)
                acc->second = round;
              else if (acc->second < round)
                ++local.already[d];
              if (!do_check) ++c.skip_repeat;
            } else {
              // Unsampled: the chance it is checked already is P_d.
              do_check = rng.uniform() >= p_estimate[d];
              if (!do_check) ++c.skip_chance;
            }
            bool go_on = true;
            if (do_check) {
              go_on = leads_on(check_position(canon, rank, tier, children, c));
            } else if (!complete_) {  // stop where the database's records stop
              go_on = resolver_.get(canon, tier, rank).status != Status::missing;
              if (go_on && !g_.terminal(p).primitive()) {
                MoveList<G> moves;
                g_.generate_moves(p, moves);
                for (const auto m : moves) {
                  const Position child = g_.canonical(g_.play(p, m));
                  go_on = go_on && resolver_.get(child).status != Status::missing;
                }
              }
            }
            if (!go_on || g_.terminal(p).primitive()) break;
            if (G::kLoopy && depth >= max_steps) break;
            MoveList<G> moves;
            g_.generate_moves(p, moves);
            p = g_.play(p, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
          }
          progress.add(1);
        }
      });
      walks_done = end;
      // P_d for the next round: what this round's walks found already checked,
      // where enough of them got that deep (sampled mode: sampled positions only).
      std::vector<std::uint64_t> visits(depths, 0), already(depths, 0);
      for (Local& l : locals) {
        for (std::size_t d = 0; d < depths; ++d) {
          visits[d] += l.visits[d];
          already[d] += l.already[d];
        }
        std::fill(l.visits.begin(), l.visits.end(), 0);
        std::fill(l.already.begin(), l.already.end(), 0);
      }
      for (std::size_t d = 0; d < depths; ++d) {
        if (visits[d] >= kMinVisits) {
          measured[d] = std::min(1.0, static_cast<double>(already[d]) / static_cast<double>(visits[d]));
          p_estimate[d] = measured[d];
        }
      }
    }
    report.walks = walks_done;
    for (const Local& l : locals) report.steps += l.steps;
    if (exact) {  // each position checked at most once: every check is a distinct position
      report.distinct_checked = 0;
      for (const Counters& c : counters) report.distinct_checked += c.checked;
    } else {
      report.distinct_checked = static_cast<std::uint64_t>(sample_set.size()) * (kSampleMask + 1);
      report.distinct_estimated = true;
    }
    std::size_t last = depths;
    while (last > 0 && measured[last - 1] == 0.0) --last;
    report.already_checked_by_depth.assign(measured.begin(), measured.begin() + static_cast<long>(last));
  }

 private:
  static constexpr int kBatch = 1024;                 // backtrack: positions per task before sharing
  static constexpr std::uint64_t kRoundWalks = 1024;  // random: walks between P_d updates
  static constexpr std::uint64_t kMinVisits = 16;     // random: visits at a depth to measure P_d

  // A position of a derived tier: nothing stored to compare; its children
  // (stored) must be readable for its parent's check to have used them.
  Outcome check_derived(const Terminal& term, Children& children, Counters& c) {
    if (term.primitive()) {
      ++c.checked;
      return Outcome::passed;
    }
    bool damaged_child = false, missing = false;
    for (Child& child : children) {
      child.lookup = resolver_.get(child.p, child.tier, child.rank);
      child.looked_up = true;
      damaged_child = damaged_child || child.lookup.status == Status::damaged;
      missing = missing || child.lookup.status == Status::missing;
    }
    if (missing && !complete_) {
      ++c.skip_beyond;
      return Outcome::frontier;
    }
    if (damaged_child) {
      ++c.skip_damaged_child;
      return Outcome::damaged_child;
    }
    ++c.checked;  // a missing child is reported where it is read: at this position's parent
    return Outcome::passed;
  }

  template <class Note>
  void error(Counters& c, ErrorKind kind, const Position& p, std::uint64_t rank, const Record* stored,
             const Record* expected, Note&& note) {
    ++c.by_kind[static_cast<int>(kind)];
    if (!sink_.wants(kind, rank)) return;
    ErrorEntry e;
    e.rank = rank;
    e.kind = kind;
    e.position = g_.format(p);
    if (stored) e.stored = *stored, e.has_stored = true;
    if (expected) e.expected = *expected, e.has_expected = true;
    e.note = note();
    sink_.add(std::move(e));
  }

  const G& g_;
  Store& store_;
  Resolver<G, Store, Record (*)(std::span<const Record>, bool)> resolver_;  // this file's rule, not record.h's
  bool scored_, remoteness_, complete_;
  ErrorSink& sink_;
  DeepSolve deep_;
  DeepTest deep_test_;
};

// Opens the database, dispatches on its game and runs the verifier that
// `options` asks for. Throws db::DbError on I/O problems.
VerifyReport run_verify(const VerifyOptions& options, Progress& progress);

}  // namespace gsolve::verify
