// The loopy retrograde solver (src/retrograde/loopy_solver.h): Quick Cross counts, its
// un-moves, agreement with the tiered solver, Tie waves and Draws on synthetic
// graphs, and a hand-made database (a Draw region labelled Win/Lose) that the
// verifier must reject.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "db/contents.h"
#include "db/tier_io.h"
#include "games/quickcross.h"
#include "games/registry.h"
#include "src/retrograde/loopy_solver.h"
#include "src/solve/solve.h"
#include "temp_dir.h"
#include "verify/verifier.h"

using namespace gsolve;
using gsolve::testing::TempDir;

namespace {

SolveResult solve(const std::string& spec, const std::string& path, SolverChoice solver, bool wdl = false) {
  SolveOptions o;
  o.db_path = path;
  o.force = true;
  o.wdl = wdl;
  o.solver = solver;
  o.derive_tiers = false;  // stored records are compared with the loopy solver's, which stores every tier
  Progress progress(false);
  return solve_spec(spec, o, progress);
}

// Every record of a database, indexed by rank (0 = Unknown).
std::vector<PackedRecord> all_records(const std::string& path) {
  auto database = db::Database::open(path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  std::vector<PackedRecord> all;
  for (std::size_t t = 0; t + 1 < contents.tiers.size(); ++t) {
    const auto tier = db::read_tier(*database, static_cast<std::uint32_t>(t), contents.tiers[t + 1] - contents.tiers[t],
                                    contents.layout);
    all.insert(all.end(), tier.begin(), tier.end());
  }
  return all;
}

std::string meta(const std::string& path, const std::string& key) {
  return db::Database::open(path, db::Database::Mode::read)->meta_or(key, "");
}

// Distinct canonical children of a non-primitive position.
template <class G>
std::vector<typename G::Position> canonical_children(const G& g, const typename G::Position& p) {
  std::vector<typename G::Position> out;
  MoveList<G> moves;
  g.generate_moves(p, moves);
  for (const auto m : moves) {
    const auto c = g.canonical(g.play(p, m));
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  }
  return out;
}

// DESIGN.md's rule at every stored position (records by rank, as all_records
// gives them). values_only: compare values and ignore remoteness (NOT a sound
// check on a loopy game; used to show what it lets through). Returns the
// number of positions that break it.
template <class G>
std::uint64_t rule_violations(const G& g, const std::vector<PackedRecord>& records, bool values_only) {
  std::uint64_t bad = 0;
  for (std::uint64_t rank = 0; rank < records.size(); ++rank) {
    if (!records[rank]) continue;
    const auto p = g.unrank(rank);
    const Record stored = unpack(records[rank]);
    const Terminal term = g.terminal(p);
    Record expected;
    if (term.primitive()) {
      expected = primitive_record(term.value);
    } else {
      std::vector<Record> kids;
      for (const auto& c : canonical_children(g, p)) kids.push_back(unpack(records[g.rank(c)]));
      expected = combine_children(kids, false);
    }
    bad += values_only ? stored.value != expected.value : stored != expected;
  }
  return bad;
}

struct Row {
  int remoteness;
  Value value;
  std::uint64_t reachable;
};

void check_rows(const Stats& s, const std::vector<Row>& rows) {
  std::uint64_t listed = 0;
  for (const auto& row : rows) {
    CAPTURE(row.remoteness);
    const auto& v = s.reachable[static_cast<int>(row.value)];
    REQUIRE(static_cast<int>(v.size()) > row.remoteness);
    CHECK(v[row.remoteness] == row.reachable);
    listed += row.reachable;
  }
  // Nothing else but Draws.
  CHECK(listed + s.reachable_of(Value::Draw) == s.total_reachable());
}

// A loopy game over an explicit graph: node = position, edge = move (an edge
// may repeat: the solver must count distinct children). One tier, no symmetry.
struct GraphGame {
  struct Position {
    std::uint32_t node = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = std::uint32_t;                   // the child node
  static constexpr std::size_t kMaxMoves = 64;  // a node of a random tree may have many children
  static constexpr bool kScored = false;
  static constexpr bool kLoopy = true;

  std::vector<std::vector<std::uint32_t>> edges, back;  // back: edges reversed (for the un-moves)
  std::vector<Value> primitive;                         // Unknown: not primitive

  std::string spec() const { return "graph:" + std::to_string(edges.size()); }
  Position start() const { return {0}; }
  Terminal terminal(const Position& p) const { return {primitive[p.node], 0}; }
  void generate_moves(const Position& p, MoveList<GraphGame>& moves) const {
    moves.clear();
    for (auto c : edges[p.node]) moves.push_back(c);
  }
  Position play(const Position&, Move m) const { return {m}; }
  Position canonical(const Position& p) const { return p; }
  int symmetry_class_size(const Position&) const { return 1; }
  bool has_rank() const { return true; }
  int tier_count() const { return 1; }
  std::uint64_t tier_begin(int t) const { return t == 0 ? 0 : edges.size(); }
  std::uint64_t rank_space() const { return edges.size(); }
  int tier(const Position&) const { return 0; }
  std::uint64_t rank(const Position& p) const { return p.node; }
  Position unrank(std::uint64_t r) const { return {static_cast<std::uint32_t>(r)}; }
  Position parse(std::string_view) const { return {}; }
  std::string format(const Position& p) const { return std::to_string(p.node); }
  std::string format_move(const Position&, Move m) const { return std::to_string(m); }
  Move parse_move(const Position&, std::string_view) const { return 0; }
  // Un-moves: the reversed edges (repeats included; the solver deduplicates),
  // so the graph tests also run the un-move path of the solver.
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    for (auto q : back[p.node]) f(Position{q});
  }
};
static_assert(Game<GraphGame>);
static_assert(HasUnmoves<GraphGame>);

}  // namespace

namespace {

// Random graph: every node reachable from node 0 (a spanning chain of edges),
// back edges for cycles, some repeated edges, primitives of all three values.
GraphGame random_graph(std::mt19937_64& rng, int n) {  // n <= 50
  GraphGame g;
  g.edges.resize(n);
  g.primitive.assign(n, Value::Unknown);
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::shuffle(order.begin() + 1, order.end(), rng);
  for (int i = 1; i < n; ++i) g.edges[order[rng() % i]].push_back(order[i]);  // a tree from node 0
  for (int v = 0; v < n; ++v) {
    if (v != 0 && g.edges[v].empty() && rng() % 3 == 0) {  // a leaf: maybe primitive
      const Value vals[] = {Value::Lose, Value::Win, Value::Tie};
      g.primitive[v] = vals[rng() % 3];
      continue;
    }
    for (int extra = 0; extra < 4 && (g.edges[v].empty() || rng() % 3); ++extra) {
      const auto c = static_cast<std::uint32_t>(rng() % n);
      g.edges[v].push_back(c);
      if (rng() % 8 == 0) g.edges[v].push_back(c);  // a repeated edge
    }
  }
  // A node that lost its chance to be a leaf primitive keeps its edges; a primitive has none.
  for (int v = 0; v < n; ++v)
    if (g.primitive[v] != Value::Unknown) g.edges[v].clear();
  g.back.resize(n);
  for (int v = 0; v < n; ++v)
    for (auto c : g.edges[v]) g.back[c].push_back(static_cast<std::uint32_t>(v));
  return g;
}

// Reference solution by whole-graph sweeps, without counters, parents or
// frontiers: sweep r finds every position whose record is decided at
// remoteness r + 1 from the records of remoteness <= r.
std::vector<Record> sweep_solve(const GraphGame& g) {
  const std::size_t n = g.edges.size();
  std::vector<Record> rec(n);
  for (std::size_t v = 0; v < n; ++v)
    if (g.primitive[v] != Value::Unknown) rec[v] = primitive_record(g.primitive[v]);
  for (int r = 0;; ++r) {  // Win/Lose
    std::vector<std::pair<std::size_t, Record>> found;
    for (std::size_t v = 0; v < n; ++v) {
      if (rec[v].known()) continue;
      bool lose_child = false, all_win = true;
      int max_win = -1;
      for (auto c : g.edges[v]) {
        lose_child |= rec[c].value == Value::Lose && rec[c].remoteness == r;
        if (rec[c].value == Value::Win)
          max_win = std::max<int>(max_win, rec[c].remoteness);
        else
          all_win = false;
      }
      if (lose_child)
        found.push_back({v, Record{Value::Win, static_cast<std::uint16_t>(r + 1), 0}});
      else if (all_win && max_win == r)
        found.push_back({v, Record{Value::Lose, static_cast<std::uint16_t>(r + 1), 0}});
    }
    if (found.empty() && r > static_cast<int>(n)) break;
    for (auto& [v, x] : found) rec[v] = x;
  }
  for (int r = 0; r <= static_cast<int>(n); ++r) {  // Tie
    std::vector<std::size_t> found;
    for (std::size_t v = 0; v < n; ++v)
      if (!rec[v].known())
        for (auto c : g.edges[v])
          if (rec[c].value == Value::Tie && rec[c].remoteness == r) {
            found.push_back(v);
            break;
          }
    for (auto v : found) rec[v] = Record{Value::Tie, static_cast<std::uint16_t>(r + 1), 0};
  }
  for (auto& x : rec)
    if (!x.known()) x = Record{Value::Draw, 0, 0};
  return rec;
}

template <class G>
SolveResult run_loopy(const G& g, const std::string& path, ParentSource parents,
                      WavePolicy policy = WavePolicy::automatic) {
  SolveOptions o;
  o.db_path = path;
  o.force = true;
  std::vector<std::uint64_t> tiers;
  for (int t = 0; t <= g.tier_count(); ++t) tiers.push_back(g.tier_begin(t));
  SolveSession session(o, g.spec(), "retrograde-loopy", tiers, false);
  LoopySolver<G> solver(g, false, parents);
  solver.set_wave_policy(policy);
  Progress progress(false);
  return solver.run(session, progress);
}

verify::VerifyReport run_verifier(const std::string& path, bool backtrack) {
  verify::VerifyOptions o;
  o.db_path = path;
  o.backtrack = backtrack;
  o.walks = backtrack ? 0 : 2000;
  Progress progress(false);
  return verify::run_verify(o, progress);
}

}  // namespace

TEST_CASE("loopy: quickcross un-moves are exactly the inverse of moves") {
  for (auto spec : {"3x3", "3x4,connect=3", "4x4", "4x5"}) {
    const auto g = QuickCross::from_options(spec);
    const std::string spec_name = spec;  // clang 14 cannot capture a structured binding
    CAPTURE(spec_name);
    std::mt19937_64 rng(7);
    for (int i = 0; i < 3000; ++i) {
      // A random board (reachable or not: the relation holds on every board).
      QuickCross::Position p;
      for (int q = 0; q < g.squares(); ++q) {
        const auto k = rng() % 3;
        if (k == 1) p.h |= 1u << q;
        if (k == 2) p.v |= 1u << q;
      }
      // Every child lists p among its parents.
      MoveList<QuickCross> moves;
      g.generate_moves(p, moves);
      for (const auto m : moves) {
        bool found = false;
        g.for_each_unmove(g.play(p, m), [&](const QuickCross::Position& q) { found |= q == p; });
        REQUIRE(found);
      }
      // Every parent lists p among its children, and parents are distinct.
      std::vector<QuickCross::Position> parents;
      g.for_each_unmove(p, [&](const QuickCross::Position& q) {
        REQUIRE(std::find(parents.begin(), parents.end(), q) == parents.end());
        parents.push_back(q);
        MoveList<QuickCross> back;
        g.generate_moves(q, back);
        REQUIRE(std::any_of(back.begin(), back.end(), [&](auto m) { return g.play(q, m) == p; }));
      });
      // As many parents as moves lead into p: two per piece on the board.
      CHECK(parents.size() == 2u * static_cast<unsigned>(__builtin_popcount(p.h | p.v)));
    }
  }
}

TEST_CASE("loopy: quickcross 3x3 and 3x4 counts (reachable = orbit-weighted, plus canonical)") {
  TempDir dir;
  {
    const auto r = solve("quickcross:3x3", dir.file("a.gsdb"), SolverChoice::automatic);
    CHECK(r.start == Record{Value::Lose, 6, 0});
    const Stats& s = r.stats;
    CHECK(s.total_reachable() == 18753);
    CHECK(s.reachable_of(Value::Win) == 10812);
    CHECK(s.reachable_of(Value::Lose) == 7709);
    CHECK(s.primitive_reachable == 7628);
    CHECK(s.reachable_of(Value::Draw) == 232);
    CHECK(s.reachable_of(Value::Tie) == 0);
    CHECK(s.total_canonical() == 1359);
    CHECK(s.canonical_of(Value::Win) == 777);
    CHECK(s.canonical_of(Value::Lose) == 565);
    CHECK(s.primitive_canonical == 553);
    CHECK(s.canonical_of(Value::Draw) == 17);
    const auto W = Value::Win, L = Value::Lose;
    check_rows(s, {{0, L, 7628}, {1, W, 10666}, {2, L, 12}, {3, W, 56}, {4, L, 60}, {5, W, 90}, {6, L, 9}});
    CHECK(meta(dir.file("a.gsdb"), "solver") == "retrograde-loopy");
    CHECK(meta(dir.file("a.gsdb"), "complete") == "1");
    CHECK(meta(dir.file("a.gsdb"), "signature") == std::to_string(r.signature));
  }
  {
    const auto r = solve("quickcross:3x4,connect=3", dir.file("b.gsdb"), SolverChoice::automatic);
    CHECK(r.start == Record{Value::Lose, 8, 0});
    const Stats& s = r.stats;
    CHECK(s.total_reachable() == 453831);
    CHECK(s.reachable_of(Value::Win) == 211188);
    CHECK(s.reachable_of(Value::Lose) == 242101);
    CHECK(s.primitive_reachable == 241678);
    CHECK(s.reachable_of(Value::Draw) == 542);
    CHECK(s.total_canonical() == 57522);
    CHECK(s.canonical_of(Value::Win) == 26825);
    CHECK(s.canonical_of(Value::Lose) == 30619);
    CHECK(s.primitive_canonical == 30555);
    CHECK(s.canonical_of(Value::Draw) == 78);
    const auto W = Value::Win, L = Value::Lose;
    check_rows(s, {{0, L, 241678},
                   {1, W, 210248},
                   {2, L, 108},
                   {3, W, 424},
                   {4, L, 234},
                   {5, W, 436},
                   {6, L, 72},
                   {7, W, 80},
                   {8, L, 9}});
  }
}

// An independent Quick Cross solver for small boards: every board (no
// symmetry), its own line test and moves on a digit array (0 empty, 1 '-',
// 2 '|'), plain retrograde waves. Returns the record of every board reachable
// from the empty one, Unknown elsewhere, indexed by the base-3 board number.
std::vector<Record> brute_force_quickcross(int rows, int cols, int k) {
  const int n = rows * cols;
  std::vector<std::uint64_t> pw(n + 1, 1);
  for (int i = 1; i <= n; ++i) pw[i] = pw[i - 1] * 3;
  std::vector<std::vector<int>> lines;
  const int dr[] = {0, 1, 1, 1}, dc[] = {1, 0, 1, -1};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int d = 0; d < 4; ++d) {
        std::vector<int> line;
        for (int i = 0, rr = r, cc = c; i < k && rr >= 0 && rr < rows && cc >= 0 && cc < cols;
             ++i, rr += dr[d], cc += dc[d])
          line.push_back(rr * cols + cc);
        if (static_cast<int>(line.size()) == k) lines.push_back(line);
      }
  auto digit = [&](std::uint64_t b, int q) { return static_cast<int>(b / pw[q] % 3); };
  auto terminal = [&](std::uint64_t b) {
    for (const auto& line : lines) {
      const int o = digit(b, line[0]);
      if (o && std::all_of(line.begin(), line.end(), [&](int q) { return digit(b, q) == o; })) return true;
    }
    return false;
  };
  std::vector<Record> rec(pw[n]);
  std::vector<std::uint8_t> reached(pw[n]), open(pw[n]);
  std::vector<std::uint64_t> order{0};
  reached[0] = 1;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto b = order[i];
    if (terminal(b)) continue;
    for (int q = 0; q < n; ++q)
      for (int o = 1; o <= 2; ++o)
        if (o != digit(b, q)) {
          const auto child = b + pw[q] * o - pw[q] * digit(b, q);
          if (!reached[child]) reached[child] = 1, order.push_back(child);
          ++open[b];  // every move gives a different board
        }
  }
  std::vector<std::uint64_t> win, lose;
  for (auto b : order)
    if (terminal(b)) rec[b] = primitive_record(Value::Lose), lose.push_back(b);
  auto parents = [&](std::uint64_t b, auto&& f) {
    for (int q = 0; q < n; ++q)
      for (int o = 0; o <= 2; ++o)
        if (digit(b, q) && o != digit(b, q)) {
          const auto p = b + pw[q] * o - pw[q] * digit(b, q);
          if (reached[p] && !terminal(p)) f(p);
        }
  };
  for (int r = 0; !win.empty() || !lose.empty(); ++r) {
    std::vector<std::uint64_t> next_win, next_lose;
    for (auto b : lose)
      parents(b, [&](std::uint64_t p) {
        if (!rec[p].known()) rec[p] = Record{Value::Win, static_cast<std::uint16_t>(r + 1), 0}, next_win.push_back(p);
      });
    for (auto b : win)
      parents(b, [&](std::uint64_t p) {
        if (!rec[p].known() && --open[p] == 0)
          rec[p] = Record{Value::Lose, static_cast<std::uint16_t>(r + 1), 0}, next_lose.push_back(p);
      });
    win.swap(next_win);
    lose.swap(next_lose);
  }
  for (auto b : order)
    if (!rec[b].known()) rec[b] = Record{Value::Draw, 0, 0};
  return rec;
}

