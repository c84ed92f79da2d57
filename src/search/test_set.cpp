#include "src/search/test_set.h"

#include <chrono>
#include <ctime>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "games/connect4.h"
#include "src/search/searcher.h"

namespace gsolve::search {

BenchResult run_benchmark_file(const std::string& path, int threads, std::size_t hash_mb, std::size_t limit,
                               bool weak) {
  SearchOptions options;
  options.threads = threads;
  options.hash_mb = hash_mb;
  return run_benchmark_file(path, options, limit, weak);
}

BenchResult run_benchmark_file(const std::string& path, const SearchOptions& options, std::size_t limit,
                               bool weak) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  int w = 7, h = 6;
  std::smatch match;
  const std::string name = path.substr(path.find_last_of('/') + 1);
  if (std::regex_search(name, match, std::regex("([0-9]+)x([0-9]+)"))) {
    w = std::stoi(match[1]);
    h = std::stoi(match[2]);
  }
  const Connect4 game(w, h);
  Searcher<Connect4> solver(game, options);
  BenchResult result;
  std::string line;
  while (std::getline(in, line) && (limit == 0 || result.positions < limit)) {
    std::istringstream fields(line);
    std::string moves;
    int expected = 0;
    if (!(fields >> moves >> expected)) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      if (!(std::istringstream(line) >> expected)) throw std::runtime_error("bad line: " + line);
      moves.clear();  // the empty position: "<score>" alone
    }
    const auto p = game.parse(moves);
    solver.clear();
    solver.reset_nodes();
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    int got = weak ? solver.solve_weak(p) : solver.solve(p);
    const std::clock_t c1 = std::clock();
    const auto t1 = std::chrono::steady_clock::now();
    result.cpu_seconds += static_cast<double>(c1 - c0) / CLOCKS_PER_SEC;
    if (weak) expected = (expected > 0) - (expected < 0);
    result.seconds += std::chrono::duration<double>(t1 - t0).count();
    result.nodes += solver.nodes();
    ++result.positions;
    if (got != expected) {
      if (result.mismatches++ == 0)
        result.first_mismatch = moves + " expected " + std::to_string(expected) + " got " + std::to_string(got);
    }
  }
  return result;
}

}  // namespace gsolve::search
