// The Connect 4 plug-in of the search engine (src/search/engine.h, contract in
// src/search/plugin.h): Pons scores (pons_score.h) on bitboards
// (games/connect4_kernel.h), over a board geometry known at compile time for
// the usual sizes or at run time for the others.
//
// A node: the side to move cannot have made four, and the opponent's threats
// (its winning squares) come from the parent, which computed them to order
// its moves. Expansion decides a node without search when it can: the
// opponent has two playable threats, every move loses at once, the board is
// nearly full, or a move wins with the side's next stone whatever the reply.
// Static bounds narrow the window first: nobody can win without four in
// reach; claimeven (the opponent answers in the same column and takes every
// second square); zugzwang on the opponent's threats. Only non-losing moves
// are searched; a node with one such move is played through (no table entry:
// it would repeat the child's). Keys are symmetry-reduced by the mirror;
// nodes with few empty squares use a small table of their own thread. Order:
// the table move, then threats created, then centre first.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>

#include "games/connect4.h"
#include "games/connect4_kernel.h"
#include "src/search/plugin.h"
#include "src/search/transposition_table.h"

namespace gsolve::search {

// Enhanced transposition cut-offs only where more squares than this are empty:
// near the leaves the extra table probes cost more than they save.
inline constexpr int kConnect4EtcEmpties = 15;

// Nodes with fewer empty squares than this use a small table of their own
// thread (kConnect4LocalBytes, fits the L2 cache and a few TLB pages) instead
// of the big shared one: their transpositions are found soon after they are
// stored, so a small table keeps nearly all the hits, and a probe of the big
// table costs a cache and TLB miss (page walks are dear under a hypervisor).
// Same class, same full-key check: a hit is always the position asked for.
inline constexpr int kConnect4LocalEmpties = 12;
inline constexpr std::size_t kConnect4LocalBytes = std::size_t{256} << 10;

// Widest board of a geometry: its width when known at compile time.
template <class Geo>
constexpr int connect4_max_width() {
  if constexpr (std::is_same_v<Geo, connect4::Connect4Geometry>)
    return 32;
  else
    return Geo::W;
}

template <class Geo>
class Connect4Plugin {
 public:
  using u64 = std::uint64_t;
  using Game = Connect4;
  // Boards wider than 31 columns need a sixth move bit in the table entry.
  using Table = PackedTable<7, (connect4_max_width<Geo>() <= 31 ? 5 : 6)>;
  using Key = u64;
  struct State {
    u64 cur, mask;
    u64 opp_win;  // the opponent's winning squares (its threats)
    int n;        // stones on the board
  };
  struct MoveItem {
    int order;       // threats created
    int table_move;  // column in the key's frame (mirrored if the key is)
    int id;          // column (killers)
    u64 bit;         // the square
    u64 threats;     // our winning squares after the move: the child's opp_win
    Key child_key;
  };
  static constexpr int kMinScore = -33, kMaxScore = 33;  // |Pons score| <= (64 + 2) / 2
  static constexpr int kMaxMoves = connect4_max_width<Geo>();
  static constexpr int kMoveCodes = connect4_max_width<Geo>();
  static constexpr int kDefaultSplitDepth = 6;
  static constexpr int kDefaultMinSplitEmpties = 16;
  // Fewest nodes on the hard sets (docs/benchmarks.md, "Search drivers").
  static constexpr Algorithm kDefaultAlgorithm = Algorithm::Narrowing;

  explicit Connect4Plugin(const Geo& geo) : g_(geo) {
    for (int i = 0; i < g_.W; ++i) order_[i] = g_.W / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
    // Rows H, H-2, ... (1-based): in a column with an even number of empty
    // squares these are the upper squares of the pairs; in a column with an
    // odd number, the lowest empty square is playable and the rest pair up.
    for (int r = g_.H - 1; r >= 0; r -= 2) claim_rows_ |= g_.bottom << r;
    for (int r = 0; r < g_.H; ++r) row_parity_[r & 1] |= g_.bottom << r;
    // Only where a small table can check the whole key (boards up to 52 bits).
    local_empties_ = g_.B - Table::kCheckBits <= 12 ? kConnect4LocalEmpties : 0;
  }

