// The Connect 4 rules kernel on Pons bitboards (games/connect4.h draws the
// layout): four-in-a-row tests, winning squares and the mirror, one copy for
// the rules and the search alike. A geometry gives the board size either at
// compile time (Connect4FixedGeometry<W, H>: the search's usual boards, every
// shift a constant) or at run time (Connect4Geometry).
//
// Shifts are guarded: on tall narrow boards a stride times 3 can reach 64 or
// more (connect4:3x20 shifts by 66), which is undefined behaviour in C++;
// shl/shr return 0 there, which is what the board means.
#pragma once

#include <cstdint>

namespace gsolve::connect4 {

using u64 = std::uint64_t;

constexpr u64 shl(u64 x, int s) { return s >= 64 ? 0 : x << s; }
constexpr u64 shr(u64 x, int s) { return s >= 64 ? 0 : x >> s; }

template <int W_, int H_>
struct Connect4FixedGeometry {
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

struct Connect4Geometry {
  int W = 0, H = 0, H1 = 0, WH = 0, B = 0;
  u64 bottom = 0, board = 0, column_bits = 0;
  Connect4Geometry() = default;
  Connect4Geometry(int w, int h) : W(w), H(h), H1(h + 1), WH(w * h), B(w * (h + 1)) {
    for (int c = 0; c < w; ++c) bottom |= u64{1} << (c * H1);
    board = bottom * ((u64{1} << h) - 1);
    column_bits = shl(1, H1) - 1;
  }
  u64 col(int c) const { return ((u64{1} << H) - 1) << (c * H1); }
};

// Every empty square that would complete four for `own` (Pons).
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

// Four in a row somewhere in `pos` (one player's stones).
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

// The board mirrored left to right (columns c -> W-1-c), spare bits included.
template <class G>
inline u64 mirror(const G& g, u64 k) {
  u64 out = 0;
  for (int c = 0; c < g.W; ++c) out |= (shr(k, c * g.H1) & g.column_bits) << ((g.W - 1 - c) * g.H1);
  return out;
}

}  // namespace gsolve::connect4
