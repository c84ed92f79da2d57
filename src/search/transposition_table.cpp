#include "src/search/transposition_table.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>

namespace gsolve::search {

TranspositionTable::TranspositionTable(std::size_t bytes, int key_bits) : key_bits_(key_bits) {
  if (key_bits < 1 || key_bits > 64) throw std::invalid_argument("transposition table: key_bits must be 1..64");
  key_mask_ = key_bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << key_bits) - 1;
  shift_ = std::max(1, key_bits / 2);
  const std::size_t bucket_bytes = kBucket * sizeof(std::uint64_t);
  int bucket_bits = 0;
  while (bucket_bits < 62 && (bucket_bytes << (bucket_bits + 1)) <= bytes) ++bucket_bits;
  bucket_bits = std::max(bucket_bits, key_bits - kCheckBits);  // the check must complete the key
  bucket_bits = std::min(bucket_bits, key_bits);               // no more buckets than keys
  check_bits_ = key_bits - bucket_bits;
  check_mask_ = check_bits_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << check_bits_) - 1;
  buckets_ = std::uint64_t{1} << bucket_bits;
  const std::size_t total = this->bytes();
  if (total >= (std::size_t{32} << 20)) {
    void* p = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    madvise(p, total, MADV_HUGEPAGE);
#endif
    table_ = static_cast<std::uint64_t*>(p);
    mmapped_ = true;  // fresh anonymous pages are zero: already clear
  } else {
    table_ = static_cast<std::uint64_t*>(::operator new(total, std::align_val_t{64}));
    clear();
  }
}

TranspositionTable::~TranspositionTable() {
  if (mmapped_) munmap(table_, bytes());
  else ::operator delete(table_, std::align_val_t{64});
}

void TranspositionTable::clear() { std::memset(static_cast<void*>(table_), 0, bytes()); }

void TranspositionTable::store(std::uint64_t key, int lb, int ub, int move, std::uint64_t nodes) {
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
      lb = std::max(lb, static_cast<int>(w & 127) - 64);
      ub = std::min(ub, static_cast<int>((w >> 7) & 127) - 64);
      if (move < 0) move = static_cast<int>((w >> 14) & 31) - 1;
      work = std::max(work, static_cast<int>((w >> 19) & 31));
      victim = i;
      break;
    }
    const int wk = static_cast<int>((w >> 19) & 31);
    if (wk < victim_work) victim = i, victim_work = wk;
  }
  lb = std::clamp(lb, -63, 63);
  ub = std::clamp(ub, -63, 63);
  const std::uint64_t m = (move >= 0 && move < 31) ? static_cast<std::uint64_t>(move + 1) : 0;
  const std::uint64_t w = s.check << kDataBits | static_cast<std::uint64_t>(work) << 19 | m << 14 |
                          static_cast<std::uint64_t>(ub + 64) << 7 | static_cast<std::uint64_t>(lb + 64);
  put(bucket + victim, w);
}

double TranspositionTable::fill_ratio(std::uint64_t sample) const {
  sample = std::min(sample, buckets_);
  std::uint64_t used = 0;
  for (std::uint64_t i = 0; i < sample * kBucket; ++i) used += (load(table_ + i) & kDataMask) != 0;
  return sample ? static_cast<double>(used) / static_cast<double>(sample * kBucket) : 0.0;
}

}  // namespace gsolve::search
