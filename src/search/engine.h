// The game-independent search engine: NegaScout (principal variation search)
// over a game's plug-in, a shared transposition table, enhanced transposition
// cut-offs, move ordering, and young brothers wait over oneTBB task groups.
//
// A plug-in P (src/search/<game>/plugin.h; the contract is written out in
// src/search/plugin.h) owns everything that knows the rules: the search state,
// expansion of a node (terminal test, static bounds, moves with their order
// scores and table codes), playing a move, and optionally a leaf solver for
// the last few plies. The engine owns the rest, with no virtual call and no
// allocation per node.
//
// Per node (Worker::negamax):
//   ++nodes; a leaf: the plug-in's leaf solver;
//   expand: decided -> its value; forced (one move) -> played through without
//   the table; else probe the table (the thread's small one where the plug-in
//   says so): lb >= beta -> lb, ub <= alpha -> ub, lb == ub -> lb, else narrow
//   the window and remember the table move; enhanced transposition cut-off: a
//   child whose stored upper bound ub gives -ub >= beta cuts; order the moves
//   (table move first, then the optional killer/history bonus and the
//   plug-in's order, stable; its costly late order, if any, only once the
//   table move has failed to cut off); NegaScout over them; store [lb, ub] and
//   the best move.
// Parallel (psearch): above split_depth plies from the root and with at least
// min_split_empties empty squares, the eldest brother is searched first (the
// late order, as in negamax, only after it), then
// `threads` tasks pull its younger brothers from a shared counter with the
// bound it gave; a cut-off cancels the task group (young brothers wait).
#pragma once

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "src/core/parallel.h"
#include "src/search/options.h"
#include "src/search/plugin.h"
#include "src/search/searcher.h"
#include "src/search/stop.h"
#include "src/search/table_share.h"

namespace gsolve::search {

template <SearchPlugin P>
class Engine final : public SearchImpl<typename P::Game> {
  using Table = typename P::Table;
  using State = typename P::State;
  using Key = typename P::Key;
  using MoveItem = typename P::MoveItem;
  using Position = typename P::Game::Position;
  using u64 = std::uint64_t;

  // The table must hold every score and every move code of the game exactly.
  static_assert(Table::kMinBound <= P::kMinScore && P::kMaxScore <= Table::kMaxBound,
                "the game's score range does not fit the table's bounds");
  static_assert(P::kMoveCodes <= Table::kMoveCodes, "the game's move codes do not fit the table entry");

 public:
  Engine(P plugin, const SearchOptions& o)
      : p_(std::move(plugin)),
        scout_(o.algorithm != Algorithm::AlphaBeta),
        killers_(o.killers),
        history_(o.history),
        tt_(p_.make_table(o.hash_mb << 20)),
        arena_(std::max(1, o.threads)),
        threads_(std::max(1, o.threads)),
        split_depth_(o.split_depth >= 0 ? o.split_depth : P::kDefaultSplitDepth),
        min_split_empties_(o.min_split_empties >= 0 ? o.min_split_empties : P::kDefaultMinSplitEmpties) {
    if (p_.local_table_bytes() > 0)
      for (int i = 0; i < threads_; ++i) local_.push_back(p_.make_table(p_.local_table_bytes()));
    for (int side = 0; side < 2; ++side)
      for (int sq = 0; sq < 64; ++sq) initial_.history[side][sq] = p_.initial_history(sq);
    ordering_.assign(static_cast<std::size_t>(threads_), initial_);
  }

  void clear() override {
    tt_->clear();
    for (auto& t : local_) t->clear();
    for (auto& o : ordering_) o = initial_;
  }
  std::size_t table_bytes() const override { return tt_->bytes(); }
  void share_table(bool on) override {
    if (!on)
      share_.reset();
    else if (!share_)
      share_ = std::make_unique<TableShare<Key>>();
  }
  void take_shared(std::vector<std::uint64_t>& words, std::size_t most) override {
    if (share_) share_->take(words, most);
  }
  void import_shared(std::span<const std::uint64_t> words) override { TableShare<Key>::import(words, *tt_); }
  std::pair<int, int> score_range(const Position& pos) const override { return p_.score_range(pos); }
  Algorithm default_algorithm() const override { return P::kDefaultAlgorithm; }
  Position search_form(const Position& pos) const override {
    if constexpr (requires { p_.search_form(pos); })
      return p_.search_form(pos);
    else
      return pos;
  }
  int first_guess(const Position& pos) const override {
    if constexpr (requires { p_.first_guess(pos); })
      return p_.first_guess(pos);
    else
      return 0;
  }

