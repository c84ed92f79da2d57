// A tier split among the processes of a job (src/core/cluster.h): its words
// are dealt out in chunks, round robin, so that every process gets a sample of
// the whole tier. (Positions that cost alike crowd together in the rank space:
// cut into halves holding as many reached positions each, a connect4:6x4 tier
// cost one process up to 25% more time than the other, which then waited.)
// Each process solves the reached positions of its chunks, then every process
// gets every share. Only reached ranks travel, each owner's packed in rank
// order: every process knows the reached bitmap, so the receiver puts each
// record back at its rank (a reversi:4x4 tier is 2% reached).
#pragma once

#include <tbb/blocked_range.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

#include "src/core/bitmap.h"
#include "src/core/cluster.h"
#include "src/core/parallel.h"
#include "src/core/record.h"

namespace gsolve {

// Chunk c of a tier (kChunkWords words) belongs to process c mod size.
class TierShares {
 public:
  static constexpr std::uint64_t kChunkWords = 256;  // 16,384 ranks

  TierShares(std::uint64_t word_count, int size)
      : word_count_(word_count),
        size_(static_cast<std::uint64_t>(size)),
        chunks_((word_count + kChunkWords - 1) / kChunkWords) {}
  std::uint64_t chunks() const { return chunks_; }
  int owner(std::uint64_t chunk) const { return static_cast<int>(chunk % size_); }
  // Process r's k-th chunk is chunk r + k * size; it has this many.
  std::uint64_t chunks_of(int r) const {
    const auto first = static_cast<std::uint64_t>(r);
    return chunks_ > first ? (chunks_ - first + size_ - 1) / size_ : 0;
  }
  std::uint64_t chunk_of(int r, std::uint64_t k) const { return static_cast<std::uint64_t>(r) + k * size_; }
  // The words [first, second) of a chunk.
  std::pair<std::uint64_t, std::uint64_t> words(std::uint64_t chunk) const {
    return {chunk * kChunkWords, std::min(word_count_, (chunk + 1) * kChunkWords)};
  }

  // Calls f(chunk) for each chunk of process r, in parallel: each task gets a
  // run of r's chunks, in increasing order, and its own scratch =
  // make_scratch(), handed to finish_scratch(scratch) at its end.
  template <class MakeScratch, class F, class Finish>
  void for_each_chunk(int r, MakeScratch&& make_scratch, F&& f, Finish&& finish_scratch) const {
    gsolve::parallel_for(tbb::blocked_range<std::uint64_t>(0, chunks_of(r), 1),
                         [&](const tbb::blocked_range<std::uint64_t>& range) {
                           auto scratch = make_scratch();
                           for (std::uint64_t k = range.begin(); k != range.end(); ++k) f(chunk_of(r, k), scratch);
                           finish_scratch(scratch);
                         });
  }

 private:
  std::uint64_t word_count_, size_, chunks_;
};

// Where each chunk's reached records go in the buffer that travels: the
// owners' shares one after the other (process 0's chunks first), each in
// rank order, so that each owner sends one contiguous run.
class PackedShares {
 public:
  PackedShares(const Bitmap& reached, const TierShares& shares, int size)
      : reached_(reached), shares_(shares), at_(shares.chunks(), 0), bounds_(static_cast<std::size_t>(size) + 1, 0) {
    gsolve::parallel_for(std::uint64_t{0}, shares.chunks(), [&](std::uint64_t c) {
      const auto [from, to] = shares.words(c);
      std::uint64_t n = 0;
      for (std::uint64_t w = from; w < to; ++w) n += static_cast<std::uint64_t>(__builtin_popcountll(reached.word(w)));
      at_[c] = n;
    });
    std::uint64_t total = 0;
    for (int r = 0; r < size; ++r) {
      for (std::uint64_t k = 0; k < shares.chunks_of(r); ++k) {
        const std::uint64_t c = shares.chunk_of(r, k), n = at_[c];
        at_[c] = total;
        total += n;
      }
      bounds_[static_cast<std::size_t>(r) + 1] = total;
    }
  }
  std::uint64_t total() const { return bounds_.back(); }
  // Process r's share of the buffer: [bounds()[r], bounds()[r + 1]).
  std::span<const std::uint64_t> bounds() const { return bounds_; }

