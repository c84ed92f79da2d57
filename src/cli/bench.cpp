// gsolve bench: fixed work with a result signature. The signature changes only
// when some solved record changes; the time is for comparing builds.
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include <fmt/format.h>
#include <tbb/global_control.h>

#include "src/cli/cli.h"
#include "src/search/connect4_search.h"
#include "src/solve.h"

namespace gsolve::cli {
namespace {

const std::vector<std::string> kBenchGames = {"tictactoe", "connect4:4x4", "connect4:5x4", "reversi:4x4",
                                              "quickcross:3x3"};

// Connect 4 positions from the public test sets (Test_L2_R2 and Test_L1_R2),
// solved one by one with a cleared table: nodes are the search's signature.
const std::vector<std::string> kBenchPositions = {
    "274552224131661", "5455174361263362", "2531276566711153", "37313333717124171162542",
    "6614446666373154", "24617524315172127", "32751571231557",  "335662333565",
    "2416615552",      "157564142155"};

void run_search_bench(int threads) {
  const Connect4 g(7, 6);
  search::SolverOptions so;
  so.threads = threads;
  so.hash_mb = 64;
  search::Connect4Solver solver(g, so);
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (const auto& line : kBenchPositions) {
    solver.clear();
    solver.reset_nodes();
    const auto t0 = std::chrono::steady_clock::now();
    solver.solve(g.parse(line));
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    nodes += solver.nodes();
  }
  fmt::print("\nsearch: {} connect4:7x6 positions\nNodes searched: {}{}\nSeconds: {:.3f}\n", kBenchPositions.size(),
             nodes, threads > 1 ? " (varies with more than one thread)" : "", seconds);
}

void run_bench(int threads) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  char tmpl[] = "/tmp/gsolve-bench-XXXXXX";
  const std::string dir = ::mkdtemp(tmpl);
  std::uint64_t total_positions = 0, signature = 0;
  double total_seconds = 0;
  fmt::print("{:<24} {:>12} {:>18} {:>9}\n", "game", "positions", "signature", "seconds");
  for (const auto& spec : kBenchGames) {
    SolveOptions o;
    o.db_path = dir + "/bench.gsdb";
    o.force = true;
    Progress progress(false);
    const auto t0 = std::chrono::steady_clock::now();
    const SolveResult r = solve_spec(spec, o, progress);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fmt::print("{:<24} {:>12} {:>18} {:>9.3f}\n", spec, r.stats.total_canonical(), fmt::format("{:016x}", r.signature), s);
    total_positions += r.stats.total_canonical();
    signature = signature * 31 + r.signature;
    total_seconds += s;
  }
  std::filesystem::remove_all(dir);
  fmt::print("\nPositions solved: {}\nSignature: {:016x}\nSeconds: {:.3f}\n", total_positions, signature, total_seconds);
  run_search_bench(threads);
}

}  // namespace

void add_bench(CLI::App& app) {
  auto threads = std::make_shared<int>(1);
  CLI::App* cmd = app.add_subcommand("bench", "Solve a fixed set of small games; print positions, signature, time");
  cmd->add_option("--threads", *threads, "Worker threads (default 1)");
  cmd->callback([=] { run_bench(*threads); });
}

}  // namespace gsolve::cli
