// The table of the proof-number prover (prover.h), in two parts: every
// entry's numbers, nine to a bucket of two cache lines, found by a 32-bit tag
// of its key's hash (the hash's high bits choose the bucket), and beside
// them, for the entries that are proofs or disproofs, the whole entry with
// its certificate (history_line.h; 136 bytes packed), found by its whole key.
// Most entries are estimates (73-80% on the 5x5 tests), so one table of
// whole entries held a quarter as many. An estimate read under another key
// with the same bucket and tag costs work, never an answer: the numbers only
// guide the search, and a proof or a disproof is taken from the results,
// whole key and certificate. A probe of the estimates reads its bucket's two
// lines (one 128-byte pair, which the hardware fetches together); one of
// the results puts the tags in front, so a miss reads one line.
// Each part replaces the entry with the least work. A result whose
// certificate was replaced is not found (the search proves it again).
//
// One table serves all the provers of a solver (GoSolver's threads): a test
// split over them (root_split.h) keeps the transpositions between its
// subtrees, and every prover has the whole memory. Shared tables lock each
// bucket while an entry is read or written (a spin lock: contention is rare);
// a prover alone does not lock. Sharing is sound: a result says what it is
// about in full (board, side to move, passes, goal, target) and carries its
// certificate, checked against the line of the prover that reads it.
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
    std::int32_t target;
    std::uint32_t phi, delta;
    std::uint8_t state;  // 0 empty
    std::uint8_t goal;
    std::uint8_t work;  // log2 of the expansions below it
  };
  // A proof or a disproof with its certificate (what it depends on in the
  // history), packed in 136 bytes: a result's numbers are (0, infinity) or
  // (infinity, 0), so one bit says which.
  struct Result {
    std::uint64_t black, white;
    std::int32_t target;
    std::uint8_t state;  // 0 empty
    std::uint8_t goal;
    std::uint8_t work;   // log2 of the expansions below it
    std::uint8_t flags;  // kProven, the hit count << 1, each hit's side to move << (3 + k)
    std::uint64_t hit_black[2], hit_white[2];
    ExploredBoards seen;
  };
  static constexpr std::uint8_t kProven = 1;
  // The key's bucket of estimates, both its cache lines.
  void prefetch(std::uint64_t hash) const {
    const char* b = reinterpret_cast<const char*>(&open_.bucket(hash));
    __builtin_prefetch(b);
    __builtin_prefetch(b + 64);
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
    for (std::size_t line = 0; line < sizeof(ResultBucket); line += 64) __builtin_prefetch(b + line);
  }
  // The certificate of a proof or a disproof whose numbers find_numbers read,
  // if the table still has them (the result was not replaced).
  bool find_result(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta, Certificate& cert);
  // Stores the numbers, and the certificate of a proof or a disproof (phi or
  // delta 0; cert is null for estimates), over the key's entry, else an
  // empty one, else the one with the least work.
  void store(const Key& key, std::uint64_t hash, std::uint32_t phi, std::uint32_t delta, const Certificate* cert,
             std::uint64_t work);

  // Stores a new node's numbers from its board alone (the static bounds did
  // not decide it) where they cost no searched entry: in an empty slot, else
  // over another such guess (work 0), else not at all.
  void store_guess(std::uint64_t hash, std::uint32_t phi, std::uint32_t delta);

  std::size_t bytes() const { return memory_.bytes(); }
  void clear() { memory_.clear(); }

 private:
  // Estimates nine to a bucket of two cache lines, each field in an array of
  // its own; a slot is empty when both its numbers are 0 (no entry is both).
  static constexpr int kOpenSlots = 9;
  struct alignas(128) OpenBucket {
    std::uint32_t tag[kOpenSlots];  // the hash's low 32 bits
    std::uint32_t phi[kOpenSlots], delta[kOpenSlots];
    std::uint8_t work[kOpenSlots];  // log2 of the expansions below it
    std::atomic<std::uint32_t> lock;
  };
  // Results four to a bucket of nine cache lines, their 32-bit tags in front.
  static constexpr int kResultSlots = 4;
  struct alignas(64) ResultBucket {
    std::uint32_t tag[kResultSlots];  // the hash's low 32 bits
    std::atomic<std::uint32_t> lock;
    Result slot[kResultSlots];
  };
  template <class Bucket>
  struct Part {
    Bucket* buckets = nullptr;
    std::uint64_t count = 0;
    // The hash scaled to the bucket count (any count: the memory is used whole).
    Bucket& bucket(std::uint64_t hash) const {
      return buckets[static_cast<std::uint64_t>((static_cast<unsigned __int128>(hash) * count) >> 64)];
    }
  };
  class Hold;  // a bucket's lock, when the table is shared

  TableMemory memory_;
  Part<OpenBucket> open_;      // every entry's numbers
  Part<ResultBucket> proven_;  // proofs and disproofs with their certificates
  bool shared_;
};

}  // namespace gsolve::search::go