  // The records of process r's chunks into their places in `packed`, `width`
  // bytes each (travel_width)...
  void pack(int r, std::span<const PackedRecord> records, std::span<std::byte> packed, int width) const {
    by_width(width, [&]<class T>(T) {
      move(r, true, [&](std::uint64_t rank, std::uint64_t j) {
        const T narrow = static_cast<T>(records[rank]);
        std::memcpy(packed.data() + j * sizeof(T), &narrow, sizeof(T));
      });
    });
  }
  // ...and back, for every chunk of the other processes than r.
  void unpack(int r, std::span<const std::byte> packed, std::span<PackedRecord> records, int width) const {
    by_width(width, [&]<class T>(T) {
      move(r, false, [&](std::uint64_t rank, std::uint64_t j) {
        T narrow;
        std::memcpy(&narrow, packed.data() + j * sizeof(T), sizeof(T));
        records[rank] = narrow;
      });
    });
  }

 private:
  template <class F>
  static void by_width(int width, F&& f) {
    if (width == 1)
      f(std::uint8_t{});
    else if (width == 2)
      f(std::uint16_t{});
    else
      f(std::uint32_t{});
  }
  // f(rank, j) for every reached rank of r's chunks (own) or of the others'
  // chunks, j its place in the buffer.
  template <class F>
  void move(int r, bool own, F&& f) const {
    gsolve::parallel_for(std::uint64_t{0}, shares_.chunks(), [&](std::uint64_t c) {
      if ((shares_.owner(c) == r) != own) return;
      std::uint64_t j = at_[c];
      const auto [from, to] = shares_.words(c);
      for (std::uint64_t w = from; w < to; ++w)
        for (std::uint64_t bits = reached_.word(w); bits; bits &= bits - 1, ++j)
          f(w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(bits)), j);
    });
  }
  const Bitmap& reached_;
  const TierShares& shares_;
  std::vector<std::uint64_t> at_;  // per chunk: where its first reached record goes
  std::vector<std::uint64_t> bounds_;
};

// The bytes a record needs on the way: 1 when it is below 2^8 (no score,
// remoteness under 32: every connect4 record), 2 below 2^16 (no score), else
// 4. `widest`: the bitwise OR of the records (its top bit is theirs).
inline int travel_width(std::uint64_t widest) { return widest < 0x100 ? 1 : widest < 0x10000 ? 2 : 4; }

// After each process solved the records of its chunks, every process holds
// all of them. `widest`: the OR of this process's records; the job sends
// every record in the width the widest of them all needs. `buffer` (at least
// 4 * packing.total() bytes, any contents) is where they travel: one for the
// whole solve, not a fresh allocation (and page faults) per tier.
inline void exchange_shares(Cluster& cluster, const PackedShares& packing, std::span<PackedRecord> records,
                            std::span<std::byte> buffer, PackedRecord widest) {
  if (cluster.alone()) return;
  std::uint64_t job_widest = widest;
  cluster.or_words({&job_widest, 1});
  const int width = travel_width(job_widest);
  buffer = buffer.first(packing.total() * static_cast<std::uint64_t>(width));
  packing.pack(cluster.rank(), records, buffer, width);
  std::vector<std::uint64_t> bounds(packing.bounds().begin(), packing.bounds().end());
  for (std::uint64_t& b : bounds) b *= static_cast<std::uint64_t>(width);
  cluster.gather_shares(buffer, bounds);
  packing.unpack(cluster.rank(), buffer, records, width);
}

}  // namespace gsolve
