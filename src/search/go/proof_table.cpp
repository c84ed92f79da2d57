#include "src/search/go/proof_table.h"

#include <algorithm>
#include <iterator>

namespace gsolve::search::go {
namespace {

int log2_work(std::uint64_t n) { return n ? 63 - __builtin_clzll(n) : 0; }

// An estimate is found by its hash alone; a result by its whole key.
bool same(const ProofTable::Estimate&, const ProofTable::Key&) { return true; }
bool same(const ProofTable::Result& r, const ProofTable::Key& k) {
  const ProofTable::Entry& e = r.entry;
  return e.state == k.state && e.goal == k.goal && e.target == k.target && e.black == k.black && e.white == k.white;
}
bool empty(const ProofTable::Estimate& e) { return e.phi == 0 && e.delta == 0; }  // no entry is both
bool empty(const ProofTable::Result& r) { return r.entry.state == 0; }
std::uint8_t work_of(const ProofTable::Estimate& e) { return e.work; }
std::uint8_t work_of(const ProofTable::Result& r) { return r.entry.work; }

// The slot of the key in the bucket, else an empty one, else the one with the least work.
template <class Bucket>
int slot_for(const Bucket& b, const ProofTable::Key& key, std::uint64_t hash) {
  const int size = static_cast<int>(std::size(b.hash));
  for (int i = 0; i < size; ++i)
    if (b.hash[i] == hash && !empty(b.slot[i]) && same(b.slot[i], key)) return i;
  int slot = 0;
  for (int i = 0; i < size; ++i) {
    if (empty(b.slot[i])) return i;
    if (work_of(b.slot[i]) < work_of(b.slot[slot])) slot = i;
  }
  return slot;
}

template <class Bucket>
const auto* find_in(const Bucket& b, const ProofTable::Key& key, std::uint64_t hash) {
  for (int i = 0; i < static_cast<int>(std::size(b.hash)); ++i)
    if (b.hash[i] == hash && !empty(b.slot[i]) && same(b.slot[i], key)) return &b.slot[i];
  return static_cast<decltype(&b.slot[0])>(nullptr);
}

// Half the bytes for each part: a result's slot is 14 times an estimate's,
// and a quarter of the entries or fewer are results.
constexpr std::size_t kOpenShare = 2;

}  // namespace

static_assert(sizeof(ProofTable::Estimate) == 12);

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
    : memory_(std::max(bytes, sizeof(Bucket<Estimate>) + sizeof(Bucket<Result>))), shared_(shared) {
  static_assert(sizeof(Bucket<Estimate>) == 256);
  open_.count = std::max<std::size_t>(memory_.bytes() / kOpenShare / sizeof(Bucket<Estimate>), 1);
  open_.buckets = static_cast<Bucket<Estimate>*>(memory_.data());
  proven_.count = (memory_.bytes() - open_.count * sizeof(Bucket<Estimate>)) / sizeof(Bucket<Result>);
  proven_.buckets = reinterpret_cast<Bucket<Result>*>(open_.buckets + open_.count);
}

bool ProofTable::find_numbers(const Key& key, std::uint64_t hash, Entry& out) {
  Bucket<Estimate>& b = open_.bucket(hash);
  const Hold hold(b.lock, shared_);
  const Estimate* e = find_in(b, key, hash);
  if (!e) return false;
  out = {key.black, key.white, key.target, e->phi, e->delta, key.state, key.goal, e->work};
  return true;
}

bool ProofTable::find_result(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta,
                             Certificate& cert) {
  Bucket<Result>& b = proven_.bucket(hash);
  const Hold hold(b.lock, shared_);
  const Result* r = find_in(b, key, hash);
  // The proof's certificate was replaced, or (shared) another prover stored
  // a newer result of the key here after the numbers were read (this part
  // is written first): none to use.
  if (!r || r->entry.phi != phi || r->entry.delta != delta) return false;
  cert = r->cert;
  return true;
}

void ProofTable::store(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta,
                       const Certificate* cert, std::uint64_t work) {
  const Entry e{key.black, key.white, key.target, phi, delta, key.state, key.goal,
                static_cast<std::uint8_t>(log2_work(work))};
  if (cert) {
    Bucket<Result>& b = proven_.bucket(hash);
    const Hold hold(b.lock, shared_);
    const int i = slot_for(b, key, hash);
    b.hash[i] = hash;
    b.slot[i] = {e, *cert};
  }
  Bucket<Estimate>& b = open_.bucket(hash);
  const Hold hold(b.lock, shared_);
  const int i = slot_for(b, key, hash);
  b.hash[i] = hash;
  b.slot[i] = {phi, delta, e.work};
}

}  // namespace gsolve::search::go
