// How a tier is split among the processes of a job (src/retrograde/share_exchange.h):
// chunks of words dealt out round robin, covering the tier once, and the
// records of every owner packed into one contiguous run each and put back at
// their ranks by every other process.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
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
      shares.for_each_chunk(r, [] { return 0; }, [&](std::uint64_t c, int&) {
        std::lock_guard lock(m);
        seen.push_back(c);
      }, [](int&) {});
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
  // Records as one process would have solved the whole tier: distinct, non-zero.
  std::vector<PackedRecord> full(reached.size(), 0);
  for (std::uint64_t i = 0; i < reached.size(); ++i)
    if (reached.test(i)) full[i] = static_cast<PackedRecord>(i * 8 + 1);
  for (int size : {1, 2, 3, 7}) {
    CAPTURE(size);
    const TierShares shares(reached.word_count(), size);
    const PackedShares packing(reached, shares, size);
    CHECK(packing.total() == total);
    REQUIRE(packing.bounds().size() == static_cast<std::size_t>(size) + 1);
    CHECK(packing.bounds().front() == 0);
    CHECK(packing.bounds().back() == total);
    // Each process solved only its own chunks; each packs them into its run.
    std::vector<std::vector<PackedRecord>> own(static_cast<std::size_t>(size), std::vector<PackedRecord>(reached.size(), 0));
    std::vector<PackedRecord> buffer(total, 0);
    for (int r = 0; r < size; ++r) {
      for (std::uint64_t i = 0; i < reached.size(); ++i)
        if (shares.owner(i / kChunkRanks) == r) own[r][i] = full[i];
      std::vector<PackedRecord> mine(total, 0);
      packing.pack(r, own[r], mine);
      // Its run holds its reached ranks in increasing order, and nothing else is written.
      std::vector<PackedRecord> want;
      for (std::uint64_t i = 0; i < reached.size(); ++i)
        if (reached.test(i) && shares.owner(i / kChunkRanks) == r) want.push_back(full[i]);
      const std::uint64_t from = packing.bounds()[r], to = packing.bounds()[r + 1];
      CHECK(to - from == want.size());
      CHECK(std::equal(want.begin(), want.end(), mine.begin() + static_cast<std::ptrdiff_t>(from)));
      CHECK(std::count(mine.begin(), mine.end(), PackedRecord{0}) == static_cast<std::ptrdiff_t>(total - want.size()));
      std::copy(mine.begin() + static_cast<std::ptrdiff_t>(from), mine.begin() + static_cast<std::ptrdiff_t>(to),
                buffer.begin() + static_cast<std::ptrdiff_t>(from));
    }
    // What the broadcasts deliver: every process unpacks the others' runs.
    for (int r = 0; r < size; ++r) {
      packing.unpack(r, buffer, own[r]);
      CHECK(own[r] == full);
    }
  }
  // The crowded head (chunk 0, all of its 1000 positions) is process 0's.
  const TierShares three(reached.word_count(), 3);
  CHECK(PackedShares(reached, three, 3).bounds()[1] >= 1000);
}

TEST_CASE("exchange_shares: a single process keeps its records as they are") {
  Bitmap reached(200);
  reached.set(3);
  reached.set(130);
  const TierShares shares(reached.word_count(), 1);
  const PackedShares packing(reached, shares, 1);
  std::vector<PackedRecord> records(200, 0), buffer(2, 0);
  records[3] = 7;
  records[130] = 9;
  Cluster alone;
  exchange_shares(alone, packing, records, buffer);
  CHECK(records[3] == 7);
  CHECK(records[130] == 9);
  CHECK(buffer == std::vector<PackedRecord>{0, 0});
  CHECK(alone.exchanged_bytes() == 0);
}

}  // namespace
}  // namespace gsolve
