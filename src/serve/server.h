// gsolve serve's HTTP side: the page (assets.h) and the JSON API over the
// served databases and games (served_game.h), live searches bounded by
// live_search.h, until SIGTERM or SIGINT.
#pragma once

#include <string>
#include <vector>

#include "src/serve/live_search.h"
#include "src/serve/served_game.h"

namespace gsolve::serve {

struct ServerOptions {
  std::string bind = "127.0.0.1";
  int port = 8080;  // 0: any free port (the address printed tells which)
  int threads = 4;  // requests answered at once, besides the live searches' own
  LiveLimits live;
  std::string program;  // this binary, for the live searches' child processes
};

// Largest position text taken, in bytes (a 7x7 Go game's moves fit many times over).
inline constexpr std::size_t kMaxPositionBytes = 4096;

// Serves until SIGTERM or SIGINT; prints "gsolve serve: http://HOST:PORT/" on stdout once listening.
// Throws std::runtime_error when it cannot listen.
void run_server(const ServerOptions& options, std::vector<ServedGame> games);

}  // namespace gsolve::serve
