#include "db/tier_io.h"

#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <memory>

#include "src/core/parallel.h"

namespace gsolve::db {
namespace {

struct CompressContext {
  ZSTD_CCtx* cctx = new_cctx();
  CompressContext() = default;
  CompressContext(const CompressContext&) : cctx(new_cctx()) {}
  ~CompressContext() { ZSTD_freeCCtx(cctx); }
};

}  // namespace

void write_tier(Database& db, std::uint32_t tier, std::span<const PackedRecord> records, const ChunkLayout& layout,
                int zstd_level, const MetaEntries& meta) {
  if (layout.derived(static_cast<int>(tier))) {
    // Nothing stored; and no checkpoint here: a resumed solve needs the records
    // of its checkpoint tier, so it restarts from the stored tier above.
    WriteTxn txn(db);
    txn.drop_tier(tier);
    for (const auto& [k, v] : meta)
      if (k != "checkpoint") txn.put_meta(k, v);
    txn.commit();
    return;
  }
  write_compressed_tier(db, tier, records.size(), layout,
                        compress_frames(records, layout, zstd_level, 0, frame_count(records.size(), layout)), meta);
}

std::size_t frame_count(std::uint64_t records, const ChunkLayout& layout) {
  return static_cast<std::size_t>((records + layout.frame_records - 1) / layout.frame_records);
}

std::vector<std::string> compress_frames(std::span<const PackedRecord> records, const ChunkLayout& layout,
                                         int zstd_level, std::size_t first, std::size_t end, std::size_t stride) {
  const std::uint64_t per_chunk = layout.chunk_records();
  const auto chunk_of = [&](std::size_t c) {
    return records.subspan(c * per_chunk, std::min<std::size_t>(per_chunk, records.size() - c * per_chunk));
  };
  // Chunks whose records are all Unknown are not stored: their frames stay empty.
  std::vector<char> stored;
  const std::size_t first_chunk = first / layout.frames_per_chunk;
  for (std::size_t c = first_chunk; end > first && c <= (end - 1) / layout.frames_per_chunk; ++c) {
    const auto part = chunk_of(c);
    stored.push_back(!std::all_of(part.begin(), part.end(), [](PackedRecord r) { return r == 0; }));
  }
  std::vector<std::string> compressed(end > first ? (end - first + stride - 1) / stride : 0);
  tbb::enumerable_thread_specific<CompressContext> contexts;
  gsolve::parallel_for(std::size_t{0}, compressed.size(), [&](std::size_t i) {
    const std::size_t f = first + i * stride;
    const std::size_t c = f / layout.frames_per_chunk;
    if (!stored[c - first_chunk]) return;
    const auto chunk = chunk_of(c);
    const auto begin = static_cast<std::uint32_t>(f % layout.frames_per_chunk * layout.frame_records);
    const auto count = std::min<std::size_t>(layout.frame_records, chunk.size() - begin);
    compressed[i] = encode_frame(chunk.subspan(begin, count), fill_before(chunk, begin, layout), layout,
                                 contexts.local().cctx, zstd_level);
  });
  return compressed;
}

std::vector<std::string> interleaved_frames(std::vector<std::string> concatenated, int parts) {
  std::vector<std::string> frames(concatenated.size());
  std::size_t at = 0;
  for (std::size_t r = 0; r < static_cast<std::size_t>(parts); ++r)
    for (std::size_t f = r; f < frames.size(); f += static_cast<std::size_t>(parts))
      frames[f] = std::move(concatenated[at++]);
  return frames;
}

void write_compressed_tier(Database& db, std::uint32_t tier, std::uint64_t records, const ChunkLayout& layout,
                           std::vector<std::string> compressed, const MetaEntries& meta) {
  const std::uint64_t per_chunk = layout.chunk_records();
  const std::size_t chunks = static_cast<std::size_t>((records + per_chunk - 1) / per_chunk);
  const std::size_t frames = compressed.size();
  std::vector<std::string> blobs(chunks);
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t first = c * layout.frames_per_chunk;
    if (compressed[first].empty()) continue;  // not stored: every record Unknown
    const std::size_t last = std::min(frames, first + layout.frames_per_chunk);
    const auto n = static_cast<std::uint32_t>(std::min<std::uint64_t>(per_chunk, records - c * per_chunk));
    blobs[c] = assemble_chunk(n, layout, std::span<const std::string>(compressed).subspan(first, last - first));
    for (std::size_t f = first; f < last; ++f) std::string().swap(compressed[f]);
  }
  WriteTxn txn(db);
  txn.drop_tier(tier);
  for (std::size_t c = 0; c < chunks; ++c)
    if (!blobs[c].empty()) txn.put_chunk(tier, static_cast<std::uint32_t>(c), blobs[c]);
  for (const auto& [k, v] : meta) txn.put_meta(k, v);
  txn.commit();
}

std::vector<PackedRecord> read_tier(const Database& db, std::uint32_t tier, std::uint64_t size,
                                    const ChunkLayout& layout) {
  std::vector<PackedRecord> records(size, 0);
  const std::uint64_t per_chunk = layout.chunk_records();
  const std::uint64_t frames = (size + layout.frame_records - 1) / layout.frame_records;
  struct ThreadReader {
    ChunkReader reader;
    std::vector<PackedRecord> buffer;
  };
  tbb::enumerable_thread_specific<std::unique_ptr<ThreadReader>> readers;
  // One task per frame: a tier may be a single chunk.
  gsolve::parallel_for(std::uint64_t{0}, frames, [&](std::uint64_t global) {
    auto& mine = readers.local();
    if (!mine) mine.reset(new ThreadReader{ChunkReader(db), std::vector<PackedRecord>(layout.frame_records)});
    const std::uint64_t c = global / layout.frames_per_chunk;
    const auto f = static_cast<std::uint32_t>(global % layout.frames_per_chunk);
    const auto blob = mine->reader.chunk(tier, static_cast<std::uint32_t>(c));
    if (!blob) return;
    std::uint32_t nframes = 0, count = 0;
    if (!chunk_header(*blob, nframes, count) || count > per_chunk || c * per_chunk + count > size)
      throw DbError(db.path() + ": damaged chunk " + std::to_string(tier) + ":" + std::to_string(c));
    if (f >= nframes) return;
    std::uint32_t got = 0;
    if (decode_frame(*blob, f, layout, mine->reader.dctx(), mine->buffer, got) != FrameStatus::ok)
      throw DbError(db.path() + ": damaged frame " + std::to_string(f) + " in chunk " + std::to_string(tier) + ":" +
                    std::to_string(c));
    std::copy_n(mine->buffer.begin(), got, records.begin() + c * per_chunk + std::uint64_t{f} * layout.frame_records);
  });
  return records;
}

}  // namespace gsolve::db
