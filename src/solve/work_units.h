// Work handed out to the processes of a job (src/core/cluster.h) one unit at
// a time: a process that finishes early asks again, so uneven units (search
// trees of very different sizes) keep every process busy to the end. Each
// process works through a block of consecutive units, then takes half of the
// largest block left (neighbouring units share work: a transposition table).
//
// The root serves and works: a thread of its own searches units while the
// main thread answers the other processes and takes every result, its own
// included, in the order they finish (done() runs on the main thread only,
// so it may write the database). Results are 64-bit words of the caller's
// choosing; the units are numbered 0..units-1.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "src/core/cluster.h"

namespace gsolve {

using WorkUnit = std::function<std::vector<std::uint64_t>(std::size_t unit)>;
using UnitDone = std::function<void(std::size_t unit, std::span<const std::uint64_t> result)>;
// Both empty: nothing is shared. Called on the thread that works the units.
struct UnitSharing {
  std::function<void(std::vector<std::uint64_t>& words)> take;     // appends what this process learnt
  std::function<void(std::span<const std::uint64_t> words)> give;  // what the others learnt
};

// The root's part: returns when every unit's result has reached done().
void serve_units(Cluster& cluster, std::size_t units, const WorkUnit& work, const UnitDone& done,
                 const UnitSharing& sharing = {});
// Every other process's part: works units until the root has none left.
void work_units(Cluster& cluster, const WorkUnit& work, const UnitSharing& sharing = {});

}  // namespace gsolve
