#include "db/database.h"

#include <sys/stat.h>
#include <sys/statvfs.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <nlohmann/json.hpp>

#include "db/keyed_runs.h"
#include "src/core/fnv1a.h"

namespace gsolve::db {
namespace {

constexpr std::size_t kMapSize = std::size_t{1} << 40;  // 1 TiB of address space, sparse

void check(int rc, const std::string& what) {
  if (rc != MDB_SUCCESS) throw DbError(what + ": " + mdb_strerror(rc));
}

MDB_val as_val(std::string_view s) { return MDB_val{s.size(), const_cast<char*>(s.data())}; }
std::string_view as_view(const MDB_val& v) { return {static_cast<const char*>(v.mv_data), v.mv_size}; }

// An LMDB data file starts with a meta page whose magic is 0xBEEFC0DE at byte
// 16. Checked before mdb_env_open so that a foreign file is refused without
// LMDB creating a lock file beside it.
bool looks_like_lmdb(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char head[20] = {};
  if (!in.read(reinterpret_cast<char*>(head), sizeof head)) return false;
  return head[16] == 0xDE && head[17] == 0xC0 && head[18] == 0xEF && head[19] == 0xBE;
}

std::uint64_t size_of(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
}

// The file must hold every page up to the last one LMDB's newest meta page
// names: a shorter file (cut by a copy, a full disk) is mapped past its end,
// and reading its records would die of SIGBUS. Checked after mdb_env_open
// (which reads the two meta pages with read(), not through the map) and
// before anything reads a record page.
// The bytes the file's last used page ends at, by LMDB's own account.
std::uint64_t bytes_needed(MDB_env* env, const std::string& path) {
  MDB_envinfo info;
  MDB_stat stat;
  check(mdb_env_info(env, &info), path);
  check(mdb_env_stat(env, &stat), path);
  return (std::uint64_t{info.me_last_pgno} + 1) * stat.ms_psize;
}

// Whether the file ends before its last used page (or LMDB cannot say): never throws.
bool truncated(MDB_env* env, const std::string& path) {
  try {
    return size_of(path) < bytes_needed(env, path);
  } catch (const DbError&) {
    return true;
  }
}

void check_not_truncated(MDB_env* env, const std::string& path) {
  const std::uint64_t need = bytes_needed(env, path);
  const std::uint64_t have = size_of(path);
  if (have < need)
    throw DbError(path + ": database file is truncated (" + std::to_string(have) + " bytes, its pages need " +
                  std::to_string(need) + " bytes)");
}

// FNV-1a, 64 bits, over every meta entry but the check itself, in key order,
// each as (key length, key, value length, value): any edit of a key or a value
// changes it (a damage check, not a defence against forgery).
constexpr std::string_view kMetaCheckKey = "meta_check";
struct MetaHash : Fnv1a64 {
  void field(std::string_view s) {
    const std::uint64_t n = s.size();
    bytes(&n, sizeof n);
    bytes(s.data(), s.size());
  }
};

std::string hex64(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[i] = digits[v & 15];
  return out;
}

// The meta check of the meta table as `txn` sees it; `stored` receives the
// check the table holds ("" if none).
std::string meta_check(MDB_txn* txn, MDB_dbi meta, const std::string& path, std::string& stored) {
  MDB_cursor* cur = nullptr;
  check(mdb_cursor_open(txn, meta, &cur), path);
  MetaHash hash;
  stored.clear();
  MDB_val k, v;
  int rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST);
  for (; rc == MDB_SUCCESS; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
    if (as_view(k) == kMetaCheckKey) {
      stored = std::string(as_view(v));
      continue;
    }
    hash.field(as_view(k));
    hash.field(as_view(v));
  }
  mdb_cursor_close(cur);
  check_end_of_data(rc, path + ": meta table");
  return hex64(hash.h);
}

}  // namespace

void check_end_of_data(int rc, const std::string& where) {
  if (rc != MDB_NOTFOUND) throw DbError(where + ": damaged database (" + mdb_strerror(rc) + ")");
}

ZSTD_DCtx* new_dctx() {
  ZSTD_DCtx* d = ZSTD_createDCtx();
  if (!d) throw std::bad_alloc();
  return d;
}

