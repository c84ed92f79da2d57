// Sparse records: a sorted set of (rank, record) pairs, for databases that hold
// only part of a game (coverage "depth:N": the top of the tree written by the
// search solver), where a dense array over the rank space would be mostly empty.
//
// Table `keyed`: 8-byte big-endian key = the first rank of a run -> run blob.
// A run holds up to kRunEntries pairs in increasing rank order, compressed by
// zstd with its content checksum:
//
//   raw:  u32 count | u64 rank[count] | u32 record[count]   (little-endian)
//
// A lookup seeks the last run whose first rank is <= the rank (MDB_SET_RANGE,
// then one step back) and binary-searches inside it.
//
// Table `pending`: 8-byte big-endian rank -> 4-byte record, one entry per
// record, for results committed one by one while a search solve runs (so a
// killed solve resumes); a finished solve moves them into runs and empties it.
#pragma once

#include <lmdb.h>
#include <zstd.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "db/database.h"

namespace gsolve::db {

inline constexpr std::size_t kRunEntries = 2048;

using RankedRecord = std::pair<std::uint64_t, PackedRecord>;

// Replaces the keyed table's content by `records` (sorted by rank, unique).
void write_runs(WriteTxn& txn, const std::vector<RankedRecord>& records, int zstd_level);

// Pending records: written one at a time by a resumable solve.
void put_pending(WriteTxn& txn, std::uint64_t rank, PackedRecord record);
std::vector<RankedRecord> read_pending(const Database& db);
void clear_pending(WriteTxn& txn);

// Decodes a run blob; false if damaged.
bool decode_run(std::string_view blob, ZSTD_DCtx* dctx, std::vector<RankedRecord>& out);

}  // namespace gsolve::db
