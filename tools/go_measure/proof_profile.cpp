#include "tools/go_measure/proof_profile.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "tools/go_measure/local_oracle.h"

namespace gsolve::go_measure {

namespace {

// The positions expanded so far (board, side to move, passes, goal), as
// 64-bit hashes in an open-addressed set of 2^26 slots (512 MB; a hash
// collision undercounts by one in 2^64 / n).
class SeenSet {
 public:
  bool insert(std::uint64_t h) {
    if (slots_.empty()) slots_.assign(std::size_t{1} << 26, 0);
    h |= 1;  // 0 marks an empty slot
    for (std::size_t i = h >> 38;; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == h) return false;
      if (slots_[i] == 0) {
        slots_[i] = h;
        return true;
      }
    }
  }

 private:
  std::vector<std::uint64_t> slots_;
};

std::uint64_t position_hash(const Go::Position& p, int t) {
  std::uint64_t h = p.black * 0x9e3779b97f4a7c15ull ^ (p.white + 0x632be59bd9b4e019ull) * 0xc2b2ae3d27d4eb4full;
  h ^= (static_cast<std::uint64_t>(p.black_to_move) | static_cast<std::uint64_t>(p.passes) << 1 |
        static_cast<std::uint64_t>(static_cast<std::uint32_t>(t)) << 8) *
       0xd6e8feb86659fd93ull;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 32);
}

struct Row {
  std::uint64_t expansions = 0, distinct = 0, alive = 0, decided = 0, top = 0, below = 0, below_holds = 0;
  std::uint64_t proven = 0, first = 0, at_sight = 0, descents = 0;
  std::uint64_t settled = 0;   // the oracle's settled points, summed over the expansions
  std::uint64_t kind[5] = {};  // proving moves: capture, atari, next to the opponent, other, pass
  std::uint64_t killer = 0,
                killer_fixes = 0;  // the last proving move at the ply proves again; and the first child did not
  std::uint64_t refuted = 0, refuted_children = 0;
  double most_share = 0, first_share = 0;
  std::uint64_t proven_work = 0, wasted_work = 0, refuted_work = 0;  // below proven (descended) and refuted expansions
  void add(const Row& r) {
    proven_work += r.proven_work, wasted_work += r.wasted_work, refuted_work += r.refuted_work;
    for (int k = 0; k < 5; ++k) kind[k] += r.kind[k];
    killer += r.killer, killer_fixes += r.killer_fixes, refuted += r.refuted, refuted_children += r.refuted_children;
    most_share += r.most_share, first_share += r.first_share;
    expansions += r.expansions, distinct += r.distinct, alive += r.alive, decided += r.decided, top += r.top,
        below += r.below;
    below_holds += r.below_holds;
    proven += r.proven, first += r.first, at_sight += r.at_sight, descents += r.descents;
    settled += r.settled;
  }
};

struct Profile {
  std::unique_ptr<LocalOracle> oracle;
  int base = -1;  // line index of the first test's root
  bool score_goal = true;
  std::vector<Row> rows;          // per ply below the base
  std::vector<int> last_proving;  // per ply: the proving move of the last proven expansion there
  SeenSet seen;
  std::vector<int> decided_above;  // per ply on the line: the shallowest decided node's ply, or -1
  std::vector<int> verdict;        // per ply on the line: the oracle's on the node's goal (1 holds, -1 fails, 0 none)
  std::uint64_t agree = 0, disagree = 0;
  std::vector<Go::Position> at;  // per ply on the line (dumps)
  std::vector<int> t_at;
  std::unique_ptr<Go> oracle_go;  // the oracle's verdicts against the prover's results

  Row& row(int ply) {
    if (static_cast<int>(rows.size()) <= ply) {
      rows.resize(ply + 1);
      decided_above.resize(ply + 1, -1);
      last_proving.resize(ply + 1, -1);
      verdict.resize(ply + 1, 0);
      at.resize(ply + 1);
      t_at.resize(ply + 1);
    }
    return rows[ply];
  }
  // Whether the oracle decides "score >= t" at p; the line's decided ancestor is updated.
  bool decide(const Go::Position& p, int ply, int t, Row& r) {
    const LocalOracle::Bounds b = oracle->bounds(p);
    const bool decided = score_goal && (b.lower >= t || b.upper < t);
    verdict[ply] = !decided ? 0 : b.lower >= t ? 1 : -1;
    at[ply] = p;
    t_at[ply] = t;
    int above = ply > 0 ? decided_above[ply - 1] : -1;
    if (above < 0 && decided) above = ply;
    decided_above[ply] = above;
    r.alive += b.any_alive;
    r.settled += static_cast<std::uint64_t>(b.settled_points);
    return decided;
  }

