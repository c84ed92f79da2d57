// Retrograde (strong) solver for loopy games (DESIGN.md, "Solvers"), which also
// solves tiered games (it never relies on tiers; tests compare the two solvers).
//
// Contract: on return the database holds, for every canonical position
// reachable from the start, its exact record by DESIGN.md's rule (value and
// remoteness; Draw where play never ends), addressed by the game's rank and
// written tier by tier through db::write_tier, exactly as TieredSolver writes
// them. Unscored objectives only (a scored game needs --objective wdl).
//
// Algorithm:
//   1. discover(): every reachable canonical position (one bitmap per tier).
//      Reachable positions get dense ids in rank order (a per-word prefix count
//      over the bitmaps maps rank -> id).
//   2. primitives get their records (remoteness 0) and seed the first frontiers.
//   3. Win/Lose waves, r = 0, 1, ...: every parent of a Lose(r) position that
//      is still undecided becomes Win(r+1) (claimed by compare-exchange, so the
//      first, i.e. smallest, r wins); every Win(r) position decrements its
//      undecided parents' counters of distinct canonical children, and a
//      counter that reaches 0 makes the parent Lose(r+1) (its last Win child has
//      the largest remoteness).
//   4. Tie waves: after 3 every undecided position has no Lose child and is not
//      Lose; an undecided parent of a Tie(r) position becomes Tie(r+1).
//   5. Every position still undecided is Draw.
// Each wave is one parallel loop.
//
// Two measured refinements (quickcross:4x4, one thread: 14.0 -> 5.9 s of CPU):
//   * Lazy counters. A counter (uint8, 0 = not counted yet, else 1 + children
//     still open) is filled by the first Win child that reaches the position in
//     wave r: it counts the distinct canonical children that are not Win with
//     remoteness < r (those were handled by earlier waves; all Win(r) children
//     are in the current frontier and will each decrement once). Most
//     positions are decided before any Win child reaches them, so most are
//     never counted: on quickcross:4x4 the Win(1) positions alone are 67%.
//   * Push or pull per wave (direction-optimising BFS): when the Win/Lose
//     frontier is larger than the number of undecided positions, the wave
//     instead scans every undecided position's children ("pull"): a Lose(<=r)
//     child makes it Win(r+1), all children Win(<=r) make it Lose(r+1); it
//     clears the counters it passes, so later push waves recount them. On
//     quickcross:4x4 the Win(1) wave pulls (1.79M frontier, 0.33M undecided).
//
// Parents ("un-moves"): games that provide for_each_unmove (games/game.h) get
// their parents generated on the fly: canonical(q) for every q with a move
// q -> p, kept if not primitive (tested before canonical(), which costs more)
// and reachable, deduplicated. Symmetries map moves to moves, so the un-moves
// of the canonical p alone give every canonical parent. Any other game uses a
// reverse edge list (CSR: the parent ids of each position, counters filled
// eagerly) built in two passes over the children; 4 bytes per edge, so meant
// for small games, and its waves always push.
//
// Memory per reachable canonical position: rank 8 B + record 4 B + counter 1 B
// (+ 16 B and 4 B per edge with the edge list), one bit per rank for discovery
// plus 4 B per 64 ranks for the id prefix counts, and, while a tier is written,
// 4 B per rank of that tier. quickcross:4x4: 226 MB peak, 172 MB of it the
// written tier (3^16 ranks).
//
// Resume: the records are committed only after the whole propagation (tier by
// tier, last first, each with its checkpoint), then the database is marked
// complete. A killed solve is therefore never complete; `--resume` starts over
// unless every tier was already written, in which case it only marks the
// database complete.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "db/solve_session.h"
#include "db/tier_io.h"
#include "games/game.h"
#include "games/quickcross.h"
#include "src/core/parallel.h"
#include "src/core/record.h"
#include "src/retrograde/discovery.h"
#include "src/retrograde/tiered_solver.h"

