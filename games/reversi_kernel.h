// The reversi rules kernel: move generation, flips, symmetries on 64-bit
// bitboards in the 8x8 frame. One kernel for the rules (games/reversi.*) and
// the endgame search (src/search/reversi/) alike.
//
// Layout: bit = row * 8 + column, a1 = bit 0, h1 = bit 7, a8 = bit 56.
//
//        a  b  c  d  e  f  g  h
//    1   0  1  2  3  4  5  6  7
//    2   8  9 10 11 12 13 14 15
//    ...
//    8  56 57 58 59 60 61 62 63
//
// Smaller boards (N x N, N even) sit in the top-left corner of the frame
// (rows 1..N, columns a..) and are described by board_mask(N). A square off
// the board is never occupied, so a ray that leaves the board meets an empty
// square and flips nothing: the same kernel serves every size, with the
// legal moves masked to the board.
//
// No loops over squares: legal moves by Kogge-Stone fills in 8 directions,
// flips by the first non-opponent square on each of the 8 rays from the move
// (table of rays per square and direction; with AVX2, four rays at once).
#pragma once

#include <array>
#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace gsolve::reversi {

using u64 = std::uint64_t;

constexpr u64 kNotA = 0xFEFEFEFEFEFEFEFEull;  // every square but column a
constexpr u64 kNotH = 0x7F7F7F7F7F7F7F7Full;  // every square but column h

// The squares of an N x N board in the 8x8 frame.
constexpr u64 board_mask(int n) {
  u64 m = 0;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) m |= u64{1} << (r * 8 + c);
  return m;
}

// Squares of `own`'s legal moves against `opp` (8x8 frame; mask with the
// board for smaller boards). Kogge-Stone: in each direction, the runs of
// opponent discs that start next to an own disc, doubled up in two steps.
#if defined(__AVX2__)
// The same with the four directions (shifts 1, 8, 7, 9) in the lanes of one vector.
[[gnu::always_inline]] inline u64 legal_moves(u64 own, u64 opp) {
  const __m256i shift = _mm256_set_epi64x(9, 7, 8, 1), shift2 = _mm256_add_epi64(shift, shift);
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(own));
  // Horizontal and diagonal runs may not wrap: their lanes see the inner columns only.
  const __m256i o =
      _mm256_and_si256(_mm256_set1_epi64x(static_cast<long long>(opp)),
                       _mm256_set_epi64x(0x7E7E7E7E7E7E7E7Ell, 0x7E7E7E7E7E7E7E7Ell, -1, 0x7E7E7E7E7E7E7E7Ell));
  __m256i fl = _mm256_and_si256(o, _mm256_sllv_epi64(p, shift));
  __m256i fr = _mm256_and_si256(o, _mm256_srlv_epi64(p, shift));
  fl = _mm256_or_si256(fl, _mm256_and_si256(o, _mm256_sllv_epi64(fl, shift)));
  fr = _mm256_or_si256(fr, _mm256_and_si256(o, _mm256_srlv_epi64(fr, shift)));
  const __m256i ol = _mm256_and_si256(o, _mm256_sllv_epi64(o, shift));
  const __m256i or_ = _mm256_srlv_epi64(ol, shift);
  fl = _mm256_or_si256(fl, _mm256_and_si256(ol, _mm256_sllv_epi64(fl, shift2)));
  fr = _mm256_or_si256(fr, _mm256_and_si256(or_, _mm256_srlv_epi64(fr, shift2)));
  fl = _mm256_or_si256(fl, _mm256_and_si256(ol, _mm256_sllv_epi64(fl, shift2)));
  fr = _mm256_or_si256(fr, _mm256_and_si256(or_, _mm256_srlv_epi64(fr, shift2)));
  const __m256i m = _mm256_or_si256(_mm256_sllv_epi64(fl, shift), _mm256_srlv_epi64(fr, shift));
  const __m128i h = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
  return static_cast<u64>(_mm_cvtsi128_si64(h) | _mm_extract_epi64(h, 1)) & ~(own | opp);
}
#else
[[gnu::always_inline]] inline u64 legal_moves(u64 own, u64 opp) {
  const auto dir = [](u64 p, u64 o, int s) -> u64 {
    u64 fl = o & (p << s), fr = o & (p >> s);
    fl |= o & (fl << s);
    fr |= o & (fr >> s);
    const u64 ol = o & (o << s), or_ = o & (o >> s);
    fl |= ol & (fl << (2 * s));
    fr |= or_ & (fr >> (2 * s));
    fl |= ol & (fl << (2 * s));
    fr |= or_ & (fr >> (2 * s));
    return (fl << s) | (fr >> s);
  };
  const u64 inner = opp & 0x7E7E7E7E7E7E7E7Eull;  // horizontal and diagonal runs may not wrap
  return (dir(own, inner, 1) | dir(own, opp, 8) | dir(own, inner, 7) | dir(own, inner, 9)) & ~(own | opp);
}
#endif