TEST_CASE("loopy: quickcross agrees with an independent solver on every board, symmetric ones included") {
  TempDir dir(true);
  for (auto [rows, cols, k, spec] : {std::tuple{3, 3, 3, "3x3"}, std::tuple{3, 4, 3, "3x4,connect=3"}}) {
    const std::string spec_name = spec;  // clang 14 cannot capture a structured binding
    CAPTURE(spec_name);
    const auto g = QuickCross::from_options(spec);
    const auto r = solve(g.spec(), dir.file("q.gsdb"), SolverChoice::automatic);
    const auto records = all_records(dir.file("q.gsdb"));
    const auto expected = brute_force_quickcross(rows, cols, k);
    std::uint64_t boards = 0, differ = 0;
    for (std::uint64_t b = 0; b < expected.size(); ++b) {
      if (!expected[b].known()) continue;
      QuickCross::Position p;
      for (int q = 0, x = static_cast<int>(b); q < rows * cols; ++q, x /= 3) {
        if (x % 3 == 1) p.h |= 1u << q;
        if (x % 3 == 2) p.v |= 1u << q;
      }
      ++boards;
      differ += unpack(records[g.rank(g.canonical(p))]) != expected[b];
    }
    CHECK(differ == 0);
    CHECK(boards == r.stats.total_reachable());  // "reachable" counts boards, not classes
  }
}

