// A lock-free transposition table for exact game-tree search, shared by threads.
//
// Every entry is one 64-bit word, read and written with relaxed atomics, so a
// reader sees either a whole entry or none (no torn entries). Eight entries
// make one 64-byte bucket (one cache line).
//
// Keys are unique `key_bits`-bit integers (for connect4: Pons' current + mask,
// symmetry-reduced). The key is first mixed by a bijection of the key_bits-bit
// space; the top bits of the mixed key choose the bucket and ALL the remaining
// bits are stored in the entry as the check. Together, bucket and check give
// back the whole key, so two different positions can never be mistaken for one
// another: a hit is always the position asked for (no hash-collision errors).
// The check has at most kCheckBits bits; when the byte budget would give fewer
// buckets than that needs, the table grows to the minimum size
// 2^(key_bits - kCheckBits) buckets (only for boards with key_bits > 40 + 16).
//
// Entry layout (bit 63 .. 0):
//   check (40) | work (5) | move+1 (5, 0 = none) | ub+64 (7) | lb+64 (7)
// lb <= value <= ub are proven bounds on the exact value of the position, in
// [-63, 63]. Since lb+64 > 0, an all-zero word is an empty slot.
// Replacement: the same position is merged (max of lower bounds, min of upper
// bounds); otherwise the entry with the least work (log2 of the nodes its
// search took) in the bucket is overwritten.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace gsolve::search {

class TranspositionTable {
 public:
  static constexpr int kCheckBits = 40;
  static constexpr int kNoMove = -1;

  // bytes: memory budget (rounded down to a power of two buckets, at least one
  // bucket, and at least the minimum for key_bits above). key_bits in 1..64.
  TranspositionTable(std::size_t bytes, int key_bits);
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  struct Hit {
    int lb, ub, move;  // move: kNoMove or 0..30
  };

  // True and *hit filled when the key is stored.
  bool probe(std::uint64_t key, Hit* hit) const {
    const Slot s = locate(key);
    const std::uint64_t* bucket = table_ + s.bucket * kBucket;
    // Branch-free scan of the bucket (at most one slot holds the key).
    std::uint64_t found = 0;
    for (int i = 0; i < kBucket; ++i) {
      const std::uint64_t w = load(bucket + i);
      found = ((w >> kDataBits) == s.check && (w & kDataMask) != 0) ? w : found;
    }
    if (!found) return false;
    hit->lb = static_cast<int>(found & 127) - 64;
    hit->ub = static_cast<int>((found >> 7) & 127) - 64;
    hit->move = static_cast<int>((found >> 14) & 31) - 1;
    return true;
  }

  void prefetch(std::uint64_t key) const { __builtin_prefetch(table_ + locate(key).bucket * kBucket); }

  // Record lb <= value <= ub (use -64 / 64 for "no bound"), the best or
  // cut-off move (kNoMove if none) and the work: nodes the search took.
  void store(std::uint64_t key, int lb, int ub, int move, std::uint64_t nodes);

  void clear();  // every slot empty
  std::size_t bytes() const { return buckets_ * kBucket * sizeof(std::uint64_t); }
  std::uint64_t buckets() const { return buckets_; }
  // Occupied slots among the first `sample` buckets (for statistics).
  double fill_ratio(std::uint64_t sample = 1 << 16) const;

 private:
  static constexpr int kBucket = 8;
  static constexpr int kDataBits = 24;
  static constexpr std::uint64_t kDataMask = (std::uint64_t{1} << kDataBits) - 1;

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

  std::uint64_t* table_ = nullptr;
  std::uint64_t buckets_ = 0;
  std::uint64_t key_mask_ = 0, check_mask_ = 0;
  int key_bits_ = 0, check_bits_ = 0, shift_ = 1;
  bool mmapped_ = false;
};

}  // namespace gsolve::search
