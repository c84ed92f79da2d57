#include "src/serve/server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <pthread.h>

#include <atomic>
#include <csignal>
#include <iostream>
#include <thread>

#include "db/database.h"
#include "games/game.h"
#include "games/input_quote.h"
#include "src/serve/assets.h"

namespace gsolve::serve {
namespace {

// A request the server refuses: its HTTP status and a one-line message.
struct HttpError {
  int status;
  std::string message;
};

void send_json(httplib::Response& res, int status, const std::string& body) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(body + "\n", "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, status, nlohmann::json{{"error", message}}.dump());
}

class Api {
 public:
  Api(std::vector<ServedGame> games, LiveSearches& live) : games_(std::move(games)), live_(live) {}

  std::string games_json() const {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& g : games_)
      out.push_back({{"name", g.name},
                     {"game", g.spec},
                     {"database", !g.db_path.empty()},
                     {"partial", g.partial},
                     {"start", g.start}});
    return out.dump();
  }

  const ServedGame& game(const httplib::Request& req) const {
    if (!req.has_param("game")) throw HttpError{400, "missing parameter 'game'"};
    const std::string name = req.get_param_value("game");
    for (const auto& g : games_)  // a name first: a database may hold a game also served live
      if (g.name == name) return g;
    for (const auto& g : games_)
      if (g.spec == name) return g;
    std::string names;
    for (const auto& g : games_) names += (names.empty() ? "" : ", ") + g.name;
    throw HttpError{404, "unknown game '" + quote_input(name.substr(0, 100)) + "' (served: " + names + ")"};
  }

  static std::string position(const httplib::Request& req) {
    std::string text = req.has_param("position") ? req.get_param_value("position") : "";
    if (text.size() > kMaxPositionBytes)
      throw HttpError{413,
                      fmt::format("position text too long ({} bytes, at most {})", text.size(), kMaxPositionBytes)};
    return text;
  }

  std::string info(const httplib::Request& req) const {
    const ServedGame& g = game(req);
    if (g.db_path.empty()) throw HttpError{404, "no database summary: " + g.name + " is searched live"};
    return g.info;
  }

  std::string board(const httplib::Request& req) const {
    const ServedGame& g = game(req);
    return g.board(position(req)).dump();
  }

  // The report, from the database or a live search; sets Retry-After on a 503.
  std::string report(const httplib::Request& req, httplib::Response& res) const {
    const ServedGame& g = game(req);
    const std::string text = position(req);
    g.board(text);  // a bad position is refused before it takes a search
    if (g.stored)
      if (auto stored = g.stored(text)) return stored->dump();
    std::vector<std::string> args = {"--game", g.spec};
    if (!g.db_path.empty()) args.insert(args.end(), {"--db", g.db_path});
    if (g.timed_search && g.db_path.empty())
      args.insert(args.end(), {"--time", fmt::format("{}", std::max(1.0, live_.limits().seconds - 1))});
    args.insert(args.end(), {"--", text});
    const auto result = live_.run(args);
    if (!result) {
      res.set_header("Retry-After", "5");
      throw HttpError{
          503, fmt::format("every live search slot is busy ({} at once): try again later", live_.limits().slots)};
    }
    const auto j = nlohmann::json::parse(result->output.substr(0, result->output.find('\n')), nullptr, false);
    if (result->status == 2 && j.is_object() && j.contains("error"))
      throw HttpError{400, j["error"].get<std::string>()};
    if (result->status == 0 && j.is_object()) return j.dump();
    if (result->status == -1) {  // killed at its deadline: nothing proven that the report can show
      nlohmann::json unsolved = g.unsolved(text);
      unsolved["complete"] = false;
      unsolved["incomplete"] = fmt::format("the live search ran out of its {} s", live_.limits().seconds);
      return unsolved.dump();
    }
    throw HttpError{500, fmt::format("the live search failed (exit code {})", result->status)};
  }

