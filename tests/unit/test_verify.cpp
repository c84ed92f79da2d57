// The verifiers (verify/): the rule on hand cases and against src/core/record.h,
// clean databases pass with every position checked, every injected fault is
// found, and nothing but injected positions and their parents is reported.
#include <doctest/doctest.h>
#include <tbb/global_control.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "db/contents.h"
#include "db/tier_io.h"
#include "games/registry.h"
#include "src/solve/solve.h"
#include "verify/fault_injector.h"
#include "verify/rule.h"
#include "verify/verifier.h"

using namespace gsolve;
using verify::ErrorKind;

namespace {

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/gsolve-verify-XXXXXX";
    path = ::mkdtemp(tmpl);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string file(const std::string& name) const { return path + "/" + name; }
};

SolveResult solve(const std::string& spec, const std::string& path) {
  SolveOptions o;
  o.db_path = path;
  o.force = true;
  Progress progress(false);
  return solve_spec(spec, o, progress);
}

verify::VerifyReport run(const std::string& path, bool backtrack, std::uint64_t walks = 0, bool sampled = false,
                         std::uint64_t cache_bytes = std::uint64_t{2} << 30) {
  verify::VerifyOptions o;
  o.cache_bytes = cache_bytes;
  o.db_path = path;
  o.backtrack = backtrack;
  o.walks = walks;
  o.sampled = sampled;
  o.max_errors = 1 << 20;  // all of them
  Progress progress(false);
  return verify::run_verify(o, progress);
}

std::set<std::uint64_t> error_ranks(const verify::VerifyReport& r) {
  std::set<std::uint64_t> out;
  for (const auto& e : r.first_errors) out.insert(e.rank);
  return out;
}

constexpr Record R(Value v, int rem, int score = 0) {
  return Record{v, static_cast<std::uint16_t>(rem), static_cast<std::int16_t>(score)};
}
constexpr Value W = Value::Win, L = Value::Lose, T = Value::Tie, D = Value::Draw;

Record rule(std::initializer_list<Record> children, bool scored = false) {
  const std::vector<Record> v(children);
  return verify::expected_from_children(v, scored);
}

// A database's derived tiers (db/chunk.h): bit t set when tier t is not stored.
std::uint64_t derived_tiers(const std::string& path) {
  auto database = db::Database::open(path, db::Database::Mode::read);
  return db::Contents::read(*database).layout.derived_tiers;
}

// The canonical children's ranks of the position at `rank`; through a derived
// child, its children too (the verifier recomputes it from them).
std::set<std::uint64_t> children_ranks(const std::string& spec, std::uint64_t rank, std::uint64_t derived = 0,
                                       bool through = true) {
  return with_game(spec, [&](const auto& g) {
    using G = std::decay_t<decltype(g)>;
    std::set<std::uint64_t> out;
    const auto p = g.unrank(rank);
    if (g.terminal(p).primitive()) return out;
    MoveList<G> moves;
    g.generate_moves(p, moves);
    for (const auto m : moves) {
      const auto child = g.canonical(g.play(p, m));
      out.insert(g.rank(child));
      if (through && (derived >> g.tier(child) & 1))
        for (const auto k : children_ranks(spec, g.rank(child), 0, false)) out.insert(k);
    }
    return out;
  });
}

// Every error is at an injected position or at a parent of one (through a
// derived tier: a grandparent).
void check_only_faults_and_parents(const std::string& spec, const verify::VerifyReport& report,
                                   const std::set<std::uint64_t>& injected, std::uint64_t derived = 0) {
  for (const auto& e : report.first_errors) {
    if (injected.count(e.rank)) continue;
    const auto kids = children_ranks(spec, e.rank, derived);
    const bool parent = std::any_of(kids.begin(), kids.end(), [&](auto k) { return injected.count(k) > 0; });
    CAPTURE(e.rank);
    CAPTURE(e.position);
    CHECK(parent);
  }
}

