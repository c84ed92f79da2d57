// gsolve perft GAME DEPTH: move sequences per ply from the start (src/core/perft.h),
// to check the rules against published counts and to time move generation.
#include "src/core/perft.h"

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <chrono>
#include <ctime>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "games/registry.h"
#include "src/cli/cli.h"
#include "src/cli/option_ranges.h"
#include "src/cli/search_watch.h"
#include "src/search/stop.h"

namespace gsolve::cli {
namespace {

struct PerftOptions {
  std::string spec;
  int depth = 0;
  int threads = 0;
  bool json = false;
  double seconds = 0;  // --time (0: none)
  bool progress = false;
};

void print_counts(const PerftCounts& counts, int depth) {
  for (int k = 0; k <= depth; ++k)
    fmt::print("{:>4} {:>16} {:>16} {:>14}\n", k, counts.nodes[k], counts.standard(k),
               k < depth ? std::to_string(counts.finished[k]) : "-");  // last ply: counted in bulk
}

void run_perft(const PerftOptions& o) {
  const int threads = thread_count(o.threads);
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  SearchWatch watch(o.seconds);
  watch.start();
  with_game(o.spec, [&](const auto& g) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    // With --time or --progress the plies are counted one more at a time, each
    // printed when it is finished, so that a stop leaves the finished ones.
    PerftCounts counts;
    int done = -1;  // the deepest walk finished
    try {
      if (o.seconds > 0 || o.progress) {
        for (int d = 1; d < o.depth; ++d) {
          counts = perft(g, g.start(), d);
          done = d;
          if (o.progress)
            std::cerr << fmt::format("ply {}: {} nodes, {} standard, {:.1f} s\n", d, counts.nodes[d],
                                     counts.standard(d), watch.seconds());
        }
      }
      counts = perft(g, g.start(), o.depth);
      done = o.depth;
    } catch (const search::Stopped&) {
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    if (watch.interrupted()) exit_code() = 130;
    if (o.json) {
      nlohmann::json plies = nlohmann::json::array();
      for (int k = 0; k <= done; ++k) {
        nlohmann::json row = {{"ply", k}, {"nodes", counts.nodes[k]}, {"standard", counts.standard(k)}};
        row["finished"] = k < done ? nlohmann::json(counts.finished[k]) : nlohmann::json();  // last ply: bulk
        plies.push_back(row);
      }
      nlohmann::json j = {{"game", g.spec()},   {"depth", o.depth},   {"plies", plies},
                          {"seconds", seconds}, {"cpu_seconds", cpu}, {"threads", threads}};
      if (done < o.depth) j["incomplete"] = watch.reason();
      fmt::print("{}\n", j.dump());
      return;
    }
    fmt::print("perft {} to ply {}\n{:>4} {:>16} {:>16} {:>14}\n", g.spec(), o.depth, "ply", "nodes", "standard",
               "finished");
    if (done >= 0) print_counts(counts, done);
    if (done < o.depth) fmt::print("incomplete: {}; plies {}..{} not finished\n", watch.reason(), done + 1, o.depth);
    fmt::print("{:.3f} s, {:.3f} s CPU, {} thread{}\n", seconds, cpu, threads, threads == 1 ? "" : "s");
  });
}

}  // namespace

void add_perft(CLI::App& app) {
  auto o = std::make_shared<PerftOptions>();
  CLI::App* cmd =
      app.add_subcommand("perft",
                         "Count move sequences per ply from the start (a forced pass is a ply).\n"
                         "nodes: positions at ply N; a finished game counts at the ply where it ends, then stops\n"
                         "  (shared/data/reversi/README.md's per-ply lists: 8x8 ply 0..9, 6x6 ply 1..9).\n"
                         "standard: finished games keep counting as leaves (the README's 'standard perft(N)':\n"
                         "  8x8 ply 10..13, 6x6 ply 10..14, 4x4's 60060 complete games from ply 16 on).\n"
                         "finished: games that end exactly at ply N ('-' at the last ply, which is counted in bulk).");
  cmd->add_option("game", o->spec, "Game spec: reversi:8x8, reversi:6x6, connect4:7x6, tictactoe, ...")->required();
  add_integer_option(cmd, "depth", o->depth, 0, 200, "Plies from the start (0..200)")->required();
  add_threads_option(cmd, o->threads, "0");
  cmd->add_flag("--json", o->json, "One JSON object: game, depth, plies [{ply, nodes, standard, finished}], seconds");
  add_seconds_option(cmd, "--time", o->seconds,
                     "Stop after SECONDS and print the plies finished (counted one more ply at a time); "
                     "Ctrl-C does the same at any time and exits 130");
  cmd->add_flag("--progress", o->progress, "Count one more ply at a time, a line on stderr as each is finished");
  cmd->callback([o] { run_perft(*o); });
}

}  // namespace gsolve::cli
