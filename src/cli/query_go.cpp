#include "src/cli/query_go.h"

#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <optional>
#include <vector>

#include "games/go.h"
#include "src/search/go/proof_journal.h"
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
      if (r.journaled)
        std::cerr << fmt::format("split: after {} the test {} ({} of {} children closed), from the journal, {:.1f} s\n",
                                 go.point_name(r.move), r.holds ? "holds" : "fails", r.closed, r.children, s);
      else
        std::cerr << fmt::format("split: after {} the test {} ({} of {} children closed), {} nodes, {} prover{}, {:.1f} s\n",
                                 go.point_name(r.move), r.holds ? "holds" : "fails", r.closed, r.children, r.nodes,
                                 r.provers, r.provers == 1 ? "" : "s", s);
    });
    solver.on_heartbeat([start](std::uint64_t nodes, int plies) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cerr << fmt::format("  ... {} nodes in this test's prover, {:.1f} s, {} plies below the test's position\n",
                               nodes, s, plies);
    });
  }
}

using Clock = std::chrono::steady_clock;

// One position's search: its solver, with --progress's reports and --time's
// deadline, and its clock (started before the table is made, as a user waits).
struct PositionSearch {
  PositionSearch(const Go& go, const GoQueryOptions& o, search::go::ProofJournal* journal)
      : solver(go, o.hash_mb << 20, o.threads) {
    solver.set_journal(journal);
    solver.set_cut_plies(o.cut_plies);
    if (o.seconds > 0)
      solver.set_deadline(start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds)));
    report_tests(solver, go, o);
  }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start).count(); }

  const Clock::time_point start = Clock::now();
  search::go::GoSolver solver;
};

// f()'s answer, or none when --time ran out first.
template <class F>
auto unless_timed_out(F&& f) -> std::optional<decltype(f())> {
  try {
    return f();
  } catch (const search::go::GoProver::TimedOut&) {
    return std::nullopt;
  }
}

// The first two lines of every text answer.
void print_position(const Go& go, const GoGame& game, const std::string& text) {
  std::cout << "position: " << text << "\n";
  std::cout << "board: " << go.format(game.position()) << "\n";
}

// The score as far as --time let the tests prove it: the value where the
// bounds decide it, and a line (or JSON fields) that say it is incomplete.
void print_score_bounds(const Go& go, const GoGame& game, const std::string& text, const GoQueryOptions& o,
                        const PositionSearch& search) {
  const auto [lower, upper] = search.solver.proven_score();
  const std::uint64_t nodes = search.solver.nodes();
  const double seconds = search.seconds();
  const Value value = lower > 0 ? Value::Win : upper < 0 ? Value::Lose : lower == 0 && upper == 0 ? Value::Tie : Value::Unknown;
  if (o.json) {
    std::cout << fmt::format(R"({{"position":"{}","board":"{}","value":"{}","score_lower":{},"score_upper":{},"nodes":{},"seconds":{:.3f},"complete":false}})",
                             text, go.format(game.position()), value_name(value), lower, upper, nodes, seconds)
              << "\n";
  } else {
    print_position(go, game, text);
    const std::string score = lower == upper ? signed_score(lower)
                                             : fmt::format("between {} and {}", signed_score(lower), signed_score(upper));
    std::cout << fmt::format("value: {}, score {} (incomplete: --time {} s ran out)\n", value_name(value), score,
                             o.seconds);
    std::cout << fmt::format("nodes: {} in {:.2f} s\n", nodes, seconds);
  }
  std::cout.flush();
}

void answer_weak(const Go& go, const std::string& text, const GoQueryOptions& o, search::go::ProofJournal* journal) {
  const bool json = o.json;
  const GoGame game = parse_go_game(go, text);
  PositionSearch search(go, o, journal);
  search::go::GoSolver& solver = search.solver;
  const std::optional<int> score = unless_timed_out([&] { return solver.solve(game); });
  if (!score) return print_score_bounds(go, game, text, o, search);
  const int s = *score;
  const double seconds = search.seconds();
  const Value v = s > 0 ? Value::Win : s < 0 ? Value::Lose : Value::Tie;
  if (json) {
    std::cout << fmt::format(R"({{"position":"{}","board":"{}","value":"{}","score":{},"nodes":{},"seconds":{:.3f},"complete":true}})",
                             text, go.format(game.position()), value_name(v), s, solver.nodes(), seconds)
              << "\n";
  } else {
    print_position(go, game, text);
    std::cout << fmt::format("value: {} {} (score only: --weak)\n", value_name(v), signed_score(s));
    std::cout << fmt::format("nodes: {} in {:.2f} s\n", solver.nodes(), seconds);
  }
  std::cout.flush();
}