// 50 faults of `kind` in a copy of `clean`: --backtrack reports every one of
// them, --random (10,000 walks) finds some, and neither reports a position
// that is neither injected nor a parent of an injected one.
void fault_round(const std::string& spec, const std::string& clean, const std::string& kind, std::uint64_t seed,
                 const TempDir& dir) {
  CAPTURE(kind);
  verify::InjectOptions io;
  io.in = clean;
  io.out = dir.file("bad-" + kind + ".gsdb");
  io.count = 50;
  io.seed = seed;
  io.kind = kind;
  const auto injected = verify::inject_faults(io);
  REQUIRE(injected.faults.size() == 50);
  std::set<std::uint64_t> ranks;
  for (const auto& f : injected.faults) {
    CHECK(f.old_record != f.new_record);
    if (kind != "mixed") CHECK(f.kind == kind);
    ranks.insert(f.rank);
  }
  REQUIRE(ranks.size() == 50);

  const auto back = run(io.out, true);
  const auto found = error_ranks(back);
  for (auto r : ranks) {
    CAPTURE(r);
    CHECK(found.count(r) == 1);  // 100%
  }
  CHECK(back.counts.by_kind[static_cast<int>(ErrorKind::damaged_frame)] == 0);
  CHECK(back.counts.by_kind[static_cast<int>(ErrorKind::missing_record)] == 0);
  CHECK(back.counts.by_kind[static_cast<int>(ErrorKind::missing_child)] == 0);
  if (kind == "primitive")
    CHECK(back.counts.by_kind[static_cast<int>(ErrorKind::bad_primitive)] == 50);
  else if (kind != "mixed")
    CHECK(back.counts.by_kind[static_cast<int>(ErrorKind::bad_primitive)] == 0);
  check_only_faults_and_parents(spec, back, ranks, derived_tiers(clean));

  const auto walk = run(io.out, false, 10000);
  CHECK(walk.walks == 10000);
  CHECK(walk.errors() >= 1);
  check_only_faults_and_parents(spec, walk, ranks, derived_tiers(clean));
  for (const auto& e : walk.first_errors) CHECK(found.count(e.rank) == 1);
}

}  // namespace

TEST_CASE("verify: the rule on hand cases (DESIGN.md, Values)") {
  CHECK(rule({R(W, 3), R(L, 4), R(L, 2)}) == R(W, 3));  // a winner hurries
  CHECK(rule({R(W, 3), R(T, 5), R(T, 2)}) == R(T, 3));  // shortest tie line
  CHECK(rule({R(W, 3), R(T, 5), R(D, 0)}) == R(T, 6));  // tie beats draw
  CHECK(rule({R(W, 3), R(D, 0)}) == R(D, 0));           // draw beats a loss
  CHECK(rule({R(W, 3), R(W, 7), R(W, 1)}) == R(L, 8));  // a loser delays
  CHECK(rule({R(L, 0)}) == R(W, 1));
  CHECK(rule({R(T, 0)}) == R(T, 1));
  CHECK(rule({R(W, 0)}) == R(L, 1));
  CHECK(rule({R(D, 0), R(L, 9)}) == R(W, 10));
  // Scored: score first, then the remoteness rule among the best-score children.
  CHECK(rule({R(W, 2, 4), R(L, 5, -2), R(L, 3, -2)}, true) == R(W, 4, 2));
  CHECK(rule({R(L, 9, -6), R(L, 1, -2)}, true) == R(W, 10, 6));  // more discs beat a sooner win
  CHECK(rule({R(W, 3, 2), R(W, 5, 2), R(W, 1, 6)}, true) == R(L, 6, -2));
  CHECK(rule({R(T, 4, 0), R(T, 2, 0), R(W, 1, 3)}, true) == R(T, 3, 0));
  CHECK(verify::expected_primitive(Terminal{L, -3}, true) == R(L, 0, -3));
  CHECK(verify::expected_primitive(Terminal{L, -3}, false) == R(L, 0, 0));
}

