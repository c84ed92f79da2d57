#include "src/core/record.h"

namespace gsolve {

Record combine_children(std::span<const Record> children, bool scored) {
  Record best;
  std::int64_t best_key = 0;
  bool have = false;
  for (const Record& child : children) {
    const Record candidate = as_parent(child);
    const std::int64_t key = preference(candidate, scored);
    if (!have || key > best_key) {
      have = true;
      best = candidate;
      best_key = key;
    }
  }
  return best;
}

}  // namespace gsolve
