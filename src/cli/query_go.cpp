#include "src/cli/query_go.h"

#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "games/go.h"
#include "src/search/go/solver.h"

namespace gsolve::cli {

bool is_go_spec(const std::string& spec) { return spec == "go" || spec.starts_with("go:"); }

namespace {

std::string signed_score(int s) { return s > 0 ? fmt::format("+{}", s) : fmt::format("{}", s); }

// With --progress: a line on stderr for each finished test, and for each
// child test of a test split over the threads.
void report_tests(search::go::GoSolver& solver, const Go& go, const GoQueryOptions& o) {
  if (o.progress) {
    const auto start = std::chrono::steady_clock::now();
    solver.on_test([start](search::go::GoProver::Goal goal, int t, bool holds, std::uint64_t nodes) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const bool score = goal == search::go::GoProver::Goal::Score;
      std::cerr << fmt::format("test {} >= {}: {}, {} nodes, {:.1f} s, {:.2f}M nodes/s\n", score ? "score" : "value", t,
                               holds ? "yes" : "no", nodes, s, s > 0 ? nodes / s / 1e6 : 0.0);
    });
    solver.on_split([start, &go](const search::go::SplitReport& r) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cerr << fmt::format("split: after {} the test {} ({} of {} children closed), {} nodes, {:.1f} s\n",
                               go.point_name(r.move), r.holds ? "holds" : "fails", r.closed, r.children, r.nodes, s);
    });
    solver.on_heartbeat([start](std::uint64_t nodes, int plies) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cerr << fmt::format("  ... {} nodes in this test's prover, {:.1f} s, {} plies below the test's position\n",
                               nodes, s, plies);
    });
  }
}

void answer_weak(const Go& go, const std::string& text, const GoQueryOptions& o) {
  const bool json = o.json;
  const GoGame game = parse_go_game(go, text);
  search::go::GoSolver solver(go, o.hash_mb << 20, o.threads);
  report_tests(solver, go, o);
  const auto start = std::chrono::steady_clock::now();
  const int s = solver.solve(game);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const Value v = s > 0 ? Value::Win : s < 0 ? Value::Lose : Value::Tie;
  if (json) {
    std::cout << fmt::format(R"({{"position":"{}","board":"{}","value":"{}","score":{},"nodes":{},"seconds":{:.3f}}})",
                             text, go.format(game.position()), value_name(v), s, solver.nodes(), seconds)
              << "\n";
  } else {
    std::cout << "position: " << text << "\n";
    std::cout << "board: " << go.format(game.position()) << "\n";
    std::cout << fmt::format("value: {} {} (score only: --weak)\n", value_name(v), signed_score(s));
    std::cout << fmt::format("nodes: {} in {:.2f} s\n", solver.nodes(), seconds);
  }
  std::cout.flush();
}

void answer_test(const Go& go, const std::string& text, const GoQueryOptions& o) {
  const GoGame game = parse_go_game(go, text);
  search::go::GoSolver solver(go, o.hash_mb << 20, o.threads);
  report_tests(solver, go, o);
  const int t = *o.at_least;
  const auto start = std::chrono::steady_clock::now();
  const bool holds = solver.at_least(game, t);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (o.json) {
    std::cout << fmt::format(R"({{"position":"{}","board":"{}","at_least":{},"holds":{},"nodes":{},"seconds":{:.3f}}})",
                             text, go.format(game.position()), t, holds, solver.nodes(), seconds)
              << "\n";
  } else {
    std::cout << "position: " << text << "\n";
    std::cout << "board: " << go.format(game.position()) << "\n";
    std::cout << fmt::format("score >= {}: {}\n", t, holds ? "yes" : "no");
    std::cout << fmt::format("nodes: {} in {:.2f} s\n", solver.nodes(), seconds);
  }
  std::cout.flush();
}

void answer(const Go& go, const std::string& text, const GoQueryOptions& o) {
  const bool json = o.json;
  GoGame game = parse_go_game(go, text);
  search::go::GoSolver solver(go, o.hash_mb << 20, o.threads);
  report_tests(solver, go, o);
  const Record r = solver.record(game);
  const auto moves = game.over() ? std::vector<search::go::GoSolver::MoveResult>{} : solver.analyze(game);
  if (json) {
    std::string out = fmt::format(R"({{"position":"{}","board":"{}","value":"{}","score":{},"remoteness":{},"moves":[)",
                                  text, go.format(game.position()), value_name(r.value), r.score, r.remoteness);
    for (std::size_t i = 0; i < moves.size(); ++i)
      out += fmt::format(R"({}{{"move":"{}","value":"{}","score":{},"remoteness":{}}})", i ? "," : "",
                         go.point_name(moves[i].move), value_name(moves[i].record.value), moves[i].record.score,
                         moves[i].record.remoteness);
    std::cout << out << "]}\n";
  } else {
    std::cout << "position: " << text << "\n";
    std::cout << "board: " << go.format(game.position()) << "\n";
    std::cout << fmt::format("value: {} {} in {}\n", value_name(r.value), signed_score(r.score), r.remoteness);
    for (const auto& m : moves)
      std::cout << fmt::format("  {:<5} {} {} in {}\n", go.point_name(m.move), value_name(m.record.value),
                               signed_score(m.record.score), m.record.remoteness);
    std::cout << fmt::format("nodes: {}\n", solver.nodes());
  }
  std::cout.flush();
}

}  // namespace

void run_go_query(const std::string& spec, const std::vector<std::string>& positions, const GoQueryOptions& o) {
  const auto colon = spec.find(':');
  const Go go = Go::from_options(colon == std::string::npos ? "" : std::string_view(spec).substr(colon + 1));
  for (const auto& text : positions) {
    const auto one = [&](const std::string& t) {
      if (o.at_least) answer_test(go, t, o);
      else if (o.weak) answer_weak(go, t, o);
      else answer(go, t, o);
    };
    if (text != "-") {
      one(text);
      continue;
    }
    for (std::string line; std::getline(std::cin, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      one(line);
    }
  }
}

}  // namespace gsolve::cli
