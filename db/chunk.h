// On-disk layout of a chunk of records: one LMDB value holding many
// independently compressed zstd frames.
//
// A chunk covers up to chunk_records() consecutive ranks of one tier. Inside,
// records are cut into frames of frame_records records; each frame is stored as
// byte planes of the packed record (src/core/record.h), one after another, then
// compressed by zstd on its own with zstd's content checksum on:
//
//   plane 0  bits 0..7 of the packed record: value and remoteness mod 32
//   plane 1  bits 8..15: remoteness / 32 (almost always 0)
//   plane 2  bits 16..23: score, low byte      scored games only
//   plane 3  bits 24..31: score, high byte     scored games only
//
// Value and low remoteness share one byte because they are strongly dependent
// (connect4: a Win has odd remoteness, a Lose even, a Tie fills the board), so
// one byte of a few dozen symbols compresses far better than two planes whose
// correlation zstd cannot see. The high planes are nearly constant runs.
//
// Unknown records (0) are stored as they are. A writer whose readers never ask
// for unreachable or non-canonical ranks (ChunkLayout::fill_unknown) replaces
// them by a copy of the record before, so that they lengthen zstd's runs
// instead of breaking them; such a database cannot tell those ranks from
// stored ones, and must only be asked about reachable canonical positions.
//
// Blob layout (little-endian):
//   offset  size  field
//   0       4     magic "GSC2"
//   4       4     record_count   records in this chunk
//   8       4     frame_records  records per frame (last frame may be shorter)
//   12      2     planes         2 or 4
//   14      2     frames         number of frames
//   16      4     header_check   FNV-1a of bytes 0..15 and the offset table
//   20      4*(frames+1)  offsets of each frame's compressed bytes, relative to
//                 the end of the table; offsets[frames] = total data size
//   ...     frame data
#pragma once

#include <zstd.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "src/core/record.h"

namespace gsolve::db {

struct ChunkLayout {
  std::uint32_t planes = 2;
  std::uint32_t frame_records = kFrameRecords;
  std::uint32_t frames_per_chunk = 64;
  // Writer option, not part of the file's layout (Contents::read leaves it
  // false): Unknown records may be replaced by the record before them.
  bool fill_unknown = false;
  // Bit t: tier t is derived, not stored (meta "derived_tiers", chosen in db/solve_session.cpp);
  // its records are recomputed from the tier below by db/resolver.h.
  std::uint64_t derived_tiers = 0;
  bool derived(int tier) const { return tier >= 0 && tier < 64 && (derived_tiers >> tier & 1); }
  // Win in 1 is not stored either (meta "derived_win_in_1"): the rules say it,
  // exactly (a win in 1 is a move that wins at once), so the writer stores
  // those records as Unknown (filled, above) and readers ask the rules first.
  bool win_in_1 = false;

  static constexpr std::uint32_t kFrameRecords = 16384;
  std::uint64_t chunk_records() const { return std::uint64_t{frame_records} * frames_per_chunk; }
  // Unscored: 2 planes x 16384 = 32 KiB frames; scored: 4 x 8192 = 32 KiB.
  // fill_unknown: only for games whose readers reach positions by legal moves
  // alone (connect4's position text is a move list).
  // Filled (connect4) frames hold 65536 records: about half the records of
  // 16384-record frames at the same zstd level (long runs and repeats span
  // more ranks), for 4x the work per decoded frame. 1024 of them to a chunk
  // (2^26 records: a connect4:6x4 tier is one chunk): each chunk is an LMDB
  // value in whole 4 KiB pages, and 16-frame chunks lost 2 KiB each on
  // average, 4% of the 6x4 file (76 chunks; now 13). The writer compresses
  // frames in parallel, so a one-chunk tier costs no parallelism.
  static ChunkLayout for_game(bool scored, bool fill_unknown = false) {
    if (fill_unknown && !scored) return ChunkLayout{2, 4 * kFrameRecords, 1024, true};
    return scored ? ChunkLayout{4, kFrameRecords / 2, 128, fill_unknown}
                  : ChunkLayout{2, kFrameRecords, 64, fill_unknown};
  }
};

// The parts of encode_chunk, for a writer that compresses the frames of a
// chunk in parallel: fill_before is the fill record carried into the frame
// that starts at chunk[begin] (the last stored record before it, or 0);
// encode_frame compresses one frame's records; assemble_chunk puts the
// header, offset table and compressed frames together.
PackedRecord fill_before(std::span<const PackedRecord> chunk, std::uint32_t begin, const ChunkLayout& layout);
std::string encode_frame(std::span<const PackedRecord> records, PackedRecord fill, const ChunkLayout& layout,
                         ZSTD_CCtx* cctx, int level);
std::string assemble_chunk(std::uint32_t records, const ChunkLayout& layout, std::span<const std::string> frames);

// Compresses records (at most layout.chunk_records()) into a chunk blob.
// With layout.fill_unknown, Unknown records (and with layout.win_in_1, Win
// in 1) are stored as the record before them in the chunk (see above).
std::string encode_chunk(std::span<const PackedRecord> records, const ChunkLayout& layout, ZSTD_CCtx* cctx, int level);

enum class FrameStatus { ok, damaged };

// Decompresses frame `frame` of a chunk blob into out (layout.frame_records
// entries; `count` receives how many are valid). A blob whose header, offsets
// or frame fail their checks gives `damaged`, never values.
FrameStatus decode_frame(std::string_view blob, std::uint32_t frame, const ChunkLayout& layout, ZSTD_DCtx* dctx,
                         std::span<PackedRecord> out, std::uint32_t& count);

// The same, without the last step: the frame's byte planes as zstd gives them
// (plane k of record i at raw[k * count + i]; raw needs frame_records *
// planes bytes). The caller assembles records and checks their values: a
// reader that keeps frames this way skips a pass over every decoded frame.
FrameStatus decode_frame_planes(std::string_view blob, std::uint32_t frame, const ChunkLayout& layout, ZSTD_DCtx* dctx,
                                std::span<std::uint8_t> raw, std::uint32_t& count);

// Number of frames and records a blob claims; false if its header is damaged.
bool chunk_header(std::string_view blob, std::uint32_t& frames, std::uint32_t& records);

}  // namespace gsolve::db
