// How a tier is split among the processes of a job (src/retrograde/share_exchange.h):
// chunks of words dealt out round robin, covering the tier once, and the
// records of every owner packed into one contiguous run each and put back at
// their ranks by every other process.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <vector>

#include "src/retrograde/share_exchange.h"

namespace gsolve {
namespace {

constexpr std::uint64_t kChunkRanks = TierShares::kChunkWords * 64;

// A tier of 300,000 ranks (19 chunks, the last one short): every rank of
// [0, 1000) reached, then every 97th rank of [200,000, 300,000): a crowded
// head and a sparse tail.
Bitmap crowded_tier() {
  Bitmap reached(300000);
  for (std::uint64_t i = 0; i < 1000; ++i) reached.set(i);
  for (std::uint64_t i = 200000; i < 300000; i += 97) reached.set(i);
  return reached;
}

TEST_CASE("tier shares: chunks dealt round robin cover every word once") {
  const Bitmap reached = crowded_tier();
  REQUIRE(reached.word_count() == 4688);
  for (int size : {1, 2, 3, 7, 40}) {
    CAPTURE(size);
    const TierShares shares(reached.word_count(), size);
    CHECK(shares.chunks() == 19);
    std::vector<int> owner(reached.word_count(), -1);
    std::uint64_t chunks = 0;
    for (int r = 0; r < size; ++r) {
      CHECK(shares.chunks_of(r) == (19 + static_cast<std::uint64_t>(size - 1 - r)) / static_cast<std::uint64_t>(size));
      std::mutex m;
      std::vector<std::uint64_t> seen;
      shares.for_each_chunk(
          r, [] { return 0; },
          [&](std::uint64_t c, int&) {
            std::lock_guard lock(m);
            seen.push_back(c);
          },
          [](int&) {});
      CHECK(seen.size() == shares.chunks_of(r));
      chunks += seen.size();
      for (const std::uint64_t c : seen) {
        CHECK(shares.owner(c) == r);
        CHECK(c % static_cast<std::uint64_t>(size) == static_cast<std::uint64_t>(r));
        const auto [from, to] = shares.words(c);
        CHECK(from == c * TierShares::kChunkWords);
        CHECK(to == std::min<std::uint64_t>(4688, from + TierShares::kChunkWords));
        for (std::uint64_t w = from; w < to; ++w) {
          CHECK(owner[w] == -1);
          owner[w] = r;
        }
      }
    }
    CHECK(chunks == 19);
    CHECK(std::count(owner.begin(), owner.end(), -1) == 0);
  }
}

TEST_CASE("packed shares: each owner's records in one run, put back at their ranks by the others") {
  const Bitmap reached = crowded_tier();
  const std::uint64_t total = 1000 + (100000 + 96) / 97;
  for (const int width : {1, 2, 4}) {
    // Records as one process would have solved the whole tier: distinct
    // where the width allows, non-zero, and needing all of `width` bytes.
    const PackedRecord top = width == 1 ? 0x80 : width == 2 ? 0x8000 : 0x80000000u;
    std::vector<PackedRecord> full(reached.size(), 0);
    PackedRecord widest = 0;
    for (std::uint64_t i = 0; i < reached.size(); ++i)
      if (reached.test(i)) widest |= full[i] = top | static_cast<PackedRecord>(i % (top / 2) + 1);
    REQUIRE(travel_width(widest) == width);
    for (int size : {1, 2, 3, 7}) {
      CAPTURE(width);
      CAPTURE(size);
      const TierShares shares(reached.word_count(), size);
      const PackedShares packing(reached, shares, size);
      CHECK(packing.total() == total);
      REQUIRE(packing.bounds().size() == static_cast<std::size_t>(size) + 1);
      CHECK(packing.bounds().front() == 0);
      CHECK(packing.bounds().back() == total);
      // Each process solved only its own chunks; each packs them into its run.
      std::vector<std::vector<PackedRecord>> own(static_cast<std::size_t>(size),
                                                 std::vector<PackedRecord>(reached.size(), 0));
      const auto w = static_cast<std::uint64_t>(width);
      std::vector<std::byte> buffer(total * w, std::byte{0});
      for (int r = 0; r < size; ++r) {
        auto& mine = own[static_cast<std::size_t>(r)];
        for (std::uint64_t i = 0; i < reached.size(); ++i)
          if (shares.owner(i / kChunkRanks) == r) mine[i] = full[i];
        std::vector<std::byte> packed(total * w, std::byte{0});
        packing.pack(r, mine, packed, width);
        // Its run holds its reached ranks in increasing order, `width` bytes
        // each, and nothing else is written.
        std::vector<PackedRecord> want;
        for (std::uint64_t i = 0; i < reached.size(); ++i)
          if (reached.test(i) && shares.owner(i / kChunkRanks) == r) want.push_back(full[i]);
        const std::uint64_t from = packing.bounds()[r] * w, to = packing.bounds()[r + 1] * w;
        CHECK(to - from == want.size() * w);
        std::vector<std::byte> run(want.size() * w);
        for (std::size_t k = 0; k < want.size(); ++k) std::memcpy(run.data() + k * w, &want[k], w);  // little-endian
        CHECK(std::equal(run.begin(), run.end(), packed.begin() + static_cast<std::ptrdiff_t>(from)));
        CHECK(std::all_of(packed.begin(), packed.begin() + static_cast<std::ptrdiff_t>(from),
                          [](std::byte b) { return b == std::byte{0}; }));
        CHECK(std::all_of(packed.begin() + static_cast<std::ptrdiff_t>(to), packed.end(),
                          [](std::byte b) { return b == std::byte{0}; }));
        std::copy(packed.begin() + static_cast<std::ptrdiff_t>(from), packed.begin() + static_cast<std::ptrdiff_t>(to),
                  buffer.begin() + static_cast<std::ptrdiff_t>(from));
      }
      // What the broadcasts deliver: every process unpacks the others' runs.
      for (int r = 0; r < size; ++r) {
        auto& mine = own[static_cast<std::size_t>(r)];
        packing.unpack(r, buffer, mine, width);
        CHECK(mine == full);
      }
    }
  }
  // The crowded head (chunk 0, all of its 1000 positions) is process 0's.
  const TierShares three(reached.word_count(), 3);
  CHECK(PackedShares(reached, three, 3).bounds()[1] >= 1000);
}

TEST_CASE("travel width: the bytes the widest record needs") {
  CHECK(travel_width(0) == 1);
  CHECK(travel_width(pack(Record{Value::Win, 31, 0})) == 1);  // connect4's records
  CHECK(travel_width(pack(Record{Value::Win, 32, 0})) == 2);
  CHECK(travel_width(pack(Record{Value::Lose, kMaxRemoteness, 0})) == 2);
  CHECK(travel_width(pack(Record{Value::Win, 1, 1})) == 4);  // any score
  CHECK(travel_width(pack(Record{Value::Lose, 1, -1})) == 4);
}

TEST_CASE("exchange_shares: a single process keeps its records as they are") {
  Bitmap reached(200);
  reached.set(3);
  reached.set(130);
  const TierShares shares(reached.word_count(), 1);
  const PackedShares packing(reached, shares, 1);
  std::vector<PackedRecord> records(200, 0);
  std::vector<std::byte> buffer(8, std::byte{0});
  records[3] = 7;
  records[130] = 9;
  Cluster alone;
  exchange_shares(alone, packing, records, buffer, 15);
  CHECK(records[3] == 7);
  CHECK(records[130] == 9);
  CHECK(std::all_of(buffer.begin(), buffer.end(), [](std::byte b) { return b == std::byte{0}; }));
  CHECK(alone.exchanged_bytes() == 0);
}

}  // namespace
}  // namespace gsolve
