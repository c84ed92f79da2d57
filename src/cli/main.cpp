// gsolve: solve two-player games into a compressed database, query it, verify it.
#include <cstdio>
#include <exception>

#include "db/database.h"
#include "games/game.h"
#include "src/cli/cli.h"

namespace gsolve::cli {
int& exit_code() {
  static int code = 0;
  return code;
}
}  // namespace gsolve::cli

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
