#include "db/tier_io.h"

#include <algorithm>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

namespace gsolve::db {
namespace {

struct CompressContext {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  CompressContext() = default;
  CompressContext(const CompressContext&) : cctx(ZSTD_createCCtx()) {}
  ~CompressContext() { ZSTD_freeCCtx(cctx); }
};

}  // namespace

void write_tier(Database& db, std::uint32_t tier, std::span<const PackedRecord> records,
                const ChunkLayout& layout, int zstd_level, const MetaEntries& meta) {
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
  const std::uint64_t per_chunk = layout.chunk_records();
  const std::size_t chunks = static_cast<std::size_t>((records.size() + per_chunk - 1) / per_chunk);
  std::vector<std::string> blobs(chunks);
  tbb::enumerable_thread_specific<CompressContext> contexts;
  tbb::parallel_for(std::size_t{0}, chunks, [&](std::size_t c) {
    const auto part = records.subspan(c * per_chunk, std::min<std::size_t>(per_chunk, records.size() - c * per_chunk));
    if (std::all_of(part.begin(), part.end(), [](PackedRecord r) { return r == 0; })) return;
    blobs[c] = encode_chunk(part, layout, contexts.local().cctx, zstd_level);
  });
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
  const std::uint64_t chunks = (size + per_chunk - 1) / per_chunk;
  tbb::enumerable_thread_specific<std::vector<PackedRecord>> frames;
  tbb::parallel_for(std::uint64_t{0}, chunks, [&](std::uint64_t c) {
    ChunkReader reader(db);
    const auto blob = reader.chunk(tier, static_cast<std::uint32_t>(c));
    if (!blob) return;
    std::uint32_t nframes = 0, count = 0;
    if (!chunk_header(*blob, nframes, count) || count > per_chunk || c * per_chunk + count > size)
      throw DbError(db.path() + ": damaged chunk " + std::to_string(tier) + ":" + std::to_string(c));
    auto& buffer = frames.local();
    buffer.resize(layout.frame_records);
    for (std::uint32_t f = 0; f < nframes; ++f) {
      std::uint32_t got = 0;
      if (decode_frame(*blob, f, layout, reader.dctx(), buffer, got) != FrameStatus::ok)
        throw DbError(db.path() + ": damaged frame " + std::to_string(f) + " in chunk " +
                      std::to_string(tier) + ":" + std::to_string(c));
      std::copy_n(buffer.begin(), got, records.begin() + c * per_chunk + std::uint64_t{f} * layout.frame_records);
    }
  });
  return records;
}

}  // namespace gsolve::db
