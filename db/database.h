// One LMDB file per solved game (MDB_NOSUBDIR). Tables:
//
//   meta     string key -> string value (small, JSON where structured):
//            magic "gsolve-db", format_version, game, objective, coverage,
//            addressing, rank_version, solver_version, complete ("1" only once
//            every record is written), tiers (JSON list of tier_begin),
//            checkpoint, stats/<tier>, created, completed, ...,
//            meta_check: FNV-1a 64 of every other entry (db/database.cpp),
//            rewritten by each WriteTxn that changes meta, verified by open()
//   records  8-byte big-endian key (tier << 32 | chunk index inside the tier)
//            -> chunk blob (db/chunk.h). Chunks never straddle tiers, so a
//            solve commits tier by tier.
//
// Writers: one WriteTxn at a time, used by the thread that opened it (LMDB's
// rule). Readers: RecordReader objects, one per thread; they open their read
// transactions with MDB_NOTLS so a TBB task may move between threads.
#pragma once

#include <lmdb.h>
#include <zstd.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "db/chunk.h"
#include "src/core/record.h"

namespace gsolve::db {

// An I/O or format problem with a database file; the message is one line.
struct DbError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr std::string_view kMagic = "gsolve-db";
// 2: chunks GSC2 (packed-record byte planes, 16384-record frames; connect4
// fills unreachable ranks, db/chunk.h). 3: connect4 stores every other tier
// and no Win in 1 (meta "derived_tiers", "derived_win_in_1"; db/resolver.h
// answers them; a version-2 reader would take them for missing or misread fillers).
// 4: meta entry "meta_check" covers the whole meta table (spec, statistics,
// every value), verified at open; a version-3 file has none.
// Older files are refused.
inline constexpr int kFormatVersion = 4;

// Ends a cursor loop: `rc` must be MDB_NOTFOUND (the end of the data); any
// other code is damage, reported with `where` (DbError).
void check_end_of_data(int rc, const std::string& where);
// zstd contexts; std::bad_alloc instead of NULL.
ZSTD_DCtx* new_dctx();
ZSTD_CCtx* new_cctx();

std::uint64_t chunk_key(std::uint32_t tier, std::uint32_t chunk);
// 8 bytes, big-endian: LMDB's byte order is then the numeric order.
std::string key_bytes(std::uint64_t key);

// mdb_strerror(rc) for a failed write of the file at `path`, except that a
// short write on a file system with no room left (LMDB reports it as EIO) is
// said as what it is: "No space left on device".
std::string write_error_text(int rc, const std::string& path);

// The file a path names, symbolic links followed (the path itself when it
// is no link): a database opened through a link uses the real file's
// LMDB lock file and its writer lock, and --force replaces the file, not the link.
std::string real_path(const std::string& path);

class Database {
 public:
  enum class Mode { read, write };
  // Opens an existing gsolve database. Throws DbError naming the file when it
  // is missing, not an LMDB file, an LMDB file that gsolve did not write,
  // shorter than its pages ("database file is truncated"), or when its meta
  // table fails its check ("database metadata is damaged"). A reader that
  // cannot create LMDB's lock file (read-only directory) opens without one.
  static std::unique_ptr<Database> open(const std::string& path, Mode mode);
  // Creates a new, empty database file (the file must not exist, or be empty).
  // A new database holding `meta` beside the magic and format version, written
  // in the same transaction as them, so that a kill leaves either a file that
  // interrupted_creation() recognises or a whole gsolve database.
  static std::unique_ptr<Database> create(const std::string& path,
                                          const std::vector<std::pair<std::string, std::string>>& meta = {});
  // True for what a solve killed while creating `path` leaves: an empty file
  // (the writer lock made it) or an LMDB file with no gsolve meta and no
  // records. Such a file holds nothing; a --resume starts it afresh.
  static bool interrupted_creation(const std::string& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  const std::string& path() const { return path_; }
  MDB_env* env() const { return env_; }
  MDB_dbi meta_dbi() const { return meta_; }
  MDB_dbi records_dbi() const { return records_; }
  // Sparse records (db/keyed_runs.h); has_keyed() is false for a file that
  // predates them, opened read-only.
  bool has_keyed() const { return has_keyed_; }
  MDB_dbi keyed_dbi() const { return keyed_; }
  MDB_dbi pending_dbi() const { return pending_; }

  // Reads one meta value in its own short read transaction.
  std::optional<std::string> meta(std::string_view key) const;
  std::string meta_or(std::string_view key, std::string fallback) const;
  // Every meta entry, for `info`.
  std::vector<std::pair<std::string, std::string>> all_meta() const;

  // Size of the data file in bytes.
  std::uint64_t file_bytes() const;
  // Number of chunks stored and their total compressed size.
  void chunk_totals(std::uint64_t& chunks, std::uint64_t& bytes) const;

 private:
  Database() = default;
  static std::unique_ptr<Database> open_env(const std::string& path, unsigned flags);
  std::string path_;
  MDB_env* env_ = nullptr;
  MDB_dbi meta_ = 0, records_ = 0, keyed_ = 0, pending_ = 0;
  bool has_keyed_ = false;
};

// A write transaction: meta entries and chunks, all or nothing.
class WriteTxn {
 public:
  explicit WriteTxn(Database& db);
  ~WriteTxn();  // aborts unless committed
  WriteTxn(const WriteTxn&) = delete;
  WriteTxn& operator=(const WriteTxn&) = delete;

