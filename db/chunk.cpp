#include "db/chunk.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>
#include <vector>

namespace gsolve::db {
namespace {

constexpr char kMagic[4] = {'G', 'S', 'C', '2'};
constexpr std::size_t kHeaderSize = 20;

void put32(std::string& s, std::size_t at, std::uint32_t v) { std::memcpy(s.data() + at, &v, 4); }
void put16(std::string& s, std::size_t at, std::uint16_t v) { std::memcpy(s.data() + at, &v, 2); }
std::uint32_t get32(std::string_view s, std::size_t at) {
  std::uint32_t v;
  std::memcpy(&v, s.data() + at, 4);
  return v;
}
std::uint16_t get16(std::string_view s, std::size_t at) {
  std::uint16_t v;
  std::memcpy(&v, s.data() + at, 2);
  return v;
}

std::uint32_t fnv1a(std::string_view a, std::string_view b) {
  std::uint32_t h = 2166136261u;
  for (std::string_view part : {a, b})
    for (unsigned char c : part) h = (h ^ c) * 16777619u;
  return h;
}

// The header check covers bytes 0..15 and the offset table.
std::uint32_t header_check(std::string_view blob, std::uint32_t frames) {
  return fnv1a(blob.substr(0, 16), blob.substr(kHeaderSize, 4 * (std::size_t{frames} + 1)));
}

// Byte k of every packed record goes to plane k. `last` carries the fill
// record (fill_unknown) from one frame to the next.
void to_planes(std::span<const PackedRecord> records, std::uint32_t planes, bool fill, bool win_in_1,
               PackedRecord& last, std::vector<std::uint8_t>& raw) {
  constexpr PackedRecord kWinIn1 = pack(Record{Value::Win, 1, 0});
  const std::size_t n = records.size();
  raw.resize(n * planes);
  for (std::size_t i = 0; i < n; ++i) {
    PackedRecord r = records[i];
    if (fill) {
      if (r == 0 || (win_in_1 && r == kWinIn1)) r = last;
      last = r;
    }
    for (std::uint32_t k = 0; k < planes; ++k) raw[k * n + i] = static_cast<std::uint8_t>(r >> (8 * k));
  }
}

}  // namespace

PackedRecord fill_before(std::span<const PackedRecord> chunk, std::uint32_t begin, const ChunkLayout& layout) {
  if (!layout.fill_unknown) return 0;
  constexpr PackedRecord kWinIn1 = pack(Record{Value::Win, 1, 0});
  for (std::uint32_t i = begin; i-- > 0;)
    if (chunk[i] != 0 && !(layout.win_in_1 && chunk[i] == kWinIn1)) return chunk[i];
  return 0;
}

std::string encode_frame(std::span<const PackedRecord> records, PackedRecord fill, const ChunkLayout& layout,
                         ZSTD_CCtx* cctx, int level) {
  ZSTD_CCtx_reset(cctx, ZSTD_reset_session_and_parameters);
  for (const auto& [param, value] : {std::pair{ZSTD_c_compressionLevel, level}, std::pair{ZSTD_c_checksumFlag, 1}})
    if (const std::size_t rc = ZSTD_CCtx_setParameter(cctx, param, value); ZSTD_isError(rc))
      throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(rc));
  thread_local std::vector<std::uint8_t> raw;
  to_planes(records, layout.planes, layout.fill_unknown, layout.win_in_1, fill, raw);
  std::string out(ZSTD_compressBound(raw.size()), '\0');
  const std::size_t written = ZSTD_compress2(cctx, out.data(), out.size(), raw.data(), raw.size());
  if (ZSTD_isError(written)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(written));
  out.resize(written);
  return out;
}

std::string assemble_chunk(std::uint32_t records, const ChunkLayout& layout, std::span<const std::string> frames) {
  const auto count = static_cast<std::uint32_t>(frames.size());
  std::string blob(kHeaderSize + 4 * (std::size_t{count} + 1), '\0');
  std::memcpy(blob.data(), kMagic, 4);
  put32(blob, 4, records);
  put32(blob, 8, layout.frame_records);
  put16(blob, 12, static_cast<std::uint16_t>(layout.planes));
  put16(blob, 14, static_cast<std::uint16_t>(count));
  std::uint32_t data_size = 0;
  for (std::uint32_t f = 0; f < count; ++f) {
    put32(blob, kHeaderSize + 4 * f, data_size);
    data_size += static_cast<std::uint32_t>(frames[f].size());
  }
  put32(blob, kHeaderSize + 4 * count, data_size);
  put32(blob, 16, header_check(blob, count));
  for (const auto& f : frames) blob += f;
  return blob;
}

