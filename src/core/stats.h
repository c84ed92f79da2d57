// Counts of solved positions by value and remoteness, canonical positions and
// reachable ones (each canonical position weighted by its symmetry class).
// A solve stores one per tier in the meta table ("stats/<tier>"); info sums them.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "src/core/record.h"

namespace gsolve {

struct Stats {
  // [value][remoteness]; Draw counts sit at remoteness 0.
  std::array<std::vector<std::uint64_t>, 5> canonical, reachable;
  std::uint64_t primitive_canonical = 0, primitive_reachable = 0;

  void add(const Record& r, std::uint64_t class_size, bool primitive) {
    auto& c = canonical[static_cast<int>(r.value)];
    auto& a = reachable[static_cast<int>(r.value)];
    if (c.size() <= r.remoteness) {
      c.resize(r.remoteness + 1);
      a.resize(r.remoteness + 1);
    }
    ++c[r.remoteness];
    a[r.remoteness] += class_size;
    if (primitive) {
      ++primitive_canonical;
      primitive_reachable += class_size;
    }
  }
  void merge(const Stats& o);
  std::uint64_t total_canonical() const;
  std::uint64_t total_reachable() const;
  std::uint64_t reachable_of(Value v) const;
  std::uint64_t canonical_of(Value v) const;
  int max_remoteness() const;

  nlohmann::json to_json() const;
  static Stats from_json(const nlohmann::json& j);
};

}  // namespace gsolve