void answer_test(const Go& go, const std::string& text, const GoQueryOptions& o, search::go::ProofJournal* journal) {
  const GoGame game = parse_go_game(go, text);
  PositionSearch search(go, o, journal);
  search::go::GoSolver& solver = search.solver;
  const int t = *o.at_least;
  const std::optional<bool> holds = unless_timed_out([&] { return solver.at_least(game, t); });
  const double seconds = search.seconds();
  if (o.json) {
    std::cout << fmt::format(R"({{"position":"{}","board":"{}","at_least":{},"holds":{},"nodes":{},"seconds":{:.3f},"complete":{}}})",
                             text, go.format(game.position()), t, holds ? fmt::format("{}", *holds) : "null",
                             solver.nodes(), seconds, holds.has_value())
              << "\n";
  } else {
    print_position(go, game, text);
    std::cout << fmt::format("score >= {}: {}\n", t,
                             !holds ? fmt::format("unknown (incomplete: --time {} s ran out)", o.seconds)
                                    : *holds ? "yes" : "no");
    std::cout << fmt::format("nodes: {} in {:.2f} s\n", solver.nodes(), seconds);
  }
  std::cout.flush();
}

void answer(const Go& go, const std::string& text, const GoQueryOptions& o, search::go::ProofJournal* journal) {
  const bool json = o.json;
  GoGame game = parse_go_game(go, text);
  PositionSearch search(go, o, journal);
  search::go::GoSolver& solver = search.solver;
  const std::optional<Record> record = unless_timed_out([&] { return solver.record(game); });
  // The score comes first: what its tests proved (exact if only the remoteness was left).
  if (!record) return print_score_bounds(go, game, text, o, search);
  const Record& r = *record;
  const auto moves = unless_timed_out([&] {
    return game.over() ? std::vector<search::go::GoSolver::MoveResult>{} : solver.analyze(game);
  });
  if (json) {
    std::string out = fmt::format(R"({{"position":"{}","board":"{}","value":"{}","score":{},"remoteness":{},"moves":)",
                                  text, go.format(game.position()), value_name(r.value), r.score, r.remoteness);
    if (moves) {
      out += "[";
      for (std::size_t i = 0; i < moves->size(); ++i)
        out += fmt::format(R"({}{{"move":"{}","value":"{}","score":{},"remoteness":{}}})", i ? "," : "",
                           go.point_name((*moves)[i].move), value_name((*moves)[i].record.value),
                           (*moves)[i].record.score, (*moves)[i].record.remoteness);
      out += "]";
    } else {
      out += "null";
    }
    std::cout << out << fmt::format(R"(,"complete":{}}})", moves.has_value()) << "\n";
  } else {
    print_position(go, game, text);
    std::cout << fmt::format("value: {} {} in {}\n", value_name(r.value), signed_score(r.score), r.remoteness);
    if (!moves) std::cout << fmt::format("moves: incomplete (--time {} s ran out)\n", o.seconds);
    for (const auto& m : moves ? *moves : std::vector<search::go::GoSolver::MoveResult>{})
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
  std::optional<search::go::ProofJournal> journal;
  if (!o.journal.empty()) {
    journal.emplace(o.journal, go);
    if (o.progress) std::cerr << fmt::format("journal {}: {} tests recorded\n", o.journal, journal->size());
  }
  search::go::ProofJournal* const j = journal ? &*journal : nullptr;
  for (const auto& text : positions) {
    const auto one = [&](const std::string& t) {
      if (o.at_least) answer_test(go, t, o, j);
      else if (o.weak) answer_weak(go, t, o, j);
      else answer(go, t, o, j);
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