  int search(const Position& pos, int alpha, int beta) override {
    int value;
    if (p_.root_value(pos, value)) return value;
    const State root = p_.root(pos);
    int result = 0;
    if (threads_ == 1) {
      Worker w(*this, false);
      result = w.negamax(root, alpha, beta);
      w.flush();
    } else {
      arena_.execute([&] {
        Worker w(*this, false);
        result = psearch(w, root, alpha, beta, 0);
        w.flush();
      });
    }
    if (stop_requested()) throw Stopped{};  // the result may be cut short; the table holds only finished nodes
    return result;
  }

  // The plug-in's handle on the tables during expand: early prefetches. It
  // remembers the thread's small table once found (a thread-index lookup is
  // not free), for the probe and the store of the same node.
  struct Tables {
    const Engine& e;
    mutable Table* local = nullptr;
    [[gnu::always_inline]] void prefetch(const Key& key, bool is_local) const { table(is_local).prefetch(key); }
    Table& table(bool is_local) const {
      if (!is_local) return *e.tt_;
      if (!local) local = &e.local();
      return *local;
    }
  };

 private:
  // The work psearch stores: its nodes run on many threads and are not
  // counted per node; the most, so those entries stay.
  static constexpr u64 kUnmeasured = u64{1} << 40;

  // Move-ordering memory of one thread (arena slot). Heuristics only: a stolen
  // task that uses its thread's tables can reorder moves, never change a result.
  struct Ordering {
    std::uint32_t history[2][64] = {};  // cut-offs by side (ply parity) and square, weighted by empties^2
    std::int8_t killer[64];             // by ply index: the move that cut off last there
    Ordering() { std::fill(std::begin(killer), std::end(killer), std::int8_t{-1}); }
  };
  Ordering& ordering() const {
    const int i = tbb::this_task_arena::current_thread_index();
    return ordering_[static_cast<std::size_t>(std::clamp(i, 0, threads_ - 1))];
  }
  void on_cutoff(const State& s, const MoveItem& m) const {
    Ordering& o = ordering();
    const int empties = p_.empties(s), ply = p_.ply_index(s);
    o.history[ply & 1][p_.history_square(m)] += static_cast<std::uint32_t>(empties * empties);
    o.killer[ply] = static_cast<std::int8_t>(m.id);
  }
  // The calling thread's small table (one thread at a time per arena slot;
  // outside the arena, with one thread, slot 0).
  Table& local() const {
    const int i = tbb::this_task_arena::current_thread_index();
    return *local_[static_cast<std::size_t>(std::clamp(i, 0, threads_ - 1))];
  }

  // Table probe, enhanced transposition cut-off and move order of an expanded
  // node. Returns true when the node is decided (value in *value). The
  // plug-in's late order waits for the table move's search where there is one
  // (node.late_order stays set), else it is added here.
  bool finish_expand(const State& s, int& alpha, int& beta, Node<P>& node, int* value) const {
    Table& table = *node.table;
    int tt_move = -1;
    typename Table::Hit hit;
    if (table.probe(node.key, &hit)) {
      if (hit.lb >= beta) {
        *value = hit.lb;
        return true;
      }
      if (hit.ub <= alpha) {
        *value = hit.ub;
        return true;
      }
      if (hit.lb == hit.ub) {
        *value = hit.lb;
        return true;
      }
      alpha = std::max(alpha, hit.lb);
      beta = std::min(beta, hit.ub);
      tt_move = hit.move;
    }
    // Enhanced transposition cut-off: a child already known to be bad enough
    // for the opponent.
    if (node.etc) {
      for (int i = 0; i < node.count; ++i) {
        typename Table::Hit ch;
        if (tt_->probe(node.moves[i].child_key, &ch) && -ch.ub >= beta) {
          *value = -ch.ub;
          return true;
        }
      }
    }
    if constexpr (requires(u64 & n) { p_.order_late(s, alpha, node, 0, n); }) {
      const bool defer =
          !killers_ && !history_ &&
          std::any_of(node.moves, node.moves + node.count, [&](const MoveItem& m) { return m.table_move == tt_move; });
      if (node.late_order && !defer) {
        p_.order_late(s, alpha, node, 0, node.order_nodes);
        node.late_order = false;
      }
    }
    // Order: table move, then the plug-in's order (stable sort). Optional: the
    // killer, then history, break ties between equal plug-in orders.
    if (killers_ || history_) {
      const Ordering& o = ordering();
      const int ply = p_.ply_index(s);
      for (int i = 0; i < node.count; ++i) {
        int sc = node.moves[i].order << 24;
        if (killers_ && node.moves[i].id == o.killer[ply]) sc += 1 << 23;
        if (history_)
          sc += static_cast<int>(
              std::min<std::uint32_t>(o.history[ply & 1][p_.history_square(node.moves[i])], (1u << 23) - 1));
        node.moves[i].order = sc;
      }
    }
    for (int i = 0; i < node.count; ++i)
      if (node.moves[i].table_move == tt_move) node.moves[i].order = 1 << 30;
    // The search picks each next move as it goes (psearch sorts the younger
    // brothers after the eldest): a cut-off on an early move leaves the rest unsorted.
    select_move(node, 0);
    return false;
  }

