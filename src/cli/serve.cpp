// gsolve serve: the page and JSON API to explore solved games in a browser
// (src/serve/), over the databases and games named on the command line.
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "games/game.h"
#include "src/cli/cli.h"
#include "src/cli/option_ranges.h"
#include "src/serve/server.h"

namespace gsolve::cli {
namespace {

struct ServeOptions {
  std::vector<std::string> databases, games;
  serve::ServerOptions server;
  std::size_t cache_mb = 64;
};

bool is_loopback(const std::string& host) { return host == "localhost" || host == "::1" || host.starts_with("127."); }

std::string this_program() {
  std::string path(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", path.data(), path.size());
  if (n <= 0) throw std::runtime_error("cannot find this program's path (/proc/self/exe) for live searches");
  path.resize(static_cast<std::size_t>(n));
  return path;
}

void run_serve(ServeOptions& o) {
  if (o.databases.empty() && o.games.empty())
    throw ParseError("serve needs --db FILE or --game SPEC (both repeatable)");
  std::vector<serve::ServedGame> served;
  o.server.program = this_program();
  auto add = [&](serve::ServedGame g) {
    for (const auto& s : served)
      if (s.name == g.name) throw ParseError("serve: two games named '" + g.name + "' (rename a database file)");
    served.push_back(std::move(g));
  };
  for (const auto& path : o.databases) add(serve::serve_database(path, o.cache_mb, o.server.program));
  for (const auto& spec : o.games) add(serve::serve_game(spec));
  if (!is_loopback(o.server.bind))
    std::cerr << "gsolve: warning: serving on " << o.server.bind
              << ", not a loopback address: anyone who reaches it can read the databases and start searches\n";
  serve::run_server(o.server, std::move(served));
}

}  // namespace

void add_serve(CLI::App& app) {
  auto o = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand("serve", "A web page and JSON API to explore databases and games in a browser");
  cmd->add_option("--db", o->databases,
                  "Database file to serve (repeatable), opened read-only; named by its file "
                  "name without .gsdb");
  cmd->add_option("--game", o->games, "Game spec to serve without a database (repeatable): positions searched live");
  cmd->add_option("--port", o->server.port, "TCP port (default 8080; 0: any free port, printed)")
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--bind", o->server.bind,
                  "Address to listen on (default 127.0.0.1). WARNING: any other address lets every host that "
                  "reaches it use the server: no authentication, no TLS");
  cmd->add_option("--threads", o->server.threads, "Requests answered at once besides live searches (default 4)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--searches", o->server.live.slots, "Live searches at once; more get HTTP 503 (default 2)")
      ->check(CLI::Range(1, 64));
  add_seconds_option(cmd, "--search-time", o->server.live.seconds,
                     "Seconds a live search may take (default 10); then it is stopped and answers what it proved "
                     "(go: the finished tests; other games: nothing, value unknown), marked \"incomplete\"");
  add_integer_option<std::size_t>(cmd, "--search-hash", o->server.live.hash_mb, 1, kMaxHashMb,
                                  "Each live search's transposition table in MB (default 64)");
  add_integer_option<std::size_t>(cmd, "--search-memory", o->server.live.memory_mb, 64, kMaxHashMb,
                                  "Each live search's memory beyond its table, MB (default 1024)");
  add_integer_option<std::size_t>(cmd, "--cache", o->cache_mb, 0, kMaxHashMb,
                                  "Decoded record frames kept per database and thread, MiB (default 64)");
  cmd->callback([o] { run_serve(*o); });
}

}  // namespace gsolve::cli
