// Record access for the verifiers: every thread reads any rank, decoding each
// zstd frame at most once for the whole run.
//
// Why not one db::RecordReader per thread: a backtracking verifier visits the
// whole database and looks up every position once plus once per parent, in an
// order with little locality (children of one position sit in other frames).
// RecordReader keeps 8 decoded frames per thread; on connect4:6x4 that misses
// on most lookups, and each miss costs a B-tree descent plus a 12 KiB zstd
// decode. Here frames are decoded on first touch, in place, into one array
// indexed by rank and shared by all threads: the array is reserved as virtual
// memory only (mmap, MAP_NORESERVE), so pages of frames never touched cost
// nothing, and a lookup is one load of the frame's state byte and one of the
// record. Records take 2 bytes where the database keeps no score (the packed
// record's score half is 0 there), else 4: all of connect4:6x4 is 320 MB of
// address space, of which the reachable frames are touched.
//
// Memory is bounded by `budget_bytes`: past it, frames are no longer kept in
// the array but decoded into a small per-thread cache, so any database can be
// verified, more slowly. The same per-thread path serves a thread that finds
// another thread decoding the frame it wants (no waiting).
//
// The addressing is the database's own (db/chunk.h, db/database.cpp):
// rank -> tier t, local = rank - tier_begin(t), chunk = local / chunk_records,
// frame = (local % chunk_records) / frame_records.
#pragma once

#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "db/contents.h"
#include "db/database.h"
#include "src/core/record.h"

namespace gsolve::verify {

class RecordStore {
 public:
  enum class Status : std::uint8_t { ok, missing, damaged };
  struct Lookup {
    Status status = Status::missing;
    Record record;
  };

  RecordStore(const db::Database& db, const db::Contents& contents, std::uint64_t budget_bytes);
  ~RecordStore();
  RecordStore(const RecordStore&) = delete;
  RecordStore& operator=(const RecordStore&) = delete;

  // The record stored at `rank`, which lies in tier `tier`. Thread-safe.
  // missing: no chunk, or an Unknown record; damaged: the frame fails its checks.
  Lookup get(int tier, std::uint64_t rank) {
    const std::uint64_t frame = frame_base_[tier] + ((rank - tiers_[tier]) >> frame_shift_);
    const std::uint8_t state = state_[frame].load(std::memory_order_acquire);
    std::uint64_t packed;
    if (state == kLoaded)
      packed = narrow_ ? narrow_records_[rank] : wide_records_[rank];
    else if (state == kAbsent)
      return {};
    else
      packed = load(frame, tier, rank);
    if (packed == kDamagedRecord) return {Status::damaged, {}};
    if ((packed & 7) == 0) return {};
    return {Status::ok, unpack(static_cast<PackedRecord>(packed))};
  }

  // Starts loading the cache line of a rank's record: issued while the next
  // child's rank is computed, it hides most of the memory latency of the
  // lookups that follow. Harmless for frames not decoded yet.
  // (No array yet, e.g. nothing decoded: nothing to prefetch; pointer + rank on
  // a null array is undefined, as UBSan found in the unit tests.)
  void prefetch(std::uint64_t rank) const {
    if (narrow_ ? narrow_records_ == nullptr : wide_records_ == nullptr) return;
    __builtin_prefetch(narrow_ ? static_cast<const void*>(narrow_records_ + rank)
                               : static_cast<const void*>(wide_records_ + rank));
  }

  // Where a rank lives, "chunk T:C frame F", as db::RecordReader::locate says it.
  std::string locate(std::uint64_t rank) const;
  int tier_of(std::uint64_t rank) const;
  std::uint64_t bytes_kept() const { return bytes_.load(std::memory_order_relaxed); }

 private:
  // Frame states: the frame's records are in the array (kLoaded), there is no
  // chunk (kAbsent), it fails its checks (kDamaged), or the array does not
  // hold it (kEmpty: not read yet; kLoading: another thread is decoding it;
  // kOverflow: over the budget, read through the per-thread cache).
  static constexpr std::uint8_t kEmpty = 0, kLoaded = 1, kAbsent = 2, kDamaged = 3, kLoading = 4, kOverflow = 5;
  struct ThreadState;
  static constexpr std::uint64_t kDamagedRecord = std::uint64_t{1} << 32;
  // The slow path of get(): decodes the frame holding `rank` if need be and
  // returns its record, or kDamagedRecord.
  std::uint64_t load(std::uint64_t frame, int tier, std::uint64_t rank);

  const db::Database& db_;
  std::vector<std::uint64_t> tiers_;       // tier_begin, size tiers + 1
  std::vector<std::uint64_t> frame_base_;  // first global frame index of each tier
  db::ChunkLayout layout_;
  int frame_shift_ = 0;
  bool narrow_ = false;
  std::uint64_t rank_space_ = 0, frame_count_ = 0;
  void* mapping_ = nullptr;
  std::size_t mapping_bytes_ = 0;
  std::uint16_t* narrow_records_ = nullptr;  // one of the two views of mapping_
  PackedRecord* wide_records_ = nullptr;
  std::unique_ptr<std::atomic<std::uint8_t>[]> state_;
  std::uint64_t budget_;
  std::atomic<std::uint64_t> bytes_{0};
  std::unique_ptr<tbb::enumerable_thread_specific<std::unique_ptr<ThreadState>>> threads_;
};

// Sparse databases (addressing "keyed", coverage "depth:N": the top of a game
// written by the search solver, db/keyed_runs.h): every run is decoded once,
// up front, into one sorted array (12 bytes per stored position), and a lookup
// is a binary search. Runs that fail their checks are remembered as damaged
// rank ranges [first rank of the run, first rank of the next run). Records
// still pending (an interrupted search solve) are read too.
class KeyedStore {
 public:
  using Status = RecordStore::Status;
  using Lookup = RecordStore::Lookup;
  KeyedStore(const db::Database& db, const db::Contents& contents);

  Lookup get(int, std::uint64_t rank) const {
    const auto it = std::lower_bound(ranks_.begin(), ranks_.end(), rank);
    if (it != ranks_.end() && *it == rank) {
      const PackedRecord packed = records_[static_cast<std::size_t>(it - ranks_.begin())];
      if ((packed & 7) != 0) return {Status::ok, unpack(packed)};
    }
    if (!damaged_.empty() && damaged_run(rank) >= 0) return {Status::damaged, {}};
    return {};
  }
  void prefetch(std::uint64_t) const {}
  // "keyed run 000000000012d687" (the run's key: its first rank, in hex).
  std::string locate(std::uint64_t rank) const;
  std::uint64_t size() const { return ranks_.size(); }
  std::size_t damaged_runs() const { return damaged_.size(); }
  // Every readable (rank, record), in rank order.
  std::vector<std::pair<std::uint64_t, PackedRecord>> all() const {
    std::vector<std::pair<std::uint64_t, PackedRecord>> out(ranks_.size());
    for (std::size_t i = 0; i < ranks_.size(); ++i) out[i] = {ranks_[i], records_[i]};
    return out;
  }

 private:
  // Index into damaged_ of the damaged run holding `rank`, or -1.
  long damaged_run(std::uint64_t rank) const;
  std::vector<std::uint64_t> ranks_;
  std::vector<PackedRecord> records_;
  std::vector<std::uint64_t> run_firsts_;                         // every run's first rank (its key), sorted
  std::vector<std::pair<std::uint64_t, std::uint64_t>> damaged_;  // [first, next first) of damaged runs
};

}  // namespace gsolve::verify