  ~Profile() {
    if (rows.empty()) return;
    std::string out =
        fmt::format("{:>4} {:>11} {:>10} {:>10} {:>10} {:>10} {:>11} {:>11} {:>10} {:>7} {:>10} {:>8} {:>8}\n", "ply",
                    "expansions", "distinct", "alive", "decided", "top", "below", "below+", "proven", "first%",
                    "at sight", "descents", "settled");
    const auto line = [&](const std::string& ply, const Row& r) {
      out += fmt::format(
          "{:>4} {:>11} {:>10} {:>10} {:>10} {:>10} {:>11} {:>11} {:>10} {:>7.1f} {:>10} {:>8.2f} {:>8.2f}\n", ply,
          r.expansions, r.distinct, r.alive, r.decided, r.top, r.below, r.below_holds, r.proven,
          r.proven ? 100.0 * r.first / r.proven : 0.0, r.at_sight,
          r.proven ? static_cast<double>(r.descents) / r.proven : 0.0,
          r.expansions ? static_cast<double>(r.settled) / r.expansions : 0.0);
    };
    Row all;
    for (std::size_t ply = 0; ply < rows.size(); ++ply) {
      line(std::to_string(ply), rows[ply]);
      all.add(rows[ply]);
    }
    line("all", all);
    out += fmt::format(
        "local oracle: regions up to {} points, {} region shapes solved; on the nodes resolved, its "
        "verdict agrees {} times, disagrees {} times\n",
        oracle->max_region(), oracle->shapes_solved(), agree, disagree);
    out += fmt::format(
        "{:>4} {:>9} {:>7} {:>7} {:>7} {:>7} {:>7} {:>8} {:>8} {:>9} {:>9} {:>8} {:>8} {:>10} {:>7} {:>10}\n", "ply",
        "proven", "capt%", "atari%", "touch%", "other%", "pass%", "killer%", "fixes%", "refuted", "children", "most%",
        "first%", "work+", "wasted%", "work-");
    const auto order_line = [&](const std::string& ply, const Row& r) {
      const double p = r.proven ? 100.0 / r.proven : 0.0, q = r.refuted ? 1.0 / r.refuted : 0.0;
      out += fmt::format(
          "{:>4} {:>9} {:>7.1f} {:>7.1f} {:>7.1f} {:>7.1f} {:>7.1f} {:>8.1f} {:>8.1f} {:>9} {:>9.2f} {:>8.1f} {:>8.1f} "
          "{:>10} {:>7.1f} {:>10}\n",
          ply, r.proven, p * r.kind[0], p * r.kind[1], p * r.kind[2], p * r.kind[3], p * r.kind[4], p * r.killer,
          p * r.killer_fixes, r.refuted, q * r.refuted_children, 100 * q * r.most_share, 100 * q * r.first_share,
          r.proven_work, r.proven_work ? 100.0 * r.wasted_work / r.proven_work : 0.0, r.refuted_work);
    };
    for (std::size_t ply = 0; ply < rows.size(); ++ply) order_line(std::to_string(ply), rows[ply]);
    order_line("all", all);
    std::fputs(out.c_str(), stderr);
  }
};

Profile profile;

}  // namespace