TEST_CASE("verify: objective score compares value and score, never remoteness") {
  verify::ErrorKind kind{};
  const Record expected = rule({R(L, 9, -6), R(L, 1, -2)}, true);    // win in 10, +6
  CHECK(verify::compare_records(R(W, 0, 6), expected, true, kind));  // full: remoteness 0 is wrong
  CHECK(kind == verify::ErrorKind::wrong_remoteness);
  CHECK_FALSE(verify::compare_records(R(W, 0, 6), expected, true, kind, false));
  CHECK(verify::compare_records(R(W, 0, 2), expected, true, kind, false));
  CHECK(kind == verify::ErrorKind::wrong_score);
  CHECK(verify::compare_records(R(L, 0, 6), expected, true, kind, false));
  CHECK(kind == verify::ErrorKind::wrong_value);
  CHECK(verify::record_text(R(W, 0, 6), true, false) == "win, score +6");
  CHECK(verify::record_text(R(W, 10, 6), true) == "win in 10, score +6");
}

TEST_CASE("verify: the verifier's rule and src/core/record.h's combine_children agree") {
  std::mt19937_64 rng(7);
  const Value values[] = {W, L, T, D};
  for (int round = 0; round < 20000; ++round) {
    const bool scored = round % 2;
    std::vector<Record> children(1 + rng() % 6);
    for (auto& c : children) {
      if (scored) {  // value = sign(score), as DESIGN.md has it
        const int score = static_cast<int>(rng() % 9) - 4;
        c = R(score > 0 ? W : score < 0 ? L : T, static_cast<int>(rng() % 12), score);
      } else {
        c = R(values[rng() % 4], static_cast<int>(rng() % 12));
        if (c.value == D) c.remoteness = 0;
      }
    }
    CAPTURE(round);
    CHECK(verify::expected_from_children(children, scored) == combine_children(children, scored));
  }
}

TEST_CASE("verify: clean databases pass; --backtrack checks every stored position once") {
  TempDir dir;
  for (const char* spec : {"tictactoe", "connect4:4x4"}) {
    CAPTURE(spec);
    const auto solved = solve(spec, dir.file("clean.gsdb"));
    const auto back = run(dir.file("clean.gsdb"), true);
    CHECK(back.errors() == 0);
    CHECK(back.counts.checked == solved.stats.total_canonical());
    CHECK(back.counts.visited == solved.stats.total_canonical());
    CHECK(back.counts.skipped() == 0);
    CHECK(back.canonical_positions == solved.stats.total_canonical());
    CHECK(back.coverage() == 1.0);
    const auto walk = run(dir.file("clean.gsdb"), false, 2000);
    CHECK(walk.errors() == 0);
    CHECK(walk.distinct_checked == walk.counts.checked);  // exact mode: each position once
    CHECK(walk.distinct_checked <= solved.stats.total_canonical());
    CHECK(walk.counts.visited == walk.steps);
    CHECK(walk.counts.checked + walk.counts.skip_repeat == walk.steps);
    const auto sampled = run(dir.file("clean.gsdb"), false, 2000, true);
    CHECK(sampled.errors() == 0);
    CHECK(sampled.distinct_estimated);
  }
  CHECK(solve("tictactoe", dir.file("t.gsdb")).stats.total_canonical() == 765);
}

TEST_CASE("verify: --random is repeatable: same seed, same walks, whatever the thread count") {
  TempDir dir;
  solve("connect4:4x4", dir.file("c.gsdb"));
  verify::VerifyReport one, two;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    one = run(dir.file("c.gsdb"), false, 3000);
  }
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    two = run(dir.file("c.gsdb"), false, 3000);
  }
  CHECK(one.steps == two.steps);
  CHECK(one.distinct_checked == two.distinct_checked);
  CHECK(one.counts.checked == two.counts.checked);
  // More walks cover more, never less.
  const auto more = run(dir.file("c.gsdb"), false, 12000);
  CHECK(more.distinct_checked > one.distinct_checked);
}

TEST_CASE("verify: every injected fault is found (connect4:4x4, 50 of each kind)") {
  TempDir dir;
  solve("connect4:4x4", dir.file("clean.gsdb"));
  std::uint64_t seed = 11;
  for (const char* kind : {"value", "remoteness", "primitive", "mixed"})
    fault_round("connect4:4x4", dir.file("clean.gsdb"), kind, seed++, dir);
}

