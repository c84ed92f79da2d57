// gsolve solve GAME --db FILE: strong solve into a new database.
#include "src/solve/solve.h"

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>

#include "db/database.h"
#include "games/registry.h"
#include "src/cli/cli.h"
#include "src/cli/option_ranges.h"
#include "src/core/cluster.h"
#include "src/retrograde/memory_estimate.h"

namespace gsolve::cli {

namespace {
// A finished database of the same game: --resume has nothing to do. (Another
// game falls through to the solve, which refuses it with a clear error.)
bool already_complete(const std::string& path, const std::string& spec) {
  if (::access(path.c_str(), F_OK) != 0 || db::Database::interrupted_creation(path)) return false;
  const auto db = db::Database::open(path, db::Database::Mode::read);
  const std::string game = with_game(spec, [](const auto& g) { return std::string(g.spec()); });
  return db->meta_or("complete", "0") == "1" && db->meta_or("game", "") == game;
}
// Memory the solve may use: MemAvailable (free plus reclaimable cache), else
// the physical memory.
double available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);) {
    if (!line.starts_with("MemAvailable:")) continue;
    std::istringstream fields(line.substr(13));
    double kib = 0;
    if (fields >> kib) return kib * 1024;
  }
  return static_cast<double>(::sysconf(_SC_PHYS_PAGES)) * static_cast<double>(::sysconf(_SC_PAGE_SIZE));
}

std::string format_bytes(double bytes) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (bytes >= 1024 && u < 6) bytes /= 1024, ++u;
  return u == 0 ? fmt::format("{:.0f} bytes", bytes) : fmt::format("{:.1f} {}", bytes, units[u]);
}

// Refuses (exit 2) a strong solve whose estimated peak memory exceeds
// --max-memory, or the machine's available memory without it.
void check_memory(const std::string& spec, const SolveOptions& o, std::uint64_t max_memory) {
  if (o.store_depth >= 0) return;  // search solve: its table size is --hash
  with_game(spec, [&](const auto& g) {
    using G = std::decay_t<decltype(g)>;
    if constexpr (requires { G::kNeedsStoreDepth; }) return;  // solve_spec says what to give
    if (!g.has_rank()) return;                                // solve_spec says why it cannot
    const bool loopy = o.solver == SolverChoice::loopy || (o.solver == SolverChoice::automatic && G::kLoopy);
    // A job's processes each hold whole tiers; those on one machine share its memory.
    const int here = Cluster::world().local_size();
    const double need = strong_solve_peak_bytes(g, loopy) * here;
    const double have = max_memory ? static_cast<double>(max_memory) : available_memory_bytes();
    if (need <= have) return;
    const std::string search = std::is_same_v<G, Connect4> ? "; solve by search with --store-depth D instead" : "";
    const std::string who = here > 1 ? fmt::format(" ({} processes of the job on this machine)", here) : "";
    throw ParseError(fmt::format("{}: a strong solve needs about {} of memory{}, more than {} ({}){}", g.spec(),
                                 format_bytes(need), who, format_bytes(have),
                                 max_memory ? "--max-memory" : "available on this machine", search));
  });
}

}  // namespace