namespace gsolve {

enum class ParentSource { automatic, unmoves, edge_list };
// Win/Lose waves: push from the frontier, pull into the undecided positions,
// or pick per wave (automatic; see the top). Tests force each, and alternate
// (push at even r, pull at odd r) to check the hand-over between the two.
enum class WavePolicy { automatic, push, pull, alternate };

template <Game G>
class LoopySolver {
 public:
  // wdl: a scored game solved for Win/Lose/Tie; the loopy solver keeps no scores.
  LoopySolver(const G& game, bool wdl, ParentSource parents = ParentSource::automatic)
      : g_(game), edge_list_(parents == ParentSource::edge_list || !HasUnmoves<G>) {
    if (G::kScored && !wdl)
      throw std::invalid_argument(g_.spec() +
                                  ": the loopy solver keeps no scores (use --objective wdl or the tiered solver)");
    if (parents == ParentSource::unmoves && !HasUnmoves<G>)
      throw std::invalid_argument(g_.spec() + ": no un-move generation for this game");
  }

  void set_wave_policy(WavePolicy policy) { policy_ = policy; }

  SolveResult run(SolveSession& session, Progress& progress) {
    if (session.already_complete()) throw std::runtime_error(session.db().path() + ": already complete");
    if (auto c = session.checkpoint(); c && *c == 0) return finish_written(session);

    index(discover(g_, progress));
    seed_primitives(progress);
    if (edge_list_) build_edge_list(progress);
    propagate(progress);
    return write(session, progress);
  }

 private:
  using Position = typename G::Position;
  using Counter = std::conditional_t<(G::kMaxMoves < 255), std::uint8_t, std::uint16_t>;
  using Id = std::uint32_t;
  using Frontier = std::vector<Id>;

  // ---- dense ids -------------------------------------------------------------

  void index(std::vector<Bitmap> reached) {
    reached_ = std::move(reached);
    const int tiers = g_.tier_count();
    prefix_.resize(tiers);
    tier_first_id_.assign(tiers + 1, 0);
    std::uint64_t n = 0;
    for (int t = 0; t < tiers; ++t) {
      tier_first_id_[t] = n;
      auto& pre = prefix_[t];
      pre.resize(reached_[t].word_count());
      for (std::uint64_t w = 0; w < pre.size(); ++w) {
        pre[w] = static_cast<Id>(n);
        n += static_cast<std::uint64_t>(__builtin_popcountll(reached_[t].word(w)));
      }
    }
    tier_first_id_[tiers] = n;
    if (n >= 0xFFFFFFFFull) throw std::runtime_error(g_.spec() + ": too many positions for the loopy solver");
    ranks_.resize(n);
    for (int t = 0; t < tiers; ++t) {
      const std::uint64_t begin = g_.tier_begin(t);
      const auto& pre = prefix_[t];
      gsolve::parallel_for(tbb::blocked_range<std::uint64_t>(0, pre.size(), 1024), [&](const auto& words) {
        for (std::uint64_t w = words.begin(); w != words.end(); ++w) {
          Id id = pre[w];
          for (std::uint64_t bits = reached_[t].word(w); bits; bits &= bits - 1)
            ranks_[id++] = begin + w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(bits));
        }
      });
    }
    records_.assign(n, 0);
    counters_.assign(n, 0);
  }

  // Id of a canonical position, or kNone if it was not reached.
  static constexpr Id kNone = ~Id{0};
  Id id_of(const Position& canonical) const {
    const int t = g_.tier(canonical);
    const std::uint64_t local = g_.rank(canonical) - g_.tier_begin(t);
    const std::uint64_t word = reached_[t].word(local >> 6);
    const std::uint64_t bit = std::uint64_t{1} << (local & 63);
    if (!(word & bit)) return kNone;
    return prefix_[t][local >> 6] + static_cast<Id>(__builtin_popcountll(word & (bit - 1)));
  }
  Position position(Id id) const { return g_.unrank(ranks_[id]); }

  // Distinct canonical children of a non-primitive position, as ids.
  void children(const Position& p, FixedList<Id, G::kMaxMoves>& out) const {
    out.clear();
    MoveList<G> moves;
    g_.generate_moves(p, moves);
    for (const auto m : moves) {
      const Id c = id_of(g_.canonical(g_.play(p, m)));
      if (c == kNone) throw std::logic_error(g_.spec() + ": a child was not discovered");
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    }
  }

  // ---- step 2: primitives ------------------------------------------------------

