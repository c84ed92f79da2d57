#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "src/search/go/proof_table.h"

using gsolve::search::go::Certificate;
using gsolve::search::go::ExploredBoards;
using gsolve::search::go::ProofTable;

namespace {

ProofTable::Key key(std::uint64_t black) { return {black, 0, 1, 0, 25}; }

}  // namespace

TEST_CASE("proof table: estimates and results come back whole; a result whose certificate was replaced is not found") {
  // The smallest table: one bucket of nine estimates and one of four results.
  ProofTable table(1, false);
  ProofTable::Entry e;
  Certificate cert;
  CHECK_FALSE(table.find(key(1), 11, e, cert));

  // An estimate: its numbers, no certificate needed.
  table.store(key(1), 11, 7, 9, nullptr, 100);
  REQUIRE(table.find(key(1), 11, e, cert));
  CHECK(e.phi == 7);
  CHECK(e.delta == 9);
  CHECK(e.work == 6);  // log2(100)
  // Same hash, another key: an estimate is found by its hash alone (a
  // collision costs work, never an answer: see the proof below), and by the
  // hash's low 32 bits within its bucket (the only bucket here).
  REQUIRE(table.find(key(2), 11, e, cert));
  CHECK(e.phi == 7);
  CHECK(e.delta == 9);
  REQUIRE(table.find(key(2), 11 | std::uint64_t{5} << 40, e, cert));
  CHECK(e.phi == 7);
  CHECK_FALSE(table.find(key(1), 12, e, cert));

  // A disproof over it, with its certificate, whole (the record is packed).
  Certificate proof;
  proof.hit_count = 2;
  proof.hit_black_to_move[1] = 1;
  proof.hit_black[0] = 0x55;
  proof.hit_white[1] = 0x66;
  proof.seen.all_black = 0x77;
  proof.seen.bloom[3] = 0x88;
  proof.seen.grown_white = 0x99;
  table.store(key(1), 11, 1u << 31, 0, &proof, 1 << 20);
  REQUIRE(table.find(key(1), 11, e, cert));
  CHECK(e.delta == 0);
  CHECK(cert.hit_count == 2);
  CHECK(cert.hit_black_to_move[0] == 0);
  CHECK(cert.hit_black_to_move[1] == 1);
  CHECK(cert.hit_black[0] == 0x55);
  CHECK(cert.hit_white[1] == 0x66);
  CHECK(cert.seen.all_black == 0x77);
  CHECK(cert.seen.bloom[3] == 0x88);
  CHECK(cert.seen.grown_white == 0x99);
  CHECK(cert.seen.grown_black == ExploredBoards::kNone);
  // Numbers that say "proven" do not take a disproof's certificate (another
  // prover's newer result, or the estimate replaced under the same hash).
  CHECK_FALSE(table.find_result(key(1), 11, 0, 1u << 31, cert));

  // A proof over it.
  proof.hit_count = 1;
  proof.hit_black_to_move[1] = 0;
  table.store(key(1), 11, 0, 1u << 31, &proof, 1 << 20);
  REQUIRE(table.find(key(1), 11, e, cert));
  CHECK(e.phi == 0);
  CHECK(cert.hit_count == 1);
  CHECK(cert.hit_black[0] == 0x55);
  CHECK_FALSE(table.find_result(key(1), 11, 1u << 31, 0, cert));
  // A proof needs its whole key: the other key with the same hash reads the
  // estimate "proven" but finds no result of its own, so nothing.
  CHECK_FALSE(table.find(key(2), 11, e, cert));

  // Four lighter results fill the results' bucket: the heaviest stays.
  for (std::uint64_t b = 2; b <= 5; ++b) table.store(key(b), b, 0, 1u << 31, &proof, 16);
  REQUIRE(table.find(key(1), 11, e, cert));
  CHECK(cert.hit_black[0] == 0x55);
  // Heavier ones replace it; its estimate part still says "proven", but
  // without the certificate the proof is not found.
  for (std::uint64_t b = 6; b <= 9; ++b) table.store(key(b), b, 0, 1u << 31, &proof, std::uint64_t{1} << 30);
  CHECK_FALSE(table.find(key(1), 11, e, cert));
  // The estimates' bucket holds all nine keys; 1 to 5 lost their certificates.
  int found = 0;
  for (std::uint64_t b = 1; b <= 9; ++b) found += table.find(key(b), b == 1 ? 11 : b, e, cert) ? 1 : 0;
  CHECK(found == 4);
  // The nine keys fill the estimates' bucket; a tenth replaces the lightest
  // (the first of 2 to 5, stored with work 16): 2's.
  REQUIRE(table.find_numbers(key(2), 2, e));
  table.store(key(20), 20, 5, 6, nullptr, 1 << 10);
  CHECK_FALSE(table.find_numbers(key(2), 2, e));
  REQUIRE(table.find(key(20), 20, e, cert));
  CHECK(e.phi == 5);
  for (std::uint64_t b = 3; b <= 9; ++b) CHECK(table.find_numbers(key(b), b, e));
  CHECK(table.find_numbers(key(1), 11, e));
  // An estimate stored under a hash takes that hash's slot, whatever its key.
  table.store(key(30), 20, 8, 8, nullptr, 1 << 10);
  REQUIRE(table.find(key(20), 20, e, cert));
  CHECK(e.phi == 8);
}