TEST_CASE("loopy: quickcross records follow DESIGN's rule; parents and wave policies agree; verifier passes") {
  TempDir dir;
  for (auto spec : {"3x3", "3x4,connect=3"}) {
    const std::string spec_name = spec;  // clang 14 cannot capture a structured binding
    CAPTURE(spec_name);
    const auto g = QuickCross::from_options(spec);
    const auto a = run_loopy(g, dir.file("unmoves.gsdb"), ParentSource::unmoves);
    const auto b = run_loopy(g, dir.file("edges.gsdb"), ParentSource::edge_list);
    const auto records = all_records(dir.file("unmoves.gsdb"));
    CHECK(records == all_records(dir.file("edges.gsdb")));
    CHECK(a.signature == b.signature);
    for (auto policy : {WavePolicy::push, WavePolicy::pull, WavePolicy::alternate}) {
      run_loopy(g, dir.file("policy.gsdb"), ParentSource::unmoves, policy);
      CHECK(records == all_records(dir.file("policy.gsdb")));
    }
    CHECK(rule_violations(g, records, false) == 0);
    for (bool backtrack : {true, false}) {
      const auto report = run_verifier(dir.file("unmoves.gsdb"), backtrack);
      CHECK(report.errors() == 0);
      if (backtrack) CHECK(report.counts.checked == a.stats.total_canonical());
    }
  }
}

