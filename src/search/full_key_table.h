// A transposition table whose entries hold the WHOLE key of the position
// (e.g. a reversi position's two 64-bit bitboards), verified on every probe:
// a hit is always the position asked for, so no hash collision can corrupt a
// proof. Generic over the key type (trivially copyable, a multiple of 8 bytes,
// compared word by word): reversi uses {own, opp}; Go may reuse it.
//
// Bucket layout (64 bytes, one cache line; for a 16-byte key, kWays = 3):
//   seq (u32) | data[kWays] (u32 each) | key[kWays] (sizeof(Key) bytes each)
// data bits: 31 occupied | 30..24 work (log2 of the nodes the search took + 1,
//   1..65) | 23..16 move (kNoMove stored as 255) | 15..8 ub + 128 | 7..0 lb + 128.
// lb <= value <= ub are proven bounds; kMinBound - 1 / kMaxBound + 1 mean "no bound".
//
// Threads: a SEQLOCK per bucket. A writer takes the bucket by moving seq from
// even to odd (compare-exchange; it spins only while another writer holds that
// bucket), writes, then releases seq + 2. A reader never waits: it reads seq,
// the bucket words (relaxed atomics), seq again, and treats a changed or odd
// seq as a miss. So no torn entry is ever accepted, and a miss is always sound.
//
// Replacement: the same key is merged (max of the lower bounds, min of the
// upper bounds: every stored bound is a proven bound on the exact score, so merging is sound;
// the newer move, the larger work); otherwise the way with the least work is
// overwritten (an empty way first).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

#include "src/search/table_memory.h"

namespace gsolve::search {

template <class Key>
class FullKeyTable {
  static_assert(std::is_trivially_copyable_v<Key> && sizeof(Key) % 8 == 0 && sizeof(Key) <= 56);
  static constexpr int kKeyWords = sizeof(Key) / 8;

 public:
  static constexpr int kWays = (64 - 4) / (4 + static_cast<int>(sizeof(Key)));
  // Bounds held exactly; one past them ("no bound", the engine's kMinBound - 1 and
  // kMaxBound + 1) fits too, and anything beyond is clamped to that.
  static constexpr int kMinBound = -127, kMaxBound = 126;
  static constexpr int kMoveCodes = 255;  // moves 0..254 held exactly
  static constexpr int kNoMove = -1;

  struct Hit {
    int lb, ub, move;  // move: kNoMove or 0..kMoveCodes-1
  };

  // bytes: memory budget, rounded down to a power of two buckets (at least
  // one); zeroed, on huge pages where big enough (table_memory.h).
  explicit FullKeyTable(std::size_t bytes)
      : buckets_(std::bit_floor(std::max<std::size_t>(1, bytes / sizeof(Bucket)))),
        memory_(buckets_ * sizeof(Bucket)),
        table_(static_cast<Bucket*>(memory_.data())) {}
  // The framework's form: Table(bytes, plugin).
  template <class Plugin>
  FullKeyTable(std::size_t bytes, const Plugin&) : FullKeyTable(bytes) {}
  FullKeyTable(const FullKeyTable&) = delete;
  FullKeyTable& operator=(const FullKeyTable&) = delete;

  // True and *hit filled when the key is stored (and was read whole).
  bool probe(const Key& key, Hit* hit) const {
    std::uint64_t w[kKeyWords];
    std::memcpy(w, &key, sizeof(Key));
    Bucket& b = table_[index(w)];
    const std::uint32_t s1 = std::atomic_ref<std::uint32_t>(b.seq).load(std::memory_order_acquire);
    if (s1 & 1) return false;
    std::uint32_t found = 0;
    for (int i = 0; i < kWays; ++i) {
      const std::uint32_t d = std::atomic_ref<std::uint32_t>(b.data[i]).load(std::memory_order_relaxed);
      bool same = (d >> 31) != 0;
      for (int k = 0; k < kKeyWords; ++k)
        same &= std::atomic_ref<std::uint64_t>(b.key[i][k]).load(std::memory_order_relaxed) == w[k];
      if (same) found = d;
    }
    std::atomic_thread_fence(std::memory_order_acquire);
    if (!found || std::atomic_ref<std::uint32_t>(b.seq).load(std::memory_order_relaxed) != s1) return false;
    hit->lb = static_cast<int>(found & 255) - 128;
    hit->ub = static_cast<int>((found >> 8) & 255) - 128;
    const int m = static_cast<int>((found >> 16) & 255);
    hit->move = m == 255 ? kNoMove : m;
    return true;
  }

