#include "src/search/go/proof_table.h"

#include <algorithm>
#include <iterator>

namespace gsolve::search::go {
namespace {

int log2_work(std::uint64_t n) { return n ? 63 - __builtin_clzll(n) : 0; }

bool same(const ProofTable::Result& r, const ProofTable::Key& k) {
  return r.state == k.state && r.goal == k.goal && r.target == k.target && r.black == k.black && r.white == k.white;
}

// The key's result in the bucket, or -1.
template <class Bucket>
int result_of(const Bucket& b, const ProofTable::Key& key, std::uint32_t tag) {
  for (int i = 0; i < static_cast<int>(std::size(b.tag)); ++i)
    if (b.tag[i] == tag && b.slot[i].state != 0 && same(b.slot[i], key)) return i;
  return -1;
}

// The key's result slot in the bucket, else an empty one, else the one with the least work.
template <class Bucket>
int result_slot(const Bucket& b, const ProofTable::Key& key, std::uint32_t tag) {
  if (const int i = result_of(b, key, tag); i >= 0) return i;
  int slot = 0;
  for (int i = 0; i < static_cast<int>(std::size(b.tag)); ++i) {
    if (b.slot[i].state == 0) return i;
    if (b.slot[i].work < b.slot[slot].work) slot = i;
  }
  return slot;
}

// The estimate's slot of the tag in the bucket, or -1.
template <class Bucket>
int estimate_slot(const Bucket& b, std::uint32_t tag) {
  for (int i = 0; i < static_cast<int>(std::size(b.tag)); ++i)
    if (b.tag[i] == tag && (b.phi[i] | b.delta[i])) return i;
  return -1;
}

// The slot a new estimate takes: the first empty one, else the first of the least work.
template <class Bucket>
int open_slot(const Bucket& b) {
  int i = 0;
  for (int j = 0; j < static_cast<int>(std::size(b.tag)); ++j) {
    if (!(b.phi[j] | b.delta[j])) return j;
    if (b.work[j] < b.work[i]) i = j;
  }
  return i;
}

// Half the bytes for each part: a result's slot is 10 times an estimate's,
// and a quarter of the entries or fewer are results.
constexpr std::size_t kOpenShare = 2;

}  // namespace

class ProofTable::Hold {
 public:
  Hold(std::atomic<std::uint32_t>& lock, bool shared) : lock_(shared ? &lock : nullptr) {
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
    : memory_(std::max(bytes, sizeof(OpenBucket) + sizeof(ResultBucket))), shared_(shared) {
  static_assert(sizeof(OpenBucket) == 128);
  static_assert(sizeof(Result) == 136 && sizeof(ResultBucket) == 576);
  // Half the memory for the estimates, leaving at least one results' bucket.
  open_.count = std::max<std::size_t>(
      std::min(memory_.bytes() / kOpenShare, memory_.bytes() - sizeof(ResultBucket)) / sizeof(OpenBucket), 1);
  open_.buckets = static_cast<OpenBucket*>(memory_.data());
  proven_.count = (memory_.bytes() - open_.count * sizeof(OpenBucket)) / sizeof(ResultBucket);
  proven_.buckets = reinterpret_cast<ResultBucket*>(open_.buckets + open_.count);
}

bool ProofTable::find_numbers(const Key& key, std::uint64_t hash, Entry& out) {
  OpenBucket& b = open_.bucket(hash);
  const Hold hold(b.lock, shared_);
  const int i = estimate_slot(b, static_cast<std::uint32_t>(hash));
  if (i < 0) return false;
  out = {key.black, key.white, key.target, b.phi[i], b.delta[i], key.state, key.goal, b.work[i]};
  return true;
}

bool ProofTable::find_result(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta,
                             Certificate& cert) {
  ResultBucket& b = proven_.bucket(hash);
  const Hold hold(b.lock, shared_);
  const int i = result_of(b, key, static_cast<std::uint32_t>(hash));
  // The proof's certificate was replaced, or (shared) another prover stored
  // a newer result of the key here after the numbers were read (this part
  // is written first), the other way (superko: on another line): none to use.
  if (i < 0) return false;
  const Result& r = b.slot[i];
  if ((r.flags & kProven) ? phi != 0 : delta != 0) return false;
  cert.hit_count = static_cast<std::uint8_t>(r.flags >> 1 & 3);
  for (int k = 0; k < 2; ++k) {
    cert.hit_black_to_move[k] = static_cast<std::uint8_t>(r.flags >> (3 + k) & 1);
    cert.hit_black[k] = r.hit_black[k];
    cert.hit_white[k] = r.hit_white[k];
  }
  cert.seen = r.seen;
  return true;
}

void ProofTable::store(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta,
                       const Certificate* cert, std::uint64_t work) {
  const auto work_bits = static_cast<std::uint8_t>(log2_work(work));
  if (cert) {
    const auto flags = static_cast<std::uint8_t>((phi == 0 ? kProven : 0) | cert->hit_count << 1 |
                                                 cert->hit_black_to_move[0] << 3 | cert->hit_black_to_move[1] << 4);
    ResultBucket& b = proven_.bucket(hash);
    const Hold hold(b.lock, shared_);
    const int i = result_slot(b, key, static_cast<std::uint32_t>(hash));
    b.tag[i] = static_cast<std::uint32_t>(hash);
    b.slot[i] = {key.black,
                 key.white,
                 key.target,
                 key.state,
                 key.goal,
                 work_bits,
                 flags,
                 {cert->hit_black[0], cert->hit_black[1]},
                 {cert->hit_white[0], cert->hit_white[1]},
                 cert->seen};
  }
  OpenBucket& b = open_.bucket(hash);
  const Hold hold(b.lock, shared_);
  const std::uint32_t tag = static_cast<std::uint32_t>(hash);
  int i = estimate_slot(b, tag);
  if (i < 0) i = open_slot(b);
  b.tag[i] = tag;
  b.phi[i] = phi;
  b.delta[i] = delta;
  b.work[i] = work_bits;
}

void ProofTable::store_guess(std::uint64_t hash, std::uint32_t phi, std::uint32_t delta) {
  OpenBucket& b = open_.bucket(hash);
  const Hold hold(b.lock, shared_);
  const std::uint32_t tag = static_cast<std::uint32_t>(hash);
  if (estimate_slot(b, tag) >= 0) return;
  const int i = open_slot(b);
  if ((b.phi[i] | b.delta[i]) && b.work[i] != 0) return;  // every slot holds a searched entry
  b.tag[i] = tag;
  b.phi[i] = phi;
  b.delta[i] = delta;
  b.work[i] = 0;
}

}  // namespace gsolve::search::go