TEST_CASE("loopy: the loopy solver writes the tiered solver's database on tiered games") {
  TempDir dir;
  struct Case {
    const char* spec;
    bool wdl;
  };
  for (auto [spec, wdl] : {Case{"tictactoe", false}, Case{"connect4:4x4", false}, Case{"reversi:4x4", true}}) {
    const std::string spec_name = spec;  // clang 14 cannot capture a structured binding
    CAPTURE(spec_name);
    const auto tiered = solve(spec, dir.file("tiered.gsdb"), SolverChoice::tiered, wdl);
    const auto loopy = solve(spec, dir.file("loopy.gsdb"), SolverChoice::loopy, wdl);
    CHECK(loopy.start == tiered.start);
    CHECK(loopy.signature == tiered.signature);
    CHECK(loopy.stats.canonical == tiered.stats.canonical);
    CHECK(loopy.stats.reachable == tiered.stats.reachable);
    CHECK(loopy.stats.primitive_canonical == tiered.stats.primitive_canonical);
    CHECK(meta(dir.file("loopy.gsdb"), "signature") == meta(dir.file("tiered.gsdb"), "signature"));
    CHECK(meta(dir.file("loopy.gsdb"), "tiers") == meta(dir.file("tiered.gsdb"), "tiers"));
    const auto a = all_records(dir.file("tiered.gsdb")), b = all_records(dir.file("loopy.gsdb"));
    REQUIRE(a.size() == b.size());
    std::uint64_t differ = 0;
    for (std::size_t i = 0; i < a.size(); ++i) differ += a[i] != b[i];
    CHECK(differ == 0);
  }
  // The known answers, so that "equal" is not "equally wrong".
  CHECK(solve("tictactoe", dir.file("t.gsdb"), SolverChoice::loopy).start == Record{Value::Tie, 9, 0});
}