  // Inlined: a call of a function that only prefetches is dropped by GCC
  // (it deems the function pure).
  [[gnu::always_inline]] void prefetch(const Key& key) const {
    std::uint64_t w[kKeyWords];
    std::memcpy(w, &key, sizeof(Key));
    __builtin_prefetch(&table_[index(w)]);
  }

  // Record lb <= value <= ub (kMinBound - 1 / kMaxBound + 1: no bound), the best or
  // cut-off move (kNoMove if none) and the work (nodes the search took).
  void store(const Key& key, int lb, int ub, int move, std::uint64_t work) {
    std::uint64_t w[kKeyWords];
    std::memcpy(w, &key, sizeof(Key));
    Bucket& b = table_[index(w)];
    std::atomic_ref<std::uint32_t> seq(b.seq);
    std::uint32_t s = seq.load(std::memory_order_relaxed);
    for (;;) {
      if (!(s & 1) && seq.compare_exchange_weak(s, s + 1, std::memory_order_acquire, std::memory_order_relaxed)) break;
      s = seq.load(std::memory_order_relaxed);
    }
    std::atomic_thread_fence(std::memory_order_release);  // the odd seq is visible before the writes below
    lb = std::max(lb, kMinBound - 1);
    ub = std::min(ub, kMaxBound + 1);
    const std::uint32_t work_code = static_cast<std::uint32_t>(std::bit_width(work) + 1);
    int slot = -1, victim = 0;
    std::uint32_t victim_rank = ~0u;
    for (int i = 0; i < kWays; ++i) {
      const std::uint32_t d = b.data[i];
      bool same = (d >> 31) != 0;
      for (int k = 0; k < kKeyWords; ++k) same &= b.key[i][k] == w[k];
      if (same) slot = i;
      const std::uint32_t rank = (d >> 31) ? ((d >> 24) & 127) : 0;
      if (rank < victim_rank) victim_rank = rank, victim = i;
    }
    std::uint32_t old_work = 0;
    if (slot >= 0) {  // merge with the stored bounds of the same position
      const std::uint32_t d = b.data[slot];
      lb = std::max(lb, static_cast<int>(d & 255) - 128);
      ub = std::min(ub, static_cast<int>((d >> 8) & 255) - 128);
      if (move == kNoMove)
        move = static_cast<int>((d >> 16) & 255) == 255 ? kNoMove : static_cast<int>((d >> 16) & 255);
      old_work = (d >> 24) & 127;
    } else {
      slot = victim;
    }
    const std::uint32_t data = (1u << 31) | (std::max(work_code, old_work) << 24) |
                               (static_cast<std::uint32_t>(move == kNoMove ? 255 : move) << 16) |
                               (static_cast<std::uint32_t>(ub + 128) << 8) | static_cast<std::uint32_t>(lb + 128);
    for (int k = 0; k < kKeyWords; ++k)
      std::atomic_ref<std::uint64_t>(b.key[slot][k]).store(w[k], std::memory_order_relaxed);
    std::atomic_ref<std::uint32_t>(b.data[slot]).store(data, std::memory_order_relaxed);
    seq.store(s + 2, std::memory_order_release);
  }

  void clear() { memory_.clear(); }
  std::size_t bytes() const { return buckets_ * sizeof(Bucket); }
  std::size_t buckets() const { return buckets_; }

 private:
  struct alignas(64) Bucket {
    std::uint32_t seq;
    std::uint32_t data[kWays];
    std::uint64_t key[kWays][kKeyWords];
  };

  std::size_t index(const std::uint64_t* w) const {
    std::uint64_t h = 0;
    for (int k = 0; k < kKeyWords; ++k) {
      h = (h ^ w[k]) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 29;
    }
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return static_cast<std::size_t>(h) & (buckets_ - 1);
  }

  std::size_t buckets_;
  TableMemory memory_;
  Bucket* table_;
};

}  // namespace gsolve::search
