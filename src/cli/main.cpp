// gsolve: solve two-player games into a compressed database, query it, verify it.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/database.h"
#include "games/game.h"
#include "games/input_quote.h"
#include "src/cli/cli.h"
#include "src/core/cluster.h"

namespace gsolve::cli {
int& exit_code() {
  static int code = 0;
  return code;
}
std::vector<std::string>& command_line() {
  static std::vector<std::string> args;
  return args;
}
}  // namespace gsolve::cli

namespace {

// Edits (insertions, deletions, substitutions, swaps of neighbours) from a to b.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// The first argument names the subcommand: say which ones exist when it does
// not (CLI11 alone says "A subcommand is required"), and the nearest one
// where a typing slip is likely. Empty when it does.
std::string command_error(CLI::App& app, int argc, char** argv) {
  std::string names, nearest;
  std::size_t nearest_edits = 3;  // suggest within two edits
  bool known = false;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    names += (names.empty() ? "" : ", ") + sub->get_name();
    known = known || (argc > 1 && sub->get_name() == argv[1]);
    if (argc > 1 && std::strlen(argv[1]) < 40)
      if (const std::size_t e = edit_distance(argv[1], sub->get_name()); e < nearest_edits)
        nearest_edits = e, nearest = sub->get_name();
  }
  names += ", help";
  if (argc > 1 && std::strlen(argv[1]) < 40 && edit_distance(argv[1], "help") < nearest_edits) nearest = "help";
  if (argc < 2) return "no command given (expected " + names + ")";
  if (known || argv[1][0] == '-') return {};  // options: --help, --version, or CLI11's own error
  return "unknown command '" + gsolve::quote_input(argv[1]) + "'" +
         (nearest.empty() ? "" : " (did you mean '" + nearest + "'?)") + " (expected " + names + ")";
}

// Prints an error: every process of a job hits the errors of its input alike,
// so the others leave those to the root; their own failures name the process.
int report(const char* what, bool same_everywhere) {
  const gsolve::Cluster& cluster = gsolve::Cluster::world();
  if (cluster.root())
    std::fprintf(stderr, "gsolve: error: %s\n", what);
  else if (!same_everywhere)
    std::fprintf(stderr, "gsolve (process %d): error: %s\n", cluster.rank(), what);
  return 2;
}

int run(int argc, char** argv) {
  using namespace gsolve;
  CLI::App app{"gsolve: strong solver for two-player games, with a verified position database"};
  app.require_subcommand(1);
  app.set_version_flag("--version", Cluster::built_with_mpi() ? "gsolve 0.1.0 (MPI)" : "gsolve 0.1.0");
  // Only the command named is built when there is one (its options are most
  // of a cold query's start); every command for --help and errors.
  constexpr std::pair<std::string_view, void (*)(CLI::App&)> commands[] = {
      {"solve", cli::add_solve},   {"query", cli::add_query}, {"info", cli::add_info}, {"bench", cli::add_bench},
      {"verify", cli::add_verify}, {"perft", cli::add_perft}, {"gtp", cli::add_gtp},   {"serve", cli::add_serve}};
  // "help [command]" is "[command] --help".
  std::vector<char*> args(argv, argv + argc);
  static char help_flag[] = "--help";
  if (argc > 1 && std::string_view(argv[1]) == "help") {
    args.erase(args.begin() + 1);
    args.insert(args.begin() + std::min<std::ptrdiff_t>(2, static_cast<std::ptrdiff_t>(args.size())), help_flag);
    argc = static_cast<int>(args.size());
    argv = args.data();
  }
  const auto named = std::find_if(std::begin(commands), std::end(commands),
                                  [&](const auto& c) { return argc > 1 && c.first == argv[1]; });
  for (const auto& [name, add] : commands)
    if (named == std::end(commands) || name == named->first) add(app);
  cli::command_line().assign(argv + 1, argv + argc);
  if (const std::string error = command_error(app, argc, argv); !error.empty()) return report(error.c_str(), true);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return report(e.what(), true);
  } catch (const PeerFailed&) {
    return 2;
  } catch (const ProcessFailed& e) {
    return report(e.what(), false);
  } catch (const ParseError& e) {
    return report(e.what(), true);
  } catch (const db::DbError& e) {
    return report(e.what(), true);
  } catch (const std::exception& e) {
    return report(e.what(), false);
  }
  return cli::exit_code();
}

}  // namespace

// Under mpirun or srun every process runs this; only a solve works as a job
// (src/core/cluster.h), and only the root prints its result.
int main(int argc, char** argv) {
  try {
    gsolve::Cluster::init(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gsolve: error: %s\n", e.what());
    return 2;
  }
  const int code = run(argc, argv);
  // A process that failed while the others wait in a collective ends the job.
  if (code != 0 && gsolve::Cluster::world().others_may_wait()) gsolve::Cluster::abort(code);
  gsolve::Cluster::finalize();
  return code;
}
