// Per-thread direct-mapped caches of pure functions' answers (kept areas,
// regions' shapes, closed systems, the predictor's choices): an entry is
// found by the top bits of its key's hash, holds its whole key to check, and
// is replaced by the next key that maps to its slot.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "games/go.h"

namespace gsolve::search::go {

// A board's size as a cache key word, never 0 (0 marks an empty entry).
inline std::uint16_t board_code(const Go& go) { return static_cast<std::uint16_t>(go.width() << 8 | go.height()); }

// A key's words (up to four) mixed into one hash.
inline std::uint64_t hash_words(std::uint64_t a, std::uint64_t b, std::uint64_t c = 0, std::uint64_t d = 0) {
  return (a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full) ^ (c * 0xD6E8FEB86659FD93ull) ^
         (d * 0xFF51AFD7ED558CCDull);
}

template <class Entry, int Bits>
class DirectMapped {
 public:
  Entry& slot(std::uint64_t hash) { return entries_[hash >> (64 - Bits)]; }

 private:
  std::array<Entry, std::size_t{1} << Bits> entries_{};
};

// The calling thread's `Cache`, allocated at its first call.
template <class Cache>
Cache& thread_cache() {
  thread_local const std::unique_ptr<Cache> cache = std::make_unique<Cache>();
  return *cache;
}

}  // namespace gsolve::search::go