 private:
  std::vector<ServedGame> games_;
  LiveSearches& live_;
};

// Runs handler; HttpError and ParseError become a 4xx JSON error, a damaged database a 500.
template <class F>
void answer(httplib::Response& res, F&& handler) {
  try {
    send_json(res, 200, handler());
  } catch (const HttpError& e) {
    send_error(res, e.status, e.message);
  } catch (const ParseError& e) {
    send_error(res, 400, e.what());
  } catch (const db::DbError& e) {
    send_error(res, 500, e.what());
  }
}

// Blocks SIGTERM and SIGINT in this thread and the threads it starts; a thread waits for them.
sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  return set;
}

}  // namespace

void run_server(const ServerOptions& options, std::vector<ServedGame> games) {
  std::signal(SIGPIPE, SIG_IGN);
  const sigset_t signals = stop_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  LiveSearches live(options.program, options.live);
  Api api(std::move(games), live);
  httplib::Server server;
  const std::size_t workers = static_cast<std::size_t>(options.threads + options.live.slots);
  server.new_task_queue = [workers] { return new httplib::ThreadPool(workers); };
  server.set_keep_alive_timeout(2);
  server.set_keep_alive_max_count(1000);
  server.set_read_timeout(5, 0);
  server.set_write_timeout(5, 0);
  server.set_payload_max_length(kMaxPositionBytes);
  server.set_tcp_nodelay(true);
  // SO_REUSEADDR only: the library's default adds SO_REUSEPORT, which would let a
  // second server share a port in use instead of failing to listen.
  server.set_socket_options([](socket_t sock) {
    const int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });

  server.Get("/api/games",
             [&](const httplib::Request&, httplib::Response& res) { answer(res, [&] { return api.games_json(); }); });
  server.Get("/api/info",
             [&](const httplib::Request& req, httplib::Response& res) { answer(res, [&] { return api.info(req); }); });
  server.Get("/api/board",
             [&](const httplib::Request& req, httplib::Response& res) { answer(res, [&] { return api.board(req); }); });
  server.Get("/api/position", [&](const httplib::Request& req, httplib::Response& res) {
    answer(res, [&] { return api.report(req, res); });
  });
  server.Get(R"(/[^/]*)", [](const httplib::Request& req, httplib::Response& res) {
    const Asset* asset = find_asset(req.path);
    if (!asset) return send_error(res, 404, "unknown path '" + quote_input(req.path.substr(0, 100)) + "'");
    res.set_content(std::string(asset->body), std::string(asset->type).c_str());
  });
  // Whatever no route answers (another path or method, a request too long) gets a JSON error.
  server.set_error_handler(
      httplib::Server::HandlerWithResponse([](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        std::string message = res.status == 404   ? "unknown path '" + quote_input(req.path.substr(0, 100)) + "'"
                              : res.status == 413 ? "request too large"
                              : res.status == 414 ? "request URI too long"
                                                  : fmt::format("bad request (HTTP {})", res.status);
        if (!req.method.empty() && req.method != "GET" && req.method != "HEAD") {
          res.status = 405;
          message = "method '" + quote_input(req.method.substr(0, 20)) + "' not allowed (the API answers GET)";
        }
        send_error(res, res.status, message);
        return httplib::Server::HandlerResponse::Handled;
      }));
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr e) {
    std::string what = "internal error";
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      what += std::string(": ") + x.what();
    } catch (...) {
    }
    send_error(res, 500, what);
  });

  int port = options.port;
  if (port == 0)
    port = server.bind_to_any_port(options.bind);
  else if (!server.bind_to_port(options.bind, port))
    port = -1;
  if (port <= 0) throw std::runtime_error(fmt::format("cannot listen on {}:{}", options.bind, options.port));
  std::cout << fmt::format("gsolve serve: http://{}:{}/",
                           options.bind.find(':') != std::string::npos ? "[" + options.bind + "]" : options.bind, port)
            << std::endl;

  std::atomic<bool> done{false};
  std::thread waiter([&] {
    const timespec tick{0, 200'000'000};
    while (!done) {
      if (sigtimedwait(&signals, nullptr, &tick) > 0) {
        live.stop();
        server.stop();
        return;
      }
    }
  });
  server.listen_after_bind();
  done = true;
  live.stop();
  waiter.join();
}

}  // namespace gsolve::serve
