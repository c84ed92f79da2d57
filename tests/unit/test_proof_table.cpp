#include <doctest/doctest.h>

#include <cstdint>

#include "src/search/go/proof_table.h"

using gsolve::search::go::Certificate;
using gsolve::search::go::ProofTable;

namespace {

ProofTable::Key key(std::uint64_t black) { return {black, 0, 1, 0, 25}; }

}  // namespace

TEST_CASE("proof table: estimates and results come back whole; a result whose certificate was replaced is not found") {
  // The smallest table: one bucket of six estimates and one of four results.
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
  // Same hash, another key: a collision is never a hit.
  CHECK_FALSE(table.find(key(2), 11, e, cert));

  // A proof over it, with its certificate.
  Certificate proof;
  proof.hit_count = 1;
  proof.hit_black[0] = 0x55;
  table.store(key(1), 11, 0, 1u << 31, &proof, 1 << 20);
  REQUIRE(table.find(key(1), 11, e, cert));
  CHECK(e.phi == 0);
  CHECK(cert.hit_count == 1);
  CHECK(cert.hit_black[0] == 0x55);

  // Four lighter results fill the results' bucket: the heaviest stays.
  for (std::uint64_t b = 2; b <= 5; ++b) table.store(key(b), b, 0, 1u << 31, &proof, 16);
  REQUIRE(table.find(key(1), 11, e, cert));
  CHECK(cert.hit_black[0] == 0x55);
  // Heavier ones replace it; its estimate part still says "proven", but
  // without the certificate the proof is not found.
  for (std::uint64_t b = 6; b <= 9; ++b) table.store(key(b), b, 0, 1u << 31, &proof, std::uint64_t{1} << 30);
  CHECK_FALSE(table.find(key(1), 11, e, cert));
  // The estimates' bucket holds keys 1 and 5 to 9 (2, 3 and 4 were the
  // lightest); of those, 1 and 5 lost their certificates.
  int found = 0;
  for (std::uint64_t b = 1; b <= 9; ++b) found += table.find(key(b), b == 1 ? 11 : b, e, cert) ? 1 : 0;
  CHECK(found == 4);
}