ZSTD_CCtx* new_cctx() {
  ZSTD_CCtx* c = ZSTD_createCCtx();
  if (!c) throw std::bad_alloc();
  return c;
}

std::uint64_t chunk_key(std::uint32_t tier, std::uint32_t chunk) { return std::uint64_t{tier} << 32 | chunk; }

std::string key_bytes(std::uint64_t key) {
  std::string k(8, '\0');
  for (int i = 0; i < 8; ++i) k[i] = static_cast<char>(key >> (56 - 8 * i));
  return k;
}

std::string write_error_text(int rc, const std::string& path) {
  struct statvfs fs;
  if (rc == EIO && ::statvfs(path.c_str(), &fs) == 0 && fs.f_bavail * fs.f_frsize < (std::uint64_t{1} << 20))
    rc = ENOSPC;
  return mdb_strerror(rc);
}

std::string real_path(const std::string& path) {
  struct stat st;  // only a link is resolved: messages keep naming the file as the user did
  if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
  char* real = ::realpath(path.c_str(), nullptr);
  if (!real) return path;
  std::string out(real);
  std::free(real);
  return out;
}

std::unique_ptr<Database> Database::open_env(const std::string& named, unsigned flags) {
  std::unique_ptr<Database> db(new Database());
  db->path_ = named;
  const std::string path = real_path(named);  // LMDB's lock file beside the real file
  auto open_with = [&](unsigned f) {
    check(mdb_env_create(&db->env_), path);
    int rc = mdb_env_set_maxdbs(db->env_, 4);
    if (rc == MDB_SUCCESS) rc = mdb_env_set_mapsize(db->env_, kMapSize);
    if (rc == MDB_SUCCESS) rc = mdb_env_set_maxreaders(db->env_, 1024);
    if (rc == MDB_SUCCESS) rc = mdb_env_open(db->env_, path.c_str(), f | MDB_NOSUBDIR | MDB_NOTLS, 0644);
    if (rc != MDB_SUCCESS) {
      mdb_env_close(db->env_);
      db->env_ = nullptr;
    }
    return rc;
  };
  int rc = open_with(flags);
  // A reader in a directory it cannot write (no lock file there, none can be
  // made) opens without one: LMDB's reader table only protects readers from a
  // writer, and no writer can work in that directory either.
  if (rc == EACCES && (flags & MDB_RDONLY)) rc = open_with(flags | MDB_NOLOCK);
  if (rc != MDB_SUCCESS) throw DbError(named + ": " + mdb_strerror(rc));
  check_not_truncated(db->env_, named);
  MDB_txn* txn = nullptr;
  check(mdb_txn_begin(db->env_, nullptr, flags & MDB_RDONLY, &txn), named);
  const unsigned create = (flags & MDB_RDONLY) ? 0 : MDB_CREATE;
  int rc1 = mdb_dbi_open(txn, "meta", create, &db->meta_);
  int rc2 = rc1 == MDB_SUCCESS ? mdb_dbi_open(txn, "records", create, &db->records_) : rc1;
  if (rc2 != MDB_SUCCESS) {
    mdb_txn_abort(txn);
    throw DbError(named + ": not a gsolve database (no meta/records tables)");
  }
  db->has_keyed_ = mdb_dbi_open(txn, "keyed", create, &db->keyed_) == MDB_SUCCESS &&
                   mdb_dbi_open(txn, "pending", create, &db->pending_) == MDB_SUCCESS;
  check(mdb_txn_commit(txn), named);
  return db;
}

