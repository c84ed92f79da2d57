// A lock-free transposition table of packed 64-bit entries, shared by threads,
// for games whose exact key fits 64 bits (connect4: Pons' current + mask).
//
// Every entry is one 64-bit word, read and written with relaxed atomics, so a
// reader sees either a whole entry or none (no torn entries). Eight entries
// make one 64-byte bucket (one cache line).
//
// Keys are unique `key_bits`-bit integers. The key is first mixed by a
// bijection of the key_bits-bit space; the top bits of the mixed key choose the
// bucket and ALL the remaining bits are stored in the entry as the check.
// Together, bucket and check give back the whole key, so two different
// positions can never be mistaken for one another: a hit is always the
// position asked for (no hash-collision errors). The check has at most
// kCheckBits bits; when the byte budget would give fewer buckets than that
// needs, the table grows to the minimum size 2^(key_bits - kCheckBits) buckets.
//
// Entry layout (bit 63 .. 0), B = BoundBits, M = MoveBits:
//   check (64 - 5 - M - 2B) | work (5) | move+1 (M, 0 = none) | ub+2^(B-1) (B) | lb+2^(B-1) (B)
// connect4 (B = 7, M = 5): check 40 | work 5 | move+1 5 | ub+64 7 | lb+64 7.
// lb <= value <= ub are proven bounds on the exact value, stored clamped to
// [kMinBound, kMaxBound] (a clamped "no bound" is still a true bound). Since
// lb+2^(B-1) > 0, an all-zero word is an empty slot. Moves 0..kMoveCodes-1 are
// kept; the engine checks at compile time that every score and move of the
// game fits (engine.h), so nothing is dropped silently.
// Replacement: the same position is merged (max of lower bounds, min of upper
// bounds); otherwise the entry with the least work (log2 of the nodes its
// search took) in the bucket is overwritten.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "src/search/table_memory.h"

namespace gsolve::search {

template <int BoundBits, int MoveBits>
class PackedTable {
 public:
  using Key = std::uint64_t;
  static constexpr int kDataBits = 5 + MoveBits + 2 * BoundBits;
  static constexpr int kCheckBits = 64 - kDataBits;
  static constexpr int kMinBound = -(1 << (BoundBits - 1)) + 1;
  static constexpr int kMaxBound = (1 << (BoundBits - 1)) - 1;
  static constexpr int kMoveCodes = (1 << MoveBits) - 1;

  struct Hit {
    int lb, ub, move;  // move: -1 (none) or 0..kMoveCodes-1
  };

