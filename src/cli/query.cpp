// gsolve query: value, remoteness (score) and every move's value of positions,
// from a database, or searched live (connect4) below a partial database's
// stored plies or with --game and no database.
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "db/contents.h"
#include "games/registry.h"
#include "src/cli/cli.h"
#include "src/position_report.h"
#include "src/resolver.h"
#include "src/search/searcher.h"

namespace gsolve::cli {
namespace {

struct QueryOptions {
  std::string db_path;
  std::string game;
  std::vector<std::string> positions;
  bool json = false;
  bool weak = false;
  int threads = 1;
  std::size_t hash_mb = 256;
};

// Reads positions (arguments, or lines of stdin for "-") and prints a report
// for each; records come from `lookup(canonical, searched&)`.
template <Game G, class Lookup>
void answer_all(const G& g, const QueryOptions& o, bool scored, Lookup&& lookup) {
  auto answer = [&](const std::string& text) {
    const auto p = g.parse(text);
    bool searched = false;
    auto record_of = [&](const auto& canonical) { return lookup(canonical, searched); };
    auto report = report_position(g, p, text, record_of);
    report.source = searched ? "search" : "database";
    if (o.json) std::cout << report_to_json(report, scored, o.weak).dump() << "\n";
    else std::cout << report_to_text(report, scored, o.weak);
    std::cout.flush();
  };
  for (const auto& text : o.positions) {
    if (text != "-") {
      answer(text);
      continue;
    }
    for (std::string line; std::getline(std::cin, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      // The standard test sets carry "<moves> <score>": the first field is the position.
      answer(g.spec().starts_with("connect4") ? line.substr(0, line.find(' ')) : line);
    }
  }
}

// Live search where the game has a search solver (search::kHasSearcher).
// Searcher<G> exists for every game; only games with a plug-in make one.
template <Game G>
std::unique_ptr<search::Searcher<G>> make_searcher(const G& g, const QueryOptions& o) {
  if constexpr (search::kHasSearcher<G>) {
    search::SearchOptions so;
    so.threads = o.threads;
    so.hash_mb = o.hash_mb;
    return std::make_unique<search::Searcher<G>>(g, so);
  } else {
    (void)g, (void)o;
    return nullptr;
  }
}

template <Game G>
Record searched_record(search::Searcher<G>& solver, const typename G::Position& p, bool weak) {
  if constexpr (search::kHasSearcher<G>) {
    if (!weak) return solver.record(p);
    const int sign = solver.solve_weak(p);
    return Record{sign > 0 ? Value::Win : sign < 0 ? Value::Lose : Value::Tie, 0, 0};
  } else {
    (void)solver, (void)p, (void)weak;
    return {};
  }
}

void run_query(const QueryOptions& o) {
  const int threads = o.threads > 0 ? o.threads : tbb::info::default_concurrency();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  if (o.db_path.empty()) {
    if (o.game.empty()) throw ParseError("query needs --db FILE, or --game SPEC to search without a database");
    with_game(o.game, [&](const auto& g) {
      auto solver = make_searcher(g, o);
      if (!solver) throw ParseError("no database given and " + std::string(g.spec()) + " has no search solver");
      answer_all(g, o, std::decay_t<decltype(g)>::kScored, [&](const auto& canonical, bool& searched) {
        searched = true;
        return searched_record(*solver, canonical, o.weak);
      });
    });
    return;
  }
  if (o.weak) throw ParseError("--weak applies to searches without a database (--game)");
  auto database = db::Database::open(o.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  if (!o.game.empty()) {
    const std::string wanted = with_game(o.game, [](const auto& g) { return std::string(g.spec()); });
    if (wanted != contents.game)
      throw db::DbError(o.db_path + ": database holds " + contents.game + ", not " + wanted);
  }
  const bool partial = contents.coverage != "complete";
  with_game(contents.game, [&](const auto& g) {
    db::RecordReader reader(*database, contents.tiers, contents.layout);
    Resolver resolver(g, reader, contents.layout, contents.scored,
                      [](std::span<const Record> c, bool scored) { return combine_children(c, scored); });
    auto solver = partial ? make_searcher(g, o) : nullptr;
    answer_all(g, o, contents.scored, [&](const auto& canonical, bool& searched) {
      const std::uint64_t rank = g.rank(canonical);
      const auto found = resolver.get(canonical, g.tier(canonical), rank);
      if (found.status == db::RecordReader::Status::damaged)
        throw db::DbError(o.db_path + ": damaged frame (" + reader.locate(rank) + ")");
      if (found.record.known() || !solver) return found.record;
      searched = true;
      return searched_record(*solver, canonical, false);
    });
  });
  if (!contents.complete) std::cerr << "gsolve: warning: " << o.db_path << " is not complete (solve interrupted)\n";
}

}  // namespace

void add_query(CLI::App& app) {
  auto o = std::make_shared<QueryOptions>();
  CLI::App* cmd = app.add_subcommand(
      "query", "Value, remoteness and every move's value of positions (from a database, or searched)");
  cmd->add_option("--db", o->db_path, "Database file (a partial one is completed by live search)");
  cmd->add_option("positions", o->positions,
                  "Positions in the game's text form; '-' reads one per line from stdin; "
                  "'' is the connect4 start")
      ->required();
  cmd->add_option("--game", o->game, "Game spec: checked against the database, or searched without one");
  cmd->add_flag("--json", o->json, "One JSON object per position");
  cmd->add_flag("--weak", o->weak, "Search only for win/lose/tie (no remoteness): faster; without --db");
  cmd->add_option("--threads", o->threads, "Search threads (default 1)");
  cmd->add_option("--hash", o->hash_mb, "Search transposition table in MB (default 256)");
  cmd->callback([o] { run_query(*o); });
}

}  // namespace gsolve::cli
