// The table of the proof-number prover (prover.h), in two parts: every
// entry's numbers in 12 bytes, found by its key's 64-bit hash alone, and
// beside them, for the entries that are proofs or disproofs, the whole entry
// with its certificate (history_line.h, 120 bytes), found by its whole key.
// Most entries are estimates (73-80% on the 5x5 tests), so one table of
// whole entries held a quarter as many. An estimate read under another key
// with the same hash costs work, never an answer: the numbers only guide
// the search, and a proof or a disproof is taken from the results, whole key
// and certificate. Each part puts its entries behind their hashes in a
// bucket, so a probe that finds nothing reads one or two cache lines, and
// replaces the one with the least work. A result whose certificate was
// replaced is not found (the search proves it again).
//
// One table serves all the provers of a solver (GoSolver's threads): a test
// split over them (split_test.h) keeps the transpositions between its
// subtrees, and every prover has the whole memory. Shared tables lock each
// bucket while an entry is read or written (a spin lock: contention is rare);
// a prover alone does not lock. Sharing is sound: a result says what it is
// about in full (board, side to move, passes, goal, target) and carries its
// certificate, checked against the line of the prover that reads it.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

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
    std::int32_t target;
    std::uint32_t phi, delta;
    std::uint8_t state;  // 0 empty
    std::uint8_t goal;
    std::uint8_t work;  // log2 of the expansions below it
  };
  struct Result {
    Entry entry;
    Certificate cert;  // what the result depends on in the history
  };
  // An estimate's slot: the numbers, both 0 when the slot is empty.
  struct Estimate {
    std::uint32_t phi, delta;
    std::uint8_t work;
  };

  // The key's bucket of estimates, all four cache lines (a hit reads up to three of them).
  void prefetch(std::uint64_t hash) const {
    const char* b = reinterpret_cast<const char*>(&open_.bucket(hash));
    for (std::size_t line = 0; line < sizeof(Bucket<Estimate>); line += 64) __builtin_prefetch(b + line);
  }
  // The key's entry, if the table has it (estimates: one under its hash);
  // for a proof or a disproof, with its certificate.
  bool find(const Key& key, std::uint64_t hash, Entry& out, Certificate& cert) {
    if (!find_numbers(key, hash, out)) return false;
    return (out.phi != 0 && out.delta != 0) || find_result(key, hash, out.phi, out.delta, cert);
  }
  // The same in two steps, so that a prover can prefetch the results of all
  // its children found resolved before it reads the first (prefetch_result).
  // The numbers of the key's entry, if the table has it:
  bool find_numbers(const Key& key, std::uint64_t hash, Entry& out);
  // The key's bucket of results, all its cache lines.
  void prefetch_result(std::uint64_t hash) const {
    const char* b = reinterpret_cast<const char*>(&proven_.bucket(hash));
    for (std::size_t line = 0; line < sizeof(Bucket<Result>); line += 64) __builtin_prefetch(b + line);
  }
  // The certificate of a proof or a disproof whose numbers find_numbers read,
  // if the table still has them (the result was not replaced).
  bool find_result(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta, Certificate& cert);
  // Stores the numbers, and the certificate of a proof or a disproof (phi or
  // delta 0; cert is null for estimates), over the key's entry, else an
  // empty one, else the one with the least work.
  void store(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta, const Certificate* cert,
             std::uint64_t work);

  std::size_t bytes() const { return memory_.bytes(); }
  void clear() { memory_.clear(); }

 private:
  // Estimates twelve to a bucket of four cache lines, results four to eleven.
  template <class Slot>
  static constexpr int kSlots = std::is_same_v<Slot, Estimate> ? 12 : 4;
  template <class Slot>
  struct alignas(64) Bucket {
    std::uint64_t hash[kSlots<Slot>];
    std::atomic<std::uint32_t> lock;
    Slot slot[kSlots<Slot>];
  };
  template <class Slot>
  struct Part {
    Bucket<Slot>* buckets = nullptr;
    std::uint64_t count = 0;
    // The hash scaled to the bucket count (any count: the memory is used whole).
    Bucket<Slot>& bucket(std::uint64_t hash) const {
      return buckets[static_cast<std::uint64_t>((static_cast<unsigned __int128>(hash) * count) >> 64)];
    }
  };
  class Hold;  // a bucket's lock, when the table is shared

  TableMemory memory_;
  Part<Estimate> open_;  // every entry's numbers
  Part<Result> proven_;  // proofs and disproofs with their certificates
  bool shared_;
};

}  // namespace gsolve::search::go