  // bytes: memory budget (rounded down to a power of two buckets, at least one
  // bucket, and at least the minimum for key_bits above). key_bits in 1..64.
  PackedTable(std::size_t bytes, int key_bits) : key_bits_(key_bits), memory_(table_bytes(bytes, key_bits)) {
    key_mask_ = key_bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << key_bits) - 1;
    shift_ = std::max(1, key_bits / 2);
    buckets_ = memory_.bytes() / (kBucket * sizeof(std::uint64_t));
    const int bucket_bits = __builtin_ctzll(buckets_);
    check_bits_ = key_bits - bucket_bits;
    check_mask_ = check_bits_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << check_bits_) - 1;
    table_ = static_cast<std::uint64_t*>(memory_.data());
  }

  // True and *hit filled when the key is stored.
  bool probe(Key key, Hit* hit) const {
    const Slot s = locate(key);
    const std::uint64_t* bucket = table_ + s.bucket * kBucket;
    // Branch-free scan of the bucket (at most one slot holds the key).
    std::uint64_t found = 0;
    for (int i = 0; i < kBucket; ++i) {
      const std::uint64_t w = load(bucket + i);
      found = ((w >> kDataBits) == s.check && (w & kDataMask) != 0) ? w : found;
    }
    if (!found) return false;
    hit->lb = static_cast<int>(found & kBoundMask) - kOffset;
    hit->ub = static_cast<int>((found >> BoundBits) & kBoundMask) - kOffset;
    hit->move = static_cast<int>((found >> (2 * BoundBits)) & kMoveMask) - 1;
    return true;
  }

  void prefetch(Key key) const { __builtin_prefetch(table_ + locate(key).bucket * kBucket); }

  // Record lb <= value <= ub (kMinBound / kMaxBound or beyond for "no bound"),
  // the best or cut-off move (-1 if none) and the work: nodes the search took.
  void store(Key key, int lb, int ub, int move, std::uint64_t nodes) {
    const Slot s = locate(key);
    std::uint64_t* bucket = table_ + s.bucket * kBucket;
    int work = nodes ? 64 - __builtin_clzll(nodes) : 0;  // log2 + 1
    if (work > 31) work = 31;
    int victim = 0, victim_work = 1 << 30;
    for (int i = 0; i < kBucket; ++i) {
      const std::uint64_t w = load(bucket + i);
      if ((w & kDataMask) == 0) {  // empty
        if (victim_work >= 0) victim = i, victim_work = -1;
        continue;
      }
      if ((w >> kDataBits) == s.check) {  // same position: merge the bounds
        lb = std::max(lb, static_cast<int>(w & kBoundMask) - kOffset);
        ub = std::min(ub, static_cast<int>((w >> BoundBits) & kBoundMask) - kOffset);
        if (move < 0) move = static_cast<int>((w >> (2 * BoundBits)) & kMoveMask) - 1;
        work = std::max(work, static_cast<int>((w >> kWorkShift) & 31));
        victim = i;
        break;
      }
      const int wk = static_cast<int>((w >> kWorkShift) & 31);
      if (wk < victim_work) victim = i, victim_work = wk;
    }
    lb = std::clamp(lb, kMinBound, kMaxBound);
    ub = std::clamp(ub, kMinBound, kMaxBound);
    const std::uint64_t m = (move >= 0 && move < kMoveCodes) ? static_cast<std::uint64_t>(move + 1) : 0;
    const std::uint64_t w = s.check << kDataBits | static_cast<std::uint64_t>(work) << kWorkShift |
                            m << (2 * BoundBits) | static_cast<std::uint64_t>(ub + kOffset) << BoundBits |
                            static_cast<std::uint64_t>(lb + kOffset);
    put(bucket + victim, w);
  }

  void clear() { memory_.clear(); }
  std::size_t bytes() const { return memory_.bytes(); }
  std::uint64_t buckets() const { return buckets_; }
  // Occupied slots among the first `sample` buckets (for statistics).
  double fill_ratio(std::uint64_t sample = 1 << 16) const {
    sample = std::min(sample, buckets_);
    std::uint64_t used = 0;
    for (std::uint64_t i = 0; i < sample * kBucket; ++i) used += (load(table_ + i) & kDataMask) != 0;
    return sample ? static_cast<double>(used) / static_cast<double>(sample * kBucket) : 0.0;
  }

 private:
  static constexpr int kBucket = 8;
  static constexpr int kOffset = 1 << (BoundBits - 1);
  static constexpr std::uint64_t kBoundMask = (std::uint64_t{1} << BoundBits) - 1;
  static constexpr std::uint64_t kMoveMask = (std::uint64_t{1} << MoveBits) - 1;
  static constexpr int kWorkShift = 2 * BoundBits + MoveBits;
  static constexpr std::uint64_t kDataMask = (std::uint64_t{1} << kDataBits) - 1;
  static_assert(kCheckBits >= 16, "entry layout leaves too few check bits");

  // Bytes of a power-of-two number of buckets within the budget, but at least
  // what makes the check complete the key, and no more buckets than keys.
  static std::size_t table_bytes(std::size_t bytes, int key_bits) {
    if (key_bits < 1 || key_bits > 64) throw std::invalid_argument("transposition table: key_bits must be 1..64");
    const std::size_t bucket_bytes = kBucket * sizeof(std::uint64_t);
    int bucket_bits = 0;
    while (bucket_bits < 62 && (bucket_bytes << (bucket_bits + 1)) <= bytes) ++bucket_bits;
    bucket_bits = std::max(bucket_bits, key_bits - kCheckBits);  // the check must complete the key
    bucket_bits = std::min(bucket_bits, key_bits);               // no more buckets than keys
    return bucket_bytes << bucket_bits;
  }

  struct Slot {
    std::uint64_t bucket, check;
  };
  // Bijection of the key_bits-bit space: multiply by odd constants (mod 2^B) and
  // xor-shift right; both steps are invertible.
  Slot locate(std::uint64_t key) const {
    std::uint64_t h = (key * 0x9E3779B97F4A7C15ull) & key_mask_;
    h ^= h >> shift_;
    h = (h * 0xBF58476D1CE4E5B9ull) & key_mask_;
    h ^= h >> shift_;
    return {h >> check_bits_, h & check_mask_};
  }
  static std::uint64_t load(const std::uint64_t* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
  static void put(std::uint64_t* p, std::uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }

  int key_bits_ = 0;
  TableMemory memory_;
  std::uint64_t* table_ = nullptr;
  std::uint64_t buckets_ = 0;
  std::uint64_t key_mask_ = 0, check_mask_ = 0;
  int check_bits_ = 0, shift_ = 1;
};

}  // namespace gsolve::search
