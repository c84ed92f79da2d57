// The chunk format (db/chunk.h, GSC2): round trips, the fill of Unknown
// records, damage detection, and the refusal of older database files.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "db/chunk.h"
#include "db/database.h"
#include "db/tier_io.h"

using namespace gsolve;

namespace {

// Decodes every frame of a blob back into one vector (decode_frame must say ok).
std::vector<PackedRecord> decode_all(const std::string& blob, const db::ChunkLayout& layout, ZSTD_DCtx* dctx) {
  std::uint32_t frames = 0, count = 0;
  REQUIRE(db::chunk_header(blob, frames, count));
  std::vector<PackedRecord> all, frame(layout.frame_records);
  for (std::uint32_t f = 0; f < frames; ++f) {
    std::uint32_t got = 0;
    REQUIRE(db::decode_frame(blob, f, layout, dctx, frame, got) == db::FrameStatus::ok);
    all.insert(all.end(), frame.begin(), frame.begin() + got);
  }
  REQUIRE(all.size() == count);
  return all;
}

// Records like a connect4 tier: mostly Unknown, the rest Win/Lose/Tie with
// small remoteness; a partial last frame.
std::vector<PackedRecord> sample_records(bool scored, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<PackedRecord> records(n, 0);
  for (auto& r : records) {
    if (rng() % 4 != 0) continue;
    Record rec;
    rec.value = static_cast<Value>(1 + rng() % 4);
    rec.remoteness = static_cast<std::uint16_t>(rng() % (scored ? 300 : 40));
    if (scored) rec.score = static_cast<std::int16_t>(static_cast<int>(rng() % 129) - 64);
    r = pack(rec);
  }
  return records;
}

}  // namespace

TEST_CASE("chunk: GSC2 round trip keeps every record, Unknown included") {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_DCtx* dctx = ZSTD_createDCtx();
  for (const bool scored : {false, true}) {
    const auto layout = db::ChunkLayout::for_game(scored);
    CHECK(layout.planes == (scored ? 4u : 2u));
    CHECK_FALSE(layout.fill_unknown);
    const auto records = sample_records(scored, layout.frame_records * 3 + 1234, 7);
    const std::string blob = db::encode_chunk(records, layout, cctx, 3);
    CHECK(blob.substr(0, 4) == "GSC2");
    CHECK(decode_all(blob, layout, dctx) == records);
  }
  ZSTD_freeCCtx(cctx);
  ZSTD_freeDCtx(dctx);
}

// An MPI job's processes compress every size-th frame of a tier
// (src/retrograde/tiered_solver.h); put back in order, the frames are one
// process's, byte for byte: an all-Unknown chunk, filled frames whose fill
// comes from the frame before (another process's), a partial last frame, and
// more processes than frames.
TEST_CASE("tier_io: frames compressed in interleaved parts are the frames of one part") {
  db::ChunkLayout layout = db::ChunkLayout::for_game(false);
  layout.frame_records = 1024;
  layout.frames_per_chunk = 4;
  layout.fill_unknown = true;
  auto records = sample_records(false, layout.chunk_records() * 3 + 1500, 11);  // 14 frames
  std::fill(records.begin() + static_cast<std::ptrdiff_t>(layout.chunk_records()),
            records.begin() + static_cast<std::ptrdiff_t>(2 * layout.chunk_records()), PackedRecord{0});
  const std::size_t frames = db::frame_count(records.size(), layout);
  REQUIRE(frames == 14);
  const auto whole = db::compress_frames(records, layout, 3, 0, frames);
  CHECK(whole[4].empty());  // the all-Unknown chunk is not stored
  CHECK_FALSE(whole[3].empty());
  for (const int parts : {2, 3, 5, 14, 20}) {
    std::vector<std::string> concatenated;
    for (int r = 0; r < parts; ++r) {
      auto part =
          db::compress_frames(records, layout, 3, static_cast<std::size_t>(r), frames, static_cast<std::size_t>(parts));
      CHECK(part.size() ==
            (static_cast<std::size_t>(r) < frames ? (frames - static_cast<std::size_t>(r) + parts - 1) / parts : 0));
      concatenated.insert(concatenated.end(), part.begin(), part.end());
    }
    CHECK(db::interleaved_frames(std::move(concatenated), parts) == whole);
  }
}

