// Whole tiers in and out of the database.
//
// write_tier is the single writer of a solve: compresses a tier's records in parallel (one
// ZSTD_CCtx per thread) and writes the chunks plus the meta entries that go
// with them in ONE LMDB transaction, so a tier and its checkpoint land together
// or not at all.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "db/database.h"

namespace gsolve::db {

using MetaEntries = std::vector<std::pair<std::string, std::string>>;

// records[i] is the record of rank tier_begin + i (Unknown where nothing is stored).
// Chunks whose records are all Unknown are not written; a derived tier
// (layout.derived) writes none, only its meta entries, the checkpoint excepted.
void write_tier(Database& db, std::uint32_t tier, std::span<const PackedRecord> records, const ChunkLayout& layout,
                int zstd_level, const MetaEntries& meta);

// write_tier in two steps, for a tier compressed by many processes: frames
// first, first + stride, ... below end of the tier (frame f holds records
// f * layout.frame_records...; empty where the frame's chunk is all Unknown),
// then every frame, in order, written by one.
std::size_t frame_count(std::uint64_t records, const ChunkLayout& layout);
std::vector<std::string> compress_frames(std::span<const PackedRecord> records, const ChunkLayout& layout,
                                         int zstd_level, std::size_t first, std::size_t end, std::size_t stride = 1);
// The frames of `parts` calls of compress_frames(..., r, end, parts), one per
// r, concatenated in order of r, back in frame order.
std::vector<std::string> interleaved_frames(std::vector<std::string> concatenated, int parts);
void write_compressed_tier(Database& db, std::uint32_t tier, std::uint64_t records, const ChunkLayout& layout,
                           std::vector<std::string> compressed, const MetaEntries& meta);

// All records of a tier (size records; Unknown where no chunk is stored).
// Throws DbError naming the chunk if any frame is damaged.
std::vector<PackedRecord> read_tier(const Database& db, std::uint32_t tier, std::uint64_t size,
                                    const ChunkLayout& layout);

}  // namespace gsolve::db