TEST_CASE("loopy: solver choice errors") {
  TempDir dir;
  CHECK_THROWS_AS(solve("quickcross:3x3", dir.file("x.gsdb"), SolverChoice::tiered), ParseError);
  CHECK_THROWS_AS(solve("reversi:4x4", dir.file("x.gsdb"), SolverChoice::loopy), ParseError);
  CHECK_FALSE(std::filesystem::exists(dir.file("x.gsdb")));  // no file for a refused solve
}

TEST_CASE("loopy: an unfinished solve is not complete; --resume finishes it") {
  TempDir dir;
  const auto path = dir.file("r.gsdb");
  const auto full = solve("quickcross:3x3", path, SolverChoice::automatic);
  {
    // As if killed after the records were committed but before the final mark.
    auto database = db::Database::open(path, db::Database::Mode::write);
    db::WriteTxn txn(*database);
    txn.put_meta("complete", "0");
    txn.commit();
  }
  CHECK(db::Contents::read(*db::Database::open(path, db::Database::Mode::read)).complete == false);
  SolveOptions o;
  o.db_path = path;
  o.resume = true;
  Progress progress(false);
  const auto resumed = solve_spec("quickcross:3x3", o, progress);
  CHECK(resumed.start == full.start);
  CHECK(resumed.signature == full.signature);
  CHECK(resumed.stats.total_reachable() == 18753);
  CHECK(meta(path, "complete") == "1");
  // A complete database is not solved again.
  CHECK_THROWS(solve_spec("quickcross:3x3", o, progress));
  // A killed solve before any record was committed (fresh file, no checkpoint)
  // starts over.
  {
    SolveOptions fresh;
    fresh.db_path = dir.file("s.gsdb");
    SolveSession session(fresh, QuickCross::from_options("3x3").spec(), "retrograde-loopy",
                         {0, QuickCross::from_options("3x3").rank_space()}, false);
  }
  o.db_path = dir.file("s.gsdb");
  CHECK(meta(o.db_path, "complete") != "1");
  CHECK(solve_spec("quickcross:3x3", o, progress).signature == full.signature);
}