  void put_meta(std::string_view key, std::string_view value);
  void put_chunk(std::uint32_t tier, std::uint32_t chunk, std::string_view blob);
  // Removes every chunk of a tier (a resumed solve rewrites the tier it redoes).
  void drop_tier(std::uint32_t tier);
  void commit();
  MDB_txn* raw() { return txn_; }
  Database& db() { return db_; }

 private:
  Database& db_;
  MDB_txn* txn_ = nullptr;
  bool meta_written_ = false;
};

// Raw chunk access: a read transaction (MDB_NOTLS) and a ZSTD_DCtx.
// Not thread-safe; make one per thread.
class ChunkReader {
 public:
  explicit ChunkReader(const Database& db);
  ~ChunkReader();
  ChunkReader(const ChunkReader&) = delete;
  ChunkReader& operator=(const ChunkReader&) = delete;

  // The chunk's blob, valid until refresh() or destruction; nullopt if absent.
  std::optional<std::string_view> chunk(std::uint32_t tier, std::uint32_t chunk);
  ZSTD_DCtx* dctx() { return dctx_; }
  const Database& db() const { return db_; }
  // Start a new read snapshot (see commits made since).
  void refresh();

 private:
  const Database& db_;
  MDB_txn* txn_ = nullptr;
  ZSTD_DCtx* dctx_ = nullptr;
};

// Per-thread reader: a read transaction kept open, a ZSTD_DCtx, and a cache
// of decoded frames (cache_bytes of records, at least kMinCacheFrames frames;
// CLOCK replacement). A lookup in a cached frame is a hash probe and a load;
// a miss costs a B-tree descent and a frame decode (a 64K-record frame of
// connect4 is 128 KiB of zstd output). Not thread-safe; make one per thread.
class RecordReader {
 public:
  enum class Status { ok, missing, damaged };
  struct Lookup {
    Status status = Status::missing;
    Record record;
  };
  // tiers: tier_begin list (size tier_count + 1), from the meta "tiers".
  static constexpr std::size_t kDefaultCacheBytes = std::size_t{256} << 20;
  static constexpr std::size_t kMinCacheFrames = 8;
  RecordReader(const Database& db, std::vector<std::uint64_t> tiers, ChunkLayout layout,
               std::size_t cache_bytes = kDefaultCacheBytes);
  ~RecordReader();
  RecordReader(const RecordReader&) = delete;
  RecordReader& operator=(const RecordReader&) = delete;

  // The record stored at a rank. `missing`: no chunk or Unknown record.
  Lookup get(std::uint64_t rank);
  // The same, in the form db/resolver.h's stores share (the tier is found again).
  Lookup get(int, std::uint64_t rank) { return get(rank); }
  // Where a rank lives, for error messages ("chunk 3:17 frame 5").
  std::string locate(std::uint64_t rank) const;
  // True when the database keeps sparse records (coverage depth:N).
  bool keyed() const { return keyed_; }
  // Start a new read snapshot (see commits made since this reader opened).
  void refresh();

 private:
  struct CachedFrame {
    std::uint64_t id = ~std::uint64_t{0};  // (chunk key, frame) packed
    FrameStatus status = FrameStatus::ok;
    bool absent = false;      // no chunk stored there
    bool referenced = false;  // CLOCK: used since the hand passed
    std::uint32_t count = 0;
    std::vector<std::uint8_t> planes;  // as decoded: plane k of record i at [k * count + i]
  };
  static constexpr std::uint32_t kNoSlot = ~std::uint32_t{0};
  int tier_of(std::uint64_t rank) const;
  // The cached frame, decoded on a miss (evicting one when the cache is full).
  CachedFrame& frame(std::uint32_t tier, std::uint32_t chunk, std::uint32_t frame);

  Lookup get_keyed(std::uint64_t rank);

  ChunkReader chunks_;
  MDB_txn* keyed_txn_ = nullptr;  // sparse mode: its own read transaction
  bool keyed_ = false;
  std::vector<std::pair<std::uint64_t, PackedRecord>> run_;  // the last run decoded
  bool run_damaged_ = false;
  std::vector<std::uint64_t> tiers_;
  ChunkLayout layout_;
  std::vector<CachedFrame> cache_;  // grows up to capacity_ slots
  std::size_t capacity_ = kMinCacheFrames;
  std::unordered_map<std::uint64_t, std::uint32_t> where_;  // frame id -> slot
  std::size_t hand_ = 0;
  std::uint32_t last_ = kNoSlot;  // the slot of the last lookup
};

// "tiers" meta value <-> tier_begin list.
std::string tiers_to_json(const std::vector<std::uint64_t>& tiers);
std::vector<std::uint64_t> tiers_from_json(const std::string& text);

}  // namespace gsolve::db