void add_solve(CLI::App& app) {
  auto opts = std::make_shared<SolveOptions>();
  auto spec = std::make_shared<std::string>();
  auto objective = std::make_shared<std::string>("full");
  auto json = std::make_shared<bool>(false);
  auto solver = std::make_shared<std::string>("auto");
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "Strongly solve a game into a database (every reachable position), or its first plies by search "
      "(--store-depth).\nUnder mpirun or srun the processes solve it together (one database, written by "
      "process 0); --threads counts each process's threads.");
  cmd->add_option("game", *spec,
                  "Game spec: tictactoe, connect4:WxH, reversi:4x4|6x6|8x8, quickcross:RxC[,connect=K], go:WxH")
      ->required();
  cmd->add_option("--db", opts->db_path, "Database file to write")->required();
  add_threads_option(cmd, opts->threads, "0");
  cmd->add_flag("--resume", opts->resume, "Continue an interrupted solve of the same game from its last commit");
  cmd->add_flag("--force", opts->force, "Replace an existing database file");
  cmd->add_option("--objective", *objective,
                  "full (score and remoteness), wdl (win/lose/tie only, scored games), or score (the score "
                  "without remoteness: search solves of scored games, far cheaper for go)")
      ->check(CLI::IsMember({"full", "wdl", "score"}));
  cmd->add_option("--solver", *solver,
                  "auto (loopy for games that can repeat, else tiered), tiered, or loopy (any unscored objective)")
      ->check(CLI::IsMember({"auto", "tiered", "loopy"}));
  add_integer_option(
      cmd, "--store-depth", opts->store_depth, 0, 64,
      "Search solve (connect4, reversi, go): store the exact record of every position of the first D plies");
  add_integer_option<std::size_t>(cmd, "--hash", opts->hash_mb, 1, kMaxHashMb,
                                  "Search: transposition table size in MB (default 1024)");
  cmd->add_option("--journal", opts->journal,
                  "go: record every proof test closed in FILE (created if missing) and take the answers it holds "
                  "(a proof of tools/go5x5_proof.sh, or a killed solve's); the stored positions are then searched "
                  "one at a time, each with every thread");
  cmd->add_option("--cut-plies", opts->cut_plies,
                  "go search solves: a proof test is cut at its root and its children's tests again down to N "
                  "plies below it (default 3); deeper cuts make the tests run whole smaller, so that a --journal "
                  "records more often and a kill loses less")
      ->check(integer_range<int>(1, 20));
  add_integer_option(cmd, "--zstd-level", opts->zstd_level, 1, 22,
                     "zstd level of the record frames (default 14 for connect4, else 6)");
  auto max_memory = std::make_shared<std::uint64_t>(0);
  add_size_option(cmd, "--max-memory", *max_memory,
                  "Refuse a strong solve whose estimated peak memory exceeds SIZE (512M, 8G; default: the "
                  "machine's available memory)");
  auto all_tiers = std::make_shared<bool>(false);
  cmd->add_flag("--store-all-tiers", *all_tiers,
                "connect4: store every tier (default: every other one, the rest answered by one ply of lookahead)");
  cmd->add_flag("--progress", opts->progress, "Progress lines on stderr (default: when stderr is a terminal)");
  cmd->add_flag("--json", *json, "Print the result as one JSON object");
  cmd->callback([=] {
    opts->wdl = *objective == "wdl";
    opts->score_only = *objective == "score";
    opts->derive_tiers = !*all_tiers;
    opts->solver = *solver == "loopy"    ? SolverChoice::loopy
                   : *solver == "tiered" ? SolverChoice::tiered
                                         : SolverChoice::automatic;
    if (!opts->progress) opts->progress = ::isatty(2);
    const bool connect4 = with_game(*spec, [](const auto& g) { return g.spec().starts_with("connect4"); });
    if (*all_tiers && !connect4) throw ParseError("--store-all-tiers applies to connect4 only");
    Cluster& cluster = Cluster::world();
    // Process 0 alone opens the database; every process checks its machine's
    // memory. In a job they agree before the solve's first collective, so a
    // refusal on one machine cannot leave the others waiting.
    std::uint32_t complete = 0;
    cluster.all_or_none_here([&] {
      if (cluster.root()) {
        if (opts->resume && ::access(opts->db_path.c_str(), F_OK) != 0)
          throw ParseError(opts->db_path + ": no database to resume (run without --resume to start a solve)");
        complete = opts->resume && already_complete(opts->db_path, *spec);
      }
      check_memory(*spec, *opts, *max_memory);
    });
    cluster.broadcast_value(complete);
    const int threads = thread_count(opts->threads);
    opts->threads = threads;  // the search solve sizes its work by it
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    const auto t0 = std::chrono::steady_clock::now();
    if (complete) {
      if (cluster.root()) fmt::print("{} is already complete: nothing to resume\n", opts->db_path);
      return;
    }
    opts->processes = cluster.size();
    SolveResult result;
    {
      Progress progress(opts->progress && cluster.root());  // the root counts every process's work
      result = solve_spec(*spec, *opts, progress);
    }
    if (!cluster.root()) return;  // the root reports the job
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto& s = result.stats;
    if (*json) {
      nlohmann::json start = nlohmann::json::parse(record_to_json(result.start));
      if (!result.scored) start.erase("score");             // wdl: no score, not 0
      if (opts->score_only) start["remoteness"] = nullptr;  // score: none kept, not 0
      nlohmann::json j = {{"game", *spec},
                          {"db", opts->db_path},
                          {"start", start},
                          {"canonical_positions", s.total_canonical()},
                          {"reachable_positions", s.total_reachable()},
                          {"signature", fmt::format("{:016x}", result.signature)},
                          {"seconds", seconds},
                          {"threads", threads},
                          {"processes", result.processes},
                          {"exchanged_bytes", result.exchanged_bytes}};
      if (!result.principal_variation.empty()) j["principal_variation"] = result.principal_variation;
      if (opts->store_depth >= 0) j["search_nodes"] = result.search_nodes;
      fmt::print("{}\n", j.dump());
    } else {
      fmt::print("solved {} into {}: start is {}", *spec, opts->db_path, value_name(result.start.value));
      if (result.start.value != Value::Draw && !opts->score_only) fmt::print(" in {}", result.start.remoteness);
      if (result.scored) fmt::print(", score {:+}", result.start.score);
      if (!result.principal_variation.empty()) fmt::print("\nprincipal variation: {}", result.principal_variation);
      fmt::print("\n{} canonical positions ({} reachable), {:.2f} s with {} thread{}", s.total_canonical(),
                 s.total_reachable(), seconds, threads, threads == 1 ? "" : "s");
      if (result.processes > 1)
        fmt::print(" in each of {} processes ({} exchanged)", result.processes,
                   format_bytes(static_cast<double>(result.exchanged_bytes)));
      fmt::print("\n");
    }
  });
}

}  // namespace gsolve::cli