  bool root_value(const Connect4::Position& p, int& value) const {
    const int n = __builtin_popcountll(p.mask);
    const u64 opp = p.current ^ p.mask;
    if (connect4::has_four(g_, opp)) return value = -((g_.WH + 2 - n) / 2), true;  // the last mover made four
    if (n == g_.WH) return value = 0, true;                                        // full board
    const u64 possible = (p.mask + g_.bottom) & g_.board;
    if (connect4::winning_squares(g_, p.current, p.mask) & possible) return value = (g_.WH + 1 - n) / 2, true;
    return false;
  }
  State root(const Connect4::Position& p) const {
    return {p.current, p.mask, connect4::winning_squares(g_, p.current ^ p.mask, p.mask), __builtin_popcountll(p.mask)};
  }
  std::pair<int, int> score_range(const Connect4::Position& p) const {
    const int n = __builtin_popcountll(p.mask);
    return {-((g_.WH + 2 - n) / 2), (g_.WH + 1 - n) / 2};
  }
  int empties(const State& s) const { return g_.WH - s.n; }
  int ply_index(const State& s) const { return s.n; }
  // History starts from the centre-first order, so that cut-offs refine it
  // rather than replace it at once.
  std::uint32_t initial_history(int square) const {
    const int col = square / g_.H1, row = square % g_.H1;
    if (col >= g_.W || row >= g_.H) return 0;
    for (int i = 0; i < g_.W; ++i)
      if (order_[i] == col) return static_cast<std::uint32_t>((g_.W - i) << 14);
    return 0;
  }
  int history_square(const MoveItem& m) const { return __builtin_ctzll(m.bit); }
  std::unique_ptr<Table> make_table(std::size_t bytes) const { return std::make_unique<Table>(bytes, g_.B); }
  std::size_t local_table_bytes() const { return local_empties_ > 0 ? kConnect4LocalBytes : 0; }

  State play(const State& s, const MoveItem& m) const { return {s.cur ^ s.mask, s.mask | m.bit, m.threats, s.n + 1}; }

  template <class Tables>
  Expand expand(const State& s, int& alpha, int& beta, Node<Connect4Plugin>& node, int& value,
                const Tables& tables) const {
    using connect4::has_four;
    using connect4::winning_squares;
    const u64 cur = s.cur, mask = s.mask, opp_win = s.opp_win;
    const int n = s.n;
    const u64 opp = cur ^ mask;
    const u64 possible = (mask + g_.bottom) & g_.board;
    u64 cand = possible;
    if (const u64 forced = possible & opp_win) {
      if (forced & (forced - 1)) {  // two threats: the opponent wins with its next stone
        value = -((g_.WH - n) / 2);
        return Expand::decided;
      }
      cand = forced;
    }
    cand &= ~(opp_win >> 1);  // never play below an opponent's winning square
    if (!cand) {
      value = -((g_.WH - n) / 2);
      return Expand::decided;
    }
    if (n >= g_.WH - 2) {
      value = 0;
      return Expand::decided;
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
    // once): played through without the table.
    if (!(cand & (cand - 1))) {
      if (alpha < lo) alpha = lo;
      if (beta > hi) beta = hi;
      if (alpha >= beta) {
        value = lo >= beta ? lo : hi;  // a bound on the right side, or the exact value
        return Expand::decided;
      }
      node.count = 1;
      node.moves[0].bit = cand;
      node.moves[0].threats = winning_squares(g_, cur | cand, mask | cand);
      return Expand::forced;
    }
    // Table key, symmetry-reduced; fetch its bucket early.
    u64 key = cur + mask;
    const u64 mk = connect4::mirror(g_, key);
    const bool mirrored = mk < key;
    if (mirrored) key = mk;
    node.key = key;
    node.local = g_.WH - n < local_empties_;
    tables.prefetch(key, node.local);
    // Each move: the threats it makes, and whether it wins with our next stone
    // whatever the opponent does (two threats it cannot both stop, a threat
    // above the square it must block, or no safe reply at all).
    node.count = 0;
    node.etc = g_.WH - n > kConnect4EtcEmpties;
    for (int i = 0; i < g_.W; ++i) {
      const int col = order_[i];
      const u64 sq = cand & g_.col(col);
      if (!sq) continue;
      const u64 mask2 = mask | sq;
      const u64 t = winning_squares(g_, cur | sq, mask2);
      const u64 play2 = (mask2 + g_.bottom) & g_.board;
      const u64 block = t & play2;
      if ((block & (block - 1)) || !((block ? block : play2) & ~(t >> 1))) {
        value = (g_.WH - 1 - n) / 2;  // a win with stone n+3, the best possible here
        return Expand::decided;
      }
      u64 ck = 0;
      if (node.etc) {
        ck = opp + mask2;
        ck = std::min(ck, connect4::mirror(g_, ck));
        tables.prefetch(ck, false);
      }
      node.moves[node.count++] = MoveItem{__builtin_popcountll(t), mirrored ? g_.W - 1 - col : col, col, sq, t, ck};
    }
    // No win with stone n+3: the earliest is n+5.
    hi = std::min(hi, (g_.WH - 3 - n) / 2);
    if (alpha < lo) {
      alpha = lo;
      if (alpha >= beta) {
        value = alpha;
        return Expand::decided;
      }
    }
    if (beta > hi) {
      beta = hi;
      if (alpha >= beta) {
        value = beta;
        return Expand::decided;
      }
    }
    return Expand::expanded;
  }

 private:
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
    using connect4::has_four;
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

  Geo g_;
  u64 claim_rows_ = 0;          // every second row from the top: the squares claimeven takes
  u64 row_parity_[2] = {0, 0};  // the even rows and the odd rows (0 = bottom)
  int local_empties_ = 0;
  int order_[32] = {};
};

}  // namespace gsolve::search
