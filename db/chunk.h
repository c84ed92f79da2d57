// On-disk layout of a chunk of records: one LMDB value holding many
// independently compressed zstd frames.
//
// A chunk covers up to chunk_records() consecutive ranks of one tier. Inside,
// records are cut into frames of frame_records records; each frame is stored as
// byte planes, one after another, then compressed by zstd on its own with
// zstd's content checksum on:
//
//   plane 0  value (gsolve::Value)            1 byte per record
//   plane 1  remoteness, low byte
//   plane 2  remoteness, high byte
//   plane 3  score, low byte                   scored games only
//   plane 4  score, high byte                  scored games only
//
// Planes rather than interleaved records because each plane is nearly constant
// (the high bytes are almost always 0) and zstd compresses such runs to nothing.
//
// Blob layout (little-endian):
//   offset  size  field
//   0       4     magic "GSC1"
//   4       4     record_count   records in this chunk
//   8       4     frame_records  records per frame (last frame may be shorter)
//   12      2     planes         3 or 5
//   14      2     frames         number of frames
//   16      4     header_check   FNV-1a of bytes 0..15 and the offset table
//   20      4*(frames+1)  offsets of each frame's compressed bytes, relative to
//                 the end of the table; offsets[frames] = total data size
//   ...     frame data
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <zstd.h>

#include "src/record.h"

namespace gsolve::db {

struct ChunkLayout {
  std::uint32_t planes = 3;
  std::uint32_t frame_records = 4096;
  std::uint32_t frames_per_chunk = 64;

  std::uint64_t chunk_records() const { return std::uint64_t{frame_records} * frames_per_chunk; }
  // Unscored: 3 planes x 4096 = 12 KiB frames; scored: 5 x 2048 = 10 KiB.
  static ChunkLayout for_game(bool scored) {
    return scored ? ChunkLayout{5, 2048, 128} : ChunkLayout{3, 4096, 64};
  }
};

// Compresses records (at most layout.chunk_records()) into a chunk blob.
std::string encode_chunk(std::span<const PackedRecord> records, const ChunkLayout& layout,
                         ZSTD_CCtx* cctx, int level);

enum class FrameStatus { ok, damaged };

// Decompresses frame `frame` of a chunk blob into out (layout.frame_records
// entries; `count` receives how many are valid). A blob whose header, offsets
// or frame fail their checks gives `damaged`, never values.
FrameStatus decode_frame(std::string_view blob, std::uint32_t frame, const ChunkLayout& layout,
                         ZSTD_DCtx* dctx, std::span<PackedRecord> out, std::uint32_t& count);

// Number of frames and records a blob claims; false if its header is damaged.
bool chunk_header(std::string_view blob, std::uint32_t& frames, std::uint32_t& records);

}  // namespace gsolve::db