std::unique_ptr<Database> Database::open(const std::string& path, Mode mode) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) throw DbError(path + ": no such database file");
  if (!S_ISREG(st.st_mode) || !looks_like_lmdb(path))
    throw DbError(path + ": not a gsolve database (not an LMDB file)");
  auto db = open_env(path, mode == Mode::read ? MDB_RDONLY : 0);
  if (db->meta("magic") != std::string(kMagic)) throw DbError(path + ": not a gsolve database (no gsolve magic)");
  const std::string version = db->meta_or("format_version", "?");
  if (version != std::to_string(kFormatVersion))
    throw DbError(path + ": database format version " + version.substr(0, 20) + ", this gsolve reads " +
                  std::to_string(kFormatVersion) + " (solve the game again)");
  MDB_txn* txn = nullptr;
  check(mdb_txn_begin(db->env_, nullptr, MDB_RDONLY, &txn), path);
  std::string stored;
  std::string computed;
  try {
    computed = meta_check(txn, db->meta_, path, stored);
  } catch (...) {
    mdb_txn_abort(txn);
    throw;
  }
  mdb_txn_abort(txn);
  if (stored != computed) throw DbError(path + ": database metadata is damaged (its checksum does not match)");
  return db;
}

std::unique_ptr<Database> Database::create(const std::string& path,
                                           const std::vector<std::pair<std::string, std::string>>& meta) {
  struct stat st;  // an empty file is no database: the writer lock may have made it (db/writer_lock.h)
  if (::stat(path.c_str(), &st) == 0 && st.st_size > 0 && !interrupted_creation(path))
    throw DbError(path + ": already exists");
  auto db = open_env(path, 0);
  WriteTxn txn(*db);
  txn.put_meta("magic", kMagic);
  txn.put_meta("format_version", std::to_string(kFormatVersion));
  txn.put_meta("complete", "0");
  for (const auto& [key, value] : meta) txn.put_meta(key, value);
  txn.commit();
  return db;
}

bool Database::interrupted_creation(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  if (st.st_size == 0) return true;
  if (!looks_like_lmdb(path)) return false;
  MDB_env* env = nullptr;
  if (mdb_env_create(&env) != MDB_SUCCESS) return false;
  bool empty = false;
  if (mdb_env_set_maxdbs(env, 4) == MDB_SUCCESS &&
      mdb_env_open(env, path.c_str(), MDB_RDONLY | MDB_NOSUBDIR | MDB_NOTLS | MDB_NOLOCK, 0644) == MDB_SUCCESS &&
      !truncated(env, path)) {  // a truncated file is damage, reported by open(), never read past its end
    MDB_txn* txn = nullptr;
    if (mdb_txn_begin(env, nullptr, MDB_RDONLY, &txn) == MDB_SUCCESS) {
      // A table that does not exist, or exists with no entry, holds nothing.
      const auto holds_nothing = [&](const char* name) {
        MDB_dbi dbi;
        const int rc = mdb_dbi_open(txn, name, 0, &dbi);
        if (rc == MDB_NOTFOUND) return true;
        MDB_stat stat;
        return rc == MDB_SUCCESS && mdb_stat(txn, dbi, &stat) == MDB_SUCCESS && stat.ms_entries == 0;
      };
      empty = holds_nothing("meta") && holds_nothing("records");
      mdb_txn_abort(txn);
    }
  }
  mdb_env_close(env);
  return empty;
}

Database::~Database() {
  if (env_) mdb_env_close(env_);
}

std::optional<std::string> Database::meta(std::string_view key) const {
  MDB_txn* txn = nullptr;
  check(mdb_txn_begin(env_, nullptr, MDB_RDONLY, &txn), path_);
  MDB_val k = as_val(key), v;
  std::optional<std::string> out;
  if (mdb_get(txn, meta_, &k, &v) == MDB_SUCCESS) out = std::string(as_view(v));
  mdb_txn_abort(txn);
  return out;
}

std::string Database::meta_or(std::string_view key, std::string fallback) const {
  auto v = meta(key);
  return v ? *v : std::move(fallback);
}

std::vector<std::pair<std::string, std::string>> Database::all_meta() const {
  MDB_txn* txn = nullptr;
  check(mdb_txn_begin(env_, nullptr, MDB_RDONLY, &txn), path_);
  MDB_cursor* cur = nullptr;
  check(mdb_cursor_open(txn, meta_, &cur), path_);
  std::vector<std::pair<std::string, std::string>> out;
  MDB_val k, v;
  int rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST);
  for (; rc == MDB_SUCCESS; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) out.emplace_back(as_view(k), as_view(v));
  mdb_cursor_close(cur);
  mdb_txn_abort(txn);
  check_end_of_data(rc, path_ + ": meta table");
  return out;
}

