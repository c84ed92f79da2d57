#include "src/search/go/proof_table.h"

#include <algorithm>
#include <bit>

namespace gsolve::search::go {
namespace {

int log2_work(std::uint64_t n) { return n ? 63 - __builtin_clzll(n) : 0; }

}  // namespace

class ProofTable::Hold {
 public:
  Hold(Bucket& b, bool shared) : lock_(shared ? &b.lock : nullptr) {
    if (!lock_) return;
    while (lock_->exchange(1, std::memory_order_acquire))
      while (lock_->load(std::memory_order_relaxed)) __builtin_ia32_pause();
  }
  ~Hold() {
    if (lock_) lock_->store(0, std::memory_order_release);
  }
  Hold(const Hold&) = delete;
  Hold& operator=(const Hold&) = delete;

 private:
  std::atomic<std::uint32_t>* lock_;
};

ProofTable::ProofTable(std::size_t bytes, bool shared)
    : memory_(std::max<std::size_t>(std::bit_floor(bytes / sizeof(Bucket)), 1) * sizeof(Bucket)),
      buckets_(static_cast<Bucket*>(memory_.data())),
      count_(memory_.bytes() / sizeof(Bucket)),
      shared_(shared) {}

bool ProofTable::find(const Key& key, std::uint64_t hash, Entry& out) {
  Bucket& b = buckets_[hash & (count_ - 1)];
  const Hold hold(b, shared_);
  for (int i = 0; i < kBucket; ++i) {
    if (b.hash[i] != hash || !matches(b.entry[i], key)) continue;  // the whole key: a collision is never a hit
    out = b.entry[i];
    return true;
  }
  return false;
}

void ProofTable::store(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta,
                       const Certificate* cert, std::uint64_t work) {
  Bucket& b = buckets_[hash & (count_ - 1)];
  const Hold hold(b, shared_);
  int slot = -1;
  for (int i = 0; i < kBucket && slot < 0; ++i)
    if (b.hash[i] == hash && matches(b.entry[i], key)) slot = i;
  if (slot < 0) {  // an empty entry, else the one with the least work
    slot = 0;
    for (int i = 0; i < kBucket; ++i) {
      if (b.entry[i].state == 0) {
        slot = i;
        break;
      }
      if (b.entry[i].work < b.entry[slot].work) slot = i;
    }
  }
  b.hash[slot] = hash;
  Entry& e = b.entry[slot];
  e.black = key.black;
  e.white = key.white;
  e.state = key.state;
  e.goal = key.goal;
  e.target = key.target;
  e.work = static_cast<std::uint8_t>(log2_work(work));
  e.phi = phi;
  e.delta = delta;
  e.cert = cert ? *cert : Certificate{};
}

}  // namespace gsolve::search::go
