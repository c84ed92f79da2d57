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
// Smaller boards in the corner of the 8x8 frame (board_geometry.h): their four
// edges are read with a table for lines of their length, a line is full when
// its squares on the board are, and the interior is the board's own.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>

#if defined(__BMI2__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "games/reversi_kernel.h"
#include "src/search/reversi/board_geometry.h"

namespace gsolve::reversi {

namespace detail {

using EdgeTable = std::array<std::uint8_t, 65536>;

// kEdgeStable[N / 2 - 2][(own << N) | opp]: the own discs of an N-square line
// (N = 4, 6, 8) that stay own whatever moves either side plays on the line's
// empty squares (a move there flips along the line only). Filled by
// ensure_edge_stability(N) (the reversi search plug-in calls it), not at
// program start: building the 8-square table costs about 0.6 ms that every
// gsolve process, a cold Connect 4 query too, would pay. An unfilled table
// (all zero) claims no stable disc: weaker, never unsound.
inline std::array<EdgeTable, 3> kEdgeStable{};

inline int play_on_line(int p, int o, int x, int n) {  // p plays x: flips along the line; returns new p | (new o << n)
  p |= 1 << x;
  for (int dir = -1; dir <= 1; dir += 2) {
    int y = x + dir, f = 0;
    while (y >= 0 && y < n && (o >> y & 1)) f |= 1 << y, y += dir;
    if (y >= 0 && y < n && (p >> y & 1)) p |= f, o &= ~f;
  }
  return p | (o << n);
}

// Built bottom-up: a line with more discs first; a line's stable set is own &
// the stable sets of every line one move later.
inline void fill_edge_stability(EdgeTable& stable, int n) {
  const int lines = 1 << n, mask = lines - 1;
  for (int discs = n; discs >= 0; --discs)
    for (int p = 0; p < lines; ++p)
      for (int o = 0; o < lines; ++o) {
        if ((p & o) || __builtin_popcount(p | o) != discs) continue;
        int s = p;
        for (int x = 0; x < n && s; ++x) {
          if ((p | o) >> x & 1) continue;
          const int a = play_on_line(p, o, x, n);  // own plays x (legal or not: more lines, still sound)
          s &= stable[((a & mask) << n) | (a >> n)];
          const int b = play_on_line(o, p, x, n);  // opponent plays x
          s &= stable[((b >> n) << n) | (b & mask)];
        }
        stable[(p << n) | o] = static_cast<std::uint8_t>(s);
      }
}

}  // namespace detail

// Fills the edge table of n-square lines (n = 4, 6, 8) once, thread-safely;
// call before any stability query on an n x n board.
inline void ensure_edge_stability(int n) {
  static std::once_flag filled[3];
  const int i = n / 2 - 2;
  std::call_once(filled[i], [&] {
    detail::EdgeTable table{};
    detail::fill_edge_stability(table, n);
    detail::kEdgeStable[i] = table;
  });
}

namespace detail {

// Column a (bits 0, 8, .., 56) packed into 8 bits and back.
inline int pack_column_a(u64 b) {
#if defined(__BMI2__)
  return static_cast<int>(_pext_u64(b, 0x0101010101010101ull));
#else
  return static_cast<int>(((b & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
#endif
}
inline u64 unpack_column_a(int x) {
#if defined(__BMI2__)
  return _pdep_u64(static_cast<u64>(x), 0x0101010101010101ull);
#else
  // bit i of x -> bit 8 * i: spread with a multiply of the bits one by one, branch-free.
  u64 v = static_cast<u64>(x);
  v = (v | (v << 28)) & 0x0000000F0000000Full;
  v = (v | (v << 14)) & 0x0003000300030003ull;
  v = (v | (v << 7)) & 0x0101010101010101ull;
  return v;
#endif
}

// The four edges of the board: row 1, the last row, column a, the last column.
inline u64 stable_edges(u64 own, u64 opp, const BoardGeometry& g) {
  const int n = g.size, last = n - 1, top = 8 * last;
  const u64 line = (u64{1} << n) - 1;
  const auto& t = detail::kEdgeStable[n / 2 - 2];
  const auto at = [&](u64 p, u64 o) { return t[(p << n) | o]; };
  u64 s = at(own & line, opp & line);
  s |= u64{at((own >> top) & line, (opp >> top) & line)} << top;
  s |= unpack_column_a(at(pack_column_a(own), pack_column_a(opp)));
  s |= unpack_column_a(at(pack_column_a(own >> last), pack_column_a(opp >> last))) << last;
  return s;
}

// Full lines of `discs` in each direction: every square of a full line is set.
struct FullLines {
  u64 h, v, d7, d9;
};

// end[k][d]: the squares fewer than 2^k steps from the frame's edge in the
// diagonal direction d (0: +9, 1: -9, 2: +7, 3: -7); past them a ray has no
// square left to test.
struct DiagonalEnds {
  alignas(32) std::array<std::array<u64, 4>, 3> end{};
  constexpr DiagonalEnds() {
    constexpr int dr[4] = {1, -1, 1, -1}, dc[4] = {1, -1, -1, 1};
    for (int k = 0; k < 3; ++k)
      for (int d = 0; d < 4; ++d)
        for (int sq = 0; sq < 64; ++sq) {
          const int r = sq / 8 + dr[d] * (1 << k), c = sq % 8 + dc[d] * (1 << k);
          if (r < 0 || r > 7 || c < 0 || c > 7) end[k][d] |= u64{1} << sq;
        }
  }
};
inline constexpr DiagonalEnds kDiagonalEnds{};

#if !defined(__AVX2__)
// The squares of `discs` whose ray in direction d (steps of `step`, up if
// kUp) is set to the frame's edge: doubled up three times, 1 + 2 + 4 steps.
template <int d, int step, bool kUp>
inline u64 full_rays(u64 discs) {
  const auto& e = kDiagonalEnds.end;
  u64 l = discs;
  l &= e[0][d] | (kUp ? l >> step : l << step);
  l &= e[1][d] | (kUp ? l >> (2 * step) : l << (2 * step));
  l &= e[2][d] | (kUp ? l >> (4 * step) : l << (4 * step));
  return l;
}
#endif

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
  // A diagonal is full where its squares' rays both ways are.
#if defined(__AVX2__)
  // The four rays in the lanes of one vector (a shift by 64 or more gives 0).
  const __m256i up = _mm256_set_epi64x(64, 7, 64, 9), down = _mm256_set_epi64x(7, 64, 9, 64);
  const auto* e = reinterpret_cast<const __m256i*>(kDiagonalEnds.end.data());
  __m256i r = _mm256_set1_epi64x(static_cast<long long>(discs));
  for (int k = 0; k < 3; ++k)
    r = _mm256_and_si256(r, _mm256_or_si256(_mm256_load_si256(e + k),
                                            _mm256_or_si256(_mm256_srlv_epi64(r, _mm256_slli_epi64(up, k)),
                                                            _mm256_sllv_epi64(r, _mm256_slli_epi64(down, k)))));
  r = _mm256_and_si256(r, _mm256_permute4x64_epi64(r, 0xB1));  // lanes 0, 2: both rays of +-9, +-7
  f.d9 = static_cast<u64>(_mm256_extract_epi64(r, 0));
  f.d7 = static_cast<u64>(_mm256_extract_epi64(r, 2));
#else
  f.d9 = full_rays<0, 9, true>(discs) & full_rays<1, 9, false>(discs);
  f.d7 = full_rays<2, 7, true>(discs) & full_rays<3, 7, false>(discs);
#endif
  return f;
}

}  // namespace detail

// `own`'s discs that can never be flipped (a subset of them: sound, not complete).
// Off the board the frame counts as filled, so a line is full when its squares
// on the board are (a board's line is the frame's line cut at the board's edge).
inline u64 stable_squares(u64 own, u64 opp, const BoardGeometry& g) {
  using namespace detail;
  u64 stable = stable_edges(own, opp, g);
  const u64 central = own & g.central;
  const FullLines f = full_lines(own | opp | g.off_board);
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
inline int stable_discs(u64 own, u64 opp, const BoardGeometry& g) { return count(stable_squares(own, opp, g)); }

}  // namespace gsolve::reversi