std::uint64_t Database::file_bytes() const { return size_of(path_); }

void Database::chunk_totals(std::uint64_t& chunks, std::uint64_t& bytes) const {
  chunks = bytes = 0;
  MDB_txn* txn = nullptr;
  check(mdb_txn_begin(env_, nullptr, MDB_RDONLY, &txn), path_);
  MDB_cursor* cur = nullptr;
  MDB_val k, v;
  int rc = MDB_NOTFOUND;
  // Dense chunks, and the sparse runs of a keyed (--store-depth) database.
  for (const MDB_dbi dbi : {records_, keyed_}) {
    if (dbi == keyed_ && !has_keyed_) break;
    check(mdb_cursor_open(txn, dbi, &cur), path_);
    for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == MDB_SUCCESS; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
      ++chunks;
      bytes += v.mv_size;
    }
    mdb_cursor_close(cur);
    if (rc != MDB_NOTFOUND) break;
  }
  mdb_txn_abort(txn);
  check_end_of_data(rc, path_ + ": records table");
}

// --- WriteTxn ---------------------------------------------------------------

WriteTxn::WriteTxn(Database& db) : db_(db) { check(mdb_txn_begin(db.env(), nullptr, 0, &txn_), db.path()); }

WriteTxn::~WriteTxn() {
  if (txn_) mdb_txn_abort(txn_);
}

void WriteTxn::put_meta(std::string_view key, std::string_view value) {
  meta_written_ = true;
  MDB_val k = as_val(key), v = as_val(value);
  check(mdb_put(txn_, db_.meta_dbi(), &k, &v, 0), db_.path());
}

void WriteTxn::put_chunk(std::uint32_t tier, std::uint32_t chunk, std::string_view blob) {
  const std::string key = key_bytes(chunk_key(tier, chunk));
  MDB_val k = as_val(key), v = as_val(blob);
  check(mdb_put(txn_, db_.records_dbi(), &k, &v, 0), db_.path());
}

void WriteTxn::drop_tier(std::uint32_t tier) {
  MDB_cursor* cur = nullptr;
  check(mdb_cursor_open(txn_, db_.records_dbi(), &cur), db_.path());
  const std::string first = key_bytes(chunk_key(tier, 0));
  MDB_val k = as_val(first), v;
  int rc = mdb_cursor_get(cur, &k, &v, MDB_SET_RANGE);
  for (; rc == MDB_SUCCESS; rc = mdb_cursor_get(cur, &k, &v, MDB_GET_CURRENT)) {
    if (k.mv_size != 8 || std::memcmp(k.mv_data, first.data(), 4) != 0) break;
    check(mdb_cursor_del(cur, 0), db_.path());
  }
  mdb_cursor_close(cur);
  if (rc != MDB_SUCCESS) check_end_of_data(rc, db_.path() + ": records of tier " + std::to_string(tier));
}

void WriteTxn::commit() {
  if (meta_written_) {  // the meta check follows every change of the meta table
    std::string stored;
    const std::string computed = meta_check(txn_, db_.meta_dbi(), db_.path(), stored);
    MDB_val k = as_val(kMetaCheckKey), v = as_val(computed);
    check(mdb_put(txn_, db_.meta_dbi(), &k, &v, 0), db_.path());
  }
  const int rc = mdb_txn_commit(txn_);
  txn_ = nullptr;
  if (rc != MDB_SUCCESS) throw DbError(db_.path() + ": commit: " + write_error_text(rc, db_.path()));
}

// --- RecordReader -----------------------------------------------------------

ChunkReader::ChunkReader(const Database& db) : db_(db) {
  check(mdb_txn_begin(db.env(), nullptr, MDB_RDONLY, &txn_), db.path());
  try {
    dctx_ = new_dctx();
  } catch (...) {
    mdb_txn_abort(txn_);
    throw;
  }
}

ChunkReader::~ChunkReader() {
  if (txn_) mdb_txn_abort(txn_);
  ZSTD_freeDCtx(dctx_);
}

void ChunkReader::refresh() {
  mdb_txn_reset(txn_);
  check(mdb_txn_renew(txn_), db_.path());
}

