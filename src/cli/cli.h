// The command line: one subcommand per file in src/cli/, main only dispatches.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace gsolve::cli {

// Each adds its subcommand to the app; the callback runs the command and sets
// the process exit code through exit_code().
void add_solve(CLI::App& app);
void add_query(CLI::App& app);
void add_info(CLI::App& app);
void add_bench(CLI::App& app);
void add_verify(CLI::App& app);  // src/cli/verify.cpp
void add_perft(CLI::App& app);   // src/cli/perft.cpp
void add_gtp(CLI::App& app);     // src/cli/gtp.cpp (go)
void add_serve(CLI::App& app);   // src/cli/serve.cpp (the web page and JSON API)

int& exit_code();

// The arguments as typed (argv[1..]), for commands that need their order.
std::vector<std::string>& command_line();

}  // namespace gsolve::cli
