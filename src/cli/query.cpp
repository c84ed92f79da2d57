// gsolve query --db FILE POSITION...: value, remoteness (score) and every move's value.
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "db/contents.h"
#include "games/registry.h"
#include "src/cli/cli.h"
#include "src/position_report.h"

namespace gsolve::cli {
namespace {

struct QueryOptions {
  std::string db_path;
  std::string game;
  std::vector<std::string> positions;
  bool json = false;
};

void run_query(const QueryOptions& o) {
  auto database = db::Database::open(o.db_path, db::Database::Mode::read);
  const auto contents = db::Contents::read(*database);
  if (!o.game.empty()) {
    const std::string wanted = with_game(o.game, [](const auto& g) { return std::string(g.spec()); });
    if (wanted != contents.game)
      throw db::DbError(o.db_path + ": database holds " + contents.game + ", not " + wanted);
  }
  with_game(contents.game, [&](const auto& g) {
    db::RecordReader reader(*database, contents.tiers, contents.layout);
    auto lookup = [&](const auto& canonical) {
      const std::uint64_t rank = g.rank(canonical);
      const auto found = reader.get(rank);
      if (found.status == db::RecordReader::Status::damaged)
        throw db::DbError(o.db_path + ": damaged frame (" + reader.locate(rank) + ")");
      return found.record;
    };
    auto answer = [&](const std::string& text) {
      const auto p = g.parse(text);
      const auto report = report_position(g, p, text, lookup);
      if (o.json) std::cout << report_to_json(report, contents.scored).dump() << "\n";
      else std::cout << report_to_text(report, contents.scored);
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
        answer(contents.game.starts_with("connect4") ? line.substr(0, line.find(' ')) : line);
      }
    }
  });
  if (!contents.complete) std::cerr << "gsolve: warning: " << o.db_path << " is not complete (solve interrupted)\n";
}

}  // namespace

void add_query(CLI::App& app) {
  auto o = std::make_shared<QueryOptions>();
  CLI::App* cmd = app.add_subcommand("query", "Value, remoteness and every move's value of positions");
  cmd->add_option("--db", o->db_path, "Database file")->required();
  cmd->add_option("positions", o->positions,
                  "Positions in the game's text form; '-' reads one per line from stdin; "
                  "'' is the connect4 start")
      ->required();
  cmd->add_option("--game", o->game, "Game spec the positions are for (checked against the database)");
  cmd->add_flag("--json", o->json, "One JSON object per position");
  cmd->callback([o] { run_query(*o); });
}

}  // namespace gsolve::cli
