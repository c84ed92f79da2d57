// Chunk blobs (db/chunk.h), seeded with real chunks (tests/fuzz/corpus/chunk,
// tools/fuzz_seeds.sh): chunk_header and decode_frame under every layout a
// game can have never read outside the blob and give `damaged` or records;
// a blob whose every frame decodes re-encodes to blobs that decode to the
// same records.
#include <vector>

#include "db/chunk.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

const gsolve::db::ChunkLayout kLayouts[] = {gsolve::db::ChunkLayout::for_game(false),
                                            gsolve::db::ChunkLayout::for_game(true),
                                            gsolve::db::ChunkLayout::for_game(false, true)};
constexpr std::uint32_t kMaxFrames = 128;  // a fuzzed header may claim 65535

// Decodes every frame of blob (false if any is damaged) into records.
bool decode_all(std::string_view blob, const gsolve::db::ChunkLayout& layout, ZSTD_DCtx* dctx,
                std::vector<gsolve::PackedRecord>& records) {
  using namespace gsolve::db;
  std::uint32_t frames = 0, count = 0;
  if (!chunk_header(blob, frames, count)) return false;
  std::vector<gsolve::PackedRecord> frame(layout.frame_records);
  bool ok = true;
  for (std::uint32_t f = 0; f < frames && f < kMaxFrames; ++f) {
    std::uint32_t valid = ~0u;
    if (decode_frame(blob, f, layout, dctx, frame, valid) != FrameStatus::ok) {
      ok = false;
      continue;
    }
    FUZZ_CHECK(valid <= layout.frame_records);
    records.insert(records.end(), frame.begin(), frame.begin() + valid);
  }
  return ok && frames <= kMaxFrames;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gsolve::db;
  static ZSTD_DCtx* dctx = ZSTD_createDCtx();
  static ZSTD_CCtx* cctx = ZSTD_createCCtx();
  FUZZ_CHECK(dctx != nullptr && cctx != nullptr);
  const std::string_view blob(reinterpret_cast<const char*>(data), size);
  for (const auto& layout : kLayouts) {
    std::vector<gsolve::PackedRecord> records;
    if (!decode_all(blob, layout, dctx, records)) continue;
    if (records.empty() || records.size() > layout.chunk_records()) continue;
    const std::string again = encode_chunk(records, layout, cctx, 1);
    std::vector<gsolve::PackedRecord> decoded;
    FUZZ_CHECK(decode_all(again, layout, dctx, decoded));
    FUZZ_CHECK(decoded == records);
  }
  return 0;
}
