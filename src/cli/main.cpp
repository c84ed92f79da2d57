// gsolve: solve two-player games into a compressed database, query it, verify it.
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "db/database.h"
#include "games/game.h"
#include "games/input_quote.h"
#include "src/cli/cli.h"

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

// The first argument names the subcommand: say which ones exist when it does
// not (CLI11 alone says "A subcommand is required"). Empty when it does.
std::string command_error(CLI::App& app, int argc, char** argv) {
  std::string names;
  bool known = false;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    names += (names.empty() ? "" : ", ") + sub->get_name();
    known = known || (argc > 1 && sub->get_name() == argv[1]);
  }
  if (argc < 2) return "no command given (expected " + names + ")";
  if (known || argv[1][0] == '-') return {};  // options: --help, --version, or CLI11's own error
  return "unknown command '" + gsolve::quote_input(argv[1]) + "' (expected " + names + ")";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gsolve;
  CLI::App app{"gsolve: strong solver for two-player games, with a verified position database"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "gsolve 0.1.0");
  cli::add_solve(app);
  cli::add_query(app);
  cli::add_info(app);
  cli::add_bench(app);
  cli::add_verify(app);
  cli::add_perft(app);
  cli::add_gtp(app);
  cli::command_line().assign(argv + 1, argv + argc);
  if (const std::string error = command_error(app, argc, argv); !error.empty()) {
    std::fprintf(stderr, "gsolve: error: %s\n", error.c_str());
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "gsolve: error: %s\n", e.what());
    return 2;
  } catch (const ParseError& e) {
    std::fprintf(stderr, "gsolve: error: %s\n", e.what());
    return 2;
  } catch (const db::DbError& e) {
    std::fprintf(stderr, "gsolve: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gsolve: error: %s\n", e.what());
    return 2;
  }
  return cli::exit_code();
}
