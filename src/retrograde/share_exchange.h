// A tier split among the processes of a job (src/core/cluster.h): each
// process solves the reached positions of its share, then every process gets
// every share. Shares are whole words of the reached bitmap, cut so that each
// holds as many reached positions as the others (reached positions crowd in
// parts of the rank space). Only reached ranks travel, packed in rank order:
// every process knows the reached bitmap, so the receiver puts each record
// back at its rank (a reversi:4x4 tier is 2% reached).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>


#include "src/core/bitmap.h"
#include "src/core/cluster.h"
#include "src/core/parallel.h"
#include "src/core/record.h"

namespace gsolve {

// How many reached positions come before each block of a tier's bitmap words.
class ReachedIndex {
 public:
  explicit ReachedIndex(const Bitmap& reached)
      : reached_(reached), blocks_((reached.word_count() + kBlockWords - 1) / kBlockWords), at_(blocks_ + 1, 0) {
    gsolve::parallel_for(std::uint64_t{0}, blocks_, [&](std::uint64_t b) {
      at_[b + 1] = count(b * kBlockWords, std::min(reached_.word_count(), (b + 1) * kBlockWords));
    });
    for (std::uint64_t b = 0; b < blocks_; ++b) at_[b + 1] += at_[b];
  }
  // Reached positions in words [0, w).
  std::uint64_t before_word(std::uint64_t w) const {
    const std::uint64_t b = w / kBlockWords;
    return at_[b] + count(b * kBlockWords, w);
  }
  // Word-aligned rank bounds [0..size] giving each process an equal part of
  // the reached positions.
  std::vector<std::uint64_t> balanced_bounds(int size) const {
    std::vector<std::uint64_t> bounds(static_cast<std::size_t>(size) + 1, reached_.size());
    bounds[0] = 0;
    for (int r = 1; r < size; ++r) {
      const std::uint64_t target = at_[blocks_] * static_cast<std::uint64_t>(r) / static_cast<std::uint64_t>(size);
      // The first block that reaches the target, then the word inside it.
      const std::uint64_t b = static_cast<std::uint64_t>(std::upper_bound(at_.begin(), at_.end(), target) - at_.begin()) - 1;
      std::uint64_t w = std::min(b * kBlockWords, reached_.word_count()), n = at_[std::min(b, blocks_)];
      while (w < reached_.word_count() && n < target) n += count(w, w + 1), ++w;
      bounds[r] = std::max(bounds[r - 1], std::min(reached_.size(), w * 64));
    }
    return bounds;
  }
  static constexpr std::uint64_t kBlockWords = 1024;
  std::uint64_t blocks() const { return blocks_; }
  std::uint64_t block_start(std::uint64_t b) const { return at_[b]; }
  std::uint64_t total() const { return at_[blocks_]; }

 private:
  std::uint64_t count(std::uint64_t from, std::uint64_t to) const {
    std::uint64_t n = 0;
    for (std::uint64_t w = from; w < to; ++w) n += static_cast<std::uint64_t>(__builtin_popcountll(reached_.word(w)));
    return n;
  }
  const Bitmap& reached_;
  std::uint64_t blocks_;
  std::vector<std::uint64_t> at_;
};

// Process r's words of a bitmap split at word-aligned bounds (the last one
// may be the bitmap's size: the word it falls in is the last process's).
inline std::pair<std::uint64_t, std::uint64_t> words_of(std::span<const std::uint64_t> bounds, int r) {
  return {(bounds[r] + 63) / 64, (bounds[r + 1] + 63) / 64};
}

// After each process solved its share [bounds[rank], bounds[rank + 1]) of
// `records`, every process holds all of them.
inline void exchange_shares(Cluster& cluster, const Bitmap& reached, const ReachedIndex& index,
                            std::span<const std::uint64_t> bounds, std::span<PackedRecord> records) {
  if (cluster.alone()) return;
  std::vector<std::uint64_t> packed_bounds(bounds.size());
  for (std::size_t r = 0; r < bounds.size(); ++r) packed_bounds[r] = index.before_word((bounds[r] + 63) / 64);
  std::vector<PackedRecord> packed(index.total());
  const int me = cluster.rank();
  // pack: records -> packed within this process's share; unpack: the reverse elsewhere.
  const auto move = [&](bool pack) {
    gsolve::parallel_for(std::uint64_t{0}, index.blocks(), [&](std::uint64_t b) {
      std::uint64_t j = index.block_start(b);
      const std::uint64_t end = std::min(reached.word_count(), (b + 1) * ReachedIndex::kBlockWords);
      for (std::uint64_t w = b * ReachedIndex::kBlockWords; w < end; ++w) {
        const std::uint64_t first = w * 64;
        const bool mine = first >= bounds[me] && first < bounds[me + 1];
        for (std::uint64_t bits = reached.word(w); bits; bits &= bits - 1, ++j) {
          if (mine != pack) continue;
          const std::uint64_t rank = first + static_cast<std::uint64_t>(__builtin_ctzll(bits));
          if (pack) packed[j] = records[rank];
          else records[rank] = packed[j];
        }
      }
    });
  };
  move(true);
  cluster.gather_shares(packed, packed_bounds);
  move(false);
}

}  // namespace gsolve
