// A fixed-size bitmap over a range of ranks; bits are set concurrently by many
// threads (relaxed atomic fetch_or: discovery only needs "set at least once").
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

namespace gsolve {

class Bitmap {
 public:
  Bitmap() = default;
  explicit Bitmap(std::uint64_t bits) : bits_(bits), words_((bits + 63) / 64, 0) {}

  std::uint64_t size() const { return bits_; }
  std::uint64_t word_count() const { return words_.size(); }
  std::uint64_t word(std::uint64_t w) const {
    return std::atomic_ref<const std::uint64_t>(words_[w]).load(std::memory_order_relaxed);
  }
  bool test(std::uint64_t i) const { return (word(i >> 6) >> (i & 63)) & 1; }
  // Sets bit i; true if this call set it (it was clear before).
  bool set(std::uint64_t i) {
    const std::uint64_t bit = std::uint64_t{1} << (i & 63);
    std::atomic_ref<std::uint64_t> w(words_[i >> 6]);
    if (w.load(std::memory_order_relaxed) & bit) return false;  // cheap pre-check
    return !(w.fetch_or(bit, std::memory_order_relaxed) & bit);
  }
  std::uint64_t count() const {
    std::uint64_t n = 0;
    for (std::uint64_t w : words_) n += static_cast<std::uint64_t>(__builtin_popcountll(w));
    return n;
  }
  std::vector<std::uint64_t>& words() { return words_; }
  const std::vector<std::uint64_t>& words() const { return words_; }

 private:
  std::uint64_t bits_ = 0;
  std::vector<std::uint64_t> words_;
};

}  // namespace gsolve
