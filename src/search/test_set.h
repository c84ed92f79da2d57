// Benchmark over a Connect 4 test-set file of `<moves> <score>` lines (the
// Test_* sets, ref_WxH files: the board size comes from "WxH" in the file
// name, else 7x6). For each of the first `limit` lines (0 = all): clear the
// table, solve (weak: sign only), compare with the expected score. Times
// exclude the table clearing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "src/search/options.h"

namespace gsolve::search {

struct BenchResult {
  std::size_t positions = 0;
  std::size_t mismatches = 0;  // wrong scores (weak: wrong signs)
  std::string first_mismatch;  // "<line> expected E got G"
  double seconds = 0;          // total wall time of the solves
  double cpu_seconds = 0;      // total CPU time of the solves (all threads)
  std::uint64_t nodes = 0;     // total nodes
  double mean_seconds() const { return positions ? seconds / static_cast<double>(positions) : 0; }
  double mean_nodes() const { return positions ? static_cast<double>(nodes) / static_cast<double>(positions) : 0; }
};
BenchResult run_benchmark_file(const std::string& path, int threads, std::size_t hash_mb, std::size_t limit,
                               bool weak);
BenchResult run_benchmark_file(const std::string& path, const SearchOptions& options, std::size_t limit,
                               bool weak);

}  // namespace gsolve::search
