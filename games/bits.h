// Bit tricks shared by the rules: parallel bit extract/deposit and binomials
// for combination ranks.
#pragma once

#include <array>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace gsolve::bits {

// Gathers the bits of x selected by mask into the low bits, in order.
inline std::uint64_t extract(std::uint64_t x, std::uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(x, mask);
#else
  std::uint64_t out = 0;
  for (std::uint64_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
    if (x & mask & -mask) out |= bit;
  return out;
#endif
}

// Scatters the low bits of x to the positions selected by mask, in order.
inline std::uint64_t deposit(std::uint64_t x, std::uint64_t mask) {
#if defined(__BMI2__)
  return _pdep_u64(x, mask);
#else
  std::uint64_t out = 0;
  for (std::uint64_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
    if (x & bit) out |= mask & -mask;
  return out;
#endif
}

// binomial(n, k) for n, k <= 64; saturates at UINT64_MAX where it overflows.
struct BinomialTable {
  std::array<std::array<std::uint64_t, 65>, 65> c{};
  constexpr BinomialTable() {
    for (int n = 0; n <= 64; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) {
        const std::uint64_t a = c[n - 1][k - 1], b = k <= n - 1 ? c[n - 1][k] : 0;
        c[n][k] = a > UINT64_MAX - b ? UINT64_MAX : a + b;
      }
    }
  }
};
inline constexpr BinomialTable kBinomial{};
inline std::uint64_t binomial(int n, int k) { return k < 0 || k > n ? 0 : kBinomial.c[n][k]; }

// Colex rank of the set bits of `set` among all words with the same popcount:
// sum over the j-th set bit (from 0) at position s of C(s, j + 1).
inline std::uint64_t combination_rank(std::uint64_t set) {
  std::uint64_t r = 0;
  for (int j = 1; set; ++j, set &= set - 1) r += kBinomial.c[__builtin_ctzll(set)][j];
  return r;
}

// Inverse of combination_rank for k set bits among n: the largest element
// first, scanning down once, so O(n) in all (n: an upper bound on the elements).
inline std::uint64_t combination_unrank(std::uint64_t rank, int k, int n = 64) {
  std::uint64_t set = 0;
  int s = n - 1;
  for (int j = k; j >= 1; --j, --s) {
    while (kBinomial.c[s][j] > rank) --s;
    rank -= kBinomial.c[s][j];
    set |= std::uint64_t{1} << s;
  }
  return set;
}

}  // namespace gsolve::bits