std::optional<std::string_view> ChunkReader::chunk(std::uint32_t tier, std::uint32_t chunk) {
  const std::string key = key_bytes(chunk_key(tier, chunk));
  MDB_val k = as_val(key), v;
  const int rc = mdb_get(txn_, db_.records_dbi(), &k, &v);
  if (rc == MDB_NOTFOUND) return std::nullopt;
  check(rc, db_.path());
  return as_view(v);
}

RecordReader::RecordReader(const Database& db, std::vector<std::uint64_t> tiers, ChunkLayout layout,
                           std::size_t cache_bytes)
    : chunks_(db), tiers_(std::move(tiers)), layout_(layout) {
  const std::size_t frame_bytes = std::size_t{layout_.frame_records} * layout_.planes;
  capacity_ = std::max<std::size_t>(kMinCacheFrames, cache_bytes / std::max<std::size_t>(frame_bytes, 1));
  cache_.reserve(std::min<std::size_t>(capacity_, 4096));
  where_.reserve(std::min<std::size_t>(capacity_, 4096));
  keyed_ = db.meta_or("addressing", "rank") == "keyed";
  if (keyed_) {
    if (!db.has_keyed()) throw DbError(db.path() + ": damaged database: no keyed table");
    check(mdb_txn_begin(db.env(), nullptr, MDB_RDONLY, &keyed_txn_), db.path());
  }
}

RecordReader::~RecordReader() {
  if (keyed_txn_) mdb_txn_abort(keyed_txn_);
}

void RecordReader::refresh() {
  chunks_.refresh();
  if (keyed_txn_) {
    mdb_txn_reset(keyed_txn_);
    check(mdb_txn_renew(keyed_txn_), "refresh");
    run_.clear();
  }
  for (auto& c : cache_) c.id = ~std::uint64_t{0};
  where_.clear();
  last_ = kNoSlot;
}

RecordReader::CachedFrame& RecordReader::frame(std::uint32_t tier, std::uint32_t chunk, std::uint32_t frame) {
  const std::uint64_t id = chunk_key(tier, chunk) << 8 ^ frame;
  if (last_ != kNoSlot && cache_[last_].id == id) {
    cache_[last_].referenced = true;
    return cache_[last_];
  }
  if (const auto it = where_.find(id); it != where_.end()) {
    last_ = it->second;
    cache_[last_].referenced = true;
    return cache_[last_];
  }
  // A miss: a new slot while under the budget, else CLOCK (second chance:
  // frames used since the hand last passed stay).
  std::uint32_t victim;
  if (cache_.size() < capacity_) {
    victim = static_cast<std::uint32_t>(cache_.size());
    cache_.emplace_back();
    cache_.back().planes.resize(std::size_t{layout_.frame_records} * std::min<std::uint32_t>(layout_.planes, 4));
  } else {
    while (cache_[hand_].referenced) {
      cache_[hand_].referenced = false;
      hand_ = (hand_ + 1) % cache_.size();
    }
    victim = static_cast<std::uint32_t>(hand_);
    hand_ = (hand_ + 1) % cache_.size();
    where_.erase(cache_[victim].id);
  }
  CachedFrame& slot = cache_[victim];
  slot.id = id;
  slot.referenced = true;
  slot.count = 0;
  const auto blob = chunks_.chunk(tier, chunk);
  slot.absent = !blob;
  slot.status =
      blob ? decode_frame_planes(*blob, frame, layout_, chunks_.dctx(), slot.planes, slot.count) : FrameStatus::ok;
  where_.emplace(id, victim);
  last_ = victim;
  return slot;
}

int RecordReader::tier_of(std::uint64_t rank) const {
  return static_cast<int>(std::upper_bound(tiers_.begin(), tiers_.end(), rank) - tiers_.begin()) - 1;
}

std::string RecordReader::locate(std::uint64_t rank) const {
  const int tier = tier_of(rank);
  if (tier < 0 || tier + 1 >= static_cast<int>(tiers_.size())) return "rank outside the database";
  const std::uint64_t local = rank - tiers_[tier];
  return "chunk " + std::to_string(tier) + ":" + std::to_string(local / layout_.chunk_records()) + " frame " +
         std::to_string(local % layout_.chunk_records() / layout_.frame_records);
}