TEST_CASE("loopy: Tie waves and Draws on random graphs match whole-graph sweeps") {
  TempDir dir(true);
  std::mt19937_64 rng(2024);
  std::map<Value, std::uint64_t> seen;
  for (int round = 0; round < 100; ++round) {
    const GraphGame g = random_graph(rng, 2 + static_cast<int>(rng() % 49));
    CAPTURE(round);
    const auto expected = sweep_solve(g);
    for (auto parents : {ParentSource::edge_list, ParentSource::unmoves})
      for (auto policy : {WavePolicy::automatic, WavePolicy::push, WavePolicy::pull, WavePolicy::alternate}) {
        CAPTURE(static_cast<int>(parents));
        CAPTURE(static_cast<int>(policy));
        run_loopy(g, dir.file("g.gsdb"), parents, policy);
        const auto records = all_records(dir.file("g.gsdb"));
        REQUIRE(records.size() == expected.size());
        std::uint64_t differ = 0;
        for (std::size_t v = 0; v < records.size(); ++v) differ += unpack(records[v]) != expected[v];
        CHECK(differ == 0);
        CHECK(rule_violations(g, records, false) == 0);
      }
    for (const auto& x : expected) seen[x.value] += x.remoteness > 0 || x.value == Value::Draw;
  }
  // The graphs exercised every kind of non-primitive outcome.
  CHECK(seen[Value::Win] > 0);
  CHECK(seen[Value::Lose] > 0);
  CHECK(seen[Value::Tie] > 0);
  CHECK(seen[Value::Draw] > 0);
}

