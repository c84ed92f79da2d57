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
// (table of rays per square and direction).
#pragma once

#include <array>
#include <cstdint>

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
inline u64 legal_moves(u64 own, u64 opp) {
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

namespace detail {

// kRays[square][d]: the squares strictly beyond `square` in direction d, in
// the 8x8 frame. Directions 0..3 go to higher bits (E, N+W... see kSteps),
// 4..7 to lower bits.
struct Rays {
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

}  // namespace detail

// Opponent discs flipped when `own` plays on the empty square `sq` (0..63);
// 0 when the move is not legal.
inline u64 flips(u64 own, u64 opp, int sq) {
  const auto& rays = detail::kRays.ray[sq];
  u64 f = 0;
  // Higher-bit directions: the first square that is not an opponent disc is
  // the lowest set bit of ray & ~opp; it must hold an own disc.
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
