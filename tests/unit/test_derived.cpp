// Derived tiers (db/chunk.h, db/resolver.h): a connect4 database that stores
// every other tier answers every reachable position exactly as a database
// that stores them all; the choice is in the meta; a resumed solve restarts
// from a stored tier and ends with the same records.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "db/contents.h"
#include "db/resolver.h"
#include "games/connect4.h"
#include "src/retrograde/discovery.h"
#include "src/solve/solve.h"
#include "temp_dir.h"
#include "verify/rule.h"

using namespace gsolve;
using gsolve::testing::TempDir;

namespace {

SolveResult solve(const std::string& spec, const std::string& path, bool derive) {
  SolveOptions o;
  o.db_path = path;
  o.derive_tiers = derive;
  Progress quiet(false);
  return solve_spec(spec, o, quiet);
}

void compare_all(int w, int h) {
  const std::string spec = "connect4:" + std::to_string(w) + "x" + std::to_string(h);
  TempDir dir;
  const auto derived = solve(spec, dir.file("derived.gsdb"), true);
  const auto full = solve(spec, dir.file("full.gsdb"), false);
  CHECK(derived.signature == full.signature);  // the same records were solved
  CHECK(derived.stats.total_canonical() == full.stats.total_canonical());

  auto ddb = db::Database::open(dir.file("derived.gsdb"), db::Database::Mode::read);
  auto fdb = db::Database::open(dir.file("full.gsdb"), db::Database::Mode::read);
  const auto dc = db::Contents::read(*ddb), fc = db::Contents::read(*fdb);
  const Connect4 g(w, h);
  CHECK(fc.layout.derived_tiers == 0);
  CHECK(fdb->meta_or("derived_tiers", "?") == "[]");
  // Every other tier below the last (stored): never two adjacent; Win in 1 by the rules.
  for (int t = 0; t < g.tier_count(); ++t) CHECK(dc.layout.derived(t) == ((g.tier_count() - 1 - t) % 2 == 1));
  CHECK(dc.layout.win_in_1);
  CHECK_FALSE(fc.layout.win_in_1);
  CHECK(ddb->meta_or("canonical_positions", "?") == fdb->meta_or("canonical_positions", "!"));

  db::RecordReader dreader(*ddb, dc.tiers, dc.layout), freader(*fdb, fc.tiers, fc.layout);
  // Both rules: query's (src/core/record.h) and the verifiers' own (verify/rule.h).
  Resolver by_record(g, dreader, dc.layout, false, &combine_children);
  Resolver by_verifier(g, dreader, dc.layout, false, &verify::expected_from_children);
  Progress quiet(false);
  const auto reached = discover(g, quiet);
  std::uint64_t checked = 0, mismatches = 0;
  for (int t = 0; t < g.tier_count(); ++t) {
    for (std::uint64_t local = 0; local < g.tier_begin(t + 1) - g.tier_begin(t); ++local) {
      if (!reached[t].test(local)) continue;
      const std::uint64_t rank = g.tier_begin(t) + local;
      const auto p = g.unrank(rank);
      const auto want = freader.get(rank);
      const auto a = by_record.get(p, t, rank), b = by_verifier.get(p, t, rank);
      ++checked;
      if (want.status != db::RecordReader::Status::ok || a.status != want.status || b.status != want.status ||
          !(a.record == want.record) || !(b.record == want.record))
        if (++mismatches < 5) MESSAGE("mismatch at " << g.format(p) << " (tier " << t << ")");
    }
  }
  CHECK(checked == full.stats.total_canonical());
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("derived tiers: connect4:4x4 through the resolver equals a database of every tier") { compare_all(4, 4); }

TEST_CASE("derived tiers: connect4:5x4 through the resolver equals a database of every tier") { compare_all(5, 4); }
