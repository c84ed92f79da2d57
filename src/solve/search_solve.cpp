#include "src/solve/search_solve.h"

#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <optional>
#include <unordered_map>

#include "db/keyed_runs.h"
#include "games/connect4.h"
#include "games/go_line.h"
#include "games/reversi.h"
#include "games/treblecross.h"
#include "src/core/cluster.h"
#include "src/core/parallel.h"
#include "src/core/phase_clock.h"
#include "src/search/searcher.h"
#include "src/search/table_share.h"
#include "src/solve/work_units.h"

namespace gsolve {
namespace {

// The plies are held in memory: a depth whose plies pass kTopOfTreeBytes
// (positions, their ranks and records) is refused before it exhausts memory.
constexpr std::size_t kTopOfTreeBytes = std::size_t{2} << 30;

// Canonical positions by ply, 0..depth, deduplicated by rank (a rank names
// one canonical position). A ply lists its positions in the order the lines
// from the start first reach them, depth-first: neighbours share subtrees, so
// each search finds the table warm from the one before. (Rank order, before,
// searched connect4:6x5's ply 5 in 5% more nodes with one process and 13% more
// with two.)
template <class G>
std::vector<std::vector<typename G::Position>> top_of_tree(const G& g, int depth) {
  std::vector<std::vector<typename G::Position>> plies(depth + 1);
  plies[0].push_back(g.canonical(g.start()));
  std::size_t held = 1;
  const std::size_t per_position = sizeof(typename G::Position) + 64;  // the list, the rank map, the record
  for (int d = 0; d < depth; ++d) {
    std::unordered_map<std::uint64_t, typename G::Position> seen;
    for (const auto& p : plies[d]) {
      if (g.terminal(p).primitive()) continue;
      PositionList<G> children;
      canonical_children(g, p, children);
      for (const auto& c : children)
        if (seen.emplace(g.rank(c), c).second) {
          plies[d + 1].push_back(c);
          if (++held * per_position > kTopOfTreeBytes)
            throw ParseError("--store-depth " + std::to_string(depth) + ": ply " + std::to_string(d + 1) +
                             " alone passes " + std::to_string(plies[d + 1].size()) +
                             " positions (more than 2 GiB held); give a smaller depth");
        }
    }
  }
  return plies;
}

// Ranks name positions in every game with a searcher whose rank is usable.
template <class G>
bool rank_usable(const G& g) {
  if constexpr (requires { g.rank_available(); })
    return g.rank_available();
  else
    return g.has_rank();
}

}  // namespace

template <class G>
SolveResult solve_top(const G& g, const SolveOptions& options, Progress& progress) {
  if (!rank_usable(g)) throw std::runtime_error("--store-depth: " + g.spec() + " has no rank to key its records by");
  if constexpr (requires { G::kNeedsStoreDepth; })  // go: longer lines have no 64-bit rank
    if (options.store_depth > g.tier_count() - 1)
      throw ParseError("--store-depth " + std::to_string(options.store_depth) + ": " + g.spec() +
                       " stores lines of up to " + std::to_string(g.tier_count() - 1) + " moves");
  const int depth = std::min(options.store_depth, g.tier_count() - 1);
  // The search maximises the score first; a wdl record's remoteness ignores it.
  if (G::kScored && options.wdl)
    throw ParseError("--store-depth keeps scores: --objective wdl is not supported with it for " + g.spec());
  if (!G::kScored && options.score_only)
    throw ParseError("--objective score: " + g.spec() + " has no score (use full or wdl)");
  const bool scored = G::kScored;
  const bool score_only = options.score_only;
  std::vector<std::uint64_t> tiers;
  for (int t = 0; t <= g.tier_count(); ++t) tiers.push_back(g.tier_begin(t));
  PhaseClock clock;
  const auto plies = top_of_tree(g, depth);  // before the session: a refused depth creates no file
  clock.lap("top of tree");
  // The root alone opens the database; a refusal there stops every process.
  Cluster& cluster = Cluster::world();
  std::unique_ptr<SolveSession> session;
  cluster.all_or_none([&] {
    if (!options.journal.empty() && !cluster.alone())  // one process writes a journal
      throw ParseError("--journal: a solve with a journal runs in one process (run it without mpirun, or with -np 1)");
    if (!cluster.root()) return;
    session = std::make_unique<SolveSession>(options, g.spec(), "search-negascout", tiers, scored,
                                             "depth:" + std::to_string(depth), "keyed");
    if (session->already_complete()) throw std::runtime_error(options.db_path + ": already complete");
  });

  std::unordered_map<std::uint64_t, PackedRecord> records;  // by rank
  if (session)
    for (const auto& [rank, record] : db::read_pending(session->db())) records[rank] = record;

  search::SearchOptions so;
  so.threads = options.threads > 0 ? options.threads : 1;
  so.hash_mb = options.hash_mb;
  so.journal = options.journal;
  so.cut_plies = options.cut_plies;
  search::Searcher<G> searcher(g, so);

  // The frontier: positions at the last stored ply, committed in small
  // batches as they finish. A searcher parallel inside (connect4, reversi)
  // takes them one by one; a serial one (go) takes a group at a time, one
  // position per thread, each thread with a searcher and table of its own,
  // except with a journal (one file, one writer) or fewer positions than
  // threads (5x5's start alone): then go's searcher takes them one by one
  // too, its tests split over the threads.
  // In a job the root hands these units out (src/solve/work_units.h); every
  // process knows the frontier, and the root says which positions are left.
  const auto& frontier = plies[depth];
  progress.start("search ply " + std::to_string(depth), frontier.size());
  std::vector<std::uint32_t> todo;  // indices into the frontier
  for (std::size_t i = 0; i < frontier.size(); ++i) {
    if (records.count(g.rank(frontier[i])))
      progress.skip(1);
    else
      todo.push_back(static_cast<std::uint32_t>(i));
  }
  std::uint32_t left = static_cast<std::uint32_t>(todo.size());
  cluster.broadcast_value(left);
  todo.resize(left);
  cluster.broadcast(todo);

  const auto record_of = [&](const typename G::Position& p, search::Searcher<G>& s) {
    const Terminal t = g.terminal(p);
    if (t.primitive()) return primitive_record(t.value, scored ? t.score : 0);
    return score_only ? s.weak_record(p) : s.record(p);
  };
  // The root's choice for every process (thread counts may differ between machines).
  std::uint32_t serial32 =
      search::kSerialSearcher<G> && options.journal.empty() && frontier.size() >= static_cast<std::size_t>(so.threads);
  cluster.broadcast_value(serial32);
  const bool serial = serial32 != 0;
  search::SearchOptions one_thread = so;
  one_thread.threads = 1;
  tbb::enumerable_thread_specific<std::unique_ptr<search::Searcher<G>>> searchers;
  // The root's unit size for every process: thread counts may differ between machines.
  std::uint32_t group32 = serial ? 4 * static_cast<std::uint32_t>(so.threads) : 1;
  cluster.broadcast_value(group32);
  const std::size_t group = group32;
  const std::size_t units = (todo.size() + group - 1) / group;
  // Test hook: GSOLVE_TEST_KILL_AFTER_SEARCHED=n SIGKILLs the process (a
  // deterministic kill -9): the root after committing the n-th searched
  // position, or in a job process GSOLVE_TEST_KILL_RANK=r > 0 after its n-th unit.
  const char* kill_after = std::getenv("GSOLVE_TEST_KILL_AFTER_SEARCHED");
  const int kill_rank = std::getenv("GSOLVE_TEST_KILL_RANK") ? std::atoi(std::getenv("GSOLVE_TEST_KILL_RANK")) : 0;
  std::uint64_t units_worked = 0;
  // Unit u: the frontier positions todo[u * group, ...), their packed records.
  const WorkUnit search_unit = [&](std::size_t unit) {
    const std::size_t first = unit * group, n = std::min(group, todo.size() - first);
    std::vector<std::uint64_t> found(n);
    if (serial) {
      gsolve::parallel_for(std::size_t{0}, n, [&](std::size_t k) {
        auto& mine = searchers.local();
        if (!mine) mine = std::make_unique<search::Searcher<G>>(g, one_thread);
        found[k] = pack(record_of(frontier[todo[first + k]], *mine));
      });
    } else {
      found[0] = pack(record_of(frontier[todo[first]], searcher));
    }
    if (kill_after && kill_rank > 0 && kill_rank == cluster.rank() &&
        ++units_worked == std::strtoull(kill_after, nullptr, 10))
      ::raise(SIGKILL);
    return found;
  };
  std::unique_ptr<db::WriteTxn> txn;  // the open batch of records
  auto last_commit = std::chrono::steady_clock::now();
  std::uint64_t searched = 0;
  const UnitDone commit = [&](std::size_t unit, std::span<const std::uint64_t> found) {
    for (std::size_t k = 0; k < found.size(); ++k) {
      const std::uint64_t rank = g.rank(frontier[todo[unit * group + k]]);
      const auto packed = static_cast<PackedRecord>(found[k]);
      records[rank] = packed;
      progress.add(1);
      if (!txn) txn = std::make_unique<db::WriteTxn>(session->db());
      db::put_pending(*txn, rank, packed);
      ++searched;
      const bool kill_now = kill_after && kill_rank == 0 && searched == std::strtoull(kill_after, nullptr, 10);
      if (kill_now || std::chrono::steady_clock::now() - last_commit > std::chrono::seconds(2)) {
        txn->commit();
        txn.reset();
        last_commit = std::chrono::steady_clock::now();
        if (kill_now) ::raise(SIGKILL);
      }
    }
  };
  if (cluster.alone()) {
    for (std::size_t u = 0; u < units; ++u) commit(u, search_unit(u));
  } else {
    // The processes pass each other their tables' heavy entries (src/search/table_share.h).
    UnitSharing sharing;
    if (!search::kSerialSearcher<G>) {
      searcher.share_table();
      const std::size_t most = search::shared_entries_per_unit(cluster.size());
      sharing.take = [&, most](std::vector<std::uint64_t>& words) { searcher.take_shared(words, most); };
      sharing.give = [&](std::span<const std::uint64_t> words) { searcher.import_shared(words); };
    }
    if (cluster.root())
      serve_units(cluster, units, search_unit, commit, sharing);
    else
      work_units(cluster, search_unit, sharing);
    searcher.share_table(false);
  }
  clock.lap("search " + std::to_string(units) + " units");
  // Every process's results are in: the root finishes the database alone.
  std::uint64_t nodes = searcher.nodes();
  for (const auto& s : searchers) nodes += s ? s->nodes() : 0;
  nodes = cluster.sum(nodes);
  const std::uint64_t exchanged = cluster.sum(cluster.exchanged_bytes());
  if (!cluster.root()) return {};
  if (txn) txn->commit();
  txn.reset();
  progress.finish();

  // The plies above the frontier, from their children by the value rule.
  SolveResult result;
  result.scored = scored;
  std::vector<db::RankedRecord> all;
  for (int d = depth; d >= 0; --d) {
    Stats stats;
    std::uint64_t hash = 0;
    for (const auto& p : plies[d]) {
      const std::uint64_t rank = g.rank(p);
      const Terminal t = g.terminal(p);
      Record r;
      if (t.primitive()) {
        r = primitive_record(t.value, scored ? t.score : 0);
      } else if (d == depth) {
        r = unpack(records.at(rank));
      } else {
        PositionList<G> children;
        canonical_children(g, p, children);
        FixedList<Record, G::kMaxMoves> child_records;
        for (const auto& c : children) child_records.push_back(unpack(records.at(g.rank(c))));
        r = combine_children({child_records.begin(), child_records.size()}, scored);
        if (score_only) r.remoteness = 0;  // the children's are unknown
      }
      records[rank] = pack(r);
      stats.add(r, static_cast<std::uint64_t>(g.symmetry_class_size(p)), t.primitive());
      hash += record_hash(rank, pack(r));
      all.emplace_back(rank, pack(r));
    }
    result.stats.merge(stats);
    result.signature += hash;
    db::WriteTxn tier_txn(session->db());
    for (const auto& [k, v] : SolveSession::tier_meta(d, stats, hash)) tier_txn.put_meta(k, v);
    tier_txn.commit();
  }
  std::sort(all.begin(), all.end());
  {
    db::WriteTxn final_txn(session->db());
    db::write_runs(final_txn, all, session->zstd_level());
    db::clear_pending(final_txn);
    final_txn.commit();
  }
  result.start = unpack(records.at(g.rank(g.canonical(g.start()))));
  clock.lap("plies above the frontier");
  {
    // Best moves through the stored plies, then the search's line below them.
    std::string& pv = result.principal_variation;
    auto p = g.start();
    const auto play = [&](typename G::Move m) {
      if constexpr (requires { G::kSpacedMoves; }) pv += pv.empty() ? "" : " ";  // go: "b2 c3 pass"
      pv += g.format_move(p, m);
      p = g.play(p, m);
    };
    // A best move whose child is its own canonical form is preferred: the
    // frontier position the line ends on is then the one the search solved
    // (its table holds it; a symmetric copy would be searched afresh).
    // Records compare by value and score alone where no remoteness is kept.
    const auto same = [&](Record a, Record b) {
      if (score_only) a.remoteness = b.remoteness = 0;
      return a == b;
    };
    for (int d = 0; d < depth && !g.terminal(p).primitive(); ++d) {
      const Record here = unpack(records.at(g.rank(g.canonical(p))));
      MoveList<G> moves;
      g.generate_moves(p, moves);
      std::optional<typename G::Move> best;
      for (const auto m : moves) {
        const auto child = g.play(p, m);
        const auto canonical = g.canonical(child);
        if (!same(as_parent(unpack(records.at(g.rank(canonical)))), here)) continue;
        if (!best || canonical == child) best = m;
        if (canonical == child) break;
      }
      play(*best);
    }
    // Below the frontier, moves that keep the record (the score first, then
    // the remoteness): the line is as long as the start's remoteness. Not
    // under objective score, whose point is to search no remoteness.
    if (!g.terminal(p).primitive() && !score_only)
      for (const auto m : searcher.best_line(p)) play(m);
  }
  clock.lap("principal variation");
  result.processes = cluster.size();
  result.exchanged_bytes = exchanged;
  result.search_nodes = nodes;
  session->finish(result.stats, result.start, result.signature);
  return result;
}

template SolveResult solve_top(const Connect4&, const SolveOptions&, Progress&);
template SolveResult solve_top(const Reversi&, const SolveOptions&, Progress&);
template SolveResult solve_top(const GoLine&, const SolveOptions&, Progress&);
template SolveResult solve_top(const Treblecross&, const SolveOptions&, Progress&);

}  // namespace gsolve