namespace detail {

// kRays[square][d]: the squares strictly beyond `square` in direction d, in
// the 8x8 frame. Directions 0..3 go to higher bits (E, N+W... see kSteps),
// 4..7 to lower bits.
struct alignas(64) Rays {
  std::array<std::array<u64, 8>, 64> ray{};
  constexpr Rays() {
    constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    constexpr int dc[8] = {1, -1, 0, 1, -1, 1, 0, -1};
    for (int sq = 0; sq < 64; ++sq)
      for (int d = 0; d < 8; ++d) {
        u64 m = 0;
        for (int r = sq / 8 + dr[d], c = sq % 8 + dc[d]; r >= 0 && r < 8 && c >= 0 && c < 8; r += dr[d], c += dc[d])
          m |= u64{1} << (r * 8 + c);
        ray[sq][d] = m;
      }
  }
};
inline constexpr Rays kRays{};

// The squares next to each square (8x8 frame).
struct Neighbours {
  std::array<u64, 64> of{};
  constexpr Neighbours() {
    for (int sq = 0; sq < 64; ++sq)
      for (int r = sq / 8 - 1; r <= sq / 8 + 1; ++r)
        for (int c = sq % 8 - 1; c <= sq % 8 + 1; ++c)
          if (r >= 0 && r < 8 && c >= 0 && c < 8 && r * 8 + c != sq) of[sq] |= u64{1} << (r * 8 + c);
  }
};
inline constexpr Neighbours kNeighbours{};

}  // namespace detail

// Opponent discs flipped when `own` plays on the empty square `sq` (0..63);
// 0 when the move is not legal. In each direction the discs flipped are those
// of the ray before its first square that is not an opponent disc, if that
// square holds an own disc.
inline u64 flips_scalar(u64 own, u64 opp, int sq) {
  const auto& rays = detail::kRays.ray[sq];
  u64 f = 0;
  // Higher-bit directions: the first square that is not an opponent disc is
  // the lowest set bit of ray & ~opp.
  for (int d = 0; d < 4; ++d) {
    const u64 ray = rays[d];
    const u64 stop = ray & ~opp;
    const u64 first = stop & (0 - stop);
    f |= (first & own) ? ray & (first - 1) : 0;
  }
  // Lower-bit directions: the first such square is the highest set bit.
  for (int d = 4; d < 8; ++d) {
    const u64 ray = rays[d];
    const u64 stop = ray & ~opp;
    const u64 first = stop ? u64{1} << (63 - __builtin_clzll(stop)) : 0;
    f |= (first & own) ? ray & ~((first << 1) - 1) : 0;
  }
  return f;
}

#if defined(__AVX2__)
// The same, the four directions of each half in the lanes of one vector and
// without a branch (a branch per direction is mispredicted about as often as
// taken in the endgame's last plies).
[[gnu::always_inline]] inline u64 flips(u64 own, u64 opp, int sq) {
  const __m256i o = _mm256_set1_epi64x(static_cast<long long>(own));
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(opp));
  const __m256i zero = _mm256_setzero_si256();
  const auto* rays = reinterpret_cast<const __m256i*>(detail::kRays.ray[sq].data());
  // Higher-bit directions: the lowest set bit of ray & ~opp.
  const __m256i up = _mm256_load_si256(rays);
  const __m256i up_stop = _mm256_andnot_si256(p, up);
  const __m256i up_first = _mm256_and_si256(up_stop, _mm256_sub_epi64(zero, up_stop));
  const __m256i up_no = _mm256_cmpeq_epi64(_mm256_and_si256(up_first, o), zero);
  __m256i f = _mm256_andnot_si256(up_no, _mm256_and_si256(up, _mm256_add_epi64(up_first, _mm256_set1_epi64x(-1))));
  // Lower-bit directions: the highest set bit of ray & ~opp; `below` is it and every lower bit.
  const __m256i down = _mm256_load_si256(rays + 1);
  const __m256i down_stop = _mm256_andnot_si256(p, down);
