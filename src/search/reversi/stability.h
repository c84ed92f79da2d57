// Stable discs: discs that no sequence of moves can ever flip. The opponent's
// stable discs bound the score from above (the stability cut-off): the side to
// move ends with at most squares - stable(opp) discs, so its score is at most
// squares - 2 * stable(opp).
//
// Edax's method: stable edge discs from a table over every edge line (a disc
// on an edge can only be flipped along that edge), then discs whose four lines
// (row, column, both diagonals) are full, then, repeatedly, discs that in each
// of the four directions touch a stable disc of their colour or sit on a full
// line. Every rule undercounts, so the count is a sound lower bound.
//
// Smaller boards in the corner of the 8x8 frame: rows/columns 1 and a are real
// edges; the off-board squares count as empty (playable), the board's far edges
// are treated as inner squares and lines through off-board squares are never
// full. All of that can only undercount: still sound.
#pragma once

#include <array>
#include <cstdint>

#include "games/reversi_kernel.h"

namespace gsolve::reversi {

namespace detail {

// kEdgeStable[own * 256 + opp]: the own discs of an 8-square line that stay own
// whatever moves either side plays on the line's empty squares (a move there
// flips along the line only). Filled by ensure_edge_stability() (the reversi
// search plug-in calls it), not at program start: building it costs about
// 0.6 ms that every gsolve process, a cold Connect 4 query too, would pay. An
// unfilled table (all zero) claims no stable disc: weaker, never unsound.
inline std::array<std::uint8_t, 65536> kEdgeStable{};

inline int play_on_line(int p, int o, int x) {  // p plays x: flips along the line; returns new p | (new o << 8)
  p |= 1 << x;
  for (int dir = -1; dir <= 1; dir += 2) {
    int y = x + dir, f = 0;
    while (y >= 0 && y < 8 && (o >> y & 1)) f |= 1 << y, y += dir;
    if (y >= 0 && y < 8 && (p >> y & 1)) p |= f, o &= ~f;
  }
  return p | (o << 8);
}

// Built bottom-up: a line with more discs first; a line's stable set is own &
// the stable sets of every line one move later.
inline void fill_edge_stability(std::array<std::uint8_t, 65536>& stable) {
  for (int discs = 8; discs >= 0; --discs)
    for (int p = 0; p < 256; ++p)
      for (int o = 0; o < 256; ++o) {
        if ((p & o) || __builtin_popcount(p | o) != discs) continue;
        int s = p;
        for (int x = 0; x < 8 && s; ++x) {
          if ((p | o) >> x & 1) continue;
          const int a = play_on_line(p, o, x);  // own plays x (legal or not: more lines, still sound)
          s &= stable[(a & 255) * 256 + (a >> 8)];
          const int b = play_on_line(o, p, x);  // opponent plays x
          s &= stable[(b >> 8) * 256 + (b & 255)];
        }
        stable[p * 256 + o] = static_cast<std::uint8_t>(s);
      }
}

}  // namespace detail

// Fills the edge table once, thread-safely; call before any stability query.
inline void ensure_edge_stability() {
  static const bool filled = [] {
    std::array<std::uint8_t, 65536> table{};
    detail::fill_edge_stability(table);
    detail::kEdgeStable = table;
    return true;
  }();
  (void)filled;
}

namespace detail {

// Column a (bits 0, 8, .., 56) packed into 8 bits and back.
inline int pack_column_a(u64 b) {
  return static_cast<int>(((b & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
}
inline u64 unpack_column_a(int x) {
  // bit i of x -> bit 8 * i: spread with a multiply of the bits one by one, branch-free.
  u64 v = static_cast<u64>(x);
  v = (v | (v << 28)) & 0x0000000F0000000Full;
  v = (v | (v << 14)) & 0x0003000300030003ull;
  v = (v | (v << 7)) & 0x0101010101010101ull;
  return v;
}

inline u64 stable_edges(u64 own, u64 opp) {
  const auto& t = detail::kEdgeStable;
  u64 s = t[(own & 255) * 256 + (opp & 255)];
  s |= u64{t[(own >> 56) * 256 + (opp >> 56)]} << 56;
  s |= unpack_column_a(t[pack_column_a(own) * 256 + pack_column_a(opp)]);
  s |= unpack_column_a(t[pack_column_a(own >> 7) * 256 + pack_column_a(opp >> 7)]) << 7;
  return s;
}

// Full lines of `discs` in each direction: every square of a full line is set.
struct FullLines {
  u64 h, v, d7, d9;
};

struct DiagonalMasks {
  std::array<u64, 15> d9{}, d7{};  // d9: a1-h8 direction (step 9), d7: h1-a8 direction (step 7)
  constexpr DiagonalMasks() {
    for (int sq = 0; sq < 64; ++sq) {
      const int r = sq / 8, c = sq % 8;
      d9[r - c + 7] |= u64{1} << sq;
      d7[r + c] |= u64{1} << sq;
    }
  }
};
inline constexpr DiagonalMasks kDiagonals{};

inline FullLines full_lines(u64 discs) {
  FullLines f;
  u64 l = discs;
  l &= l >> 1;
  l &= l >> 2;
  l &= l >> 4;
  f.h = (l & 0x0101010101010101ull) * 0xFF;
  l = discs;
  l &= l >> 8;
  l &= l >> 16;
  l &= l >> 32;
  f.v = (l & 0xFF) * 0x0101010101010101ull;
  f.d7 = f.d9 = 0;
  for (int i = 0; i < 15; ++i) {
    const u64 m9 = kDiagonals.d9[i], m7 = kDiagonals.d7[i];
    f.d9 |= (discs & m9) == m9 ? m9 : 0;
    f.d7 |= (discs & m7) == m7 ? m7 : 0;
  }
  return f;
}

}  // namespace detail

// `own`'s discs that can never be flipped (a subset of them: sound, not complete).
inline u64 stable_squares(u64 own, u64 opp) {
  using namespace detail;
  u64 stable = stable_edges(own, opp);
  const u64 central = own & 0x007E7E7E7E7E7E00ull;
  const FullLines f = full_lines(own | opp);
  stable |= central & f.h & f.v & f.d7 & f.d9;
  if (!stable) return 0;
  u64 old;
  do {
    old = stable;
    const u64 h = (stable >> 1) | (stable << 1) | f.h;
    const u64 v = (stable >> 8) | (stable << 8) | f.v;
    const u64 d7 = (stable >> 7) | (stable << 7) | f.d7;
    const u64 d9 = (stable >> 9) | (stable << 9) | f.d9;
    stable |= h & v & d7 & d9 & central;
  } while (stable != old);
  return stable;
}

// Number of `own`'s discs that can never be flipped (a lower bound on them).
inline int stable_discs(u64 own, u64 opp) { return count(stable_squares(own, opp)); }

}  // namespace gsolve::reversi