  // Brings the first of the highest-ordered moves of moves[from..count) to
  // `from`, the others kept in order: moves picked this way one by one come
  // in sort_moves' order.
  static void select_move(Node<P>& node, int from) {
    int best = from;
    for (int i = from + 1; i < node.count; ++i)
      if (node.moves[i].order > node.moves[best].order) best = i;
    if (best == from) return;
    const MoveItem m = node.moves[best];
    for (int j = best; j > from; --j) node.moves[j] = node.moves[j - 1];
    node.moves[from] = m;
  }

  // Stable sort of moves[from..count) by order, highest first.
  static void sort_moves(Node<P>& node, int from) {
    for (int i = from + 1; i < node.count; ++i) {
      const MoveItem m = node.moves[i];
      int j = i;
      for (; j > from && node.moves[j - 1].order < m.order; --j) node.moves[j] = node.moves[j - 1];
      node.moves[j] = m;
    }
  }

  // The late order of the moves after the first (the table move, searched
  // without a cut-off; negamax then picks them by it, psearch sorts them);
  // returns the nodes it searched.
  u64 order_rest(const State& s, int alpha, Node<P>& node) const {
    u64 n = 0;
    if constexpr (requires(u64 & k) { p_.order_late(s, alpha, node, 1, k); }) {
      p_.order_late(s, alpha, node, 1, n);
      node.late_order = false;
    }
    return n;
  }

  // Everything a node does before it searches its children.
  Expand expand(const State& s, int& alpha, int& beta, Node<P>& node, int* value) const {
    const Tables tables{*this};
    const Expand e = p_.expand(s, alpha, beta, node, *value, tables);
    if (e != Expand::expanded) return e;
    node.table = &tables.table(node.local);
    return finish_expand(s, alpha, beta, node, value) ? Expand::decided : Expand::expanded;
  }

  void store(const Node<P>& node, int alpha, int beta, int best, int best_move, u64 work) const {
    int lb = Table::kMinBound - 1, ub = Table::kMaxBound + 1, move = -1;
    if (best >= beta) {
      lb = best;
      move = best_move;
    } else if (best <= alpha) {
      ub = best;
    } else {
      lb = ub = best;
      move = best_move;
    }
    node.table->store(node.key, lb, ub, move, work);
    // Shared: measured work only (psearch stores kUnmeasured, which would
    // crowd out the rest), in the shared table only.
    if (share_ && work >= TableShare<Key>::kMinWork && work < kUnmeasured && node.table == tt_.get())
      share_->add(node.key, lb, ub, move, work);
  }

  struct Worker {
    Engine& e;
    bool can_abort;
    bool aborted = false;
    u64 nodes = 0;
    u64 flushed = 0;  // nodes already added to the engine's count (it shows a long search's progress)
    Worker(Engine& engine, bool abortable) : e(engine), can_abort(abortable) {}
    void flush() {
      e.nodes += nodes - flushed;
      flushed = nodes;
    }

    // Negamax, fail-soft, the window contract of Searcher::search. Requires a
    // state the plug-in's root() or play() made. After `aborted` the result is
    // meaningless.
    int negamax(const State& s, int alpha, int beta) {
      ++nodes;
      if ((nodes & 1023) == 0) {  // a cut-off above cancels this task's work; a stop request ends every search
        if ((can_abort && tbb::is_current_task_group_canceling()) || stop_requested()) aborted = true;
        flush();
      }
      if (aborted) return 0;
      if constexpr (requires { e.p_.is_leaf(s); })
        if (e.p_.is_leaf(s)) return e.p_.solve_leaf(s, alpha, beta, nodes);
      Node<P> node;
      int value;
      const Expand ex = e.expand(s, alpha, beta, node, &value);
      nodes += node.order_nodes;
      if (ex == Expand::decided) return value;
      if (ex == Expand::forced) return -negamax(e.p_.play(s, node.moves[0]), -beta, -alpha);
      const u64 start = nodes;
      int best = P::kMinScore - 1, best_move = -1, a = alpha;
      for (int i = 0; i < node.count; ++i) {
        if (i > 0) select_move(node, i);
        const State child = e.p_.play(s, node.moves[i]);
        int v;
        if (i == 0 || beta == a + 1 || !e.scout_) {
          v = -negamax(child, -beta, -a);
        } else {
          v = -negamax(child, -a - 1, -a);
          if (v > a && v < beta && !aborted) v = -negamax(child, -beta, -a);
        }
        if (aborted) return 0;
        if (v > best) best = v, best_move = node.moves[i].table_move;
        if (v >= beta) {
          if (e.killers_ || e.history_) e.on_cutoff(s, node.moves[i]);
          break;
        }
        if (v > a) a = v;
        if (i == 0 && node.late_order) nodes += e.order_rest(s, alpha, node);
      }
      e.store(node, alpha, beta, best, best_move, nodes - start);
      return best;
    }
  };

