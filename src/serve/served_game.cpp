#include "src/serve/served_game.h"

#include <sys/wait.h>

#include <filesystem>
#include <mutex>

#include "db/contents.h"
#include "db/database.h"
#include "db/resolver.h"
#include "games/registry.h"
#include "src/cli/position_report.h"
#include "src/core/record.h"
#include "src/search/searcher.h"
#include "src/serve/board_view.h"

namespace gsolve::serve {
namespace {

// One database shared by the server's threads: a record reader is not
// thread-safe, so each request takes one from the pool (made on demand, at
// most one per thread) and gives it back.
class ReaderPool {
 public:
  ReaderPool(const std::string& path, std::size_t cache_mb)
      : database_(db::Database::open(path, db::Database::Mode::read)),
        contents_(db::Contents::read(*database_)),
        cache_bytes_(cache_mb << 20) {}
  const db::Contents& contents() const { return contents_; }

  std::unique_ptr<db::RecordReader> take() {
    {
      std::lock_guard lock(mutex_);
      if (!free_.empty()) {
        auto reader = std::move(free_.back());
        free_.pop_back();
        return reader;
      }
    }
    return std::make_unique<db::RecordReader>(*database_, contents_.tiers, contents_.layout, cache_bytes_);
  }
  void give(std::unique_ptr<db::RecordReader> reader) {
    std::lock_guard lock(mutex_);
    free_.push_back(std::move(reader));
  }

 private:
  std::unique_ptr<db::Database> database_;
  db::Contents contents_;
  std::size_t cache_bytes_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<db::RecordReader>> free_;
};

// `program info --json --db path`: the summary exactly as info prints it.
std::string info_of(const std::string& program, const std::string& path) {
  const std::string command = "'" + program + "' info --json --db '" + path + "' 2>/dev/null";
  if (path.find('\'') != std::string::npos) return "{}";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return "{}";
  std::string out;
  char buffer[4096];
  while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  const int status = ::pclose(pipe);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return status == 0 && !out.empty() ? out : "{}";
}

// What every served game has: its spec, start, board and unsolved report.
template <Game G>
void describe(ServedGame& out, const G& game) {
  out.spec = game.spec();
  out.start = game.format(game.start());
  out.timed_search = true;  // every searched game stops at --time and reports what it proved
  out.board = [game](const std::string& text) { return board_json(game, text); };
  out.unsolved = [game](const std::string& text) {
    auto report = answer_position(game, text, G::kScored, false, [](const auto&, bool& searched) {
      searched = true;
      return Record{};
    });
    return report_to_json(report, G::kScored);
  };
}

}  // namespace

ServedGame serve_database(const std::string& path, std::size_t cache_mb, const std::string& program) {
  auto pool = std::make_shared<ReaderPool>(path, cache_mb);
  const db::Contents& contents = pool->contents();
  ServedGame out;
  out.name = std::filesystem::path(path).stem().string();
  out.db_path = path;
  out.partial = contents.coverage != "complete";
  out.info = info_of(program, path);
  out.keep = pool;
  const bool complete = contents.complete && !out.partial;
  with_game(contents.game, [&](const auto& game) {
    using G = std::decay_t<decltype(game)>;
    describe(out, game);
    out.spec = contents.game;
    out.stored = [game, pool, complete, path](const std::string& text) -> std::optional<nlohmann::json> {
      const db::Contents& c = pool->contents();
      auto reader = pool->take();
      Resolver resolver(game, *reader, c.layout, c.scored,
                        [](std::span<const Record> r, bool scored) { return combine_children(r, scored); });
      bool missing = false;
      std::optional<nlohmann::json> out;
      try {
        const auto report =
            answer_position(game, text, c.scored, complete, [&](const typename G::Position& canonical, bool&) {
              const auto found = resolver.get(canonical, game.tier(canonical), game.rank(canonical));
              if (found.status == db::RecordReader::Status::damaged)
                throw db::DbError(path + ": damaged frame (" + reader->locate(game.rank(canonical)) + ")");
              missing = missing || !found.record.known();
              return found.record;
            });
        if (!(missing && !complete)) out = report_to_json(report, c.scored, !c.remoteness);  // score: weak
      } catch (...) {
        pool->give(std::move(reader));
        throw;
      }
      pool->give(std::move(reader));
      return out;
    };
  });
  return out;
}

ServedGame serve_game(const std::string& spec) {
  ServedGame out;
  with_game(spec, [&](const auto& game) {
    using G = std::decay_t<decltype(game)>;
    if (!search::kHasSearcher<G>)
      throw ParseError(std::string(game.spec()) + " has no search solver: serve it from a database (--db)");
    describe(out, game);
  });
  out.name = out.spec;
  return out;
}

}  // namespace gsolve::serve