RecordReader::Lookup RecordReader::get_keyed(std::uint64_t rank) {
  const bool in_run = !run_.empty() && rank >= run_.front().first && rank <= run_.back().first;
  if (!in_run) {
    run_.clear();
    const std::string key = key_bytes(rank);
    MDB_cursor* cur = nullptr;
    check(mdb_cursor_open(keyed_txn_, chunks_.db().keyed_dbi(), &cur), chunks_.db().path());
    MDB_val k = as_val(key), v;
    int rc = mdb_cursor_get(cur, &k, &v, MDB_SET_RANGE);
    if (rc == MDB_SUCCESS && std::memcmp(k.mv_data, key.data(), 8) != 0)
      rc = mdb_cursor_get(cur, &k, &v, MDB_PREV);
    else if (rc == MDB_NOTFOUND)
      rc = mdb_cursor_get(cur, &k, &v, MDB_LAST);
    if (rc == MDB_SUCCESS) run_damaged_ = !decode_run(as_view(v), chunks_.dctx(), run_);
    mdb_cursor_close(cur);
    // Not found: before the first run, or no run at all. Any other code is a
    // damaged B-tree: damage, never "no record".
    if (rc != MDB_SUCCESS && rc != MDB_NOTFOUND) return {Status::damaged, {}};
    if (rc == MDB_SUCCESS && run_damaged_) {
      run_.clear();
      return {Status::damaged, {}};
    }
  }
  const auto it =
      std::lower_bound(run_.begin(), run_.end(), rank, [](const auto& e, std::uint64_t r) { return e.first < r; });
  if (it == run_.end() || it->first != rank) return {};
  const Record r = unpack(it->second);
  return r.known() ? Lookup{Status::ok, r} : Lookup{};
}

RecordReader::Lookup RecordReader::get(std::uint64_t rank) {
  if (keyed_) return get_keyed(rank);
  const int tier = tier_of(rank);
  if (tier < 0 || tier + 1 >= static_cast<int>(tiers_.size())) return {};
  const std::uint64_t local = rank - tiers_[tier];
  const auto chunk = static_cast<std::uint32_t>(local / layout_.chunk_records());
  const auto in_chunk = static_cast<std::uint32_t>(local % layout_.chunk_records());
  const std::uint32_t frame = in_chunk / layout_.frame_records;
  const CachedFrame& slot = this->frame(static_cast<std::uint32_t>(tier), chunk, frame);
  if (slot.absent) return {};
  if (slot.status == FrameStatus::damaged) return {Status::damaged, {}};
  const std::uint32_t at = in_chunk % layout_.frame_records;
  if (at >= slot.count) return {};
  PackedRecord packed = 0;
  for (std::uint32_t k = 0; k < layout_.planes; ++k)
    packed |= PackedRecord{slot.planes[std::size_t{k} * slot.count + at]} << (8 * k);
  // decode_frame's value check, per record read (db/chunk.h).
  if ((packed & 7) > static_cast<PackedRecord>(Value::Win)) return {Status::damaged, {}};
  const Record r = unpack(packed);
  if (!r.known()) return {};
  return {Status::ok, r};
}

std::string tiers_to_json(const std::vector<std::uint64_t>& tiers) { return nlohmann::json(tiers).dump(); }

std::vector<std::uint64_t> tiers_from_json(const std::string& text) {
  std::vector<std::uint64_t> tiers;
  try {
    // Only unsigned integers: get<> of a float outside the range is undefined (fuzz_meta, UBSan).
    for (const auto& v : nlohmann::json::parse(text)) {
      if (!v.is_number_unsigned()) throw DbError("");
      tiers.push_back(v.get<std::uint64_t>());
    }
  } catch (const std::exception&) {
    throw DbError("damaged meta entry 'tiers'");
  }
  // tier_begin list: at least one tier, never decreasing (readers search it; found by fuzz_meta).
  if (tiers.size() < 2 || !std::is_sorted(tiers.begin(), tiers.end())) throw DbError("damaged meta entry 'tiers'");
  return tiers;
}

}  // namespace gsolve::db
