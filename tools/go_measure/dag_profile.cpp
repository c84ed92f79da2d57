#include "tools/go_measure/dag_profile.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <unordered_map>

namespace gsolve::go_measure {
namespace {

struct Side {
  std::uint64_t cause[7] = {};
  std::uint64_t sampled = 0, with_twins = 0, with_shared = 0;
  std::uint64_t sum = 0, twins = 0, shared = 0, shared_keys = 0;
  std::uint64_t with_cycle = 0, cycles = 0, with_above = 0, above = 0;
};

struct DagProfile {
  struct Last {
    std::uint64_t parent_key, parent_serial;
  };
  std::unordered_map<std::uint64_t, Last> last;
  Side side[2];  // white, black to move
  bool used = false;

  ~DagProfile() {
    if (!used) return;
    static constexpr const char* kNames[] = {"first",      "lost",         "result lost", "unusable",
                                             "same visit", "parent again", "other parent"};
    std::string out = "dag profile (causes of the expansions; sums of the sampled expansions)\n";
    out += fmt::format("{:<14}{:>14}{:>8}{:>14}{:>8}\n", "cause", "white", "%", "black", "%");
    std::uint64_t total[2] = {};
    for (int s = 0; s < 2; ++s)
      for (const std::uint64_t n : side[s].cause) total[s] += n;
    for (int c = 0; c < 7; ++c)
      out += fmt::format("{:<14}{:>14}{:>8.1f}{:>14}{:>8.1f}\n", kNames[c], side[0].cause[c],
                         100.0 * side[0].cause[c] / std::max<std::uint64_t>(total[0], 1), side[1].cause[c],
                         100.0 * side[1].cause[c] / std::max<std::uint64_t>(total[1], 1));
    out += fmt::format("{:<14}{:>14}{:>8}{:>14}\n", "all", total[0], "", total[1]);
    for (int s = 0; s < 2; ++s) {
      const Side& d = side[s];
      out += fmt::format(
          "{} to move: sampled {}, with twins {} ({:.1f}%), with shared {} ({:.1f}%); disproof sums {}, "
          "twins over {} ({:.2f}%), shared over {} ({:.2f}%), shared keys {}\n",
          s ? "black" : "white", d.sampled, d.with_twins, 100.0 * d.with_twins / std::max<std::uint64_t>(d.sampled, 1),
          d.with_shared, 100.0 * d.with_shared / std::max<std::uint64_t>(d.sampled, 1), d.sum, d.twins,
          100.0 * d.twins / std::max<std::uint64_t>(d.sum, 1), d.shared,
          100.0 * d.shared / std::max<std::uint64_t>(d.sum, 1), d.shared_keys);
    }
    for (int s = 0; s < 2; ++s)
      out += fmt::format(
          "{} to move: expansions with a move superko forbids in the search {} ({} moves), above it {} ({} moves)\n",
          s ? "black" : "white", side[s].with_cycle, side[s].cycles, side[s].with_above, side[s].above);
    std::fputs(out.c_str(), stderr);
  }
};

DagProfile profile;

}  // namespace

void dag_enter(bool black, std::uint64_t key, std::uint64_t parent_key, std::uint64_t parent_serial, Held held) {
  if (!profile.used) {
    profile.used = true;
    profile.last.reserve(std::size_t{1} << 23);
  }
  Cause cause;
  const auto [it, inserted] = profile.last.try_emplace(key, DagProfile::Last{parent_key, parent_serial});
  if (inserted) {
    cause = Cause::First;
  } else if (held == Held::Nothing) {
    cause = Cause::Lost;
  } else if (held == Held::ResultNumbers) {
    cause = Cause::ResultLost;
  } else if (held == Held::Result) {
    cause = Cause::Unusable;
  } else if (it->second.parent_key != parent_key) {
    cause = Cause::OtherParent;
  } else {
    cause = it->second.parent_serial == parent_serial ? Cause::SameVisit : Cause::ParentAgain;
  }
  it->second = {parent_key, parent_serial};
  ++profile.side[black].cause[static_cast<int>(cause)];
}

void dag_cycles(bool black, int in_search, int above) {
  Side& d = profile.side[black];
  d.with_cycle += in_search > 0;
  d.cycles += in_search;
  d.with_above += above > 0;
  d.above += above;
}

void dag_sum(bool black, std::uint64_t sum, std::uint64_t twins, std::uint64_t shared, std::uint64_t shared_keys) {
  Side& d = profile.side[black];
  ++d.sampled;
  d.with_twins += twins > 0;
  d.with_shared += shared > 0;
  d.sum += sum;
  d.twins += twins;
  d.shared += shared;
  d.shared_keys += shared_keys;
}

}  // namespace gsolve::go_measure
