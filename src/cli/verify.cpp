// gsolve verify --db FILE --backtrack | --random: check a database against the
// rules (verify/verifier.h). Exit 0: no error; 1: errors found; 2: usage or I/O.
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <unistd.h>

#include <iostream>
#include <memory>
#include <stdexcept>

#include "src/cli/cli.h"
#include "src/cli/option_ranges.h"
#include "verify/verifier.h"

namespace gsolve::cli {

void add_verify(CLI::App& app) {
  auto o = std::make_shared<verify::VerifyOptions>();
  auto random = std::make_shared<bool>(false);
  auto json = std::make_shared<bool>(false);
  auto cache_mb = std::make_shared<std::uint64_t>(2048);
  CLI::App* cmd = app.add_subcommand(
      "verify", "Check a database against the rules: every record against its children's (tree consistency)");
  cmd->add_option("db,--db", o->db_path, "Database file (a positional argument or --db)");
  auto* back = cmd->add_flag("--backtrack", o->backtrack,
                             "Depth-first from the start: check every reachable position exactly once");
  auto* rand = cmd->add_flag("--random", *random,
                             "Random walks from the start; a position is checked unless it is already checked");
  back->excludes(rand);
  rand->excludes(back);
  add_integer_option<std::uint64_t>(cmd, "--walks", o->walks, 1, std::numeric_limits<std::int64_t>::max(),
                                    "--random: number of walks (default 10000 when no --seconds)")
      ->needs(rand);
  add_seconds_option(cmd, "--seconds", o->seconds, "--random: time budget in seconds")->needs(rand);
  add_integer_option<std::uint64_t>(cmd, "--seed", o->seed, 0, std::numeric_limits<std::uint64_t>::max(),
                                    "--random: seed; the same seed gives the same walks (default 1)")
      ->needs(rand);
  add_integer_option(cmd, "--max-steps", o->max_steps, 1, std::numeric_limits<int>::max(),
                     "--random, loopy games: plies per walk (default 1000)")
      ->needs(rand);
  cmd->add_flag("--sampled", o->sampled,
                "--random: remember a 1/16 sample of checked positions and estimate P(already checked) per "
                "depth from it, instead of an exact bitmap (for rank spaces too big for memory)")
      ->needs(rand);
  cmd->add_flag("--deep", o->deep,
                "Partial databases (solve --store-depth): re-solve the children beyond the stored plies by "
                "search and check the last stored ply too; under objective score, re-prove each score of the "
                "last stored ply by two tests (at least s, not s + 1), one position at a time over every thread");
  add_integer_option<std::size_t>(cmd, "--deep-hash", o->deep_hash_mb, 1, kMaxHashMb,
                                  "--deep: transposition table per thread (objective score: of the one search), "
                                  "MiB (default 64)");
  add_integer_option<std::size_t>(cmd, "--max-errors", o->max_errors, 0, std::numeric_limits<std::int64_t>::max(),
                                  "Errors listed, lowest database index first (default 20)");
  add_threads_option(cmd, o->threads, "0");
  add_integer_option<std::uint64_t>(cmd, "--cache,--cache-mb", *cache_mb, 1, kMaxHashMb,
                                    "Decoded record frames kept in memory, MiB (default 2048)");
  cmd->add_flag("--json", *json, "Print the summary as one JSON object");
  cmd->add_flag("--progress", o->progress, "Progress on stderr (default: when stderr is a terminal)");
  cmd->callback([=] {
    if (!o->backtrack && !*random)
      throw ParseError(
          "verify needs a mode: --backtrack (every position reachable from the start, once) or "
          "--random (random walks from the start: --walks N, --seconds S)");
    if (o->db_path.empty()) throw ParseError("verify needs a database: verify FILE --backtrack, or --db FILE");
    if (*random && o->walks == 0 && o->seconds == 0) o->walks = 10000;
    o->cache_bytes = *cache_mb << 20;
    if (!o->progress) o->progress = ::isatty(2);
    const int threads = thread_count(o->threads);
    o->threads = threads;  // a score database's --deep searcher takes them all
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    verify::VerifyReport report;
    {
      Progress progress(o->progress);
      report = verify::run_verify(*o, progress);
    }
    report.threads = threads;
    if (!report.complete)
      std::cerr << "gsolve: warning: " << o->db_path
                << " does not claim complete coverage: positions without a record are skipped, not errors\n";
    if (*json)
      std::cout << verify::report_to_json(report).dump() << "\n";
    else
      std::cout << verify::report_to_text(report, o->max_errors);
    exit_code() = report.errors() ? 1 : 0;
  });
}

}  // namespace gsolve::cli