#if defined(__AVX512CD__) && defined(__AVX512VL__)
  // A shift by 64 (no stop square) gives 0.
  const __m256i down_first =
      _mm256_srlv_epi64(_mm256_set1_epi64x(static_cast<long long>(u64{1} << 63)), _mm256_lzcnt_epi64(down_stop));
  const __m256i below = _mm256_or_si256(down_first, _mm256_add_epi64(down_first, _mm256_set1_epi64x(-1)));
#else
  // Smeared down along each ray (steps 1, 7, 8, 9): `below` holds the ray's
  // squares at or below its first stop (and squares off the ray, masked out).
  const __m256i step = _mm256_set_epi64x(9, 8, 7, 1);
  __m256i below = down_stop;
  below = _mm256_or_si256(below, _mm256_srlv_epi64(below, step));
  below = _mm256_or_si256(below, _mm256_srlv_epi64(below, _mm256_add_epi64(step, step)));
  below = _mm256_or_si256(below, _mm256_srlv_epi64(below, _mm256_slli_epi64(step, 2)));
  const __m256i down_first = _mm256_and_si256(_mm256_andnot_si256(_mm256_srlv_epi64(below, step), below), down);
#endif
  const __m256i down_no = _mm256_cmpeq_epi64(_mm256_and_si256(down_first, o), zero);
  f = _mm256_or_si256(f, _mm256_andnot_si256(_mm256_or_si256(down_no, below), down));
  const __m128i h = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
  return static_cast<u64>(_mm_cvtsi128_si64(h) | _mm_extract_epi64(h, 1));
}
#else
[[gnu::always_inline]] inline u64 flips(u64 own, u64 opp, int sq) { return flips_scalar(own, opp, sq); }
#endif

// flips() where `sq` may have no opponent disc next to it: then nothing flips,
// known without computing the rays (most empty squares in the last plies).
[[gnu::always_inline]] inline u64 flips_if_adjacent(u64 own, u64 opp, int sq) {
  return (detail::kNeighbours.of[sq] & opp) ? flips(own, opp, sq) : 0;
}

inline int count(u64 b) { return __builtin_popcountll(b); }

// The 8 symmetries of an N x N board in the 8x8 frame, s = 0..7:
// 0 identity, 1 rotate 180, 2 transpose (a1-h8 diagonal), 3 anti-transpose,
// 4 mirror columns, 5 mirror rows, 6 rotate 90, 7 rotate 270.
// 0..3 fix the start position; 4..7 swap the colours of the centre.
inline u64 flip_vertical(u64 b) { return __builtin_bswap64(b); }  // row r -> 7 - r
inline u64 mirror_horizontal(u64 b) {                             // column c -> 7 - c
  b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
  b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
}
inline u64 transpose(u64 b) {  // (r, c) -> (c, r)
  u64 t = (b ^ (b >> 7)) & 0x00AA00AA00AA00AAull;
  b ^= t ^ (t << 7);
  t = (b ^ (b >> 14)) & 0x0000CCCC0000CCCCull;
  b ^= t ^ (t << 14);
  t = (b ^ (b >> 28)) & 0x00000000F0F0F0F0ull;
  return b ^ t ^ (t << 28);
}

// Symmetry s of an N x N board in the top-left corner of the frame: the 8x8
// transform, then shifted back into the corner.
inline u64 transform(u64 b, int s, int n) {
  const int k = 8 - n;  // rows/columns to shift back after a mirror
  switch (s) {
    case 0:
      return b;
    case 1:
      return flip_vertical(mirror_horizontal(b)) >> (9 * k);
    case 2:
      return transpose(b);
    case 3:
      return transpose(flip_vertical(mirror_horizontal(b))) >> (9 * k);
    case 4:
      return mirror_horizontal(b) >> k;
    case 5:
      return flip_vertical(b) >> (8 * k);
    case 6:
      return transpose(flip_vertical(b)) >> k;  // (r, c) -> (c, n-1-r)
    case 7:
      return flip_vertical(transpose(b)) >> (8 * k);  // (r, c) -> (n-1-c, r)
  }
  return b;
}

}  // namespace gsolve::reversi