TEST_CASE("long: verify: every injected fault is found (connect4:5x4, 50 of each kind)") {
  TempDir dir;
  solve("connect4:5x4", dir.file("clean.gsdb"));
  std::uint64_t seed = 21;
  for (const char* kind : {"value", "remoteness", "primitive", "mixed"})
    fault_round("connect4:5x4", dir.file("clean.gsdb"), kind, seed++, dir);
}

TEST_CASE("verify: the fault injector is deterministic and never changes a parent and its child") {
  TempDir dir;
  solve("connect4:4x4", dir.file("clean.gsdb"));
  verify::InjectOptions io;
  io.in = dir.file("clean.gsdb");
  io.count = 200;
  io.seed = 5;
  io.kind = "mixed";
  io.out = dir.file("a.gsdb");
  const auto a = verify::inject_faults(io);
  io.out = dir.file("b.gsdb");
  const auto b = verify::inject_faults(io);
  REQUIRE(a.faults.size() == 200);
  REQUIRE(b.faults.size() == 200);
  std::set<std::uint64_t> ranks;
  for (std::size_t i = 0; i < a.faults.size(); ++i) {
    CHECK(a.faults[i].rank == b.faults[i].rank);
    CHECK(a.faults[i].new_record == b.faults[i].new_record);
    ranks.insert(a.faults[i].rank);
  }
  const std::uint64_t derived = derived_tiers(io.in);
  REQUIRE(derived != 0);
  const Connect4 c4(4, 4);
  for (auto r : ranks) {
    CHECK((derived >> c4.tier(c4.unrank(r)) & 1) == 0);  // only stored records are changed
    for (auto k : children_ranks("connect4:4x4", r, derived)) CHECK(ranks.count(k) == 0);
  }
  io.out = dir.file("a.gsdb");
  CHECK_THROWS_AS(verify::inject_faults(io), db::DbError);  // exists, no --force
}

TEST_CASE("verify: a damaged frame is reported as a damaged frame and the rest is still checked") {
  TempDir dir;
  const auto solved = solve("connect4:5x4", dir.file("clean.gsdb"));
  verify::InjectOptions io;
  io.in = dir.file("clean.gsdb");
  io.out = dir.file("damaged.gsdb");
  io.seed = 3;
  io.damage_frame = true;
  const auto injected = verify::inject_faults(io);
  REQUIRE(injected.damaged);
  const std::uint64_t in_frame = injected.damaged->records;
  REQUIRE(in_frame > 0);
  const auto back = run(io.out, true);
  const auto& k = back.counts.by_kind;
  CHECK(k[static_cast<int>(ErrorKind::damaged_frame)] == in_frame);
  CHECK(back.errors() == in_frame);  // never wrong values
  CHECK(back.damaged_frames == std::vector<std::string>{injected.damaged->where});
  CHECK(back.counts.visited == solved.stats.total_canonical());
  CHECK(back.counts.checked + back.counts.skip_damaged_child + in_frame == solved.stats.total_canonical());
  CHECK(back.counts.checked > solved.stats.total_canonical() / 2);  // kept going
  for (const auto& e : back.first_errors) {
    CHECK(e.kind == ErrorKind::damaged_frame);
    CHECK(e.note == injected.damaged->where);
  }
  const auto walk = run(io.out, false, 10000);
  for (const auto& e : walk.first_errors) CHECK(e.kind == ErrorKind::damaged_frame);
}

TEST_CASE("verify: a missing record is an error in a complete database") {
  TempDir dir;
  solve("connect4:4x4", dir.file("clean.gsdb"));
  // Write Unknown over one stored non-primitive position: "missing record" there,
  // "missing child" at each of its parents (derived: at its grandparents).
  verify::InjectOptions io;
  io.in = dir.file("clean.gsdb");
  io.out = dir.file("bad.gsdb");
  io.count = 1;
  io.kind = "value";
  const auto injected = verify::inject_faults(io);
  const std::uint64_t rank = injected.faults.at(0).rank;
  {
    auto database = db::Database::open(io.out, db::Database::Mode::write);
    const auto contents = db::Contents::read(*database);
    const int t = static_cast<int>(std::upper_bound(contents.tiers.begin(), contents.tiers.end(), rank) -
                                   contents.tiers.begin()) -
                  1;
    auto records = db::read_tier(*database, static_cast<std::uint32_t>(t), contents.tiers[t + 1] - contents.tiers[t],
                                 contents.layout);
    records[rank - contents.tiers[t]] = 0;
    db::write_tier(*database, static_cast<std::uint32_t>(t), records, contents.layout, 3, {});
  }
  const auto back = run(io.out, true);
  CHECK(back.counts.by_kind[static_cast<int>(ErrorKind::missing_record)] == 1);
  CHECK(back.counts.by_kind[static_cast<int>(ErrorKind::missing_child)] >= 1);
  CHECK(back.errors() == 1 + back.counts.by_kind[static_cast<int>(ErrorKind::missing_child)]);
  check_only_faults_and_parents("connect4:4x4", back, {rank}, derived_tiers(io.in));
}

