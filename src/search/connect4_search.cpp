#include "src/search/connect4_search.h"

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <fstream>
#include <mutex>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "games/input_quote.h"
#include "src/search/transposition_table.h"

namespace gsolve::search {

using u64 = std::uint64_t;

// ---------------------------------------------------------------------------
// Record conversion

Record record_from_score(const Connect4& game, int stones, int score) {
  const int wh = game.width() * game.height();
  if (score == 0) return Record{Value::Tie, static_cast<std::uint16_t>(wh - stones), 0};
  const int s = score > 0 ? score : -score;
  int d = wh + 2 - 2 * s - stones;      // N = W*H+2-2|s|
  if ((d % 2 != 0) != (score > 0)) --d;  // else N = W*H+1-2|s|: win odd, loss even
  return Record{score > 0 ? Value::Win : Value::Lose, static_cast<std::uint16_t>(d), 0};
}

int score_from_record(const Connect4& game, int stones, const Record& record) {
  const int wh = game.width() * game.height();
  const int end = stones + record.remoteness;
  switch (record.value) {
    case Value::Win: return (wh + 2 - end) / 2;
    case Value::Lose: return -((wh + 2 - end) / 2);
    case Value::Tie: return 0;
    default: throw std::invalid_argument("connect4 record has no Pons score");
  }
}

// ---------------------------------------------------------------------------
// Board geometry: compile-time for the usual sizes, run-time for the others.

namespace {

// Enhanced transposition cut-offs only where more squares than this are empty:
// near the leaves the extra table probes cost more than they save.
constexpr int kEtcEmpties = 15;

// Nodes with fewer empty squares than this use a small table of their own
// thread (kLocalBytes, fits the L2 cache and a few TLB pages) instead of the
// big shared one: their transpositions are found soon after they are stored,
// so a small table keeps nearly all the hits, and a probe of the big table
// costs a cache and TLB miss (page walks are dear under a hypervisor). Same
// class, same full-key check: a hit is always the position asked for.
constexpr int kLocalEmpties = 12;
constexpr std::size_t kLocalBytes = std::size_t{256} << 10;

constexpr u64 shl(u64 x, int s) { return s >= 64 ? 0 : x << s; }
constexpr u64 shr(u64 x, int s) { return s >= 64 ? 0 : x >> s; }

template <int W_, int H_>
struct FixedGeo {
  static constexpr int W = W_, H = H_, H1 = H_ + 1, WH = W_ * H_, B = W_ * (H_ + 1);
  static constexpr u64 bottom = [] {
    u64 b = 0;
    for (int c = 0; c < W_; ++c) b |= u64{1} << (c * (H_ + 1));
    return b;
  }();
  static constexpr u64 board = bottom * ((u64{1} << H_) - 1);
  static constexpr u64 column_bits = shl(1, H_ + 1) - 1;
  static constexpr u64 col(int c) { return ((u64{1} << H) - 1) << (c * H1); }
};

struct DynGeo {
  int W, H, H1, WH, B;
  u64 bottom = 0, board = 0, column_bits;
  DynGeo(int w, int h) : W(w), H(h), H1(h + 1), WH(w * h), B(w * (h + 1)) {
    for (int c = 0; c < w; ++c) bottom |= u64{1} << (c * H1);
    board = bottom * ((u64{1} << h) - 1);
    column_bits = shl(1, H1) - 1;
  }
  u64 col(int c) const { return ((u64{1} << H) - 1) << (c * H1); }
};

// Same as Connect4::winning_squares (tested against it): every empty square
// that would complete four for `own`.
template <class G>
[[gnu::always_inline]] inline u64 winning_squares(const G& g, u64 own, u64 mask) {
  u64 r = (own << 1) & (own << 2) & (own << 3);  // vertical
  const int strides[3] = {g.H1, g.H, g.H + 2};
  for (int s : strides) {
    u64 p = shl(own, s) & shl(own, 2 * s);
    r |= p & shl(own, 3 * s);
    r |= p & shr(own, s);
    p = shr(own, s) & shr(own, 2 * s);
    r |= p & shl(own, s);
    r |= p & shr(own, 3 * s);
  }
  return r & (g.board ^ mask);
}

template <class G>
[[gnu::always_inline]] inline bool has_four(const G& g, u64 pos) {
  u64 m = pos & shr(pos, g.H1);
  if (m & shr(m, 2 * g.H1)) return true;
  m = pos & shr(pos, g.H);
  if (m & shr(m, 2 * g.H)) return true;
  m = pos & shr(pos, g.H + 2);
  if (m & shr(m, 2 * (g.H + 2))) return true;
  m = pos & (pos >> 1);
  return (m & (m >> 2)) != 0;
}

template <class G>
inline u64 mirror_key(const G& g, u64 k) {
  u64 out = 0;
  for (int c = 0; c < g.W; ++c) out |= (shr(k, c * g.H1) & g.column_bits) << ((g.W - 1 - c) * g.H1);
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------
// The engine

class Connect4Solver::Impl {
 public:
  Impl(const Connect4& game, Algorithm algorithm) : game_(game), algorithm_(algorithm) {}
  virtual ~Impl() = default;
  // Contract of Connect4Solver::search; p arbitrary.
  virtual int search(const C4Position& p, int alpha, int beta) = 0;
  virtual void clear() = 0;
  virtual std::size_t table_bytes() const = 0;
  std::atomic<u64> nodes{0};
  Connect4 game_;
  Algorithm algorithm_;
};

namespace {

template <class G>
class Engine final : public Connect4Solver::Impl {
 public:
  Engine(const Connect4& game, const G& geo, const SolverOptions& o)
      : Impl(game, o.algorithm),
        g_(geo),
        scout_(o.algorithm != Algorithm::AlphaBeta),
        killers_(o.killers),
        history_(o.history),
        tt_(o.hash_mb << 20, geo.B),
        arena_(std::max(1, o.threads)),
        threads_(std::max(1, o.threads)),
        split_depth_(o.split_depth >= 0 ? o.split_depth : 6),
        min_split_empties_(o.min_split_empties) {
    for (int i = 0; i < g_.W; ++i) order_[i] = g_.W / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
    // Rows H, H-2, ... (1-based): in a column with an even number of empty
    // squares these are the upper squares of the pairs; in a column with an
    // odd number, the lowest empty square is playable and the rest pair up.
    for (int r = g_.H - 1; r >= 0; r -= 2) claim_rows_ |= g_.bottom << r;
    for (int r = 0; r < g_.H; ++r) row_parity_[r & 1] |= g_.bottom << r;
    // Only where a small table can check the whole key (boards up to 52 bits).
    local_empties_ = g_.B - TranspositionTable::kCheckBits <= 12 ? kLocalEmpties : 0;
    if (local_empties_ > 0)
      for (int i = 0; i < threads_; ++i) local_.push_back(std::make_unique<TranspositionTable>(kLocalBytes, g_.B));
    // History starts from the centre-first order, so that cut-offs refine it
    // rather than replace it at once.
    for (int i = 0; i < g_.W; ++i)
      for (int r = 0; r < g_.H; ++r)
        initial_.history[0][order_[i] * g_.H1 + r] = initial_.history[1][order_[i] * g_.H1 + r] =
            static_cast<std::uint32_t>((g_.W - i) << 14);
    ordering_.assign(static_cast<std::size_t>(threads_), initial_);
  }

  void clear() override {
    tt_.clear();
    for (auto& t : local_) t->clear();
    for (auto& o : ordering_) o = initial_;
  }
  // Move-ordering memory of one thread (arena slot). Heuristics only: a stolen
  // task that uses its thread's tables can reorder moves, never change a result.
  struct Ordering {
    std::uint32_t history[2][64] = {};  // cut-offs by side to move and square, weighted by depth^2
    std::int8_t killer[64];             // by stone count: the column that cut off last there
    Ordering() { std::fill(std::begin(killer), std::end(killer), std::int8_t{-1}); }
  };
  Ordering& ordering() const {
    const int i = tbb::this_task_arena::current_thread_index();
    return ordering_[static_cast<std::size_t>(std::clamp(i, 0, threads_ - 1))];
  }
  void on_cutoff(int n, u64 square, int col) const {
    Ordering& o = ordering();
    const int empties = g_.WH - n;
    o.history[n & 1][__builtin_ctzll(square)] += static_cast<std::uint32_t>(empties * empties);
    o.killer[n] = static_cast<std::int8_t>(col);
  }
  // The calling thread's small table (one thread at a time per arena slot;
  // outside the arena, with one thread, slot 0).
  TranspositionTable& local() const {
    const int i = tbb::this_task_arena::current_thread_index();
    return *local_[static_cast<std::size_t>(std::clamp(i, 0, threads_ - 1))];
  }
  std::size_t table_bytes() const override { return tt_.bytes(); }

  int search(const C4Position& p, int alpha, int beta) override {
    const int n = __builtin_popcountll(p.mask);
    const u64 opp = p.current ^ p.mask;
    if (has_four(g_, opp)) return -((g_.WH + 2 - n) / 2);  // the last mover made four
    if (n == g_.WH) return 0;                                // full board
    const u64 possible = (p.mask + g_.bottom) & g_.board;
    if (winning_squares(g_, p.current, p.mask) & possible) return (g_.WH + 1 - n) / 2;
    int result = 0;
    if (threads_ == 1) {
      Worker w(*this, false);
      result = w.negamax(p.current, p.mask, winning_squares(g_, opp, p.mask), n, alpha, beta);
      nodes += w.nodes;
    } else {
      arena_.execute([&] {
        Worker w(*this, false);
        result = psearch(w, p.current, p.mask, winning_squares(g_, opp, p.mask), n, alpha, beta, 0);
        nodes += w.nodes;
      });
    }
    return result;
  }

 private:
  struct MoveItem {
    u64 square;
    u64 threats;  // our winning squares after the move: the child's opp_win
    u64 key;
    int score;
    int col;
  };

  // Everything a node does before it searches its children. Returns true when
  // the node is decided without search (value in *value).
  struct Prep {
    u64 key;
    TranspositionTable* table;  // tt_ or the thread's local table
    bool mirrored;
    bool forced;
    int tt_move;
    int count;
    MoveItem moves[32];
  };

  // opp_win: winning_squares(g_, cur ^ mask, mask), the opponent's threats
  // (its parent computed them to order its moves).
  bool prepare(u64 cur, u64 mask, u64 opp_win, int n, int& alpha, int& beta, Prep& pr, int* value) const {
    const u64 opp = cur ^ mask;
    const u64 possible = (mask + g_.bottom) & g_.board;
    u64 cand = possible;
    if (const u64 forced = possible & opp_win) {
      if (forced & (forced - 1)) {  // two threats: the opponent wins with its next stone
        *value = -((g_.WH - n) / 2);
        return true;
      }
      cand = forced;
    }
    cand &= ~(opp_win >> 1);  // never play below an opponent's winning square
    if (!cand) {
      *value = -((g_.WH - n) / 2);
      return true;
    }
    if (n >= g_.WH - 2) {
      *value = 0;
      return true;
    }
    // Neither side can win with its next stone: the side to move wins at the
    // earliest with stone n+3, loses at the earliest to stone n+4.
    int lo = -((g_.WH - 2 - n) / 2), hi = (g_.WH - 1 - n) / 2;
    const u64 empty = g_.board & ~mask;
    if (!has_four(g_, cur | empty)) hi = std::min(hi, 0);  // can never make four
    if (!has_four(g_, opp | empty)) lo = std::max(lo, 0);
    if (((g_.WH - n) & 1) == 0 && hi > -1) {
      // Claimeven: an even number of empty squares is left, so the opponent can
      // answer every move in the same column (or, in a column with an odd
      // number of empty squares, in another such column) and so take every
      // second empty square of each column: claim_rows & ~playable. If the side
      // to move cannot make four even with all the other squares, it cannot
      // win; if moreover the opponent's squares hold a four, it loses.
      const u64 opp_claim = opp | (claim_rows_ & empty & ~possible);
      if (!has_four(g_, g_.board & ~opp_claim)) hi = std::min(hi, has_four(g_, opp_claim) ? -1 : 0);
    }
    if (hi > -1 && zugzwang_loss(opp, opp_win & ~possible, empty & ~possible, g_.WH - n)) hi = -1;
    // A single move (a forced block, or the only move that does not lose at
    // once): the node is played through without the table, whose entry would
    // only repeat the child's.
    if (!(cand & (cand - 1))) {
      if (alpha < lo) alpha = lo;
      if (beta > hi) beta = hi;
      if (alpha >= beta) {
        *value = lo >= beta ? lo : hi;  // a bound on the right side, or the exact value
        return true;
      }
      pr.count = 1;
      pr.moves[0].square = cand;
      pr.moves[0].threats = winning_squares(g_, cur | cand, mask | cand);
      pr.forced = true;
      return false;
    }
    pr.forced = false;
    // Transposition table key, symmetry-reduced; fetch its bucket early.
    {
      u64 key = cur + mask;
      const u64 mk = mirror_key(g_, key);
      pr.mirrored = mk < key;
      if (pr.mirrored) key = mk;
      pr.key = key;
      pr.table = g_.WH - n < local_empties_ ? &local() : &tt_;
      pr.table->prefetch(key);
    }
    // Each move: the threats it makes, and whether it wins with our next stone
    // whatever the opponent does (two threats it cannot both stop, a threat
    // above the square it must block, or no safe reply at all).
    pr.count = 0;
    const bool etc = g_.WH - n > kEtcEmpties;
    for (int i = 0; i < g_.W; ++i) {
      const int col = order_[i];
      const u64 sq = cand & g_.col(col);
      if (!sq) continue;
      const u64 mask2 = mask | sq;
      const u64 t = winning_squares(g_, cur | sq, mask2);
      const u64 play2 = (mask2 + g_.bottom) & g_.board;
      const u64 block = t & play2;
      if ((block & (block - 1)) || !((block ? block : play2) & ~(t >> 1))) {
        *value = (g_.WH - 1 - n) / 2;  // a win with stone n+3, the best possible here
        return true;
      }
      u64 ck = 0;
      if (etc) {
        ck = opp + mask2;
        ck = std::min(ck, mirror_key(g_, ck));
        tt_.prefetch(ck);
      }
      pr.moves[pr.count++] = MoveItem{sq, t, ck, __builtin_popcountll(t), col};
    }
    // No win with stone n+3: the earliest is n+5.
    hi = std::min(hi, (g_.WH - 3 - n) / 2);
    if (alpha < lo) {
      alpha = lo;
      if (alpha >= beta) {
        *value = alpha;
        return true;
      }
    }
    if (beta > hi) {
      beta = hi;
      if (alpha >= beta) {
        *value = beta;
        return true;
      }
    }
    pr.tt_move = -1;
    TranspositionTable::Hit hit;
    if (pr.table->probe(pr.key, &hit)) {
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
      if (hit.move >= 0) pr.tt_move = pr.mirrored ? g_.W - 1 - hit.move : hit.move;
    }
    // Enhanced transposition cut-off: a child already known to be bad enough
    // for the opponent.
    if (etc) {
      for (int i = 0; i < pr.count; ++i) {
        TranspositionTable::Hit ch;
        if (tt_.probe(pr.moves[i].key, &ch) && -ch.ub >= beta) {
          *value = -ch.ub;
          return true;
        }
      }
    }
    // Order: table move, then threats made, then centre first (stable sort).
    // Optional (off by default: both cost nodes here, see README "Search"):
    // the killer, then history, break ties between equal threat counts.
    if (killers_ || history_) {
      const Ordering& o = ordering();
      for (int i = 0; i < pr.count; ++i) {
        int sc = pr.moves[i].score << 24;
        if (killers_ && pr.moves[i].col == o.killer[n]) sc += 1 << 23;
        if (history_)
          sc += static_cast<int>(
              std::min<std::uint32_t>(o.history[n & 1][__builtin_ctzll(pr.moves[i].square)], (1u << 23) - 1));
        pr.moves[i].score = sc;
      }
    }
    for (int i = 0; i < pr.count; ++i)
      if (pr.moves[i].col == pr.tt_move) pr.moves[i].score = 1 << 30;
    for (int i = 1; i < pr.count; ++i) {
      const MoveItem m = pr.moves[i];
      int j = i;
      for (; j > 0 && pr.moves[j - 1].score < m.score; --j) pr.moves[j] = pr.moves[j - 1];
      pr.moves[j] = m;
    }
    return false;
  }

  // Zugzwang on threats of the opponent. A threat t of the opponent whose
  // square below is empty freezes its column from that square up: the side to
  // move would let the opponent win at t by playing below it, so nobody wants
  // to. Freeze one or two such columns so that the frozen squares have the
  // parity of all empty squares: the rest R of the board is then even, the
  // opponent follows up in R (claimeven, with each frozen column's top just
  // below its frozen part) and, once R is full, the side to move must play
  // below a threat. So if the side to move cannot make four with all it could
  // ever get (R minus the opponent's claims, and the squares below the
  // threats), it loses. `threats`: the opponent's winning squares that are not
  // playable; `open`: empty squares that are not playable.
  bool zugzwang_loss(u64 opp, u64 threats, u64 open, int empties) const {
    struct Frozen {
      u64 frozen, below, claim, column;
      int parity;
    };
    // The columns without such a threat are never frozen: if the side to move
    // can make four there alone, no freezing helps (the common case, one test).
    u64 columns = 0;
    for (u64 t = threats; t; t &= t - 1) columns |= g_.col(__builtin_ctzll(t) / g_.H1);
    if (has_four(g_, g_.board & ~opp & ~(claim_rows_ & open) & ~columns)) return false;
    Frozen f[8];
    int k = 0;
    for (; threats && k < 8; threats &= threats - 1) {
      const u64 t = threats & (~threats + 1);
      const int bit = __builtin_ctzll(t), row = bit % g_.H1;
      const u64 below = t >> 1, column = g_.col(bit / g_.H1);
      f[k++] = Frozen{column & ~(below - 1), below, row_parity_[row & 1] & column & (below - 1), column,
                      (g_.H - row + 1) & 1};
    }
    const auto loses = [&](u64 frozen, u64 below, u64 frozen_columns, u64 column_claims) {
      const u64 claim = ((claim_rows_ & ~frozen_columns) | column_claims) & open;
      return !has_four(g_, (g_.board & ~opp & ~claim & ~frozen) | below);
    };
    for (int i = 0; i < k; ++i) {
      if (f[i].parity == (empties & 1) && loses(f[i].frozen, f[i].below, f[i].column, f[i].claim)) return true;
      for (int j = 0; j < i; ++j)
        if (f[i].column != f[j].column && (f[i].parity ^ f[j].parity) == (empties & 1) &&
            loses(f[i].frozen | f[j].frozen, f[i].below | f[j].below, f[i].column | f[j].column,
                  f[i].claim | f[j].claim))
          return true;
    }
    return false;
  }

  void store(const Prep& pr, int alpha, int beta, int best, int best_col, u64 work) {
    int lb = -64, ub = 64, move = -1;
    if (best >= beta) {
      lb = best;
      move = best_col;
    } else if (best <= alpha) {
      ub = best;
    } else {
      lb = ub = best;
      move = best_col;
    }
    if (move >= 0 && pr.mirrored) move = g_.W - 1 - move;
    pr.table->store(pr.key, lb, ub, move, work);
  }

  struct Worker {
    Engine& e;
    bool can_abort;
    bool aborted = false;
    u64 nodes = 0;
    Worker(Engine& engine, bool abortable) : e(engine), can_abort(abortable) {}

    // Negamax, fail-soft, same window contract as Connect4Solver::search.
    // Requires: the position is not primitive and the side to move cannot
    // win with its next stone. After `aborted` the result is meaningless.
    int negamax(u64 cur, u64 mask, u64 opp_win, int n, int alpha, int beta) {
      ++nodes;
      if (can_abort && (nodes & 1023) == 0 && tbb::is_current_task_group_canceling()) aborted = true;
      if (aborted) return 0;
      Prep pr;
      int value;
      if (e.prepare(cur, mask, opp_win, n, alpha, beta, pr, &value)) return value;
      if (pr.forced) return -negamax(cur ^ mask, mask | pr.moves[0].square, pr.moves[0].threats, n + 1, -beta, -alpha);
      const u64 start = nodes;
      const u64 opp = cur ^ mask;
      int best = -64, best_col = -1, a = alpha;
      for (int i = 0; i < pr.count; ++i) {
        const u64 child_mask = mask | pr.moves[i].square;
        int v;
        if (i == 0 || beta == a + 1 || !e.scout_) {
          v = -negamax(opp, child_mask, pr.moves[i].threats, n + 1, -beta, -a);
        } else {
          v = -negamax(opp, child_mask, pr.moves[i].threats, n + 1, -a - 1, -a);
          if (v > a && v < beta && !aborted) v = -negamax(opp, child_mask, pr.moves[i].threats, n + 1, -beta, -a);
        }
        if (aborted) return 0;
        if (v > best) best = v, best_col = pr.moves[i].col;
        if (v >= beta) {
          if (e.killers_ || e.history_) e.on_cutoff(n, pr.moves[i].square, pr.moves[i].col);
          break;
        }
        if (v > a) a = v;
      }
      e.store(pr, alpha, beta, best, best_col, nodes - start);
      return best;
    }
  };

  // Young brothers wait near the root, sequential negamax below.
  int psearch(Worker& w, u64 cur, u64 mask, u64 opp_win, int n, int alpha, int beta, int ply) {
    if (ply >= split_depth_ || g_.WH - n < min_split_empties_) return w.negamax(cur, mask, opp_win, n, alpha, beta);
    ++w.nodes;
    Prep pr;
    int value;
    if (prepare(cur, mask, opp_win, n, alpha, beta, pr, &value)) return value;
    if (pr.forced) return -psearch(w, cur ^ mask, mask | pr.moves[0].square, pr.moves[0].threats, n + 1, -beta, -alpha, ply + 1);
    const u64 opp = cur ^ mask;
    int best = -((g_.WH - n) / 2) - 1;
    int best_col = pr.moves[0].col;
    {  // the eldest brother alone
      const int v = -psearch(w, opp, mask | pr.moves[0].square, pr.moves[0].threats, n + 1, -beta, -alpha, ply + 1);
      if (w.aborted) return 0;
      best = v;
      if (v >= beta || pr.count == 1) {
        store(pr, alpha, beta, best, best_col, u64{1} << 40);
        return best;
      }
    }
    // The younger brothers, in order: `threads_` tasks take the next brother
    // from a shared counter, so at most that many are searched at once and the
    // better-ordered ones first; a cut-off cancels the others.
    std::mutex m;
    int a = std::max(alpha, best);
    std::atomic<int> next{1};
    std::atomic<bool> cut{false};
    tbb::task_group tg;
    const auto brothers = [&] {
      Worker cw(*this, true);
      for (;;) {
        const int i = next.fetch_add(1);
        if (i >= pr.count || cut.load(std::memory_order_relaxed)) break;
        int a0;
        {
          std::lock_guard lock(m);
          a0 = a;
        }
        const u64 child_mask = mask | pr.moves[i].square;
        int v = -psearch(cw, opp, child_mask, pr.moves[i].threats, n + 1, scout_ ? -a0 - 1 : -beta, -a0, ply + 1);
        if (scout_ && !cw.aborted && v > a0 && v < beta)
          v = -psearch(cw, opp, child_mask, pr.moves[i].threats, n + 1, -beta, -a0, ply + 1);
        if (cw.aborted) break;
        bool is_cut = false;
        {
          std::lock_guard lock(m);
          if (v > best) best = v, best_col = pr.moves[i].col;
          if (v > a) a = v;
          is_cut = v >= beta;
        }
        if (is_cut) {
          cut = true;
          tg.cancel();
          break;
        }
      }
      nodes += cw.nodes;
    };
    const int tasks = std::min(threads_, pr.count - 1);
    for (int k = 0; k < tasks; ++k) tg.run(brothers);
    tg.wait();
    if (tbb::is_current_task_group_canceling()) {  // an ancestor was cut off
      w.aborted = true;
      return 0;
    }
    store(pr, alpha, beta, best, best_col, u64{1} << 40);
    return best;
  }

  u64 claim_rows_ = 0;  // every second row from the top: the squares claimeven takes
  u64 row_parity_[2] = {0, 0};  // the even rows and the odd rows (0 = bottom)
  G g_;
  mutable std::vector<Ordering> ordering_;  // one per arena slot
  Ordering initial_;
  bool scout_;              // NegaScout null-window probes of younger brothers (false: plain alpha-beta)
  bool killers_, history_;  // optional move-ordering heuristics
  mutable TranspositionTable tt_;
  std::vector<std::unique_ptr<TranspositionTable>> local_;  // one per arena slot
  int local_empties_ = 0;
  tbb::task_arena arena_;
  int threads_;
  int split_depth_, min_split_empties_;
  int order_[32];
};

template <int W, int H>
std::unique_ptr<Connect4Solver::Impl> make_fixed(const Connect4& game, const SolverOptions& o) {
  return std::make_unique<Engine<FixedGeo<W, H>>>(game, FixedGeo<W, H>{}, o);
}

std::unique_ptr<Connect4Solver::Impl> make_engine(const Connect4& game, const SolverOptions& o) {
  const int w = game.width(), h = game.height();
#define GSOLVE_C4_SIZE(W, H) \
  if (w == W && h == H) return make_fixed<W, H>(game, o);
  GSOLVE_C4_SIZE(7, 6)
#ifndef GSOLVE_C4_FAST_BUILD
  GSOLVE_C4_SIZE(4, 4)
  GSOLVE_C4_SIZE(5, 4)
  GSOLVE_C4_SIZE(4, 5)
  GSOLVE_C4_SIZE(5, 5)
  GSOLVE_C4_SIZE(6, 4)
  GSOLVE_C4_SIZE(4, 6)
  GSOLVE_C4_SIZE(6, 5)
  GSOLVE_C4_SIZE(5, 6)
  GSOLVE_C4_SIZE(7, 4)
  GSOLVE_C4_SIZE(7, 5)
  GSOLVE_C4_SIZE(6, 6)
#endif
#undef GSOLVE_C4_SIZE
  return std::make_unique<Engine<DynGeo>>(game, DynGeo(w, h), o);
}

}  // namespace

// ---------------------------------------------------------------------------
// Public API

Connect4Solver::Connect4Solver(const Connect4& game, SolverOptions options)
    : impl_(make_engine(game, options)) {}
Connect4Solver::~Connect4Solver() = default;

const Connect4& Connect4Solver::game() const { return impl_->game_; }

int Connect4Solver::search(const C4Position& p, int alpha, int beta) {
  if (alpha >= beta) throw std::invalid_argument("Connect4Solver::search: empty window");
  return impl_->search(p, alpha, beta);
}

const char* algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::Narrowing: return "narrowing";
    case Algorithm::NegaScout: return "negascout";
    case Algorithm::MTDf: return "mtdf";
    case Algorithm::AlphaBeta: return "alphabeta";
  }
  return "?";
}

Algorithm parse_algorithm(const std::string& name) {
  for (Algorithm a : {Algorithm::Narrowing, Algorithm::NegaScout, Algorithm::MTDf, Algorithm::AlphaBeta})
    if (name == algorithm_name(a)) return a;
  throw std::invalid_argument("unknown search algorithm '" + name +
                              "' (expected narrowing, negascout, mtdf or alphabeta)");
}

int Connect4Solver::solve(const C4Position& p) {
  const Connect4& g = impl_->game_;
  const int wh = g.width() * g.height();
  const int n = g.stones(p);
  int min = -((wh + 2 - n) / 2), max = (wh + 1 - n) / 2;
  switch (impl_->algorithm_) {
    case Algorithm::NegaScout:
    case Algorithm::AlphaBeta:  // one window holding every score: the result is exact
      return impl_->search(p, min - 1, max + 1);
    case Algorithm::MTDf: {  // probe at the last bound until the bounds meet
      int f = std::clamp(0, min, max);
      while (min < max) {
        const int beta = f == min ? f + 1 : f;
        f = impl_->search(p, beta - 1, beta);
        if (f < beta) max = f;
        else min = f;
      }
      return min;
    }
    case Algorithm::Narrowing: break;
  }
  // Null-window probes narrow [min, max], probing nearer 0 first (Pons).
  while (min < max) {
    int med = min + (max - min) / 2;
    if (med <= 0 && min / 2 < med) med = min / 2;
    else if (med >= 0 && max / 2 > med) med = max / 2;
    const int r = impl_->search(p, med, med + 1);
    if (r <= med) max = r;
    else min = r;
  }
  return min;
}

int Connect4Solver::solve_weak(const C4Position& p) {
  if (impl_->search(p, 0, 1) >= 1) return 1;
  return impl_->search(p, -1, 0) <= -1 ? -1 : 0;
}

Record Connect4Solver::record(const C4Position& p) {
  return record_from_score(impl_->game_, impl_->game_.stones(p), solve(p));
}

Analysis Connect4Solver::analyze(const C4Position& p) {
  const Connect4& g = impl_->game_;
  Analysis a;
  const int n = g.stones(p);
  a.score = solve(p);
  a.record = record_from_score(g, n, a.score);
  if (g.terminal(p).primitive()) return a;
  MoveList<Connect4> moves;
  g.generate_moves(p, moves);
  for (const C4Move m : moves) {
    const int s = solve(g.play(p, m));
    a.children.push_back({m, s, record_from_score(g, n + 1, s)});
  }
  // Principal variation: at each step, a child whose score is minus ours.
  C4Position q = p;
  int s = a.score;
  while (!g.terminal(q).primitive()) {
    g.generate_moves(q, moves);
    int chosen = -1;
    for (const C4Move m : moves) {
      // Every child scores >= -s; a best one scores <= -s.
      if (impl_->search(g.play(q, m), -s, -s + 1) <= -s) {
        chosen = m;
        break;
      }
    }
    if (chosen < 0) throw std::logic_error("connect4 principal variation: no best move found");
    a.pv.push_back(static_cast<C4Move>(chosen));
    q = g.play(q, static_cast<C4Move>(chosen));
    s = -s;
  }
  return a;
}

void Connect4Solver::clear() { impl_->clear(); }
std::uint64_t Connect4Solver::nodes() const { return impl_->nodes.load(); }
void Connect4Solver::reset_nodes() { impl_->nodes = 0; }
std::size_t Connect4Solver::table_bytes() const { return impl_->table_bytes(); }

// ---------------------------------------------------------------------------
// Benchmark

BenchResult run_benchmark_file(const std::string& path, int threads, std::size_t hash_mb,
                               std::size_t limit, bool weak) {
  SolverOptions options;
  options.threads = threads;
  options.hash_mb = hash_mb;
  return run_benchmark_file(path, options, limit, weak);
}

BenchResult run_benchmark_file(const std::string& path, const SolverOptions& options, std::size_t limit,
                               bool weak) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  int w = 7, h = 6;
  std::smatch match;
  const std::string name = path.substr(path.find_last_of('/') + 1);
  if (std::regex_search(name, match, std::regex("([0-9]+)x([0-9]+)"))) {
    w = std::stoi(match[1]);
    h = std::stoi(match[2]);
  }
  const Connect4 game(w, h);
  Connect4Solver solver(game, options);
  BenchResult result;
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line) && (limit == 0 || result.positions < limit)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    // "<moves> <score>", or " <score>" (empty moves: the start). A line
    // without a score is an error, never a score read from the moves.
    const auto bad = [&](const std::string& why) {
      return ParseError(path + ":" + std::to_string(number) + ": " + why);
    };
    std::istringstream fields(line);
    std::string moves, extra;
    int expected = 0;
    if (line[0] != ' ' && line[0] != '\t' && !(fields >> moves))
      throw bad("expected '<moves> <score>'");
    if (!(fields >> expected)) throw bad("expected '<moves> <score>', got '" + quote_input(line) + "'");
    if (fields >> extra) throw bad("unexpected '" + quote_input(extra) + "' after the score");
    C4Position p;
    try {
      p = game.parse(moves);
    } catch (const ParseError& e) {
      throw bad(e.what());
    }
    solver.clear();
    solver.reset_nodes();
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    int got = weak ? solver.solve_weak(p) : solver.solve(p);
    const std::clock_t c1 = std::clock();
    const auto t1 = std::chrono::steady_clock::now();
    result.cpu_seconds += static_cast<double>(c1 - c0) / CLOCKS_PER_SEC;
    if (weak) expected = (expected > 0) - (expected < 0);
    result.seconds += std::chrono::duration<double>(t1 - t0).count();
    result.nodes += solver.nodes();
    ++result.positions;
    if (got != expected) {
      if (result.mismatches++ == 0)
        result.first_mismatch = moves + " expected " + std::to_string(expected) + " got " + std::to_string(got);
    }
  }
  return result;
}

}  // namespace gsolve::search