  // Young brothers wait near the root, sequential negamax below.
  int psearch(Worker& w, const State& s, int alpha, int beta, int ply) {
    if (ply >= split_depth_ || p_.empties(s) < min_split_empties_) return w.negamax(s, alpha, beta);
    ++w.nodes;
    if constexpr (requires { p_.is_leaf(s); })
      if (p_.is_leaf(s)) return p_.solve_leaf(s, alpha, beta, w.nodes);
    Node<P> node;
    int value;
    const Expand ex = expand(s, alpha, beta, node, &value);
    w.nodes += node.order_nodes;
    if (ex == Expand::decided) return value;
    if (ex == Expand::forced) return -psearch(w, p_.play(s, node.moves[0]), -beta, -alpha, ply + 1);
    int best = P::kMinScore - 1;
    int best_move = node.moves[0].table_move;
    {  // the eldest brother alone
      const int v = -psearch(w, p_.play(s, node.moves[0]), -beta, -alpha, ply + 1);
      if (w.aborted) return 0;
      best = v;
      if (v >= beta || node.count == 1) {
        store(node, alpha, beta, best, best_move, kUnmeasured);
        return best;
      }
    }
    // As in negamax, the plug-in's late order waits for the eldest (the table
    // move) to fail to cut off; the brothers are then taken in order.
    if (node.late_order) w.nodes += order_rest(s, alpha, node);
    sort_moves(node, 1);
    // The younger brothers, in order: `threads_` tasks take the next brother
    // from a shared counter, so at most that many are searched at once and the
    // better-ordered ones first; a cut-off cancels the others.
    std::mutex m;
    int a = std::max(alpha, best);
    std::atomic<int> next{1};
    std::atomic<bool> cut{false};
    const auto brothers = [&](tbb::task_group& group) {
      Worker cw(*this, true);
      for (;;) {
        const int i = next.fetch_add(1);
        if (i >= node.count || cut.load(std::memory_order_relaxed)) break;
        int a0;
        {
          std::lock_guard lock(m);
          a0 = a;
        }
        const State child = p_.play(s, node.moves[i]);
        int v = -psearch(cw, child, scout_ ? -a0 - 1 : -beta, -a0, ply + 1);
        if (scout_ && !cw.aborted && v > a0 && v < beta) v = -psearch(cw, child, -beta, -a0, ply + 1);
        if (cw.aborted) break;
        bool is_cut = false;
        {
          std::lock_guard lock(m);
          if (v > best) best = v, best_move = node.moves[i].table_move;
          if (v > a) a = v;
          is_cut = v >= beta;
        }
        if (is_cut) {
          cut = true;
          group.cancel();
          break;
        }
      }
      cw.flush();
    };
    run_tasks(std::min(threads_, node.count - 1), brothers);
    if (tbb::is_current_task_group_canceling() || stop_requested()) {  // an ancestor was cut off, or a stop
      w.aborted = true;
      return 0;
    }
    store(node, alpha, beta, best, best_move, kUnmeasured);
    return best;
  }

  P p_;
  bool scout_;              // NegaScout null-window probes of younger brothers (false: plain alpha-beta)
  bool killers_, history_;  // optional move-ordering heuristics
  std::unique_ptr<Table> tt_;
  std::unique_ptr<TableShare<Key>> share_;     // set in a job: heavy entries for the other processes
  std::vector<std::unique_ptr<Table>> local_;  // one per arena slot, where the plug-in wants them
  mutable std::vector<Ordering> ordering_;     // one per arena slot
  Ordering initial_;
  tbb::task_arena arena_;
  int threads_;
  int split_depth_, min_split_empties_;
};

}  // namespace gsolve::search