TEST_CASE("verify: the frame cache budget changes the speed, not the findings") {
  // Budget 0: every frame through the per-thread caches; 64 KiB: a few frames
  // in the shared array, the rest through the caches; default: all shared.
  TempDir dir;
  const auto solved = solve("connect4:4x4", dir.file("clean.gsdb"));
  verify::InjectOptions io;
  io.in = dir.file("clean.gsdb");
  io.out = dir.file("bad.gsdb");
  io.count = 30;
  io.seed = 77;
  io.kind = "mixed";
  io.damage_frame = true;
  verify::inject_faults(io);
  const auto full = run(io.out, true);
  REQUIRE(full.errors() > 30);
  for (std::uint64_t budget : {std::uint64_t{0}, std::uint64_t{64} << 10}) {
    CAPTURE(budget);
    const auto small = run(io.out, true, 0, false, budget);
    CHECK(small.counts.by_kind == full.counts.by_kind);
    CHECK(small.counts.checked == full.counts.checked);
    CHECK(small.counts.visited == solved.stats.total_canonical());
    CHECK(error_ranks(small) == error_ranks(full));
    const auto walk = run(io.out, false, 3000, false, budget);
    const auto walk_full = run(io.out, false, 3000);
    CHECK(walk.counts.by_kind == walk_full.counts.by_kind);
    CHECK(error_ranks(walk) == error_ranks(walk_full));
  }
}

TEST_CASE("verify: a sparse database (search solver, keyed runs): edge skipped, --deep checks it, faults found") {
  TempDir dir;
  SolveOptions so;
  so.db_path = dir.file("top.gsdb");
  so.store_depth = 8;  // plies 7 and 8 hold primitives
  so.hash_mb = 16;
  Progress quiet(false);
  const auto solved = solve_spec("connect4:4x4", so, quiet);
  const std::uint64_t stored = solved.stats.total_canonical();
  REQUIRE(stored > 100);
  const auto back = run(so.db_path, true);
  CHECK(back.errors() == 0);
  CHECK_FALSE(back.complete);
  CHECK(back.counts.visited == stored);
  CHECK(back.counts.checked + back.counts.skip_beyond == stored);
  CHECK(back.counts.skip_beyond > 0);
  verify::VerifyOptions deep;
  deep.db_path = so.db_path;
  deep.backtrack = true;
  deep.deep = true;
  deep.deep_hash_mb = 16;
  deep.max_errors = 1 << 20;
  const auto checked = verify::run_verify(deep, quiet);
  CHECK(checked.errors() == 0);
  CHECK(checked.counts.checked == stored);
  CHECK(checked.counts.deep == back.counts.skip_beyond);

  verify::InjectOptions io;
  io.in = so.db_path;
  io.out = dir.file("bad.gsdb");
  io.count = 12;
  io.seed = 8;
  io.kind = "mixed";
  const auto injected = verify::inject_faults(io);
  REQUIRE(injected.faults.size() == 12);
  deep.db_path = io.out;
  const auto found = verify::run_verify(deep, quiet);
  const auto ranks = error_ranks(found);
  std::set<std::uint64_t> faults;
  for (const auto& f : injected.faults) {
    faults.insert(f.rank);
    CHECK(ranks.count(f.rank) == 1);
  }
  check_only_faults_and_parents("connect4:4x4", found, faults, derived_tiers(io.in));
}
