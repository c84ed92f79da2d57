#include "db/contents.h"

#include <cstdint>
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
  c.remoteness = c.objective != "score";
  c.coverage = db.meta_or("coverage", "complete");
  c.solver = db.meta_or("solver", "?");
  c.addressing = db.meta_or("addressing", "rank");
  c.complete = db.meta_or("complete", "0") == "1";
  c.scored = db.meta_or("scored", "0") == "1";
  try {
    c.tiers = tiers_from_json(need("tiers"));
  } catch (const DbError&) {
    throw DbError(db.path() + ": database metadata is damaged (meta entry 'tiers')");
  }
  try {
    const auto layout = nlohmann::json::parse(need("layout"));
    // Unsigned integers only: get<> of a float out of range is undefined (fuzz_meta, UBSan).
    for (int i = 0; i < 3; ++i)
      if (!layout.at(i).is_number_unsigned() || layout.at(i).get<std::uint64_t>() > UINT32_MAX)
        throw DbError(db.path() + ": damaged database: meta entry 'layout' is unreadable");
    c.layout = ChunkLayout{layout.at(0).get<std::uint32_t>(), layout.at(1).get<std::uint32_t>(),
                           layout.at(2).get<std::uint32_t>()};
  } catch (const nlohmann::json::exception&) {
    throw DbError(db.path() + ": damaged database: meta entry 'layout' is unreadable");
  }
  try {
    for (const auto& v : nlohmann::json::parse(db.meta_or("derived_tiers", "[]"))) {
      if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() >= 64) throw DbError("");
      const int t = v.get<int>();
      if (t < 0 || t >= 64 || t + 1 >= static_cast<int>(c.tiers.size())) throw DbError("");
      c.layout.derived_tiers |= std::uint64_t{1} << t;
    }
  } catch (const std::exception&) {
    throw DbError(db.path() + ": damaged database: meta entry 'derived_tiers' is unreadable");
  }
  c.layout.win_in_1 = db.meta_or("derived_win_in_1", "0") == "1";
  return c;
}

}  // namespace gsolve::db