std::string encode_chunk(std::span<const PackedRecord> records, const ChunkLayout& layout, ZSTD_CCtx* cctx, int level) {
  const std::uint32_t n = static_cast<std::uint32_t>(records.size());
  const std::uint32_t frames = (n + layout.frame_records - 1) / layout.frame_records;
  std::vector<std::string> compressed(frames);
  for (std::uint32_t f = 0; f < frames; ++f) {
    const std::uint32_t begin = f * layout.frame_records;
    const std::uint32_t count = std::min(layout.frame_records, n - begin);
    compressed[f] =
        encode_frame(records.subspan(begin, count), fill_before(records, begin, layout), layout, cctx, level);
  }
  return assemble_chunk(n, layout, compressed);
}

bool chunk_header(std::string_view blob, std::uint32_t& frames, std::uint32_t& records) {
  if (blob.size() < kHeaderSize || std::memcmp(blob.data(), kMagic, 4) != 0) return false;
  frames = get16(blob, 14);
  records = get32(blob, 4);
  // The frame count must be the one the record count needs: decode_frame
  // counts a frame's records from it.
  const std::uint32_t frame_records = get32(blob, 8);
  if (frame_records == 0 || frames != (std::uint64_t{records} + frame_records - 1) / frame_records) return false;
  const std::size_t table_end = kHeaderSize + 4 * (std::size_t{frames} + 1);
  if (blob.size() < table_end) return false;
  if (get32(blob, 16) != header_check(blob, frames)) return false;
  return table_end + get32(blob, kHeaderSize + 4 * frames) == blob.size();
}

FrameStatus decode_frame_planes(std::string_view blob, std::uint32_t frame, const ChunkLayout& layout, ZSTD_DCtx* dctx,
                                std::span<std::uint8_t> raw, std::uint32_t& count) {
  std::uint32_t frames = 0, records = 0;
  if (!chunk_header(blob, frames, records) || frame >= frames) return FrameStatus::damaged;
  if (get32(blob, 8) != layout.frame_records || get16(blob, 12) != layout.planes) return FrameStatus::damaged;
  const std::size_t data = kHeaderSize + 4 * (std::size_t{frames} + 1);
  const std::uint32_t from = get32(blob, kHeaderSize + 4 * frame);
  const std::uint32_t to = get32(blob, kHeaderSize + 4 * (frame + 1));
  if (from > to || data + to > blob.size()) return FrameStatus::damaged;
  if (layout.planes == 0 || layout.planes > 4) return FrameStatus::damaged;
  count = std::min(layout.frame_records, records - frame * layout.frame_records);
  const std::size_t size = std::size_t{count} * layout.planes;
  if (raw.size() < size) return FrameStatus::damaged;
  const std::size_t got = ZSTD_decompressDCtx(dctx, raw.data(), size, blob.data() + data + from, to - from);
  if (ZSTD_isError(got) || got != size) return FrameStatus::damaged;
  return FrameStatus::ok;
}

FrameStatus decode_frame(std::string_view blob, std::uint32_t frame, const ChunkLayout& layout, ZSTD_DCtx* dctx,
                         std::span<PackedRecord> out, std::uint32_t& count) {
  // One plane buffer per thread, grown once: no allocation per lookup.
  thread_local std::vector<std::uint8_t> raw;
  raw.resize(std::size_t{layout.frame_records} * std::min<std::uint32_t>(layout.planes, 4));
  if (decode_frame_planes(blob, frame, layout, dctx, raw, count) != FrameStatus::ok) return FrameStatus::damaged;
  const std::size_t n = count;
  if (out.size() < n) return FrameStatus::damaged;
  const std::uint32_t planes = layout.planes;
  for (std::size_t i = 0; i < n; ++i) {
    PackedRecord r = 0;
    for (std::uint32_t k = 0; k < planes; ++k) r |= PackedRecord{raw[k * n + i]} << (8 * k);
    if ((r & 7) > static_cast<PackedRecord>(Value::Win)) return FrameStatus::damaged;
    out[i] = r;
  }
  return FrameStatus::ok;
}

}  // namespace gsolve::db