TEST_CASE("explored boards: the kept-area boards of merged proofs are every superset of one set, and no more") {
  // Reference: a board is in S when its black stones strictly contain one of the sets grown.
  const auto in_reference = [](const std::vector<std::uint64_t>& sets, std::uint64_t board) {
    for (const std::uint64_t a : sets)
      if (ExploredBoards::strictly_contains(board, a)) return true;
    return false;
  };
  // Every family of up to three sets over 6 points, merged in one summary,
  // and every board of those points: the summary holds every board of the
  // reference (it is sound), and for one set exactly those.
  std::uint64_t over = 0, boards = 0, over_intersection = 0;
  for (std::uint64_t a = 0; a < 64; a += 3)
    for (std::uint64_t b = 0; b < 64; b += 5)
      for (std::uint64_t c = 0; c < 64; c += 7) {
        std::vector<std::uint64_t> sets{a};
        ExploredBoards one = ExploredBoards::none(), merged = ExploredBoards::none(), right = ExploredBoards::none();
        one.grows(true, a);
        merged.grows(true, a);
        right.grows(true, b);
        right.grows(true, c);
        merged.merge(right);  // merged in two steps, as proofs are
        for (std::uint64_t y = 0; y < 64; ++y) {
          REQUIRE(one.may_contain(y, 0, 0) == in_reference(sets, y));
          const bool reference = in_reference({a, b, c}, y);
          REQUIRE((!reference || merged.may_contain(y, 0, 0)));
          over += merged.may_contain(y, 0, 0) && !reference;
          over_intersection += ExploredBoards::strictly_contains(y, a & b & c) && !reference;
          ++boards;
        }
      }
  // Coarser than the reference (one set stands for several), but finer than
  // the intersection alone: {0, 1} and {0, 2} merged do not hold {0, 3}.
  CHECK(over == 21613);
  CHECK(over_intersection == 50084);
  CHECK(boards == 183040);
  ExploredBoards two = ExploredBoards::none();
  two.grows(false, 0b0011);
  two.grows(false, 0b0101);
  CHECK_FALSE(two.may_contain(0, 0b1001, 0));
  CHECK_FALSE(two.may_contain(0, 0b0011, 0));
  CHECK(two.may_contain(0, 0b0111, 0));
  CHECK(two.may_contain(0, 0b1011, 0));        // not in the reference: the price of one set
  CHECK_FALSE(two.may_contain(0b1111, 0, 0));  // white stones only
}
