#include "db/keyed_runs.h"

#include <cstring>
#include <memory>
#include <stdexcept>

namespace gsolve::db {
namespace {

MDB_val as_val(std::string_view s) { return MDB_val{s.size(), const_cast<char*>(s.data())}; }

void check(int rc, const std::string& what) {
  if (rc != MDB_SUCCESS) throw DbError(what + ": " + mdb_strerror(rc));
}

void clear_table(WriteTxn& txn, MDB_dbi dbi) { check(mdb_drop(txn.raw(), dbi, 0), txn.db().path()); }

}  // namespace

void write_runs(WriteTxn& txn, const std::vector<RankedRecord>& records, int zstd_level) {
  clear_table(txn, txn.db().keyed_dbi());
  const std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> owner(new_cctx(), ZSTD_freeCCtx);
  ZSTD_CCtx* cctx = owner.get();
  for (const auto& [param, value] : {std::pair{ZSTD_c_compressionLevel, zstd_level}, std::pair{ZSTD_c_checksumFlag, 1}})
    if (const std::size_t rc = ZSTD_CCtx_setParameter(cctx, param, value); ZSTD_isError(rc))
      throw DbError(std::string("zstd: ") + ZSTD_getErrorName(rc));
  std::string raw, blob;
  for (std::size_t at = 0; at < records.size(); at += kRunEntries) {
    const auto count = static_cast<std::uint32_t>(std::min(kRunEntries, records.size() - at));
    raw.assign(4 + 12 * std::size_t{count}, '\0');
    std::memcpy(raw.data(), &count, 4);
    for (std::uint32_t i = 0; i < count; ++i) {
      std::memcpy(raw.data() + 4 + 8 * i, &records[at + i].first, 8);
      std::memcpy(raw.data() + 4 + 8 * std::size_t{count} + 4 * i, &records[at + i].second, 4);
    }
    blob.resize(ZSTD_compressBound(raw.size()));
    const std::size_t n = ZSTD_compress2(cctx, blob.data(), blob.size(), raw.data(), raw.size());
    if (ZSTD_isError(n)) throw DbError(std::string("zstd: ") + ZSTD_getErrorName(n));
    const std::string key = key_bytes(records[at].first);
    MDB_val k = as_val(key), v{n, blob.data()};
    check(mdb_put(txn.raw(), txn.db().keyed_dbi(), &k, &v, 0), txn.db().path());
  }
}

bool decode_run(std::string_view blob, ZSTD_DCtx* dctx, std::vector<RankedRecord>& out) {
  const unsigned long long size = ZSTD_getFrameContentSize(blob.data(), blob.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size < 4 || size > 4 + 12 * kRunEntries)
    return false;
  std::string raw(size, '\0');
  const std::size_t got = ZSTD_decompressDCtx(dctx, raw.data(), raw.size(), blob.data(), blob.size());
  if (ZSTD_isError(got) || got != size) return false;
  std::uint32_t count;
  std::memcpy(&count, raw.data(), 4);
  if (4 + 12 * std::size_t{count} != size) return false;
  out.resize(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    std::memcpy(&out[i].first, raw.data() + 4 + 8 * i, 8);
    std::memcpy(&out[i].second, raw.data() + 4 + 8 * std::size_t{count} + 4 * i, 4);
    if (i && out[i].first <= out[i - 1].first) return false;
  }
  return true;
}

void put_pending(WriteTxn& txn, std::uint64_t rank, PackedRecord record) {
  const std::string key = key_bytes(rank);
  MDB_val k = as_val(key), v{4, &record};
  check(mdb_put(txn.raw(), txn.db().pending_dbi(), &k, &v, 0), txn.db().path());
}

std::vector<RankedRecord> read_pending(const Database& db) {
  std::vector<RankedRecord> out;
  MDB_txn* txn = nullptr;
  check(mdb_txn_begin(db.env(), nullptr, MDB_RDONLY, &txn), db.path());
  MDB_cursor* cur = nullptr;
  check(mdb_cursor_open(txn, db.pending_dbi(), &cur), db.path());
  MDB_val k, v;
  int rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST);
  for (; rc == MDB_SUCCESS; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
    if (k.mv_size != 8 || v.mv_size != 4) {
      mdb_cursor_close(cur);
      mdb_txn_abort(txn);
      throw DbError(db.path() + ": damaged database: pending record with a key of " + std::to_string(k.mv_size) +
                    " bytes and a value of " + std::to_string(v.mv_size));
    }
    std::uint64_t rank = 0;
    for (int i = 0; i < 8; ++i) rank = rank << 8 | static_cast<const unsigned char*>(k.mv_data)[i];
    PackedRecord r;
    std::memcpy(&r, v.mv_data, 4);
    out.emplace_back(rank, r);
  }
  mdb_cursor_close(cur);
  mdb_txn_abort(txn);
  check_end_of_data(rc, db.path() + ": pending table");
  return out;
}

void clear_pending(WriteTxn& txn) { clear_table(txn, txn.db().pending_dbi()); }

}  // namespace gsolve::db