void profile_begin(const Go& go, const std::vector<Go::Position>& line, bool score_goal, int t) {
  if (!profile.oracle) {
    // GSOLVE_MEASURE_MAX_REGION: the oracle's largest region (default 8 points, at most 10).
    const char* max_region = std::getenv("GSOLVE_MEASURE_MAX_REGION");
    const int most =
        max_region ? std::clamp(std::atoi(max_region), 1, LocalOracle::kMaxRegion) : LocalOracle::kDefaultRegion;
    profile.oracle = std::make_unique<LocalOracle>(go, most);
    profile.oracle_go = std::make_unique<Go>(go);
  }
  const int root = static_cast<int>(line.size()) - 1;
  if (profile.base < 0) profile.base = root;
  profile.score_goal = score_goal;
  // The line from the base down to the test's root (not expanded by this
  // test): which of its nodes the oracle decides, for the goals alternating up.
  for (int i = profile.base; i < root; ++i) {
    const int ply = i - profile.base;
    Row scratch;
    profile.row(ply);
    profile.decide(line[i], ply, (root - i) % 2 ? 1 - t : t, scratch);
  }
  profile.row(root - profile.base);
}

void profile_enter(const Go::Position& p, int index, int t) {
  const int ply = index - profile.base;
  Row& r = profile.row(ply);
  const bool decided = profile.decide(p, ply, t, r);
  ++r.expansions;
  r.distinct += profile.seen.insert(position_hash(p, t));
  // GSOLVE_MEASURE_SAMPLE=N: print every N-th expansion's board, its ply and goal.
  static const long sample = std::getenv("GSOLVE_MEASURE_SAMPLE") ? std::atol(std::getenv("GSOLVE_MEASURE_SAMPLE")) : 0;
  static long seen_expansions = 0;
  if (sample > 0 && ++seen_expansions % sample == 0)
    std::fputs(fmt::format("sample: ply {} t {}\n{}\n", ply, t, profile.oracle_go->format(p)).c_str(), stderr);
  r.decided += decided;
  const int above = profile.decided_above[ply];
  r.top += above == ply;
  if (above >= 0) {
    ++profile.rows[above].below;
    profile.rows[above].below_holds += profile.verdict[above] == 1;
  }
}

void profile_resolved(int index, bool proven) {
  const int v = profile.verdict[index - profile.base];
  if (v != 0) ++(v == (proven ? 1 : -1) ? profile.agree : profile.disagree);
  if (v != 0 && v != (proven ? 1 : -1) && profile.disagree <= 12 && std::getenv("GSOLVE_MEASURE_DUMP"))
    std::fputs(fmt::format("disagree: {} t {} oracle {}\n{}\n", index, profile.t_at[index - profile.base], v,
                           profile.oracle_go->format(profile.at[index - profile.base]))
                   .c_str(),
               stderr);
}

void profile_proven(const Go& go, const Go::Position& p, int index, int descents, int first, int proving, Go::Move move,
                    std::uint64_t work, std::uint64_t wasted) {
  const int ply = index - profile.base;
  Row& r = profile.row(ply);
  int& killer = profile.last_proving[ply];
  const bool killer_hit = killer == move;
  killer = move;
  if (first < 0) {
    ++r.at_sight;
    return;
  }
  ++r.proven;
  r.first += first == proving;
  r.descents += descents;
  r.killer += killer_hit;
  r.killer_fixes += killer_hit && first != proving;
  r.proven_work += work;
  r.wasted_work += wasted;
  // The proving move's kind: whether it captures, ataris or touches an opponent block.
  int kind = 4;
  if (move != Go::kPass) {
    const std::uint64_t stone = std::uint64_t{1} << move, opp = p.opp(), empty = go.board_mask() & ~(p.black | p.white);
    kind = 3;
    for (std::uint64_t rest = go.neighbours(stone) & opp; rest;) {
      std::uint64_t block = rest & (~rest + 1);
      for (std::uint64_t grown = block;; block = grown) {
        grown = (block | go.neighbours(block)) & opp;
        if (grown == block) break;
      }
      rest &= ~block;
      const int liberties = std::popcount(go.neighbours(block) & empty & ~stone);
      kind = std::min(kind, liberties == 0 ? 0 : liberties == 1 ? 1 : 2);
    }
  }
  ++r.kind[kind];
}

void profile_refuted(int index, int children, std::uint64_t work, std::uint64_t most, std::uint64_t first) {
  Row& r = profile.row(index - profile.base);
  ++r.refuted;
  r.refuted_children += children;
  r.refuted_work += work;
  if (work == 0) return;
  r.most_share += static_cast<double>(most) / static_cast<double>(work);
  r.first_share += static_cast<double>(first) / static_cast<double>(work);
}

}  // namespace gsolve::go_measure
