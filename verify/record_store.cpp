#include "verify/record_store.h"

#include <fmt/format.h>
#include <sys/mman.h>

#include <algorithm>
#include <bit>

#include "db/chunk.h"
#include "db/keyed_runs.h"

namespace gsolve::verify {

// Per thread: an LMDB read transaction with its zstd context, a decode
// buffer, and a small direct-mapped cache of frames the shared array does not
// hold (over the budget, or being decoded by another thread).
struct RecordStore::ThreadState {
  static constexpr std::size_t kCacheFrames = 64;
  ThreadState(const db::Database& db, std::uint32_t frame_records)
      : chunks(db),
        ids(kCacheFrames, ~std::uint64_t{0}),
        damaged(kCacheFrames, false),
        frames(kCacheFrames, std::vector<PackedRecord>(frame_records)) {}
  db::ChunkReader chunks;
  std::vector<std::uint64_t> ids;
  std::vector<bool> damaged;
  std::vector<std::vector<PackedRecord>> frames;
};

RecordStore::RecordStore(const db::Database& db, const db::Contents& contents, std::uint64_t budget_bytes)
    : db_(db), tiers_(contents.tiers), layout_(contents.layout), budget_(budget_bytes) {
  if (tiers_.size() < 2) throw db::DbError(db.path() + ": damaged database: no tiers");
  if (!std::has_single_bit(layout_.frame_records) || !std::has_single_bit(layout_.frames_per_chunk))
    throw db::DbError(db.path() + fmt::format(": frame layout {}x{} is not a power of two", layout_.frame_records,
                                              layout_.frames_per_chunk));
  narrow_ = !contents.scored && layout_.planes == 2;
  frame_shift_ = std::countr_zero(layout_.frame_records);
  for (std::size_t t = 0; t + 1 < tiers_.size(); ++t) {
    frame_base_.push_back(frame_count_);
    frame_count_ += (tiers_[t + 1] - tiers_[t] + layout_.frame_records - 1) >> frame_shift_;
  }
  rank_space_ = tiers_.back();
  state_ = std::make_unique<std::atomic<std::uint8_t>[]>(frame_count_ + 1);
  // Address space only: pages are backed when a frame is written into them.
  mapping_bytes_ = static_cast<std::size_t>(rank_space_) * (narrow_ ? 2 : 4);
  void* m = mapping_bytes_ && budget_ ? ::mmap(nullptr, mapping_bytes_, PROT_READ | PROT_WRITE,
                                               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
                                      : MAP_FAILED;
  const std::uint8_t initial = m == MAP_FAILED ? kOverflow : kEmpty;  // no array: per-thread caches only
  if (m != MAP_FAILED) {
    mapping_ = m;
    narrow_records_ = static_cast<std::uint16_t*>(m);
    wide_records_ = static_cast<PackedRecord*>(m);
  }
  for (std::uint64_t i = 0; i <= frame_count_; ++i) state_[i].store(initial, std::memory_order_relaxed);
  threads_ = std::make_unique<tbb::enumerable_thread_specific<std::unique_ptr<ThreadState>>>();
}

RecordStore::~RecordStore() {
  threads_.reset();  // read transactions end before the caller closes the database
  if (mapping_) ::munmap(mapping_, mapping_bytes_);
}

int RecordStore::tier_of(std::uint64_t rank) const {
  return static_cast<int>(std::upper_bound(tiers_.begin(), tiers_.end(), rank) - tiers_.begin()) - 1;
}

std::string RecordStore::locate(std::uint64_t rank) const {
  const int tier = tier_of(rank);
  if (tier < 0 || tier + 1 >= static_cast<int>(tiers_.size())) return "rank outside the database";
  const std::uint64_t local = rank - tiers_[tier];
  return fmt::format("chunk {}:{} frame {}", tier, local / layout_.chunk_records(),
                     local % layout_.chunk_records() / layout_.frame_records);
}

std::uint64_t RecordStore::load(std::uint64_t frame, int tier, std::uint64_t rank) {
  auto& state = threads_->local();
  if (!state) state = std::make_unique<ThreadState>(db_, layout_.frame_records);
  const std::uint64_t in_tier = frame - frame_base_[tier];               // frame index inside the tier
  const std::uint64_t first = tiers_[tier] + (in_tier << frame_shift_);  // its first rank
  const std::uint64_t slot = frame % ThreadState::kCacheFrames;
  const std::uint64_t at = rank - first;

  // Claim the frame for the shared array if it is still empty and the budget allows.
  const std::uint64_t frame_bytes = std::uint64_t{layout_.frame_records} * (narrow_ ? 2 : 4);
  bool claimed = false;
  for (std::uint8_t st = state_[frame].load(std::memory_order_acquire); !claimed;) {
    if (st == kLoaded) return narrow_ ? narrow_records_[rank] : wide_records_[rank];
    if (st == kAbsent) return 0;
    if (st == kDamaged) return kDamagedRecord;
    if (st != kEmpty) break;  // kLoading elsewhere, or kOverflow: this thread's cache
    const bool fits = bytes_.fetch_add(frame_bytes, std::memory_order_relaxed) + frame_bytes <= budget_;
    const std::uint8_t want = fits ? kLoading : kOverflow;
    const bool won = state_[frame].compare_exchange_strong(st, want, std::memory_order_acq_rel);
    claimed = won && fits;
    if (!claimed) bytes_.fetch_sub(frame_bytes, std::memory_order_relaxed);
    if (won && !fits) break;
    // lost the race: `st` holds the new state, look again
  }
  if (!claimed && state->ids[slot] == frame) return state->damaged[slot] ? kDamagedRecord : state->frames[slot][at];

  // Decode into the thread's cache slot.
  const auto chunk = static_cast<std::uint32_t>(in_tier / layout_.frames_per_chunk);
  const auto in_chunk = static_cast<std::uint32_t>(in_tier % layout_.frames_per_chunk);
  const auto blob = state->chunks.chunk(static_cast<std::uint32_t>(tier), chunk);
  auto& out = state->frames[slot];
  std::fill(out.begin(), out.end(), 0);  // Unknown past the frame's last record
  bool damaged = false;
  if (blob) {
    std::uint32_t count = 0;
    damaged = db::decode_frame(*blob, in_chunk, layout_, state->chunks.dctx(), out, count) == db::FrameStatus::damaged;
  }
  state->ids[slot] = frame;
  state->damaged[slot] = damaged;
  if (claimed) {
    std::uint8_t final_state = kLoaded;
    if (!blob)
      final_state = kAbsent;
    else if (damaged)
      final_state = kDamaged;
    else {
      // Only this frame's own ranks: the last frame of a tier is short.
      const std::uint64_t n = std::min<std::uint64_t>(layout_.frame_records, tiers_[tier + 1] - first);
      if (narrow_)
        std::copy_n(out.begin(), n, narrow_records_ + first);
      else
        std::copy_n(out.begin(), n, wide_records_ + first);
    }
    if (final_state != kLoaded) bytes_.fetch_sub(frame_bytes, std::memory_order_relaxed);
    state_[frame].store(final_state, std::memory_order_release);
  }
  return damaged ? kDamagedRecord : out[at];
}

// --- KeyedStore -------------------------------------------------------------

KeyedStore::KeyedStore(const db::Database& db, const db::Contents&) {
  if (!db.has_keyed()) throw db::DbError(db.path() + ": damaged database: no keyed table");
  std::vector<db::RankedRecord> all, run;
  MDB_txn* txn = nullptr;
  if (const int rc = mdb_txn_begin(db.env(), nullptr, MDB_RDONLY, &txn); rc != MDB_SUCCESS)
    throw db::DbError(db.path() + ": " + mdb_strerror(rc));
  MDB_cursor* cur = nullptr;
  if (const int rc = mdb_cursor_open(txn, db.keyed_dbi(), &cur); rc != MDB_SUCCESS) {
    mdb_txn_abort(txn);
    throw db::DbError(db.path() + ": " + mdb_strerror(rc));
  }
  ZSTD_DCtx* dctx = db::new_dctx();
  std::vector<bool> run_damaged;
  MDB_val k, v;
  int rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST);
  for (; rc == MDB_SUCCESS; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
    std::uint64_t first = 0;
    for (std::size_t i = 0; i < 8 && i < k.mv_size; ++i)
      first = first << 8 | static_cast<const unsigned char*>(k.mv_data)[i];
    run_firsts_.push_back(first);
    const bool ok = db::decode_run({static_cast<const char*>(v.mv_data), v.mv_size}, dctx, run);
    run_damaged.push_back(!ok);
    if (ok) all.insert(all.end(), run.begin(), run.end());
  }
  ZSTD_freeDCtx(dctx);
  mdb_cursor_close(cur);
  mdb_txn_abort(txn);
  // A damaged B-tree must not end the table early and silently drop the runs after it.
  db::check_end_of_data(
      rc, db.path() + ": keyed table, after " +
              (run_firsts_.empty() ? std::string("its start") : fmt::format("keyed run {:016x}", run_firsts_.back())));
  for (std::size_t i = 0; i < run_firsts_.size(); ++i)
    if (run_damaged[i])
      damaged_.emplace_back(run_firsts_[i], i + 1 < run_firsts_.size() ? run_firsts_[i + 1] : ~std::uint64_t{0});
  const auto pending = db::read_pending(db);
  all.insert(all.end(), pending.begin(), pending.end());
  std::sort(all.begin(), all.end());
  ranks_.reserve(all.size());
  records_.reserve(all.size());
  for (const auto& [rank, record] : all) {
    if (!ranks_.empty() && ranks_.back() == rank) {  // a pending record wins over a run's
      records_.back() = record;
      continue;
    }
    ranks_.push_back(rank);
    records_.push_back(record);
  }
}

long KeyedStore::damaged_run(std::uint64_t rank) const {
  for (std::size_t i = 0; i < damaged_.size(); ++i)
    if (rank >= damaged_[i].first && rank < damaged_[i].second) return static_cast<long>(i);
  return -1;
}

std::string KeyedStore::locate(std::uint64_t rank) const {
  const auto it = std::upper_bound(run_firsts_.begin(), run_firsts_.end(), rank);
  if (it == run_firsts_.begin()) return "before the first keyed run";
  return fmt::format("keyed run {:016x}", *(it - 1));
}

}  // namespace gsolve::verify