  void seed_primitives(Progress& progress) {
    const std::uint64_t n = ranks_.size();
    progress.start("primitives", n);
    if (edge_list_) parent_offset_.assign(n + 1, 0);
    tbb::enumerable_thread_specific<std::array<Frontier, 5>> seeds;
    gsolve::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1024), [&](const auto& range) {
      auto& seed = seeds.local();
      FixedList<Id, G::kMaxMoves> kids;
      for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
        const Id id = static_cast<Id>(i);
        const Position p = position(id);
        const Terminal term = g_.terminal(p);
        if (term.primitive()) {
          records_[id] = pack(primitive_record(term.value));
          seed[static_cast<int>(term.value)].push_back(id);
          continue;
        }
        if (!edge_list_) continue;
        children(p, kids);  // the edge list needs them anyway: count eagerly
        counters_[id] = static_cast<Counter>(kids.size() + 1);
        for (const Id c : kids)
          std::atomic_ref<std::uint64_t>(parent_offset_[c + 1]).fetch_add(1, std::memory_order_relaxed);
      }
      progress.add(range.size());
    });
    for (auto& seed : seeds)
      for (int v = 0; v < 5; ++v) frontier_[v].insert(frontier_[v].end(), seed[v].begin(), seed[v].end());
    progress.finish();
  }

  // Reverse edges: parent_offset_[c] .. parent_offset_[c+1] index the parents of c.
  void build_edge_list(Progress& progress) {
    const std::uint64_t n = ranks_.size();
    for (std::uint64_t i = 0; i < n; ++i) parent_offset_[i + 1] += parent_offset_[i];
    parents_.assign(parent_offset_[n], 0);
    std::vector<std::uint64_t> cursor(parent_offset_.begin(), parent_offset_.end() - 1);
    progress.start("edges", n);
    gsolve::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1024), [&](const auto& range) {
      FixedList<Id, G::kMaxMoves> kids;
      for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
        const Id id = static_cast<Id>(i);
        if (primitive(id)) continue;
        children(position(id), kids);
        for (const Id c : kids)
          parents_[std::atomic_ref<std::uint64_t>(cursor[c]).fetch_add(1, std::memory_order_relaxed)] = id;
      }
      progress.add(range.size());
    });
    progress.finish();
  }

  // Calls f(parent id) once for every distinct reachable non-primitive parent.
  template <class F>
  void for_each_parent(Id id, F&& f) const {
    if (edge_list_) {
      for (std::uint64_t e = parent_offset_[id]; e != parent_offset_[id + 1]; ++e) f(parents_[e]);
      return;
    }
    if constexpr (HasUnmoves<G>) {
      FixedList<Id, G::kMaxMoves> seen;
      g_.for_each_unmove(position(id), [&](const Position& q) {
        if (g_.terminal(q).primitive()) return;  // cheaper than canonical(): test it first
        const Id pid = id_of(g_.canonical(q));
        if (pid == kNone) return;
        if (std::find(seen.begin(), seen.end(), pid) != seen.end()) return;
        seen.push_back(pid);
        f(pid);
      });
    }
  }
  // Primitives get their records (remoteness 0) in step 2, before any wave, and
  // waves only write remoteness >= 1, so this identifies them. They have no
  // moves, so they are never parents.
  bool primitive(Id id) const {
    const Record r = record(id);
    return r.known() && r.remoteness == 0;
  }
  Record record(Id id) const {
    return unpack(std::atomic_ref<const PackedRecord>(records_[id]).load(std::memory_order_relaxed));
  }

  // ---- steps 3-5: waves ------------------------------------------------------

  bool claim(Id id, Value v, int remoteness) {
    if (remoteness > kMaxRemoteness)
      throw std::runtime_error(g_.spec() + ": remoteness above " + std::to_string(kMaxRemoteness));
    PackedRecord expected = 0;
    return std::atomic_ref<PackedRecord>(records_[id])
        .compare_exchange_strong(expected, pack(Record{v, static_cast<std::uint16_t>(remoteness), 0}),
                                 std::memory_order_relaxed);
  }
  bool undecided(Id id) const {
    return std::atomic_ref<const PackedRecord>(records_[id]).load(std::memory_order_relaxed) == 0;
  }

  // Runs f(id, out) over the frontier in parallel; returns what f appended.
  template <class F>
  Frontier wave(const Frontier& from, F&& f) {
    tbb::enumerable_thread_specific<Frontier> next;
    gsolve::parallel_for(tbb::blocked_range<std::size_t>(0, from.size(), 256), [&](const auto& range) {
      auto& out = next.local();
      for (std::size_t i = range.begin(); i != range.end(); ++i) f(from[i], out);
    });
    Frontier all;
    for (auto& part : next) all.insert(all.end(), part.begin(), part.end());
    return all;
  }

  // Push, Win(r) child -> parent: one decrement of the parent's counter,
  // counting the parent's children first if nobody has (see the top).
  bool last_open_child(Id parent, int r) {
    std::atomic_ref<Counter> counter(counters_[parent]);
    Counter c = counter.load(std::memory_order_relaxed);
    if (c == 0) {
      FixedList<Id, G::kMaxMoves> kids;
      children(position(parent), kids);
      int open = 1;
      for (const Id k : kids) {
        const Record kr = record(k);
        open += !(kr.value == Value::Win && kr.remoteness < r);
      }
      counter.compare_exchange_strong(c, static_cast<Counter>(open), std::memory_order_relaxed);
    }
    return counter.fetch_sub(1, std::memory_order_relaxed) == 2;
  }

  // Pull, wave r: decides an undecided position from its children's records
  // of remoteness <= r (records claimed in this wave have r + 1 and are ignored).
  void pull(Id id, int r, Frontier& win, Frontier& lose) {
    FixedList<Id, G::kMaxMoves> kids;
    children(position(id), kids);
    bool lose_child = false, all_win = true;
    for (const Id k : kids) {
      const Record kr = record(k);
      const bool settled = kr.known() && kr.remoteness <= r;
      lose_child |= settled && kr.value == Value::Lose;
      all_win &= settled && kr.value == Value::Win;
    }
    if (lose_child) {
      if (claim(id, Value::Win, r + 1)) win.push_back(id);
    } else if (all_win) {
      if (claim(id, Value::Lose, r + 1)) lose.push_back(id);
    } else {
      counters_[id] = 0;  // stale after a pull: the next push wave recounts
    }
  }

  void propagate(Progress& progress) {
    const int W = static_cast<int>(Value::Win), L = static_cast<int>(Value::Lose), T = static_cast<int>(Value::Tie);
    progress.start("propagate", ranks_.size());
    std::uint64_t undecided_count = ranks_.size();
    for (const auto& f : frontier_) undecided_count -= f.size();
    // Win/Lose: win and lose hold the positions of remoteness r.
    Frontier win = std::move(frontier_[W]), lose = std::move(frontier_[L]);
    for (int r = 0; !win.empty() || !lose.empty(); ++r) {
      progress.add(win.size() + lose.size());
      Frontier next_win, next_lose;
      const bool pull_wave =
          policy_ == WavePolicy::pull || (policy_ == WavePolicy::alternate && r % 2 == 1) ||
          (policy_ == WavePolicy::automatic && !edge_list_ && win.size() + lose.size() > undecided_count);
      if (pull_wave) {
        progress.set_label("win/lose " + std::to_string(r) + " (pull)");
        tbb::enumerable_thread_specific<std::pair<Frontier, Frontier>> found;
        gsolve::parallel_for(tbb::blocked_range<std::uint64_t>(0, ranks_.size(), 1024), [&](const auto& range) {
          auto& [w, l] = found.local();
          for (std::uint64_t i = range.begin(); i != range.end(); ++i)
            if (undecided(static_cast<Id>(i))) pull(static_cast<Id>(i), r, w, l);
        });
        for (auto& [w, l] : found) {
          next_win.insert(next_win.end(), w.begin(), w.end());
          next_lose.insert(next_lose.end(), l.begin(), l.end());
        }
      } else {
        progress.set_label("win/lose " + std::to_string(r));
        next_win = wave(lose, [&](Id id, Frontier& out) {
          for_each_parent(id, [&](Id parent) {
            if (undecided(parent) && claim(parent, Value::Win, r + 1)) out.push_back(parent);
          });
        });
        next_lose = wave(win, [&](Id id, Frontier& out) {
          for_each_parent(id, [&](Id parent) {
            if (undecided(parent) && last_open_child(parent, r) && claim(parent, Value::Lose, r + 1))
              out.push_back(parent);
          });
        });
      }
      undecided_count -= next_win.size() + next_lose.size();
      win = std::move(next_win);
      lose = std::move(next_lose);
    }
    // Tie: every undecided position now has no Lose child and at least one
    // child that is not Win; a Tie child makes it Tie, the nearest one first.
    Frontier tie = std::move(frontier_[T]);
    for (int r = 0; !tie.empty(); ++r) {
      progress.set_label("tie " + std::to_string(r));
      progress.add(tie.size());
      tie = wave(tie, [&](Id id, Frontier& out) {
        for_each_parent(id, [&](Id parent) {
          if (undecided(parent) && claim(parent, Value::Tie, r + 1)) out.push_back(parent);
        });
      });
    }
    progress.finish();
    // Draw: whatever is left.
    const PackedRecord draw = pack(Record{Value::Draw, 0, 0});
    gsolve::parallel_for(std::size_t{0}, records_.size(), [&](std::size_t i) {
      if (records_[i] == 0) records_[i] = draw;
    });
    counters_ = {};
    parents_ = {};
    parent_offset_ = {};
  }

  // ---- writing ---------------------------------------------------------------

  SolveResult write(SolveSession& session, Progress& progress) {
    SolveResult result;
    result.scored = false;
    progress.start("write", ranks_.size());
    for (int t = g_.tier_count() - 1; t >= 0; --t) {
      const std::uint64_t begin = g_.tier_begin(t);
      std::vector<PackedRecord> tier(g_.tier_begin(t + 1) - begin, 0);
      tbb::combinable<Stats> local_stats;
      tbb::combinable<std::uint64_t> local_hash([] { return std::uint64_t{0}; });
      gsolve::parallel_for(
          tbb::blocked_range<std::uint64_t>(tier_first_id_[t], tier_first_id_[t + 1], 1024), [&](const auto& range) {
            auto& stats = local_stats.local();
            auto& hash = local_hash.local();
            for (std::uint64_t id = range.begin(); id != range.end(); ++id) {
              const PackedRecord r = records_[id];
              const Position p = position(static_cast<Id>(id));
              tier[ranks_[id] - begin] = r;
              stats.add(unpack(r), static_cast<std::uint64_t>(g_.symmetry_class_size(p)), g_.terminal(p).primitive());
              hash += record_hash(ranks_[id], r);
            }
            progress.add(range.size());
          });
      Stats stats;
      local_stats.combine_each([&](const Stats& s) { stats.merge(s); });
      const std::uint64_t hash = local_hash.combine(std::plus<>());
      db::write_tier(session.db(), static_cast<std::uint32_t>(t), tier, session.layout(), session.zstd_level(),
                     SolveSession::tier_meta(t, stats, hash));
      result.stats.merge(stats);
      result.signature += hash;
    }
    progress.finish();
    const Id start = id_of(g_.canonical(g_.start()));
    result.start = unpack(records_[start]);
    session.finish(result.stats, result.start, result.signature);
    return result;
  }

  // Every tier was committed by an interrupted run: only the final mark is missing.
  SolveResult finish_written(SolveSession& session) {
    SolveResult result;
    for (int t = 0; t < g_.tier_count(); ++t) {
      result.stats.merge(session.stats_of_tier(t));
      result.signature += std::stoull(session.db().meta_or("hash/" + std::to_string(t), "0"));
    }
    const auto start = g_.canonical(g_.start());
    const int t = g_.tier(start);
    const auto tier = db::read_tier(session.db(), static_cast<std::uint32_t>(t),
                                    g_.tier_begin(t + 1) - g_.tier_begin(t), session.layout());
    result.start = unpack(tier[g_.rank(start) - g_.tier_begin(t)]);
    session.finish(result.stats, result.start, result.signature);
    return result;
  }

  const G& g_;
  bool edge_list_;
  WavePolicy policy_ = WavePolicy::automatic;
  std::vector<Bitmap> reached_;
  std::vector<std::vector<Id>> prefix_;       // [tier][word]: id of the word's first bit
  std::vector<std::uint64_t> tier_first_id_;  // [tier]: first id of the tier
  std::vector<std::uint64_t> ranks_;          // [id]: rank
  std::vector<PackedRecord> records_;         // [id]: 0 while undecided
  std::vector<Counter> counters_;             // [id]: 0 not counted, else 1 + children still open
  std::vector<std::uint64_t> parent_offset_;  // edge list: [id] .. [id + 1] in parents_
  std::vector<Id> parents_;
  std::array<Frontier, 5> frontier_;  // primitives by value (remoteness 0)
};

}  // namespace gsolve
