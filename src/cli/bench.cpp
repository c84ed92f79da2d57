// gsolve bench: fixed work with a result signature. The signature changes only
// when some solved record changes; the time is for comparing builds.
#include <fmt/format.h>
#include <tbb/global_control.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "games/registry.h"
#include "src/cli/cli.h"
#include "src/cli/option_ranges.h"
#include "src/search/searcher.h"
#include "src/search/test_set.h"
#include "src/solve/solve.h"

namespace gsolve::cli {
namespace {

const std::vector<std::string> kBenchGames = {"tictactoe", "connect4:4x4", "connect4:5x4", "reversi:4x4",
                                              "quickcross:3x3"};

// Connect 4 positions from the public test sets (Test_L2_R2 and Test_L1_R2),
// solved one by one with a cleared table: nodes are the search's signature.
const std::vector<std::string> kBenchPositions = {
    "274552224131661",  "5455174361263362",  "2531276566711153", "37313333717124171162542",
    "6614446666373154", "24617524315172127", "32751571231557",   "335662333565",
    "2416615552",       "157564142155"};

void run_search_bench(int threads) {
  const Connect4 g(7, 6);
  search::SearchOptions so;
  so.threads = threads;
  so.hash_mb = 64;
  search::Searcher<Connect4> searcher(g, so);
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (const auto& line : kBenchPositions) {
    searcher.clear();
    searcher.reset_nodes();
    const auto t0 = std::chrono::steady_clock::now();
    searcher.solve(g.parse(line));
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    nodes += searcher.nodes();
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
    fmt::print("{:<24} {:>12} {:>18} {:>9.3f}\n", spec, r.stats.total_canonical(), fmt::format("{:016x}", r.signature),
               s);
    total_positions += r.stats.total_canonical();
    signature = signature * 31 + r.signature;
    total_seconds += s;
  }
  std::filesystem::remove_all(dir);
  fmt::print("\nPositions solved: {}\nSignature: {:016x}\nSeconds: {:.3f}\n", total_positions, signature,
             total_seconds);
  run_search_bench(threads);
}

struct SetOptions {
  std::string path;
  std::string position;  // --position: one connect4:7x6 position instead of a set
  std::size_t limit = 0;
  int threads = 1;
  std::size_t hash_mb = 64;
  std::string algorithm;  // empty: the game's default
  bool weak = false;
  bool killers = false, history = false;
  int split_depth = -1, min_split_empties = -1;  // -1: the game's defaults
  bool all_moves = false;
  bool remoteness = false;
  bool json = false;
};

search::SearchOptions solver_options(const SetOptions& o) {
  search::SearchOptions so;
  so.threads = o.threads;
  so.hash_mb = o.hash_mb;
  if (!o.algorithm.empty()) so.algorithm = search::parse_algorithm(o.algorithm);
  so.killers = o.killers;
  so.history = o.history;
  so.split_depth = o.split_depth;
  so.min_split_empties = o.min_split_empties;
  return so;
}

// One line per run over a test set (src/search/test_set.h: Connect 4 sets
// "<moves> <Pons score>", OBF reversi files): mean CPU time, wall time and
// nodes per position, wrong answers. Exit 1 when any answer is wrong.
template <class G, class Solver>
int run_set_bench(const SetOptions& o, const G& game, Solver& searcher, const search::TestSet& set) {
  const search::SetResult r = search::run_test_set(game, searcher, set, o.weak, o.all_moves, o.remoteness);
  const std::string name = std::filesystem::path(o.path).filename().string();
  const double n = r.positions ? static_cast<double>(r.positions) : 1.0;
  std::string algorithm = o.algorithm;  // the root driver by name, the game's default included
  if constexpr (requires { searcher.algorithm(); }) algorithm = search::algorithm_name(searcher.algorithm());
  if (o.json) {
    nlohmann::json j = {{"set", name},
                        {"positions", r.positions},
                        {"threads", o.threads},
                        {"algorithm", algorithm},
                        {"weak", o.weak},
                        {"killers", o.killers},
                        {"history", o.history},
                        {"mean_cpu_ms", r.cpu_seconds / n * 1e3},
                        {"mean_wall_ms", r.seconds / n * 1e3},
                        {"mean_nodes", r.mean_nodes()},
                        {"wrong", r.mismatches}};
    if (o.all_moves) j["moves_checked"] = r.moves_checked;
    if (o.remoteness) {
      j["mean_remoteness_cpu_ms"] = r.remoteness_cpu_seconds / n * 1e3;
      j["mean_remoteness_nodes"] = static_cast<double>(r.remoteness_nodes) / n;
      j["remoteness_sum"] = r.remoteness_sum;
    }
    if (r.mismatches) j["first_wrong"] = r.first_mismatch;
    fmt::print("{}\n", j.dump());
  } else {
    const std::string driver =
        (o.algorithm.empty() ? "default" : o.algorithm) + (o.killers ? "+killers" : "") + (o.history ? "+history" : "");
    fmt::print(
        "{:<12} {:>6} lines {:>2} thr {:<18} mean CPU {:>10.3f} ms  wall {:>10.3f} ms  nodes {:>12.0f}  {}wrong {}{}\n",
        name, r.positions, o.threads, driver, r.cpu_seconds / n * 1e3, r.seconds / n * 1e3, r.mean_nodes(),
        o.all_moves ? fmt::format("moves {}  ", r.moves_checked) : "", r.mismatches,
        r.mismatches ? " (first: " + r.first_mismatch + ")" : "");
    if (o.remoteness)
      fmt::print("{:<12} remoteness phase: mean CPU {:.3f} ms, nodes {:.0f} (sum of remoteness {})\n", name,
                 r.remoteness_cpu_seconds / n * 1e3, static_cast<double>(r.remoteness_nodes) / n, r.remoteness_sum);
  }
  return r.mismatches ? 1 : 0;
}

int run_set_bench(const SetOptions& o) {
  const search::TestSet set = search::read_test_set(o.path, o.limit);
  return with_game(set.game_spec, [&](const auto& game) -> int {
    using G = std::decay_t<decltype(game)>;
    if constexpr (search::kHasSearcher<G>) {
      search::Searcher<G> searcher(game, solver_options(o));
      return run_set_bench(o, game, searcher, set);
    } else {
      throw ParseError(set.game_spec + ": no search solver for this game");
    }
  });
}

// One connect4:7x6 position (the empty board: the classic benchmark), root only.
int run_position_bench(const SetOptions& o) {
  const Connect4 g(7, 6);
  const auto p = g.parse(o.position);
  const search::SearchOptions so = solver_options(o);
  search::Searcher<Connect4> searcher(g, so);
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  const int score = o.weak ? searcher.solve_weak(p) : searcher.solve(p);
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (o.json) {
    fmt::print("{}\n", nlohmann::json({{"position", o.position},
                                       {"score", score},
                                       {"threads", o.threads},
                                       {"algorithm", o.algorithm},
                                       {"weak", o.weak},
                                       {"nodes", searcher.nodes()},
                                       {"wall_seconds", wall},
                                       {"cpu_seconds", cpu}})
                           .dump());
  } else {
    fmt::print("position '{}': {} {}, {} nodes, {:.2f} s wall, {:.2f} s CPU, {} thread(s), {}\n", o.position,
               o.weak ? "sign" : "Pons score", score, searcher.nodes(), wall, cpu, o.threads, o.algorithm);
  }
  return 0;
}

}  // namespace

void add_bench(CLI::App& app) {
  auto o = std::make_shared<SetOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "Fixed work with a result signature: solve a set of small games and search 10 Connect 4 positions.\n"
      "With --set FILE: search every line of a test set (Connect 4 \"<moves> <Pons score>\" or reversi OBF)\n"
      "instead, the table cleared before each position, every score checked (exit 1 on a wrong one), and\n"
      "print mean CPU time, wall time and nodes per position.");
  add_threads_option(cmd, o->threads, "1");
  cmd->add_option("--set", o->path,
                  "A test set: *.obf is reversi OBF (\"<board> <side>; <move>:<score>; ...\"), anything else a\n"
                  "Connect 4 set (\"<moves> <Pons score>\"); the board size is \"WxH\" in the file's name, else\n"
                  "8x8 for reversi and 7x6 for Connect 4")
      ->check(CLI::ExistingFile);
  cmd->add_option("--position", o->position, "Search one connect4:7x6 position (moves; \"\" = the empty board)")
      ->excludes("--set");
  add_integer_option<std::size_t>(cmd, "--limit", o->limit, 1, std::numeric_limits<std::int64_t>::max(),
                                  "--set: only the first N lines (default all)");
  add_integer_option<std::size_t>(cmd, "--hash", o->hash_mb, 1, kMaxHashMb,
                                  "--set, --position: transposition table size in MB (default 64)");
  cmd->add_option("--algorithm", o->algorithm,
                  "--set, --position: root driver: narrowing, negascout, mtdf, alphabeta (default: the game's, "
                  "narrowing for connect4)")
      ->check(CLI::IsMember({"narrowing", "negascout", "mtdf", "alphabeta"}));
  cmd->add_flag("--weak", o->weak, "--set, --position: the sign of each score only");
  cmd->add_flag("--killers", o->killers,
                "--set, --position: order moves with killer moves too (off: they cost nodes here)");
  cmd->add_flag("--history", o->history,
                "--set, --position: order moves with the history heuristic too (off: it costs nodes)");
  add_integer_option(
      cmd, "--split-depth", o->split_depth, 0, 64,
      "Parallel search: plies below the root that may split (default: the game's; connect4 6, reversi 8)");
  add_integer_option(cmd, "--min-split-empties", o->min_split_empties, 0, 64,
                     "Parallel search: no split where fewer squares are empty (default: the game's; connect4 16, "
                     "reversi 14)");
  cmd->add_flag("--all-moves", o->all_moves, "--set: also solve every listed move and check its score (OBF)");
  cmd->add_flag("--remoteness", o->remoteness,
                "--set: after each solve, find the record (remoteness phase) and report its cost apart");
  cmd->add_flag("--json", o->json, "--set, --position: one JSON object per run");
  cmd->callback([=] {
    o->threads = thread_count(o->threads);
    if (cmd->count("--position")) {
      exit_code() = run_position_bench(*o);
      return;
    }
    if (o->path.empty()) {
      run_bench(o->threads);
      return;
    }
    exit_code() = run_set_bench(*o);
  });
}

}  // namespace gsolve::cli
