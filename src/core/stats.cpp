#include "src/core/stats.h"

#include <algorithm>
#include <numeric>

namespace gsolve {
namespace {

void add_into(std::vector<std::uint64_t>& to, const std::vector<std::uint64_t>& from) {
  if (to.size() < from.size()) to.resize(from.size());
  for (std::size_t i = 0; i < from.size(); ++i) to[i] += from[i];
}

std::uint64_t sum(const std::vector<std::uint64_t>& v) { return std::accumulate(v.begin(), v.end(), std::uint64_t{0}); }

}  // namespace

void Stats::merge(const Stats& o) {
  for (int v = 0; v < 5; ++v) {
    add_into(canonical[v], o.canonical[v]);
    add_into(reachable[v], o.reachable[v]);
  }
  primitive_canonical += o.primitive_canonical;
  primitive_reachable += o.primitive_reachable;
}

std::uint64_t Stats::total_canonical() const {
  std::uint64_t n = 0;
  for (const auto& v : canonical) n += sum(v);
  return n;
}

std::uint64_t Stats::total_reachable() const {
  std::uint64_t n = 0;
  for (const auto& v : reachable) n += sum(v);
  return n;
}

std::uint64_t Stats::reachable_of(Value v) const { return sum(reachable[static_cast<int>(v)]); }
std::uint64_t Stats::canonical_of(Value v) const { return sum(canonical[static_cast<int>(v)]); }

int Stats::max_remoteness() const {
  std::size_t m = 0;
  for (const auto& v : canonical) m = std::max(m, v.size());
  return static_cast<int>(m) - 1;
}

nlohmann::json Stats::to_json() const {
  nlohmann::json j;
  for (int v = 1; v < 5; ++v) {
    const std::string name(value_name(static_cast<Value>(v)));
    j["canonical"][name] = canonical[v];
    j["reachable"][name] = reachable[v];
  }
  j["primitive"] = {primitive_canonical, primitive_reachable};
  return j;
}

Stats Stats::from_json(const nlohmann::json& j) {
  Stats s;
  for (int v = 1; v < 5; ++v) {
    const std::string name(value_name(static_cast<Value>(v)));
    s.canonical[v] = j.at("canonical").at(name).get<std::vector<std::uint64_t>>();
    s.reachable[v] = j.at("reachable").at(name).get<std::vector<std::uint64_t>>();
  }
  s.primitive_canonical = j.at("primitive").at(0).get<std::uint64_t>();
  s.primitive_reachable = j.at("primitive").at(1).get<std::uint64_t>();
  return s;
}

}  // namespace gsolve