TEST_CASE("chunk: fill_unknown stores the record before an Unknown one, and compresses better") {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_DCtx* dctx = ZSTD_createDCtx();
  const auto filled = db::ChunkLayout::for_game(false, true);
  auto exact = filled;  // the same frames, Unknown kept
  exact.fill_unknown = false;
  auto records = sample_records(false, exact.frame_records * 2 + 77, 11);
  records[0] = 0;  // nothing before it: stays Unknown
  const auto out = decode_all(db::encode_chunk(records, filled, cctx, 3), exact, dctx);
  PackedRecord last = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (records[i] != 0) last = records[i];
    REQUIRE(out[i] == last);  // stored records as they are, the others filled
  }
  CHECK(out[0] == 0);
  // Stored records in runs of one value with Unknown scattered among them (as
  // in a connect4 tier): the fill joins the runs that the zeros break up.
  std::mt19937_64 rng(3);
  for (std::size_t i = 0; i < records.size(); ++i)
    records[i] = rng() % 4 == 0 ? pack(Record{Value::Win, static_cast<std::uint16_t>(1 + 2 * (i / 512 % 5)), 0}) : 0;
  CHECK(db::encode_chunk(records, filled, cctx, 3).size() < db::encode_chunk(records, exact, cctx, 3).size());
  ZSTD_freeCCtx(cctx);
  ZSTD_freeDCtx(dctx);
}

TEST_CASE("chunk: a flipped byte damages its frame only; a bad header or value damages the read") {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_DCtx* dctx = ZSTD_createDCtx();
  const auto layout = db::ChunkLayout::for_game(false);
  const auto records = sample_records(false, layout.frame_records * 3, 5);
  const std::string blob = db::encode_chunk(records, layout, cctx, 3);
  std::uint32_t frames = 0, count = 0;
  REQUIRE(db::chunk_header(blob, frames, count));
  REQUIRE(frames == 3);
  std::uint32_t from = 0, to = 0;
  std::memcpy(&from, blob.data() + 20 + 4 * 1, 4);
  std::memcpy(&to, blob.data() + 20 + 4 * 2, 4);
  std::string bad = blob;
  const std::size_t data = 20 + 4 * (frames + 1);
  bad[data + (from + to) / 2] ^= 0x5A;
  std::vector<PackedRecord> out(layout.frame_records);
  std::uint32_t got = 0;
  CHECK(db::decode_frame(bad, 1, layout, dctx, out, got) == db::FrameStatus::damaged);
  CHECK(db::decode_frame(bad, 0, layout, dctx, out, got) == db::FrameStatus::ok);
  CHECK(db::decode_frame(bad, 2, layout, dctx, out, got) == db::FrameStatus::ok);
  std::string header = blob;
  header[8] ^= 1;  // frame_records
  CHECK(db::decode_frame(header, 0, layout, dctx, out, got) == db::FrameStatus::damaged);
  // A value byte past Win is damage, never a record.
  std::vector<PackedRecord> odd(10, pack(Record{Value::Win, 3, 0}));
  odd[4] = 7;
  CHECK(db::decode_frame(db::encode_chunk(odd, layout, cctx, 3), 0, layout, dctx, out, got) ==
        db::FrameStatus::damaged);
  ZSTD_freeCCtx(cctx);
  ZSTD_freeDCtx(dctx);
}

TEST_CASE("chunk: a database of an older format version is refused with one line") {
  const auto dir = std::filesystem::temp_directory_path() / ("gsolve-chunk-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "old.gsdb").string();
  {
    auto database = db::Database::create(path);
    db::WriteTxn txn(*database);
    txn.put_meta("format_version", "2");
    txn.commit();
  }
  std::string message;
  try {
    db::Database::open(path, db::Database::Mode::read);
  } catch (const db::DbError& e) {
    message = e.what();
  }
  CHECK(message == path + ": database format version 2, this gsolve reads " + std::to_string(db::kFormatVersion) +
                       " (solve the game again)");
  std::filesystem::remove_all(dir);
}
