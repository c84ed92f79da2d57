#include "src/search/go/board_symmetry.h"

namespace gsolve::search::go {

BoardSymmetry::BoardSymmetry(const Go& go) {
  const int w = go.width(), h = go.height(), n = go.points();
  // (x, y) -> (x', y'): the 4 reflections of a rectangle, and on a square the 4 with x and y swapped.
  count_ = w == h ? 8 : 4;
  bytes_ = (n + 7) / 8;
  for (int s = 0; s < count_; ++s) {
    for (int p = 0; p < n; ++p) {
      int x = p % w, y = p / w;
      if (s & 1) x = w - 1 - x;
      if (s & 2) y = h - 1 - y;
      if (s & 4) std::swap(x, y);  // square only
      point_[s][p] = static_cast<std::uint8_t>(y * w + x);
    }
    for (int k = 0; k < kBytes; ++k)
      for (int v = 0; v < 256; ++v) {
        std::uint64_t out = 0;
        for (int b = 0; b < 8; ++b) {
          const int p = 8 * k + b;
          if ((v >> b & 1) && p < n) out |= std::uint64_t{1} << point_[s][p];
        }
        table_[s][k][v] = out;
      }
  }
  for (int s = 0; s < count_; ++s)
    for (int t = 0; t < count_; ++t) {
      bool identity = true;
      for (int p = 0; p < n; ++p) identity = identity && point_[t][point_[s][p]] == p;
      if (identity) inverse_[s] = t;
    }
}

}  // namespace gsolve::search::go