TEST_CASE("loopy: a hand-made database labelling Draws Win/Lose passes a values-only check, not the verifier") {
  // Take the solved quickcross 3x3 database and relabel some of its Draws
  // (among them a two-position cycle) Win or Lose so that every value still
  // agrees with the children's values: a relabelled Lose has only Win children,
  // a relabelled Win has a Lose child, a remaining Draw has a Draw child and no
  // Lose child. No remoteness can make such a labelling consistent.
  TempDir dir;
  const auto g = QuickCross::from_options("3x3");
  solve("quickcross:3x3", dir.file("good.gsdb"), SolverChoice::automatic);
  auto records = all_records(dir.file("good.gsdb"));
  std::vector<std::uint64_t> draws;
  for (std::uint64_t r = 0; r < records.size(); ++r)
    if (unpack(records[r]).value == Value::Draw) draws.push_back(r);
  REQUIRE(draws.size() == 17);
  // Draw children of each Draw, as indices into `draws` (other children are Win).
  std::vector<std::vector<std::size_t>> kids(draws.size());
  for (std::size_t i = 0; i < draws.size(); ++i)
    for (const auto& c : canonical_children(g, g.unrank(draws[i]))) {
      const auto it = std::find(draws.begin(), draws.end(), g.rank(c));
      if (it != draws.end()) kids[i].push_back(static_cast<std::size_t>(it - draws.begin()));
    }
  enum Label { none, lose, win, draw };
  std::vector<Label> label(draws.size(), none);
  auto fits = [&](std::size_t i) {  // i's label against its children's (none: not yet chosen)
    bool some_lose = false, some_draw = false, open = false, all_win = true;
    for (auto k : kids[i]) {
      some_lose |= label[k] == lose;
      some_draw |= label[k] == draw;
      open |= label[k] == none;
      all_win &= label[k] == win || label[k] == none;
    }
    switch (label[i]) {
      case lose:
        return all_win;
      case win:
        return some_lose || open;
      case draw:
        return !some_lose && (some_draw || open);
      default:
        return true;
    }
  };
  std::function<bool(std::size_t)> search = [&](std::size_t i) -> bool {
    if (i == draws.size()) return std::any_of(label.begin(), label.end(), [](Label l) { return l != draw; });
    for (Label choice : {lose, win, draw}) {
      label[i] = choice;
      bool ok = true;
      for (std::size_t j = 0; j <= i && ok; ++j) ok = fits(j);
      if (ok && search(i + 1)) return true;
    }
    label[i] = none;
    return false;
  };
  REQUIRE(search(0));
  // Among the relabelled: a Lose and a Win that are each other's children (a cycle).
  bool cycle = false;
  for (std::size_t i = 0; i < draws.size(); ++i)
    for (auto k : kids[i])
      cycle |= label[i] == lose && label[k] == win && std::find(kids[k].begin(), kids[k].end(), i) != kids[k].end();
  CHECK(cycle);
  for (std::size_t i = 0; i < draws.size(); ++i)
    if (label[i] != draw)
      records[draws[i]] = pack(label[i] == lose ? Record{Value::Lose, 2, 0} : Record{Value::Win, 3, 0});

  CHECK(rule_violations(g, records, true) == 0);  // values alone: consistent
  CHECK(rule_violations(g, records, false) > 0);  // with remoteness: not

  // Write it as a complete database through the solver's writer.
  SolveOptions o;
  o.db_path = dir.file("bad.gsdb");
  SolveSession session(o, g.spec(), "hand-made", {0, g.rank_space()}, false);
  Stats stats;
  std::uint64_t hash = 0;
  for (std::uint64_t r = 0; r < records.size(); ++r)
    if (records[r]) {
      const auto p = g.unrank(r);
      stats.add(unpack(records[r]), static_cast<std::uint64_t>(g.symmetry_class_size(p)), g.terminal(p).primitive());
      hash += record_hash(r, records[r]);
    }
  db::write_tier(session.db(), 0, records, session.layout(), 3, SolveSession::tier_meta(0, stats, hash));
  session.finish(stats, unpack(records[g.rank(g.start())]), hash);

  const auto back = run_verifier(dir.file("bad.gsdb"), true);
  CHECK(back.errors() > 0);
  CHECK(back.counts.by_kind[static_cast<int>(verify::ErrorKind::wrong_remoteness)] > 0);
  CHECK(back.counts.by_kind[static_cast<int>(verify::ErrorKind::wrong_value)] == 0);
  const auto random = run_verifier(dir.file("bad.gsdb"), false);
  CHECK(random.errors() > 0);
}
