// The symmetries of a Go board (8 on a square, 4 on a rectangle) applied to
// bitboards with byte lookup tables: a transform is 7 table reads, not a loop
// over points. Symmetry 0 is the identity.
#pragma once

#include <array>
#include <cstdint>

#include "games/go.h"

namespace gsolve::search::go {

class BoardSymmetry {
 public:
  explicit BoardSymmetry(const Go& go);

  int count() const { return count_; }
  std::uint64_t apply(int s, std::uint64_t board) const {
    std::uint64_t out = 0;
    for (int k = 0; k < bytes_; ++k) out |= table_[s][k][(board >> (8 * k)) & 0xff];
    return out;
  }
  int inverse(int s) const { return inverse_[s]; }
  int map_point(int s, int point) const { return point_[s][point]; }
  // The board under every symmetry: out[s] = apply(s, board) for s < count().
  void apply_all(std::uint64_t board, std::uint64_t* out) const {
    for (int s = 0; s < count_; ++s) out[s] = apply(s, board);
  }
  // A stone at the point added to boards under every symmetry.
  void add_point(int point, std::uint64_t* boards) const {
    for (int s = 0; s < count_; ++s) boards[s] |= std::uint64_t{1} << point_[s][point];
  }

  struct Canonical {
    std::uint64_t black, white;
    int symmetry;  // apply(symmetry, board) is the canonical board
  };
  // The least (black, white) pair over the symmetries, from the boards
  // under every symmetry (apply_all, add_point): no table reads.
  Canonical least(const std::uint64_t* black, const std::uint64_t* white) const {
    Canonical best{black[0], white[0], 0};
    for (int s = 1; s < count_; ++s)
      if (black[s] < best.black || (black[s] == best.black && white[s] < best.white)) best = {black[s], white[s], s};
    return best;
  }

 private:
  static constexpr int kBytes = 7;  // 49 points at most
  int count_ = 1;
  int bytes_ = kBytes;  // the board's bytes: points beyond them are never set
  std::array<int, 8> inverse_{};
  std::array<std::array<std::uint8_t, 64>, 8> point_{};
  std::array<std::array<std::array<std::uint64_t, 256>, kBytes>, 8> table_{};
};

}  // namespace gsolve::search::go
