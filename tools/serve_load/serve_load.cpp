// gsolve-serve-load: a load test client for gsolve serve on loopback. Each of
// --connections threads keeps one connection and asks /api/position for the
// positions of --expected (query --json's lines, one per position) in turn,
// checking every answer byte for byte against query's line; it stops after
// --seconds or --max-requests, whichever comes first, and prints the
// throughput and the latency percentiles.
#include <fmt/format.h>
#include <httplib.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Expected {
  std::string path;  // /api/position?game=...&position=...
  std::string body;  // query --json's line and its newline
};

}  // namespace

int main(int argc, char** argv) {
  std::string host = "127.0.0.1", game, expected_path;
  int port = 0, connections = 2;
  double seconds = 5;
  std::uint64_t max_requests = 1'000'000;
  CLI::App app{"Load test client for gsolve serve (loopback only)"};
  app.add_option("--port", port, "The server's port")->required();
  app.add_option("--game", game, "The served game's name")->required();
  app.add_option("--expected", expected_path, "query --json's answers, one line per position")->required();
  app.add_option("--connections", connections, "Connections, one thread each")->check(CLI::Range(1, 64));
  app.add_option("--seconds", seconds, "At most this long")->check(CLI::Range(0.1, 600.0));
  app.add_option("--max-requests", max_requests, "At most this many requests in all");
  CLI11_PARSE(app, argc, argv);

  std::vector<Expected> expected;
  std::ifstream in(expected_path);
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    expected.push_back({"/api/position?" + httplib::detail::params_to_query_str(
                                               {{"game", game}, {"position", j.at("position").get<std::string>()}}),
                        line + "\n"});
  }
  if (expected.empty()) {
    std::cerr << "gsolve-serve-load: no positions in " << expected_path << "\n";
    return 2;
  }
  std::atomic<std::uint64_t> sent{0}, wrong{0};
  std::vector<std::vector<double>> latencies(connections);
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::duration<double>(seconds);
  std::vector<std::thread> threads;
  for (int t = 0; t < connections; ++t) {
    threads.emplace_back([&, t] {
      httplib::Client client(host, port);
      client.set_keep_alive(true);
      client.set_read_timeout(10, 0);
      std::size_t next = static_cast<std::size_t>(t) * expected.size() / connections;
      while (std::chrono::steady_clock::now() < deadline && sent++ < max_requests) {
        const Expected& e = expected[next++ % expected.size()];
        const auto begin = std::chrono::steady_clock::now();
        const auto res = client.Get(e.path);
        latencies[t].push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count());
        if (!res || res->status != 200 || res->body != e.body) {
          if (wrong++ < 3)
            std::cerr << "gsolve-serve-load: wrong answer to " << e.path << ": "
                      << (res ? fmt::format("{} {}", res->status, res->body) : std::string("no answer")) << "\n";
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<double> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  auto at = [&](double q) {
    return all.empty() ? 0.0 : all[std::min(all.size() - 1, static_cast<std::size_t>(q * all.size()))];
  };
  fmt::print(
      "requests {}  wrong {}  connections {}  seconds {:.2f}  throughput {:.0f}/s  p50 {:.3f} ms  p99 {:.3f} ms  max "
      "{:.3f} ms\n",
      all.size(), wrong.load(), connections, elapsed, all.size() / elapsed, at(0.50), at(0.99),
      all.empty() ? 0.0 : all.back());
  return wrong ? 1 : 0;
}
