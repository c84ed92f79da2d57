// The table of the proof-number prover (prover.h): four entries behind their
// keys' hashes in each bucket, so a probe that finds nothing reads one cache
// line; the entry with the least work is replaced. One table serves all the
// provers of a solver (GoSolver's threads): a test split over them
// (split_test.h) keeps the transpositions between its subtrees, and every
// prover has the whole memory. Shared tables lock each bucket while an entry
// is read or written (a spin lock: contention is rare); a prover alone does
// not lock. Sharing is sound: an entry says what it is about in full (board,
// side to move, passes, goal, target) and a result carries its certificate,
// checked against the line of the prover that reads it (history_line.h).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "src/search/go/history_line.h"
#include "src/search/table_memory.h"

namespace gsolve::search::go {

class ProofTable {
 public:
  ProofTable(std::size_t bytes, bool shared);

  struct Key {
    std::uint64_t black, white;  // canonical board
    std::uint8_t state;          // LineNode::state(), never 0
    std::uint8_t goal;
    std::int32_t target;
  };
  struct Entry {
    std::uint64_t black, white;
    std::uint8_t state;  // 0 empty
    std::uint8_t goal;
    std::uint8_t work;  // log2 of the expansions below it
    std::int32_t target;
    std::uint32_t phi, delta;
    Certificate cert;  // when resolved: what the result depends on in the history
  };

  void prefetch(std::uint64_t hash) const { __builtin_prefetch(&buckets_[hash & (count_ - 1)]); }
  // A copy of the key's entry, if the table has it.
  bool find(const Key& key, std::uint64_t hash, Entry& out);
  // Stores the numbers (and the certificate of a result) over the key's entry,
  // else an empty one, else the one with the least work.
  void store(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta, const Certificate* cert,
             std::uint64_t work);

  std::size_t bytes() const { return memory_.bytes(); }
  void clear() { memory_.clear(); }

 private:
  static constexpr int kBucket = 4;
  struct Bucket {
    std::uint64_t hash[kBucket];
    std::atomic<std::uint32_t> lock;
    Entry entry[kBucket];
  };
  static bool matches(const Entry& e, const Key& k) {
    return e.state == k.state && e.goal == k.goal && e.target == k.target && e.black == k.black && e.white == k.white;
  }
  class Hold;  // the bucket's lock, when the table is shared

  TableMemory memory_;
  Bucket* buckets_;
  std::uint64_t count_;
  bool shared_;
};

}  // namespace gsolve::search::go
