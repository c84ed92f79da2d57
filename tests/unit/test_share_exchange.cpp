// How a tier is split among the processes of a job (src/retrograde/share_exchange.h):
// word-aligned bounds that cover the tier once, with the reached positions
// shared out evenly (to within a word), wherever in the rank space they crowd.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "src/retrograde/share_exchange.h"

namespace gsolve {
namespace {

std::uint64_t reached_in(const Bitmap& b, std::uint64_t from, std::uint64_t to) {
  std::uint64_t n = 0;
  for (std::uint64_t i = from; i < to; ++i) n += b.test(i);
  return n;
}

TEST_CASE("balanced bounds: every share holds an equal part of the reached positions") {
  // 300,000 ranks; reached: every rank of [0, 1000), then every 97th rank of
  // [200,000, 300,000): a crowded head and a sparse tail.
  Bitmap reached(300000);
  for (std::uint64_t i = 0; i < 1000; ++i) reached.set(i);
  for (std::uint64_t i = 200000; i < 300000; i += 97) reached.set(i);
  const ReachedIndex index(reached);
  const std::uint64_t total = 1000 + (100000 + 96) / 97;
  CHECK(index.total() == total);
  for (int size : {1, 2, 3, 7}) {
    CAPTURE(size);
    const auto bounds = index.balanced_bounds(size);
    REQUIRE(bounds.size() == static_cast<std::size_t>(size) + 1);
    CHECK(bounds.front() == 0);
    CHECK(bounds.back() == 300000);
    for (int r = 0; r < size; ++r) {
      CHECK(bounds[r] <= bounds[r + 1]);
      CHECK(bounds[r] % 64 == 0);
      const std::uint64_t want = total / static_cast<std::uint64_t>(size);
      const std::uint64_t got = reached_in(reached, bounds[r], bounds[r + 1]);
      CHECK(got + 64 >= want);  // a cut falls between words: off by at most one word's bits
      CHECK(got <= want + 64);
    }
  }
  // The crowded head alone is more than a third: the first of three shares ends inside it.
  CHECK(index.balanced_bounds(3)[1] < 1000);
  // Before each word, the reached positions counted so far.
  CHECK(index.before_word(0) == 0);
  CHECK(index.before_word(10) == 640);
  CHECK(index.before_word(reached.word_count()) == total);
}

TEST_CASE("words_of: the last share takes the word the tier's end falls in") {
  const std::vector<std::uint64_t> bounds{0, 128, 150};
  CHECK(words_of(bounds, 0) == std::pair<std::uint64_t, std::uint64_t>{0, 2});
  CHECK(words_of(bounds, 1) == std::pair<std::uint64_t, std::uint64_t>{2, 3});
  // A share cut at the tier's end (a tier smaller than a word) is empty.
  const std::vector<std::uint64_t> small{0, 10, 10};
  CHECK(words_of(small, 0) == std::pair<std::uint64_t, std::uint64_t>{0, 1});
  CHECK(words_of(small, 1) == std::pair<std::uint64_t, std::uint64_t>{1, 1});
}

TEST_CASE("exchange_shares: a single process keeps its records as they are") {
  Bitmap reached(200);
  reached.set(3);
  reached.set(130);
  const ReachedIndex index(reached);
  std::vector<PackedRecord> records(200, 0);
  records[3] = 7;
  records[130] = 9;
  Cluster alone;
  const std::vector<std::uint64_t> bounds{0, 200};
  exchange_shares(alone, reached, index, bounds, records);
  CHECK(records[3] == 7);
  CHECK(records[130] == 9);
  CHECK(alone.exchanged_bytes() == 0);
}

}  // namespace
}  // namespace gsolve
