#include "db/contents.h"

#include <nlohmann/json.hpp>

namespace gsolve::db {

Contents Contents::read(const Database& db) {
  Contents c;
  auto need = [&](const char* key) {
    auto v = db.meta(key);
    if (!v) throw DbError(db.path() + ": damaged database: meta entry '" + key + "' is missing");
    return *v;
  };
  c.game = need("game");
  c.objective = db.meta_or("objective", "full");
  c.coverage = db.meta_or("coverage", "complete");
  c.solver = db.meta_or("solver", "?");
  c.addressing = db.meta_or("addressing", "rank");
  c.complete = db.meta_or("complete", "0") == "1";
  c.scored = db.meta_or("scored", "0") == "1";
  c.tiers = tiers_from_json(need("tiers"));
  try {
    const auto layout = nlohmann::json::parse(need("layout"));
    c.layout = ChunkLayout{layout.at(0).get<std::uint32_t>(), layout.at(1).get<std::uint32_t>(),
                           layout.at(2).get<std::uint32_t>()};
  } catch (const nlohmann::json::exception&) {
    throw DbError(db.path() + ": damaged database: meta entry 'layout' is unreadable");
  }
  return c;
}

}  // namespace gsolve::db
